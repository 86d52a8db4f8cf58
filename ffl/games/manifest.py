"""GameManifest: everything the program needs to know about one game, in one place.

Each game package defines ``GAME = GameManifest(...)`` in its ``__init__.py``;
``ffl.games.GAME_PACKAGES`` lists those packages, one line per game, and every
registry (the catalog, the play window, the styles, the printed sheets, the
editor's terrain check, the gameboard legend) reads the manifests.

Everything heavy is named as a ``"module:attribute"`` string and imported only
when it is used, so reading the manifests costs nothing and a game package
never imports Qt: its user interface, board style and printable sheets live in
``ffl.ui.<game>`` and ``ffl.printing`` and are only *named* here.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from types import MappingProxyType
from typing import Any

#: the three rules modes a rule-enforced game can be played in (stored in a save)
ENFORCE, ADVISE, OFF = "enforce", "advise", "off"
RULES_MODES = (ENFORCE, ADVISE, OFF)
RULES_MODE_TITLES = {
    ENFORCE: "Enforce the rules",
    ADVISE: "Advise: warn, then allow and log a breach",
    OFF: "Off: free play on the game's map and counters",
}


def load(target: str) -> Any:
    """The object a ``"package.module:attribute"`` string names (imported now)."""
    module_name, _, attr = target.partition(":")
    if not module_name or not attr:
        raise ValueError(f"{target!r} is not of the form 'package.module:attribute'")
    return getattr(importlib.import_module(module_name), attr)


@dataclass(frozen=True)
class PrintSheet:
    """A sheet a game can print.

    ``id`` is one of the shared sheets (``setup-sheet``, ``gameboard``) or a
    game's own sheet; ``layout`` names the game's own layout function
    (``layout(doc, source, **options)``), empty for a shared sheet.
    """

    id: str
    title: str
    rule: str = ""                  # the game's rule that describes the sheet
    layout: str = ""                # "module:function" of a game's own sheet
    landscape: str = ""             # "module:function(source, paper) -> bool"
    columns: int = 1


@dataclass(frozen=True)
class GameOption:
    """A choice the players make when a game starts (the New game dialog shows
    one row per option) and the session keeps in its options under ``id``.

    ``choices`` lists ``(value, title)`` pairs for a list to pick from; without
    choices the option is a check box when ``default`` is a bool, else a whole
    number from ``minimum`` to ``maximum``.  ``rule`` is the rule that offers it.
    """

    id: str
    title: str
    default: Any
    choices: tuple[tuple[Any, str], ...] = ()
    minimum: int = 0
    maximum: int = 0
    tip: str = ""
    rule: str = ""

    @property
    def kind(self) -> str:
        """``"choice"``, ``"bool"`` or ``"int"``."""
        if self.choices:
            return "choice"
        return "bool" if isinstance(self.default, bool) else "int"

    def check(self, value: Any) -> Any:
        """``value`` if it is one this option allows, else ValueError."""
        if self.kind == "choice":
            if value not in [v for v, _ in self.choices]:
                raise ValueError(f"{self.title}: {value!r} is not one of the choices")
        elif self.kind == "bool":
            if not isinstance(value, bool):
                raise ValueError(f"{self.title}: {value!r} is not yes or no")
        elif isinstance(value, bool) or not isinstance(value, int) or \
                not self.minimum <= value <= self.maximum:
            raise ValueError(f"{self.title}: {value!r} is not a whole number from "
                             f"{self.minimum} to {self.maximum}")
        return value


@dataclass(frozen=True)
class RuleNote:
    """What the help says about rule ``number``: ``entry`` is the index entry
    that answers (the rule itself, or the nearest one above it)."""

    number: str
    entry: str
    title: str
    summary: str


@dataclass(frozen=True)
class GameHelp:
    """A game's help on board, read from its help module (``GameManifest.help``):

    * ``HOW_TO_PLAY``: ``((heading, text), ...)``; paragraphs are separated by
      an empty line and a line starting with ``"- "`` is a list item;
    * ``RULES``: ``{rule number: (title, one-paragraph summary)}`` in our own
      words, never the rulebook's;
    * ``NEXT_STEP``: ``{action kind: what the player does next}``, in the order
      of preference when several kinds are open.
    """

    how_to_play: tuple[tuple[str, str], ...] = ()
    rules: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    next_step: Mapping[str, str] = field(default_factory=dict)

    def rule(self, number: str) -> RuleNote | None:
        """The entry for ``number``, or for the nearest rule above it ("6.5213"
        -> "6.521" -> "6.52" -> "6.5" -> "6"; "First Player 2" -> "First
        Player"); None when nothing above it is listed."""
        key = str(number or "").strip()
        while key:
            if key in self.rules:
                title, summary = self.rules[key]
                return RuleNote(str(number), key, title, summary)
            key = _parent_rule(key)
        return None

    def hint(self, kinds) -> str:
        """What to do next when the action kinds ``kinds`` are open ("" if none
        of them has a hint)."""
        return next((text for kind, text in self.next_step.items() if kind in kinds), "")


def _parent_rule(key: str) -> str:
    """The rule one step above ``key`` ("" at the top)."""
    if re.fullmatch(r"\d+(\.\d+)*", key):
        head, _, tail = key.rpartition(".")
        if not head:
            return ""
        return f"{head}.{tail[:-1]}" if len(tail) > 1 else head
    trimmed = re.sub(r"\s*(\d+|\([a-z]\))$", "", key)
    return trimmed if trimmed != key else ""


@cache
def load_help(module_name: str) -> GameHelp:
    """The :class:`GameHelp` held as data by ``module_name`` (imported now)."""
    module = importlib.import_module(module_name)
    return GameHelp(tuple(getattr(module, "HOW_TO_PLAY", ())),
                    MappingProxyType(dict(getattr(module, "RULES", {}))),
                    MappingProxyType(dict(getattr(module, "NEXT_STEP", {}))))


#: the shared sheets every game (and a free-play module) can print
SHARED_SHEETS = (
    PrintSheet("setup-sheet", "Set-up sheet"),
    PrintSheet("gameboard", "Whole map on one page"),
)


@dataclass(frozen=True)
class GameManifest:
    """One game: its rules, its data, its look and its print-outs (see module doc)."""

    id: str                         # the game id; also the prefix of its scenario ids
    title: str                      # "French Foreign Legion"
    rulebook: str                   # the rulebook the rules come from
    controller: str                 # "module:Class" of its RuleController
    module_file: str = ""           # its module file under scenarios/
    builder: str = ""               # "module:function" returning its engine Module
    #: options random self-play adds so every game ends (e.g. a turn cap where the
    #: rules play on until one side is gone); never applied to a player's game
    selfplay_options: Mapping[str, Any] = field(default_factory=dict)
    #: "module:Class" of its self-play policy toward the game's goal (``ffl selfplay
    #: --policy goal``): ``choose(controller, state, actions, rng)`` returns one of
    #: the legal ``actions``; ``capped(controller, state)`` says a finished game was
    #: stopped by the self-play options rather than the victory rules
    selfplay_policy: str = ""
    #: "module:function" making its computer opponent for one side,
    #: ``make(controller, side, level, seed) -> ffl.opponents.Opponent``; a game
    #: that names one offers "the program" for each side in the New game dialog
    opponents: str = ""
    #: the levels the New game dialog offers for the program (weakest first); a
    #: game lists only levels that play differently (a level left out still plays,
    #: as the game's ``make`` decides, when an older save or a tournament asks it)
    opponent_levels: tuple[str, ...] = ("easy", "normal", "hard")
    ui: str = ""                    # "module:Class" of its GameUI (Qt)
    style: str = ""                 # "module:Class" of its BoardStyle (Qt)
    counter: str = ""               # "module:Class" of its CounterItem (Qt)
    sheets: tuple[PrintSheet, ...] = SHARED_SHEETS
    #: terrain id -> what it means (the editor's terrain check, map legends)
    terrains: Mapping[str, str] = field(default_factory=dict)
    #: elevation level -> its name (gameboard legend, level choices)
    level_names: Mapping[int, str] = field(default_factory=dict)
    #: the rules modes it can be played in (a free-play game only "off")
    rules_modes: tuple[str, ...] = RULES_MODES
    #: what the players choose when a game starts (kept in the session's options)
    options: tuple[GameOption, ...] = ()
    #: the module holding its help on board as data (see :class:`GameHelp`)
    help: str = ""

    def __post_init__(self) -> None:
        for name in ("selfplay_options", "terrains", "level_names"):
            object.__setattr__(self, name, MappingProxyType(dict(getattr(self, name))))
        unknown = set(self.rules_modes) - set(RULES_MODES)
        if unknown:
            raise ValueError(f"{self.id}: unknown rules modes {sorted(unknown)}")

    # -- the named parts, imported on first use ------------------------------------

    def controller_class(self) -> type:
        return load(self.controller)

    def build_module(self):
        if not self.builder:
            raise ImportError(f"{self.id} has no module builder")
        return load(self.builder)()

    def ui_class(self) -> type | None:
        return load(self.ui) if self.ui else None

    def selfplay_policy_object(self):
        """A new instance of its self-play policy, or None."""
        return load(self.selfplay_policy)() if self.selfplay_policy else None

    def style_class(self) -> type | None:
        return load(self.style) if self.style else None

    def counter_class(self) -> type | None:
        return load(self.counter) if self.counter else None

    def sheet(self, sheet_id: str) -> PrintSheet | None:
        return next((s for s in self.sheets if s.id == sheet_id), None)

    def game_help(self) -> GameHelp | None:
        """Its help on board (How to play, the rule index), or None."""
        return load_help(self.help) if self.help else None

    def option(self, option_id: str) -> GameOption | None:
        return next((o for o in self.options if o.id == option_id), None)
