"""Random edit sequences, each followed by save, reopen and compare.

Each step is one of the edits the editor's widgets make (the same functions
from :mod:`editor.edits`, refused with ValueError/InUse exactly where the
window shows a refusal, cascaded where it confirms), with ids, keys and
targets drawn at random, duplicates and names in use included.  After every
sequence: validation finds no error (the edits never strand data), the module
is saved through the editor's save path (written, read back by the store,
moved into place), reopens in the editor equal to what was edited and starts
in the player; on the shipped module every sequence is undone again exactly.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from editor_helpers import canonical
from shapely.geometry import Polygon

from editor import edits, module_edits
from editor.document import Document
from editor.files import open_document, save_document
from editor.validation import errors, validate, validate_document
from ffl.catalog import module_path
from ffl.session import GameSession, open_module
from ffl.store import StoreError

KEYS = ("A1", "B2", "C3", "Q14", "X", "A 1", "A1,B2", "", "new", "P14")
IDS = ("rifle", "scout", "rifle", "L-LC-LeJeune", "rope", "", "a b", "gate")
SIDES = ("red", "blue", "legion", "bedouin", "")
TERRAINS = ("clear", "hill", "woods", "sand", "fort")
GAMES = ("", "", "skirmish", "ffl", "card_game")
COLOURS = ("red", "#336633", "not-a-colour", "")
#: edits drawn more often, so that pieces stand on the spaces the other edits touch
OFTEN = ["e_add_piece", "e_place", "e_place", "e_add_type"]


class Fuzzer:
    """Draws one random edit at a time and applies it (or sees it refused)."""

    def __init__(self, doc: Document, rng: random.Random) -> None:
        self.doc, self.rng = doc, rng
        self.undo: list[list] = []
        self.refused = 0

    # -- helpers ------------------------------------------------------------------------

    def space(self, bi: int = 0) -> str | None:
        spaces = self.doc.data["boards"][bi]["spaces"]
        return self.rng.choice(spaces)["key"] if spaces else None

    def apply(self, changes) -> None:
        if changes:
            self.undo.append(self.doc.apply(changes))

    def step(self) -> None:
        edit = self.rng.choice([m for m in dir(self) if m.startswith("e_")] + OFTEN)
        if not self.doc.data["boards"]:          # the last board was deleted
            edit = "e_board"
        try:
            self.apply(getattr(self, edit)())
        except ValueError:       # InUse too: the window refuses it and says why
            self.refused += 1

    def undo_all(self) -> None:
        while self.undo:
            self.doc.apply(self.undo.pop())

    # -- the edits ------------------------------------------------------------------------

    def e_paint(self):
        keys = [self.space() for _ in range(self.rng.randint(1, 4))]
        values = {"terrain": self.rng.choice(TERRAINS)}
        if self.rng.random() < 0.5:
            values["levels"] = sorted({self.rng.randint(0, 3) for _ in range(2)})
        return edits.paint(self.doc, 0, [k for k in keys if k], values)

    def e_side(self):
        key = self.space()
        board = self.doc.board(0)
        if key is None or not board.neighbours(key):
            return []
        other = self.rng.choice(sorted(board.neighbours(key)))
        if board.side(key, other) is None:
            return []
        feature = self.rng.choice(edits.SIDE_FEATURES)
        level = self.rng.choice([None, 0, 1, 2])
        return edits.toggle_side_feature(self.doc, 0, key, other, feature, level)

    def e_link(self):
        a, b = self.space(), self.space()
        if a is None:
            return []
        return edits.add_link(self.doc, 0, a, b, self.rng.choice(edits.LINK_KINDS),
                              self.rng.random() < 0.5)

    def e_unlink(self):
        links = self.doc.data["boards"][0]["links"]
        return edits.delete_link(self.doc, 0, self.rng.randrange(len(links))) if links else []

    def e_rename_space(self):
        key = self.space()
        return [] if key is None else edits.rename_space(self.doc, 0, key,
                                                         self.rng.choice(KEYS))

    def e_delete_space(self):
        key = self.space()
        if key is None:
            return []
        return edits.delete_space(self.doc, 0, key, cascade=self.rng.random() < 0.5)

    def e_add_zone(self):
        x, y = self.rng.uniform(0, 8), self.rng.uniform(0, 6)
        poly = Polygon([(x, y), (x + self.rng.uniform(-1, 2), y + 1), (x + 1, y)])
        if edits.polygon_problem(poly):          # the Polygon tool refuses it
            raise ValueError("bad outline")
        return edits.add_space(self.doc, 0, edits.free_key(self.doc, 0), poly)

    def e_add_type(self):
        types = self.doc.data["piece_types"]
        entry = {"id": f"t{len(types)}-{self.rng.randrange(99)}", "name": "Type",
                 "side": self.rng.choice(SIDES), "kind": "character", "org": "",
                 "values": {"attack": self.rng.randint(1, 6)}}
        if any(pt["id"] == entry["id"] for pt in types):
            raise ValueError("taken")
        return edits.insert_at(self.doc, ("piece_types", len(types)), entry)

    def e_rename_type(self):
        types = self.doc.data["piece_types"]
        if not types:
            return []
        return edits.rename_piece_type(self.doc, self.rng.randrange(len(types)),
                                       self.rng.choice(IDS))

    def e_delete_type(self):
        types = self.doc.data["piece_types"]
        if not types:
            return []
        return edits.delete_piece_type(self.doc, self.rng.randrange(len(types)),
                                       cascade=self.rng.random() < 0.5)

    def e_new_scenario(self):
        board = self.doc.data["boards"][0]["name"]
        return edits.new_scenario(self.doc, self.rng.choice(["Raid", "Raid", "Dawn"]), board,
                                  ["red", "blue"])

    def e_scenario_id(self):
        scenarios = self.doc.data["scenarios"]
        if not scenarios:
            return []
        sci = self.rng.randrange(len(scenarios))
        other = self.rng.choice(scenarios)["id"]
        return edits.set_scenario_id(self.doc, ("scenarios", sci),
                                     self.rng.choice([other, other + "-x", ""]))

    def e_delete_scenario(self):
        scenarios = self.doc.data["scenarios"]
        if len(scenarios) < 2:
            return []
        return edits.delete_scenario(self.doc, self.rng.randrange(len(scenarios)))

    def e_add_piece(self):
        scenarios, types = self.doc.data["scenarios"], self.doc.data["piece_types"]
        if not scenarios or not types:
            return []
        sci = self.rng.randrange(len(scenarios))
        pt = self.rng.choice(types)
        placements = scenarios[sci]["placements"]
        n = len(placements)
        while any(p["piece"] == f"{pt['id']}-{n}" for p in placements):
            n += 1
        entry = {"piece": f"{pt['id']}-{n}", "type": pt["id"], "side": pt["side"],
                 "space": None, "level": 0, "facing": None, "status": "off", "data": {}}
        return edits.insert_at(self.doc, ("scenarios", sci, "placements", len(placements)),
                               entry)

    def e_place(self):
        scenarios = [i for i, sc in enumerate(self.doc.data["scenarios"]) if sc["placements"]
                     and sc["board"] == self.doc.data["boards"][0]["name"]]
        if not scenarios:
            return []
        sci = self.rng.choice(scenarios)
        piece = self.rng.choice(self.doc.data["scenarios"][sci]["placements"])["piece"]
        return edits.place(self.doc, sci, piece, self.space(), self.rng.randint(0, 2),
                           self.rng.choice([None, 0, 3, 5]))

    def e_remove_piece(self):
        scenarios = [i for i, sc in enumerate(self.doc.data["scenarios"]) if sc["placements"]]
        if not scenarios:
            return []
        sci = self.rng.choice(scenarios)
        piece = self.rng.choice(self.doc.data["scenarios"][sci]["placements"])["piece"]
        return edits.delete_placement(self.doc, sci, piece)

    def e_board(self):
        boards = self.doc.data["boards"]
        if boards and (self.rng.random() < 0.5 or len(boards) > 2):
            return edits.delete_board(self.doc, self.rng.randrange(len(self.doc.data["boards"])))
        board = edits.grid_board(self.rng.choice(["square", "hex"]),
                                 self.rng.choice(["map", "inset", "inset"]), 3, 3)
        return edits.add_board(self.doc, board)

    # the Module dock and the Pieces dock's counter layout (module_edits)

    def e_module_field(self):
        field = self.rng.choice(["id", "title", "version"])
        return module_edits.set_module_field(self.doc, field,
                                             self.rng.choice(["skirmish", "a b", "", "v2"]))

    def e_game(self):
        return module_edits.set_game(self.doc, self.rng.choice(GAMES))

    def e_terrain(self):
        own = list(module_edits.own_terrains(self.doc.data))
        what = self.rng.choice(["add", "colour", "pattern", "rename", "delete"])
        if what == "add" or not own:
            return module_edits.add_terrain(self.doc, self.rng.choice(TERRAINS + ("bog",)))
        name = self.rng.choice(own)
        if what == "colour":
            return module_edits.set_terrain(self.doc, name, "colour", self.rng.choice(COLOURS))
        if what == "pattern":
            return module_edits.set_terrain(self.doc, name, "pattern",
                                            self.rng.choice(["waves", "dots", "zigzag", ""]))
        if what == "rename":
            return module_edits.rename_terrain(self.doc, name,
                                               self.rng.choice(TERRAINS + ("bog", "")))
        return module_edits.delete_terrain(self.doc, name)

    def e_side_colour(self):
        return module_edits.set_side(self.doc, self.rng.choice(SIDES[:4]),
                                     self.rng.choice(["colour", "name"]),
                                     self.rng.choice(COLOURS))

    def e_counter_layout(self):
        from ffl.ui.counter_layout import CounterLayout

        if self.rng.random() < 0.2:
            return module_edits.set_counter_layout(self.doc, "character", None)
        keys = ["attack", "move", "morale"]
        self.rng.shuffle(keys)
        layout = CounterLayout(self.rng.choice(["name", "", "attack"]),
                               tuple(keys[:self.rng.randint(0, 3)]),
                               (("top-left", keys[0]),) if self.rng.random() < 0.5 else ())
        return module_edits.set_counter_layout(self.doc, "character", layout)

    def e_scenario_board(self):
        scenarios = self.doc.data["scenarios"]
        if not scenarios:
            return []
        return edits.set_scenario_board(self.doc, self.rng.randrange(len(scenarios)),
                                        self.rng.choice(self.doc.board_names()))


def check_saved(doc: Document, path: Path, player: bool) -> bool:
    """Save and reopen as the editor would; False when the editor refuses to save
    because the module's game could not play it (then the player must indeed
    refuse that file)."""
    problems = validate(doc.data, doc.geometry)
    assert errors(problems) == [], [p.message for p in errors(problems)]
    game = [p for p in validate_document(doc) if p.error]
    assert all(p.code == "game-rules" for p in game), [p.message for p in game]
    if game:                         # Save is blocked: the player would refuse it
        refused = path.with_name("refused.ffl")
        save_document(doc, refused)
        with pytest.raises(StoreError, match="cannot be played"):
            open_module(refused)
        return False
    save_document(doc, path)
    again = open_document(path)
    assert canonical(again.dump()) == canonical(doc.dump())
    if player:
        module = open_module(path)   # as the player opens it
        for sid in module.scenarios:
            GameSession.new(module, sid, seed=1, rules="off")
    return True


@pytest.mark.parametrize("sequences", [
    100,
    # the whole stream (the first 100 are the default run's): ~7 s of CPU,
    # nearly all of it the store writing and reading the file 220 times
    pytest.param(220, marks=pytest.mark.slow)])
def test_random_edit_sequences_on_a_fresh_hex_module(tmp_path, sequences):
    from editor.document import empty_dump

    rng = random.Random(1701)
    data = empty_dump("hexes", "", "Hexes")
    data["boards"].append(edits.grid_board("hex", "map", 10, 8))
    doc = Document(data)
    fuzz = Fuzzer(doc, rng)
    saved = 0
    for i in range(sequences):
        for _ in range(rng.randint(2, 6)):
            fuzz.step()
        saved += check_saved(doc, tmp_path / "hexes.ffl", player=i % 5 == 0)
    # the refusals were exercised too (20 of 220), and most were saved (100 of 220)
    assert fuzz.refused > 20 * sequences // 220
    assert saved > 100 * sequences // 220
    assert len(doc.data["scenarios"]) >= 1


@pytest.mark.slow
def test_random_edit_sequences_on_the_shipped_module(tmp_path):
    rng = random.Random(1962)
    doc = open_document(module_path("ffl"))
    start = canonical(doc.data)
    fuzz = Fuzzer(doc, rng)
    saved = 0
    for i in range(80):
        for _ in range(rng.randint(1, 4)):
            fuzz.step()
        saved += check_saved(doc, tmp_path / "ffl.ffl", player=i % 10 == 0)
        fuzz.undo_all()
        assert canonical(doc.data) == start
    assert fuzz.refused > 10
    assert saved > 20                 # most sequences leave a module the rules can play
