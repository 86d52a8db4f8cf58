"""GameState: everything that changes during a game, as plain JSON-able data."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from .pieces import Piece, _deep


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

    def copy(self) -> GameState:
        return GameState(
            self.game, self.scenario, self.seed,
            {k: p.copy() for k, p in self.pieces.items()}, _deep(self.vars),
        )

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
