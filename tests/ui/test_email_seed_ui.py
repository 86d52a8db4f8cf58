"""File › E-mail game (issue 22): the seed made by both players, in the play
window.  Real window, real menus and dialog, real clicks; the file dialogs are
replaced through this module's ``QFileDialog`` (as the other File menu tests
do).  The offer, the answer, the game started with the New game dialog's rules
mode and options, the first turn file checked; bad files named in one line."""

from __future__ import annotations

import json
import random

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QCheckBox, QDialogButtonBox, QLabel, QMessageBox

from ffl.seed_commit import commitment, joint_seed
from ffl.session import GameSession
from ffl.turnfile import write_turn

DIALOGS = "ffl.ui.email_seed.QFileDialog"


def dialog_options() -> list[str]:
    from ffl.games import manifest

    return [o.id for o in manifest("ffl").options]


@pytest.fixture
def window(qtbot, tmp_path):
    from ffl.ui.app import create_app, main_window

    create_app()
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    settings.setValue("ffl/handover", False)
    win = main_window(settings=settings, data_folder=tmp_path / "data", autosave=False)
    qtbot.addWidget(win)
    win.resize(1100, 750)
    win.show()
    qtbot.waitExposed(win)
    win._closing_confirmed = True
    return win


def _answers(monkeypatch, kind, *names):
    """The next file dialogs of ``kind`` answer ``names`` in turn."""
    queue = [str(n) for n in names]
    monkeypatch.setattr(f"{DIALOGS}.{kind}", lambda *a, **k: (queue.pop(0), ""))
    return queue


def test_an_email_game_seeded_by_both_players_from_the_file_menu(window, qtbot, tmp_path,
                                                                 monkeypatch):
    menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&File")
    sub = window.email_seed.menu
    assert sub.menuAction() in menu.actions()
    assert [a.text().replace("&", "") for a in sub.actions() if a.text()] == [
        "Offer a shared seed…", "Answer an offer…", "Start the game from the answer…",
        "Check the first turn file…"]
    assert all(a.toolTip() and a.toolTip() != a.text() for a in sub.actions() if a.text())
    alice, bob = tmp_path / "alice", tmp_path / "bob"
    alice.mkdir()
    bob.mkdir()

    # 1. Alice chooses the game in the New game dialog (the seed box off), then
    # offers it: the mailed file holds the game and only the hash of her secret
    window.email_seed.offer_action.trigger()
    dialog = window.email_seed.dialog
    qtbot.waitUntil(lambda: dialog.isVisible())
    assert not dialog.seed.isEnabled() and not dialog.players.isVisible()
    dialog.select("ffl/basic")
    dialog.rules.setCurrentIndex(dialog.rules.findData("advise"))
    heavy = dialog.findChild(QCheckBox, "option_heavy_weapons")
    assert heavy.isEnabled() and not heavy.isChecked()
    heavy.setFocus()
    qtbot.keyClick(heavy, Qt.Key.Key_Space)
    assert heavy.isChecked()
    dialog.grab().save(str(tmp_path / "email-seed-dialog.png"))
    _answers(monkeypatch, "getSaveFileName", alice / "offer.json")
    qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Ok),
                     Qt.MouseButton.LeftButton)
    offer, secret = alice / "offer.json", alice / "offer.json.secret"
    qtbot.waitUntil(offer.is_file)
    assert "a" not in json.loads(offer.read_text())
    assert json.loads(offer.read_text())["game"] == {
        "scenario": "ffl/basic", "rules": "advise",
        "options": {**{o: False for o in dialog_options()}, "heavy_weapons": True}}
    a = json.loads(secret.read_text())["a"]
    assert json.loads(offer.read_text())["commit"] == commitment(a)
    assert "mail it" in window.statusBar().currentMessage()

    # 2. Bob answers the offer he received
    (bob / "offer.json").write_bytes(offer.read_bytes())
    _answers(monkeypatch, "getOpenFileName", bob / "offer.json")
    _answers(monkeypatch, "getSaveFileName", bob / "answer.json")
    window.email_seed.answer_action.trigger()
    b = json.loads((bob / "answer.json").read_text())["b"]
    (alice / "answer.json").write_bytes((bob / "answer.json").read_bytes())

    # 3. Alice starts the game offered: the secret is found beside the answer
    game = alice / "game.fflsave"
    _answers(monkeypatch, "getOpenFileName", alice / "answer.json")
    _answers(monkeypatch, "getSaveFileName", game)
    window.email_seed.start_action.trigger()
    assert window.email_seed.dialog is None                 # the game was chosen already
    qtbot.waitUntil(lambda: window.session is not None and window.session.path == game)
    session = window.session
    assert session.seed == joint_seed(a, b)
    assert session.rules == "advise" and session.options["heavy_weapons"] is True
    assert session.extra["seed_commit"] == {"commit": commitment(a), "a": a, "b": b}
    reopened = GameSession.open(game)           # our own open takes what was written
    assert reopened.seed == session.seed and reopened.options["heavy_weapons"] is True
    assert reopened.rules == "advise"

    # 4. Alice plays and mails the first turn file; Bob checks it with his answer
    rng = random.Random(3)
    for _ in range(6):
        session.do(rng.choice(list(session.controller.legal_actions(session.state))))
    turn = write_turn(session, bob / "turn-1.fflturn")
    _answers(monkeypatch, "getOpenFileName", turn, bob / "answer.json")
    window.email_seed.check_action.trigger()
    assert "made by both players" in window.statusBar().currentMessage()


def test_bad_files_are_named_in_one_line(window, qtbot, tmp_path, monkeypatch):
    junk = tmp_path / "junk.json"
    junk.write_text("{not json", encoding="utf-8")
    _answers(monkeypatch, "getOpenFileName", junk)
    _answers(monkeypatch, "getSaveFileName", tmp_path / "answer.json")
    window.email_seed.answer_action.trigger()
    box = window.last_error
    assert isinstance(box, QMessageBox) and box.isVisible()
    assert box.text().startswith(f"{junk} cannot be read as an offer file")
    assert "\n" not in box.text()
    assert not (tmp_path / "answer.json").exists()          # nothing written
    box.close()

    # an offer given where the answer is wanted
    window.email_seed.offer(tmp_path / "offer.json")
    _answers(monkeypatch, "getOpenFileName", tmp_path / "offer.json")
    window.email_seed.start_action.trigger()
    assert window.last_error.text() == \
        f"{tmp_path / 'offer.json'} is not an answer file of ffl email-seed"
    assert window.email_seed.dialog is None
    window.last_error.close()

    # a game written over its own secret is refused, the secret kept
    window.email_seed.answer(tmp_path / "offer.json", tmp_path / "answer.json")
    secret = tmp_path / "offer.json.secret"
    kept = secret.read_bytes()
    assert not window.email_seed.start(tmp_path / "answer.json", secret, "ffl/basic", secret)
    assert "is one of the seed files" in window.last_error.text()
    assert secret.read_bytes() == kept


def test_an_offer_without_a_game_asks_for_it_at_the_start(window, qtbot, tmp_path,
                                                          monkeypatch):
    from ffl.seed_commit import make_answer, make_offer

    offer, secret = make_offer(tmp_path / "offer.json")     # ffl email-seed offer alone
    make_answer(offer, tmp_path / "answer.json")
    kept = tmp_path / "elsewhere"
    kept.mkdir()
    secret = secret.rename(kept / secret.name)              # not beside the answer: asked
    _answers(monkeypatch, "getOpenFileName", tmp_path / "answer.json", secret)
    _answers(monkeypatch, "getSaveFileName", tmp_path / "game")
    window.email_seed.start_action.trigger()
    dialog = window.email_seed.dialog
    qtbot.waitUntil(lambda: dialog.isVisible())
    assert "answer.json" in dialog.findChild(QLabel, "emailSeedNote").text()
    dialog.select("ffl/basic")
    dialog.rules.setCurrentIndex(dialog.rules.findData("advise"))
    dialog.findChild(QCheckBox, "option_wounds").setChecked(True)
    qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Ok),
                     Qt.MouseButton.LeftButton)
    game = tmp_path / "game.fflsave"
    qtbot.waitUntil(lambda: window.session is not None and window.session.path == game)
    assert window.session.rules == "advise" and window.session.options["wounds"] is True
    assert GameSession.open(game).options["wounds"] is True


def test_a_replay_window_offers_no_email_game(window, qtbot):
    assert window.email_seed.menu.menuAction().isVisible()
    assert window.open_scenario("ffl/basic", seed=4)
    replay = window.replay_actions.replay_current()
    qtbot.addWidget(replay)     # a window of its own: it outlives the play window
    assert not replay.email_seed.menu.menuAction().isVisible()
    assert not replay.email_seed.menu.menuAction().isEnabled()
