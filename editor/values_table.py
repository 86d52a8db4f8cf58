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
    """The values of one piece type (row ``row`` of the Pieces table).

    A subclass edits another name-to-value object of the document the same
    way (:class:`~editor.placement_form.DataTable`: a placed piece's data):
    it says where it is (:meth:`path`), how it is titled and named, and
    whether lists and objects are typed as JSON there."""

    #: the table's headers, and the Add and Remove buttons' words
    HEADERS = ("Value", "Printed as")
    NOUN = "value"
    #: who has them, in the refusal of a name taken twice
    OWNER = "the type"
    #: lists and objects typed as JSON in the table (else shown, not edited)
    JSON_TYPED = False

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
        self.table.setHorizontalHeaderLabels(list(self.HEADERS))
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setColumnWidth(NAME, 120)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setMinimumHeight(110)
        self.table.setMaximumHeight(150)
        layout.addWidget(self.table)
        buttons = QHBoxLayout()
        self.add_button = QPushButton(f"Add {self.NOUN}")
        self.add_button.setToolTip("Add a value to the piece type (then type its name and value)")
        self.remove_button = QPushButton(f"Remove {self.NOUN}")
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

    def path(self) -> tuple | None:
        """Where the values edited are in the document (None: nothing chosen)."""
        types = self.editor.doc.data["piece_types"]
        return ("piece_types", self.row, "values") if 0 <= self.row < len(types) else None

    def values(self) -> dict[str, Any]:
        path = self.path()
        if path is None:
            return {}
        try:
            return dict(self.editor.doc.get(path))
        except (KeyError, IndexError):
            return {}

    def heading(self) -> str:
        types = self.editor.doc.data["piece_types"]
        if self.path() is None:
            return "Values (choose a piece type)"
        return f"Values of <b>{types[self.row]['name'] or types[self.row]['id']}</b>"

    def show_type(self, row: int) -> None:
        """Show the values of the type in ``row`` (-1: none)."""
        self.row = row
        self.refill()

    def refill(self) -> None:
        """Show the values at :meth:`path` as the document has them now."""
        valid = self.path() is not None
        self.title.setText(self.heading())
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
                    if isinstance(value, list | dict) and col == VALUE and \
                            not self.JSON_TYPED:
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
        return self.editor.push(text, edits.set_at(self.editor.doc, self.path(), values))

    def parse(self, text: str, old: Any) -> Any:
        """A value typed over ``old`` (ValueError with the reason if it cannot be)."""
        if self.JSON_TYPED and isinstance(old, list | dict):
            try:
                value = json.loads(text)
            except ValueError:
                raise ValueError(f"{text!r} is not JSON (it was {shown(old)})") from None
            return value
        return parse(text, old)

    def _edited(self, item: QTableWidgetItem) -> None:
        r = item.row()
        if not 0 <= r < len(self._names):
            return
        name, values = self._names[r], self.values()
        try:
            if item.column() == NAME:
                new = item.text().strip()
                if not new:
                    raise ValueError(f"a {self.NOUN} needs a name")
                if new != name and new in values:
                    raise ValueError(f"{self.OWNER} already has a {self.NOUN} called {new!r}")
                changed = {(new if k == name else k): v for k, v in values.items()}
                what = f"Rename {self.NOUN} {name}"
            else:
                changed = dict(values, **{name: self.parse(item.text(), values[name])})
                what = f"{self.NOUN.capitalize()} {name}"
        except ValueError as exc:
            self.error.setText(f"Not applied: {exc}")
            self.refill()
            return
        self.error.clear()
        if not self._write(what, changed):
            self.refill()

    def add(self) -> bool:
        """Add a value (``value-1``, 0) and choose its name to be typed over."""
        values = self.values()
        n = 1
        while f"{self.NOUN}-{n}" in values:
            n += 1
        name = f"{self.NOUN}-{n}"
        if not self._write(f"Add {self.NOUN} {name}", {**copy.deepcopy(values), name: 0}):
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
        return self._write(f"Remove {self.NOUN} {name}", values)
