"""The FFL window's texts (issue 13, point 7): the dice caption keeps to its
room, status messages go at a phase change and a new game, a reopened save
shows its last roll and the end of its log, the prompt names no raw ids."""

from __future__ import annotations

import re

from ffl_ui_helpers import (
    click,
    do,
    finish_legion_setup,
    hand_state,
    session_at,
    square,
    texts,
    tray_drag,
)
from PySide6.QtCore import Qt


def to_turn_one(w):
    finish_legion_setup(w)
    do(w, "end-setup", "legion")
    do(w, "end-setup", "bedouin")


def test_13_7_the_dice_caption_keeps_to_its_room_and_its_tooltip_has_it_all(open_ffl, qtbot):
    w = open_ffl()
    w.resize(1366, 768)
    qtbot.wait(20)
    to_turn_one(w)
    for _ in range(6):                      # several rolls in one step: a long caption
        do(w, "draw", w.game_ui.side())
        do(w, "end-phase", w.game_ui.side())
    dice = w.game_ui.bar.dice
    caption = dice.caption
    long = "  ·  ".join(["3.2 Draw a Sequence unit from 9 in the cup: rolled 4"] * 4)
    dice.show_rolls([e for e in w.session.log.events if e.kind == "dice"][-1:], animate=False)
    caption.setText(long)
    qtbot.wait(10)
    # the window is no wider than before, the caption ends inside it, shortened with "…"
    assert w.width() <= 1366
    right = caption.mapTo(w, caption.rect().topRight()).x()
    assert right <= w.width()
    shown = caption.text_shown()
    assert shown.endswith("…") and len(shown) < len(long)
    assert caption.fontMetrics().horizontalAdvance(shown) <= caption.contentsRect().width()
    assert caption.text() == long


def test_13_7_a_status_message_goes_at_the_next_phase_and_at_a_new_game(open_ffl, qtbot):
    w = open_ffl()
    w.set_session(session_at(w, hand_state(w, {"L-1-Adler": ("K8", 0, 0),
                                               "B-A-Yusuf": ("A1", 0, 2)})))
    w.game_ui.status("Stun removal: nobody is stunned")
    assert "Stun removal" in w.statusBar().currentMessage()
    w.game_ui.end_phase(True)
    assert "Stun removal" not in w.statusBar().currentMessage()
    w.game_ui.status("Pvt. Adler cannot move")
    assert w.open_scenario("ffl/basic", seed=3)
    w._closing_confirmed = True
    assert "Adler" not in w.statusBar().currentMessage()


def test_13_7_a_reopened_save_shows_its_last_roll_and_the_end_of_its_log(open_ffl, qtbot,
                                                                         tmp_path):
    w = open_ffl()
    to_turn_one(w)
    for _ in range(8):
        do(w, "draw", w.game_ui.side())
        do(w, "end-phase", w.game_ui.side())
    last = [e for e in w.session.log.events if e.kind == "dice"][-1]
    path = tmp_path / "game.fflsave"
    assert w.save_as(path)
    assert w.open_path(path)
    w._closing_confirmed = True
    qtbot.wait(50)
    caption = w.game_ui.bar.dice.caption
    assert caption.text() == last.text and caption.text() != "no roll yet"
    assert w.game_ui.bar.dice.value == last.dice[-1]
    bar = w.event_log.list.verticalScrollBar()
    assert bar.maximum() > 0 and bar.value() == bar.maximum()


def test_13_7_the_prompt_names_no_raw_ids(open_ffl, qtbot):
    w = open_ffl()
    seen = []
    to_turn_one(w)
    for _ in range(6):
        seen.append(w.prompt_label.toolTip() or w.prompt_label.text())
        do(w, "draw", w.game_ui.side())
        seen.append(w.prompt_label.toolTip() or w.prompt_label.text())
        do(w, "end-phase", w.game_ui.side())
    raw = re.compile(r"\b(legion|bedouin)\b|\b[A-Z]-[A-Z0-9]+-\w+|squad-\d|rope-\d")
    for text in seen:
        assert not raw.search(text), text


def test_2_31_turning_a_placed_unit_logs_its_facing_not_a_new_set_up(open_ffl, qtbot):
    w = open_ffl()
    fort = w.session.controller.fort(w.session.state)
    key = fort.squares("parade")[0]
    tray_drag(qtbot, w, "L-1-Adler", square(w, key))
    assert texts(w)[-1] == f"2.31 Pvt. Adler set up in {key} level 0"
    w.map.setFocus()
    qtbot.keyClick(w.map, Qt.Key.Key_R)
    qtbot.keyClick(w.map, Qt.Key.Key_R)
    log = texts(w)
    assert log[-2:] == [f"2.31 Pvt. Adler in {key} now faces NE",
                        f"2.31 Pvt. Adler in {key} now faces E"]
    assert sum("Adler set up in" in t for t in log) == 1


def test_2_32_the_log_names_the_rope_given(open_ffl, qtbot):
    w = open_ffl()
    finish_legion_setup(w)
    do(w, "end-setup", "legion")
    do(w, "assign-rope", "bedouin", rope="rope-03", piece="B-A-Abdul")
    assert texts(w)[-1] == "2.32 Rope 3 goes with Abdul"
    do(w, "assign-rope", "bedouin", rope="rope-03", piece="B-A-Yusuf")
    assert texts(w)[-1] == "2.32 Rope 3 goes with Ch. Yusuf (taken from Abdul)"


def test_7_7_fire_modifiers_are_named_in_the_log_and_the_hover_line(open_ffl, qtbot):
    w = open_ffl()
    w.set_session(session_at(w, hand_state(w, {"L-1-Adler": ("I3", 2, 0),
                                               "B-A-Yusuf": ("I1", 0, 4)}, phase="fire")))
    state = w.session.state.copy()
    state.pieces["L-1-Adler"].data["moved"] = True
    w.set_session(session_at(w, state))
    qtbot.wait(10)
    w.map.fit()
    click(qtbot, w, square(w, "I3"))
    qtbot.mouseMove(w.map.viewport(), w.map.mapFromScene(square(w, "I2")))
    qtbot.mouseMove(w.map.viewport(), w.map.mapFromScene(square(w, "I1")))
    assert "firer moved -1 (7.71)" in w.statusBar().currentMessage()
    click(qtbot, w, square(w, "I1"))
    line = next(t for t in texts(w) if t.startswith("7.6 Pvt. Adler fires at"))
    assert "firer moved -1 (7.71)" in line and "7.71 -1" not in line
