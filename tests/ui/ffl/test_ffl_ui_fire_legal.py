"""Target numbers only where the shot is legal (issue 13, point 3): the fire
mode numbers a target only when the controller finds the selected firer's
shot (or the selected group's announcement, 7.13) legal; a target already fired
at by another firer shows no number, and a click on it says why."""

from __future__ import annotations

from ffl_ui_helpers import click, hand_state, session_at, square, texts

from ffl.engine import Action
from ffl.ui.ffl.counters import TARGET

N, S = 0, 4
WHERE = {"L-1-Adler": ("I3", 2, N), "L-1-Cole": ("J3", 2, N),
         "B-A-Yusuf": ("I1", 0, S), "B-A-Dhabi": ("L1", 0, S), "B-A-Abdul": ("Z1", 0, S)}
#: a seed with which Adler's shot at Yusuf leaves him standing
SEED = 3


def test_7_13_a_target_fired_at_by_an_unannounced_firer_shows_no_number(open_ffl, qtbot):
    w = open_ffl()
    w.set_session(session_at(w, hand_state(w, WHERE, phase="fire", seed=SEED)))
    qtbot.wait(10)
    w.map.fit()
    click(qtbot, w, square(w, "J3"))            # Cole first: Yusuf is his target too
    cole_target = w.scene.counter("B-A-Yusuf")
    assert (cole_target.highlight, cole_target.note) != ("", "")
    click(qtbot, w, square(w, "I3"))            # Adler alone fires at Yusuf
    click(qtbot, w, square(w, "I1"))
    assert any(t.startswith("7.6 Pvt. Adler fires at Ch. Yusuf") for t in texts(w))
    assert w.session.state.pieces["B-A-Yusuf"].on_board, "pick a seed where Yusuf stands"
    click(qtbot, w, square(w, "J3"))            # now Cole: Yusuf has his firers (7.13)
    mode = w.game_ui.mode
    assert mode.selected == ["L-1-Cole"]
    yusuf = w.scene.counter("B-A-Yusuf")
    assert mode.infos["B-A-Yusuf"].possible          # in arc, range and sight ...
    assert yusuf.note == "" and yusuf.highlight != TARGET      # ... but no number
    assert w.scene.counter("B-A-Dhabi").note                     # his other target has one
    verdict = w.session.controller.legal(
        w.session.state, Action.make("fire", "legion", piece="L-1-Cole", target="B-A-Yusuf"))
    assert not verdict and verdict.rule == "7.13"
    before = len(w.session.log.events)
    click(qtbot, w, square(w, "I1"))
    assert len(w.session.log.events) == before                 # nothing rolled
    message = w.statusBar().currentMessage()
    assert "Cannot fire at Ch. Yusuf" in message and "(7.13)" in message


def test_7_13_every_numbered_target_is_one_the_controller_lets_the_firer_shoot(open_ffl,
                                                                               qtbot):
    w = open_ffl()
    w.set_session(session_at(w, hand_state(w, WHERE, phase="fire", seed=SEED)))
    qtbot.wait(10)
    w.map.fit()
    click(qtbot, w, square(w, "I3"))
    legal = {a.get("target") for a in w.session.controller.legal_actions(w.session.state)
             if a.kind == "fire" and a.get("piece") == "L-1-Adler"}
    numbered = {pid for pid, item in w.scene.counters.items()
                if getattr(item, "highlight", "") == TARGET and item.note}
    assert numbered and numbered <= legal
