"""ScenarioPanel: title, description, sides, optional rules, set-up restrictions
and the placements of one scenario (the Place tool puts the chosen piece on the
map).

The chooser lists the module's scenarios, then its draft scenarios (a module's
``attrs["draft_scenarios"]``: scenarios kept as data that the game cannot play
yet, e.g. French Foreign Legion 19-23).  A draft has no board or placements;
its other fields are edited the same way.
"""

from __future__ import annotations

import copy
import json

from PySide6.QtCore import QSignalBlocker, Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
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
from .dialogs import NewScenarioDialog
from .placement_form import PlacementForm
from .setup_table import SetupTable

DRAFTS = ("module", "attrs", "draft_scenarios")
#: the form fields that apply as soon as they are edited (each one undo step)
FIELDS = ("id", "title", "board", "sides", "options", "description")


class NoteEdit(QPlainTextEdit):
    """A text box that says when the user leaves it (to apply what was typed)."""

    editingFinished = Signal()

    def focusOutEvent(self, event) -> None:  # noqa: N802
        super().focusOutEvent(event)
        self.editingFinished.emit()


class ScenarioPanel(QWidget):
    """One scenario's fields, each applied (one undo step) when the user leaves
    it; the set-up restrictions are applied with Apply set-up (or by Save)."""

    def __init__(self, editor, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.editor = editor
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        top = QHBoxLayout()
        self.choice = QComboBox()
        self.add_button = QPushButton("New…")
        self.add_button.setToolTip("Add a scenario (title, board, sides)")
        self.copy_button = QPushButton("Copy")
        self.copy_button.setToolTip("Add a copy of this scenario (board, sides, set-up and "
                                    "every placement) to make a variant of it")
        self.delete_button = QPushButton("Delete")
        self.delete_button.setToolTip("Delete this scenario (undoable)")
        self.choice.setToolTip("The scenario shown here and on the map")
        layout.addWidget(self.choice)          # its own row: a long title reads whole
        top.addWidget(self.add_button)
        top.addWidget(self.copy_button)
        top.addWidget(self.delete_button)
        top.addStretch(1)
        layout.addLayout(top)
        form = QFormLayout()
        self.id_edit = QLineEdit()
        self.id_edit.setToolTip("The scenario's id: <game>/<name>, one word, what ffl --scenario "
                                "takes")
        self.title_edit = QLineEdit()
        self.title_edit.setToolTip("The scenario's title, as the player lists it")
        self.board_box = QComboBox()
        self.board_box.setToolTip("The board the scenario is played on")
        self.sides_edit = QLineEdit()
        self.sides_edit.setToolTip("The sides, in turn order, separated by commas")
        self.sides_edit.setPlaceholderText("legion, bedouin")
        self.options_edit = QLineEdit()
        self.options_edit.setToolTip("The optional rules in force, as a JSON object, e.g. "
                                     "{\"night\": true}")
        self.options_edit.setPlaceholderText('optional rules, e.g. {"night": true}')
        form.addRow("Id", self.id_edit)
        form.addRow("Title", self.title_edit)
        form.addRow("Board", self.board_box)
        form.addRow("Sides", self.sides_edit)
        form.addRow("Options", self.options_edit)
        layout.addLayout(form)
        layout.addWidget(QLabel("Description"))
        self.description = NoteEdit()
        self.description.setToolTip("What the scenario is about, shown when a player chooses it")
        self.description.setMaximumHeight(70)
        layout.addWidget(self.description)
        self.setup = SetupTable()       # its title says what the game's set-up is
        layout.addWidget(self.setup, 2)
        self.apply_button = QPushButton("Apply set-up")
        self.apply_button.setToolTip("Write the set-up (restrictions and data, and any field "
                                     "still being typed) into the scenario (Ctrl+Return in "
                                     "the set-up data)")
        layout.addWidget(self.apply_button)
        self.error = QLabel()
        self.error.setStyleSheet("color: #b3261e")
        self.error.setWordWrap(True)
        layout.addWidget(self.error)
        layout.addWidget(QLabel("Placements (choose one, then click the map with Place)"))
        self.placements = QListWidget()
        self.placements.setMinimumHeight(120)
        layout.addWidget(self.placements, 1)
        row = QHBoxLayout()
        self.type_box = QComboBox()
        self.type_box.setToolTip("The piece type Add piece adds to the scenario")
        self.add_piece_button = QPushButton("Add piece")
        self.add_piece_button.setToolTip("Add a piece of the type chosen on the left, off the map"
                                         " (then place it with the Place tool)")
        self.each_button = QPushButton("Add each type")
        self.each_button.setToolTip("Add one piece, off the map, of every piece type of the "
                                    "scenario's sides (or of no side) it has none of (a card "
                                    "game's whole pack), in one undo step")
        self.off_button = QPushButton("Take off map")
        self.off_button.setToolTip("Take the chosen piece off the map (it stays in the scenario)")
        self.remove_piece_button = QPushButton("Remove")
        self.remove_piece_button.setToolTip("Remove the chosen piece from this scenario")
        row.addWidget(self.type_box, 1)
        row.addWidget(self.add_piece_button)
        row.addWidget(self.each_button)
        layout.addLayout(row)
        row = QHBoxLayout()         # two rows: the dock's usual width shows every button
        row.addWidget(self.off_button)
        row.addWidget(self.remove_piece_button)
        row.addStretch(1)
        layout.addLayout(row)
        self.piece_form = PlacementForm(editor)     # the chosen piece's status and data
        layout.addWidget(self.piece_form)
        self.placements.currentItemChanged.connect(lambda *_: self.piece_form.show_piece(
            self.current_index(), self.current_piece()))
        self.choice.currentIndexChanged.connect(lambda _: self._changed_scenario())
        self.apply_button.clicked.connect(self.apply)
        apply_keys = QShortcut(QKeySequence("Ctrl+Return"), self.setup.other)
        apply_keys.setContext(Qt.ShortcutContext.WidgetShortcut)   # Return is a new line
        apply_keys.activated.connect(self.apply)
        self.add_button.clicked.connect(self.new_scenario_dialog)
        self.copy_button.clicked.connect(self.copy_scenario)
        self.delete_button.clicked.connect(self.delete_scenario)
        self.add_piece_button.clicked.connect(self.add_piece)
        self.each_button.clicked.connect(self.add_each_type)
        self.off_button.clicked.connect(self.take_off)
        self.remove_piece_button.clicked.connect(self.remove_piece)
        self.sides_edit.editingFinished.connect(
            lambda: self.setup.set_sides(self._sides_text()))
        for name, widget in (("id", self.id_edit), ("title", self.title_edit),
                             ("sides", self.sides_edit), ("options", self.options_edit),
                             ("description", self.description)):
            widget.editingFinished.connect(lambda n=name: self.commit_field(n))
        self.board_box.activated.connect(lambda _: self.commit_field("board"))
        self._filled: dict[str, str] = {}       # what each field showed when filled
        self._filled_path: tuple | None = None
        self._setup_loaded: dict | None = None  # the set-up data the table was loaded from

    # -- reading ------------------------------------------------------------------------

    def _drafts(self) -> list:
        drafts = self.editor.doc.data["module"].get("attrs", {}).get("draft_scenarios")
        return drafts if isinstance(drafts, list) else []

    def entry_path(self) -> tuple | None:
        """Document path of the chosen scenario or draft scenario, or None."""
        i = self.choice.currentIndex()
        n = len(self.editor.doc.data["scenarios"])
        if 0 <= i < n:
            return ("scenarios", i)
        if 0 <= i - n < len(self._drafts()):
            return (*DRAFTS, i - n)
        return None

    def entry(self) -> dict | None:
        path = self.entry_path()
        return None if path is None else self.editor.doc.get(path)

    def current_index(self) -> int | None:
        """Index of the chosen scenario in the module's list (None for a draft)."""
        i = self.choice.currentIndex()
        return i if 0 <= i < len(self.editor.doc.data["scenarios"]) else None

    def current(self) -> dict | None:
        i = self.current_index()
        return None if i is None else self.editor.doc.data["scenarios"][i]

    def current_piece(self) -> str | None:
        item = self.placements.currentItem()
        return item.data(Qt.ItemDataRole.UserRole) if item else None

    def choose_piece(self, piece: str) -> bool:
        """Choose a placement in the list (True if the scenario shown has it)."""
        for row in range(self.placements.count()):
            if self.placements.item(row).data(Qt.ItemDataRole.UserRole) == piece:
                self.placements.setCurrentRow(row)
                return True
        return False

    def _sides_text(self) -> list[str]:
        return [s.strip() for s in self.sides_edit.text().split(",") if s.strip()]

    def refresh(self) -> None:
        """Reload everything from the document (keeping the chosen scenario and piece)."""
        data = self.editor.doc.data
        index, piece = self.choice.currentIndex(), self.current_piece()
        with QSignalBlocker(self.choice):
            self.choice.clear()
            for sc in data["scenarios"]:
                self.choice.addItem(f"{sc['title']} ({sc['id']})")
            for d in self._drafts():
                self.choice.addItem(f"Draft: {d.get('title', '')} ({d.get('id', '')})")
            if self.choice.count():
                self.choice.setCurrentIndex(min(max(index, 0), self.choice.count() - 1))
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

    def _texts(self) -> dict[str, str]:
        """What the form fields show now."""
        return {"id": self.id_edit.text(), "title": self.title_edit.text(),
                "board": self.board_box.currentText(), "sides": self.sides_edit.text(),
                "options": self.options_edit.text(),
                "description": self.description.toPlainText()}

    def _typed(self, path: tuple | None) -> dict[str, str]:
        """The fields typed in but not applied yet (kept when the form is filled
        again for the same scenario, e.g. after Add piece)."""
        if path is None or path != self._filled_path:
            return {}
        return {k: v for k, v in self._texts().items() if v != self._filled.get(k, v)}

    def _fill(self, piece: str | None) -> None:
        sc = self.entry()
        path = self.entry_path()
        typed = self._typed(path)
        keep_setup = (sc is not None and path == self._filled_path
                      and self._setup_loaded == sc.get("setup", {}) and self.setup_pending())
        for w in (self.id_edit, self.title_edit, self.sides_edit, self.options_edit):
            w.clear()
        self.description.clear()
        if not keep_setup:
            self.setup.clear()
        self.placements.clear()
        self.error.clear()
        self._filled_path = path
        real = self.current_index() is not None
        for w in (self.board_box, self.placements, self.type_box, self.add_piece_button,
                  self.each_button, self.off_button, self.remove_piece_button,
                  self.copy_button):
            w.setEnabled(real)
        self.delete_button.setEnabled(sc is not None)
        self.apply_button.setEnabled(sc is not None)
        if sc is None:
            self._filled = {}
            return
        self.id_edit.setText(sc.get("id", ""))
        self.title_edit.setText(sc.get("title", ""))
        self.board_box.setCurrentText(sc.get("board", ""))
        self.sides_edit.setText(", ".join(sc.get("sides", [])))
        self.options_edit.setText(json.dumps(sc.get("options", {}), sort_keys=True))
        self.description.setPlainText(sc.get("description", ""))
        self._filled = self._texts()
        for name, text in typed.items():
            self._set_text(name, text)
        if not keep_setup:
            self.setup.load(sc.get("setup", {}), list(sc.get("sides", [])),
                            sc.get("game") or self.editor.doc.data["module"]["game"])
            self._setup_loaded = copy.deepcopy(sc.get("setup", {}))
        for p in sc.get("placements", []):
            where = "off map" if p["space"] is None else f"{p['space']} L{p['level']}"
            item = QListWidgetItem(f"{p['piece']}  [{p['type']}]  {where}  ({p['status']})")
            item.setData(Qt.ItemDataRole.UserRole, p["piece"])
            self.placements.addItem(item)
            if p["piece"] == piece:
                self.placements.setCurrentItem(item)
        self.piece_form.show_piece(self.current_index(), self.current_piece())

    # -- writing ------------------------------------------------------------------------

    def _set_text(self, name: str, text: str) -> None:
        if name == "description":
            self.description.setPlainText(text)
        elif name == "board":
            self.board_box.setCurrentText(text)
        else:
            {"id": self.id_edit, "title": self.title_edit, "sides": self.sides_edit,
             "options": self.options_edit}[name].setText(text)

    def _changes(self, name: str) -> list:
        """The edit a field's text makes (ValueError with a message if it cannot)."""
        path, doc = self.entry_path(), self.editor.doc
        if path is None:
            return []
        if name == "id":
            return edits.set_scenario_id(doc, path, self.id_edit.text())
        if name == "board":
            if path[0] != "scenarios":
                return []
            return edits.set_scenario_board(doc, path[1], self.board_box.currentText())
        if name == "options":
            try:
                value = json.loads(self.options_edit.text() or "{}")
            except json.JSONDecodeError as exc:
                raise ValueError(f"not JSON ({exc.msg}, at character {exc.pos + 1}); "
                                 'write the optional rules as e.g. {"night": true}') from exc
            if not isinstance(value, dict):
                raise ValueError("options must be a JSON object {...}")
        elif name == "sides":
            value = self._sides_text()
            twice = sorted({side for side in value if value.count(side) > 1})
            if twice:
                raise ValueError(f"{', '.join(twice)} named twice: name each side once")
        elif name == "title":
            value = self.title_edit.text()
        else:
            value = self.description.toPlainText()
        return edits.set_at(doc, (*path, name), value)

    def commit_field(self, name: str) -> bool:
        """Apply one field as one undo step; False (with the reason shown) if it
        cannot be, e.g. an id another scenario has."""
        try:
            changes = self._changes(name)
        except ValueError as exc:
            self.error.setText(f"{name.capitalize()} not applied: {exc}")
            return False
        self.error.clear()
        if changes:
            self._filled[name] = self._texts()[name]
            self.editor.push(f"Scenario {name}", changes)
        return True

    def forget_typing(self) -> None:
        """A new document: nothing typed in the form belongs to it."""
        self._filled_path = None
        self._setup_loaded = None

    def setup_pending(self) -> bool:
        """Whether the set-up list has edits not yet applied."""
        sc = self.entry()
        if sc is None:
            return False
        try:
            return self.setup.value() != sc.get("setup", {})
        except ValueError:
            return True

    def has_pending(self) -> bool:
        """Whether anything typed in the form is not in the module yet."""
        if self.entry() is None:
            return False
        return bool(self._typed(self.entry_path())) or self.setup_pending()

    def commit_pending(self) -> str:
        """Apply every field typed in and the set-up list; the reason it could not
        ("" when everything is applied)."""
        if self.entry() is None:
            return ""
        for name in list(self._typed(self.entry_path())):
            if not self.commit_field(name):
                return self.error.text()
        if self.setup_pending() and not self.apply_setup():
            return self.error.text()
        return ""

    def apply_setup(self) -> bool:
        path = self.entry_path()
        if path is None:
            return False
        try:
            setup = self.setup.value()
        except ValueError as exc:
            self.error.setText(f"Set-up not applied: {exc}")
            return False
        self.error.clear()
        self.editor.push("Edit set-up", edits.set_at(self.editor.doc, (*path, "setup"), setup))
        return True

    def apply(self) -> None:
        """Apply the set-up list and any field still being typed in."""
        reason = self.commit_pending()
        if reason:
            self.error.setText(reason)

    def new_scenario_dialog(self) -> None:
        data = self.editor.doc.data
        boards = [b["name"] for b in data["boards"]]
        board = boards[self.editor.bi] if boards else ""
        dialog = NewScenarioDialog(boards, self.editor._sides(), board, self)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            v = dialog.values()
            self.add_scenario(v["title"], v["board"], v["sides"])

    def add_scenario(self, title: str = "", board: str | None = None,
                     sides: list[str] | None = None) -> None:
        """Add a scenario (one undo step) and choose it."""
        data = self.editor.doc.data
        if board is None:
            board = data["boards"][self.editor.bi]["name"] if data["boards"] else ""
        n = len(data["scenarios"])
        title = title or f"Scenario {n + 1}"
        doc = self.editor.doc
        like = edits.set_up_like(doc, data["module"]["game"] or data["module"]["id"],
                                 sides or [])
        if self.editor.push(f"Add scenario {title}", edits.new_scenario(
                doc, title, board, sides or [])):
            self.choice.setCurrentIndex(n)
            if like is not None:
                self.editor.status(f"New scenario {title}: its set-up data starts as "
                                   f"{like['title']}'s (same game and sides); change it "
                                   "under Set-up")

    def copy_scenario(self) -> bool:
        """Add a copy of the chosen scenario after it (one undo step) and choose it."""
        sci = self.current_index()
        if sci is None:
            return False
        self.editor.commit_forms()      # what is being typed goes into the copy too
        title = self.editor.doc.data["scenarios"][sci].get("title", "")
        if not self.editor.push(f"Copy scenario {title}", edits.copy_scenario(
                self.editor.doc, sci)):
            return False
        self.choice.setCurrentIndex(sci + 1)
        return True

    def delete_scenario(self) -> None:
        path = self.entry_path()
        if path is None:
            return
        title = self.editor.doc.get(path).get("title", "")
        index = self.choice.currentIndex()
        self.editor.push(f"Delete scenario {title}", edits.delete_at(path))
        self.choice.setCurrentIndex(min(index, self.choice.count() - 1))

    def add_piece(self) -> None:
        sci = self.current_index()
        type_id = self.type_box.currentText()
        types = {pt["id"]: pt for pt in self.editor.doc.data["piece_types"]}
        if sci is None or type_id not in types:
            return
        placements = self.editor.doc.data["scenarios"][sci]["placements"]
        taken = {p["piece"] for p in placements}
        # the first piece of a type takes the type's id (a game that looks a
        # piece up by id, Limits of Glory's Brueys and Nelson, finds it), the
        # next ones <type>-1, <type>-2 (as Add each type names them)
        piece, n = type_id, 1
        while piece in taken:
            piece, n = f"{type_id}-{n}", n + 1
        entry = edits.new_placement(self.editor.doc, piece, types[type_id])
        self.editor.push("Add piece", edits.insert_at(
            self.editor.doc, ("scenarios", sci, "placements", len(placements)), entry))
        self._fill(entry["piece"])

    def add_each_type(self) -> None:
        sci = self.current_index()
        if sci is None:
            return
        changes = edits.add_each_type(self.editor.doc, sci)
        if self.editor.push(f"Add {len(changes)} pieces, one of each type", changes):
            self._fill(changes[0][1].value["piece"])
        else:
            self.editor.status("The scenario has a piece of every type already")

    def take_off(self) -> None:
        sci, piece = self.current_index(), self.current_piece()
        if sci is None or piece is None:
            return
        placements = self.editor.doc.data["scenarios"][sci]["placements"]
        pi = next(i for i, p in enumerate(placements) if p["piece"] == piece)
        new = dict(placements[pi], space=None, status="off")
        self.editor.push(f"Take {piece} off", edits.set_at(
            self.editor.doc, ("scenarios", sci, "placements", pi), new))

    def remove_piece(self) -> bool:
        """Remove the chosen piece from the scenario (one undo step); True if one was."""
        sci, piece = self.current_index(), self.current_piece()
        if sci is None or piece is None:
            return False
        row = self.placements.currentRow()
        done = self.editor.push(f"Remove {piece}",
                                edits.delete_placement(self.editor.doc, sci, piece))
        if done and self.placements.count():
            self.placements.setCurrentRow(min(row, self.placements.count() - 1))
        return done
