"""PieceType (printed, static values) and Piece (where it is and what is on it)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

#: Facings are the eight compass points in 45-degree steps, clockwise from "up".
FACINGS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
#: On a hex grid (``Board.facings == 6``) a piece faces one of its six hex sides,
#: clockwise from "up" (flat-topped hexes).
HEX_FACINGS = ("N", "NE", "SE", "S", "SW", "NW")
#: Unit vectors (dx, dy) of each facing, with y growing downwards.
FACING_VECTORS = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))

# Piece.status values
ACTIVE = "active"          # on the board (or in play off-map, e.g. a card in hand)
OFF_BOARD = "off"          # not yet entered (rule-specific holding area)
ELIMINATED = "eliminated"  # removed by combat
EXITED = "exited"          # left the board for good
UNUSED = "unused"          # set aside at set-up


@dataclass(frozen=True)
class PieceType:
    """What is printed on a counter or card: it never changes during a game."""

    id: str
    name: str
    side: str = ""
    kind: str = "character"
    org: str = ""
    values: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "values", MappingProxyType(dict(self.values)))

    def get(self, name: str, default: Any = None) -> Any:
        return self.values.get(name, default)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id, "name": self.name, "side": self.side, "kind": self.kind,
            "org": self.org, "values": dict(self.values),
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> PieceType:
        return cls(d["id"], d["name"], d.get("side", ""), d.get("kind", "character"),
                   d.get("org", ""), d.get("values", {}))


@dataclass
class Piece:
    """One counter in play: its position ``(space, level)``, facing and markers.

    ``markers`` counts things stacked on the piece (``{"stun": 2}``); ``data`` is
    for anything else a game tracks (ropes carried, rifle fired...). Both hold
    plain JSON values only.
    """

    id: str
    type: str
    side: str = ""
    space: str | None = None
    level: int = 0
    facing: int | None = None
    status: str = ACTIVE
    markers: dict[str, int] = field(default_factory=dict)
    data: dict[str, Any] = field(default_factory=dict)

    @property
    def position(self) -> tuple[str, int] | None:
        return (self.space, self.level) if self.space is not None else None

    @property
    def on_board(self) -> bool:
        return self.status == ACTIVE and self.space is not None

    def copy(self) -> Piece:
        # Called for every piece by GameState.copy (once per action resolved):
        # the fields' dict copied whole is faster than the constructor, which is
        # several times faster than dataclasses.replace.
        piece = _new(type(self))
        fields = self.__dict__.copy()
        fields["markers"] = dict(self.markers)
        fields["data"] = _deep(self.data) if self.data else {}
        piece.__dict__ = fields
        return piece

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id, "type": self.type, "side": self.side, "space": self.space,
            "level": self.level, "facing": self.facing, "status": self.status,
            "markers": dict(sorted(self.markers.items())), "data": _deep(self.data),
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Piece:
        return cls(
            d["id"], d["type"], d.get("side", ""), d.get("space"), int(d.get("level", 0)),
            d.get("facing"), d.get("status", ACTIVE), dict(d.get("markers", {})),
            _deep(d.get("data", {})),
        )


class RetiredPiece(Piece):
    """A piece object replaced by its copy in a copy-on-write state checked for
    stale reads (``GameState.shared(retire=True)``).  Reading a field whose value
    the state's current piece no longer has is a bug (the rule code would have
    read the new value before copy on write) and raises :class:`StalePieceRead`;
    a field the events left alone reads as before."""

    def __getattribute__(self, name: str) -> Any:
        fields = object.__getattribute__(self, "__dict__")
        if name not in fields or name == "_now":
            return object.__getattribute__(self, name)
        state, value = fields["_now"], fields[name]
        current = state.pieces.get(fields["id"])
        if current is not None and current.__dict__.get(name) != value:
            raise StalePieceRead(fields["id"], name)
        return value


class StalePieceRead(RuntimeError):
    """Rule code read a piece object that an event of the same action replaced."""

    def __init__(self, piece_id: str, name: str) -> None:
        super().__init__(f"stale read of {name!r} of piece {piece_id!r}: re-read it "
                         "from the batch's state after the event that changed it")


_new = object.__new__

#: values :func:`_deep` hands back as they are without looking inside
_ATOMS = frozenset({str, int, float, bool, type(None), tuple})


def _deep(value: Any) -> Any:
    """Copy nested JSON containers (faster than copy.deepcopy for plain data):
    dicts and lists (subclasses too, as plain ones) are copied all the way down,
    anything else is kept as it is."""
    t = type(value)
    if t is dict:        # plain containers of plain values: no call per value
        return {k: v if type(v) in _ATOMS else _deep(v) for k, v in value.items()}
    if t is list:
        return [v if type(v) in _ATOMS else _deep(v) for v in value]
    if isinstance(value, dict):
        return {k: _deep(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_deep(v) for v in value]
    return value
