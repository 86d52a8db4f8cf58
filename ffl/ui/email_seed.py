"""File › E-mail game: the seed of an e-mail game made by both players, in the
play window (the steps of ``ffl email-seed``, ``ffl/seed_commit.py``).

* Offer a shared seed…: the player who starts chooses the game in the New
  game dialog (scenario, rules mode, options; the seed box is off) and writes
  the offer to mail (the game and the hash of a random secret), keeping the
  secret beside it (``OFFER.secret``);
* Answer an offer…: the other player adds his own random half and mails the
  answer back (keeping a copy);
* Start the game from the answer…: the game offered, seeded by both halves,
  is saved and shown (an offer made by ``ffl email-seed offer`` without a game
  asks for it here, in the same dialog);
* Check the first turn file…: the other player makes sure the game's seed was
  made with his answer, and the game is the one offered.

Every file is read through ``seed_commit``; a bad one gives a one-line error
box naming the file.  File dialogs are the static ``QFileDialog`` functions of
this module (tests replace them, as for the other File menu entries).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QLabel, QMainWindow, QMenu

from .actions import make_action

SEED_FILTER = "Seed files (*.json);;All files (*)"
SECRET_FILTER = "Kept secrets (*.secret);;All files (*)"
TURN_FILTER = "Turn files (*.fflturn *.fflsave);;All files (*)"
GAME_FILTER = "Saved games (*.fflsave)"


class EmailSeedActions:
    """The File › E-mail game submenu, kept on the window as ``window.email_seed``."""

    def __init__(self, window) -> None:
        self.window = window
        #: the New game dialog of the last start (non-blocking)
        self.dialog = None
        self.menu = QMenu("E-&mail game", window)
        self.menu.setObjectName("emailSeedMenu")
        self.menu.setToolTipsVisible(True)
        self.menu.menuAction().setToolTip("Make an e-mail game's seed together with the "
                                          "other player, so neither of you chooses it")
        self.offer_action = self._action(
            "&Offer a shared seed…", self.offer_dialog, "offerSeedAction",
            "You start the game: choose it, then write the offer to mail (the game and "
            "only the hash of your secret half; the secret stays in a .secret file "
            "beside it)")
        self.answer_action = self._action(
            "&Answer an offer…", self.answer_dialog, "answerSeedAction",
            "The other player offered a seed: add your own random half and mail the "
            "answer back (keep a copy to check his first turn file)")
        self.start_action = self._action(
            "&Start the game from the answer…", self.start_dialog, "startSeedAction",
            "The answer came back: the game offered starts, its seed made of your "
            "secret and the answer")
        self.menu.addSeparator()
        self.check_action = self._action(
            "&Check the first turn file…", self.check_dialog, "checkSeedAction",
            "Make sure the first turn file's seed was made with the answer you sent, "
            "and that it is the game offered")

    def _action(self, text, slot, name, tip):
        action = make_action(self.window, text, (), name, tip)
        action.triggered.connect(lambda _=False: slot())
        self.menu.addAction(action)
        return action

    @property
    def folder(self) -> Path:
        return self.window.saves_folder

    def _status(self, text: str) -> None:
        self.window.show_status(text, 20_000)

    def _fail(self, title: str, exc: BaseException) -> None:
        from .files import user_message

        self.window.error(title, user_message(exc))

    # -- 1. offer -----------------------------------------------------------------------

    def offer_dialog(self):
        """The game to offer (New game dialog, non-blocking), then the file."""
        def chosen(scenario, rules, options) -> None:
            name, _ = QFileDialog.getSaveFileName(
                self.window, "Offer a shared seed: the file to mail",
                str(self.folder / "seed-offer.json"), SEED_FILTER)
            if name:
                self.offer(Path(name), scenario, rules, options)

        return self.game_dialog(
            "E-mail game: the game you offer",
            "Choose the game to offer the other player: the scenario, the rules and the "
            "options go into the offer with the hash of your secret half, so once the "
            "seed is known neither of you can try it on another game.", chosen)

    def offer(self, path: Path, scenario: str | None = None, rules: str | None = None,
              options: dict | None = None) -> bool:
        from ffl.seed_commit import make_offer, offered_game

        from .files import load_errors

        try:
            game = offered_game(scenario, rules, options) if scenario else None
            offer, secret = make_offer(path, game)
        except load_errors() as exc:
            self._fail("Cannot write the offer", exc)
            return False
        self._status(f"Wrote {offer.name}: mail it to the other player. Keep {secret.name} "
                     "(do not mail it): you start the game with it when the answer comes.")
        return True

    # -- 2. answer ----------------------------------------------------------------------

    def answer_dialog(self) -> None:
        name, _ = QFileDialog.getOpenFileName(self.window, "Answer an offer: the offer "
                                              "received", str(self.folder), SEED_FILTER)
        if not name:
            return
        offer = Path(name)
        out, _ = QFileDialog.getSaveFileName(self.window, "Answer an offer: the answer to "
                                             "mail back",
                                             str(offer.with_name("seed-answer.json")),
                                             SEED_FILTER)
        if out:
            self.answer(offer, Path(out))

    def answer(self, offer: Path, path: Path) -> bool:
        from ffl.seed_commit import make_answer

        from .files import load_errors

        try:
            make_answer(offer, path)
        except load_errors() as exc:
            self._fail("Cannot answer the offer", exc)
            return False
        self._status(f"Wrote {path.name}: mail it back and keep a copy, to check the first "
                     "turn file with (File › E-mail game › Check the first turn file…).")
        return True

    # -- 3. start -----------------------------------------------------------------------

    def start_dialog(self) -> None:
        from ffl.seed_commit import answer_game, find_secret

        from .files import load_errors

        name, _ = QFileDialog.getOpenFileName(self.window, "Start the game: the answer "
                                              "received", str(self.folder), SEED_FILTER)
        if not name:
            return
        answer = Path(name)
        try:
            game = answer_game(answer)
            secret = find_secret(answer, dict.fromkeys([answer.parent, self.folder]))
        except load_errors() as exc:
            self._fail("Cannot start the game", exc)
            return
        if secret is None:      # kept somewhere else: ask for it
            name, _ = QFileDialog.getOpenFileName(self.window, "Start the game: the secret "
                                                  "you kept (OFFER.secret)",
                                                  str(self.folder), SECRET_FILTER)
            if not name:
                return
            secret = Path(name)
        if game is not None:    # the game was chosen with the offer
            self.save_dialog(answer, secret, game["scenario"], None, None)
        else:
            self.choose_game(answer, secret)

    def choose_game(self, answer: Path, secret: Path):
        """An offer that named no game (``ffl email-seed offer`` alone): the New
        game dialog for the scenario, rules mode and options, then the file."""
        return self.game_dialog(
            "E-mail game: start from the answer",
            f"The dice seed is made of your kept secret ({secret.name}) and the other "
            f"player's answer ({answer.name}). Choose the scenario, the rules and the "
            "options, then where to save the game.",
            lambda sid, rules, options: self.save_dialog(answer, secret, sid, rules, options))

    def game_dialog(self, title: str, text: str, then):
        """The New game dialog (non-blocking, ``self.dialog``) without its seed box
        and players: on OK ``then(scenario, rules, options)``."""
        from ffl import catalog

        from .dialogs import NewGameDialog
        from .files import load_errors

        try:
            scenarios = catalog.list_scenarios()
        except load_errors() as exc:
            self._fail("Cannot list the scenarios", exc)
            return None
        dialog = NewGameDialog(scenarios, self.window)
        dialog.setObjectName("emailSeedGameDialog")
        dialog.setWindowTitle(title)
        dialog.seed.setSpecialValueText("made by both players")
        dialog.seed.setValue(0)
        dialog.seed.setEnabled(False)
        dialog.seed.setToolTip("The seed is made of your secret half and the other "
                               "player's answer: neither of you chooses it")
        dialog.players.setVisible(False)      # both sides are people in an e-mail game
        dialog.players.setEnabled(False)
        note = QLabel(text)
        note.setObjectName("emailSeedNote")
        note.setWordWrap(True)
        dialog.layout().insertWidget(0, note)
        if self.window.session is not None:
            dialog.select(self.window.session.scenario.id)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

        def chosen() -> None:
            sid = dialog.selected_id()
            self.dialog = None
            if sid:
                then(sid, dialog.chosen_rules(), dialog.options.values())

        dialog.accepted.connect(chosen)
        dialog.open()
        self.dialog = dialog
        return dialog

    def save_dialog(self, answer, secret, scenario, rules, options) -> None:
        start = answer.with_name(scenario.replace("/", "-") + "-email.fflsave")
        name, _ = QFileDialog.getSaveFileName(self.window, "Start the game: save it as",
                                              str(start), GAME_FILTER)
        if name:
            self.start(answer, secret, scenario, Path(name), rules, options)

    def start(self, answer: Path, secret: Path, scenario: str | None, path: Path,
              rules: str | None = None, options: dict | None = None) -> bool:
        from ffl.seed_commit import start_game

        from .dialogs import busy_cursor
        from .files import load_errors

        try:
            with busy_cursor():
                session = start_game(answer, secret, scenario, path, rules=rules,
                                     options=options)
        except load_errors() as exc:
            self._fail("Cannot start the game", exc)
            return False
        if not self.window.show_loaded(session, session.path):
            return False
        self.window.mark_clean()
        self._status(f"Started {session.path.name} with the seed made by both players. "
                     "Play your turn, then File › Send turn file…")
        return True

    # -- 4. check -----------------------------------------------------------------------

    def check_dialog(self) -> None:
        name, _ = QFileDialog.getOpenFileName(self.window, "Check the first turn file",
                                              str(self.folder), TURN_FILTER)
        if not name:
            return
        turn = Path(name)
        out, _ = QFileDialog.getOpenFileName(self.window, "Check the first turn file: the "
                                             "answer you sent", str(turn.parent), SEED_FILTER)
        if out:
            self.check(turn, Path(out))

    def check(self, turn: Path, answer: Path) -> bool:
        from ffl.seed_commit import check_turn

        from .dialogs import busy_cursor
        from .files import load_errors

        try:
            with busy_cursor():
                check_turn(turn, answer)
        except load_errors() as exc:
            self._fail("The seed was not made with you", exc)
            return False
        self._status(f"{turn.name}: the seed was made by both players (the secret offered "
                     f"before your answer, and your answer {answer.name}).")
        return True


def install_email_seed(window: QMainWindow) -> EmailSeedActions:
    """File › E-mail game, after Open turn file… (or before Print, or Quit)."""
    actions = EmailSeedActions(window)
    window.email_seed = actions
    file_menu = next((a.menu() for a in window.menuBar().actions()
                      if a.menu() is not None and a.text().replace("&", "") == "File"), None)
    if file_menu is None:
        file_menu = window.menuBar().addMenu("&File")
    items = file_menu.actions()
    replay = getattr(window, "replay_actions", None)
    after = getattr(replay, "open_turn_action", None)
    if after in items and items.index(after) + 1 < len(items):
        before = items[items.index(after) + 1]
    else:
        printing = getattr(window, "print_actions", None)
        anchor = getattr(printing, "print_action", None) or getattr(window, "quit_action", None)
        before = anchor if anchor in items else None
    file_menu.insertMenu(before, actions.menu)
    return actions
