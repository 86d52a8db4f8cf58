"""Property panel (the selected space) and validation panel (problems, click to locate)."""

from __future__ import annotations

import json

from PySide6.QtCore import QSignalBlocker, Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from . import edits
from .validation import Problem


class PropertyPanel(QWidget):
    """Key, label, kind and attributes of the selected space; its links and neighbours."""

    def __init__(self, editor, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.editor = editor
        self.key: str | None = None
        layout = QVBoxLayout(self)
        self.title = QLabel("No space selected")
        self.title.setWordWrap(True)
        layout.addWidget(self.title)
        form = QFormLayout()
        self.key_edit = QLineEdit()
        self.key_edit.setToolTip("The space's key: its name in rules, scenarios and saved games "
                                 "(unique on the board)")
        self.label_edit = QLineEdit()
        self.label_edit.setToolTip("The text printed on the map for this space")
        self.kind_edit = QLineEdit()
        self.kind_edit.setToolTip("The space's kind, e.g. square, hex, zone, box, track")
        form.addRow("Key", self.key_edit)
        form.addRow("Label", self.label_edit)
        form.addRow("Kind", self.kind_edit)
        layout.addLayout(form)
        layout.addWidget(QLabel("Attributes (JSON)"))
        self.attrs_edit = QPlainTextEdit()
        self.attrs_edit.setToolTip("The space's attributes as a JSON object, e.g. {\"terrain\": "
                                   "\"sand\"} (Ctrl+Return applies)")
        self.attrs_edit.setMaximumHeight(130)
        layout.addWidget(self.attrs_edit)
        row = QHBoxLayout()
        self.apply_button = QPushButton("Apply")
        self.apply_button.setToolTip("Write the key, label, kind and attributes into the space "
                                     "(Ctrl+Z undoes)")
        self.delete_button = QPushButton("Delete space")
        self.delete_button.setToolTip("Delete the selected space and what refers to it (Ctrl+Z "
                                      "undoes)")
        row.addWidget(self.apply_button)
        row.addWidget(self.delete_button)
        layout.addLayout(row)
        self.error = QLabel()
        self.error.setStyleSheet("color: #b3261e")
        self.error.setWordWrap(True)
        layout.addWidget(self.error)
        layout.addWidget(QLabel("Links"))
        self.links = QListWidget()
        self.links.setMaximumHeight(90)
        layout.addWidget(self.links)
        link_form = QFormLayout()
        self.link_kind = QComboBox()
        self.link_kind.setToolTip("The chosen link's kind")
        self.link_kind.setEditable(True)
        self.link_kind.addItems(edits.LINK_KINDS)
        self.link_directed = QCheckBox("one way (from the first space to the second)")
        self.link_directed.setToolTip("A one-way link: only from the first space to the second")
        self.link_attrs = QLineEdit()
        self.link_attrs.setToolTip("The chosen link's attributes, as a JSON object")
        self.link_attrs.setPlaceholderText('attributes, e.g. {"priority": 1}')
        link_form.addRow("Link kind", self.link_kind)
        link_form.addRow("", self.link_directed)
        link_form.addRow("Attributes", self.link_attrs)
        layout.addLayout(link_form)
        row = QHBoxLayout()
        self.apply_link_button = QPushButton("Apply to link")
        self.apply_link_button.setToolTip("Write the kind, direction and attributes into the "
                                          "chosen link")
        self.remove_link_button = QPushButton("Remove link")
        self.remove_link_button.setToolTip("Remove the chosen link (Ctrl+Z undoes)")
        row.addWidget(self.apply_link_button)
        row.addWidget(self.remove_link_button)
        layout.addLayout(row)
        self.neighbours = QLabel()
        self.neighbours.setWordWrap(True)
        self.neighbours.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(self.neighbours)
        layout.addStretch(1)
        self.apply_button.clicked.connect(self.apply)
        for edit in (self.key_edit, self.label_edit, self.kind_edit):
            edit.returnPressed.connect(self.apply)
        self.delete_button.clicked.connect(self.delete)
        self.remove_link_button.clicked.connect(self.remove_link)
        self.apply_link_button.clicked.connect(self.apply_link)
        self.link_attrs.returnPressed.connect(self.apply_link)
        apply_keys = QShortcut(QKeySequence("Ctrl+Return"), self.attrs_edit)
        apply_keys.setContext(Qt.ShortcutContext.WidgetShortcut)   # Return is a new line
        apply_keys.activated.connect(self.apply)
        self.links.currentItemChanged.connect(lambda *_: self._show_link())
        self.show_space(None, {})

    def offer_link_kinds(self, kinds: list[str], example: str) -> None:
        """The link kinds of the module and its game (the Tool options' list)."""
        current = self.link_kind.currentText()
        with QSignalBlocker(self.link_kind):
            self.link_kind.clear()
            self.link_kind.addItems(kinds)
            self.link_kind.setCurrentText(current)
        self.link_attrs.setPlaceholderText(f"attributes, e.g. {example}" if example
                                           else "attributes, a JSON object")

    def show_space(self, key: str | None, neighbours: dict[str, str]) -> None:
        """Fill the panel from the document for space ``key`` (None clears it)."""
        self.key = key
        self.error.clear()
        enabled = key is not None
        for w in (self.key_edit, self.label_edit, self.kind_edit, self.attrs_edit,
                  self.apply_button, self.delete_button):
            w.setEnabled(enabled)
        chosen = self.link_index()
        self.links.clear()
        if key is None:
            self.title.setText("No space selected: pick one with the Select tool")
            for w in (self.key_edit, self.label_edit, self.kind_edit):
                w.clear()
            self.attrs_edit.clear()
            self.neighbours.clear()
            self._show_link()
            return
        doc, bi = self.editor.doc, self.editor.bi
        space = doc.data["boards"][bi]["spaces"][doc.space_index(bi, key)]
        self.title.setText(f"<b>{key}</b> on board {doc.data['boards'][bi]['name']}")
        self.key_edit.setText(space["key"])
        self.label_edit.setText(space.get("label", ""))
        self.kind_edit.setText(space.get("kind", ""))
        self.attrs_edit.setPlainText(json.dumps(space.get("attrs", {}), sort_keys=True,
                                                indent=1))
        linked: dict[str, list[str]] = {}
        for i, link in enumerate(doc.data["boards"][bi]["links"]):
            if key in (link["a"], link["b"]):
                other = link["b"] if link["a"] == key else link["a"]
                how = ("one-way link in" if link["directed"] and link["b"] == key
                       else "linked")
                linked.setdefault(f"{how} ({link['kind']})", []).append(other)
                arrow = "->" if link["directed"] else "<->"
                extra = f" {json.dumps(link['attrs'], sort_keys=True)}" if link["attrs"] else ""
                item = QListWidgetItem(f"{link['kind']}: {link['a']} {arrow} {link['b']}{extra}")
                item.setData(Qt.ItemDataRole.UserRole, i)
                self.links.addItem(item)
                if i == chosen:
                    self.links.setCurrentItem(item)
        self._show_link()
        groups: dict[str, list[str]] = {}
        for n, how in sorted(neighbours.items()):
            groups.setdefault(how, []).append(n)
        colours = {"orthogonal": "#2ea043", "diagonal": "#b88a00"}
        lines = [f"<span style='color:{colours.get(how, '#286edc')}'><b>{how}</b></span>: "
                 f"{', '.join(keys)}" for how, keys in sorted(groups.items())
                 if not how.startswith("linked:")]
        lines += [f"<span style='color:#286edc'><b>{how}</b></span>: {', '.join(keys)}"
                  for how, keys in sorted(linked.items())]
        self.neighbours.setText("<b>Neighbours</b> (as the rules see them)<br>"
                                + ("<br>".join(lines) or "none"))

    def apply(self) -> None:
        """Write the edited fields back as one undo step."""
        if self.key is None:
            return
        doc, bi = self.editor.doc, self.editor.bi
        try:
            attrs = json.loads(self.attrs_edit.toPlainText() or "{}")
            if not isinstance(attrs, dict):
                raise ValueError("the attributes must be a JSON object {...}")
        except ValueError as exc:
            self.error.setText(f"Attributes not applied: {exc}")
            return
        try:
            new_key = edits.check_key(self.key_edit.text())
            rename = edits.rename_space(doc, bi, self.key, new_key)
        except ValueError as exc:
            self.error.setText(str(exc))
            return
        changes = []
        changes += edits.set_space_field(doc, bi, self.key, "label", self.label_edit.text())
        changes += edits.set_space_field(doc, bi, self.key, "kind",
                                         self.kind_edit.text().strip() or "zone")
        changes += edits.set_space_field(doc, bi, self.key, "attrs", attrs)
        changes += rename
        if self.editor.push(f"Edit {self.key}", changes):
            self.editor.select_space(new_key)

    def delete(self) -> None:
        if self.key is not None:
            self.editor.delete_space(self.key)

    def link_index(self) -> int | None:
        """Index (in the board's link list) of the link chosen in the list, or None."""
        item = self.links.currentItem() if self.key is not None else None
        return None if item is None else item.data(Qt.ItemDataRole.UserRole)

    def _show_link(self) -> None:
        """Fill the link fields from the chosen link (cleared and disabled if none)."""
        index = self.link_index()
        for w in (self.link_kind, self.link_directed, self.link_attrs,
                  self.apply_link_button, self.remove_link_button):
            w.setEnabled(index is not None)
        if index is None:
            self.link_kind.setCurrentText("")
            self.link_directed.setChecked(False)
            self.link_attrs.clear()
            return
        link = self.editor.doc.data["boards"][self.editor.bi]["links"][index]
        self.link_kind.setCurrentText(link["kind"])
        self.link_directed.setChecked(bool(link["directed"]))
        self.link_attrs.setText(json.dumps(link["attrs"], sort_keys=True) if link["attrs"]
                                else "")

    def apply_link(self) -> None:
        """Write the chosen link's kind, direction and attributes (one undo step)."""
        index = self.link_index()
        if index is None:
            return
        try:
            attrs = json.loads(self.link_attrs.text() or "{}")
            if not isinstance(attrs, dict):
                raise ValueError("the attributes must be a JSON object {...}")
        except ValueError as exc:
            self.error.setText(f"Link not changed: {exc}")
            return
        kind = self.link_kind.currentText().strip()
        if not kind:
            self.error.setText("Link not changed: a link needs a kind")
            return
        self.error.clear()
        self.editor.push("Edit link", edits.set_link(
            self.editor.doc, self.editor.bi, index, kind, self.link_directed.isChecked(), attrs))

    def remove_link(self) -> None:
        index = self.link_index()
        if index is None:
            return
        self.links.setCurrentItem(None)
        self.editor.push("Remove link", edits.delete_link(self.editor.doc, self.editor.bi,
                                                          index))
        self.editor.select_space(self.key)


class ValidationPanel(QWidget):
    """The problems of the module; clicking one shows where it is."""

    locate = Signal(object)   # a Problem

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        self.summary = QLabel()
        layout.addWidget(self.summary)
        self.list = QListWidget()
        # a long message (what a scenario lacks and how to add it) wraps, whole
        self.list.setWordWrap(True)
        self.list.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        layout.addWidget(self.list)
        self.problems: list[Problem] = []
        self.list.itemClicked.connect(
            lambda item: self.locate.emit(self.problems[self.list.row(item)]))
        self.list.itemActivated.connect(
            lambda item: self.locate.emit(self.problems[self.list.row(item)]))
        self.set_problems([])

    def set_problems(self, problems: list[Problem]) -> None:
        self.problems = list(problems)
        self.list.clear()
        for p in self.problems:
            item = QListWidgetItem(f"[{p.code}] {p.message}")
            item.setToolTip(p.message)
            self.list.addItem(item)
        n = len(self.problems)
        self.summary.setText("No problems found" if not n
                             else f"{n} problem{'s' if n != 1 else ''}")
        self.summary.setStyleSheet("color: #2e7d32; font-weight: bold" if not n
                                   else "color: #b3261e; font-weight: bold")


class BusyIndicator(QWidget):
    """What the editor's worker is doing (checking, saving, checking a
    scenario before play), by the status bar: its words and a moving bar;
    hidden while it is idle."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        self.label = QLabel()
        self.label.setObjectName("busyLabel")
        self.bar = QProgressBar()
        self.bar.setRange(0, 0)             # moving: no known end
        self.bar.setMaximumWidth(120)
        self.bar.setMaximumHeight(14)
        self.bar.setTextVisible(False)
        row.addWidget(self.label)
        row.addWidget(self.bar)
        self.hide()

    def show_doing(self, doing: str) -> None:
        self.label.setText(doing)
        self.bar.setRange(0, 0)             # moving until a step is told
        self.setVisible(bool(doing))

    def show_progress(self, doing: str, percent: int) -> None:
        """A step of a long job with a known end (opening a module): its words
        and how far it is; nothing while idle (a late report of a job over)."""
        if self.isHidden():
            return
        self.label.setText(doing)
        self.bar.setRange(0, 100)
        self.bar.setValue(percent)
