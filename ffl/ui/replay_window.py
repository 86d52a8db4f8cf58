"""ReplayWindow: a saved game shown as it was after any event, read-only.

It is the play window itself (:class:`~ffl.ui.window.PlayWindow`: the same map,
counters, game UI, event log and dice) showing a
:class:`~ffl.replay.ReplaySession`, which refuses every action, plus the
replay's own controls: a tool bar and keys to step by event (← →), by step,
one player action (Shift+← →), by phase (PgUp PgDn) and by turn (Ctrl+PgUp
Ctrl+PgDn), Home and End, a turn to jump to, a double click on a line of the
log (back to just after that event), and the Replay dock with the
position, the bookmark and note of the position shown, the list of bookmarks
and notes, and *Branch from here*.  Ctrl+S writes the notes into the file
(nothing else in it changes).  The game UI's hand-over screen never covers the
replay of a finished game (it shows every side); a game still in play keeps it.
The game's own buttons and Game-menu commands are shown disabled, with a
tooltip saying why (:mod:`.replay_lock`); the board stays viewable.
"""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from ffl.engine import Event
from ffl.game_meta import origin_text
from ffl.replay import Replay

from .host import WindowHost
from .replay_lock import ReplayLock
from .window import PlayWindow

TITLE = "Replay"


class ReplayHost(WindowHost):
    """The replay's host: the hand-over screen (hot-seat secrets) never shows in
    the replay of a finished game, where nothing is secret any more; a game still
    being played keeps it, so a replay shows no side what it may not see."""

    def _finished(self) -> bool:
        replay = getattr(self.window, "replay", None)
        return bool(replay is not None and replay.finished)

    def hand_over(self, text: str, button: str = "I am ready"):
        cover = super().hand_over(text, button)
        if self._finished():
            cover.hide()
        return cover

    def covered(self) -> bool:
        return False if self._finished() else super().covered()

    def add_menu_action(self, action) -> None:
        """A Game-menu command is shown disabled in a replay (an on/off setting
        stays usable): :mod:`.replay_lock`."""
        super().add_menu_action(action)
        lock = getattr(self.window, "replay_lock", None)
        if lock is not None:
            lock.lock_action(action)


class ReplayWindow(PlayWindow):
    """A replay of ``replay`` (see the module's description)."""

    host_class = ReplayHost

    def __init__(self, replay: Replay, settings=None, data_folder=None, play_window=None,
                 parent: QWidget | None = None) -> None:
        super().__init__(settings=settings, data_folder=data_folder, autosave=False,
                         parent=parent)
        self.replay = replay
        #: the play window a branch opens in (made on demand when there is none)
        self.play_window = play_window
        self.branched_to: Path | None = None
        self.setObjectName("replayWindow")
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        #: the game's own controls, shown disabled (nothing can be played here)
        self.replay_lock = ReplayLock(self)
        self._hide_play_actions()
        self._build_replay_actions()
        self._build_replay_dock()
        self.set_session(replay.session)
        # a double click on a line of the log goes back to just after that event
        self.event_log.eventActivated.connect(self.goto)
        self.show_position()

    # -- construction -----------------------------------------------------------------------

    def _hide_play_actions(self) -> None:
        for action in (self.new_action, self.open_action, self.save_as_action,
                       self.undo_action, self.redo_action, self.undo_rolls_action,
                       *self.rules_actions.values(), *self.replay_actions.all,
                       self.email_seed.menu.menuAction()):     # File › E-mail game
            action.setVisible(False)
            action.setEnabled(False)
        self.save_action.setText("&Save bookmarks and notes")
        self.save_action.setStatusTip("Write the bookmarks and notes into the game's file")
        self.quit_action.setText("&Close replay")
        self.quit_action.setShortcuts([QKeySequence("Ctrl+W"), QKeySequence("Ctrl+Q")])

    def _build_replay_actions(self) -> None:
        r = self.replay
        specs = [
            ("start", "|◀ Start", ["Home"], lambda: r.goto(0), "To the start of the game"),
            ("turnBack", "◀◀ Turn", ["Ctrl+PgUp"], lambda: r.step_turn(-1),
             "Back to the start of this turn (or the one before)"),
            ("phaseBack", "◀ Phase", ["PgUp"], lambda: r.step_phase(-1),
             "Back to the start of this phase (or the one before)"),
            ("stepBack", "◁ Step", ["Shift+Left"], lambda: r.step_step(-1),
             "Back one step (one player action)"),
            ("eventBack", "‹ Event", ["Left"], lambda: r.step_event(-1), "Back one event"),
            ("eventForward", "Event ›", ["Right"], lambda: r.step_event(1),
             "Forward one event"),
            ("stepForward", "Step ▷", ["Shift+Right"], lambda: r.step_step(1),
             "Forward one step (one player action)"),
            ("phaseForward", "Phase ▶", ["PgDown"], lambda: r.step_phase(1),
             "Forward to the start of the next phase"),
            ("turnForward", "Turn ▶▶", ["Ctrl+PgDown"], lambda: r.step_turn(1),
             "Forward to the start of the next turn"),
            ("end", "End ▶|", ["End"], lambda: r.goto(r.total), "To the end of the game"),
        ]
        self.nav_actions = {}
        bar = QToolBar("Replay", self)
        bar.setObjectName("replayToolBar")
        bar.setMovable(False)
        replay_menu = QMenu("&Replay", self)
        replay_menu.setObjectName("replayMenu")
        self.menuBar().insertMenu(self.view_menu.menuAction(), replay_menu)
        self.replay_menu = replay_menu
        for name, text, keys, move, tip in specs:
            action = self._action(text, lambda _=False, m=move: self._move(m), keys,
                                  f"{name}Action", f"{tip} ({', '.join(keys)})")
            bar.addAction(action)
            replay_menu.addAction(action)
            self.nav_actions[name] = action
        replay_menu.addSeparator()
        self.bookmark_action = self._action("Toggle &bookmark", self._toggle_bookmark,
                                            [QKeySequence("Ctrl+B")], "bookmarkAction",
                                            "Bookmark the position shown (or take it off)")
        self.branch_action = self._action("&Branch from here", self.branch_here,
                                          [QKeySequence("Ctrl+Shift+B")], "branchAction",
                                          "A new game with the history up to here, to play "
                                          "a 'what if'; the original stays as it is")
        replay_menu.addAction(self.bookmark_action)
        replay_menu.addAction(self.branch_action)
        bar.addSeparator()
        bar.addAction(self.branch_action)
        self.addToolBar(Qt.ToolBarArea.BottomToolBarArea, bar)
        self.replay_bar = bar

    def _build_replay_dock(self) -> None:
        panel = QWidget()
        layout = QVBoxLayout(panel)
        self.position_label = QLabel()
        self.position_label.setObjectName("replayPosition")
        self.position_label.setWordWrap(True)
        self.origin_label = QLabel(origin_text(self.replay.session.extra))
        self.origin_label.setObjectName("originLabel")
        self.origin_label.setWordWrap(True)
        self.origin_label.setVisible(bool(self.origin_label.text()))
        turn_row = QHBoxLayout()
        turn_row.addWidget(QLabel("Go to turn:"))
        self.turn_combo = QComboBox()
        self.turn_combo.setObjectName("turnCombo")
        for turn in self.replay.turns():
            self.turn_combo.addItem(str(turn), turn)
        self.turn_combo.activated.connect(self._turn_chosen)
        self.turn_combo.setEnabled(self.turn_combo.count() > 0)
        turn_row.addWidget(self.turn_combo, 1)
        self.bookmark_box = QCheckBox("Bookmark this position")
        self.bookmark_box.setObjectName("bookmarkBox")
        self.bookmark_box.toggled.connect(self._bookmark_toggled)
        self.note_edit = QPlainTextEdit()
        self.note_edit.setObjectName("noteEdit")
        self.note_edit.setPlaceholderText("A note on this position (saved with Ctrl+S)")
        self.note_edit.setMaximumHeight(90)
        self.note_edit.textChanged.connect(self._note_edited)
        self.marks_list = QListWidget()
        self.marks_list.setObjectName("bookmarkList")
        self.marks_list.setWordWrap(True)
        self.marks_list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.marks_list.itemActivated.connect(self._mark_chosen)
        self.marks_list.itemClicked.connect(self._mark_chosen)
        self.branch_button = QPushButton("Branch from here")
        self.branch_button.setObjectName("branchButton")
        self.branch_button.setToolTip(self.branch_action.toolTip())
        self.branch_button.clicked.connect(lambda: self.branch_here())
        for w in (self.position_label, self.origin_label):
            layout.addWidget(w)
        layout.addLayout(turn_row)
        layout.addWidget(self.bookmark_box)
        layout.addWidget(self.note_edit)
        layout.addWidget(QLabel("Bookmarks and notes:"))
        layout.addWidget(self.marks_list, 1)
        layout.addWidget(self.branch_button)
        self.replay_dock = QDockWidget(TITLE, self)
        self.replay_dock.setObjectName("replayDock")
        self.replay_dock.setWidget(panel)
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.replay_dock)
        self.resizeDocks([self.replay_dock], [260], Qt.Orientation.Horizontal)
        self._filling = False

    # -- layout: a replay leaves the play window's remembered layout alone ----------------------

    def restore_layout(self) -> None:
        return None

    def save_layout(self) -> None:
        return None

    # -- moving -----------------------------------------------------------------------------

    def _move(self, move) -> None:
        before = self.replay.position
        move()
        if self.replay.position != before:
            self.show_position()

    def goto(self, position: int) -> None:
        self._move(lambda: self.replay.goto(position))

    def _turn_chosen(self, index: int) -> None:
        if index >= 0:
            self._move(lambda: self.replay.goto_turn(self.turn_combo.itemData(index)))

    def _mark_chosen(self, item: QListWidgetItem) -> None:
        self.goto(int(item.data(Qt.ItemDataRole.UserRole)))

    def show_position(self) -> None:
        """Draw the position the replay is at: the board, the log up to it and the
        last roll before it, and the replay's own panel."""
        before = set(self.findChildren(QMessageBox))
        self.replay.session.show(self.replay.last_dice())
        # a game UI's news boxes (FFL's "Game over") would stop the stepping: the
        # status line says it instead
        for box in set(self.findChildren(QMessageBox)) - before:
            if box.isVisible() and box.objectName() != "errorBox":
                self.show_status(" ".join(re.sub(r"<[^>]*>", " ", box.text()).split()))
                box.close()

    def refresh(self, events: list[Event] | None = None) -> None:
        super().refresh(events)
        if not hasattr(self, "replay") or not hasattr(self, "marks_list"):
            return
        if self.host is not None:
            self.replay_lock.sweep([*self.host._docks, *self.host._toolbars])
        r = self.replay
        for action in (self.undo_action, self.redo_action, self.undo_rolls_action,
                       *self.rules_actions.values()):
            action.setEnabled(False)
        self.save_action.setEnabled(True)
        p, total = r.position, r.total
        mark = r.mark_at(p)
        event = r.event_at(p)
        where = [f"Event {p} of {total}"]
        if mark.turn is not None:
            where.append(f"turn {mark.turn}")
        if mark.phase:
            where.append(self.session.controller.phase(mark.phase).title
                         if hasattr(self.session.controller, "phase") else mark.phase)
        text = " · ".join(where)
        if event is not None:
            text += f"\n{event.text or event.kind}"
        self.position_label.setText(text)
        for name in ("start", "turnBack", "phaseBack", "stepBack", "eventBack"):
            self.nav_actions[name].setEnabled(p > 0)
        for name in ("eventForward", "stepForward", "phaseForward", "turnForward", "end"):
            self.nav_actions[name].setEnabled(p < total)
        self._fill_note(p)
        self._fill_marks()
        index = self.turn_combo.findData(mark.turn)
        if index >= 0 and index != self.turn_combo.currentIndex():
            self.turn_combo.setCurrentIndex(index)

    def prompt_text(self) -> str:
        if not hasattr(self, "replay"):
            return super().prompt_text()
        return f"Replay (read-only) · {super().prompt_text()}"

    def _update_title(self) -> None:
        if self.session is None or not hasattr(self, "replay"):
            super()._update_title()
            return
        where = self.replay.path.name if self.replay.path else "game in play"
        self.setWindowTitle(f"{TITLE}: {self.session.scenario.title} — {where}[*] — FFL")
        self.setWindowModified(self.is_modified())

    # -- bookmarks and notes -------------------------------------------------------------------

    def _fill_note(self, position: int) -> None:
        note = self.replay.note_at(position)
        self._filling = True
        try:
            self.bookmark_box.setChecked(bool(note and note.bookmark))
            text = note.text if note else ""
            if self.note_edit.toPlainText() != text:
                self.note_edit.setPlainText(text)
        finally:
            self._filling = False

    def _fill_marks(self) -> None:
        r = self.replay
        self.marks_list.clear()
        for note in r.session.notes:
            mark = r.mark_at(note.event)
            turn = f" · turn {mark.turn}" if mark.turn is not None else ""
            flag = "★ " if note.bookmark else ""
            first = note.text.strip().splitlines()[0] if note.text.strip() else ""
            item = QListWidgetItem(f"{flag}Event {note.event}{turn}"
                                   + (f": {first}" if first else ""))
            item.setData(Qt.ItemDataRole.UserRole, note.event)
            self.marks_list.addItem(item)
            if note.event == r.position:
                item.setSelected(True)

    def _bookmark_toggled(self, on: bool) -> None:
        if not self._filling:
            self.replay.set_note(self.replay.position, bookmark=on)
            self._fill_marks()
            self._update_title()

    def _toggle_bookmark(self) -> None:
        self.bookmark_box.toggle()

    def _note_edited(self) -> None:
        if not self._filling:
            self.replay.set_note(self.replay.position, text=self.note_edit.toPlainText())
            self._fill_marks()
            self._update_title()

    def is_modified(self) -> bool:
        return hasattr(self, "replay") and self.replay.notes_changed

    def mark_clean(self) -> None:
        return None

    def save(self) -> bool:
        """Write the bookmarks and notes into the game's file (a replay of the game
        in play hands them to that game, saved with it)."""
        from .files import load_errors, user_message

        r = self.replay
        if r.path is None or r.source.path is None:
            r.source.notes = list(r.session.notes)
            r.notes_changed = False
            self.show_status("The notes go with the game in play; save it to keep them.")
            self._update_title()
            return True
        try:
            r.save_notes()
        except load_errors() as exc:
            self.error("Cannot save the notes", user_message(exc))
            return False
        self.show_status(f"Saved the bookmarks and notes in {r.path.name}", 5000)
        self._update_title()
        return True

    def save_as_dialog(self) -> bool:
        return self.save()

    def ask_save_before_close(self):
        box = super().ask_save_before_close()
        box.setText("The bookmarks and notes are not saved.")
        return box

    # -- branching ----------------------------------------------------------------------------

    def branch_path(self) -> Path:
        """Where a branch at the position shown is written: beside the original,
        ``NAME-branch-EVENT.fflsave`` (a number added if that exists)."""
        from ffl.replay import step_start

        r = self.replay
        at = step_start(r.session, r.position)
        if r.path is not None:
            folder, stem = r.path.parent, r.path.stem
        else:
            folder, stem = self.saves_folder, r.session.scenario.id.replace("/", "-")
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{stem}-branch-{at}.fflsave"
        n = 2
        while path.exists():
            path = folder / f"{stem}-branch-{at}-{n}.fflsave"
            n += 1
        return path

    def branch_here(self, path: Path | None = None):
        """A new game from the position shown, saved as :meth:`branch_path` (the
        original file is not touched) and opened in the play window."""
        from .dialogs import busy_cursor
        from .files import load_errors, user_message

        try:
            with busy_cursor():
                session = self.replay.branch()
                target = Path(path) if path is not None else self.branch_path()
                session.save(target)
        except load_errors() as exc:
            self.error("Cannot branch from here", user_message(exc))
            return None
        play = self._play_window()
        if not play.show_loaded(session, target):
            return None
        play.show()
        play.raise_()
        play.show_status(f"{origin_text(session.extra)}: playing {target.name}", 15_000)
        self.branched_to = target
        self.show_status(f"Branched to {target.name} (the original is unchanged)", 10_000)
        return play

    def _play_window(self) -> PlayWindow:
        if self.play_window is None:
            self.play_window = PlayWindow(settings=self.settings, data_folder=self.data_folder)
            self.play_window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        return self.play_window


def _scratch_settings(out: Path):
    from PySide6.QtCore import QSettings

    scratch = Path(out).with_name(f".{Path(out).name}.ini")
    return QSettings(str(scratch), QSettings.Format.IniFormat), scratch


def screenshot_replay(replay: Replay, out: str | Path, size=None) -> None:
    """The replay window at the replay's position, grabbed to a PNG (its own
    settings file, so the user's are untouched)."""
    from .app import SCREENSHOT_SIZE, create_app, grab_to_png

    create_app()
    settings, scratch = _scratch_settings(Path(out))
    settings.setValue("ffl/animate_dice", False)   # the roll as it fell, not tumbling
    window = ReplayWindow(replay, settings=settings)
    try:
        window.resize(size or SCREENSHOT_SIZE)
        window.show()
        grab_to_png(window, out)
    finally:
        window.close()
        scratch.unlink(missing_ok=True)


def run_replay(replay: Replay) -> int:
    """The replay window until it (and any game branched from it) is closed."""
    from .app import create_app

    app = create_app()
    window = ReplayWindow(replay)
    window.show()
    return app.exec()
