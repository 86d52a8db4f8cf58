"""SetupTable: a scenario's set-up restrictions as an editable table, plus the
rest of its set-up data as JSON ("Other").  Reading and writing the data is
``setup_rules``; this widget only shows the rows and collects the edits."""

from __future__ import annotations

import json

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from .setup_rules import KINDS, Restriction, read_setup, write_setup

COLUMNS = ("Side", "Who", "Restriction", "Parameter", "Rule", "More")
SIDE, WHO, KIND, PARAM, RULE, MORE = range(len(COLUMNS))
HINTS = {
    WHO: "empty for the whole side; org: squad-1, pieces: id1, id2, squads: 1, others",
    PARAM: "inside: building: Barracks, area: parade, terrain: fort (no key: area); "
           "on squares: A1, B2",
    RULE: "the rule number this restriction comes from",
    MORE: "anything else about this restriction, as a JSON object",
}


class SetupTable(QWidget):
    """The restriction rows of one scenario's set-up and its other set-up data."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.sides: list[str] = []
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().setVisible(False)
        self.table.setWordWrap(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        for col, width in ((SIDE, 78), (WHO, 120), (KIND, 150), (PARAM, 170), (RULE, 54)):
            self.table.setColumnWidth(col, width)
        for col, hint in HINTS.items():
            self.table.horizontalHeaderItem(col).setToolTip(hint)
        self.table.setMinimumHeight(150)
        layout.addWidget(self.table, 1)
        row = QHBoxLayout()
        self.add_button = QPushButton("Add restriction")
        self.remove_button = QPushButton("Remove restriction")
        row.addWidget(self.add_button)
        row.addWidget(self.remove_button)
        row.addStretch(1)
        layout.addLayout(row)
        layout.addWidget(QLabel("Other set-up data (JSON)"))
        self.other = QPlainTextEdit()
        self.other.setMaximumHeight(110)
        self.other.setToolTip("set-up keys the table does not show, kept exactly as they are")
        layout.addWidget(self.other)
        self.add_button.clicked.connect(lambda: self.add_row())
        self.remove_button.clicked.connect(self.remove_row)

    # -- filling ----------------------------------------------------------------------------

    def load(self, setup: dict, sides: list[str]) -> None:
        """Show ``setup`` for a scenario with ``sides``."""
        self.sides = list(sides)
        rows, other = read_setup(setup, self.sides)
        self.table.setRowCount(0)
        for r in rows:
            self.add_row(r)
        self.other.setPlainText(json.dumps(other, sort_keys=True, indent=1) if other else "")
        self.table.clearSelection()

    def clear(self) -> None:
        self.table.setRowCount(0)
        self.other.clear()

    def set_sides(self, sides: list[str]) -> None:
        """Offer ``sides`` in every row's side box (keeping each row's side)."""
        self.sides = list(sides)
        for r in range(self.table.rowCount()):
            box = self.table.cellWidget(r, SIDE)
            current = box.currentText()
            box.clear()
            box.addItems(self._side_choices(current))
            box.setCurrentText(current)

    def _side_choices(self, side: str) -> list[str]:
        return self.sides + ([side] if side and side not in self.sides else [])

    def add_row(self, row: Restriction | None = None) -> int:
        """Append a row (a new one: the first side, 'inside', nothing else yet)."""
        if row is None:
            row = Restriction(self.sides[0] if self.sides else "")
        r = self.table.rowCount()
        self.table.insertRow(r)
        side = QComboBox()
        side.setEditable(True)
        side.addItems(self._side_choices(row.side))
        side.setCurrentText(row.side)
        self.table.setCellWidget(r, SIDE, side)
        kind = QComboBox()
        for key, label in KINDS:
            kind.addItem(label, key)
        kind.setCurrentIndex(kind.findData(row.kind))
        self.table.setCellWidget(r, KIND, kind)
        who = QTableWidgetItem(row.who)
        who.setData(Qt.ItemDataRole.UserRole, row.source)
        self.table.setItem(r, WHO, who)
        self.table.setItem(r, PARAM, QTableWidgetItem(row.param))
        rule = QTableWidgetItem(row.rule)
        if row.source is not None and row.source.level == "section":
            # the side section's own rule: shared by its rows, changed in Other
            rule.setFlags(rule.flags() & ~Qt.ItemFlag.ItemIsEditable)
            rule.setForeground(QColor("#6b6b6b"))
            rule.setToolTip("the rule of the whole side's set-up (edit it in Other)")
        self.table.setItem(r, RULE, rule)
        more = json.dumps(row.more, sort_keys=True) if row.more else ""
        self.table.setItem(r, MORE, QTableWidgetItem(more))
        for col in (WHO, PARAM, MORE):
            self.table.item(r, col).setToolTip(HINTS[col])
        self.table.setCurrentCell(r, WHO)
        return r

    def remove_row(self) -> None:
        r = self.table.currentRow()
        if 0 <= r < self.table.rowCount():
            self.table.removeRow(r)

    # -- reading back -----------------------------------------------------------------------

    def rows(self) -> list[Restriction]:
        """The rows as shown (raises ValueError for a More cell that is not an object)."""
        out = []
        for r in range(self.table.rowCount()):
            more_text = self.table.item(r, MORE).text().strip()
            try:
                more = json.loads(more_text) if more_text else {}
            except ValueError as exc:
                raise ValueError(f"restriction {r + 1}: More is not JSON ({exc})") from None
            if not isinstance(more, dict):
                raise ValueError(f"restriction {r + 1}: More must be a JSON object {{...}}")
            out.append(Restriction(
                side=self.table.cellWidget(r, SIDE).currentText().strip(),
                who=self.table.item(r, WHO).text(),
                kind=self.table.cellWidget(r, KIND).currentData(),
                param=self.table.item(r, PARAM).text(),
                rule=self.table.item(r, RULE).text(),
                more=more,
                source=self.table.item(r, WHO).data(Qt.ItemDataRole.UserRole)))
        return out

    def value(self) -> dict:
        """The whole set-up data (raises ValueError with a message if it cannot be)."""
        text = self.other.toPlainText().strip()
        try:
            other = json.loads(text) if text else {}
        except ValueError as exc:
            raise ValueError(f"Other set-up data is not JSON ({exc})") from None
        if not isinstance(other, dict):
            raise ValueError("Other set-up data must be a JSON object {...}")
        return write_setup(self.rows(), other)
