"""ModulePanel (the Module dock): the module's id, title, version and game, its
own terrains (name, colour, print pattern, legend) and its sides (printed
name, colour), all without typing JSON.

Each field applies when the user leaves it and each table cell when it is
edited, every change one undo step through the window's undo stack
(``module_edits`` makes the changes).  What is typed but not applied yet
survives a refill of the form and is applied by Save, Play and closing, as
in the Scenario dock.
"""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtGui import QColor, QIcon, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QColorDialog,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ffl.games import games, manifest
from ffl.printing.symbols import PATTERNS
from ffl.ui.style import TERRAIN_COLOURS

from . import module_edits
from .tool_profiles import profile_for
from .validation import GENERIC_TERRAINS

#: the module fields of the form, in order
FIELDS = ("id", "title", "version", "game")
TERRAIN_COLUMNS = ("Name", "Colour", "Pattern", "Legend")
T_NAME, T_COLOUR, T_PATTERN, T_LEGEND = range(len(TERRAIN_COLUMNS))
SIDE_COLUMNS = ("Side", "Printed name", "Colour")
S_SIDE, S_NAME, S_COLOUR = range(len(SIDE_COLUMNS))
GAME_NOTE = ("The game decides which rules play this module: a registered game (in the list) "
             "is played with its rules; any other id, or none, is played in free play "
             "(pieces go anywhere, nothing is checked). The scenarios follow: their game, and "
             "ids that start with the old game id.")


def swatch(colour: QColor) -> QIcon:
    pixmap = QPixmap(14, 14)
    pixmap.fill(colour)
    return QIcon(pixmap)


def _cell(table: QTableWidget, row: int, column: int) -> QTableWidgetItem:
    """The item in a cell (made if there is none), to be changed in place."""
    item = table.item(row, column)
    if item is None:
        item = QTableWidgetItem()
        table.setItem(row, column, item)
    return item


def _table(columns: tuple[str, ...]) -> QTableWidget:
    table = QTableWidget(0, len(columns))
    table.setHorizontalHeaderLabels(columns)
    table.verticalHeader().setVisible(False)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked
                          | QAbstractItemView.EditTrigger.EditKeyPressed
                          | QAbstractItemView.EditTrigger.AnyKeyPressed)
    table.horizontalHeader().setStretchLastSection(True)
    table.setMinimumHeight(130)
    return table


class ModulePanel(QWidget):
    """The module's own properties, terrains and sides."""

    def __init__(self, editor, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.editor = editor
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        form = QFormLayout()
        self.id_edit = QLineEdit()
        self.id_edit.setToolTip("The module's id: no spaces, commas or slashes")
        self.title_edit = QLineEdit()
        self.title_edit.setToolTip("The module's title, as the player lists it")
        self.version_edit = QLineEdit()
        self.version_edit.setToolTip("Printed in the footer of every sheet")
        self.game_box = QComboBox()
        self.game_box.setToolTip("The game whose rules play this module (none: free play)")
        self.game_box.setEditable(True)
        self.game_box.lineEdit().setPlaceholderText("none: free play")
        self.game_box.addItem("")
        self.game_box.setItemData(0, "none: free play", Qt.ItemDataRole.ToolTipRole)
        for gid, game in games().items():
            self.game_box.addItem(gid)
            self.game_box.setItemData(self.game_box.count() - 1, game.title,
                                      Qt.ItemDataRole.ToolTipRole)
        form.addRow("Id", self.id_edit)
        form.addRow("Title", self.title_edit)
        form.addRow("Version", self.version_edit)
        form.addRow("Game", self.game_box)
        layout.addLayout(form)
        self.played_as = QLabel()
        self.played_as.setWordWrap(True)
        layout.addWidget(self.played_as)
        note = QLabel(GAME_NOTE)
        note.setWordWrap(True)
        note.setStyleSheet("color: #555555")
        layout.addWidget(note)
        # terrains
        terrains = QGroupBox("Terrains")
        tl = QVBoxLayout(terrains)
        self.terrain_note = QLabel()
        self.terrain_note.setWordWrap(True)
        tl.addWidget(self.terrain_note)
        self.terrains = _table(TERRAIN_COLUMNS)
        self.terrains.setColumnWidth(T_NAME, 90)
        self.terrains.setColumnWidth(T_COLOUR, 90)
        self.terrains.setColumnWidth(T_PATTERN, 80)
        tl.addWidget(self.terrains)
        row = QHBoxLayout()
        self.add_terrain_button = QPushButton("Add terrain")
        self.add_terrain_button.setToolTip("Add a terrain to the module's own list (first a "
                                           "terrain the map uses that is not known yet)")
        self.remove_terrain_button = QPushButton("Remove")
        self.remove_terrain_button.setToolTip("Remove the chosen terrain from the module's own "
                                              "list")
        self.terrain_colour_button = QPushButton("Colour…")
        self.terrain_colour_button.setToolTip("Choose the map colour of the chosen terrain")
        for b in (self.add_terrain_button, self.remove_terrain_button,
                  self.terrain_colour_button):
            row.addWidget(b)
        row.addStretch(1)
        tl.addLayout(row)
        layout.addWidget(terrains)
        # sides
        sides = QGroupBox("Sides")
        sl = QVBoxLayout(sides)
        side_note = QLabel("A side is drawn in the colour given here, else in the colour it is "
                           "named after (a side called red is red), else in one of the "
                           "palette's. The printed name is used on the sheets.")
        side_note.setWordWrap(True)
        side_note.setStyleSheet("color: #555555")
        sl.addWidget(side_note)
        self.sides = _table(SIDE_COLUMNS)
        self.sides.setColumnWidth(S_SIDE, 90)
        self.sides.setColumnWidth(S_NAME, 120)
        self.sides.setMinimumHeight(100)
        sl.addWidget(self.sides)
        row = QHBoxLayout()
        self.side_colour_button = QPushButton("Colour…")
        self.side_colour_button.setToolTip("Choose the colour of the chosen side")
        row.addWidget(self.side_colour_button)
        row.addStretch(1)
        sl.addLayout(row)
        layout.addWidget(sides)
        self.error = QLabel()
        self.error.setStyleSheet("color: #b3261e")
        self.error.setWordWrap(True)
        layout.addWidget(self.error)
        layout.addStretch(1)
        self._filled: dict[str, str] = {}
        self._side_ids: list[str] = []
        self._terrain_names: list[str] = []
        for name, edit in (("id", self.id_edit), ("title", self.title_edit),
                           ("version", self.version_edit)):
            edit.editingFinished.connect(lambda n=name: self.commit_field(n))
        self.game_box.lineEdit().editingFinished.connect(lambda: self.commit_field("game"))
        self.game_box.activated.connect(lambda _: self.commit_field("game"))
        self.game_box.currentTextChanged.connect(lambda _: self._show_played_as())
        self.terrains.itemChanged.connect(self._terrain_edited)
        self.sides.itemChanged.connect(self._side_edited)
        self.add_terrain_button.clicked.connect(self.add_terrain)
        self.remove_terrain_button.clicked.connect(self.remove_terrain)
        self.terrain_colour_button.clicked.connect(self.choose_terrain_colour)
        self.side_colour_button.clicked.connect(self.choose_side_colour)

    # -- filling ---------------------------------------------------------------------------

    def _texts(self) -> dict[str, str]:
        return {"id": self.id_edit.text(), "title": self.title_edit.text(),
                "version": self.version_edit.text(), "game": self.game_box.currentText()}

    def _typed(self) -> dict[str, str]:
        """Fields typed in but not applied yet."""
        return {k: v for k, v in self._texts().items() if v != self._filled.get(k, v)}

    def _set_text(self, name: str, text: str) -> None:
        if name == "game":
            with QSignalBlocker(self.game_box):
                self.game_box.setCurrentText(text)
        else:
            {"id": self.id_edit, "title": self.title_edit,
             "version": self.version_edit}[name].setText(text)

    def refresh(self) -> None:
        """Fill the form from the document (what is being typed stays)."""
        typed = self._typed()
        head = self.editor.doc.data["module"]
        for name in FIELDS:
            self._set_text(name, str(head.get(name, "")))
        self._filled = self._texts()
        for name, text in typed.items():
            self._set_text(name, text)
        self._show_played_as()
        self._fill_terrains()
        self._fill_sides()

    def forget_typing(self) -> None:
        """A new document: nothing typed belongs to it."""
        self._filled = {}

    def _show_played_as(self) -> None:
        game = manifest(self.game_box.currentText().strip())
        if game is not None:
            self.played_as.setText(f"Played with the rules of <b>{game.title}</b>.")
        else:
            self.played_as.setText("Played in <b>free play</b> (no registered game has this "
                                   "id).")

    def _fill_terrains(self) -> None:
        data = self.editor.doc.data
        own = module_edits.own_terrains(data)
        game = manifest(data["module"]["game"])
        if game is not None and game.terrains:
            base = f"{game.title}'s terrains ({', '.join(sorted(game.terrains))})"
        else:
            base = "the usual terrains (clear, woods, water, ...)"
        if game is not None and not profile_for(data["module"]["game"]).terrain:
            # Phantom Fury, Limits of Glory, the card game: nothing to play by
            self.terrain_note.setText(f"The rules of {game.title} read no terrain: a terrain "
                                      "listed here (and painted on spaces) only colours the "
                                      "map and gives the printed gameboard a legend.")
        else:
            self.terrain_note.setText(f"The module's own terrains, known besides {base}: a "
                                      "colour for the map, a pattern and legend text for "
                                      "the printed gameboard.")
        style = self.editor.style
        row = self.terrains.currentRow()
        with QSignalBlocker(self.terrains):
            if list(own) != self._terrain_names or self.terrains.rowCount() != len(own):
                # other rows: build them afresh (edits in place never come here, so
                # no cell is deleted while its own signal runs)
                self.terrains.setRowCount(0)
                self.terrains.setRowCount(len(own))
                self._terrain_names = list(own)
                for r, name in enumerate(own):
                    box = QComboBox()
                    box.addItem("none", "")
                    for pattern in PATTERNS:
                        box.addItem(pattern, pattern)
                    box.activated.connect(lambda _=0, n=name, b=box: self._apply_terrain(
                        n, "pattern", b.currentData()))
                    self.terrains.setCellWidget(r, T_PATTERN, box)
            for r, (name, info) in enumerate(own.items()):
                _cell(self.terrains, r, T_NAME).setText(name)
                colour = _cell(self.terrains, r, T_COLOUR)
                colour.setText(str(info.get("colour", "")))
                shown = style.terrain_colours.get(name.lower()) or QColor(
                    TERRAIN_COLOURS.get(name, "#e8e1cc"))
                colour.setIcon(swatch(shown))
                colour.setToolTip("a colour name (red, darkgreen) or #rrggbb; empty: the "
                                  "usual colour")
                box = self.terrains.cellWidget(r, T_PATTERN)
                with QSignalBlocker(box):
                    box.setCurrentIndex(max(0, box.findData(str(info.get("pattern", "")))))
                _cell(self.terrains, r, T_LEGEND).setText(str(info.get("legend", "")))
            if own and self.terrains.currentRow() < 0:
                self.terrains.setCurrentCell(min(max(row, 0), len(own) - 1), T_NAME)
        for b in (self.remove_terrain_button, self.terrain_colour_button):
            b.setEnabled(bool(own))

    def _fill_sides(self) -> None:
        data = self.editor.doc.data
        listed = data["module"].get("attrs", {}).get("sides")
        listed = listed if isinstance(listed, dict) else {}
        sides = module_edits.module_sides(data)
        row = self.sides.currentRow()
        with QSignalBlocker(self.sides):
            if sides != self._side_ids or self.sides.rowCount() != len(sides):
                self.sides.setRowCount(0)
                self.sides.setRowCount(len(sides))
                self._side_ids = sides
            for r, side in enumerate(sides):
                info = listed.get(side) if isinstance(listed.get(side), dict) else {}
                item = _cell(self.sides, r, S_SIDE)
                item.setText(side)
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
                name = _cell(self.sides, r, S_NAME)
                name.setText(str(info.get("name", "")))
                name.setToolTip(f"empty: {side.capitalize()}")
                colour = _cell(self.sides, r, S_COLOUR)
                colour.setText(str(info.get("colour", "")))
                colour.setIcon(swatch(self.editor.style.side_colour(side)))
                colour.setToolTip("a colour name (red, darkgreen) or #rrggbb; empty: the "
                                  "colour the side is named after, else the palette's")
            if sides and self.sides.currentRow() < 0:
                self.sides.setCurrentCell(min(max(row, 0), len(sides) - 1), S_NAME)
        self.side_colour_button.setEnabled(bool(sides))

    # -- module fields ---------------------------------------------------------------------

    def commit_field(self, name: str) -> bool:
        """Apply one field as one undo step; False (with the reason shown) if it
        cannot be."""
        text = self._texts()[name]
        doc = self.editor.doc
        try:
            if name == "game":
                changes = module_edits.set_game(doc, text)
            else:
                changes = module_edits.set_module_field(doc, name, text)
        except ValueError as exc:
            self.error.setText(f"{name.capitalize()} not applied: {exc}")
            return False
        self.error.clear()
        self._filled[name] = text
        if changes:
            self.editor.push(f"Module {name}", changes)
        return True

    def has_pending(self) -> bool:
        return bool(self._typed())

    def commit_pending(self) -> str:
        """Apply every field typed in; the reason one could not be ("" if none)."""
        for name in list(self._typed()):
            if not self.commit_field(name):
                return self.error.text()
        return ""

    # -- terrains --------------------------------------------------------------------------

    def _push(self, text: str, make) -> bool:
        try:
            changes = make()
        except ValueError as exc:
            self.error.setText(f"Not applied: {exc}")
            self.refresh()
            return False
        self.error.clear()
        if not self.editor.push(text, changes):
            self.refresh()
        return True

    def _apply_terrain(self, name: str, field: str, value: str) -> bool:
        return self._push(f"Terrain {name} {field}", lambda: module_edits.set_terrain(
            self.editor.doc, name, field, value))

    def _terrain_edited(self, item: QTableWidgetItem) -> None:
        r, col = item.row(), item.column()
        if not 0 <= r < len(self._terrain_names):
            return
        name = self._terrain_names[r]
        if col == T_NAME:
            self._push(f"Rename terrain {name}", lambda: module_edits.rename_terrain(
                self.editor.doc, name, item.text()))
        elif col == T_COLOUR:
            self._apply_terrain(name, "colour", item.text())
        elif col == T_LEGEND:
            self._apply_terrain(name, "legend", item.text())

    def add_terrain(self) -> bool:
        """Add a terrain: the first one the boards use that is not known, else a new name."""
        data = self.editor.doc.data
        own = module_edits.own_terrains(data)
        game = manifest(data["module"]["game"])
        known = set(own) | set(game.terrains if game is not None and game.terrains
                               else GENERIC_TERRAINS)
        used = [s["attrs"]["terrain"] for b in data["boards"] for s in b["spaces"]
                if isinstance(s.get("attrs", {}).get("terrain"), str)]
        name = next((t for t in dict.fromkeys(used) if t not in known), None)
        if name is None:
            n = 1
            while f"terrain-{n}" in own:
                n += 1
            name = f"terrain-{n}"
        done = self._push(f"Add terrain {name}", lambda: module_edits.add_terrain(
            self.editor.doc, name))
        if done and name in self._terrain_names:
            self.terrains.setCurrentCell(self._terrain_names.index(name), T_NAME)
        return done

    def current_terrain(self) -> str | None:
        r = self.terrains.currentRow()
        return self._terrain_names[r] if 0 <= r < len(self._terrain_names) else None

    def remove_terrain(self) -> bool:
        """Take the chosen terrain off the list (spaces painted with it keep it,
        and validation then calls it unknown)."""
        name = self.current_terrain()
        if name is None:
            return False
        users = len(module_edits.terrain_users(self.editor.doc, name))
        done = self._push(f"Remove terrain {name}", lambda: module_edits.delete_terrain(
            self.editor.doc, name))
        if done and users:
            self.editor.status(f"Terrain {name} removed from the list; {users} space"
                               f"{'s' if users != 1 else ''} still use it (see Validation)")
        return done

    def _colour_dialog(self, initial: QColor) -> QColor | None:
        dialog = QColorDialog(initial, self)
        dialog.setOption(QColorDialog.ColorDialogOption.DontUseNativeDialog)
        self.colour_dialog = dialog
        accepted = dialog.exec() == QColorDialog.DialogCode.Accepted
        self.colour_dialog = None
        return dialog.selectedColor() if accepted else None

    def choose_terrain_colour(self) -> bool:
        name = self.current_terrain()
        if name is None:
            return False
        colour = self._colour_dialog(self.editor.style.terrain_colours.get(
            name.lower(), QColor(TERRAIN_COLOURS.get(name, "#e8e1cc"))))
        return colour is not None and self._apply_terrain(name, "colour", colour.name())

    # -- sides -----------------------------------------------------------------------------

    def _side_edited(self, item: QTableWidgetItem) -> None:
        r, col = item.row(), item.column()
        if not 0 <= r < len(self._side_ids) or col == S_SIDE:
            return
        side = self._side_ids[r]
        field = "name" if col == S_NAME else "colour"
        self._push(f"Side {side} {field}", lambda: module_edits.set_side(
            self.editor.doc, side, field, item.text()))

    def choose_side_colour(self) -> bool:
        r = self.sides.currentRow()
        if not 0 <= r < len(self._side_ids):
            return False
        side = self._side_ids[r]
        colour = self._colour_dialog(self.editor.style.side_colour(side))
        return colour is not None and self._push(
            f"Side {side} colour",
            lambda: module_edits.set_side(self.editor.doc, side, "colour", colour.name()))
