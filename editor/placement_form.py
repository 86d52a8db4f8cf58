"""PlacementForm (in the Scenario dock): the piece chosen in the placements
list, its status and its data.

A placement's ``data`` is what a game keeps per piece beyond where it stands:
Phantom Fury's pool a piece is drawn from and a squad's ammunition, The
Legend Begins' turn of arrival, headquarters and reserve, Limits of Glory's
squadrons and home port, French Foreign Legion's gates (open or closed).  A
piece added in the dock starts with the data the module's pieces of its type
have (:func:`~editor.scenario_edits.new_placement`); here the designer
changes it: a value typed as in the Pieces dock's values (a whole number, a
number with a point, yes or no, a text; a list or an object as JSON), each
change, addition or removal one undo step, and the status (off the map,
set aside, active...) chosen from a list.  The line under the table says
what the module's other pieces of the type have, as a hint of what the game
reads.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import QComboBox, QFormLayout, QGroupBox, QLabel, QVBoxLayout, QWidget

from ffl.engine.pieces import ACTIVE, ELIMINATED, EXITED, OFF_BOARD, UNUSED

from . import edits
from .values_table import ValuesTable, shown

#: the statuses every game knows, after those the module's pieces have
STATUSES = (OFF_BOARD, ACTIVE, UNUSED, ELIMINATED, EXITED)


class DataTable(ValuesTable):
    """The data of the chosen placement, edited as a type's values are."""

    HEADERS = ("Data", "Value")
    NOUN = "entry"
    OWNER = "the piece"
    JSON_TYPED = True

    def __init__(self, editor, form: PlacementForm) -> None:
        self.form = form
        super().__init__(editor)
        self.table.setMinimumHeight(90)
        self.add_button.setToolTip("Add an entry to the piece's data (then type its name and "
                                   "value)")
        self.remove_button.setToolTip("Remove the chosen entry from the piece's data")
        self.table.setToolTip("What the game keeps for this piece: type over a name or a "
                              "value (a number, yes or no, a text; a list as JSON)")

    def path(self) -> tuple | None:
        return self.form.data_path()

    def heading(self) -> str:
        return ""


class PlacementForm(QGroupBox):
    """The chosen placement's status and data (nothing chosen: disabled)."""

    def __init__(self, editor, parent: QWidget | None = None) -> None:
        super().__init__("Chosen piece", parent)
        self.editor = editor
        self.sci: int | None = None
        self.piece: str | None = None
        layout = QVBoxLayout(self)
        self.what = QLabel()
        self.what.setWordWrap(True)
        layout.addWidget(self.what)
        form = QFormLayout()
        self.status = QComboBox()
        self.status.setEditable(True)
        self.status.setToolTip("Where the piece is at the start: active (in play, on the map "
                               "when placed), off (not entered yet), unused (set aside), or "
                               "what the game calls it (The Legend Begins' pool)")
        form.addRow("Status", self.status)
        layout.addLayout(form)
        self.data = DataTable(editor, self)
        self.data.title.hide()
        layout.addWidget(self.data)
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        self.hint.setStyleSheet("color: palette(placeholder-text)")
        layout.addWidget(self.hint)
        self.status.activated.connect(lambda _: self.commit_status())
        self.status.lineEdit().editingFinished.connect(self.commit_status)
        self.show_piece(None, None)

    # -- reading ----------------------------------------------------------------------

    def _index(self) -> int | None:
        scenarios = self.editor.doc.data["scenarios"]
        if self.sci is None or self.piece is None or not 0 <= self.sci < len(scenarios):
            return None
        for i, p in enumerate(scenarios[self.sci]["placements"]):
            if p["piece"] == self.piece:
                return i
        return None

    def placement(self) -> dict | None:
        pi = self._index()
        return None if pi is None else self.editor.doc.data["scenarios"][self.sci][
            "placements"][pi]

    def data_path(self) -> tuple | None:
        pi = self._index()
        return None if pi is None else ("scenarios", self.sci, "placements", pi, "data")

    def show_piece(self, sci: int | None, piece: str | None) -> None:
        """Show the placement of ``piece`` in scenario ``sci`` (None: nothing)."""
        self.sci, self.piece = sci, piece
        p = self.placement()
        self.setEnabled(p is not None)
        with QSignalBlocker(self.status):
            self.status.clear()
            if p is not None:
                used = [q["status"] for sc in self.editor.doc.data["scenarios"]
                        for q in sc["placements"]]
                self.status.addItems(list(dict.fromkeys([*STATUSES, *used])))
                self.status.setCurrentText(p["status"])
        if p is None:
            self.what.setText("Choose a piece in the list to edit its status and data.")
            self.hint.clear()
        else:
            where = "off the map" if p["space"] is None else f"on {p['space']}"
            self.what.setText(f"<b>{p['piece']}</b>: {p['type']}, {p['side'] or 'no side'}, "
                              f"{where}")
            self.hint.setText(self._hint(p))
        self.data.refill()

    def _hint(self, p: dict) -> str:
        """What the module's other pieces of the type keep as data (else those
        of the piece's side: Phantom Fury gives each piece a type of its own)."""
        for label, alike in (("of this type", lambda q: q["type"] == p["type"]),
                             (f"of {p['side']}", lambda q: p["side"] and q["side"] == p["side"])):
            seen: dict[str, list[Any]] = {}
            for sc in self.editor.doc.data["scenarios"]:
                for q in sc["placements"]:
                    if q is not p and alike(q):
                        for k, v in q["data"].items():
                            values = seen.setdefault(k, [])
                            if v not in values:
                                values.append(v)
            if seen:
                parts = [f"{k} ({', '.join(shown(v) for v in values[:4])}"
                         f"{', ...' if len(values) > 4 else ''})" for k, values in seen.items()]
                return f"The module's other pieces {label} keep: " + "; ".join(parts)
        return "The module's other pieces of this type keep no data."

    # -- writing ----------------------------------------------------------------------

    def commit_status(self) -> bool:
        """Apply the status shown (one undo step); False if there is nothing to."""
        pi, text = self._index(), self.status.currentText().strip()
        if pi is None or not text:
            return False
        return self.editor.push(f"Status of {self.piece}", edits.set_at(
            self.editor.doc, ("scenarios", self.sci, "placements", pi, "status"), text))
