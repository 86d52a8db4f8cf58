"""ScenarioPanel: title, description, sides, optional rules, set-up data and the
placements of one scenario (the Place tool puts the chosen piece on the map)."""

from __future__ import annotations

import json

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from . import edits


class ScenarioPanel(QWidget):
    """One scenario's fields; Apply writes them as one undo step."""

    def __init__(self, editor, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.editor = editor
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        top = QHBoxLayout()
        self.choice = QComboBox()
        self.add_button = QPushButton("New scenario")
        top.addWidget(self.choice, 1)
        top.addWidget(self.add_button)
        layout.addLayout(top)
        form = QFormLayout()
        self.id_edit = QLineEdit()
        self.title_edit = QLineEdit()
        self.board_box = QComboBox()
        self.sides_edit = QLineEdit()
        self.sides_edit.setPlaceholderText("legion, bedouin")
        self.options_edit = QLineEdit()
        self.options_edit.setPlaceholderText('optional rules, e.g. {"night": true}')
        form.addRow("Id", self.id_edit)
        form.addRow("Title", self.title_edit)
        form.addRow("Board", self.board_box)
        form.addRow("Sides", self.sides_edit)
        form.addRow("Options", self.options_edit)
        layout.addLayout(form)
        layout.addWidget(QLabel("Description"))
        self.description = QPlainTextEdit()
        self.description.setMaximumHeight(70)
        layout.addWidget(self.description)
        layout.addWidget(QLabel("Set-up restrictions (JSON)"))
        self.setup_edit = QPlainTextEdit()
        self.setup_edit.setMaximumHeight(110)
        layout.addWidget(self.setup_edit)
        self.apply_button = QPushButton("Apply")
        layout.addWidget(self.apply_button)
        self.error = QLabel()
        self.error.setStyleSheet("color: #b3261e")
        self.error.setWordWrap(True)
        layout.addWidget(self.error)
        layout.addWidget(QLabel("Placements (choose one, then click the map with Place)"))
        self.placements = QListWidget()
        layout.addWidget(self.placements, 1)
        row = QHBoxLayout()
        self.type_box = QComboBox()
        self.add_piece_button = QPushButton("Add piece")
        self.off_button = QPushButton("Take off map")
        row.addWidget(self.type_box, 1)
        row.addWidget(self.add_piece_button)
        row.addWidget(self.off_button)
        layout.addLayout(row)
        self.choice.currentIndexChanged.connect(lambda _: self._changed_scenario())
        self.apply_button.clicked.connect(self.apply)
        self.add_button.clicked.connect(self.add_scenario)
        self.add_piece_button.clicked.connect(self.add_piece)
        self.off_button.clicked.connect(self.take_off)

    # -- reading ------------------------------------------------------------------------

    def current_index(self) -> int | None:
        i = self.choice.currentIndex()
        return i if 0 <= i < len(self.editor.doc.data["scenarios"]) else None

    def current(self) -> dict | None:
        i = self.current_index()
        return None if i is None else self.editor.doc.data["scenarios"][i]

    def current_piece(self) -> str | None:
        item = self.placements.currentItem()
        return item.data(Qt.ItemDataRole.UserRole) if item else None

    def refresh(self) -> None:
        """Reload everything from the document (keeping the chosen scenario and piece)."""
        data = self.editor.doc.data
        index, piece = self.choice.currentIndex(), self.current_piece()
        with QSignalBlocker(self.choice):
            self.choice.clear()
            for sc in data["scenarios"]:
                self.choice.addItem(f"{sc['title']} ({sc['id']})")
            if data["scenarios"]:
                self.choice.setCurrentIndex(min(max(index, 0), len(data["scenarios"]) - 1))
        with QSignalBlocker(self.board_box):
            self.board_box.clear()
            self.board_box.addItems([b["name"] for b in data["boards"]])
        with QSignalBlocker(self.type_box):
            current_type = self.type_box.currentText()
            self.type_box.clear()
            self.type_box.addItems([pt["id"] for pt in data["piece_types"]])
            self.type_box.setCurrentText(current_type)
        self._fill(piece)

    def _changed_scenario(self) -> None:
        self._fill(None)
        self.editor.scenario_changed()

    def _fill(self, piece: str | None) -> None:
        sc = self.current()
        for w in (self.id_edit, self.title_edit, self.sides_edit, self.options_edit):
            w.clear()
        self.description.clear()
        self.setup_edit.clear()
        self.placements.clear()
        self.error.clear()
        if sc is None:
            return
        self.id_edit.setText(sc["id"])
        self.title_edit.setText(sc["title"])
        self.board_box.setCurrentText(sc["board"])
        self.sides_edit.setText(", ".join(sc["sides"]))
        self.options_edit.setText(json.dumps(sc["options"], sort_keys=True))
        self.description.setPlainText(sc["description"])
        self.setup_edit.setPlainText(json.dumps(sc["setup"], sort_keys=True, indent=1))
        for p in sc["placements"]:
            where = "off map" if p["space"] is None else f"{p['space']} L{p['level']}"
            item = QListWidgetItem(f"{p['piece']}  [{p['type']}]  {where}  ({p['status']})")
            item.setData(Qt.ItemDataRole.UserRole, p["piece"])
            self.placements.addItem(item)
            if p["piece"] == piece:
                self.placements.setCurrentItem(item)

    # -- writing ------------------------------------------------------------------------

    def apply(self) -> None:
        sci = self.current_index()
        if sci is None:
            return
        try:
            options = json.loads(self.options_edit.text() or "{}")
            setup = json.loads(self.setup_edit.toPlainText() or "{}")
            if not isinstance(options, dict) or not isinstance(setup, dict):
                raise ValueError("options and set-up must be JSON objects {...}")
        except ValueError as exc:
            self.error.setText(f"Not applied: {exc}")
            return
        sides = [s.strip() for s in self.sides_edit.text().split(",") if s.strip()]
        fields = {"id": self.id_edit.text().strip(), "title": self.title_edit.text(),
                  "board": self.board_box.currentText(), "sides": sides,
                  "options": options, "setup": setup,
                  "description": self.description.toPlainText()}
        doc = self.editor.doc
        changes = []
        for name, value in fields.items():
            changes += edits.set_at(doc, ("scenarios", sci, name), value)
        self.editor.push("Edit scenario", changes)

    def add_scenario(self) -> None:
        data = self.editor.doc.data
        game = data["module"]["game"] or data["module"]["id"]
        taken = {sc["id"] for sc in data["scenarios"]}
        n = 1
        while f"{game}/scenario-{n}" in taken:
            n += 1
        board = data["boards"][self.editor.bi]["name"] if data["boards"] else ""
        entry = {"id": f"{game}/scenario-{n}", "game": game, "title": f"Scenario {n}",
                 "board": board, "description": "", "sides": [], "options": {},
                 "setup": {}, "placements": []}
        if self.editor.push("Add scenario", edits.insert_at(
                self.editor.doc, ("scenarios", len(data["scenarios"])), entry)):
            self.choice.setCurrentIndex(len(data["scenarios"]) - 1)

    def add_piece(self) -> None:
        sci = self.current_index()
        type_id = self.type_box.currentText()
        types = {pt["id"]: pt for pt in self.editor.doc.data["piece_types"]}
        if sci is None or type_id not in types:
            return
        placements = self.editor.doc.data["scenarios"][sci]["placements"]
        taken = {p["piece"] for p in placements}
        n = 1
        while f"{type_id}-{n}" in taken:
            n += 1
        entry = {"piece": f"{type_id}-{n}", "type": type_id, "side": types[type_id]["side"],
                 "space": None, "level": 0, "facing": None, "status": "off", "data": {}}
        self.editor.push("Add piece", edits.insert_at(
            self.editor.doc, ("scenarios", sci, "placements", len(placements)), entry))
        self._fill(entry["piece"])

    def take_off(self) -> None:
        sci, piece = self.current_index(), self.current_piece()
        if sci is None or piece is None:
            return
        placements = self.editor.doc.data["scenarios"][sci]["placements"]
        pi = next(i for i, p in enumerate(placements) if p["piece"] == piece)
        new = dict(placements[pi], space=None, status="off")
        self.editor.push(f"Take {piece} off", edits.set_at(
            self.editor.doc, ("scenarios", sci, "placements", pi), new))
