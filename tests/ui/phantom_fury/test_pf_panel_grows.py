"""The Battle panel sits in a scroll area in its dock: every wrapped text in it shows
all its lines after every step (at 1366x768, what a step set off - the insurgents'
Defensive Fire, the Zones a Reorganisation took and Activated, the game's result -
was cut to its first line: the layouts gave a label in a group box the height of
one line, and the scroll area never heard that the panel needed more)."""

from __future__ import annotations

import random

from pf_ui_helpers import eager_pick
from PySide6.QtWidgets import QLabel


def _cut(panel) -> list[str]:
    return [label.objectName() or label.text()[:30] for label in panel.findChildren(QLabel)
            if label.isVisible() and label.wordWrap() and label.text()
            and label.height() < label.heightForWidth(label.width())]


def test_8_every_line_of_the_battle_panel_shows_after_each_step(qtbot, pf_window):
    from ffl import catalog

    window = pf_window                  # no autosave
    window.set_session(catalog.new_session("phantom_fury/jolan", seed=5))
    window.resize(1366, 768)
    qtbot.wait(20)
    ui, ctrl = window.game_ui, window.session.controller
    rng = random.Random(5)
    for step in range(41):        # set-up, turn 1, turn 2 to a squad under Defensive Fire
        pick = eager_pick(list(ctrl.legal_actions(window.session.state)), rng)
        if step < 38:
            window.session.do(pick)     # quickly, to the last steps
            continue
        if step == 38:
            ui.refresh([])
            qtbot.wait(5)
        events = ui.do(pick)          # through the window: the panel shows what it set off
        qtbot.wait(5)
        assert _cut(ui.panel) == [], (step, pick)
    assert any(e.kind == "defensive-fire" for e in events)
    assert ui.panel.doings.text().count("<br>") >= 1 and not ui.panel.doings_box.isHidden()


def test_14_the_box_shrinks_again_after_a_shorter_account(qtbot, pf_window):
    """Four long lines, then two short ones (the next Reorganisation): the box is as
    high as two lines need, not the four it held (before, a label's height for its
    width never fell below the minimum set for the longer text, and the two lines
    sat in the middle of an empty box; seen in play, seed 7 turn 10)."""
    window = pf_window
    window.resize(1366, 768)
    panel = window.game_ui.panel
    long_line = "14.4.1 the insurgents infiltrate Zone 3 from the Adjacent Zone 4 " * 2
    panel.show_doings([long_line] * 4)
    qtbot.wait(100)
    tall = panel.doings.height()
    panel.show_doings(["14.1 Zone 6 under USMC Control", "14.2 Activated: Zones 18, 19"])
    qtbot.wait(100)
    twin = QLabel()
    twin.setWordWrap(True)
    twin.setFont(panel.doings.font())
    twin.setText(panel.doings.text())
    need = twin.heightForWidth(panel.doings.width())
    assert panel.doings.height() <= need + 4 < tall / 2, (panel.doings.height(), need, tall)
    window.grab().save("/tmp/pf2/box-shrinks.png")
