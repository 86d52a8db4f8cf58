"""The Show box writes one attribute of every space on the map (a designer of
the card game sees each section's letter and colour, which the labels do not
show), follows a paint stroke at once, and gives the labels back."""

from __future__ import annotations

import shutil
from pathlib import Path

from editor_helpers import Mouse, open_copy
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

CARDS = Path(__file__).resolve().parents[2] / "scenarios" / "foreign-legion-card-game.ffl"


def test_first_player_2_the_sections_letters_and_colours_are_shown_and_painted(editor,
                                                                               tmp_path):
    w, m = editor, Mouse(editor)
    open_copy(w, CARDS, tmp_path, "cards.ffl")
    w.view.fit()
    box = w.show_box
    names = [box.itemText(i) for i in range(box.count())]
    assert names[0] == "labels" and {"letter", "colour", "map_card"} <= set(names)
    assert box.toolTip()
    scene = w.scene
    assert all(label.isVisible() for label in scene.labels) and not scene.values
    box.setCurrentText("letter")
    # 64 sections, each with its letter (First Player 2 reads contacts by letter)
    assert len(scene.values) == 64 and scene.values["c2r1"].text() == "A"
    assert not any(label.isVisible() for label in scene.labels)
    box.setCurrentText("colour")
    item = scene.values["c2r1"]
    assert item.text() == "blue" and item.brush().color().name() == "#0000ff"
    # a new letter painted on c2r1: the text follows at once (no rebuild)
    box.setCurrentText("letter")
    w.set_tool("paint")
    QTest.keyClicks(w.options.attr_key, "letter")
    QTest.keyClicks(w.options.attr_value, "Q")
    x, y = w.scene.board["c2r1"].centre
    m.click(x, y)
    assert w.doc.data["boards"][0]["spaces"][w.doc.space_index(0, "c2r1")]["attrs"][
        "letter"] == "Q"
    assert w.scene is scene and scene.values["c2r1"].text() == "Q"
    w.view.setFocus()
    QTest.keyClick(w.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert w.scene.values["c2r1"].text() == "A"
    box.setCurrentText("labels")
    assert all(label.isVisible() for label in w.scene.labels) and not w.scene.values
    w.grab().save(str(tmp_path / "letters.png"))


LOG = Path(__file__).resolve().parents[2] / "scenarios" / "limits-of-glory.ffl"


def test_the_sides_and_links_tools_offer_the_modules_own_features_first(editor, tmp_path):
    """Limits of Glory's map has rivers and a border on its sides and sea lanes
    and inset links: those are the Sides and Links lists, the most used
    chosen (French Foreign Legion's walls and stairways are not offered: its
    rules read none of them, :mod:`editor.tool_profiles`)."""
    w = editor
    open_copy(w, LOG, tmp_path, "log.ffl")
    features = [w.options.feature.itemText(i) for i in range(w.options.feature.count())]
    kinds = [w.options.link_kind.itemText(i) for i in range(w.options.link_kind.count())]
    assert features == ["river", "border"]
    assert set(kinds) == {"sea-lane", "inset"}
    assert w.options.feature.currentText() == "river"
    # the card game reads no side features and no links: both tools say so
    shutil.copy(CARDS, tmp_path / "cards.ffl")
    assert w.open_path(tmp_path / "cards.ffl")
    assert not w.options.feature.isEnabled() and not w.options.link_kind.isEnabled()
    assert "read no side features" in w.options.sides_note.text()
