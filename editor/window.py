"""EditorWindow: map view, tool bar, property/module/tool/validation/pieces/
scenario/game tables docks.

Every edit goes through :meth:`EditorWindow.push` onto the QUndoStack; the
document tells the window what changed and the window redraws only what it
must (a paint stroke restyles spaces, anything else rebuilds the scene).
File handling (open, save, export, autosave, play) is in ``window_files.py``.
"""

from __future__ import annotations

import gc
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QKeySequence, QUndoStack
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QLabel,
    QMainWindow,
    QScrollArea,
    QWidget,
)

from ffl.engine import GameState, Piece, Space
from ffl.games import manifest
from ffl.ui.style import UNIT, style_for

from .commands import push
from .document import Document, empty_dump
from .document import Path as DocPath
from .module_panel import ModulePanel
from .opening import Opened
from .options import ToolOptions
from .panels import BusyIndicator, PropertyPanel, ValidationPanel
from .pieces_panel import PiecesPanel
from .scenario_panel import ScenarioPanel
from .scene import EditorScene
from .start_checks import StartChecks
from .tables_panel import TablesPanel
from .tools import TOOLS, Tool
from .validation import Problem, errors, validate_document
from .view import EditorView
from .window_edits import EditActions
from .window_files import FileActions

APP_TITLE = "ffl-editor"
#: the Show box's first entry: the spaces' labels
LABELS = "labels"


class EditorWindow(QMainWindow, FileActions, EditActions):
    """The editor's main window."""

    def __init__(self, settings: QSettings | None = None, data_folder: Path | None = None,
                 autosave: bool = True, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.settings = settings or QSettings()
        self.doc = Document(empty_dump())
        self.path: Path | None = None
        self.bi = 0
        self.scene: EditorScene | None = None
        self.selected_key: str | None = None
        self.problems: list[Problem] = []
        self._counter_module: tuple = (None, -1, None)
        self.start_checks = StartChecks(self)
        self.start_checks.done.connect(self._show_problems)
        self._recovered = False
        self.stack = QUndoStack(self)
        self.style = style_for("")
        self.view = EditorView()
        self.setCentralWidget(self.view)
        self.options = ToolOptions()
        self.property_panel = PropertyPanel(self)
        self.options.link_kinds_offered.connect(self.property_panel.offer_link_kinds)
        self.module_panel = ModulePanel(self)
        self.validation_panel = ValidationPanel()
        self.pieces_panel = PiecesPanel(self)
        self.scenario_panel = ScenarioPanel(self)
        self.tables_panel = TablesPanel(self)
        self.tools: dict[str, Tool] = {cls.name: cls(self) for cls in TOOLS}
        self.tool: Tool = self.tools["select"]
        self.view.tool = self.tool          # the Select tool works from the start
        self.status_label = QLabel()
        self.statusBar().addWidget(self.status_label, 1)
        self.busy = BusyIndicator()        # what the worker is doing
        self.statusBar().addPermanentWidget(self.busy)
        self.start_checks.activity.connect(self.busy.show_doing)
        self.start_checks.progress.connect(self.busy.show_progress)
        self._validate_timer = QTimer(self, singleShot=True, interval=250)
        self._validate_timer.timeout.connect(lambda: self.run_validation(wait=False))
        self._docks()
        self._actions()
        self.validation_panel.locate.connect(self.locate)
        self.stack.cleanChanged.connect(self._clean_changed)
        self.init_files(data_folder, autosave)
        self.resize(1400, 900)
        self.set_document(self.doc, None)

    # -- layout -------------------------------------------------------------------------

    def _dock(self, title: str, widget: QWidget, area: Qt.DockWidgetArea,
              scroll: bool = False) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(title)
        if scroll:
            box = QScrollArea()
            box.setWidgetResizable(True)
            box.setWidget(widget)
            widget = box
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        return dock

    def _docks(self) -> None:
        right, left = Qt.DockWidgetArea.RightDockWidgetArea, Qt.DockWidgetArea.LeftDockWidgetArea
        self.tool_dock = self._dock("Tool options", self.options, left, scroll=True)
        self.property_dock = self._dock("Properties", self.property_panel, right, scroll=True)
        self.module_dock = self._dock("Module", self.module_panel, right, scroll=True)
        self.pieces_dock = self._dock("Pieces", self.pieces_panel, right, scroll=True)
        self.scenario_dock = self._dock("Scenario", self.scenario_panel, right, scroll=True)
        self.tables_dock = self._dock("Game tables", self.tables_panel, right)
        self.tabifyDockWidget(self.property_dock, self.module_dock)
        self.tabifyDockWidget(self.module_dock, self.pieces_dock)
        self.tabifyDockWidget(self.pieces_dock, self.scenario_dock)
        self.tabifyDockWidget(self.scenario_dock, self.tables_dock)
        self.property_dock.raise_()
        self.validation_dock = self._dock("Validation", self.validation_panel,
                                          Qt.DockWidgetArea.BottomDockWidgetArea)
        self.resizeDocks([self.tool_dock], [240], Qt.Orientation.Horizontal)
        self.resizeDocks([self.property_dock], [420], Qt.Orientation.Horizontal)
        self.resizeDocks([self.validation_dock], [140], Qt.Orientation.Vertical)

    def _actions(self) -> None:
        edit = self.menuBar().addMenu("&Edit")
        self.undo_action = self.stack.createUndoAction(self, "&Undo")
        self.undo_action.setShortcut(QKeySequence.StandardKey.Undo)
        self.redo_action = self.stack.createRedoAction(self, "&Redo")
        self.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        edit.addAction(self.undo_action)
        edit.addAction(self.redo_action)
        edit.addSeparator()
        self.delete_action = QAction("&Delete selected", self)
        self.delete_action.setShortcuts(QKeySequence.keyBindings(QKeySequence.StandardKey.Delete))
        self.delete_action.setToolTip("Delete the chosen placement or link, else the selected "
                                      "space")
        self.delete_action.triggered.connect(self.delete_selected)
        edit.addAction(self.delete_action)
        self.delete_board_action = edit.addAction("Delete &board", self.delete_board)
        view = self.menuBar().addMenu("&View")
        fit = view.addAction("&Fit map", self.view.fit)
        fit.setShortcut(QKeySequence("Ctrl+0"))
        for dock in (self.tool_dock, self.property_dock, self.module_dock, self.pieces_dock,
                     self.scenario_dock, self.tables_dock, self.validation_dock):
            view.addAction(dock.toggleViewAction())
        view.addSeparator()
        # Ctrl+1 ... Ctrl+5: bring a tab of the right-hand docks to the front
        for i, dock in enumerate((self.property_dock, self.module_dock, self.pieces_dock,
                                  self.scenario_dock, self.tables_dock)):
            go = view.addAction(f"Go to {dock.windowTitle()}",
                                lambda d=dock: self.show_dock(d))
            go.setShortcut(QKeySequence(f"Ctrl+{i + 1}"))
            go.setToolTip(f"Show the {dock.windowTitle()} dock in front (Ctrl+{i + 1})")
        bar = self.addToolBar("Tools")
        bar.setObjectName("Tools")
        bar.addAction(self.undo_action)
        bar.addAction(self.redo_action)
        bar.addSeparator()
        group = QActionGroup(self)
        self.tool_actions: dict[str, QAction] = {}
        for i, (name, tool) in enumerate(self.tools.items()):
            action = QAction(tool.label, self, checkable=True)
            action.setShortcut(QKeySequence(str(i + 1)))
            action.setToolTip(f"{tool.label} ({i + 1}): {(tool.__doc__ or '').strip()}")
            action.triggered.connect(lambda _=False, n=name: self.set_tool(n))
            group.addAction(action)
            bar.addAction(action)
            self.tool_actions[name] = action
        self.tool_actions["select"].setChecked(True)
        bar.addSeparator()
        bar.addWidget(QLabel(" Board "))
        self.board_box = QComboBox()
        self.board_box.currentIndexChanged.connect(self._board_chosen)
        bar.addWidget(self.board_box)
        bar.addWidget(QLabel(" Show "))
        self.show_box = QComboBox()
        self.show_box.setToolTip("What is written on each space: its label, as the player "
                                 "sees it, or the value of one of its attributes (a card "
                                 "section's letter, an area's value, a hex's terrain...)")
        self.show_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.show_box.currentIndexChanged.connect(self._show_chosen)
        bar.addWidget(self.show_box)

    def _fill_show_box(self) -> None:
        """The attributes the spaces of the board shown have, to write on the map."""
        names: set[str] = set()
        if self.doc.data["boards"]:
            for s in self.doc.data["boards"][self.bi]["spaces"]:
                names.update(s.get("attrs", {}))
        items = [LABELS, *sorted(names)]
        if items == [self.show_box.itemText(i) for i in range(self.show_box.count())]:
            return
        current = self.show_box.currentText()
        self.show_box.blockSignals(True)
        self.show_box.clear()
        self.show_box.addItems(items)
        self.show_box.setCurrentIndex(max(0, items.index(current) if current in items else 0))
        self.show_box.blockSignals(False)
        self._show_chosen()

    def _show_chosen(self, _index: int = 0) -> None:
        if self.scene is not None:
            name = self.show_box.currentText()
            if (name if name != LABELS else None) != self.scene.shown:
                self.scene.show_attribute(None if name in ("", LABELS) else name)

    def show_dock(self, dock) -> None:
        """Show ``dock`` in front of its tabs, the keyboard in it."""
        dock.show()
        dock.raise_()
        dock.widget().setFocus(Qt.FocusReason.ShortcutFocusReason)

    # -- document -------------------------------------------------------------------------

    def set_document(self, doc: Document, path: Path | None, dirty: bool = False,
                     opened: Opened | None = None) -> None:
        """Edit ``doc`` (from ``path``); the undo history starts afresh.
        ``opened``: what the worker prepared when it read the file (its
        board, the module drawn and its problems), not done again here."""
        self.start_checks.settle()      # a save under way ends on the old document
        # a large module replaced leaves much for the collector, and a large one
        # opened makes much that lives long (below)
        worth_collecting = doc is not self.doc and \
            max(_size(self.doc), _size(doc)) >= COLLECT_FROM
        self.doc.listeners.clear()
        self.doc = doc
        self.path = path
        self.stack.clear()
        if dirty:   # a recovered autosave: unsaved until saved
            self.stack.resetClean()
            self.stack.setClean()
            self._recovered = True
        else:
            self._recovered = False
        doc.listeners.append(self._changed)
        self.start_checks.forget()
        self.bi = 0
        self.selected_key = None
        if opened is not None:
            self._counter_module = (doc, doc.revision, opened.module)
        self.restyle()
        self.options.configure(doc.data)
        self._fill_board_box()
        self.rebuild_scene()
        self.view.fit()
        self.pieces_panel.refresh()
        self.module_panel.forget_typing()
        self.module_panel.refresh()
        self.scenario_panel.forget_typing()
        self.scenario_panel.refresh()
        self.tables_panel.refresh()
        self.refresh_counters()
        if opened is not None:
            self.start_checks.accept_opened(opened)
        else:
            self.run_validation()
        self._update_title()
        # what the module's objects are now rarely becomes garbage: the
        # collector leaves them out, so a collection (on either thread, while
        # the checks run in the background) never stops the window for long;
        # the last document's are looked at again first, so they are freed.
        # Opened on the worker: after the map's first paint (The Legend
        # Begins: ~0.15 s), the window answering input between the two.  A
        # small module replaced by a small one (or none: the new window's
        # empty one) is left to reference counting: a whole collection looks
        # at every object of the process (~0.13 s), and its few cycles wait
        # for the next one.  A large module opened is collected and frozen
        # (without, collections of its objects during its start check on the
        # worker stopped the window: 2 ticks of 10 ms in 150 ms on a busy machine)
        if not worth_collecting:
            gc.freeze()
        elif opened is None:
            _refreeze()
        else:
            QTimer.singleShot(0, _refreeze)

    def restyle(self) -> None:
        """The map and counter look of the module's game, with the module's own
        terrain and side colours (``attrs["terrains"]``, ``attrs["sides"]``)."""
        module = self.doc.data["module"]
        self.style = style_for(module["game"], tuple(self._sides()), module.get("attrs", {}))

    def _sides(self) -> list[str]:
        out: list[str] = []
        for sc in self.doc.data["scenarios"]:
            out += [s for s in sc["sides"] if s not in out]
        return out

    def _fill_board_box(self) -> None:
        self.board_box.blockSignals(True)
        self.board_box.clear()
        self.board_box.addItems(self.doc.board_names())
        self.board_box.setCurrentIndex(self.bi)
        self.board_box.blockSignals(False)

    def _board_chosen(self, index: int) -> None:
        if 0 <= index < len(self.doc.data["boards"]) and index != self.bi:
            self.bi = index
            self.selected_key = None
            self.rebuild_scene()
            self.view.fit()
            self.refresh_counters()

    def push(self, text: str, changes: Sequence, merge_id: int = -1, stroke: int = 0) -> bool:
        """Apply an edit as an undoable command (nothing happens for no changes)."""
        return push(self.stack, self.doc, text, changes, merge_id, stroke)

    def _changed(self, paths: Sequence[DocPath]) -> None:
        restyle = all(len(p) == 5 and p[:2] == ("boards", self.bi) and p[2] == "spaces"
                      and p[4] == "attrs" for p in paths)
        if any(p and p[0] == "boards" for p in paths):
            if len(self.doc.data["boards"]) != self.board_box.count() or any(
                    len(p) <= 3 and p[0] == "boards" for p in paths):
                self.bi = min(self.bi, max(len(self.doc.data["boards"]) - 1, 0))
                self._fill_board_box()
            if restyle and self.scene is not None:
                for p in paths:
                    s = self.doc.data["boards"][self.bi]["spaces"][p[3]]
                    self.scene.restyle(Space(s["key"], self.scene.board[s["key"]].polygon,
                                             s["kind"], s["attrs"], s["label"]))
                self._fill_show_box()           # an attribute painted for the first time
            else:
                self.rebuild_scene()
        if any(p and p[0] == "piece_types" for p in paths):
            self.pieces_panel.refresh()
            self.scenario_panel.refresh()
        if any(p and (p[0] in ("scenarios", "piece_types", "module")
                      or (p[0] == "boards" and len(p) <= 2)) for p in paths):
            self.scenario_panel.refresh()
            self.refresh_counters()
        if any(p and p[0] == "module" for p in paths):
            self.tables_panel.refresh()
        if any(p and p[0] == "module" and not _leaves_the_look(p) for p in paths):
            self.restyle()              # terrain and side colours, the game's look
            self.options.configure(self.doc.data, fresh=False)  # the game's options, terrains
            self.rebuild_scene()
        if any(p and p[0] in ("module", "scenarios", "piece_types") for p in paths):
            self.module_panel.refresh()     # the game, terrains and the sides' list
        if any(p and p[0] == "module" for p in paths):
            self.pieces_panel.refresh()     # counter layouts, side colours
        if self.selected_key is not None and not restyle:
            self.select_space(self.selected_key)
        elif self.selected_key is not None:
            self.property_panel.show_space(self.selected_key,
                                           self.scene.neighbour_kinds if self.scene else {})
        self._validate_timer.start()
        self._update_title()
        self.schedule_autosave()

    # -- map ------------------------------------------------------------------------------

    def rebuild_scene(self) -> None:
        """Draw the current board afresh (keeps the view's zoom and position)."""
        if self.tool is not None:
            self.tool.cancel()
        if not self.doc.data["boards"]:
            self.scene = None
            self.view.setScene(None)
            return
        try:
            board = self.doc.board(self.bi)
        except Exception as exc:   # duplicate keys and such: say so, keep the old picture
            self.status(f"Board cannot be drawn: {exc}", error=True)
            return
        centre = self.view.mapToScene(self.view.viewport().rect().center())
        transform = self.view.transform()
        self.scene = EditorScene(board, None, self.style)
        look = manifest(self.doc.data["module"]["game"])
        counters = look.counter_class() if look is not None else None
        if counters is not None:        # the game's own counters, as the player draws them
            self.scene.counter_class = counters
        self.options.set_facings(board.facings)
        self.view.setScene(self.scene)
        self.view.setTransform(transform)
        self.view.centerOn(centre)
        self._fill_show_box()
        self._show_chosen()
        self.refresh_counters()
        if self.selected_key is not None and self.selected_key not in board:
            self.selected_key = None

    def refresh_counters(self) -> None:
        """Show the current scenario's placed pieces on the map, as the player will."""
        if self.scene is None:
            return
        # the module the counters are drawn from, built again only after an edit
        # (choosing another scenario draws from the same one: The Legend Begins'
        # copy of its types and scenarios is most of the time a choice took)
        doc, revision, module = self._counter_module
        if doc is not self.doc or revision != self.doc.revision:
            try:
                module = self.doc.module()
            except Exception:
                module = None
            self._counter_module = (self.doc, self.doc.revision, module)
        self.scene.module = module
        sc = self.scenario_panel.current()
        board = self.doc.data["boards"][self.bi]["name"]
        pieces = {}
        if sc is not None and sc["board"] == board:
            for p in sc["placements"]:
                if p["space"] is not None and p["status"] == "active":
                    pieces[p["piece"]] = Piece(p["piece"], p["type"], p["side"], p["space"],
                                               p["level"], p["facing"], p["status"],
                                               data=dict(p["data"]))
        self.scene.set_state(GameState(self.doc.data["module"]["game"],
                                       sc["id"] if sc else "", pieces=pieces))

    def scenario_changed(self) -> None:
        """Another scenario shown: its start check runs on the worker (The
        Legend Begins sets a game up for it, ~0.4 s); the window answers."""
        self.refresh_counters()
        self.run_validation(wait=False)

    def set_tool(self, name: str) -> None:
        self.tool.cancel()
        self.tool = self.tools[name]
        self.view.tool = self.tool
        self.tool_actions[name].setChecked(True)
        self.status(f"{self.tool.label}: {(self.tool.__doc__ or '').strip()}")

    def select_space(self, key: str | None) -> None:
        """Select a space: highlight it and its neighbours, fill the property panel."""
        self.selected_key = key
        neighbours = {}
        if self.scene is not None:
            neighbours = self.scene.select(key)
            self.scene.set_handles(self.scene.selected, self.view.zoom * UNIT)
            if self.scene.selected is None:
                self.selected_key = None
        self.property_panel.show_space(self.selected_key, neighbours)

    # -- validation and status ---------------------------------------------------------------

    def run_validation(self, wait: bool = True) -> list[Problem]:
        """Check the module and list the problems, with the start check of the
        scenario shown (:class:`~editor.start_checks.StartChecks`).  ``wait``:
        now (Save, Play, tests); else (after an edit) on a worker thread, the
        list updated when it is done."""
        self._validate_timer.stop()
        if not wait:
            self.start_checks.launch()
            return self.problems
        self.start_checks.settle()
        problems = validate_document(self.doc)
        if not errors(problems):
            problems += self.start_checks.problems()
        self._show_problems(problems)
        return self.problems

    def _show_problems(self, problems: list[Problem]) -> None:
        self.problems = list(problems)
        self.validation_panel.set_problems(self.problems)

    def status(self, text: str, error: bool = False) -> None:
        self.status_label.setText(text)
        self.status_label.setStyleSheet("color: #b3261e" if error else "")

    def is_dirty(self) -> bool:
        try:
            return (not self.stack.isClean() or self._recovered
                    or self.scenario_panel.has_pending() or self.module_panel.has_pending())
        except RuntimeError:   # the stack is gone: the window is being destroyed
            return False

    def _clean_changed(self, _clean: bool) -> None:
        self._update_title()

    def _update_title(self) -> None:
        name = self.path.name if self.path else "untitled"
        title = self.doc.data["module"]["title"]
        self.setWindowTitle(f"{'*' if self.is_dirty() else ''}{name} ({title}) - {APP_TITLE}")


#: module fields that change nothing drawn: the map is not drawn again for them
#: (The Legend Begins' 2,400 hexes: a second or more for a typed title)
_NOT_DRAWN = {("module", "title"), ("module", "version"), ("module", "id"),
              ("module", "attrs", "tables"), ("module", "attrs", "draft_scenarios")}


#: a document of this many spaces and placements is worth a collection when replaced
COLLECT_FROM = 300


def _size(doc: Document) -> int:
    data = doc.data
    return (sum(len(b["spaces"]) for b in data["boards"])
            + sum(len(sc["placements"]) for sc in data["scenarios"]))


def _refreeze() -> None:
    gc.unfreeze()
    gc.collect()
    gc.freeze()


def _leaves_the_look(path) -> bool:
    return tuple(path[:2]) in _NOT_DRAWN or tuple(path[:3]) in _NOT_DRAWN
