"""The program's opponent at sea: where ships alone (squadrons and naval
commanders, nobody aboard) are worth sending, for :mod:`.opponent`.

Squadrons in a sea space beside a besieged coastal BUA add their strength to the
siege (Sieges: Naval elements in sieges), so ships alone make for such a post,
or for one beside an Allied-held BUA with banner that a French army is near;
they keep out of seas where stronger French squadrons are, and stay once there.
"""

from __future__ import annotations

from collections import deque
from functools import lru_cache

from ...engine import Action, GameState
from . import tables as T
from .model import Ctx, pieces_in, squadron_count, squadrons
from .strength import naval_strength

ALLIED = T.ALLIED
#: how much stronger (naval strength) the program's ships must be before they
#: sail into French squadrons
NAVAL_EDGE = 1.5
#: how many sea spaces away the program's ships go hunting French squadrons
HUNT_RANGE = 4


def ships_only(ctx: Ctx, state: GameState, a: Action) -> int | None:
    """The squadrons of a move of ships alone (squadrons, naval commanders with
    theirs, nobody aboard left behind by it), or None for any other move."""
    frm = a["space"]
    if not ctx.is_sea(frm):
        return None
    count = 0
    for x in (a.get("units", "") or "").split(","):
        if ":" not in x:
            continue
        tid, k = x.split(":")
        if ctx.types[tid].get("kind", "") != "squadron":
            return None
        count += int(k)
    for pid in (a.get("pieces", "") or "").split(","):
        if not pid:
            continue
        p = state.pieces.get(pid)
        if p is None or not ctx.naval(p):
            return None
        count += squadron_count(ctx, p)
    aboard = [p for p in pieces_in(state, frm, ALLIED) if ctx.kind(p) in ("element", "commander")
              and not ctx.naval(p) and ctx.ekind(p) != "squadron"]
    return count if count and not aboard else None


def ships_power(ctx: Ctx, state: GameState, a: Action) -> int:
    """The naval strength of the ships a move of ships alone takes."""
    total = 0
    for x in (a.get("units", "") or "").split(","):
        if ":" in x:
            tid, k = x.split(":")
            total += int(ctx.table("squadron_strength", T.SQUADRON_STRENGTH).get(
                ctx.types[tid].get("nation", ""), 1)) * int(k)
    for pid in (a.get("pieces", "") or "").split(","):
        if pid and pid in state.pieces:
            total += naval_strength(ctx, state.pieces[pid])
    return total


def ships_alone(ctx: Ctx, state: GameState, space: str | None) -> bool:
    """Only ships (squadrons, naval commanders) of the Allies in sea space ``space``."""
    if not space or not ctx.is_sea(space) or state.vars.get("phase") != "conquest":
        return False
    mine = [p for p in pieces_in(state, space, ALLIED) if ctx.kind(p) in ("element",
                                                                         "commander")]
    return bool(mine) and all(ctx.naval(p) or ctx.ekind(p) == "squadron" for p in mine)


def naval_value(ctx: Ctx, state: GameState, frm: str, to: str, ships: int,
                posts: set[str], power: int = 0) -> float:
    """Ships alone sail into French squadrons they clearly outgun (Combat: Naval
    combats: every loss sinks a squadron, and French squadrons carry the army and
    add to its sieges), else for a post (:func:`naval_posts`: where squadrons add
    their strength to a siege beside them), keeping away from stronger French
    squadrons.  ``power``: the naval strength of the ships that move."""
    theirs = sum(naval_strength(ctx, p) for p in squadrons(ctx, state, to, T.FRENCH)
                 if p.level == 0)
    if theirs and power >= NAVAL_EDGE * theirs:
        return 6.0
    dist = _sea_distances(ctx)
    prey = _prey(ctx, state, power)
    if prey and not theirs:
        here = min((dist[frm].get(p, 99) for p in prey), default=99)
        there = min((dist[to].get(p, 99) for p in prey), default=99)
        if there < here <= HUNT_RANGE:
            return 1.5
    if not posts or frm in posts:
        return -5
    here = min((dist[frm].get(p, 99) for p in posts), default=99)
    there = min((dist[to].get(p, 99) for p in posts), default=99)
    if there >= here:
        return -5
    foes = sum(squadron_count(ctx, p) for p in squadrons(ctx, state, to, T.FRENCH))
    if foes > ships:
        return -8
    return 1.0 + (0.5 if there == 0 else 0)


def _prey(ctx: Ctx, state: GameState, power: int) -> set[str]:
    """Sea spaces holding French squadrons (not in a harbour: Malta's, or their own
    safe harbours, which Allied ships never enter) that ``power`` outguns."""
    out = set()
    spaces = {p.space for p in state.pieces.values() if p.side == T.FRENCH
              and p.status == "active" and p.space and ctx.is_sea(p.space)}
    for space in spaces:
        if ctx.harbour(space) == T.FRENCH:
            continue
        theirs = sum(naval_strength(ctx, p) for p in squadrons(ctx, state, space, T.FRENCH)
                     if p.level == 0)
        if theirs and power >= NAVAL_EDGE * theirs:
            out.add(space)
    return out


def naval_posts(ctx: Ctx, state: GameState, dist: dict, french: list[str]) -> set[str]:
    """Sea spaces beside a coastal BUA under siege (Sieges: Naval elements in
    sieges), or beside an Allied-held coastal BUA with banner that French land
    forces (in ``french``) are within two spaces of (``dist``: steps between spaces)."""
    from .control import holder
    from .siege import sieges

    lands = set(sieges(state))
    for s in T.VP_BUAS:
        if s in ctx.board and holder(ctx, state, s) != "french" and \
                min((dist[s].get(f, 9) for f in french), default=9) <= 2:
            lands.add(s)
    return {n for s in lands for n in ctx.neighbours[s] if ctx.is_sea(n)}


@lru_cache(maxsize=4)
def _sea_distances(ctx: Ctx) -> dict[str, dict[str, int]]:
    """Steps between sea spaces by sea alone."""
    out = {}
    for start in ctx.board.keys():
        if not ctx.is_sea(start):
            continue
        seen = {start: 0}
        todo = deque([start])
        while todo:
            s = todo.popleft()
            for n in ctx.neighbours[s]:
                if n not in seen and ctx.is_sea(n):
                    seen[n] = seen[s] + 1
                    todo.append(n)
        out[start] = seen
    return out
