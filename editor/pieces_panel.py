"""PiecesPanel: the piece types as a table, the chosen type's values typed one
by one (no JSON), the counter layout of its kind, and its counter drawn as the
player and the printed sheets draw it."""

from __future__ import annotations

import json

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import (
    QGraphicsScene,
    QGraphicsView,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ffl.engine import Piece, PieceType
from ffl.games import manifest
from ffl.ui.counters import CounterItem, counter_layouts

from . import edits
from .counter_form import CounterForm
from .values_table import ValuesTable

COLUMNS = ("id", "name", "side", "kind", "org", "values")
#: starting column widths (pixels): every column, Values too, shows in the dock
#: at its default width; the user can widen them
WIDTHS = (78, 86, 52, 62, 56)


class PiecesPanel(QWidget):
    """Edit piece types cell by cell (each cell edit is one undo step)."""

    def __init__(self, editor, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.editor = editor
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setMinimumHeight(150)
        self.table.setHorizontalHeaderLabels([c.capitalize() for c in COLUMNS])
        self.table.verticalHeader().setVisible(False)
        header = self.table.horizontalHeader()
        header.setStretchLastSection(True)
        header.setMinimumSectionSize(36)
        for c, width in enumerate(WIDTHS):
            self.table.setColumnWidth(c, width)
        layout.addWidget(self.table, 1)
        row = QHBoxLayout()
        self.add_button = QPushButton("Add piece type")
        self.add_button.setToolTip("Add a piece type (then set its id, name, side and values)")
        self.delete_button = QPushButton("Delete")
        self.delete_button.setToolTip("Delete the chosen piece type (if scenarios place pieces "
                                      "of it, it asks first: they go too)")
        row.addWidget(self.add_button)
        row.addWidget(self.delete_button)
        layout.addLayout(row)
        self.error = QLabel()
        self.error.setStyleSheet("color: #b3261e")
        layout.addWidget(self.error)
        self.values = ValuesTable(editor)
        beside = QHBoxLayout()                 # the values, and the counter beside them
        beside.addWidget(self.values, 1)
        layout.addLayout(beside)
        self.counter_form = CounterForm(editor)
        layout.addWidget(self.counter_form)
        self.preview_scene = QGraphicsScene(self)
        self.preview = QGraphicsView(self.preview_scene)
        self.preview.setRenderHints(QPainter.RenderHint.Antialiasing)
        self.preview.setFixedSize(112, 112)
        self.preview.setToolTip("The counter as the map, the player and the printed sheets "
                                "draw it")
        beside.addWidget(self.preview, 0, Qt.AlignmentFlag.AlignBottom)
        self.counter: CounterItem | None = None
        self.table.itemChanged.connect(self._cell_edited)
        self.table.currentCellChanged.connect(lambda r, *_: self.show_counter(r))
        self.add_button.clicked.connect(self.add)
        self.delete_button.clicked.connect(self.delete)

    def refresh(self) -> None:
        """Reload the table from the document (keeps the current row)."""
        types = self.editor.doc.data["piece_types"]
        row = self.table.currentRow()
        with QSignalBlocker(self.table):
            self.table.setRowCount(len(types))
            for r, pt in enumerate(types):
                for c, name in enumerate(COLUMNS):
                    value = pt.get(name, "")
                    text = json.dumps(value, sort_keys=True) if name == "values" else str(value)
                    self.table.setItem(r, c, QTableWidgetItem(text))
        self.show_counter(row if 0 <= row < len(types) else (0 if types else -1))

    def _cell_edited(self, item: QTableWidgetItem) -> None:
        r, name = item.row(), COLUMNS[item.column()]
        text = item.text()
        value: object = text
        if name == "id":
            try:
                changes = edits.rename_piece_type(self.editor.doc, r, text)
            except ValueError as exc:
                self.error.setText(f"Not applied: {exc}")
                self.refresh()
                return
            self.error.clear()
            self.editor.push("Piece type id", changes)
            return
        if name == "values":
            try:
                value = json.loads(text or "{}")
                if not isinstance(value, dict):
                    raise ValueError("values must be a JSON object")
            except ValueError as exc:
                self.error.setText(f"Not applied: {exc}")
                self.refresh()
                return
        self.error.clear()
        self.editor.push(f"Piece type {name}",
                         edits.set_at(self.editor.doc, ("piece_types", r, name), value))

    def choose_type(self, type_id: str) -> bool:
        """Choose the row of piece type ``type_id`` (True if there is one)."""
        ids = [pt["id"] for pt in self.editor.doc.data["piece_types"]]
        if type_id not in ids:
            return False
        self.table.setCurrentCell(ids.index(type_id), 0)
        return True

    def add(self) -> None:
        types = self.editor.doc.data["piece_types"]
        taken = {pt["id"] for pt in types}
        n = 1
        while f"piece-{n}" in taken:
            n += 1
        entry = {"id": f"piece-{n}", "name": f"Piece {n}", "side": "", "kind": "character",
                 "org": "", "values": {}}
        self.editor.push("Add piece type",
                         edits.insert_at(self.editor.doc, ("piece_types", len(types)), entry))
        self.table.setCurrentCell(len(types), 1)

    def delete(self) -> None:
        self.editor.delete_piece_type(self.table.currentRow())

    def show_counter(self, row: int) -> None:
        """Draw the counter of the type in ``row`` as the player draws it (the
        game's own counter class, else the generic one with the module's layout),
        and show its kind's layout."""
        self.preview_scene.clear()
        self.counter = None
        data = self.editor.doc.data
        types = data["piece_types"]
        self.counter_form.show_kind(types[row].get("kind", "character")
                                    if 0 <= row < len(types) else None)
        self.values.show_type(row)
        if not 0 <= row < len(types):
            return
        try:
            ptype = PieceType.from_json(types[row])
        except (KeyError, TypeError, ValueError):
            return
        piece = Piece("preview", ptype.id, ptype.side, "", facing=0)
        game = manifest(data["module"]["game"])
        cls = (game.counter_class() if game is not None else None) or CounterItem
        self.counter = cls(piece, ptype, self.editor.style)
        self.counter.set_layouts(counter_layouts(data["module"].get("attrs")))
        if self.editor.scene is not None:         # its size and facings on the board shown
            self.counter.set_board(self.editor.scene.board)
        self.preview_scene.addItem(self.counter)
        self.preview.fitInView(self.counter.boundingRect().adjusted(-8, -8, 8, 8),
                               Qt.AspectRatioMode.KeepAspectRatio)
