"""NewBoardDialog: the kind and size of a new map (square grid, hex grid, canvas)."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QSpinBox,
    QWidget,
)

BOARD_KINDS = (("square", "Square grid"), ("hex", "Hex grid"),
               ("polygons", "Empty canvas (free polygons)"))


class NewBoardDialog(QDialog):
    """Ask for a board: kind, columns x rows (canvas: width x height), names."""

    def __init__(self, parent: QWidget | None = None, with_module: bool = True) -> None:
        super().__init__(parent)
        self.setWindowTitle("New module" if with_module else "Add board")
        form = QFormLayout(self)
        self.kind = QComboBox()
        for key, text in BOARD_KINDS:
            self.kind.addItem(text, key)
        self.columns = QSpinBox()
        self.columns.setRange(1, 200)
        self.columns.setValue(12)
        self.rows = QSpinBox()
        self.rows.setRange(1, 200)
        self.rows.setValue(8)
        self.terrain = QLineEdit("clear")
        self.board_name = QLineEdit("map")
        self.module_id = QLineEdit("new-module")
        self.game = QLineEdit("")
        self.game.setPlaceholderText("game id, e.g. ffl")
        self.title = QLineEdit("New module")
        form.addRow("Map", self.kind)
        form.addRow("Columns / width", self.columns)
        form.addRow("Rows / height", self.rows)
        form.addRow("Terrain", self.terrain)
        form.addRow("Board name", self.board_name)
        if with_module:
            form.addRow("Module id", self.module_id)
            form.addRow("Game", self.game)
            form.addRow("Title", self.title)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def values(self) -> dict:
        return {"kind": self.kind.currentData(), "columns": self.columns.value(),
                "rows": self.rows.value(), "terrain": self.terrain.text().strip() or "clear",
                "board": self.board_name.text().strip() or "map",
                "module_id": self.module_id.text().strip() or "new-module",
                "game": self.game.text().strip(), "title": self.title.text().strip()}
