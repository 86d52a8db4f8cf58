"""Action (what a player asks for) and Event (a fact, dice values included).

An :class:`Event` carries its *changes*: a short list of primitive assignments
(:class:`Change`).  Applying an event is game-agnostic, so

    state = fold(initial, events)

holds for every game, replays never consult a random generator, and a view can
redraw exactly what an event touched.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, NamedTuple

from .pieces import _ATOMS, _deep
from .state import GameState

_new = object.__new__
_set = object.__setattr__

PIECE_FIELDS = ("space", "level", "facing", "status", "side", "type")
_PIECE_FIELDS = frozenset(PIECE_FIELDS)
#: the kind of the event that marks an action done against the rules (advise mode):
#: it changes nothing; its rule and text name the rule that was broken
AGAINST_RULES = "against-rules"


def _freeze_args(args: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    out = []
    for k in sorted(args):
        v = args[k]
        if isinstance(v, list):
            v = tuple(v)
        out.append((k, v))
    return tuple(out)


@dataclass(frozen=True)
class Action:
    """A request by a side: ``Action.make("move", "legion", piece="L3", to="K12")``.

    Actions are small immutable values: hashable, comparable and JSON-able.
    """

    kind: str
    side: str = ""
    args: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def make(cls, kind: str, side: str = "", **args: Any) -> Action:
        return _action(kind, side, _freeze_args(args), cls)

    def __getitem__(self, name: str) -> Any:
        for k, v in self.args:
            if k == name:
                return v
        raise KeyError(name)

    def get(self, name: str, default: Any = None) -> Any:
        for k, v in self.args:
            if k == name:
                return v
        return default

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "side": self.side,
                "args": {k: list(v) if isinstance(v, tuple) else v for k, v in self.args}}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Action:
        return cls.make(d["kind"], d.get("side", ""), **d.get("args", {}))

    def __str__(self) -> str:
        inner = ", ".join(f"{k}={v}" for k, v in self.args)
        return f"{self.side}:{self.kind}({inner})"


def _action(kind: str, side: str, args: tuple[tuple[str, Any], ...],
            cls: type[Action] = Action) -> Action:
    """``Action(kind, side, args)`` (``args`` sorted by name, as :meth:`Action.make`
    gives them) without the frozen dataclass's guarded assignments: the rules
    list thousands of actions a second."""
    action = _new(cls)
    _set(action, "__dict__", {"kind": kind, "side": side, "args": args})
    return action


class Change(NamedTuple):
    """One primitive assignment.

    ``piece`` set: ``field`` is a piece field (``space``, ``level``, ``facing``,
    ``status``...) or ``markers.NAME`` / ``data.NAME`` (value ``None`` deletes).
    ``piece`` is ``None``: ``field`` names a game variable in ``state.vars``.

    An immutable value of three named fields (a named tuple, issue 12: the
    rules and a reopened save make tens of thousands, and a tuple is made in
    one step where a frozen dataclass needed a dict per change).
    """

    piece: str | None
    field: str
    value: Any

    @classmethod
    def var(cls, name: str, value: Any) -> Change:
        if cls is Change:       # the rules make many: no Python-level constructor
            return _tuple_new(Change, (None, name, value if type(value) in _PLAIN
                                       else _jsonable(value)))
        return cls(None, name, _jsonable(value))

    @classmethod
    def set(cls, piece: str, field: str, value: Any) -> Change:
        if cls is Change:
            return _tuple_new(Change, (piece, field, value if type(value) in _PLAIN
                                       else _jsonable(value)))
        return cls(piece, field, _jsonable(value))

    def to_json(self) -> list[Any]:
        return [self.piece, self.field, _deep(self.value)]

    @classmethod
    def from_json(cls, d: list[Any]) -> Change:
        return _change(d[0], d[1], d[2])


_tuple_new = tuple.__new__


def _change(piece: str | None, field: str, value: Any) -> Change:
    """``Change(piece, field, value)`` made in one step (a reopened save builds
    thousands)."""
    return _tuple_new(Change, (piece, field, value))


#: value types :func:`_jsonable` hands back as they are
_PLAIN = frozenset({str, int, type(None), bool, float})


def _jsonable(value: Any) -> Any:
    t = type(value)
    if t is str or t is int or value is None or t is bool or t is float:
        return value                # plain values as they are (no Mapping check)
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    if isinstance(value, list):
        return [_jsonable(v) for v in value]
    if isinstance(value, Mapping):
        return {k: _jsonable(v) for k, v in value.items()}
    return value


@dataclass(frozen=True)
class Event:
    """A fact that happened, with the rule that decided it.

    ``text`` is the log line a player reads and always names the rule, e.g.
    ``"6.72 Melee: Pvt. Adler (M2) vs Abbas: rolled 5, defender eliminated"``.
    ``dice`` holds every die value the event used; ``info`` holds the facts a
    view may want to show (modifiers, target number...).
    """

    kind: str
    rule: str = ""
    text: str = ""
    changes: tuple[Change, ...] = ()
    dice: tuple[int, ...] = ()
    side: str = ""
    info: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "changes", tuple(self.changes))
        object.__setattr__(self, "dice", tuple(self.dice))
        object.__setattr__(self, "info", MappingProxyType(_jsonable(self.info)))

    @property
    def pieces(self) -> frozenset[str]:
        """The pieces this event changes (for views that redraw only those)."""
        return frozenset([c.piece for c in self.changes if c.piece is not None])

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind, "rule": self.rule, "text": self.text,
                             "changes": [c.to_json() for c in self.changes]}
        if self.dice:
            d["dice"] = list(self.dice)
        if self.side:
            d["side"] = self.side
        if self.info:
            d["info"] = _deep(dict(self.info))
        return d

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Event:
        return cls(d["kind"], d.get("rule", ""), d.get("text", ""),
                   tuple(Change.from_json(c) for c in d.get("changes", [])),
                   tuple(d.get("dice", ())), d.get("side", ""), d.get("info", {}))

    @classmethod
    def from_parsed(cls, d: dict[str, Any]) -> Event:
        """The event of ``d``, a dict just parsed from JSON text and handed over
        (the same event as :meth:`from_json`, without copying what the event
        keeps: its ``info`` dict becomes the event's own).  The store reads
        every saved event this way."""
        event = _new(cls)
        _set(event, "__dict__", {
            "kind": d["kind"], "rule": d.get("rule", ""), "text": d.get("text", ""),
            "changes": tuple([_tuple_new(Change, (c[0], c[1], c[2]))
                              for c in d.get("changes", ())]),
            "dice": tuple(d.get("dice", ())), "side": d.get("side", ""),
            "info": MappingProxyType(d.get("info") or {}),
        })
        return event


def _event(kind: str, rule: str, text: str, changes: tuple[Change, ...], dice: tuple[int, ...],
           side: str, info: Mapping[str, Any]) -> Event:
    """``Event(kind, rule, text, changes, dice, side, info)`` for ``changes`` and
    ``dice`` given as tuples, without the frozen dataclass's guarded assignments
    (the rules record thousands of events a second); ``info`` is made plain as
    the constructor makes it."""
    if type(info) is dict:
        info = {k: v if type(v) in _PLAIN else _jsonable(v) for k, v in info.items()}
    else:
        info = _jsonable(info)
    event = _new(Event)
    _set(event, "__dict__", {"kind": kind, "rule": rule, "text": text, "changes": changes,
                             "dice": dice, "side": side, "info": MappingProxyType(info)})
    return event


class IllegalAction(ValueError):
    """Raised by ``apply`` for an action ``legal`` refuses; carries the rule."""

    def __init__(self, reason: str, rule: str = "") -> None:
        super().__init__(f"{rule} {reason}".strip())
        self.reason = reason
        self.rule = rule


def apply_change(state: GameState, change: Change) -> None:
    """Apply one change to ``state`` in place."""
    state.applied += 1          # GameState.applied: the state is no longer what it was
    value = change.value
    if type(value) not in _ATOMS:
        value = _deep(value)
    if change.piece is None:
        if value is None:
            state.vars.pop(change.field, None)
        else:
            state.vars[change.field] = value
        return
    owned = state._owned
    if owned is None or change.piece in owned:
        piece = state.pieces[change.piece]
    else:               # a copy-on-write state (GameState.shared): copy before changing
        piece = state.own(change.piece)
    head, _, name = change.field.partition(".")
    if head in ("markers", "data") and name:
        target = piece.markers if head == "markers" else piece.data
        if value is None or (head == "markers" and value == 0):
            target.pop(name, None)
        else:
            target[name] = value
    elif change.field in PIECE_FIELDS:
        setattr(piece, change.field, value)
    else:
        raise KeyError(f"unknown piece field {change.field!r}")


def apply_event(state: GameState, event: Event) -> GameState:
    """Apply an event's changes to ``state`` in place and return it
    (:func:`apply_change` for each, in one loop: issue 12, every action's
    events pass here)."""
    changes = event.changes
    if not changes:
        return state
    state.applied += len(changes)       # GameState.applied, as apply_change counts
    owned = state._owned
    pieces, variables = state.pieces, state.vars
    for piece_id, name, value in changes:
        if type(value) not in _ATOMS:
            value = _deep(value)
        if piece_id is None:
            if value is None:
                variables.pop(name, None)
            else:
                variables[name] = value
            continue
        if owned is None or piece_id in owned:
            piece = pieces[piece_id]
        else:           # a copy-on-write state (GameState.shared): copy before changing
            piece = state.own(piece_id)
        if name in _PIECE_FIELDS:
            setattr(piece, name, value)
            continue
        head, _, key = name.partition(".")
        if key and head == "markers":
            if value is None or value == 0:
                piece.markers.pop(key, None)
            else:
                piece.markers[key] = value
        elif key and head == "data":
            if value is None:
                piece.data.pop(key, None)
            else:
                piece.data[key] = value
        else:
            raise KeyError(f"unknown piece field {name!r}")
    return state


def fold(initial: GameState, events: Iterable[Event]) -> GameState:
    """The state after ``events``, starting from a copy of ``initial``."""
    state = initial.copy()
    for event in events:
        apply_event(state, event)
    return state
