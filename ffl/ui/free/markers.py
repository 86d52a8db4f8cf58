"""The small dialog that puts a marker on a counter: its name and how many.

The name is chosen from a few usual markers or typed freely; the dialog opens
window-modal and non-blocking (``open``), and hands ``(name, count)`` to its
callback when accepted.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ffl.games.free.controller import MAX_MARKER

#: the markers offered first (any other name may be typed)
DEFAULT_MARKERS = ("disrupted", "spent", "hit", "out of command", "moved", "fired", "pinned")
MAX_NAME = 30


class MarkerDialog(QDialog):
    """Ask for a marker's name and count (objectName ``freeMarkerDialog``)."""

    def __init__(self, parent: QWidget, piece_name: str, known: dict[str, int],
                 done: Callable[[str, int], object]) -> None:
        super().__init__(parent)
        self.setObjectName("freeMarkerDialog")
        self.setWindowTitle("Add marker")
        self.setWindowModality(Qt.WindowModality.WindowModal)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self._done = done
        self.known = dict(known)
        self.name = QComboBox()
        self.name.setObjectName("markerName")
        self.name.setEditable(True)
        self.name.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        names = list(dict.fromkeys([*DEFAULT_MARKERS, *sorted(known)]))
        self.name.addItems(names)
        self.name.lineEdit().setMaxLength(MAX_NAME)
        self.name.setToolTip("Choose a marker or type any name (up to 30 characters)")
        self.count = QSpinBox()
        self.count.setObjectName("markerCount")
        self.count.setRange(1, MAX_MARKER)
        self.count.setToolTip(f"How many of this marker the counter carries (1 to {MAX_MARKER})")
        self.name.currentTextChanged.connect(self._name_changed)
        self._name_changed(self.name.currentText())
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setToolTip("Put the marker on the counter")
        self.buttons.button(QDialogButtonBox.StandardButton.Cancel).setToolTip(
            "Close without changing anything")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        form = QFormLayout()
        form.addRow("Marker", self.name)
        form.addRow("Count", self.count)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(f"Put a marker on <b>{piece_name}</b>:"))
        layout.addLayout(form)
        layout.addWidget(self.buttons)
        self.name.setFocus()

    def _name_changed(self, text: str) -> None:
        """A marker already on the counter starts at its count plus one."""
        current = self.known.get(text.strip(), 0)
        self.count.setValue(min(MAX_MARKER, current + 1))

    def value(self) -> tuple[str, int]:
        return self.name.currentText().strip(), self.count.value()

    def accept(self) -> None:
        name, count = self.value()
        if not name:
            self.name.setFocus()
            return
        super().accept()
        self._done(name, count)
