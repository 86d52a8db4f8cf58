"""GameUI: the base class of each game's own interaction in the play window.

The shell (window, map, overview, log, files) is the same for every game.  What
a player does with the mouse differs: dragging counters along legal paths in
French Foreign Legion, playing cards from a hand in the card game, moving
anything anywhere in free play.  A game's manifest names its GameUI subclass
(``GameManifest.ui``); the window creates one for every session it shows,
through a :class:`~ffl.ui.host.GameHost`, and drops it (and everything it
added through the host) when the session is replaced.

A GameUI asks the controller what is legal (its documented queries and
:class:`~ffl.engine.Prompt`), sends actions through :meth:`GameUI.do`, and never
decides a rule itself.  In the *advise* rules mode, :meth:`GameUI.do` turns a
refused action into a warning that names the rule and lets the player go on
anyway (the log marks it).
"""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox

from ffl.engine import Action, Event, GameState, IllegalAction, Prompt
from ffl.games import free_play, manifest
from ffl.games.manifest import GameManifest
from ffl.session import GameSession

from .dialogs import ask
from .host import GameHost

#: what a released UI shows as its prompt: nobody acts, nothing is open
RELEASED_PROMPT = Prompt(side="", phase="", text="This game has been closed.")


class GameUI:
    """Base class: a game's docks, menu entries and map interaction.

    Subclasses override :meth:`attach` (build docks through ``self.host``,
    take the map's input), :meth:`refresh` (redraw from the session's state
    after ``events``; ``[]`` after undo/redo or a full refresh) and, if they
    hold resources beyond what the host adds, :meth:`detach`.
    """

    #: True if the UI changes the board scene only by adding items, attributes,
    #: labels and areas (all taken away by ``BoardScene.clear_game``): the window
    #: then keeps the scene for another game of this UI on the same board, drawn
    #: alike (issue 12); a UI that restyles the board's own items keeps False
    keeps_board_scene = False

    #: True if the UI draws the game's pieces itself (its own items on the scene):
    #: the window then neither makes nor updates the engine's counter items
    #: (``BoardScene.set_state``) for its games, and drops any counters the scene
    #: still holds, so ``scene.counters`` stays empty while such a game is shown
    #: (issue 12: Limits of Glory hid every counter it was made, 8-15 ms a refresh)
    draws_own_pieces = False

    def __init__(self, host: GameHost, session: GameSession) -> None:
        self.host = host
        self.session = session
        self.controller = session.controller
        #: the last warning of the advise mode (kept for the caller and tests)
        self.breach_box: QMessageBox | None = None

    # -- reading --------------------------------------------------------------------------

    @property
    def state(self) -> GameState | None:
        """The session's state; None once the UI is released."""
        return None if self.session is None else self.session.state

    @property
    def scene(self):
        return None if self.session is None else self.host.scene

    def prompt(self) -> Prompt:
        """The controller's prompt; once released, one where nothing is open."""
        return RELEASED_PROMPT if self.session is None else self.controller.prompt(self.state)

    def can(self, kind: str) -> bool:
        """Whether action ``kind`` is open now (the prompt lists it); nothing is
        open to a released UI."""
        return self.session is not None and kind in self.prompt().kinds

    def piece_name(self, pid: str) -> str:
        if self.session is None:
            return pid
        piece = self.state.pieces.get(pid)
        types = self.session.module.piece_types
        if piece is None or piece.type not in types:
            return pid
        return types[piece.type].name or pid

    # -- acting ---------------------------------------------------------------------------

    def do(self, action: Action) -> list[Event] | None:
        """Send ``action``.  A refused one changes nothing and says why; in the
        advise mode the player is asked whether to do it anyway."""
        if self.session is None or self.host.covered():
            return None     # released (replaced), or the hand-over screen is up
        try:
            return self.session.do(action)
        except IllegalAction as exc:
            if self.session.advising:
                self.ask_breach(action, exc)
            else:
                self.refused(exc)
            return None

    def refused(self, exc: IllegalAction) -> None:
        """Tell the player why an action was refused (status line by default)."""
        if self.session is None:
            return
        self.host.show_status(f"Not allowed: {exc}")

    def ask_breach(self, action: Action, exc: IllegalAction) -> QMessageBox | None:
        """Advise mode: warn with the rule, and do the action if the player insists
        (nothing once released)."""
        if self.session is None:
            return None
        rule = f"rule {exc.rule}: " if exc.rule else ""

        def answer(yes: bool) -> None:
            if not yes or self.session is None:
                return
            try:
                self.session.do(action, force=True, why=exc)
            except IllegalAction as still:
                self.refused(still)

        self.breach_box = ask(self.host.parent_widget(), "breachBox", "Against the rules",
                              f"The rules do not allow this ({rule}{exc.reason}).",
                              answer, "Do it anyway? The log will mark it as done "
                                      "against the rules.")
        return self.breach_box

    # -- life cycle -----------------------------------------------------------------------

    def attach(self) -> None:
        """Build docks and menu entries (through the host) and take the map's input."""

    def refresh(self, events: list[Event]) -> None:
        """Bring the game's own widgets in line with the session's state."""

    def detach(self) -> None:
        """Let go of anything not added through the host (the host removes the rest)."""

    def release(self) -> None:
        """Drop the session and controller (the window calls this after
        :meth:`detach` and the host's close, when the game is replaced).  The UI
        and its Qt objects sit in cycles only the garbage collector frees; without
        this they kept the whole replaced game (~20,000 objects) alive until a
        collection, which then landed in a later File › Open (issue 12).

        After it the UI plays no game: :attr:`state` and :attr:`scene` are None,
        :meth:`prompt` opens nothing, :meth:`can` is False, :meth:`do` does
        nothing and :meth:`piece_name` gives the id back.  Nothing should call
        it any more: the host's close took away its docks, menu entries, map
        input and hover callbacks, and :meth:`detach` closed what the UI made
        itself (its dialogs, its session subscription, its worker threads).  A
        callback that can still fire late (a queued signal from a thread, a
        timer without a context object that dies with the UI) starts with
        ``if self.session is None: return``.
        """
        self.session = None
        self.controller = None


def manifest_of(session: GameSession) -> GameManifest:
    """The manifest whose UI plays ``session``: free play, or the game's own."""
    game_id = session.controller.game_id
    return manifest(game_id) or free_play()


def look_of(session: GameSession) -> GameManifest | None:
    """The manifest whose map style and counters show ``session``'s module: the
    module's own game even when it is played with the rules off."""
    return manifest(session.scenario.game) or manifest(session.scenario.id.split("/", 1)[0])


def game_ui_class(session: GameSession) -> type[GameUI] | None:
    """The GameUI class of the session's game, or None if the game has none."""
    return manifest_of(session).ui_class()


def game_ui_for(host: GameHost, session: GameSession) -> GameUI | None:
    """A new GameUI for the session's game, or None if the game has none."""
    cls = game_ui_class(session)
    return cls(host, session) if cls is not None else None
