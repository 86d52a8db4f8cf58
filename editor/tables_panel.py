"""TablesPanel: the module's game tables (``module.attrs["tables"]``) as a list of
numbers to edit.

Each row is one number of the tables, named by its place in them
(``mf_costs › enter``, ``movement_rates › foot › fort``).  Typing a new whole
number in the Value column writes it as one undo step through the editor's
undo stack, like every other edit; anything else (a word, a fraction, a
negative number) is refused with a message and the old value comes back.  A
game reads these numbers in play: French Foreign Legion's are the Game Card's
movement rates and MF costs (6.12, 6.124), which its rules and the printed
Game Card use.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from . import edits

#: where the tables live in the document
TABLES_PATH = ("module", "attrs", "tables")
COLUMNS = ("Entry", "Value")
ENTRY, VALUE = range(len(COLUMNS))
SEPARATOR = " › "


def numbers(tables: Any, prefix: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], int]]:
    """Every whole number in ``tables`` (nested objects), with its path, in order."""
    out: list[tuple[tuple[str, ...], int]] = []
    if not isinstance(tables, dict):
        return out
    for key, value in tables.items():
        path = (*prefix, str(key))
        if isinstance(value, dict):
            out += numbers(value, path)
        elif isinstance(value, int) and not isinstance(value, bool):
            out.append((path, value))
    return out


def parse(text: str) -> int:
    """A table value typed in: a whole number of 0 or more (ValueError otherwise)."""
    text = text.strip()
    if not text.isdigit():
        raise ValueError(f"{text!r} is not a whole number of 0 or more")
    return int(text)


class TablesPanel(QWidget):
    """The numbers of ``module.attrs["tables"]``; each change is one undo step."""

    def __init__(self, editor, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.editor = editor
        self._paths: list[tuple[str, ...]] = []
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        self.note = QLabel()
        self.note.setWordWrap(True)
        layout.addWidget(self.note)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.verticalHeader().setVisible(False)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked
                                   | QAbstractItemView.EditTrigger.EditKeyPressed
                                   | QAbstractItemView.EditTrigger.AnyKeyPressed)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(ENTRY, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(VALUE, QHeaderView.ResizeMode.ResizeToContents)
        layout.addWidget(self.table, 1)
        self.error = QLabel()
        self.error.setStyleSheet("color: #b3261e")
        self.error.setWordWrap(True)
        layout.addWidget(self.error)
        self.table.itemChanged.connect(self._edited)

    # -- reading ------------------------------------------------------------------------

    def tables(self) -> Any:
        return self.editor.doc.data["module"]["attrs"].get(TABLES_PATH[-1])

    def row_of(self, *path: str) -> int:
        """The row showing the number at ``path`` (ValueError if none)."""
        return self._paths.index(tuple(path))

    def value_item(self, *path: str) -> QTableWidgetItem:
        return self.table.item(self.row_of(*path), VALUE)

    def refresh(self) -> None:
        """Show the document's tables (values updated in place when only they changed)."""
        found = numbers(self.tables())
        paths = [p for p, _ in found]
        blocker = QSignalBlocker(self.table)
        if paths != self._paths:
            self._paths = paths
            self.table.setRowCount(0)
            self.table.setRowCount(len(found))
            for row, path in enumerate(paths):
                entry = QTableWidgetItem(SEPARATOR.join(path))
                entry.setFlags(entry.flags() & ~Qt.ItemFlag.ItemIsEditable)
                self.table.setItem(row, ENTRY, entry)
                value = QTableWidgetItem()
                value.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                self.table.setItem(row, VALUE, value)
        for row, (_, value) in enumerate(found):
            item = self.table.item(row, VALUE)
            if item.text() != str(value):
                item.setText(str(value))
        del blocker
        self.note.setText(self.note_text(paths))

    def note_text(self, paths: list[tuple[str, ...]]) -> str:
        """What the list is: the numbers the module's own game reads in play,
        named by their tables (French Foreign Legion's are the Game Card's)."""
        if not paths:
            return "This module has no game tables (module attribute \"tables\")."
        from ffl.games import manifest

        game = self.editor.doc.data["module"].get("game", "")
        found = manifest(game)
        title = found.title if found is not None else (game or "free play")
        tables = ", ".join(dict.fromkeys(p[0] for p in paths))
        card = " (the Game Card's)" if game == "ffl" else ""
        return f"The numbers {title} reads in play{card}, by table: {tables}."

    # -- writing ------------------------------------------------------------------------

    def set_value(self, path: tuple[str, ...], value: int) -> bool:
        """Write one number as an undo step; True if it changed anything."""
        changes = edits.set_at(self.editor.doc, (*TABLES_PATH, *path), value)
        return self.editor.push(f"Set {SEPARATOR.join(path)} to {value}", changes)

    def _edited(self, item: QTableWidgetItem) -> None:
        if item.column() != VALUE or not 0 <= item.row() < len(self._paths):
            return
        path = self._paths[item.row()]
        try:
            value = parse(item.text())
        except ValueError as exc:
            self.error.setText(f"Not changed: {SEPARATOR.join(path)}: {exc}")
            self.refresh_value(item.row())
            return
        self.error.clear()
        if not self.set_value(path, value):
            self.refresh_value(item.row())

    def refresh_value(self, row: int) -> None:
        """Show the document's value again in ``row`` (after a refused entry)."""
        found = dict(numbers(self.tables()))
        item = self.table.item(row, VALUE)
        blocker = QSignalBlocker(self.table)
        item.setText(str(found.get(self._paths[row], "")))
        del blocker
