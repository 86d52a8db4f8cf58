"""The damaged and tampered variants of real files for tests/store/test_fuzz_files.py:
each a copy of an original, spoilt in one way, in a folder of its own."""

from __future__ import annotations

import json
import os
import random
import shutil
import sqlite3
from pathlib import Path

import shapely

JSON_COLUMNS = [("module", "attrs"), ("board", "attrs"), ("space", "attrs"),
                ("side", "features"), ("side", "attrs"), ("link", "attrs"),
                ("piece_type", "values"), ("scenario", "sides"), ("scenario", "options"),
                ("scenario", "setup"), ("placement", "data"), ("game", "options"),
                ("game", "meta"), ("event", "data")]
TEXT_COLUMNS = [("module", "id"), ("module", "game"), ("module", "title"),
                ("module", "version"), ("module", "kind"), ("board", "name"),
                ("space", "board"), ("space", "key"), ("space", "kind"), ("space", "label"),
                ("side", "board"), ("side", "a"), ("side", "b"), ("link", "board"),
                ("link", "a"), ("link", "b"), ("link", "kind"), ("piece_type", "id"),
                ("piece_type", "name"), ("piece_type", "side"), ("piece_type", "kind"),
                ("piece_type", "org"), ("scenario", "id"), ("scenario", "game"),
                ("scenario", "title"), ("scenario", "board"), ("scenario", "description"),
                ("placement", "scenario"), ("placement", "piece"), ("placement", "type"),
                ("placement", "side"), ("placement", "space"), ("placement", "status"),
                ("game", "scenario_id")]
NUMBER_COLUMNS = [("module", "schema_version"), ("link", "directed"), ("placement", "level"),
                  ("placement", "facing"), ("game", "seed"), ("event", "seq"),
                  ("space", "seq"), ("placement", "seq"), ("board", "seq")]

#: JSON values put in place of a value inside a column (strings with ``@`` are
#: raw JSON text put in as it is: numbers JSON cannot hold, deep nesting)
JSON_VALUES = ["@1e999", "@-1e999", "@NaN", "@Infinity", "@123456789012345678901234567890",
               "@1e300", -1, 0, 42, -99, 2 ** 40, 3.5, True, None, "", "nonsense", "ZZ99",
               [], {}, [1, 2], {"x": 1}, ["ZZ99"], "@" + "[" * 2000 + "]" * 2000]
TEXT_VALUES = ["ZZ99", "", None, 42, 3.5, b"\x00\x01", "x" * 5000, "nonsense", "NO-SUCH-PIECE",
               "Ünïcødé ✓", "ffl/nope"]
NUMBER_VALUES = [-99, 42, 2 ** 62, -(2 ** 62), "abc", 1.5, None, 1e300, b"\x07", 0, -1]


# -- making variants -------------------------------------------------------------------------


class Variants:
    """Writes spoilt copies of the originals, each in its own folder."""

    def __init__(self, originals: dict[str, Path], folder: Path, rng: random.Random) -> None:
        self.originals = originals
        self.folder = folder
        self.rng = rng
        self.made: list[tuple[Path, str]] = []

    def copy(self, name: str, what: str) -> Path:
        n = len(self.made)
        target = self.folder / f"v{n:05d}" / name
        target.parent.mkdir(parents=True)
        shutil.copy(self.originals[name], target)
        self.made.append((target, f"{name}: {what}"))
        return target

    def sql(self, name: str, what: str, *statements, params=()) -> Path:
        path = self.copy(name, what)
        conn = sqlite3.connect(path)
        try:
            for statement in statements:
                conn.execute(statement, params if "?" in statement else ())
            conn.commit()
        except sqlite3.Error:
            conn.close()
            path.unlink()          # this tampering is impossible on this file: skip it
            shutil.rmtree(path.parent)
            self.made.pop()
            return path
        conn.close()
        return path

    def random_row(self, path: Path, table: str) -> int | None:
        conn = sqlite3.connect(path)
        try:
            rows = [r[0] for r in conn.execute(f"SELECT rowid FROM {table}")]
        except sqlite3.Error:
            rows = []
        conn.close()
        return self.rng.choice(rows) if rows else None

    def value_of(self, name: str, table: str, column: str, rowid: int):
        conn = sqlite3.connect(self.originals[name])
        try:
            return conn.execute(f'SELECT "{column}" FROM {table} WHERE rowid = ?',
                                (rowid,)).fetchone()[0]
        finally:
            conn.close()

    def set_value(self, name: str, table: str, column: str, value, what: str) -> None:
        rowid = self.random_row(self.originals[name], table)
        if rowid is None:
            return
        if isinstance(value, str) and value.startswith("@json:"):
            value = self._mutated_json(self.value_of(name, table, column, rowid))
        self.sql(name, f"{table}.{column} row {rowid} = {str(value)[:40]!r} ({what})",
                 f'UPDATE {table} SET "{column}" = ? WHERE rowid = {rowid}', params=(value,))

    def _mutated_json(self, text: str) -> str:
        """The JSON text with one value somewhere inside replaced, dropped or added."""
        rng = self.rng
        try:
            data = json.loads(text)
        except (TypeError, ValueError):
            return "{"
        nodes = []   # (container, key) of every value inside
        stack = [data]
        while stack:
            item = stack.pop()
            children = item.items() if isinstance(item, dict) else enumerate(item) \
                if isinstance(item, list) else ()
            for key, child in children:
                nodes.append((item, key))
                stack.append(child)
        new = rng.choice(JSON_VALUES)
        marker = "\u0001RAW\u0001"
        if not nodes:
            return new[1:] if isinstance(new, str) and new.startswith("@") else json.dumps(new)
        container, key = rng.choice(nodes)
        how = rng.random()
        if how < 0.12 and isinstance(container, dict):
            del container[key]
        elif how < 0.2 and isinstance(container, list):
            del container[key]
        elif how < 0.26 and isinstance(container, dict):
            container["unexpected"] = "value"
        else:
            container[key] = marker if isinstance(new, str) and new.startswith("@") else new
        out = json.dumps(data)
        if isinstance(new, str) and new.startswith("@"):
            out = out.replace(json.dumps(marker), new[1:], 1)
        return out


def _polygon_variants(v: Variants, name: str) -> None:
    conn = sqlite3.connect(v.originals[name])
    rows = conn.execute("SELECT rowid, geometry FROM space").fetchall()
    conn.close()
    rng = v.rng
    for what in ("nudge 5e-7", "nudge 0.3", "swap", "bow-tie", "point", "empty", "nan",
                 "garbage", "huge", "rotated"):
        rowid, blob = rng.choice(rows)
        poly = shapely.from_wkb(blob)
        coords = list(poly.exterior.coords)
        if what.startswith("nudge"):
            d = 5e-7 if what == "nudge 5e-7" else 0.3
            i = rng.randrange(len(coords) - 1)
            coords[i] = (coords[i][0] + d, coords[i][1])
            if i == 0:
                coords[-1] = coords[0]
            new = shapely.to_wkb(shapely.Polygon(coords))
        elif what == "swap":
            new = rng.choice(rows)[1]
        elif what == "bow-tie":
            (x0, y0), (x1, y1) = coords[0], coords[2]
            new = shapely.to_wkb(shapely.Polygon([(x0, y0), (x1, y1), (x1, y0), (x0, y1)]))
        elif what == "point":
            new = shapely.to_wkb(shapely.Point(1, 1))
        elif what == "empty":
            new = shapely.to_wkb(shapely.Polygon())
        elif what == "nan":
            new = shapely.to_wkb(shapely.Polygon([(0, 0), (float("nan"), 1), (1, 0)]))
        elif what == "garbage":
            new = bytes(rng.randrange(256) for _ in range(40))
        elif what == "huge":
            new = shapely.to_wkb(shapely.box(0, 0, 1e7, 1e7))
        else:
            new = shapely.to_wkb(shapely.affinity.rotate(poly, 10))
        v.sql(name, f"space row {rowid} geometry: {what}",
              f"UPDATE space SET geometry = ? WHERE rowid = {rowid}", params=(new,))


RECURSIVE = ("WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r) "
             "SELECT x AS seq, 'fort' AS board, 'K' || x AS key, 'square' AS kind, "
             "'' AS label, x'00' AS geometry, '{}' AS attrs FROM r")


def _schema_variants(v: Variants, name: str) -> None:
    save = name.endswith("save")
    v.sql(name, "space replaced by a recursive view", "ALTER TABLE space RENAME TO s_old",
          f"CREATE VIEW space AS {RECURSIVE}")
    v.sql(name, "a recursive view beside the tables", f"CREATE VIEW extra AS {RECURSIVE}")
    v.sql(name, "a trigger", "CREATE TRIGGER t AFTER UPDATE ON space BEGIN "
                             "UPDATE module SET title = 'pwned'; END")
    v.sql(name, "a trigger on a file that must be migrated",
          "CREATE TRIGGER t AFTER UPDATE ON space BEGIN UPDATE module SET title = 'pwned'; "
          "END", "ALTER TABLE space DROP COLUMN label", "ALTER TABLE link DROP COLUMN directed",
          "PRAGMA user_version = 1")
    v.sql(name, "an extra table", "CREATE TABLE notes (x TEXT)")
    v.sql(name, "a table dropped", f"DROP TABLE {v.rng.choice(['link', 'placement', 'side'])}")
    if save:
        v.sql(name, "the event table dropped", "DROP TABLE event")
        v.sql(name, "two game rows", "INSERT INTO game SELECT seq + 1, scenario_id, options, "
                                     "seed, meta FROM game")
    v.sql(name, "a generated column", "ALTER TABLE board ADD COLUMN g INTEGER "
                                      "GENERATED ALWAYS AS (length(name)) VIRTUAL")
    v.sql(name, "an extra column", "ALTER TABLE board ADD COLUMN note TEXT")
    v.sql(name, "an index on an expression", "CREATE INDEX ix_e ON space (length(key))")
    v.sql(name, "a partial index", "CREATE INDEX ix_p ON space (key) WHERE kind = 'x'")
    v.sql(name, "a virtual table", "CREATE VIRTUAL TABLE vt USING fts5(x)")
    v.sql(name, "the module row twice", "INSERT INTO module SELECT id || 'x', game, title, "
                                        "version, kind, schema_version, attrs FROM module")
    v.sql(name, "no module row", "DELETE FROM module")
    v.sql(name, "the kind changed", "UPDATE module SET kind = 'save'" if not save else
          "UPDATE module SET kind = 'module'")
    v.sql(name, "another program's mark", "PRAGMA application_id = 42")
    v.sql(name, "a newer version", "PRAGMA user_version = 9")
    v.sql(name, "version 0", "PRAGMA user_version = 0")
    v.sql(name, "a duplicate space key", "INSERT INTO space (seq, board, key, kind, label, "
                                         "geometry, attrs) SELECT seq + 100000, board, key, "
                                         "kind, label, geometry, attrs FROM space LIMIT 1")
    v.sql(name, "a duplicate piece type", "CREATE TABLE pt2 AS SELECT * FROM piece_type",
          "DROP TABLE piece_type", "CREATE TABLE piece_type AS SELECT * FROM pt2",
          "INSERT INTO piece_type SELECT seq + 100000, id, name, side, kind, org, \"values\" "
          "FROM pt2 LIMIT 1", "DROP TABLE pt2")
    v.sql(name, "WAL mode", "PRAGMA journal_mode = WAL")


def _meta_variants(v: Variants, name: str) -> None:
    conn = sqlite3.connect(v.originals[name])
    meta = json.loads(conn.execute("SELECT meta FROM game").fetchone()[0])
    conn.close()
    digest = meta["state_hash"]
    changes = [("steps", 5), ("steps", [1, "x"]), ("steps", [10 ** 6]), ("steps", [-3]),
               ("floor", [1]), ("floor", -2), ("floor", 10 ** 6), ("floor", "0"),
               ("rules", "nonsense"), ("rules", 3), ("rules", "off"), ("rules", "advise"),
               ("undo_rolls", "yes"), ("barrier", 7), ("barrier", {"reason": 3}),
               ("barrier", {"kind": "x"}), ("state_hash", None), ("state_hash", 12),
               ("state_hash", digest[:-1] + ("0" if digest[-1] != "0" else "1")),
               ("state_hash", digest.upper())]
    for key, value in changes:
        new = dict(meta)
        if value is None:
            new.pop(key, None)
        else:
            new[key] = value
        v.sql(name, f"meta {key} = {value!r}", "UPDATE game SET meta = ?",
              params=(json.dumps(new),))


def _event_variants(v: Variants, name: str) -> None:
    conn = sqlite3.connect(v.originals[name])
    seqs = [r[0] for r in conn.execute("SELECT seq FROM event")]
    conn.close()
    rng = v.rng
    for _ in range(6):
        a, b = rng.sample(seqs, 2)
        v.sql(name, f"events {a} and {b} swapped", "UPDATE event SET seq = -1 WHERE seq = ?",
              params=(a,))
        path = v.made[-1][0]
        conn = sqlite3.connect(path)
        conn.execute("UPDATE event SET seq = ? WHERE seq = ?", (a, b))
        conn.execute("UPDATE event SET seq = ? WHERE seq = -1", (b,))
        conn.commit()
        conn.close()
        gone = rng.choice(seqs)
        v.sql(name, f"event {gone} dropped", f"DELETE FROM event WHERE seq = {gone}")
    v.sql(name, "the last event dropped", "DELETE FROM event WHERE seq = "
                                          "(SELECT max(seq) FROM event)")
    v.sql(name, "an event repeated", "INSERT INTO event SELECT seq + 100000, data FROM event "
                                     "ORDER BY seq DESC LIMIT 1")


def _byte_variants(v: Variants, name: str, count: int) -> None:
    rng = v.rng
    size = v.originals[name].stat().st_size
    for i in range(count):
        path = v.copy(name, "bytes")
        data = bytearray(path.read_bytes())
        if i % 4 == 0:
            cut = rng.choice([0, 1, 15, 50, 99, 100, 4096, size // 2, size - 1,
                              rng.randrange(size)])
            data = data[:cut]
            what = f"truncated at {cut}"
        else:
            flips = rng.choice([1, 1, 1, 2, 3, 8, 40])
            where = [rng.randrange(size) for _ in range(flips)]
            for at in where:
                data[at] ^= rng.randrange(1, 256)
            what = f"{flips} byte(s) changed at {where[:3]}"
        path.write_bytes(bytes(data))
        v.made[-1] = (path, f"{name}: {what}")


def _other_variants(v: Variants) -> None:
    n = len(v.made)
    folder = v.folder / f"v{n:05d}"
    folder.mkdir(parents=True)
    (folder / "afolder.fflsave").mkdir()
    v.made.append((folder / "afolder.fflsave", "a folder"))
    fifo = folder / "pipe.fflsave"
    if hasattr(os, "mkfifo"):
        os.mkfifo(fifo)
        v.made.append((fifo, "a named pipe"))
    v.made.append((folder / "missing.fflsave", "a missing file"))
    (folder / "text.fflsave").write_text("not a game\n" * 10)
    v.made.append((folder / "text.fflsave", "a text file"))
    (folder / "empty.ffl").write_bytes(b"")
    v.made.append((folder / "empty.ffl", "an empty file"))
    journal = v.copy("ffl.fflsave", "a stray -journal beside it")
    journal.with_name(journal.name + "-journal").write_bytes(b"\xd9\xd5\x05\xf9\x20\xa1\x63\xd7"
                                                            + bytes(504))
    v.copy("cards.fflsave", "saved game opened as a module").rename(
        v.made[-1][0].with_suffix(".ffl"))
    v.made[-1] = (v.made[-1][0].with_suffix(".ffl"), "cards.fflsave renamed to .ffl")


#: how many variants of each original (the FFL files cost most to open and play)
WEIGHTS = {"sample.ffl": 1.0, "sample.fflsave": 1.0, "cards.ffl": 1.0, "cards.fflsave": 1.0,
           "ffl.ffl": 0.3, "ffl.fflsave": 0.4}
#: every variant kind per original at weight 1: values put inside each JSON column (and
#: event), JSON texts put in whole, text and number values, bytes changed
PER_KIND = {"json": 3, "event": 10, "raw": 3, "text": 2, "number": 2, "bytes": 30}


def make_variants(originals: dict[str, Path], folder: Path, seed: int,
                  scale: float = 1.0) -> list[tuple[Path, str]]:
    v = Variants(originals, folder, random.Random(seed))
    raws = ["{", "[]", "null", "1e999", "[" * 100_000, '{"a": NaN}', "\"x\"",
            "{" + '"k": 1,' * 3 + "}"]
    for name in originals:
        save = name.endswith("save")
        weight = scale * WEIGHTS.get(name, 1.0)

        def n(kind: str, weight: float = weight) -> int:
            return max(1, round(PER_KIND[kind] * weight))

        for table, column in JSON_COLUMNS:
            if table in ("game", "event") and not save:
                continue
            for _ in range(n("event" if table == "event" else "json")):
                v.set_value(name, table, column, "@json:", "JSON changed inside")
            for raw in v.rng.sample(raws, min(len(raws), n("raw"))):
                v.set_value(name, table, column, raw, "JSON text replaced")
        for table, column in TEXT_COLUMNS:
            if table == "game" and not save:
                continue
            for value in v.rng.sample(TEXT_VALUES, min(len(TEXT_VALUES), n("text"))):
                v.set_value(name, table, column, value, "text column")
        for table, column in NUMBER_COLUMNS:
            if table in ("game", "event") and not save:
                continue
            for value in v.rng.sample(NUMBER_VALUES, min(len(NUMBER_VALUES), n("number"))):
                v.set_value(name, table, column, value, "number column")
        _polygon_variants(v, name)
        _schema_variants(v, name)
        if save:
            _meta_variants(v, name)
            _event_variants(v, name)
        _byte_variants(v, name, n("bytes"))
    _other_variants(v)
    return v.made
