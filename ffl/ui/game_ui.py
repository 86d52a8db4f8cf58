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

import functools
import inspect
from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import QMessageBox

from ffl.engine import Action, Event, GameState, IllegalAction, Prompt
from ffl.games import free_play, manifest
from ffl.games.manifest import GameManifest
from ffl.session import GameSession

from .dialogs import ask
from .host import GameHost

#: what a released UI shows as its prompt: nobody acts, nothing is open
RELEASED_PROMPT = Prompt(side="", phase="", text="This game has been closed.")

# a released UI's answer, by the first word of a method's return annotation
_EMPTY: dict[str, Callable[[], Any]] = {
    "bool": lambda: False, "str": str, "int": int, "float": float,
    "list": list, "tuple": tuple, "dict": dict, "set": set,
}


def _empty_answer(fn: Callable) -> Callable[[], Any]:
    """What ``fn`` answers once its UI is released: nothing (None) for a
    method that may answer None or names no type, else an empty value of its
    return type (False, "", 0, [] ...)."""
    returns = fn.__annotations__.get("return")
    text = returns if isinstance(returns, str) else getattr(returns, "__name__", "")
    if not text or "None" in text or "Optional" in text:
        return lambda: None
    return _EMPTY.get(text.split("[", 1)[0].strip(), lambda: None)


def _released_guard(fn: Callable, base: Callable | None = None) -> Callable:
    """``fn`` that, once its UI is released, does not run: it answers as
    ``base`` (the :class:`GameUI` method it overrides) does then, or emptily.

    The guard has ``fn``'s very parameters (names, defaults, kinds), so Qt
    passes a signal's arguments to it as it did to ``fn``."""
    params = list(inspect.signature(fn).parameters.values())
    if base is None:
        empty = _empty_answer(fn)

        def base(*_args, **_kwargs):
            return empty()
    spec, call, names = [], [], {"_fn": fn, "_released": base}
    marker_done = False
    for i, p in enumerate(params):
        default = ""
        if p.default is not inspect.Parameter.empty:
            names[f"_d{i}"] = p.default
            default = f"=_d{i}"
        if p.kind is p.POSITIONAL_ONLY:
            spec.append(p.name + default)
            call.append(p.name)
            if i + 1 == len(params) or params[i + 1].kind is not p.POSITIONAL_ONLY:
                spec.append("/")
        elif p.kind is p.POSITIONAL_OR_KEYWORD:
            spec.append(p.name + default)
            call.append(p.name)
        elif p.kind is p.VAR_POSITIONAL:
            spec.append("*" + p.name)
            call.append("*" + p.name)
            marker_done = True
        elif p.kind is p.KEYWORD_ONLY:
            if not marker_done:
                spec.append("*")
                marker_done = True
            spec.append(p.name + default)
            call.append(f"{p.name}={p.name}")
        else:
            spec.append("**" + p.name)
            call.append("**" + p.name)
    first = params[0].name
    source = (f"def guarded({', '.join(spec)}):\n"
              f"    if {first}._released:\n"
              f"        return _released({', '.join(call)})\n"
              f"    return _fn({', '.join(call)})\n")
    exec(source, names)  # noqa: S102 - a wrapper with fn's own signature, built from it
    guarded = functools.update_wrapper(names["guarded"], fn)
    guarded._released_guard = True
    return guarded


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

    #: set by :meth:`release`: the UI no longer plays a game
    _released = False

    def __init_subclass__(cls, **kwargs) -> None:
        """Every public method a game's UI adds (its own, or its mixins') answers
        emptily once the UI is released: late callbacks and queries then raise
        nothing and ask the rules nothing (see :meth:`release`)."""
        super().__init_subclass__(**kwargs)
        for klass in cls.__mro__:
            if klass is object or issubclass(GameUI, klass):
                continue     # GameUI guards its own methods itself
            for name, value in vars(klass).items():
                if (name.startswith("_") or name == "release" or not inspect.isfunction(value)
                        or getattr(value, "_released_guard", False)
                        or getattr(getattr(cls, name, None), "_released_guard", False)):
                    continue
                if getattr(cls, name) is value:     # not overridden further down
                    base = vars(GameUI).get(name)
                    setattr(cls, name, _released_guard(
                        value, base if inspect.isfunction(base) else None))

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
        return None if self._released else self.session.state

    @property
    def scene(self):
        return None if self._released else self.host.scene

    def prompt(self) -> Prompt:
        """The controller's prompt; once released, one where nothing is open."""
        return RELEASED_PROMPT if self._released else self.controller.prompt(self.state)

    def can(self, kind: str) -> bool:
        """Whether action ``kind`` is open now (the prompt lists it); nothing is
        open to a released UI."""
        return not self._released and kind in self.prompt().kinds

    def piece_name(self, pid: str) -> str:
        if self._released:
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
        if self._released or self.host.covered():
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
        if self._released:
            return
        self.host.show_status(f"Not allowed: {exc}")

    def ask_breach(self, action: Action, exc: IllegalAction) -> QMessageBox | None:
        """Advise mode: warn with the rule, and do the action if the player insists
        (nothing once released)."""
        if self._released:
            return None
        rule = f"rule {exc.rule}: " if exc.rule else ""

        def answer(yes: bool) -> None:
            if not yes or self._released:
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

        After it the UI plays no game: :attr:`state` is None, :meth:`prompt` opens
        nothing, :meth:`do` does nothing, and every public method of a subclass
        (wrapped by :meth:`__init_subclass__`) answers emptily (None, False, "",
        [] by its return type) without running, so a late callback or query
        neither raises nor asks the rules anything.  A subclass's private
        callbacks (timers, queued signals) check ``self.session is None``."""
        self._released = True
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
