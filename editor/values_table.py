"""ValuesTable (in the Pieces dock): the printed values of the chosen piece type,
one row each, typed without JSON.

A value is a whole number (``4``), a number with a point (``1.5``), yes or no,
or a text (``R``); a value that was yes/no stays yes/no.  Renaming a value,
changing it, adding one (Add value) or removing one (Remove) is one undo step
each, written to the type's ``values`` (the table's Values column shows the
same as JSON).  Lists and objects, which a game may keep there, are shown but
not edited here.
"""

from __future__ import annotations

import copy
import json
import re
from typing import Any

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from . import edits

NAME, VALUE = range(2)
YES, NO = ("yes", "true"), ("no", "false")


def shown(value: Any) -> str:
    """A value as the table shows it."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | dict):
        return json.dumps(value, sort_keys=True)
    return str(value)


def parse(text: str, old: Any = None) -> Any:
    """A value typed in: yes/no for a yes/no value, else a whole number, a
    number with a point, or the text itself (ValueError for an empty one)."""
    text = text.strip()
    if isinstance(old, bool):
        if text.lower() in YES + NO:
            return text.lower() in YES
        raise ValueError(f"{text!r} is not yes or no")
    if not text:
        raise ValueError("a value cannot be empty (Remove takes it away)")
    if re.fullmatch(r"[-+]?\d+", text):
        return int(text)
    if re.fullmatch(r"[-+]?(\d+\.\d*|\.\d+)", text):
        return float(text)
    return text


class ValuesTable(QWidget):
    """The values of one piece type (row ``row`` of the Pieces table)."""

    def __init__(self, editor, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.editor = editor
        self.row = -1
        self._names: list[str] = []
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.title = QLabel()
        layout.addWidget(self.title)
        self.table = QTableWidget(0, 2)
        self.table.setHorizontalHeaderLabels(["Value", "Printed as"])
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setColumnWidth(NAME, 120)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setMinimumHeight(110)
        self.table.setMaximumHeight(150)
        layout.addWidget(self.table)
        buttons = QHBoxLayout()
        self.add_button = QPushButton("Add value")
        self.add_button.setToolTip("Add a value to the piece type (then type its name and value)")
        self.remove_button = QPushButton("Remove value")
        self.remove_button.setToolTip("Remove the chosen value from the piece type")
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        buttons.addStretch(1)
        layout.addLayout(buttons)
        self.error = QLabel()
        self.error.setStyleSheet("color: #b3261e")
        self.error.setWordWrap(True)
        layout.addWidget(self.error)
        self.table.itemChanged.connect(self._edited)
        self.add_button.clicked.connect(self.add)
        self.remove_button.clicked.connect(self.remove)
        self.show_type(-1)

    def values(self) -> dict[str, Any]:
        types = self.editor.doc.data["piece_types"]
        return dict(types[self.row].get("values", {})) if 0 <= self.row < len(types) else {}

    def show_type(self, row: int) -> None:
        """Show the values of the type in ``row`` (-1: none)."""
        self.row = row
        types = self.editor.doc.data["piece_types"]
        valid = 0 <= row < len(types)
        self.title.setText(f"Values of <b>{types[row]['name'] or types[row]['id']}</b>" if valid
                           else "Values (choose a piece type)")
        values = self.values()
        current = self.table.currentRow()
        with QSignalBlocker(self.table):
            if list(values) != self._names or self.table.rowCount() != len(values):
                self.table.setRowCount(0)
                self.table.setRowCount(len(values))
                self._names = list(values)
            for r, (name, value) in enumerate(values.items()):
                for col, text in ((NAME, name), (VALUE, shown(value))):
                    item = self.table.item(r, col)
                    if item is None:
                        item = QTableWidgetItem()
                        self.table.setItem(r, col, item)
                    item.setText(text)
                    if isinstance(value, list | dict) and col == VALUE:
                        item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
                        item.setForeground(QColor("#6b6b6b"))
                        item.setToolTip("kept by the game as data: edit it in the Values "
                                        "column above")
            if 0 <= current < len(values):
                self.table.setCurrentCell(current, NAME)
        for w in (self.table, self.add_button):
            w.setEnabled(valid)
        self.remove_button.setEnabled(valid and bool(values))

    # -- edits ---------------------------------------------------------------------------

    def _write(self, text: str, values: dict[str, Any]) -> bool:
        return self.editor.push(text, edits.set_at(self.editor.doc,
                                                   ("piece_types", self.row, "values"), values))

    def _edited(self, item: QTableWidgetItem) -> None:
        r = item.row()
        if not 0 <= r < len(self._names):
            return
        name, values = self._names[r], self.values()
        try:
            if item.column() == NAME:
                new = item.text().strip()
                if not new:
                    raise ValueError("a value needs a name")
                if new != name and new in values:
                    raise ValueError(f"the type already has a value called {new!r}")
                changed = {(new if k == name else k): v for k, v in values.items()}
                what = f"Rename value {name}"
            else:
                changed = dict(values, **{name: parse(item.text(), values[name])})
                what = f"Value {name}"
        except ValueError as exc:
            self.error.setText(f"Not applied: {exc}")
            self.show_type(self.row)
            return
        self.error.clear()
        if not self._write(what, changed):
            self.show_type(self.row)

    def add(self) -> bool:
        """Add a value (``value-1``, 0) and choose its name to be typed over."""
        values = self.values()
        n = 1
        while f"value-{n}" in values:
            n += 1
        name = f"value-{n}"
        if not self._write(f"Add value {name}", {**copy.deepcopy(values), name: 0}):
            return False
        if name in self._names:
            self.table.setCurrentCell(self._names.index(name), NAME)
        return True

    def remove(self) -> bool:
        r = self.table.currentRow()
        if not 0 <= r < len(self._names):
            return False
        name = self._names[r]
        values = {k: v for k, v in self.values().items() if k != name}
        return self._write(f"Remove value {name}", values)
