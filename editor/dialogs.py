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


class NewScenarioDialog(QDialog):
    """Ask for a new scenario's title, board and sides."""

    def __init__(self, boards: list[str], sides: list[str], current_board: str = "",
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New scenario")
        form = QFormLayout(self)
        self.title = QLineEdit()
        self.title.setPlaceholderText("e.g. The Night Attack")
        self.board = QComboBox()
        self.board.addItems(boards)
        if current_board in boards:
            self.board.setCurrentText(current_board)
        self.sides = QLineEdit(", ".join(sides))
        self.sides.setPlaceholderText("legion, bedouin")
        form.addRow("Title", self.title)
        form.addRow("Board", self.board)
        form.addRow("Sides", self.sides)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        form.addRow(self.buttons)
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(False)
        self.title.textChanged.connect(lambda text: ok.setEnabled(bool(text.strip())))

    def values(self) -> dict:
        return {"title": self.title.text().strip(), "board": self.board.currentText(),
                "sides": [s.strip() for s in self.sides.text().split(",") if s.strip()]}
