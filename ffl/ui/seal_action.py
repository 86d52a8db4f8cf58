"""File > Seal for mailing…: the copy of the game to mail to one player, every
other side's secrets sealed with its owner's passphrase (:mod:`ffl.sealing`;
the window's counterpart of ``ffl seal SAVE --for SIDE -o OUT``).

The dialog asks whom the file is for and, for each other side whose secrets
the game holds, that player's passphrase (typed unseen; a passphrase in
``FFL_SECRET_<SIDE>`` or typed earlier when a sealed save was opened need not
be typed again).  Then the file name; the game in the window is not changed.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMessageBox,
    QWidget,
)

from ffl import sealing
from ffl.ui.files import SAVE_SUFFIX


def side_names(session) -> dict[str, str]:
    """The scenario's sides as its players read them (19.1: the Mutineer player)."""
    ctrl = session.controller
    named = getattr(ctrl, "scenario_side_name", None)
    return {s: named(session.state, s) if named else ctrl.side_name(s)
            for s in session.scenario.sides}


def owners(session, recipient: str) -> list[str]:
    """The sides other than ``recipient`` with secrets in the game's log."""
    return sorted({o for e in session.log.events
                   if (o := sealing.owner_of(e)) and o != recipient
                   and sealing.SEALED not in e.info})


class SealDialog(QDialog):
    """Whom the copy is for, and the passphrases that seal the others' secrets."""

    def __init__(self, parent: QWidget, session) -> None:
        super().__init__(parent)
        self.setObjectName("sealDialog")
        self.setWindowTitle("Seal for mailing")
        self.session = session
        self.names = side_names(session)
        form = QFormLayout(self)
        intro = QLabel("Writes the copy of this game to mail to one player: the other "
                       "sides' secrets are sealed, each with its player's passphrase.")
        intro.setWordWrap(True)
        form.addRow(intro)
        self.recipient = QComboBox()
        self.recipient.setObjectName("sealRecipient")
        for side, name in self.names.items():
            self.recipient.addItem(f"The {name} player", side)
        form.addRow("For", self.recipient)
        self.phrases: dict[str, QLineEdit] = {}
        for side, name in self.names.items():
            edit = QLineEdit()
            edit.setObjectName(f"sealPassphrase_{side}")
            edit.setEchoMode(QLineEdit.EchoMode.Password)
            edit.textChanged.connect(self._sync)
            self.phrases[side] = edit
            form.addRow(f"Passphrase of the {name} player", edit)
        self.note = QLabel()
        self.note.setObjectName("sealNote")
        self.note.setWordWrap(True)
        form.addRow(self.note)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        form.addRow(self.buttons)
        self.form = form
        self.recipient.currentIndexChanged.connect(self._sync)
        self._sync()

    @property
    def side(self) -> str:
        return str(self.recipient.currentData() or "")

    def needed(self) -> list[str]:
        """The owners whose passphrase must still be typed."""
        return [o for o in owners(self.session, self.side) if not sealing.KEYRING.has(o)]

    def _sync(self) -> None:
        needed = self.needed()
        for side, edit in self.phrases.items():
            self.form.setRowVisible(edit, side in needed)
        secret = owners(self.session, self.side)
        if not secret:
            self.note.setText("The game holds no secret of another side: the copy is the "
                              "save as it is.")
        else:
            names = ", ".join(self.names.get(o, o) for o in secret)
            self.note.setText(f"Sealed in the copy: the secrets of the {names} player"
                              f"{'s' if len(secret) > 1 else ''}.")
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(all(self.phrases[o].text() for o in needed))

    def keyring(self) -> sealing.Keyring:
        keys = sealing.Keyring()
        for owner in owners(self.session, self.side):
            typed = self.phrases[owner].text() if owner in self.phrases else ""
            known = sealing.KEYRING.passphrases.get(owner)
            if typed or known:
                keys.add(owner, typed or known)
        return keys


class SealAction:
    """File > Seal for mailing… of one play window."""

    def __init__(self, window: QMainWindow) -> None:
        self.window = window
        self.action = QAction("Seal for &mailing…", window)
        self.action.setObjectName("sealAction")
        tip = "Write the copy of this game to mail to one player, the others' secrets sealed"
        self.action.setToolTip(tip)
        self.action.setStatusTip(tip)
        self.action.triggered.connect(self.ask)
        self.dialog: SealDialog | None = None

    def ask(self) -> SealDialog | None:
        session = getattr(self.window, "session", None)
        if session is None:
            QMessageBox.information(self.window, "Seal for mailing", "Open a game first.")
            return None
        dialog = SealDialog(self.window, session)
        dialog.accepted.connect(lambda: self._chosen(dialog))
        self.dialog = dialog
        dialog.open()
        return dialog

    def _chosen(self, dialog: SealDialog) -> None:
        session = dialog.session
        name = dialog.names.get(dialog.side, dialog.side).lower().replace(" ", "-")
        stem = session.path.stem if session.path else session.scenario.name
        start = (session.path.parent if session.path else Path.home()) / \
            f"{stem}-for-{name}{SAVE_SUFFIX}"
        path, _ = QFileDialog.getSaveFileName(self.window, "Seal for mailing", str(start),
                                              f"Saved games (*{SAVE_SUFFIX})")
        if path:
            self.write(Path(path), dialog.side, dialog.keyring())

    def write(self, path: Path, recipient: str, keys: sealing.Keyring) -> bool:
        """Seal the open game for ``recipient`` into ``path``; errors are shown."""
        from ffl.store import StoreError, save_game

        session = self.window.session
        try:
            save_game(path, sealing.seal(session, recipient, keys))
        except (sealing.SealError, StoreError, OSError) as exc:
            QMessageBox.warning(self.window, "Seal for mailing", str(exc))
            return False
        self.window.statusBar().showMessage(
            f"Wrote {path} for the {side_names(session).get(recipient, recipient)} player",
            8000)
        return True


def install_seal_action(window: QMainWindow) -> SealAction:
    """File > Seal for mailing…, after Save as (or before Quit)."""
    seal = SealAction(window)
    window.seal_action = seal
    file_menu = next((a.menu() for a in window.menuBar().actions()
                      if a.menu() is not None and a.text().replace("&", "") == "File"), None)
    if file_menu is None:
        file_menu = window.menuBar().addMenu("&File")
    save_as = getattr(window, "save_as_action", None)
    acts = file_menu.actions()
    if save_as in acts and acts.index(save_as) + 1 < len(acts):
        file_menu.insertAction(acts[acts.index(save_as) + 1], seal.action)
    else:
        file_menu.addAction(seal.action)
    return seal
