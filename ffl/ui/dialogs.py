"""Dialogs of the play window: new game from a scenario, message boxes.

Message boxes are opened window-modal and non-blocking (``open``), so the
program and tests keep running while one is shown; the answer arrives through
a callback.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QSpinBox,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

ID_ROLE = Qt.ItemDataRole.UserRole


class NewGameDialog(QDialog):
    """Pick a scenario (with its description) and optionally a seed."""

    def __init__(self, scenarios: Sequence, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("newGameDialog")
        self.setWindowTitle("New game")
        self.resize(640, 400)
        self.scenarios = {s.id: s for s in scenarios}
        self.list = QListWidget()
        self.list.setObjectName("scenarioList")
        for info in scenarios:
            item = QListWidgetItem(f"{info.title}\n{info.game_title}  ·  {info.id}")
            item.setData(ID_ROLE, info.id)
            self.list.addItem(item)
        self.description = QTextBrowser()
        self.description.setObjectName("scenarioDescription")
        self.seed = QSpinBox()
        self.seed.setRange(0, 2**31 - 1)
        self.seed.setSpecialValueText("random")
        self.seed.setToolTip("The dice seed; 'random' picks a new one.")
        split = QSplitter()
        split.addWidget(self.list)
        split.addWidget(self.description)
        split.setSizes([260, 380])
        form = QFormLayout()
        form.addRow("Dice seed:", self.seed)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        if not scenarios:
            layout.addWidget(QLabel("No scenarios are installed."))
        layout.addWidget(split, 1)
        layout.addLayout(form)
        layout.addWidget(self.buttons)
        self.list.currentItemChanged.connect(self._show_description)
        self.list.itemDoubleClicked.connect(lambda *_: self.accept())
        if scenarios:
            self.list.setCurrentRow(0)
        self._update_ok()

    def _show_description(self, *_: object) -> None:
        info = self.scenarios.get(self.selected_id() or "")
        if info is None:
            self.description.clear()
        else:
            self.description.setPlainText(
                f"{info.title}\n{info.game_title}\n\n{info.description or 'No description.'}")
        self._update_ok()

    def _update_ok(self) -> None:
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(self.selected_id() is not None)

    def selected_id(self) -> str | None:
        item = self.list.currentItem()
        return item.data(ID_ROLE) if item else None

    def select(self, scenario_id: str) -> None:
        for i in range(self.list.count()):
            if self.list.item(i).data(ID_ROLE) == scenario_id:
                self.list.setCurrentRow(i)
                return

    def chosen_seed(self) -> int | None:
        return self.seed.value() or None


def show_error(parent: QWidget, title: str, text: str, detail: str = "") -> QMessageBox:
    """A non-blocking error box (objectName ``errorBox``)."""
    box = QMessageBox(QMessageBox.Icon.Warning, title, text,
                      QMessageBox.StandardButton.Ok, parent)
    box.setObjectName("errorBox")
    if detail:
        box.setInformativeText(detail)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.open()
    return box


def ask(parent: QWidget, name: str, title: str, text: str,
        answer: Callable[[bool], None], detail: str = "") -> QMessageBox:
    """A non-blocking Yes/No question; ``answer(True)`` for Yes."""
    box = QMessageBox(QMessageBox.Icon.Question, title, text,
                      QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, parent)
    box.setObjectName(name)
    box.setDefaultButton(QMessageBox.StandardButton.Yes)
    if detail:
        box.setInformativeText(detail)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

    def done(_result: int) -> None:
        clicked = box.clickedButton()
        answer(clicked is not None
               and box.standardButton(clicked) == QMessageBox.StandardButton.Yes)

    box.finished.connect(done)
    box.open()
    return box
