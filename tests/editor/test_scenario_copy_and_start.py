"""The Scenario dock's Copy button (a variant of a scenario, one undo step) and
the start check of the scenario shown: a scenario the player would refuse to
start is a warning in the Validation dock at once, not a surprise at Play."""

from __future__ import annotations

from pathlib import Path

from editor_helpers import Mouse, new_scenario, open_copy
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

SHIPPED = Path(__file__).resolve().parents[2] / "scenarios" / "french-foreign-legion.ffl"
LEFT = Qt.MouseButton.LeftButton


def test_copy_makes_a_variant_with_every_placement_in_one_undo_step(editor):
    w = editor
    w.new_module("square", 4, 4, game="demo", module_id="demo")
    w.pieces_panel.add_button.click()
    sp = w.scenario_panel
    new_scenario(w, "Skirmish", "red, blue")
    sp.add_piece_button.click()
    sp.description.setPlainText("Two patrols meet.")     # typed, not applied yet
    assert sp.copy_button.isEnabled() and sp.copy_button.toolTip()
    before = w.stack.index()
    QTest.mouseClick(sp.copy_button, LEFT)
    first, copy = w.doc.data["scenarios"]
    assert (copy["id"], copy["title"]) == ("demo/skirmish-copy", "Skirmish (copy)")
    assert copy["placements"] == first["placements"] and copy["description"] == \
        "Two patrols meet."
    assert sp.current_index() == 1 and sp.title_edit.text() == "Skirmish (copy)"
    QTest.mouseClick(sp.copy_button, LEFT)                  # a copy of the copy
    assert w.doc.data["scenarios"][2]["id"] == "demo/skirmish-copy-copy"
    # the typed description applied, then each copy: one undo step each
    assert w.stack.index() == before + 3
    w.stack.undo()
    w.stack.undo()
    assert [sc["description"] for sc in w.doc.data["scenarios"]] == ["Two patrols meet."]


def test_a_placed_unit_without_a_facing_is_a_warning_naming_rule_4_2(editor, tmp_path):
    w, m = editor, Mouse(editor)
    open_copy(w, SHIPPED, tmp_path, "fort.ffl")
    w.view.fit()
    sp = w.scenario_panel
    sp.choice.setCurrentIndex(0)
    assert w.run_validation() == []
    sp.choose_piece("L-LC-LeJeune")
    w.set_tool("place")
    w.options.facing.setCurrentIndex(w.options.facing.findData(None))
    m.click(4.5, 4.5)
    (problem,) = w.run_validation()
    assert problem.code == "scenario-start" and not problem.error     # saving still works
    assert problem.message == "ffl/basic would not start: 4.2 L-LC-LeJeune has no facing"
    sp.choose_piece("gate-P14")
    w.locate(problem)                    # a click on it chooses the piece to fix
    assert sp.current_piece() == "L-LC-LeJeune"
    w.options.facing.setCurrentIndex(w.options.facing.findData(0))
    m.click(4.5, 4.5)
    assert w.run_validation() == []


def test_bad_scenario_form_input_is_refused_with_a_clear_reason(editor):
    w = editor
    w.new_module("square", 3, 3, game="demo", module_id="demo")
    sp = w.scenario_panel
    new_scenario(w, "Skirmish", "red, blue")
    before = dict(w.doc.data["scenarios"][0])

    def typed(edit, name, text):
        edit.setFocus()
        edit.selectAll()
        QTest.keyClicks(edit, text)
        QTest.keyClick(edit, Qt.Key.Key_Return)
        return sp.error.text()

    assert typed(sp.sides_edit, "sides", "red, red") == \
        "Sides not applied: red named twice: name each side once"
    assert typed(sp.id_edit, "id", "demo/dawn patrol") == (
        "Id not applied: 'demo/dawn patrol' has a space: an id is one word, typed after "
        "--scenario (use - between words, e.g. ffl/night-attack)")
    assert typed(sp.options_edit, "options", "{night: true}") == (
        "Options not applied: not JSON (Expecting property name enclosed in double quotes, "
        'at character 2); write the optional rules as e.g. {"night": true}')
    assert w.doc.data["scenarios"][0] == before          # nothing of it was applied
    assert typed(sp.id_edit, "id", "demo/dawn-patrol") == ""
    assert w.doc.data["scenarios"][0]["id"] == "demo/dawn-patrol"


def test_a_big_stack_of_placed_counters_stays_on_its_space(editor):
    """A campaign's army of twenty in one area: its counters pile within
    MOST_STACK_SPREAD of the space's centre instead of stepping across the map."""
    from editor.scene import MOST_STACK_SPREAD
    from ffl.ui.board_scene import STACK_OFFSET
    from ffl.ui.style import UNIT

    w = editor
    w.new_module("square", 6, 6, game="demo", module_id="demo")
    w.pieces_panel.add_button.click()
    new_scenario(w, "Army", "red, blue")
    type_id = w.doc.data["piece_types"][0]["id"]
    placed = [{"piece": f"{type_id}-{n}", "type": type_id, "side": "", "space": "C3",
               "level": 0, "facing": None, "status": "active", "data": {}}
              for n in range(1, 21)]
    few = placed[:3]
    w.push("Army", [(("scenarios", 0, "placements"), few)])
    centre = w.scene.space_centre("C3")
    offsets = sorted(abs(w.scene.counters[p["piece"]].pos().x() - centre.x()) for p in few)
    assert offsets[-1] == STACK_OFFSET * UNIT          # a small stack as the player shows it
    w.push("Army", [(("scenarios", 0, "placements"), placed)])
    assert len(w.scene.counters) == 20
    for p in placed:
        pos = w.scene.counters[p["piece"]].pos()
        assert abs(pos.x() - centre.x()) <= MOST_STACK_SPREAD / 2 * UNIT + 1e-6
        assert abs(pos.y() - centre.y()) <= MOST_STACK_SPREAD / 2 * UNIT + 1e-6


def test_a_placed_piece_of_a_side_the_scenario_does_not_have_is_a_warning(editor):
    """A typo in a side ("bleu") leaves a piece nobody plays: said, and a click
    on the warning chooses the piece."""
    w = editor
    w.new_module("square", 3, 3, game="demo", module_id="demo")
    w.pieces_panel.add_button.click()
    type_id = w.doc.data["piece_types"][0]["id"]
    w.push("Side", [(("piece_types", 0, "side"), "bleu")])
    new_scenario(w, "Skirmish", "red, blue")
    w.scenario_panel.add_piece_button.click()
    piece = w.doc.data["scenarios"][0]["placements"][0]["piece"]
    problems = [p for p in w.run_validation() if p.code == "unknown-side"]
    assert [p.message for p in problems] == [
        f"demo/skirmish: piece {piece} is on side 'bleu', not one of the scenario's sides "
        "(red, blue)"]
    assert not problems[0].error and problems[0].extra["piece"] == piece
    assert type_id in piece
