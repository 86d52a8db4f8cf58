"""The passphrase asked for when a saved game holding a side's sealed secrets
is opened (``ffl/sealing.py``): typed unseen; Cancel opens the game as the
other player sees it."""

from __future__ import annotations

from PySide6.QtWidgets import QInputDialog, QLineEdit, QWidget


def ask_passphrase(parent: QWidget | None, owner: str) -> str | None:
    dialog = QInputDialog(parent)
    dialog.setObjectName("passphraseDialog")
    dialog.setWindowTitle("Sealed secrets")
    dialog.setLabelText(f"This game holds the {owner.capitalize()} player's secrets, "
                        "sealed.\nHis passphrase opens them; Cancel opens the game as "
                        "the other player sees it.")
    dialog.setTextEchoMode(QLineEdit.EchoMode.Password)
    if dialog.exec() != QInputDialog.DialogCode.Accepted:
        return None
    return dialog.textValue() or None


def install(window: QWidget) -> None:
    """``window`` asks for passphrases while it lives (``sealing.ASK``)."""
    from ffl import sealing

    def asker(owner: str) -> str | None:
        return ask_passphrase(window, owner)

    sealing.ASK = asker

    def gone(*_args) -> None:
        if sealing.ASK is asker:
            sealing.ASK = None

    window.destroyed.connect(gone)
