"""ToolOptions: the settings of the map tools (what to paint, which feature...)."""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ffl.engine import FACINGS
from ffl.engine.pieces import HEX_FACINGS

from .tool_profiles import GENERIC, GENERIC_POLYGONS, ToolProfile, profile_for

POLYGON_KINDS = GENERIC_POLYGONS
#: space attributes with a row of their own (Terrain, Levels) or written by the grid
_OWN_ROWS = {"terrain", "levels", "xx", "yy"}


def parse_levels(text: str) -> list[int] | None:
    """``"0, 1"`` -> [0, 1]; empty -> None (leave the levels alone)."""
    parts = [p for p in text.replace(";", ",").split(",") if p.strip()]
    if not parts:
        return None
    return sorted({int(p) for p in parts})


def parse_value(text: str) -> Any:
    """A JSON value if the text is one, else the text itself."""
    try:
        return json.loads(text)
    except ValueError:
        return text


class ToolOptions(QWidget):
    """One group of settings per tool, all visible (short and plain), with
    what the module's game reads (:mod:`editor.tool_profiles`)."""

    #: the link kinds offered (the module's, then its game's) and an example of
    #: a link's attributes: the Properties dock offers the same for a chosen link
    link_kinds_offered = Signal(list, str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.profile: ToolProfile = GENERIC
        layout = QVBoxLayout(self)
        self.heading = QLabel()
        self.heading.setWordWrap(True)
        self.heading.setObjectName("toolsHeading")
        self.heading.setToolTip("The options below are those the module's game reads; change "
                                "the game in the Module dock")
        layout.addWidget(self.heading)
        # paint
        paint = QGroupBox("Paint")
        self.paint_form = form = QFormLayout(paint)
        self.paint_mode_box = QComboBox()
        self.paint_mode_box.setToolTip("Brush: paint the squares dragged over; rectangle: every "
                                       "space in the dragged box; fill: the connected spaces of "
                                       "the same terrain")
        self.paint_mode_box.addItems(["brush", "rectangle", "fill"])
        self.terrain = QComboBox()
        self.terrain.setToolTip("The terrain painted (empty: leave each space's terrain as it is)")
        self.terrain.setEditable(True)
        self.levels = QLineEdit()
        self.levels.setToolTip("The levels painted, e.g. 0, 1 (empty: leave each space's levels)")
        self.levels.setPlaceholderText("e.g. 0, 1")
        self.attr_key = QComboBox()
        self.attr_key.setEditable(True)
        self.attr_key.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.attr_key.setToolTip("An attribute painted as well, by name (empty: none); the "
                                 "list: those the game reads, then the module's own")
        self.attr_key.lineEdit().setPlaceholderText("attribute, e.g. area")
        self.attr_value = QLineEdit()
        self.attr_value.setToolTip("The attribute's value: JSON (3, true, [1, 2]) or plain text; "
                                   "empty removes it")
        self.attr_value.setPlaceholderText("value (JSON or text; empty removes)")
        form.addRow("Mode", self.paint_mode_box)
        form.addRow("Terrain", self.terrain)
        form.addRow("Levels", self.levels)
        form.addRow("Attribute", self.attr_key)
        form.addRow("Value", self.attr_value)
        layout.addWidget(paint)
        # sides
        self.sides_group = sides = QGroupBox("Sides")
        self.sides_form = form = QFormLayout(sides)
        self.feature = QComboBox()
        self.feature.setToolTip("What a click on a side between two spaces puts there or takes "
                                "away (a wall, a door...)")
        self.feature.addItems(GENERIC.features or ())
        self.feature.setEditable(True)
        self.side_level = QComboBox()
        self.side_level.setToolTip("The levels the side feature stands at")
        self.side_level.addItem("all levels", None)
        for lv in range(-1, 4):
            self.side_level.addItem(f"level {lv}", lv)
        self.sides_note = _note()
        form.addRow(self.sides_note)
        form.addRow("Feature", self.feature)
        form.addRow("At", self.side_level)
        layout.addWidget(sides)
        # polygons
        poly = QGroupBox("Polygon")
        form = QFormLayout(poly)
        self.poly_kind = QComboBox()
        self.poly_kind.setToolTip("The kind of space a drawn polygon becomes")
        self.poly_kind.addItems(POLYGON_KINDS)
        self.poly_kind.setEditable(True)
        self.key_prefix = QLineEdit("Z")
        self.key_prefix.setToolTip("The start of a drawn polygon's key (Z gives Z1, Z2 ...)")
        self.grid_step = QDoubleSpinBox()
        self.grid_step.setRange(0.0, 5.0)
        self.grid_step.setDecimals(3)
        self.grid_step.setSingleStep(0.05)
        self.grid_step.setValue(0.05)
        self.grid_step.setToolTip("Corners not snapped to an existing corner snap to this "
                                  "grid (0: off)")
        form.addRow("Kind", self.poly_kind)
        form.addRow("Key prefix", self.key_prefix)
        form.addRow("Grid step", self.grid_step)
        layout.addWidget(poly)
        # links
        self.links_group = links = QGroupBox("Links")
        self.links_form = form = QFormLayout(links)
        self.links_note = _note()
        form.addRow(self.links_note)
        self.link_kind = QComboBox()
        self.link_kind.setToolTip("The kind of link a drag from one space to another makes")
        self.link_kind.addItems(GENERIC.link_kinds or ())
        self.link_kind.setEditable(True)
        self.directed = QCheckBox("one way")
        self.directed.setToolTip("A one-way link: from the space the drag starts on to the one it"
                                 " ends on")
        self.link_attrs = QLineEdit()
        self.link_attrs.setToolTip("The new link's attributes, as a JSON object")
        self.link_attrs.setPlaceholderText('{"priority": 1} or {"from_level": 0, "to_level": 1}')
        form.addRow("Kind", self.link_kind)
        form.addRow("", self.directed)
        form.addRow("Attributes", self.link_attrs)
        layout.addWidget(links)
        # placement
        place = QGroupBox("Place")
        self.place_form = form = QFormLayout(place)
        self.place_level = QSpinBox()
        self.place_level.setToolTip("The level a placed piece stands at")
        self.place_level.setRange(-1, 3)
        self.facing = QComboBox()
        self.facing.setToolTip("The way a placed piece faces (some games need one, e.g. French "
                               "Foreign Legion 4.2)")
        self.facing.addItem("none", None)
        for i, name in enumerate(FACINGS):
            self.facing.addItem(name, i)
        self.place_note = _note()
        form.addRow("Level", self.place_level)
        form.addRow("Facing", self.facing)
        form.addRow(self.place_note)
        layout.addWidget(place)
        layout.addStretch(1)
        for box in self.findChildren(QComboBox):    # narrow: the dock sets the width
            box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            box.setMinimumContentsLength(6)
        self.terrain.lineEdit().setPlaceholderText("(leave as it is)")
        self.set_game("")

    def configure(self, data: dict, fresh: bool = True) -> None:
        """Offer what the module ``data`` (a document's dump) needs: its game's
        rows and lists, its terrains, the features, link kinds and attributes
        its boards use first (the window calls it for each module, and with
        ``fresh`` False after an edit of the module's own data: the lists
        are made again only when its game changed)."""
        from .validation import known_terrains

        if fresh or self.profile is not profile_for(data["module"]["game"]):
            self.set_game(data["module"]["game"])
            self.set_vocabulary(*used_vocabulary(data))
        self.set_terrains(known_terrains(data))

    def set_game(self, game: str) -> None:
        """Offer what a designer of ``game`` needs: its rows and lists, hints
        from its maps; rows for what its rules never read are left out."""
        pr = self.profile = profile_for(game)
        self.heading.setText(f"For {pr.name}" if pr is not GENERIC else
                             "For a module of no game: every option")
        self.heading.setVisible(True)
        self.paint_form.setRowVisible(self.terrain, pr.terrain)
        self.paint_form.setRowVisible(self.levels, pr.levels)
        short = pr.value_example.split(" (")[0].split(" or ")[0].split(",")[0]
        self.attr_value.setPlaceholderText(f"e.g. {short}")
        self.attr_value.setToolTip("The attribute's value: JSON (3, true, [1, 2]) or plain "
                                   f"text; empty removes it. {pr.name[0].upper()}"
                                   f"{pr.name[1:]}: {pr.value_example}")
        if pr.paint_attributes:
            self.attr_key.lineEdit().setPlaceholderText(f"e.g. {pr.paint_attributes[0]}")
        self.sides_form.setRowVisible(self.side_level, pr.levels)
        for group, form, note, used, what in (
                (self.sides_group, self.sides_form, self.sides_note, pr.features, "side features"),
                (self.links_group, self.links_form, self.links_note, pr.link_kinds, "links")):
            for row in range(form.rowCount()):
                for role in (QFormLayout.ItemRole.LabelRole, QFormLayout.ItemRole.FieldRole):
                    item = form.itemAt(row, role)
                    if item is not None and item.widget() is not None \
                            and item.widget() is not note:
                        item.widget().setEnabled(used is not None)
            note.setText(f"The rules of {pr.name} read no {what}: what this tool draws is "
                         "kept in the file but changes nothing in play.")
            form.setRowVisible(note, used is None)
            group.setToolTip("" if used is not None else note.text())
        self.link_attrs.setPlaceholderText(pr.link_example)
        if [self.poly_kind.itemText(i) for i in range(self.poly_kind.count())] != \
                list(pr.polygon_kinds):
            self.poly_kind.clear()
            self.poly_kind.addItems(pr.polygon_kinds)
            self.key_prefix.setText(pr.key_prefix)
        self.place_form.setRowVisible(self.place_level, pr.levels)
        self.place_form.setRowVisible(self.facing, pr.facing)
        if pr.facing_rule:
            self.facing.setToolTip(f"The way a placed piece faces ({pr.name} {pr.facing_rule}: "
                                   "its units face a way)")
        self.place_note.setText(f"In {pr.name} a piece stands on a space: no level, no "
                                "facing." if not (pr.levels or pr.facing) else "")
        self.place_form.setRowVisible(self.place_note, not (pr.levels or pr.facing))
        if not pr.levels:
            self.levels.clear()
            self.place_level.setValue(0)
            self.side_level.setCurrentIndex(0)
        if not pr.facing:
            self.facing.setCurrentIndex(0)

    def set_facings(self, facings: int) -> None:
        """Offer the facings of the board shown: 6 hex sides, or 8 compass points."""
        names = HEX_FACINGS if facings == 6 else FACINGS
        if self.facing.count() == len(names) + 1:
            return
        current = self.facing.currentData()
        self.facing.clear()
        self.facing.addItem("none", None)
        for i, name in enumerate(names):
            self.facing.addItem(name, i)
        index = self.facing.findData(current)
        self.facing.setCurrentIndex(index if index >= 0 else 0)

    def set_terrains(self, names) -> None:
        current = self.terrain.currentText()
        self.terrain.clear()
        self.terrain.addItem("")
        self.terrain.addItems(sorted(names))
        self.terrain.setCurrentText(current)

    def set_vocabulary(self, features: list[str], link_kinds: list[str],
                       attributes: list[str] = ()) -> None:
        """The side features, link kinds and space attributes the module's
        boards already use come first in the Sides, Links and Paint lists (a
        Limits of Glory designer finds the river and the border, a Legend
        Begins one the escarpments and roads), then those its game reads; the
        first is chosen (no attribute: painting one is a choice)."""
        pr = self.profile
        for box, used, common, first in (
                (self.feature, features, pr.features or (), 0),
                (self.link_kind, link_kinds, pr.link_kinds or (), 0),
                (self.attr_key, [a for a in pr.paint_attributes if a in attributes]
                 + [a for a in attributes if a not in _OWN_ROWS], pr.paint_attributes, -1)):
            items = list(dict.fromkeys([*used, *common]))
            if first < 0:
                items = ["", *items]
            if items == [box.itemText(i) for i in range(box.count())]:
                continue
            box.clear()
            box.addItems(items)
            box.setCurrentIndex(0)
        self.link_kinds_offered.emit(
            [self.link_kind.itemText(i) for i in range(self.link_kind.count())],
            self.profile.link_example)

    # -- what the tools ask -------------------------------------------------------------

    def paint_mode(self) -> str:
        return self.paint_mode_box.currentText()

    def paint_values(self) -> tuple[dict[str, Any], list[str]]:
        """Attributes to set and attribute names to remove."""
        values: dict[str, Any] = {}
        remove: list[str] = []
        if self.terrain.currentText().strip():
            values["terrain"] = self.terrain.currentText().strip()
        try:
            levels = parse_levels(self.levels.text())
        except ValueError:
            levels = None
        if levels is not None:
            values["levels"] = levels
        key = self.attr_key.currentText().strip()
        if key:
            text = self.attr_value.text().strip()
            if text:
                values[key] = parse_value(text)
            else:
                remove.append(key)
        return values, remove

    def side_feature(self) -> tuple[str, int | None]:
        return self.feature.currentText().strip(), self.side_level.currentData()

    def polygon_kind(self) -> tuple[str, str]:
        return (self.poly_kind.currentText().strip() or "zone",
                self.key_prefix.text().strip() or "Z")

    def snap_to_grid(self, x: float, y: float) -> tuple[float, float]:
        """(x, y) rounded to the grid step (to 4 decimals when the grid is off)."""
        step = self.grid_step.value()
        if step <= 0:
            return round(x, 4), round(y, 4)
        return round(round(x / step) * step, 6), round(round(y / step) * step, 6)

    def link_spec(self) -> tuple[str, bool, dict[str, Any]]:
        text = self.link_attrs.text().strip()
        attrs = parse_value(text) if text else {}
        if not isinstance(attrs, dict):
            attrs = {"value": attrs}
        return self.link_kind.currentText().strip(), self.directed.isChecked(), attrs

    def place_spec(self) -> tuple[int, int | None]:
        return self.place_level.value(), self.facing.currentData()


def _note() -> QLabel:
    """A few words in a tool's group, wrapped to the dock's width."""
    label = QLabel()
    label.setWordWrap(True)
    label.setStyleSheet("color: palette(placeholder-text)")
    return label


def used_vocabulary(data: dict) -> tuple[list[str], list[str], list[str]]:
    """The side features, link kinds and space attributes the module's boards
    use, most used first."""
    features: dict[str, int] = {}
    kinds: dict[str, int] = {}
    attributes: dict[str, int] = {}
    for b in data.get("boards", []):
        for s in b.get("spaces", []):
            for a in s.get("attrs", {}):
                attributes[a] = attributes.get(a, 0) + 1
        for s in b.get("sides", []):
            for f in s.get("features", ()):
                features[f] = features.get(f, 0) + 1
        for lk in b.get("links", []):
            kinds[lk["kind"]] = kinds.get(lk["kind"], 0) + 1
    return (sorted(features, key=lambda f: (-features[f], f)),
            sorted(kinds, key=lambda k: (-kinds[k], k)),
            sorted(attributes, key=lambda a: (-attributes[a], a)))
