"""Autosave and crash recovery of the play window (mixed into
:class:`~ffl.ui.game_files.GameFilesMixin`).

After every completed action (every change the session reports, undo and redo
included) the game is written to this window's own autosave on the next turn
of the event loop; if the previous change is still unwritten when the next
comes (a busy event loop ran something else first) it is written at once, so
the autosave is never more than the action in progress behind; the actions of
one group (a dragged path) are written once.  The file is written atomically
through the store.  Each running program has its own autosave slot
(:class:`ffl.store.autosave.AutosaveSlots`), locked while it runs, so a second
program never takes, offers or deletes the first one's game.  At start-up the
autosaves of programs that are gone are offered one at a time, newest first:
*Recover* deletes the old file only once the game is shown and autosaved
again; *Discard* asks a second time; *Not now* and Esc keep it for the next
start; one that cannot be opened is kept under another name.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from ffl.session import GameSession

from .dialogs import ask
from .files import AUTOSAVE_NAME, LoadError, load_errors, user_message


class AutosaveMixin:
    """The autosave and recovery part of the play window's file handling."""

    @property
    def autosave_slots(self):
        """This window's autosave slot in the saves folder (claimed on first use)."""
        if self._slots is None:
            from ffl.store.autosave import AutosaveSlots

            name = Path(AUTOSAVE_NAME)
            self._slots = AutosaveSlots(self.saves_folder, name.stem, name.suffix)
            self._slots.claim()
        return self._slots

    @property
    def autosave_path(self) -> Path:
        """This window's own autosave (``autosave.fflsave``, or ``autosave-2.fflsave``
        while another program holds the first slot)."""
        return self.autosave_slots.path or self.saves_folder / AUTOSAVE_NAME


    def schedule_autosave(self) -> None:
        """The game changed: write the autosave on the next turn of the event loop.
        If the last change is still not written when this one comes (a busy event
        loop ran something else first), it is written now, so the autosave is never
        more than the action in progress behind; the actions of one group (a
        dragged path) are written once, after the group."""
        if not self.autosave_enabled or self.session is None:
            return
        if self._autosave_timer.isActive():
            if not self.session.grouping:
                self.write_autosave()
            return
        self._autosave_timer.start()

    @property
    def autosave_due(self) -> bool:
        """A change is waiting to be autosaved (on the next turn of the event loop)."""
        return self._autosave_timer.isActive()

    def write_autosave(self) -> bool:
        """Write the autosave now (atomically, through the store)."""
        self._autosave_timer.stop()
        if not self.autosave_enabled or self.session is None:
            return False
        from ffl.store import save_game

        try:
            save_game(self.autosave_path, self.session.snapshot())
        except load_errors() as exc:
            self.statusBar().showMessage(f"Autosave failed: {user_message(exc)}", 8000)
            return False
        return True

    def recovery_candidate(self) -> Path | None:
        """The newest autosave left by a program that did not close cleanly (not
        one a running program holds), if any."""
        if not self.autosave_enabled:
            return None
        self.autosave_slots  # noqa: B018 - claim this window's slot first
        orphans = self.autosave_slots.orphans()
        for orphan in orphans:
            orphan.release()
        return orphans[0].path if orphans else None

    def offer_recovery(self, otherwise: Callable[[], object] | None = None) -> QMessageBox | None:
        """Ask whether to recover the newest autosave a gone program left; then
        ``otherwise`` runs unless a game was recovered.  Recover opens it; Discard
        deletes it after a second question; closing the box (or Not now) keeps it
        for the next start.  It stays locked while the question is open."""
        orphans = self.autosave_slots.orphans() if self.autosave_enabled else []
        if not orphans:
            if otherwise:
                otherwise()
            return None
        orphan, others = orphans[0], orphans[1:]
        for other in others:      # offered at a later start, one at a time
            other.release()
        buttons = (QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Discard
                   | QMessageBox.StandardButton.Cancel)
        box = QMessageBox(QMessageBox.Icon.Question, "Recover the last game?",
                          "A game was not closed properly. Recover it from its autosave?",
                          buttons, self)
        box.setObjectName("recoverBox")
        box.setInformativeText(str(orphan.path))
        box.button(QMessageBox.StandardButton.Yes).setText("&Recover")
        box.button(QMessageBox.StandardButton.Cancel).setText("&Not now")
        box.setDefaultButton(QMessageBox.StandardButton.Yes)
        box.setEscapeButton(QMessageBox.StandardButton.Cancel)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

        def answered(_result: int) -> None:
            self.recovery_box = None
            clicked = box.clickedButton()
            choice = box.standardButton(clicked) if clicked is not None else None
            if choice == QMessageBox.StandardButton.Yes:
                if self._recover_orphan(orphan):
                    return
            elif choice == QMessageBox.StandardButton.Discard:
                self.confirm_discard(orphan, otherwise)
                return
            else:
                orphan.release()          # kept for the next start
            if otherwise:
                otherwise()

        box.finished.connect(answered)
        box.open()
        self.recovery_box = box
        return box

    def confirm_discard(self, orphan, otherwise: Callable[[], object] | None) -> QMessageBox:
        """Ask before an autosave is deleted; No keeps it for the next start."""
        def answer(yes: bool) -> None:
            if yes:
                orphan.discard()
            else:
                orphan.release()
            if otherwise:
                otherwise()

        return ask(self, "discardBox", "Discard the autosaved game?",
                   "The game in this autosave will be lost. Discard it?", answer,
                   detail=str(orphan.path))

    def recover(self, path: Path) -> bool:
        """Open an autosave as an unsaved game (False, with an error box, if it
        cannot be opened or shown)."""
        try:
            session = self.load_path(path)
        except LoadError as exc:
            self.error("Cannot recover the game", str(exc))
            return False
        return self._show_recovered(session)

    def _recover_orphan(self, orphan) -> bool:
        """Recover a gone program's autosave: once the game is shown and written to
        this window's own autosave, the old file goes; if it cannot be opened it
        is kept under another name and the error box says where."""
        try:
            session = self.load_path(orphan.path)
        except LoadError as exc:
            kept = orphan.set_aside()
            self.error("Cannot recover the game", str(exc), f"The autosave is kept as {kept}.")
            return False
        if not self._show_recovered(session):
            orphan.set_aside()
            return False
        if self.write_autosave() or not self.autosave_enabled:
            orphan.discard()
        else:
            orphan.release()
        return True

    def _show_recovered(self, session: GameSession) -> bool:
        session.path = None  # Save must ask for a real name
        if not self.show_loaded(session, None):
            return False
        self._saved_position = None  # not saved anywhere yet
        self.refresh()
        return True
