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
