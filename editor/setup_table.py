"""SetupTable: a scenario's set-up restrictions as a list with an edit form, plus
the rest of its set-up data as JSON ("Other").

The table sums each restriction up in one line (rule, side, who, what); the
form under it edits the chosen one.  Reading and writing the data is
``setup_rules``; this widget only shows the rows and collects the edits, which
reach the document when the scenario panel's Apply is pressed.
"""

from __future__ import annotations

import copy
import json

from PySide6.QtCore import QSignalBlocker
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from .setup_hints import FREE, SetupHints, hints_for
from .setup_rules import KIND_LABELS, KINDS, Restriction, read_setup, write_setup

COLUMNS = ("Rule", "Side", "Who", "Restriction")
RULE, SIDE, WHO, WHAT = range(len(COLUMNS))
#: what the Rule field is for
RULE_TIP = "The rule number the restriction comes from, named when a set-up breaks it"
GREY = QColor("#6b6b6b")


#: the kinds in the table's one-line summary (the form shows the full names)
SHORT = {"inside": "in", "squares": "on", "off-board": "off board", "facing-out": "facing out",
         "one-per-square": "one per square and level", "other": "other"}


def summary(row: Restriction) -> str:
    """The restriction in a few words: ``in building: Barracks``, ``off board``..."""
    text = SHORT.get(row.kind, KIND_LABELS.get(row.kind, row.kind))
    if row.param.strip() and row.kind in ("inside", "squares"):
        text += f" {row.param.strip()}"
    if row.more:
        text += " + " + ", ".join(sorted(row.more))
    return text


class SetupTable(QWidget):
    """The restriction rows of one scenario's set-up and its other set-up data."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.sides: list[str] = []
        self.hints: SetupHints = FREE
        self._rows: list[Restriction] = []
        self._bad_more: dict[int, str] = {}    # id(row) -> More text that is not an object
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.title = QLabel()
        layout.addWidget(self.title)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 6)
        self.table.setWordWrap(False)
        header = self.table.horizontalHeader()
        for col in (RULE, SIDE):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(WHO, QHeaderView.ResizeMode.Interactive)
        self.table.setColumnWidth(WHO, 118)
        header.setStretchLastSection(True)
        self.table.setMinimumHeight(140)
        layout.addWidget(self.table, 1)
        self.form = QWidget()
        form = QFormLayout(self.form)
        form.setContentsMargins(0, 0, 0, 0)
        self.side_box = QComboBox()
        self.side_box.setToolTip("The side the restriction is for")
        self.side_box.setEditable(True)
        self.kind_box = QComboBox()
        self.kind_box.setToolTip("What the restriction asks of the side's set-up")
        for key, label in KINDS:
            self.kind_box.addItem(label, key)
        self.who_edit = QLineEdit()
        self.param_edit = QLineEdit()
        self.rule_edit = QLineEdit()
        self.rule_edit.setToolTip(RULE_TIP)
        self.rule_edit.setPlaceholderText("rule number, e.g. 2.31")
        self.more_edit = QLineEdit()
        top = QHBoxLayout()
        top.addWidget(self.side_box, 1)
        top.addWidget(QLabel("Rule"))
        top.addWidget(self.rule_edit, 1)
        form.addRow("Side", top)
        form.addRow("Who", self.who_edit)
        form.addRow("Restriction", self.kind_box)
        form.addRow("Parameter", self.param_edit)
        form.addRow("More", self.more_edit)
        layout.addWidget(self.form)
        self.buttons = QWidget()
        row = QHBoxLayout(self.buttons)
        row.setContentsMargins(0, 0, 0, 0)
        self.add_button = QPushButton("Add restriction")
        self.add_button.setToolTip("Add a restriction to the list, then set it in the fields "
                                   "above (Apply set-up writes the list)")
        self.remove_button = QPushButton("Remove restriction")
        self.remove_button.setToolTip("Remove the chosen restriction from the list")
        row.addWidget(self.add_button)
        row.addWidget(self.remove_button)
        row.addStretch(1)
        layout.addWidget(self.buttons)
        self.other_label = QLabel()
        layout.addWidget(self.other_label)
        self.other = QPlainTextEdit()
        self.other.setMaximumHeight(90)
        layout.addWidget(self.other)
        self.add_button.clicked.connect(lambda: self.add_row())
        self.remove_button.clicked.connect(self.remove_row)
        self.table.currentCellChanged.connect(lambda *_: self._show_current())
        for edit in (self.who_edit, self.param_edit, self.rule_edit, self.more_edit):
            edit.textChanged.connect(self._form_edited)
        self.side_box.currentTextChanged.connect(self._form_edited)
        self.kind_box.currentIndexChanged.connect(self._form_edited)
        self.set_game("")
        self._show_current()

    def set_game(self, game: str) -> None:
        """Words and parts for a scenario of ``game`` (:mod:`editor.setup_hints`):
        the restriction table only where the game has set-up restrictions."""
        self.hints = h = hints_for(game)
        self.title.setText(f"<b>{h.title}</b>")
        for part in (self.table, self.form, self.buttons):
            part.setVisible(h.restrictions)
        self.other_label.setText("Other set-up data (JSON)")
        self.other_label.setVisible(h.restrictions)     # else the title says it
        self.other.setToolTip(h.other)
        self.other.setPlaceholderText(h.other_example)
        self.other.setMaximumHeight(90 if h.restrictions else 150)
        self.who_edit.setToolTip(h.who)
        self.who_edit.setPlaceholderText(h.who_example)
        self.param_edit.setToolTip(h.param)
        self.param_edit.setPlaceholderText(h.param_example)
        self.more_edit.setToolTip(h.more)
        self.more_edit.setPlaceholderText(h.more_example)

    # -- filling ----------------------------------------------------------------------------

    def load(self, setup: dict, sides: list[str], game: str | None = None) -> None:
        """Show ``setup`` for a scenario of ``game`` (None: the game set last)
        with ``sides``; a game with no set-up restrictions gets it whole in the
        JSON box."""
        if game is not None:
            self.set_game(game)
        self.sides = list(sides)
        if self.hints.restrictions:
            rows, other = read_setup(setup, self.sides)
        else:
            rows, other = [], copy.deepcopy(setup)
        self._rows = rows
        self._bad_more.clear()
        self.table.setRowCount(0)
        self.table.setRowCount(len(rows))
        for r in range(len(rows)):
            self._show_row(r)
        self.other.setPlainText(json.dumps(other, sort_keys=True, indent=1) if other else "")
        self.table.setCurrentCell(-1, -1)
        self._show_current()

    def clear(self) -> None:
        self._rows = []
        self._bad_more.clear()
        self.table.setRowCount(0)
        self.other.clear()
        self._show_current()

    def set_sides(self, sides: list[str]) -> None:
        """Offer ``sides`` in the side box."""
        self.sides = list(sides)
        self._show_current()

    def _show_row(self, r: int) -> None:
        row = self._rows[r]
        section = row.source is not None and row.source.level == "section"
        texts = {RULE: row.rule, SIDE: row.side, WHO: row.who or "(all)", WHAT: summary(row)}
        for col, text in texts.items():
            item = QTableWidgetItem(text)
            if col == WHO and not row.who:
                item.setForeground(GREY)
            if col == RULE and section:
                item.setForeground(GREY)
            item.setToolTip(json.dumps(row.more, sort_keys=True) if row.more else text)
            self.table.setItem(r, col, item)

    def _show_current(self) -> None:
        """Fill the form from the chosen row (disabled when none is chosen)."""
        r = self.table.currentRow()
        row = self._rows[r] if 0 <= r < len(self._rows) else None
        widgets = (self.side_box, self.kind_box, self.who_edit, self.param_edit,
                   self.rule_edit, self.more_edit, self.remove_button)
        blockers = [QSignalBlocker(w) for w in widgets]
        for w in widgets:
            w.setEnabled(row is not None)
        self.side_box.clear()
        if row is None:
            for w in (self.who_edit, self.param_edit, self.rule_edit, self.more_edit):
                w.clear()
            self.kind_box.setCurrentIndex(-1)
            del blockers
            return
        self.side_box.addItems(self.sides + ([row.side] if row.side not in self.sides else []))
        self.side_box.setCurrentText(row.side)
        self.kind_box.setCurrentIndex(self.kind_box.findData(row.kind))
        self.who_edit.setText(row.who)
        self.param_edit.setText(row.param)
        self.rule_edit.setText(row.rule)
        self.more_edit.setText(self._bad_more.get(id(row))
                               or (json.dumps(row.more, sort_keys=True) if row.more else ""))
        section = row.source is not None and row.source.level == "section"
        # a section row's rule is the whole side's rule: changed in Other
        self.rule_edit.setReadOnly(section)
        self.rule_edit.setToolTip("the rule of the whole side's set-up (edit it in Other)"
                                  if section else RULE_TIP)
        del blockers

    def _form_edited(self, *_) -> None:
        r = self.table.currentRow()
        if not 0 <= r < len(self._rows):
            return
        row = self._rows[r]
        row.side = self.side_box.currentText().strip()
        row.kind = self.kind_box.currentData() or "other"
        row.who = self.who_edit.text()
        row.param = self.param_edit.text()
        row.rule = self.rule_edit.text()
        text = self.more_edit.text().strip()
        try:
            more = json.loads(text) if text else {}
            if not isinstance(more, dict):
                raise ValueError("not an object")
            row.more = more
            self._bad_more.pop(id(row), None)
        except ValueError:
            self._bad_more[id(row)] = text
        self._show_row(r)

    # -- rows ------------------------------------------------------------------------------

    def add_row(self, row: Restriction | None = None) -> int:
        """Append a row (a new one: the first side, 'inside', nothing else) and choose it."""
        if row is None:
            row = Restriction(self.sides[0] if self.sides else "")
        self._rows.append(row)
        r = len(self._rows) - 1
        self.table.insertRow(r)
        self._show_row(r)
        self.table.setCurrentCell(r, WHAT)
        return r

    def remove_row(self) -> None:
        r = self.table.currentRow()
        if 0 <= r < len(self._rows):
            self._bad_more.pop(id(self._rows[r]), None)
            del self._rows[r]
            self.table.removeRow(r)
            self._show_current()

    # -- reading back -----------------------------------------------------------------------

    def rows(self) -> list[Restriction]:
        """The rows as edited (raises ValueError while a More field is not an object)."""
        for i, row in enumerate(self._rows):
            if id(row) in self._bad_more:
                raise ValueError(f"restriction {i + 1} ({row.rule or row.side}): More must be "
                                 "a JSON object {...}")
        return [copy.copy(r) for r in self._rows]

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
