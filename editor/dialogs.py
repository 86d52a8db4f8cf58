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

from ffl.games import games

from .tool_profiles import profile_for
from .validation import known_terrains

BOARD_KINDS = (("square", "Square grid"), ("hex", "Hex grid"),
               ("polygons", "Empty canvas (free polygons)"))


class NewBoardDialog(QDialog):
    """Ask for a board: kind, columns x rows (canvas: width x height), names;
    for a new module also its game, chosen by title, which brings its usual
    map (The Legend Begins' hexes, Phantom Fury's and Limits of Glory's free
    polygons) and its terrains (none for a game that reads no terrain)."""

    def __init__(self, parent: QWidget | None = None, with_module: bool = True,
                 game: str = "") -> None:
        super().__init__(parent)
        self.setWindowTitle("New module" if with_module else "Add board")
        form = QFormLayout(self)
        self.form = form
        self.game = QComboBox()
        self.game.setToolTip("The game whose rules play the module (none: free play, pieces "
                             "go anywhere); it brings its usual map and terrains")
        self.game.addItem("none: free play", "")
        for gid, manifest in games().items():
            self.game.addItem(f"{manifest.title} ({gid})", gid)
        self.kind = QComboBox()
        self.kind.setToolTip("A grid of squares or hexes, or an empty canvas to draw spaces "
                             "of any shape on (Polygon tool)")
        for key, text in BOARD_KINDS:
            self.kind.addItem(text, key)
        self.columns = QSpinBox()
        self.columns.setRange(1, 200)
        self.columns.setValue(12)
        self.rows = QSpinBox()
        self.rows.setRange(1, 200)
        self.rows.setValue(8)
        self.terrain = QComboBox()
        self.terrain.setEditable(True)
        self.terrain.setToolTip("The terrain every space of the grid starts with")
        self.board_name = QLineEdit("map")
        self.module_id = QLineEdit("new-module")
        self.title = QLineEdit("New module")
        if with_module:
            form.addRow("Game", self.game)
        form.addRow("Map", self.kind)
        form.addRow("Columns / width", self.columns)
        form.addRow("Rows / height", self.rows)
        form.addRow("Terrain", self.terrain)
        form.addRow("Board name", self.board_name)
        if with_module:
            form.addRow("Module id", self.module_id)
            form.addRow("Title", self.title)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.game.currentIndexChanged.connect(lambda _: self._game_chosen())
        self.kind.currentIndexChanged.connect(lambda _: self._kind_chosen())
        self.game.setCurrentIndex(max(self.game.findData(game), 0))
        self._game_chosen()

    def _game_chosen(self) -> None:
        """The chosen game's usual map and its terrains."""
        gid = self.game.currentData() or ""
        profile = profile_for(gid)
        self.kind.setCurrentIndex(max(self.kind.findData(profile.board_kind), 0))
        self.terrain.clear()
        if profile.terrain:
            names = sorted(known_terrains({"module": {"game": gid, "attrs": {}}}))
            self.terrain.addItems(names)
            usual = "clear" if "clear" in names else names[0] if names else "clear"
            self.terrain.setCurrentText(usual)
        self._kind_chosen()

    def _kind_chosen(self) -> None:
        grid = self.kind.currentData() != "polygons"
        self.form.setRowVisible(self.terrain, grid and profile_for(
            self.game.currentData() or "").terrain)

    def values(self) -> dict:
        terrain = self.terrain.currentText().strip() if self.form.isRowVisible(self.terrain) \
            else ""
        return {"kind": self.kind.currentData(), "columns": self.columns.value(),
                "rows": self.rows.value(), "terrain": terrain,
                "board": self.board_name.text().strip() or "map",
                "module_id": self.module_id.text().strip() or "new-module",
                "game": self.game.currentData() or "", "title": self.title.text().strip()}


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
