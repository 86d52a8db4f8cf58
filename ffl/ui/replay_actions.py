"""The play window's File menu entries for replays, branches and e-mail games.

* File › Replay… (Ctrl+Shift+R): a saved game opens in a replay window
  (:class:`~ffl.ui.replay_window.ReplayWindow`); File › Replay this game shows
  the game being played, from its start;
* File › Send turn file… (Ctrl+E): the moves since the last exchange go into a
  turn file (``.fflturn``) to mail, and the game is saved in its own file (the
  turn file that comes back applies onto it); File › Open turn file…: the
  opponent's turn file is checked (hash chain, dice, that it follows from your
  copy of the game), the game goes on in this window (saved in its file) and
  a replay window steps through the new moves.

The store, the replay model and the replay window are imported on first use.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QFileDialog, QMainWindow

from .actions import make_action

TURN_FILTER = "Turn files (*.fflturn);;All files (*)"
REPLAY_FILTER = "Saved games (*.fflsave *.fflturn);;All files (*)"


class ReplayActions:
    """The actions, kept on the window as ``window.replay_actions``."""

    def __init__(self, window) -> None:
        self.window = window
        #: replay windows opened from this window (kept alive while shown)
        self.windows: list = []
        self.replay_action = self._action("&Replay…", self.replay_dialog,
                                          [QKeySequence("Ctrl+Shift+R")], "replayAction",
                                          "Step through a saved game: board, log and dice as "
                                          "they were; bookmarks, notes and branches")
        self.replay_this_action = self._action("Replay &this game", self.replay_current, (),
                                               "replayThisAction",
                                               "Step through the game shown, from its start")
        self.send_turn_action = self._action("Send &turn file…", self.send_turn_dialog,
                                             [QKeySequence("Ctrl+E")], "sendTurnAction",
                                             "Write the moves since the last exchange to a "
                                             "turn file to mail to the other player")
        self.open_turn_action = self._action("Open t&urn file…", self.open_turn_dialog, (),
                                             "openTurnAction",
                                             "Open the other player's turn file: it is "
                                             "checked, then its moves are shown one by one")

    def _action(self, text, slot, shortcuts, name, tip):
        action = make_action(self.window, text, shortcuts, name, tip)
        action.triggered.connect(lambda _=False: slot())
        self.window.addAction(action)
        return action

    @property
    def all(self) -> list:
        return [self.replay_action, self.replay_this_action, self.send_turn_action,
                self.open_turn_action]

    def update(self) -> None:
        has_game = self.window.session is not None
        self.replay_this_action.setEnabled(has_game)
        self.send_turn_action.setEnabled(has_game)

    # -- replay -------------------------------------------------------------------------

    def replay_dialog(self) -> None:
        name, _ = QFileDialog.getOpenFileName(self.window, "Replay a saved game",
                                              str(self.window.saves_folder), REPLAY_FILTER)
        if name:
            self.replay_file(Path(name))

    def replay_file(self, path: Path, position: int = 0):
        """A replay window on the saved game ``path`` (an error box if it cannot be
        opened); returns the window or None."""
        from ffl.replay import Replay

        from .dialogs import busy_cursor
        from .files import load_errors, user_message

        try:
            with busy_cursor():
                replay = Replay.open(path)
        except load_errors() as exc:
            self.window.error("Cannot replay the file", user_message(exc))
            return None
        replay.goto(position)
        return self.show(replay)

    def replay_current(self):
        """A replay of the game shown (as far as it has gone), from its start."""
        from ffl.replay import Replay

        session = self.window.session
        if session is None:
            return None
        replay = Replay(session)
        replay.path = None          # its notes go to the game in play, saved with it
        replay.goto(0)
        return self.show(replay)

    def show(self, replay):
        from .replay_window import ReplayWindow

        w = ReplayWindow(replay, settings=self.window.settings,
                         data_folder=self.window.data_folder, play_window=self.window)
        self.windows.append(w)
        w.destroyed.connect(lambda _=None, w=w: self.windows.remove(w)
                            if w in self.windows else None)
        w.show()
        w.raise_()
        return w

    # -- e-mail ---------------------------------------------------------------------------

    def default_turn_path(self) -> Path:
        from ffl.turnfile import TURN_SUFFIX, email_state

        session = self.window.session
        n = email_state(session)["exchange"] + 1
        base = session.path.stem if session.path is not None else \
            session.scenario.id.replace("/", "-")
        folder = session.path.parent if session.path is not None else self.window.saves_folder
        return folder / f"{base}-turn-{n}{TURN_SUFFIX}"

    def send_turn_dialog(self) -> None:
        if self.window.session is None:
            return
        name, _ = QFileDialog.getSaveFileName(self.window, "Send a turn file",
                                              str(self.default_turn_path()), TURN_FILTER)
        if name:
            self.send_turn(Path(name))

    def send_turn(self, path: Path) -> bool:
        from ffl.turnfile import TURN_SUFFIX, email_state, write_turn

        from .files import load_errors, user_message

        session = self.window.session
        if session is None:
            return False
        if not path.suffix:
            path = path.with_suffix(TURN_SUFFIX)
        since = email_state(session)["since"]
        try:
            write_turn(session, path)
        except load_errors() as exc:
            self.window.error("Cannot write the turn file", user_message(exc))
            return False
        moves = len(session.log.events) - since
        # the turn file that comes back applies onto this game: keep it saved
        kept = self._save_game()
        self.window.refresh()
        after = f" Your game is saved in {kept.name}." if kept is not None else \
            " Save your game: the turn file that comes back applies onto it."
        self.window.show_status(f"Wrote {path.name}: {moves} events since the last exchange. "
                                f"Mail it to the other player.{after}", 15_000)
        return True

    def _save_game(self):
        """Save the game shown to its own file, if it has one (not the autosave);
        returns the path saved, or None."""
        session = self.window.session
        path = session.path if session is not None else None
        if path is None or path == getattr(self.window, "autosave_path", None):
            return None
        return path if self.window.save_as(path) else None

    def open_turn_dialog(self) -> None:
        name, _ = QFileDialog.getOpenFileName(self.window, "Open a turn file",
                                              str(self.window.saves_folder), TURN_FILTER)
        if name:
            self.open_turn(Path(name))

    def open_turn(self, path: Path):
        """Check the turn file against the game shown (if it is the same game), play
        on from its end here, and step through its new moves in a replay window
        (returned; None if the file was refused, with an error box naming why)."""
        from ffl.replay import Replay
        from ffl.turnfile import open_turn

        from .dialogs import busy_cursor
        from .files import load_errors, user_message

        try:
            with busy_cursor():
                turn = open_turn(path, self.window.session)
        except load_errors() as exc:
            self.window.error("Cannot open the turn file", user_message(exc))
            return None
        session = turn.session
        if turn.moves_only:
            # the moves were added to the game shown: it goes on in its own file
            replay = Replay(session, session.path)
            if not self.window.show_loaded(session, session.path):
                return None
            kept = self._save_game()
            checked = "added to your copy" + (f", saved in {kept.name}" if kept else "")
        else:
            replay = Replay(session, path)
            session.path = None     # saving the game goes to a game file, not over the turn
            if not self.window.show_loaded(session, None):
                return None
            checked = "checked against your copy" if turn.compared else \
                "no copy of this game was open to check it against"
        rules = turn.rules
        if rules is not None and not rules.checked:
            checked += "; the moves were not checked against the rules"
        elif rules is not None and rules.unchecked:
            checked += (f"; {rules.unchecked} move(s) could not be matched to a legal action "
                        f"and were not checked (first at event {rules.first_unchecked}): "
                        "look at them")
        elif rules is not None:
            checked += "; every move checked against the rules"
        if rules is not None and rules.checked:
            if rules.against_rules:
                checked += f" ({rules.against_rules} played against them, in advise mode)"
        replay.goto(turn.since)
        w = self.show(replay)
        w.show_status(f"Turn file {turn.exchange}: {len(turn.new_events)} new events "
                      f"({checked}). Step through them with → and Shift+→.", 20_000)
        return w


def install_replay_actions(window: QMainWindow) -> ReplayActions:
    """Add the replay and e-mail entries to a play window's File menu (before
    Print, or before Quit)."""
    actions = ReplayActions(window)
    window.replay_actions = actions
    file_menu = next((a.menu() for a in window.menuBar().actions()
                      if a.menu() is not None and a.text().replace("&", "") == "File"), None)
    if file_menu is None:
        file_menu = window.menuBar().addMenu("&File")
    printing = getattr(window, "print_actions", None)
    anchor = getattr(printing, "print_action", None) or getattr(window, "quit_action", None)
    before = anchor if anchor in file_menu.actions() else None
    for action in actions.all[:2]:
        file_menu.insertAction(before, action)
    file_menu.insertSeparator(before)
    for action in actions.all[2:]:
        file_menu.insertAction(before, action)
    from .email_seed import install_email_seed  # File › E-mail game: the shared seed

    install_email_seed(window)
    file_menu.insertSeparator(before)
    file_menu.aboutToShow.connect(actions.update)
    return actions
