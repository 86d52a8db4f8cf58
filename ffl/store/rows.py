"""Module <-> table rows, in bulk with SQLAlchemy Core.

Writing builds each table's rows and inserts them with one executemany;
reading selects each table whole (all spaces of a file in one query), checks
every value, and builds the engine objects.  Problems in the data raise
:class:`RowError` saying which row and what is wrong.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import numpy as np
import shapely

from ..engine import Board, BoardError, Link, Module, PieceType, Placement, Scenario, Side, Space
from . import SCHEMA_VERSION
from .jsondata import BadJson, dumps, loads
from .tables import TABLES, count, select_rows, table_name

if TYPE_CHECKING:
    from sqlalchemy import Connection


class RowError(ValueError):
    """A row of the file does not make sense (unknown space, wrong type...)."""


# -- writing ----------------------------------------------------------------------------


def stored_sides(board: Board) -> list[Side]:
    """The sides worth storing: those carrying features or attributes."""
    return [s for key, s in sorted(board.sides.items()) if s.features or s.attrs]


def write_module(conn: Connection, module: Module, kind: str) -> None:
    """Insert every row of ``module`` (one executemany per table)."""
    from .schema import ModuleRow

    conn.execute(ModuleRow.__table__.insert(), [{
        "id": module.id, "game": module.game, "title": module.title,
        "version": str(module.version), "kind": kind, "schema_version": SCHEMA_VERSION,
        "attrs": dumps(module.attrs, "module attributes"),
    }])
    boards, spaces, sides, links = [], [], [], []
    for name, board in module.boards.items():
        where = f"board {name!r}"
        boards.append({"name": name, "attrs": dumps(board.attrs, f"{where} attributes")})
        polys = [board.spaces[k].polygon for k in board.keys()]
        wkbs = shapely.to_wkb(polys) if polys else []
        for key, wkb in zip(board.keys(), wkbs, strict=True):
            sp = board.spaces[key]
            spaces.append({"board": name, "key": key, "kind": sp.kind, "label": sp.label,
                           "geometry": wkb, "attrs": dumps(sp.attrs, f"{where} space {key}")})
        for side in stored_sides(board):
            sides.append({"board": name, "a": side.a, "b": side.b,
                          "features": dumps(sorted(side.features)),
                          "attrs": dumps(side.attrs, f"{where} side {side.a}|{side.b}")})
        for link in board.links:
            links.append({"board": name, "a": link.a, "b": link.b, "kind": link.kind,
                          "directed": bool(link.directed),
                          "attrs": dumps(link.attrs, f"{where} link {link.a}->{link.b}")})
    _insert(conn, "board", boards)
    _insert(conn, "space", spaces)
    _insert(conn, "side", sides)
    _insert(conn, "link", links)
    _insert(conn, "piece_type", [{
        "id": pt.id, "name": pt.name, "side": pt.side, "kind": pt.kind, "org": pt.org,
        "values": dumps(pt.values, f"piece type {pt.id}"),
    } for pt in module.piece_types.values()])
    scenarios, placements = [], []
    for sid, sc in module.scenarios.items():
        where = f"scenario {sid}"
        scenarios.append({
            "id": sid, "game": sc.game, "title": sc.title, "board": sc.board,
            "description": sc.description, "sides": dumps(list(sc.sides), f"{where} sides"),
            "options": dumps(sc.options, f"{where} options"),
            "setup": dumps(sc.setup, f"{where} setup"),
        })
        for p in sc.placements:
            placements.append({
                "scenario": sid, "piece": p.piece, "type": p.type, "side": p.side,
                "space": p.space, "level": p.level, "facing": p.facing, "status": p.status,
                "data": dumps(p.data, f"{where} placement {p.piece}"),
            })
    _insert(conn, "scenario", scenarios)
    _insert(conn, "placement", placements)


def _insert(conn: Connection, table: str, rows: list[dict[str, Any]]) -> None:
    from .schema import MODULE_TABLES

    if rows:
        conn.execute(next(t for t in MODULE_TABLES if t.name == table).insert(), rows)


# -- reading ----------------------------------------------------------------------------


def _rows(conn: Any, table: str, *names: str) -> list[tuple]:
    """Plain sqlite3 on the read path (see :mod:`.tables`)."""
    return select_rows(conn, table, *names)


#: the longest id, key, name or kind (a title or label may be longer; a
#: description longer still)
MAX_NAME = 200
MAX_TITLE = 2_000
MAX_DESCRIPTION = 200_000
#: the highest and lowest elevation level a piece can be placed at
MAX_LEVEL = 99
#: the most rows of each table a file may hold
MAX_ROWS = {"board": 1_000, "space": 100_000, "side": 400_000, "link": 100_000,
            "piece_type": 20_000, "scenario": 2_000, "placement": 200_000,
            "event": 2_000_000}


def shown(value: Any) -> str:
    """A value as a message quotes it (shortened)."""
    text = repr(value)
    return text if len(text) <= 60 else text[:56] + "...'"


def text(value: Any, where: str, *, empty: bool = True, longest: int = MAX_TITLE) -> str:
    if not isinstance(value, str) or (not empty and not value):
        raise RowError(f"{where} should be {'a' if empty else 'a non-empty'} text, "
                       f"found {shown(value)}")
    if len(value) > longest:
        raise RowError(f"{where} is too long ({len(value):,} characters; at most "
                       f"{longest:,})")
    return value


def name(value: Any, where: str) -> str:
    """A non-empty id, key or name of at most :data:`MAX_NAME` characters."""
    return text(value, where, empty=False, longest=MAX_NAME)


def integer(value: Any, where: str, *, none: bool = False, low: int = -(2 ** 53),
            high: int = 2 ** 53) -> int | None:
    if value is None and none:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise RowError(f"{where} should be a whole number, found {shown(value)}")
    if not low <= value <= high:
        raise RowError(f"{where} should be from {low} to {high}, found {value}")
    return value


def count_rows(conn: Any, table: Any) -> int:
    """The number of rows of ``table`` (a name or a schema class); RowError beyond
    :data:`MAX_ROWS`."""
    name = table_name(table)
    n = count(conn, name)
    if n > MAX_ROWS[name]:
        raise RowError(f"the {name} table holds {n:,} rows; this program reads at most "
                       f"{MAX_ROWS[name]:,}")
    return n


def unique(seen: set, key: Any, where: str) -> None:
    if key in seen:
        raise RowError(f"{where} appears twice")
    seen.add(key)


def read_module_row(conn: Any) -> dict[str, Any]:
    """The single ``module`` row as a dict (RowError if there is not exactly one)."""
    names = TABLES["module"]
    rows = select_rows(conn, "module", *names, order=False)
    if len(rows) != 1:
        raise RowError(f"the module table should hold one row, found {len(rows)}")
    return dict(zip(names, rows[0], strict=True))


def read_module(conn: Any) -> Module:
    """Build the module from the tables, checking every row."""
    head = read_module_row(conn)
    for table in ("board", "space", "side", "link", "piece_type", "scenario", "placement"):
        count_rows(conn, table)
    module = Module(
        name(head["id"], "module id"), text(head["game"], "module game", longest=MAX_NAME),
        text(head["title"], "module title"),
        text(head["version"], "module version", longest=MAX_NAME),
        attrs=loads(head["attrs"], "module attributes"),
    )
    module.boards = _read_boards(conn)
    for pid, title, side, kind, org, values in _rows(
            conn, "piece_type", "id", "name", "side", "kind", "org", "values"):
        name(pid, "piece type id")
        where = f"piece type {shown(pid)}"
        if pid in module.piece_types:
            raise RowError(f"{where} appears twice")
        module.piece_types[pid] = PieceType(
            pid, text(title, f"{where} name"), text(side, f"{where} side", longest=MAX_NAME),
            text(kind, f"{where} kind", longest=MAX_NAME),
            text(org, f"{where} org", longest=MAX_NAME), loads(values, f"{where} values"))
    module.scenarios = _read_scenarios(conn, module)
    return module


def _read_boards(conn: Any) -> dict[str, Board]:
    names: list[str] = []
    battrs: dict[str, dict] = {}
    for board, attrs in _rows(conn, "board", "name", "attrs"):
        name(board, "board name")
        if board in battrs:
            raise RowError(f"board {shown(board)} appears twice")
        battrs[board] = _board_attrs(loads(attrs, f"board {shown(board)} attributes"), board)
        names.append(board)
    spaces: dict[str, list[Space]] = {n: [] for n in names}
    rows = _rows(conn, "space", "board", "key", "kind", "label", "geometry", "attrs")
    polygons = _geometries([r[4] for r in rows], [r[1] for r in rows])
    for (board, key, kind, label, _, attrs), poly in zip(rows, polygons, strict=True):
        try:    # as the sides below: the words of a message only when one is needed
            values = loads(attrs, "")
            plain = (type(key) is str and 0 < len(key) <= MAX_NAME and type(kind) is str
                     and len(kind) <= MAX_NAME and type(label) is str
                     and len(label) <= MAX_TITLE and board in spaces
                     and _plain_space_attrs(values))
        except BadJson:
            plain = False
        if plain:
            spaces[board].append(Space(key, poly, kind, values, label))
            continue
        where = f"space {shown(key)}"
        if board not in spaces:
            raise RowError(f"{where} is on board {shown(board)}, which the file does not have")
        spaces[board].append(Space(
            name(key, "space key"), poly, text(kind, f"{where} kind", longest=MAX_NAME),
            _space_attrs(loads(attrs, f"{where} attributes"), where),
            text(label, f"{where} label")))
    sides: dict[str, list[Side]] = {n: [] for n in names}
    for board, a, b, features, attrs in _rows(conn, "side", "board", "a", "b", "features",
                                              "attrs"):
        # the most numerous rows: checked first without the words of a message,
        # read again with them (the same checks) only if something is wrong
        try:
            feats, values = loads(features, "", list), loads(attrs, "")
            plain = (type(a) is str and len(a) <= MAX_TITLE and type(b) is str
                     and len(b) <= MAX_TITLE and board in sides
                     and all(type(f) is str and 0 < len(f) <= MAX_NAME for f in feats))
        except BadJson:
            plain = False
        if plain:
            sides[board].append(Side(a, b, features=frozenset(feats), attrs=values))
            continue
        where = f"side {shown(a)}|{shown(b)}"
        feats = loads(features, f"{where} features", list)
        if not all(isinstance(f, str) and 0 < len(f) <= MAX_NAME for f in feats):
            raise RowError(f"{where} features should be names, found {shown(feats)}")
        _board_of(sides, board, where).append(Side(
            text(a, f"{where} first space"), text(b, f"{where} second space"),
            features=frozenset(feats), attrs=loads(attrs, f"{where} attributes")))
    links: dict[str, list[Link]] = {n: [] for n in names}
    for board, a, b, kind, directed, attrs in _rows(
            conn, "link", "board", "a", "b", "kind", "directed", "attrs"):
        where = f"link {shown(a)}->{shown(b)}"
        if directed not in (0, 1):
            raise RowError(f"{where} 'directed' should be 0 or 1, found {shown(directed)}")
        _board_of(links, board, where).append(Link(
            text(a, f"{where} start"), text(b, f"{where} end"), name(kind, f"{where} kind"),
            loads(attrs, f"{where} attributes"), bool(directed)))
    boards = {}
    for board in names:
        seen: set[str] = set()
        for space in spaces[board]:
            unique(seen, space.key, f"space {shown(space.key)} of board {shown(board)}")
        try:
            boards[board] = Board(spaces[board], sides[board], links[board], name=board,
                                  attrs=battrs[board])
        except (BoardError, shapely.errors.GEOSException) as exc:
            raise RowError(f"board {shown(board)}: {exc}") from None
    return boards


#: what a board's ``grid`` attribute may say (the grids of ``ffl.engine.grids``)
GRIDS = ("square", "hex", "polygons")


def _board_attrs(attrs: dict[str, Any], board: str) -> dict[str, Any]:
    """The attributes every program reading a board relies on: the grid it claims
    and its size."""
    where = f"board {shown(board)}"
    grid = attrs.get("grid")
    if grid is not None and grid not in GRIDS:
        raise RowError(f"{where} claims a grid {shown(grid)} (known: {', '.join(GRIDS)})")
    for key in ("columns", "rows", "width", "height"):
        if key in attrs:
            value = attrs[key]
            if isinstance(value, bool) or not isinstance(value, (int, float)) \
                    or not 0 <= value <= MAX_COORDINATE:
                raise RowError(f"{where} {key} should be a number from 0 to "
                               f"{MAX_COORDINATE:g}, found {shown(value)}")
    return attrs


def _plain_space_attrs(attrs: dict[str, Any]) -> bool:
    """Whether :func:`_space_attrs` has nothing to say about ``attrs`` (its
    sighting dot, column and row, where given, are as they should be)."""
    dot = attrs.get("dot")
    if dot is not None and not (
            type(dot) is list and len(dot) == 2
            and all(type(v) in (int, float) and abs(v) < MAX_COORDINATE for v in dot)):
        return False
    for key in ("col", "row"):
        value = attrs.get(key)
        if value is not None and not (type(value) is int and 0 <= value < MAX_COORDINATE):
            return False
    return True


def _space_attrs(attrs: dict[str, Any], where: str) -> dict[str, Any]:
    """Attributes the engine itself reads: the sighting dot, the grid cell."""
    dot = attrs.get("dot")
    if dot is not None and not (
            isinstance(dot, list) and len(dot) == 2
            and all(isinstance(v, (int, float)) and not isinstance(v, bool)
                    and abs(v) < MAX_COORDINATE for v in dot)):
        raise RowError(f"{where} sighting dot should be two coordinates, found {shown(dot)}")
    for key in ("col", "row"):
        value = attrs.get(key)
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                                  or not 0 <= value < MAX_COORDINATE):
            raise RowError(f"{where} {key} should be a whole number of 0 or more, found "
                           f"{shown(value)}")
    return attrs


def _board_of(groups: dict[str, list], board: Any, where: str) -> list:
    if board not in groups:
        raise RowError(f"{where} is on board {shown(board)}, which the file does not have")
    return groups[board]


#: Coordinates beyond this are not a board (units are squares or hexes).
MAX_COORDINATE = 1e6


def _geometries(blobs: list[Any], keys: list[Any]) -> list[Any]:
    """Decode WKB polygons in one call; on any problem find the row at fault (named
    by its space's key: the words only when a message is needed)."""
    if not blobs:
        return []
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        if all(isinstance(b, bytes) for b in blobs):
            try:
                geoms = shapely.from_wkb(blobs)
            except (shapely.errors.GEOSException, TypeError, ValueError):
                geoms = None
            if geoms is not None and _usable(geoms).all():
                return list(geoms)
        for blob, key in zip(blobs, keys, strict=True):
            where = f"space {shown(key)}"
            if not isinstance(blob, bytes):
                raise RowError(f"{where} has an unreadable geometry (not binary data)")
            try:
                geom = shapely.from_wkb(blob)
            except (shapely.errors.GEOSException, TypeError, ValueError):
                raise RowError(f"{where} has an unreadable geometry") from None
            if geom is None or geom.geom_type != "Polygon":
                kind = "nothing" if geom is None else f"a {geom.geom_type}"
                raise RowError(f"{where} geometry should be a polygon, found {kind}")
            if not _usable(np.array([geom]))[0]:
                if not _finite(geom) or shapely.is_empty(geom):
                    raise RowError(f"{where} geometry is empty or has impossible coordinates")
                raise RowError(f"{where} geometry is not a valid polygon "
                               f"({shapely.is_valid_reason(geom)})")
    raise RowError("a space geometry is unreadable")  # pragma: no cover - defensive


def _finite(geom: Any) -> bool:
    coords = shapely.get_coordinates(geom)
    return bool(np.isfinite(coords).all() and (np.abs(coords) < MAX_COORDINATE).all())


def _usable(geoms: np.ndarray) -> np.ndarray:
    """Which geometries are valid, non-empty polygons of positive area with finite,
    board-sized coordinates."""
    ok = (shapely.get_type_id(geoms) == 3) & ~shapely.is_empty(geoms)
    idx = np.flatnonzero(ok)
    if len(idx):
        coords, owner = shapely.get_coordinates(geoms[idx], return_index=True)
        bad = ~(np.isfinite(coords).all(axis=1) & (np.abs(coords) < MAX_COORDINATE).all(axis=1))
        ok[idx[owner[bad]]] = False     # (np.unique would import numpy.ma: ~25 ms at start)
    idx = np.flatnonzero(ok)
    if len(idx):
        good = shapely.is_valid(geoms[idx]) & (shapely.area(geoms[idx]) > 0)
        ok[idx] = good
    return ok


def read_scenario_titles(conn: Any) -> list[tuple[str, str, str]]:
    """Every scenario's id, title and description, checked as :func:`read_module`
    checks them (the rest of the file is not read)."""
    count_rows(conn, "scenario")
    seen: set[str] = set()
    out = []
    for sid, title, desc in _rows(conn, "scenario", "id", "title", "description"):
        name(sid, "scenario id")
        where = f"scenario {shown(sid)}"
        unique(seen, sid, where)
        out.append((sid, text(title, f"{where} title"),
                    text(desc, f"{where} description", longest=MAX_DESCRIPTION)))
    return out


def _read_scenarios(conn: Any, module: Module) -> dict[str, Scenario]:
    scenarios: dict[str, Scenario] = {}
    for sid, game, title, board, desc, sides, options, setup in _rows(
            conn, "scenario", "id", "game", "title", "board", "description", "sides",
            "options", "setup"):
        name(sid, "scenario id")
        where = f"scenario {shown(sid)}"
        if sid in scenarios:
            raise RowError(f"{where} appears twice")
        if board not in module.boards:
            raise RowError(f"{where} is played on board {shown(board)}, which the file does "
                           "not have")
        side_list = loads(sides, f"{where} sides", list)
        if not all(isinstance(s, str) and 0 < len(s) <= MAX_NAME for s in side_list):
            raise RowError(f"{where} sides should be names, found {shown(side_list)}")
        if len(set(side_list)) != len(side_list):
            raise RowError(f"{where} names a side twice ({', '.join(side_list)})")
        scenarios[sid] = Scenario(
            sid, text(game, f"{where} game", longest=MAX_NAME), text(title, f"{where} title"),
            board, text(desc, f"{where} description", longest=MAX_DESCRIPTION),
            tuple(side_list), loads(options, f"{where} options"), loads(setup, f"{where} setup"))
    placed: dict[str, set[str]] = {sid: set() for sid in scenarios}
    for row in _rows(conn, "placement", "scenario", "piece", "type", "side", "space", "level",
                     "facing", "status", "data"):
        _place(scenarios, module, row, placed)
    return scenarios


def _place(scenarios: dict[str, Scenario], module: Module, row: Iterable,
           placed: dict[str, set[str]]) -> None:
    """Check one placement row and add it to its scenario."""
    sid, piece, ptype, side, space, level, facing, status, data = row
    # the usual row passes every check below without the words of a message (a
    # value from SQLite is exactly a str, int, float, bytes or None); anything
    # else is checked again by the code after, which says what is wrong
    sc = scenarios.get(sid) if type(sid) is str else None
    if (sc is not None and type(piece) is str and 0 < len(piece) <= MAX_NAME
            and piece not in placed[sid] and ptype in module.piece_types
            and (space is None or space in module.boards[sc.board])
            and (facing is None or (type(facing) is int and 0 <= facing <= 7))
            and type(side) is str and len(side) <= MAX_NAME
            and type(level) is int and -MAX_LEVEL <= level <= MAX_LEVEL
            and type(status) is str and 0 < len(status) <= MAX_NAME):
        try:
            values = loads(data, "")
        except BadJson:
            values = None
        if values is not None:
            placed[sid].add(piece)
            sc.placements.append(Placement(piece, ptype, side, space, level, facing, status,
                                           values))
            return
    where = f"placement of {shown(piece)} in scenario {shown(sid)}"
    if sid not in scenarios:
        raise RowError(f"{where}: the file has no such scenario")
    sc = scenarios[sid]
    unique(placed[sid], name(piece, f"{where} piece id"), where)
    if ptype not in module.piece_types:
        raise RowError(f"{where} names an unknown piece type {shown(ptype)}")
    if space is not None and space not in module.boards[sc.board]:
        raise RowError(f"{where} names an unknown space {shown(space)} "
                       f"(not on board {shown(sc.board)})")
    facing = integer(facing, f"{where} facing", none=True)
    if facing is not None and not 0 <= facing <= 7:
        raise RowError(f"{where} facing should be 0 to 7, found {facing}")
    sc.placements.append(Placement(
        piece, ptype, text(side, f"{where} side", longest=MAX_NAME), space,
        integer(level, f"{where} level", low=-MAX_LEVEL, high=MAX_LEVEL),
        facing, name(status, f"{where} status"), loads(data, f"{where} data")))


__all__ = ["BadJson", "RowError", "read_module", "read_module_row", "write_module"]
