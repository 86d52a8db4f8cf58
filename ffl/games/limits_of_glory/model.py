"""The game's facts read from the module, and the state readers every rule uses.

:class:`Ctx` holds what does not change during a game (the board, the piece
types, the tables of ``module.attrs["tables"]``); the functions read the state:
which elements and commanders are where, who is the most senior commander, how
much glory he has, and so on.  Nothing here changes the state.

Where pieces are:

* an element or a commander on the map is ``status "active"`` with its
  ``space``; ``level`` 1 means inside the space's BUA (sheltering or besieged),
  0 in the open (or at sea);
* an accompanying junior commander whose marker is not yet on the map is
  ``status "with"``, ``data["with"]`` names his senior and ``space`` follows
  the senior's (Seniority: Accompanying commanders);
* pools are ``status "off"``; losses ``"eliminated"``; Bonaparte back in France
  ``"exited"``.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cached_property

from ...engine import GameState, Module
from ...engine.board import Board
from ...engine.pieces import Piece
from . import tables as T

WITH = "with"


class Ctx:
    """What the rules read from the module for one board (cached by the controller)."""

    def __init__(self, module: Module, board: Board) -> None:
        self.module = module
        self.board = board
        self.types = module.piece_types
        self.tables = module.attrs.get("tables", {})

    # -- the map --------------------------------------------------------------------------

    def value(self, space: str) -> int:
        return int(self.board[space].get("value", 1))

    def is_sea(self, space: str) -> bool:
        return self.board[space].kind == "sea"

    def region(self, space: str) -> str:
        return str(self.board[space].get("region", ""))

    def bua(self, space: str) -> dict | None:
        return self.board[space].get("bua")

    def harbour(self, space: str) -> str:
        return str(self.board[space].get("harbour", ""))

    def label(self, space: str) -> str:
        return self.board[space].label

    @cached_property
    def neighbours(self) -> dict[str, tuple[str, ...]]:
        """Movement: Move distance: spaces with a common border, across the Nile,
        and the inset and sea-lane links."""
        out = {}
        for key in self.board.keys():
            near = set(self.board.orthogonal(key)) | set(self.board.linked(key))
            out[key] = tuple(sorted(near))
        return out

    def adjacent(self, a: str, b: str) -> bool:
        return b in self.neighbours[a]

    @cached_property
    def coastal(self) -> dict[str, tuple[str, ...]]:
        """Land space -> its adjacent sea spaces (and sea space -> its coasts)."""
        out = {}
        for key in self.board.keys():
            sea = self.is_sea(key)
            out[key] = tuple(n for n in self.neighbours[key] if self.is_sea(n) != sea)
        return out

    def egyptian(self, space: str) -> bool:
        return self.region(space) == "egypt"

    def egyptian_coast(self, sea: str) -> tuple[str, ...]:
        """The Egyptian coastal land spaces next to a sea space."""
        return tuple(n for n in self.coastal[sea] if self.egyptian(n))

    # -- piece types ----------------------------------------------------------------------

    def kind(self, piece: Piece) -> str:
        return self.types[piece.type].kind

    def nation(self, piece: Piece) -> str:
        return str(self.types[piece.type].get("nation", ""))

    def ekind(self, piece: Piece) -> str:
        """An element's kind: infantry, cavalry, artillery, savants, squadron, garrison."""
        return str(self.types[piece.type].get("kind", ""))

    def strength(self, piece: Piece) -> int:
        return int(self.types[piece.type].get("strength", 0))

    def seniority(self, piece: Piece) -> int:
        return int(self.types[piece.type].get("seniority", 99))

    def naval(self, piece: Piece) -> bool:
        return bool(self.types[piece.type].get("naval", False))

    def accompanies(self, cid: str) -> str:
        return str(self.types[cid].get("accompanies", ""))

    def name(self, pid: str, state: GameState | None = None) -> str:
        """The name a piece goes by in sentences: a commander known by his office
        takes the article, as the book writes him ("the Grand Vizir's position
        marker", Event 12); the marker itself reads the type's name alone."""
        tid = state.pieces[pid].type if state is not None and pid in state.pieces else pid
        t = self.types.get(tid)
        if t is None:
            return pid
        return f"the {t.name}" if t.name in T.TITLES else t.name

    def whose(self, pid: str, state: GameState | None = None) -> str:
        """The possessive of :meth:`name`, as the book writes it ("Brueys' glory",
        "Nelson's glory")."""
        name = self.name(pid, state)
        return f"{name}'" if name.endswith("s") else f"{name}'s"

    # -- tables -----------------------------------------------------------------------------

    def table(self, name: str, default=None):
        return self.tables.get(name, default)

    def number(self, name: str, default: int) -> int:
        return int(self.tables.get("numbers", {}).get(name, default))


# -- where pieces are --------------------------------------------------------------------------

def on_map(state: GameState) -> Iterable[Piece]:
    return (p for p in state.pieces.values() if p.status == "active" and p.space is not None)


INDEX = "_lg_index"


def index(state: GameState) -> dict[str, list[Piece]]:
    """Space -> the pieces there (status active), cached on the state object until
    the next action (``vars["_seq"]``) or event (the batch drops it)."""
    key = (state.vars.get("_seq"), state.vars.get("_rolls"), len(state.pieces))
    cached = state.__dict__.get(INDEX)
    if cached is not None and cached[0] == key:
        return cached[1]
    idx: dict[str, list[Piece]] = {}
    for p in state.pieces.values():
        if p.status == "active" and p.space is not None:
            idx.setdefault(p.space, []).append(p)
    state.__dict__[INDEX] = (key, idx)
    return idx


def forget(state: GameState) -> None:
    """Drop the cached index (after the state was changed in place)."""
    state.__dict__.pop(INDEX, None)


def pieces_in(state: GameState, space: str, side: str | None = None) -> list[Piece]:
    """Every piece with its marker in ``space`` (status active)."""
    here = index(state).get(space, ())
    return [p for p in here if side is None or p.side == side]


def elements(ctx: Ctx, state: GameState, space: str, side: str | None = None,
             level: int | None = None) -> list[Piece]:
    """Non-commander elements (infantry, cavalry, artillery, savants, squadrons,
    garrisons) in ``space``; ``level`` 1 inside the BUA, 0 outside."""
    return [p for p in pieces_in(state, space, side)
            if ctx.kind(p) == "element" and (level is None or p.level == level)]


def fighting(ctx: Ctx, state: GameState, space: str, side: str,
             level: int | None = None) -> list[Piece]:
    """Elements that fight and can be lost: not the savants."""
    return [p for p in elements(ctx, state, space, side, level) if ctx.ekind(p) != "savants"]


def land_elements(ctx: Ctx, state: GameState, space: str, side: str,
                  level: int | None = None) -> list[Piece]:
    return [p for p in elements(ctx, state, space, side, level)
            if ctx.ekind(p) not in ("squadron",)]


def squadrons(ctx: Ctx, state: GameState, space: str, side: str) -> list[Piece]:
    """Naval elements in a sea space: named naval commanders (their squadrons) and
    unnamed squadrons."""
    out = []
    for p in pieces_in(state, space, side):
        if ctx.kind(p) == "element" and ctx.ekind(p) == "squadron":
            out.append(p)
        elif ctx.kind(p) == "commander" and ctx.naval(p) and p.data.get("squadrons", 0) > 0:
            out.append(p)
    return out


def squadron_count(ctx: Ctx, piece: Piece) -> int:
    if ctx.kind(piece) == "commander":
        return int(piece.data.get("squadrons", 0))
    return 1


def commanders(ctx: Ctx, state: GameState, space: str, side: str,
               level: int | None = None) -> list[Piece]:
    """Commanders with their marker in ``space`` (not the accompanying juniors)."""
    return [p for p in pieces_in(state, space, side)
            if ctx.kind(p) == "commander" and (level is None or p.level == level)]


def juniors(state: GameState, senior: str) -> list[Piece]:
    """Commanders accompanying ``senior`` without their own marker (directly)."""
    return [p for p in state.pieces.values() if p.status == WITH and p.data.get(WITH) == senior]


def party(state: GameState, senior: str) -> list[Piece]:
    """Every junior travelling with ``senior`` (transitively)."""
    out, todo = [], [senior]
    while todo:
        for j in juniors(state, todo.pop()):
            out.append(j)
            todo.append(j.id)
    return out


def glory(piece: Piece) -> int:
    return int(piece.data.get("glory", 0))


def auto6(piece: Piece) -> int:
    return int(piece.data.get("auto6", 0))


def total_glory(piece: Piece) -> int:
    """Glory including Bonaparte's automatic 6s."""
    return glory(piece) + auto6(piece)


def exhausted(piece: Piece) -> bool:
    return "glory" in piece.data and total_glory(piece) <= 0


def ranked(ctx: Ctx, state: GameState, cmds: list[Piece], space: str) -> list[Piece]:
    """``cmds`` most senior first (Seniority: Numbers, Naval, Allied).

    At sea the naval commanders come first.  Allied commanders of more than one
    nationality rank by their glory (the highest rated first), else by number.
    """
    if not cmds:
        return []
    at_sea = ctx.is_sea(space)
    nations = {ctx.nation(c) for c in cmds}
    mixed = cmds[0].side == T.ALLIED and len(nations) > 1

    def key(c: Piece):
        naval_first = 0 if (at_sea and ctx.naval(c)) else 1
        if mixed:
            return (naval_first, -total_glory(c), ctx.seniority(c), c.id)
        return (naval_first, ctx.seniority(c), c.id)

    return sorted(cmds, key=key)


def senior(ctx: Ctx, state: GameState, space: str, side: str, *, with_glory: bool = False,
           level: int | None = None) -> Piece | None:
    """The most senior commander of ``side`` in ``space`` (with glory left, if asked:
    an exhausted commander is superseded, Glory: Exhausted commanders)."""
    cmds = commanders(ctx, state, space, side, level)
    if with_glory:
        cmds = [c for c in cmds if total_glory(c) > 0]
    best = ranked(ctx, state, cmds, space)
    return best[0] if best else None


def overall(ctx: Ctx, state: GameState, side: str) -> Piece | None:
    """The most senior commander of a side on the map (Momentum: re-rolls by the
    most senior commander currently on the map): on land, or a naval commander."""
    cmds = [p for p in on_map(state) if p.side == side and ctx.kind(p) == "commander"
            and not p.data.get("returning")]
    if not cmds:
        return None
    if side == T.FRENCH:
        return min(cmds, key=lambda c: (ctx.naval(c), ctx.seniority(c), c.id))
    return max(cmds, key=lambda c: (total_glory(c), -ctx.seniority(c), c.id))


def has_french(ctx: Ctx, state: GameState, space: str) -> bool:
    return any(p.side == T.FRENCH and ctx.kind(p) in ("element", "commander")
               for p in pieces_in(state, space))


def enemy_elements(ctx: Ctx, state: GameState, space: str, side: str) -> list[Piece]:
    return elements(ctx, state, space, T.other(side))


def count_by_type(pieces: Iterable[Piece]) -> dict[str, int]:
    out: dict[str, int] = {}
    for p in pieces:
        out[p.type] = out.get(p.type, 0) + 1
    return out


def units_text(counts: dict[str, int]) -> str:
    """``{"fr-inf": 4}`` -> ``"fr-inf:4"`` (the form actions carry)."""
    return ",".join(f"{t}:{n}" for t, n in sorted(counts.items()) if n > 0)


def parse_units(text: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for part in (text or "").split(","):
        if not part:
            continue
        tid, _, n = part.partition(":")
        out[tid] = out.get(tid, 0) + int(n or 0)
    return out


def parse_ids(text: str) -> list[str]:
    return [p for p in (text or "").split(",") if p]


def pick(pieces: list[Piece], counts: dict[str, int]) -> list[Piece] | None:
    """``counts`` pieces of each type out of ``pieces`` (lowest ids first), or None
    if there are not enough."""
    out = []
    for tid, n in counts.items():
        have = sorted((p for p in pieces if p.type == tid), key=lambda p: p.id)
        if n < 0 or len(have) < n:
            return None
        out += have[:n]
    return out


def describe(ctx: Ctx, counts: dict[str, int]) -> str:
    """``{"fr-inf": 4, "fr-art": 1}`` -> ``"4 French infantry, 1 French artillery"``."""
    parts = []
    for tid, n in sorted(counts.items()):
        if n:
            parts.append(f"{n} {ctx.types[tid].name}" if tid in ctx.types else f"{n} {tid}")
    return ", ".join(parts) or "nothing"
