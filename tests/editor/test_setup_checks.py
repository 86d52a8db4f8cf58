"""Validation checks a scenario's placements against its set-up restrictions (the
rows of the Scenario dock's list): inside an area, building or terrain, on given
squares, at given levels, off board, facing out, one per square and level; each
breach a warning naming the piece, its space and the rule, clickable like every
other problem (the space is selected and the piece chosen)."""

from __future__ import annotations

from pathlib import Path

from editor_helpers import Mouse, new_scenario
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from editor import edits

FFL = Path(__file__).resolve().parents[2] / "scenarios" / "french-foreign-legion.ffl"
LEFT, NONE = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier


def breaches(w) -> list[str]:
    return [p.message for p in w.run_validation() if p.code == "setup-restriction"]


def place_by_mouse(w, piece: str, x: float, y: float, level: int = 0) -> None:
    """Choose the piece in the Scenario dock and click the map with the Place tool."""
    sp = w.scenario_panel
    assert sp.choose_piece(piece)
    w.options.place_level.setValue(level)
    w.set_tool("place")
    Mouse(w).click(x, y)


def click_problem(w, text: str) -> None:
    panel = w.validation_panel
    row = next(i for i, p in enumerate(panel.problems) if text in p.message)
    item = panel.list.item(row)
    panel.list.scrollToItem(item)
    QTest.mouseClick(panel.list.viewport(), LEFT, NONE, panel.list.visualItemRect(item).center())


def test_2_31_a_legion_unit_outside_the_fort_or_sharing_a_square_is_flagged(editor):
    w = editor
    assert w.open_path(FFL)
    w.scenario_dock.raise_()
    assert w.scenario_panel.current()["id"] == "ffl/basic"
    assert breaches(w) == []                         # the shipped module is clean
    place_by_mouse(w, "L-1-DeGroot", 0.5, 0.5)       # A1: sand, outside the fort
    assert breaches(w) == ["ffl/basic: L-1-DeGroot on A1 level 0 is not on terrain fort "
                           "(2.31)"]
    place_by_mouse(w, "L-1-DeGroot", 9.5, 6.5)       # J7: the parade ground
    assert breaches(w) == []
    place_by_mouse(w, "L-1-Blondin", 9.5, 6.5)       # the same square and level
    assert breaches(w) == ["ffl/basic: L-1-Blondin on J7 level 0 shares it with "
                           "L-1-DeGroot: one per square and level (2.31)"]
    problem = next(p for p in w.problems if p.code == "setup-restriction")
    assert not problem.error                          # a warning: saving is allowed
    bedouin = next(p["piece"] for p in w.scenario_panel.current()["placements"]
                   if p["side"] == "bedouin" and p["type"].startswith("B-"))
    place_by_mouse(w, bedouin, 0.5, 0.5)
    assert f"ffl/basic: {bedouin} on A1 level 0 should start off the board (2.32)" in \
        breaches(w)
    # clicking a breach shows where: the space selected, the piece chosen
    w.scenario_panel.placements.setCurrentRow(0)
    w.set_tool("select")
    click_problem(w, "shares it with")
    assert w.selected_key == "J7"
    assert w.scenario_panel.current_piece() == "L-1-Blondin"
    assert "shares it with L-1-DeGroot" in w.status_label.text()


def test_every_kind_of_restriction_is_checked_piece_by_piece(editor):
    w = editor
    w.new_module("square", 6, 6, module_id="camp")
    camp = ["B2", "C2", "B3", "C3"]
    w.push("Camp", edits.paint(w.doc, 0, camp, {"area": "camp"}))
    w.push("Hut", edits.paint(w.doc, 0, ["C3"], {"building": "Hut", "levels": [0, 1]}))
    for i, (tid, side, org) in enumerate([("guard", "red", "watch"), ("chief", "red", ""),
                                          ("raider", "blue", "band")]):
        w.push("Type", edits.insert_at(w.doc, ("piece_types", i), {
            "id": tid, "name": tid.capitalize(), "side": side, "kind": "character",
            "org": org, "values": {}}))
    new_scenario(w, "Night", "red, blue")
    setup = {
        "red": {"rule": "5.1", "where": {"area": "camp"}, "one_per_square_level": True,
                "restrictions": [
                    {"rule": "5.2", "pieces": ["chief-1"], "building": "Hut", "levels": [1]},
                    {"rule": "5.3", "org": "watch", "squares": ["B2", "C2"],
                     "facing": "outward"}]},
        "blue": {"rule": "5.4", "restrictions": [
            {"rule": "5.5", "pieces": ["raider-1"], "squares": ["F6"]},
            {"rule": "5.6", "others": "off-board"}]}}
    w.push("Setup", edits.set_at(w.doc, ("scenarios", 0, "setup"), setup))
    pieces = [("guard-1", "guard", "red"), ("guard-2", "guard", "red"),
              ("chief-1", "chief", "red"), ("raider-1", "raider", "blue"),
              ("raider-2", "raider", "blue")]
    for i, (pid, tid, side) in enumerate(pieces):
        w.push("Add", edits.insert_at(w.doc, ("scenarios", 0, "placements", i), {
            "piece": pid, "type": tid, "side": side, "space": None, "level": 0,
            "facing": None, "status": "off", "data": {}}))

    def put(pid, key, level=0, facing=None):
        w.push("Place", edits.place(w.doc, 0, pid, key, level, facing))

    # all as the restrictions want them: nothing to report
    put("guard-1", "B2", 0, 0)          # top edge of the camp, facing north: out
    put("guard-2", "C2", 0, 7)          # facing north-west: out as well
    put("chief-1", "C3", 1)
    put("raider-1", "F6")
    assert breaches(w) == []
    # now every one of them broken
    put("guard-1", "B3", 0, 4)          # in the camp, but not on B2/C2
    put("guard-2", "C2", 0, 4)          # on C2, facing south: towards the middle
    put("chief-1", "B2", 1)             # not in the Hut
    put("raider-2", "A6")               # the others start off the board
    put("raider-1", "E6")
    assert sorted(breaches(w)) == sorted([
        "camp/night: guard-1 on B3 level 0 is not on squares B2 or C2 (5.3)",
        "camp/night: guard-2 on C2 level 0 does not face out (away from the middle of "
        "the map) (5.3)",
        "camp/night: chief-1 on B2 level 1 is not on building Hut (5.2)",
        "camp/night: raider-2 on A6 level 0 should start off the board (5.6)",
        "camp/night: raider-1 on E6 level 0 is not on squares F6 (5.5)"])
    put("chief-1", "C3", 0)             # in the Hut, but on its ground floor
    put("guard-1", "D5", 0, 0)          # out of the camp as well
    found = breaches(w)
    assert "camp/night: chief-1 on C3 level 0 is at level 0, not 1 (5.2)" in found
    assert "camp/night: guard-1 on D5 level 0 is not on area camp (5.1)" in found
    put("guard-1", "C2", 0, 0)          # shares C2 with guard-2
    assert "camp/night: guard-1 on C2 level 0 shares it with guard-2: one per square and " \
        "level (5.1)" in breaches(w) or \
        "camp/night: guard-2 on C2 level 0 shares it with guard-1: one per square and " \
        "level (5.1)" in breaches(w)
    guard = next(p for p in w.problems if "guard-2 on C2" in p.message)
    assert (guard.board, guard.keys, guard.scenario) == ("map", ("C2",), "camp/night")
