"""Hot seat with secrets (issue 15, 15.11/15.21 and 17.31): the hand-over
screen is forced before a screen that shows a side's secrets, whatever the
preference; the event log shows the Legion none of the Bedouin's secret
steps."""

from __future__ import annotations

import pytest
from ffl_ui_helpers import finish_legion_setup
from PySide6.QtCore import Qt


def test_15_21_the_hand_over_is_forced_before_the_bedouin_plot_in_secret(open_ffl, qtbot):
    w = open_ffl(options={"siege": True})          # the preference is off
    finish_legion_setup(w)
    assert not w.host.covered()
    qtbot.mouseClick(w.game_ui.bar.setup_button, Qt.MouseButton.LeftButton)
    assert "plot-tunnel" in w.session.controller.prompt(w.session.state).kinds
    hand = w.game_ui.handover
    assert hand.isVisible() and "Bedouin" in hand.label.text()
    assert hand.geometry() == w.rect()
    qtbot.mouseClick(hand.button, Qt.MouseButton.LeftButton)
    assert not hand.isVisible()


def test_without_secrets_no_hand_over_unless_asked(open_ffl, qtbot):
    w = open_ffl()
    finish_legion_setup(w)
    qtbot.mouseClick(w.game_ui.bar.setup_button, Qt.MouseButton.LeftButton)
    assert w.session.state.vars["phase"] == "setup-bedouin"
    assert not w.host.covered()


def test_15_11_the_log_hides_the_carrier_from_the_legion(open_ffl, qtbot):
    from ffl.engine import Action

    w = open_ffl(options={"siege": True})
    finish_legion_setup(w)
    qtbot.mouseClick(w.game_ui.bar.setup_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(w.game_ui.handover.button, Qt.MouseButton.LeftButton)
    w.game_ui.do(Action.make("plot-tunnel", "bedouin", squares=("A5", "B5", "C5"), label=1))
    shown = "\n".join(w.event_log.texts())
    assert "15.21 The Bedouin mark a tunnel in secret" in shown
    assert "A5" not in shown.split("15.21 The Bedouin mark")[-1]


def _cafard_window(open_ffl, drawn):
    from ffl_ui_helpers import session_at

    w = open_ffl(options={"cafard": True})
    ctrl = w.session.controller
    units = {"L-1-Adler": ("K8", 0, "N"), "L-1-Cole": ("K10", 0, "N"),
             "B-A-Abdul": ("A1", 0, "S")}
    state = ctrl.position(units=units, chit="squad-1", options={"cafard": True},
                          cafard_drawn=drawn)
    w.set_session(session_at(w, state))
    w.game_ui.tray_dock.show()
    return w


def _offer(w):
    panels = w.game_ui.tray.panels
    return panels.announce_button if panels.announce_button.isVisibleTo(w.game_ui.tray) \
        else None


def test_17_32_the_offer_shows_whether_or_not_a_unit_was_drawn(open_ffl, qtbot):
    with_unit = _cafard_window(open_ffl, ["L-1-Adler"])
    assert _offer(with_unit) is not None
    without = _cafard_window(open_ffl, ["L-2-Weber"])      # none in squad 1
    assert _offer(without) is not None                      # the same offer


def test_17_32_le_cafard_is_announced_behind_the_hand_over_screen(open_ffl, qtbot):
    w = _cafard_window(open_ffl, ["L-1-Adler"])
    button = _offer(w)
    qtbot.waitUntil(button.isVisible)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    hand = w.game_ui.host._handover
    assert hand.isVisible() and "Bedouin" in hand.label.text()
    panels = w.game_ui.tray.panels
    assert panels.menu is None or not panels.menu.isVisible()   # nothing before the cover goes
    qtbot.mouseClick(hand.button, Qt.MouseButton.LeftButton)
    menu = panels.menu
    assert menu is not None and menu.isVisible()
    entry = next(a for a in menu.actions() if "goes mad" in a.text())
    assert "Adler" in entry.text()
    entry.trigger()
    menu.hide()
    qtbot.waitUntil(lambda: hand.isVisible())
    assert "Legion" in hand.label.text()
    assert w.session.state.pieces["L-1-Adler"].data.get("cafard") or \
        w.session.state.pieces["L-1-Adler"].status == "eliminated"


def _tunnel_window(open_ffl, chit):
    from ffl_ui_helpers import session_at

    w = open_ffl(options={"siege": True})
    ctrl = w.session.controller
    state = ctrl.position(units={"L-1-Adler": ("K8", 0, "N"), "B-A-Abdul": None},
                          chit=chit, options={"siege": True})
    state.vars["siege_secret"] = {"tunnels": [{"label": 1, "squares": ["A5", "B5", "C5"],
                                               "collapsed": False}]}
    abdul = state.pieces["B-A-Abdul"]
    abdul.status, abdul.space, abdul.level, abdul.facing = "active", "C5", -1, 2
    w.set_session(session_at(w, state))
    return w


@pytest.mark.parametrize("chit, shown", [("squad-1", False), ("arab", True)])
def test_15_25_hovering_a_tunnel_square_counts_no_hidden_unit(open_ffl, qtbot, chit, shown):
    from ffl_ui_helpers import square, vp

    w = _tunnel_window(open_ffl, chit)
    w.map.fit()
    qtbot.mouseMove(w.map.viewport(), vp(w, square(w, "D6")))
    qtbot.wait(50)
    qtbot.mouseMove(w.map.viewport(), vp(w, square(w, "C5")))
    qtbot.wait(50)
    text = w.hover_label.text()
    assert text.startswith("C5"), text
    assert ("1 piece" in text) is shown, (chit, text)


def test_17_31_the_dice_box_never_shows_the_legion_a_secret_draw(open_ffl, qtbot):
    from ffl.engine import Action

    for seed in range(1, 40):
        w = open_ffl(seed=seed, options={"cafard": True})
        ctrl, state = w.session.controller, w.session.state
        if "choose-side" in ctrl.prompt(state).kinds:
            w.game_ui.do(Action.make("choose-side", state.vars["side_roll"]["high"],
                                     take="legion"))
        picks = [Action.make("cafard-pick", "bedouin", which=n) for n in (1, 2, 3)]
        drawing = [a for a in picks if any(e.info.get("purpose") == "secret draw" for e in
                                           ctrl.apply(w.session.state, a))]
        if drawing:
            break
        w.close()
    events = w.game_ui.do(drawing[0])
    assert any(e.info.get("purpose") == "secret draw" for e in events)
    assert w.session.controller.prompt(w.session.state).side == "legion"
    box = w.game_ui.bar.dice
    assert box.shown and all(e.info.get("purpose") != "secret draw" for e in box.shown)
    opens = [e for e in events if e.kind == "dice" and "open roll" in e.text]
    assert box.value == opens[-1].dice[-1]
    assert "draws a name" not in box.caption.text()


def test_25_the_print_dialog_prints_secrets_only_for_their_owner(open_ffl, qtbot, tmp_path,
                                                                 monkeypatch):
    import pypdf

    w = _tunnel_window(open_ffl, "squad-1")
    texts = {}
    for side in ("", "legion", "bedouin"):
        target = tmp_path / f"sheet-{side or 'nobody'}.pdf"
        monkeypatch.setattr("ffl.printing.ui.QFileDialog.getSaveFileName",
                            lambda *a, t=target, **k: (str(t), "PDF files (*.pdf)"))
        w.print_actions.export_action.trigger()
        dialog = w.print_actions.dialog
        dialog.choose("character-sheet")
        dialog.current.setChecked(True)          # current positions (a hand-made game)
        assert dialog.side.isVisible() and dialog.side.currentData() == ""   # nobody's
        dialog.side.setCurrentIndex(dialog.side.findData(side))
        dialog.accept()
        texts[side] = " ".join(" ".join(p.extract_text().split())
                               for p in pypdf.PdfReader(str(target)).pages)
    for side in ("", "legion"):
        assert "C5, level -1" not in texts[side] and "tunnel (15.25)" not in texts[side]
    assert "C5, level -1" in texts["bedouin"] and "in a tunnel (15.25)" in texts["bedouin"]


def _mailed(tmp_path):
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "games" / "ffl"))
    from test_secrets import secret_game

    from ffl import sealing
    from ffl.store import save_game

    session = secret_game()
    keys = sealing.Keyring()
    keys.add("bedouin", "open sesame")
    path = tmp_path / "mailed.fflsave"
    save_game(path, sealing.seal(session, "legion", keys))
    return session, path


def _answer(qtbot, text):
    """Type ``text`` into the passphrase box when it comes up (None: Cancel)."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QInputDialog, QLineEdit

    def answer():
        box = next((w for w in QApplication.topLevelWidgets()
                    if isinstance(w, QInputDialog) and w.objectName() == "passphraseDialog"
                    and w.isVisible()), None)
        if box is None:
            QTimer.singleShot(20, answer)
            return
        if text is None:
            box.reject()
        else:
            qtbot.keyClicks(box.findChild(QLineEdit), text)
            box.accept()

    QTimer.singleShot(20, answer)


def test_a_sealed_save_opens_with_the_owners_passphrase_typed_in(open_ffl, qtbot, tmp_path):
    from ffl import sealing

    session, path = _mailed(tmp_path)
    w = open_ffl()
    try:
        _answer(qtbot, None)                         # the Legion player: Cancel
        assert w.open_path(path)
        assert w.session.sealed is not None
        assert w.session.state.pieces["B-A-Abdul"].space is None
        _answer(qtbot, "open sesame")                # the Bedouin player
        assert w.open_path(path)
        assert w.session.sealed is None and w.session.state.hash() == session.state.hash()
    finally:
        sealing.KEYRING.passphrases.pop("bedouin", None)
