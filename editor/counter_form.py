"""CounterForm (in the Pieces dock): the counter layout of one piece kind.

What the generic counter of a kind prints (``ffl.ui.counter_layout``): the
name line (the type's name, one of its values, or none), the values under it
in the order of the list (tick the ones to print, Up and Down to order them)
and a value in each corner badge.  Every change is one undo step writing
``module.attrs["counters"][kind]``; Default removes the layout.  The same
drawing is used on the map, in the player and on the printed sheets.  A game
that draws its own counters (French Foreign Legion) ignores layouts: the form
says so and is disabled.
"""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ffl.games import manifest
from ffl.ui.counter_layout import CORNERS, TYPE_NAME, CounterLayout, counter_layouts

from . import module_edits

CORNER_TITLES = {"top-left": "Top left", "top-right": "Top right",
                 "bottom-left": "Bottom left", "bottom-right": "Bottom right"}
#: values that say how a counter looks rather than what it prints
NOT_PRINTED = frozenset({"counter_values", "back", "label"})


def kind_values(data: dict, kind: str) -> list[str]:
    """The value keys the piece types of ``kind`` have, in the order first met
    (only plain values: numbers, texts, yes/no)."""
    out: list[str] = []
    for pt in data["piece_types"]:
        if pt.get("kind", "character") != kind:
            continue
        for key, value in pt.get("values", {}).items():
            if key not in out and key not in NOT_PRINTED and \
                    isinstance(value, int | float | str | bool):
                out.append(key)
    return out


def default_values(data: dict, kind: str) -> list[str]:
    """The values a kind prints without a layout: its whole numbers."""
    out: list[str] = []
    for pt in data["piece_types"]:
        if pt.get("kind", "character") != kind:
            continue
        out += [k for k, v in pt.get("values", {}).items()
                if isinstance(v, int) and not isinstance(v, bool) and k not in out]
    return out


class CounterForm(QGroupBox):
    """The layout of one piece kind's counters."""

    def __init__(self, editor, parent: QWidget | None = None) -> None:
        super().__init__("Counter layout", parent)
        self.editor = editor
        self.kind: str | None = None
        layout = QVBoxLayout(self)
        self.note = QLabel()
        self.note.setWordWrap(True)
        layout.addWidget(self.note)
        form = QFormLayout()
        self.name_box = QComboBox()
        self.name_box.setToolTip("The counter's top line")
        form.addRow("Name line", self.name_box)
        layout.addLayout(form)
        layout.addWidget(QLabel("Values under the name (ticked ones print, in this order)"))
        row = QHBoxLayout()
        self.values = QListWidget()
        self.values.setMaximumHeight(92)
        row.addWidget(self.values, 1)
        buttons = QVBoxLayout()
        self.up_button = QPushButton("Up")
        self.up_button.setToolTip("Print the chosen value earlier")
        self.down_button = QPushButton("Down")
        self.down_button.setToolTip("Print the chosen value later")
        buttons.addWidget(self.up_button)
        buttons.addWidget(self.down_button)
        buttons.addStretch(1)
        row.addLayout(buttons)
        layout.addLayout(row)
        badges = QFormLayout()
        self.corners: dict[str, QComboBox] = {}
        for corner in CORNERS:
            box = QComboBox()
            box.setToolTip("A value printed in a ring in this corner")
            self.corners[corner] = box
            badges.addRow(CORNER_TITLES[corner], box)
            box.activated.connect(lambda _=0: self.apply())
        self.default_button = QPushButton("Default")
        self.default_button.setToolTip("Forget this kind's layout: the name, then the whole "
                                       "numbers in the order entered")
        badges.addRow("", self.default_button)
        layout.addWidget(QLabel("Badges: a value in a ring in a corner"))
        layout.addLayout(badges)
        self.name_box.activated.connect(lambda _=0: self.apply())
        self.values.itemChanged.connect(lambda _: self.apply())
        self.up_button.clicked.connect(lambda: self.move(-1))
        self.down_button.clicked.connect(lambda: self.move(1))
        self.default_button.clicked.connect(self.reset)
        self.show_kind(None)

    # -- filling ---------------------------------------------------------------------------

    def current(self) -> CounterLayout | None:
        """The stored layout of the kind shown (None: the default)."""
        if self.kind is None:
            return None
        return counter_layouts(self.editor.doc.data["module"].get("attrs")).get(self.kind)

    def show_kind(self, kind: str | None) -> None:
        """Show the layout of piece kind ``kind`` (None: nothing chosen)."""
        self.kind = kind
        data = self.editor.doc.data
        game = manifest(data["module"]["game"])
        own = game is not None and bool(game.counter)
        for w in (self.name_box, self.values, self.up_button, self.down_button,
                  self.default_button, *self.corners.values()):
            w.setEnabled(kind is not None and not own)
        if own:
            self.note.setText(f"{game.title} draws its own counters; a layout here is for "
                              "the generic counter and is not used.")
        elif kind is None:
            self.note.setText("Choose a piece type: its kind's counter layout is shown here.")
        else:
            n = sum(1 for pt in data["piece_types"] if pt.get("kind", "character") == kind)
            stored = self.current() is not None
            self.note.setText(f"Counters of kind <b>{kind}</b> ({n} type{'s' if n != 1 else ''}"
                              f"){'' if stored else ': the default layout'}.")
        self._fill()

    def _fill(self) -> None:
        data = self.editor.doc.data
        keys = kind_values(data, self.kind) if self.kind is not None else []
        layout = self.current() or CounterLayout()
        with QSignalBlocker(self.name_box):
            self.name_box.clear()
            self.name_box.addItem("the type's name", TYPE_NAME)
            self.name_box.addItem("no name line", "")
            for key in keys:
                self.name_box.addItem(f"value: {key}", key)
            if layout.name not in (TYPE_NAME, "", *keys):
                self.name_box.addItem(f"value: {layout.name}", layout.name)
            self.name_box.setCurrentIndex(max(0, self.name_box.findData(layout.name)))
        chosen = list(layout.values) if layout.values is not None else \
            default_values(data, self.kind) if self.kind is not None else []
        order = chosen + [k for k in keys if k not in chosen]
        item = self.values.currentItem()
        was = item.data(Qt.ItemDataRole.UserRole) if item is not None else None
        with QSignalBlocker(self.values):
            self.values.clear()
            for key in order:
                item = QListWidgetItem(key)
                item.setData(Qt.ItemDataRole.UserRole, key)
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                item.setCheckState(Qt.CheckState.Checked if key in chosen
                                   else Qt.CheckState.Unchecked)
                self.values.addItem(item)
                if key == was:
                    self.values.setCurrentItem(item)
        badges = dict(layout.badges)
        for corner, box in self.corners.items():
            with QSignalBlocker(box):
                box.clear()
                box.addItem("none", "")
                held = badges.get(corner, "")
                for key in keys + ([held] if held and held not in keys else []):
                    box.addItem(key, key)
                box.setCurrentIndex(max(0, box.findData(badges.get(corner, ""))))

    # -- writing ---------------------------------------------------------------------------

    def layout_shown(self) -> CounterLayout:
        """The layout the form shows now."""
        values = tuple(self.values.item(i).data(Qt.ItemDataRole.UserRole)
                       for i in range(self.values.count())
                       if self.values.item(i).checkState() == Qt.CheckState.Checked)
        badges = tuple((c, box.currentData()) for c, box in self.corners.items()
                       if box.currentData())
        return CounterLayout(self.name_box.currentData() or "", values, badges)

    def apply(self) -> bool:
        """Write the form's layout for the kind (one undo step)."""
        if self.kind is None:
            return False
        return self.editor.push(f"Counter layout of {self.kind}", module_edits.set_counter_layout(
            self.editor.doc, self.kind, self.layout_shown()))

    def move(self, step: int) -> bool:
        """Move the chosen value up (-1) or down (+1) in the list and apply."""
        row = self.values.currentRow()
        to = row + step
        if not (0 <= row < self.values.count() and 0 <= to < self.values.count()):
            return False
        with QSignalBlocker(self.values):
            item = self.values.takeItem(row)
            self.values.insertItem(to, item)
            self.values.setCurrentRow(to)
        return self.apply()

    def reset(self) -> bool:
        """Forget the kind's layout (one undo step)."""
        if self.kind is None:
            return False
        return self.editor.push(f"Default counter layout of {self.kind}",
                                module_edits.set_counter_layout(self.editor.doc, self.kind,
                                                                None))
