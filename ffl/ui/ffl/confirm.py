"""Questions asked before something that cannot be taken back, each with a
"Don't ask again" box remembered in the settings (the player's choice, per
question): ending a phase with units that have not acted, drawing a chit, a
drag that rolls dice.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QMessageBox

#: settings keys of the questions (True: ask; the box's tick stores False)
ASK_END_PHASE = "ffl/ask_end_phase"
ASK_DRAW = "ffl/ask_draw"
ASK_ROLL_DRAG = "ffl/ask_roll_drag"


def asking(settings, key: str) -> bool:
    return bool(settings.value(key, True, type=bool))


def confirm(ui, name: str, key: str, title: str, text: str, detail: str,
            go: Callable[[], None], yes: str = "Yes") -> QMessageBox | None:
    """Ask ``text`` (with ``detail``) before ``go()``; no question, straight to
    ``go()``, once the player ticked "Don't ask again" for ``key``.  Non-blocking:
    returns the box (None when it was not asked)."""
    settings = ui.settings
    if not asking(settings, key):
        go()
        return None
    box = QMessageBox(QMessageBox.Icon.Question, title, text,
                      QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                      ui.host.parent_widget())
    box.setObjectName(name)
    box.button(QMessageBox.StandardButton.Yes).setText(yes)
    box.setDefaultButton(QMessageBox.StandardButton.Yes)
    if detail:
        box.setInformativeText(detail)
    check = QCheckBox("Don't ask again")
    check.setObjectName("dontAskAgain")
    box.setCheckBox(check)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

    def done(_result: int) -> None:
        clicked = box.clickedButton()
        if clicked is None or box.standardButton(clicked) != QMessageBox.StandardButton.Yes:
            return
        if check.isChecked():
            settings.setValue(key, False)
        go()

    box.finished.connect(done)
    box.open()
    return box
