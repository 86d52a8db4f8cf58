"""File > Seal for mailing… (the window's ``ffl seal``): 21.11 the Legion's plot
sealed in the copy for the Bedouin player, with the Legion player's passphrase
typed into the dialog; real window, real key presses and clicks, the file read
back as the Bedouin's program and as the Legion's."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QDialogButtonBox, QLineEdit

from ffl import sealing
from ffl.engine import Action
from ffl.session import GameSession

PLOT = {"L-3-Romanov": "M9", "L-LC-Kolb": "N9"}


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch):
    from ffl.ui.app import create_app, main_window

    monkeypatch.delenv("FFL_SECRET_LEGION", raising=False)
    create_app()
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    settings.setValue("ffl/handover", False)
    win = main_window(settings=settings, data_folder=tmp_path / "data", autosave=False)
    qtbot.addWidget(win)
    win.resize(1200, 800)
    win.show()
    qtbot.waitExposed(win)
    assert win.open_scenario("ffl/night-attack", seed=2)
    win._closing_confirmed = True
    session = win.session
    session.do(Action.make("choose-side", session.state.vars["side_roll"]["high"],
                           take="legion"))
    for pid, key in PLOT.items():
        session.do(Action.make("place", "legion", piece=pid, space=key, level=0, facing=0))
    return win


def test_the_file_menu_seals_the_legions_plot_for_the_bedouin(window, qtbot, tmp_path,
                                                              monkeypatch):
    menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&File")
    texts = [a.text() for a in menu.actions()]
    assert "Seal for &mailing…" in texts and texts.index("Seal for &mailing…") > \
        texts.index("Save &as…" if "Save &as…" in texts else texts[0])
    target = tmp_path / "for-the-bedouin.fflsave"
    monkeypatch.setattr("ffl.ui.seal_action.QFileDialog.getSaveFileName",
                        lambda *a, **k: (str(target), ""))
    window.seal_action.action.trigger()
    dialog = window.seal_action.dialog
    assert dialog is not None and dialog.isVisible()
    dialog.recipient.setCurrentIndex(dialog.recipient.findData("bedouin"))
    phrase = dialog.findChild(QLineEdit, "sealPassphrase_legion")
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert phrase.isVisible() and not ok.isEnabled()          # the owner's passphrase first
    assert not dialog.findChild(QLineEdit, "sealPassphrase_bedouin").isVisible()
    assert phrase.echoMode() == QLineEdit.EchoMode.Password
    qtbot.keyClicks(phrase, "night owl")
    assert ok.isEnabled()
    dialog.grab().save(str(tmp_path / "seal-dialog.png"))
    qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
    assert target.is_file() and "Wrote" in window.statusBar().currentMessage()
    monkeypatch.setattr(sealing, "ASK", None)      # read back here, no passphrase prompt
    # the Bedouin's program: no plotted position
    mailed = GameSession.load(target)
    assert mailed.sealed is not None
    assert all(mailed.state.pieces[pid].space is None for pid in PLOT)
    # the Legion's own program, with his passphrase: the whole game
    sealing.KEYRING.add("legion", "night owl")
    try:
        owner = GameSession.load(target)
        assert {pid: owner.state.pieces[pid].space for pid in PLOT} == PLOT
    finally:
        sealing.KEYRING.passphrases.pop("legion", None)


def test_a_copy_for_the_legion_needs_no_passphrase(window, qtbot, tmp_path, monkeypatch):
    target = tmp_path / "for-the-legion.fflsave"
    monkeypatch.setattr("ffl.ui.seal_action.QFileDialog.getSaveFileName",
                        lambda *a, **k: (str(target), ""))
    window.seal_action.action.trigger()
    dialog = window.seal_action.dialog
    dialog.recipient.setCurrentIndex(dialog.recipient.findData("legion"))
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert ok.isEnabled() and "no secret" in dialog.note.text()
    qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
    monkeypatch.setattr(sealing, "ASK", None)
    copy = GameSession.load(target)
    assert {pid: copy.state.pieces[pid].space for pid in PLOT} == PLOT
