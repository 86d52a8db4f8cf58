"""The program at the table: plays the sides a session gives it, in any game
whose manifest declares opponents (:mod:`ffl.opponents`).

:class:`OpponentRunner` follows one session in the play window.  When the side
to act is the program's, it asks that side's opponent off the GUI thread (an
:class:`OpponentWorker` QThread, given the side's view and the legal actions
only), shows a busy bar in the status line while it thinks, and sends the
chosen action through the session like a player's, after a pause the player
sets (``Game › Program's pace``), so moves appear one by one and go into the
log like everyone's.  Meanwhile the human cannot act (:mod:`.opponent_hold`):
the map takes no clicks (the wheel still zooms), the game's panels, the acting
buttons of its tool bars, its Game-menu entries and undo are switched off, and
the status line's prompt drops its hint of what to click.  An undo made before
a decision arrives (or any other change of the game) makes the program think
again.  The Limits of Glory program runs on
the same :class:`OpponentWorker`.

After each of its moves the map scrolls (no zoom change) to the pieces the
game says the move acted with (``controller.pieces_of``), only to those the
sides at this screen see, and once any mouse button held down is released
(:mod:`.opponent_follow`); the status line says what came of the move, as the
log reads for those sides.

Undo and Redo against the program take back (or play again) the program's
replies with the human's step: an Undo that would leave the program to act
goes on back to where a person at this screen was to act, as far as the
game's undo barriers allow, so the program does not simply play again.
"""

from __future__ import annotations

import time

from PySide6.QtCore import QObject, QThread, QTimer, Signal
from PySide6.QtGui import QActionGroup
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QProgressBar,
)

from ffl.engine import Action, GameState
from ffl.gc_tuning import collector_tuned
from ffl.opponents import HUMAN, LEVEL_TITLES, LEVELS, PROGRAM_KEY, acting_side, opponents_for

from .opponent_follow import MoveFollower, told
from .opponent_hold import HumanHold

PACE_KEY = "opponents/pace_ms"
#: the pauses a player can choose between the program's moves (ms, title)
PACES = ((0, "At once"), (150, "Fast"), (500, "Normal"), (1200, "Slow"), (2500, "Very slow"))
DEFAULT_PACE = 500
#: how long the program's last move stays in the status line once a person is to act (ms)
LAST_MOVE_MS = 4000
#: what parts the prompt from the hint of what to do next in the window's status line
HINT = " → "


class OpponentWorker(QThread):
    """One decision of the program, computed off the GUI thread.

    ``decide()`` (a plain callable) runs in the thread and returns the Action;
    the result comes back as its JSON with the seconds it took."""

    chosen = Signal(dict, float)
    failed = Signal(str)

    def __init__(self, decide, token: str, parent=None) -> None:
        super().__init__(parent)
        self.decide = decide
        self.token = token
        self.state_hash = ""

    @collector_tuned()  # full collections held off while it thinks (ffl/gc_tuning.py)
    def run(self) -> None:  # noqa: D401 - QThread entry point
        start = time.perf_counter()
        try:
            action = self.decide()
        except Exception as exc:  # reported to the window, never lost in the thread
            self.failed.emit(f"{type(exc).__name__}: {exc}")
            return
        self.chosen.emit(action.to_json(), time.perf_counter() - start)


class OpponentRunner(QObject):
    """Plays the program's sides of ``window.session`` (see the module docstring)."""

    acted = Signal(str)     # the side that has just acted

    def __init__(self, window, session, opponents=None) -> None:
        super().__init__(window)
        self.window = window
        self.session = session
        self.opponents = dict(opponents if opponents is not None else opponents_for(session))
        self.worker: OpponentWorker | None = None
        self.token = 0
        self.blocked = False
        self.seconds = 0.0
        self.moves = 0
        self.hold = HumanHold(window, self)
        self.follower = MoveFollower(window, session, self.human_sides, self)
        window.undo_action.triggered.connect(self._undone)
        window.redo_action.triggered.connect(self._redone)
        self.bar = QProgressBar()
        self.bar.setObjectName("opponentProgress")
        self.bar.setRange(0, 0)          # busy: it cannot know how long it will think
        self.bar.setMaximumWidth(120)
        self.bar.setVisible(False)
        self.label = QLabel()
        self.label.setObjectName("opponentLabel")
        self.label.setVisible(False)
        status = window.statusBar()
        status.addPermanentWidget(self.label)
        status.addPermanentWidget(self.bar)
        self.pace_menu = window.view_menu.addMenu("Program's &pace")
        self.pace_menu.setObjectName("opponentPaceMenu")
        self.pace_menu.setStatusTip("How long the program's moves stay in view before "
                                    "the next one")
        group = QActionGroup(self.pace_menu)
        for ms, title in PACES:
            action = self.pace_menu.addAction(f"{title}" + (f" ({ms / 1000:g} s)" if ms else ""))
            action.setObjectName(f"opponentPace{ms}")
            action.setCheckable(True)
            action.setChecked(ms == self.pace)
            action.triggered.connect(lambda _=False, m=ms: self.set_pace(m))
            group.addAction(action)
        session.subscribe(self._changed)
        QTimer.singleShot(0, self, self.poll)   # (dropped with the runner, like the rest)

    # -- settings -----------------------------------------------------------------------------

    @property
    def pace(self) -> int:
        return int(self.window.settings.value(PACE_KEY, DEFAULT_PACE))

    def set_pace(self, ms: int) -> None:
        self.window.settings.setValue(PACE_KEY, int(ms))

    # -- following the game -----------------------------------------------------------------------

    def side_to_act(self) -> str:
        side = acting_side(self.session.controller, self.session.state)
        return side if side in self.opponents else ""

    def title(self, side: str) -> str:
        level = self.opponents[side].level
        controller = self.session.controller
        named = getattr(controller, "scenario_side_name", None)     # 19.1 the Mutineer player
        name = getattr(controller, "side_name", None)
        title = (named(self.session.state, side) if callable(named)
                 else name(side) if callable(name) else side.replace("_", " ").capitalize())
        return f"{title} ({LEVEL_TITLES.get(level, level)})"

    def _changed(self, _events) -> None:
        QTimer.singleShot(0, self, self.poll)

    def poll(self) -> None:
        """Think if the program is to act (and is not already thinking)."""
        if self.session is None or self.window.session is not self.session:
            return
        side = self.side_to_act()
        self._block(bool(side))
        if side:
            self._prompt_without_hint()
        if not side or self.worker is not None:
            return
        opponent = self.opponents[side]
        controller = self.session.controller
        state = self.session.state
        # the opponent gets its side's view and the legal actions, never the state
        view: GameState = controller.view(state, side)
        actions = list(controller.legal_actions(state))
        self.token += 1
        self.worker = OpponentWorker(lambda: opponent.choose(view, actions), str(self.token),
                                     self)
        self.worker.state_hash = state.hash()
        self.worker.side = side
        self.worker.chosen.connect(self._chosen)
        self.worker.failed.connect(self._failed)
        self.bar.setVisible(True)
        self.label.setText(f"{self.title(side)} is thinking…")
        self.label.setVisible(True)
        self.worker.start()

    def _prompt_without_hint(self) -> None:
        """While the program acts, the status line's prompt says whose turn it is
        and what is asked, without the game's hint of what to click (nothing at
        the screen can be clicked then)."""
        label = getattr(self.window, "prompt_label", None)
        text = label.text() if label is not None else ""
        if HINT in text:
            label.setText(text.split(HINT, 1)[0])

    def _chosen(self, data: dict, seconds: float) -> None:
        worker, self.worker = self.worker, None
        if worker is None:
            return
        worker.wait()
        self.seconds += seconds
        self.moves += 1
        self.bar.setVisible(False)
        self.label.setText(f"{self.title(worker.side)} plays…")     # after the pause
        action = Action.from_json(data)
        # tied to this object: gone with its window, the call is dropped with it
        QTimer.singleShot(self.pace, self, lambda: self._play(action, worker))

    def _play(self, action: Action, worker: OpponentWorker) -> None:
        """Send the program's action, unless the game moved on meanwhile (an undo):
        then it thinks again."""
        self.label.setVisible(False)
        if self.window.session is not self.session or worker.token != str(self.token):
            return
        state = self.session.state
        if state.hash() != worker.state_hash or self.side_to_act() != worker.side \
                or not self.session.controller.legal(state, action):
            self.poll()
            return
        # ``state`` is the position the move is played from: the log takes the rules'
        # state after it (``state_after``) where they work it out (FFL, Limits of
        # Glory); the other games' pieces_of read only the action's ids
        events = self.session.do(action)
        text = told(self.session.controller, events, self.human_sides(), action)
        self.window.show_status(f"{self.title(worker.side)}: {text}")
        self.follower.after_move(state, action, events)
        self.acted.emit(worker.side)

    # -- showing the program's move ------------------------------------------------------------

    def human_sides(self) -> list[str]:
        """The sides played at this screen."""
        return [s for s in self.session.scenario.sides if s not in self.opponents]

    def shown_to_humans(self, pid: str) -> bool:
        """Whether every side played at this screen sees where unit ``pid`` is."""
        return self.follower.shown_to_humans(pid)

    def dragging(self) -> bool:
        """Whether the human holds a mouse button down."""
        return self.follower.dragging()

    def bring_into_view(self, pids) -> bool:
        """Scroll the map to the counters of ``pids`` now (see
        :meth:`MoveFollower.bring_into_view`)."""
        return self.follower.bring_into_view(pids)

    # -- undo against the program ------------------------------------------------------------

    def _undone(self) -> None:
        """After the window's Undo: while that leaves the program to act, undo on
        back to where a side at this screen acts (the game's barriers permitting),
        so the program does not simply play its reply again."""
        if self._step_past_program(self.session.undo if self.session else None,
                                   lambda: self.session.log.can_undo()):
            reason = self.session.undo_reason()
            self.window.show_status("Undo can go back no further than the program's turn"
                                    + (f" ({reason})" if reason else "")
                                    + ": it plays again from there")

    def _redone(self) -> None:
        """After the window's Redo: the program's replies undone with the human's
        step are played again as they were, up to a side at this screen."""
        self._step_past_program(self.session.redo if self.session else None,
                                lambda: self.session.log.can_redo())

    def _step_past_program(self, step, can) -> bool:
        """Undo (or redo) on while the program is to act; True when it still is
        (the game's barriers stopped the steps first)."""
        if step is None or self.window.session is not self.session or self.worker is not None:
            return False
        while self.side_to_act() and can():
            step()
        return bool(self.side_to_act())

    def _failed(self, message: str) -> None:
        """The program could not decide (it should not): it takes the first legal
        action rather than leave the game stuck, and says so."""
        worker, self.worker = self.worker, None
        self.bar.setVisible(False)
        self.label.setVisible(False)
        side = worker.side if worker is not None else self.side_to_act()
        self.window.show_status(f"The program could not decide ({message}): it takes the "
                                "first legal action")
        actions = self.session.controller.legal_actions(self.session.state)
        if side and self.side_to_act() == side and actions:
            self.session.do(actions[0])

    # -- the human waits ---------------------------------------------------------------------

    def _block(self, on: bool, refresh: bool = True) -> None:
        """While the program acts the human cannot (:class:`HumanHold`): no clicks
        on the map, the game's panels, tool-bar buttons, Game menu and undo/redo
        are off (the log, zoom and saving stay)."""
        was, self.blocked = self.blocked, on
        if on:
            self.hold.on()
            return
        self.hold.off(refresh)
        if was and refresh:
            self._hand_back()

    def _hand_back(self) -> None:
        """A person's turn again: the program's last move stays in the status line
        only a moment (:data:`LAST_MOVE_MS`), then the prompt shows what is asked
        of them (the log keeps the move)."""
        bar = self.window.statusBar()
        text = bar.currentMessage()
        if text and any(text.startswith(f"{self.title(s)}: ") for s in self.opponents):
            self.window.show_status(text, LAST_MOVE_MS)

    def close(self) -> None:
        """Stop following the session (the window shows another game)."""
        self.token += 1
        self.session.unsubscribe(self._changed)
        self.follower.close()
        for action, slot in ((self.window.undo_action, self._undone),
                             (self.window.redo_action, self._redone)):
            try:
                action.triggered.disconnect(slot)
            except (RuntimeError, TypeError):
                pass
        self._block(False, refresh=False)
        if self.worker is not None:
            self.worker.wait()
            self.worker = None
        status = self.window.statusBar()
        for widget in (self.bar, self.label):
            status.removeWidget(widget)
            widget.deleteLater()
        self.window.view_menu.removeAction(self.pace_menu.menuAction())
        self.pace_menu.deleteLater()
        self.session = None
        self.deleteLater()


def screen_side(window, side: str) -> str:
    """The side as whom the screen should read the game while ``side`` acts:
    ``side`` itself when a person at this screen plays it; when the program
    plays it, the one side played at this screen (if only one is), else ""
    (nobody's secrets).  For the event log's reader and a game UI's view, which
    would otherwise show the acting program's secrets to the person watching."""
    runner = getattr(window, "opponent_runner", None) if window is not None else None
    if runner is None or runner.session is None or side not in runner.opponents:
        return side
    humans = runner.human_sides()
    return humans[0] if len(humans) == 1 else ""


def runner_for(window, session) -> OpponentRunner | None:
    """An OpponentRunner for ``session`` when the program plays any of its sides."""
    opponents = opponents_for(session)
    return OpponentRunner(window, session, opponents) if opponents else None


def follow(window, session) -> OpponentRunner | None:
    """The window shows ``session`` (or nothing): the runner of the game shown
    before stops, and one starts when the program plays a side of this one
    (``window.opponent_runner``)."""
    old = getattr(window, "opponent_runner", None)
    if old is not None and old.session is not None:
        old.close()
    window.opponent_runner = runner_for(window, session) if session is not None else None
    return window.opponent_runner


# -- the New game dialog: who plays each side -------------------------------------------------


def _either(words) -> str:
    """'easy, normal or hard' for the words given."""
    words = list(words)
    return " or ".join([", ".join(words[:-1]), words[-1]] if len(words) > 1 else words)


class PlayersForm(QGroupBox):
    """One row per side of the chosen scenario, for a game whose manifest declares
    opponents: a person at this screen, or the program at a level.  Hidden for
    other games.  At least one side stays a person's."""

    def __init__(self, parent=None) -> None:
        super().__init__("Players", parent)
        self.setObjectName("playersBox")
        self.form = QFormLayout(self)
        self.fields: dict[str, QComboBox] = {}
        self.key: tuple = ()
        self.note = QLabel("At least one side is played at this screen.")
        self.note.setObjectName("playersNote")
        self.setVisible(False)

    def set_sides(self, game, sides, names: dict[str, str] | None = None) -> None:
        """Rows for ``sides`` when ``game`` (a manifest, or None) has opponents."""
        from ffl.opponents import has_opponents

        sides = tuple(sides) if game is not None and has_opponents(game) else ()
        key = (getattr(game, "id", ""), sides, tuple(sorted((names or {}).items())))
        if key == self.key:
            self._check()
            return
        self.key = key
        while self.form.rowCount():
            self.form.removeRow(0)
        self.fields = {}
        self.note = QLabel("At least one side is played at this screen.")
        self.note.setObjectName("playersNote")
        for side in sides:
            box = QComboBox()
            box.setObjectName(f"player_{side}")
            box.addItem("A player at this screen", HUMAN)
            levels = [lv for lv in getattr(game, "opponent_levels", LEVELS) if lv in LEVELS]
            for level in levels:
                box.addItem(f"The program ({LEVEL_TITLES[level]})", level)
            box.setToolTip("Who plays this side: a person, or the program at a level "
                           f"({_either(LEVEL_TITLES[lv] for lv in levels)})")
            box.currentIndexChanged.connect(self._check)
            self.fields[side] = box
            title = (names or {}).get(side) or side.replace("_", " ").capitalize()
            self.form.addRow(title + ":", box)
        self.form.addRow(self.note)
        self.note.setVisible(False)
        self.setVisible(bool(sides))

    def set_player(self, side: str, level: str) -> None:
        box = self.fields[side]
        box.setCurrentIndex(max(0, box.findData(level)))

    def _check(self, *_: object) -> None:
        self.note.setVisible(not self.ok())
        buttons = getattr(self.window(), "buttons", None)
        if buttons is not None:
            from PySide6.QtWidgets import QDialogButtonBox

            ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
            if ok is not None:
                ok.setEnabled(self.ok() and self.window().selected_id() is not None)

    def ok(self) -> bool:
        """Whether someone at the screen plays (always, for a game without opponents)."""
        return not self.fields or any(b.currentData() == HUMAN for b in self.fields.values())

    def program(self) -> dict[str, str]:
        """``{side: level}`` of the sides the program plays."""
        if not self.isEnabled():
            return {}
        return {s: b.currentData() for s, b in self.fields.items() if b.currentData() != HUMAN}

    def options(self) -> dict:
        """What goes into the session's options (nothing for a game of people)."""
        chosen = self.program()
        return {PROGRAM_KEY: chosen} if chosen else {}


def players_of(info) -> tuple:
    """``(game manifest, sides, {side: name})`` of scenario ``info`` (a
    ``ScenarioInfo``) when its game has opponents, else ``(None, (), {})``."""
    from ffl.games import manifest
    from ffl.opponents import has_opponents

    game = manifest(info.game) if info is not None else None
    if game is None or not has_opponents(game):
        return None, (), {}
    try:
        from ffl import catalog

        module = catalog.load_module(info.game)
        scenario = module.scenarios.get(info.id)
        sides = tuple(scenario.sides) if scenario is not None else ()
        controller = game.controller_class()(module)
        named = getattr(controller, "side_name_for", None)      # 19.1 the Mutineer player
        names = {s: named(info.id, s) if callable(named) else controller.side_name(s)
                 for s in sides}
    except Exception:       # noqa: BLE001 (a dialog never fails on a broken module file)
        return None, (), {}
    return game, sides, names
