"""The play window's actions and menus (mixed into :class:`~ffl.ui.window.PlayWindow`).

File, Edit (undo, redo, undo of rolls, the rules mode), View (zoom, space
labels, links, the docks), the Game menu the game's UI fills, and Help; the
menus of other modules (print, seal, replay, e-mail) add themselves.  Undo and
Redo are named after the step they would take back or replay, or say why undo
is not possible.  The mixin uses the window's ``settings``, ``session``,
``scene``, ``map`` and docks.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMessageBox

from ffl.engine import GameLog
from ffl.games.manifest import ADVISE, ENFORCE, OFF, RULES_MODE_TITLES
from ffl.session import GameSession

from .actions import make_action

PROGRAM = "FFL"
MAX_ACTION_TEXT = 60
UNDO_TIP = "Undo the last action"

#: the status-bar note of each rules mode (nothing while the rules are enforced)
MODE_NOTES = {ENFORCE: "", ADVISE: "Rules: advise only",
              OFF: "Free play: no rules checked"}


def _first_clause(reason: str) -> str:
    """'A die was rolled: rolls are final...' -> 'a die was rolled' (the Undo menu text)."""
    first = reason.split(":")[0].strip().rstrip(".")
    return first[:1].lower() + first[1:]


def step_text(log: GameLog, undo: bool) -> str:
    """The first event text of the step undo (or redo) would take back (or replay)."""
    events = log.undo_step() if undo else log.redo_step()
    if not events:
        return ""
    text = events[0].text or events[0].kind
    return text if len(text) <= MAX_ACTION_TEXT else text[: MAX_ACTION_TEXT - 1] + "…"


class WindowMenusMixin:
    """The actions and menus of the play window."""

    def _action(self, text: str, slot, shortcuts=(), name: str = "", tip: str = "") -> QAction:
        """A window action; ``tip`` is its tooltip and status-bar tip."""
        action = make_action(self, text, shortcuts, name, tip)
        action.triggered.connect(slot)
        self.addAction(action)  # shortcuts work even with the menu bar hidden
        return action

    def _build_actions(self) -> None:
        K = QKeySequence.StandardKey  # noqa: N806
        self.new_action = self._action("&New game from scenario…", self.new_game_dialog,
                                       [K.New], "newAction",
                                       "Start a new game from an installed scenario")
        self.open_action = self._action("&Open…", self.open_dialog, [K.Open], "openAction",
                                        "Open a saved game, or a module file's first scenario")
        self.save_action = self._action("&Save", self.save, [QKeySequence("Ctrl+S")],
                                        "saveAction", "Save the game to its file")
        self.save_as_action = self._action("Save &As…", self.save_as_dialog,
                                           [QKeySequence("Ctrl+Shift+S")], "saveAsAction",
                                           "Save the game to a new file")
        self.quit_action = self._action("&Quit", self.close, [QKeySequence("Ctrl+Q")],
                                        "quitAction", "Close the program")
        self.undo_action = self._action("&Undo", self.undo, [QKeySequence("Ctrl+Z")],
                                        "undoAction", UNDO_TIP)
        self.redo_action = self._action("&Redo", self.redo, [QKeySequence("Ctrl+Shift+Z"),
                                                             QKeySequence("Ctrl+Y")],
                                        "redoAction", "Redo the action last undone")
        self.fit_action = self._action("&Fit to window", self.map.fit,
                                       [QKeySequence("F"), QKeySequence("Ctrl+0")], "fitAction",
                                       "Show the whole board")
        self.zoom_in_action = self._action("Zoom &in", self.map.zoom_in,
                                           [QKeySequence("Ctrl++"), QKeySequence("Ctrl+=")],
                                           "zoomInAction", "Zoom in on the map")
        self.zoom_out_action = self._action("Zoom &out", self.map.zoom_out,
                                            [QKeySequence("Ctrl+-")], "zoomOutAction",
                                            "Zoom out of the map")
        self.labels_action = self._action("Space &labels", self._toggle_labels, (),
                                          "labelsAction", "Show each space's name on the map")
        self.labels_action.setCheckable(True)
        self.labels_action.setChecked(self.settings.value("view/labels", True, type=bool))
        self.links_action = self._action("Lin&ks", self._toggle_links, (), "linksAction",
                                         "Show the links between spaces (stairs, ladders…)")
        self.links_action.setCheckable(True)
        self.links_action.setChecked(self.settings.value("view/links", True, type=bool))
        self.about_action = self._action("&About", self.show_about, (), "aboutAction",
                                         "Version, licence and credits")
        self._build_help_actions()
        self.undo_rolls_action = self._action(
            "Allow undo of &rolls (both players agree)", lambda: None, (),
            "undoRollsAction", "Let undo take back steps that rolled dice (only when both "
                               "players agree; kept with the saved game)")
        self.undo_rolls_action.setCheckable(True)
        self.undo_rolls_action.toggled.connect(self._toggle_undo_rolls)
        self.rules_group = QActionGroup(self)
        self.rules_actions: dict[str, QAction] = {}
        for mode, name, tip in (
                (ENFORCE, "enforceAction", "Refuse every action the rules do not allow"),
                (ADVISE, "adviseAction", "Warn about an action the rules do not allow, and "
                                         "allow it if you insist (the log marks it)")):
            action = self._action(RULES_MODE_TITLES[mode], lambda _=False, m=mode:
                                  self._set_rules(m), (), name, tip)
            action.setCheckable(True)
            self.rules_group.addAction(action)
            self.rules_actions[mode] = action

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        file_menu.addAction(self.new_action)
        file_menu.addAction(self.open_action)
        self.recent_menu = file_menu.addMenu("Open &recent")
        self.recent_menu.setObjectName("recentMenu")
        self.recent_menu.aboutToShow.connect(self.rebuild_recent_menu)
        file_menu.addSeparator()
        file_menu.addAction(self.save_action)
        file_menu.addAction(self.save_as_action)
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)
        edit = bar.addMenu("&Edit")
        edit.addAction(self.undo_action)
        edit.addAction(self.redo_action)
        edit.addSeparator()
        edit.addAction(self.undo_rolls_action)
        rules = edit.addMenu("R&ules")
        rules.setObjectName("rulesMenu")
        for action in self.rules_actions.values():
            rules.addAction(action)
        view = bar.addMenu("&View")
        self.view_menu = view
        for action in (self.fit_action, self.zoom_in_action, self.zoom_out_action):
            view.addAction(action)
        view.addSeparator()
        view.addAction(self.labels_action)
        view.addAction(self.links_action)
        view.addSeparator()
        for dock in (self.overview_dock, self.log_dock):
            toggle = dock.toggleViewAction()
            toggle.setStatusTip(f"Show or hide the {dock.windowTitle()} panel")
            view.addAction(toggle)
        self.game_menu = bar.addMenu("&Game")  # filled by the game's GameUI
        self.game_menu.setObjectName("gameMenu")
        self.game_menu.menuAction().setVisible(False)
        help_menu = bar.addMenu("&Help")
        self.help_menu = help_menu
        help_menu.addAction(self.how_to_action)
        help_menu.addAction(self.game_card_action)
        help_menu.addSeparator()
        help_menu.addAction(self.about_action)
        from ffl.printing.ui import install_print_actions  # File > Print..., Export PDF...
        install_print_actions(self)
        from .seal_action import install_seal_action  # File > Seal for mailing...
        install_seal_action(self)
        from .replay_actions import install_replay_actions  # Replay, branches, e-mail turns
        install_replay_actions(self)

    # -- what the actions show -----------------------------------------------------------

    def _show_edit(self, session: GameSession | None, log: GameLog | None) -> None:
        """Undo and Redo: enabled, named after the step they take, or why not."""
        # (a GameLog with no events in effect is falsy: it has a length)
        can_undo = log is not None and log.can_undo()
        can_redo = log is not None and log.can_redo()
        self.undo_action.setEnabled(can_undo)
        self.redo_action.setEnabled(can_redo)
        # why undo is not possible, in the menu's own text and the status tip
        no_undo = "" if can_undo or session is None else session.undo_reason()
        self.undo_action.setText("&Undo " + step_text(log, True) if can_undo else
                                 f"&Undo (not possible: {_first_clause(no_undo)})"
                                 if no_undo else "&Undo")
        self.undo_action.setStatusTip(f"Undo is not possible: {no_undo}" if no_undo
                                      else UNDO_TIP)
        self.redo_action.setText("&Redo " + step_text(log, False) if can_redo else "&Redo")
        # why undo stops here, when it does (the controller's undo barrier)
        self.undo_action.setToolTip((session.undo_reason() if session else "") or UNDO_TIP)

    def _show_rules(self, session: GameSession | None) -> None:
        mode = session.rules if session is not None else ENFORCE
        self.mode_label.setText(MODE_NOTES.get(mode, ""))
        self.undo_rolls_action.setEnabled(session is not None)
        self.undo_rolls_action.setChecked(bool(session and session.undo_rolls))
        for key, action in self.rules_actions.items():
            action.setEnabled(session is not None and mode != OFF)
            action.setChecked(mode == key)

    def _toggle_undo_rolls(self, on: bool) -> None:
        if self.session is not None and self.session.undo_rolls != bool(on):
            self.session.set_undo_rolls(bool(on))

    def _set_rules(self, mode: str) -> None:
        if self.session is not None and self.session.rules != OFF:
            self.session.set_rules(mode)

    # -- edit ---------------------------------------------------------------------------

    def undo(self) -> None:
        if self.session is not None:
            self.session.undo()

    def redo(self) -> None:
        if self.session is not None:
            self.session.redo()

    # -- view ---------------------------------------------------------------------------

    def _toggle_labels(self, checked: bool) -> None:
        self.settings.setValue("view/labels", bool(checked))
        if self.scene is not None:
            self.scene.set_labels_visible(checked)

    def _toggle_links(self, checked: bool) -> None:
        self.settings.setValue("view/links", bool(checked))
        if self.scene is not None:
            self.scene.set_links_visible(checked)

    def show_about(self) -> QMessageBox:
        from ffl.about import about_text

        box = QMessageBox(QMessageBox.Icon.NoIcon, f"About {PROGRAM}", about_text(),
                          QMessageBox.StandardButton.Ok, self)
        box.setTextFormat(Qt.TextFormat.RichText)
        box.setIconPixmap(self.windowIcon().pixmap(64, 64))
        box.setObjectName("aboutBox")
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        return box
