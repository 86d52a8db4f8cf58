"""GameState: everything that changes during a game, as plain JSON-able data."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .pieces import Piece, RetiredPiece, _deep

_new = object.__new__


@dataclass
class GameState:
    """The whole changing state of one game.

    ``vars`` holds the game's own variables (turn, phase, chit cup, ...); the
    engine keeps its dice counter there under ``"_rolls"``.  States are changed
    only by applying events (:func:`ffl.engine.events.apply_event`).
    """

    game: str
    scenario: str
    seed: int = 0
    pieces: dict[str, Piece] = field(default_factory=dict)
    vars: dict[str, Any] = field(default_factory=dict)
    #: a state made by :meth:`shared`: the ids of the pieces it has copied for
    #: itself (the others are the very objects of the state it was made from);
    #: None for a state that owns all its pieces
    _owned: ClassVar[set[str] | None] = None
    #: :meth:`shared` with ``retire``: a piece copied on its first change leaves
    #: its old object unreadable (:class:`RetiredPiece`)
    _retire: ClassVar[bool] = False
    #: how many changes :func:`~ffl.engine.events.apply_change` has made to this
    #: very object (0 for a new state or copy): with the object's identity, it
    #: tells a caller holding an answer about this state whether events have
    #: changed it since (``FFLController`` keeps its last listing of legal
    #: actions so).  A state changed without events is not seen.
    applied: ClassVar[int] = 0

    def copy(self) -> GameState:
        return GameState(
            self.game, self.scenario, self.seed,
            {k: p.copy() for k, p in self.pieces.items()}, _deep(self.vars),
        )

    def shared(self, retire: bool = False) -> GameState:
        """A state equal to this one that copies only what changes (copy on
        write): it starts with this state's very pieces and variable values, and
        :func:`~ffl.engine.events.apply_change` copies a piece the first time an
        event changes it and sets a variable to a value of its own, so this state
        is never modified through it.  Its pieces and variables are read-only
        except through events (as every state's are).

        ``retire`` (a check for tests): the new state starts from a whole copy,
        and a piece's old object turns into a :class:`RetiredPiece` when the piece
        is first copied, so rule code still holding it fails when it reads a
        field an event has changed since."""
        if retire:
            out = self.copy()
            out._retire = True
        else:           # made without the dataclass's __init__ (once per action)
            out = _new(GameState)
            out.__dict__ = {"game": self.game, "scenario": self.scenario, "seed": self.seed,
                            "pieces": dict(self.pieces), "vars": dict(self.vars)}
        out._owned = set()
        return out

    def own(self, piece_id: str) -> Piece:
        """The piece ``piece_id`` of a :meth:`shared` state, copied first if the
        state does not own it yet (called before a change to it)."""
        old = self.pieces[piece_id]
        owned = self._owned
        if owned is None or piece_id in owned:
            return old
        piece = self.pieces[piece_id] = old.copy()
        owned.add(piece_id)
        if self._retire:
            old.__dict__["_now"] = self
            old.__class__ = RetiredPiece
        return piece

    def piece(self, piece_id: str) -> Piece:
        return self.pieces[piece_id]

    def get(self, name: str, default: Any = None) -> Any:
        return self.vars.get(name, default)

    def pieces_at(self, space: str, level: int | None = None) -> list[Piece]:
        return [
            p for p in self.pieces.values()
            if p.on_board and p.space == space and (level is None or p.level == level)
        ]

    def active(self) -> Iterator[Piece]:
        return (p for p in self.pieces.values() if p.on_board)

    # -- serialisation ---------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game, "scenario": self.scenario, "seed": self.seed,
            "pieces": [self.pieces[k].to_json() for k in sorted(self.pieces)],
            "vars": _deep(self.vars),
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> GameState:
        pieces = [Piece.from_json(p) for p in d.get("pieces", [])]
        return cls(d["game"], d["scenario"], int(d.get("seed", 0)),
                   {p.id: p for p in pieces}, _deep(d.get("vars", {})))

    def dumps(self) -> str:
        return json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))

    def hash(self) -> str:
        """A stable digest of the whole state: equal states give equal hashes."""
        return hashlib.sha256(self.dumps().encode()).hexdigest()[:32]
