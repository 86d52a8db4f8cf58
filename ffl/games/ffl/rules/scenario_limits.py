"""Set-up limits of the scenarios (19.111-19.114, 20.111-20.114, 20.121-20.124):
where named units, whole squads and a tribe's units may be placed, read from
the scenario's data (``setup["legion"]["limits"]``, ``setup["bedouin"]["limits"]``).

A limit is a dict with its ``rule`` and ``text`` and one of:

``pieces``: the units named (or ``org``: every unit of the organization) must
    stand on a spot the limit allows;
``squad_role``: one squad (which one is the player's choice) must stand on such
    spots; the squads take the roles in any order, so a placement is legal when
    some assignment of the roles to the squads still holds for every squad unit
    placed and can still be completed (``at_least_one_in``: a unit in each
    building named; ``sentry``: a unit of the rank given next to a building);
``count`` with ``org`` and ``adjacent_to``: that many of the organization's
    units stand next to the building, the rest under the other limit of the same
    organization (20.122 / 20.123).

A spot allows: ``building`` (inside: the building's floor, level 0), ``area``
and ``levels`` (the square's area and the level), ``terrain``, ``facing``
``"outward"`` (toward the desert: within 45 degrees of the nearest outer
wall's outward direction), ``adjacent_to`` (a square next to a building, side
or corner, not in it), ``outside_adjacent_to`` ``"gate"`` (a sand square next
to a gate square).
"""

from __future__ import annotations

from itertools import permutations

from ffl.engine import Verdict

from .context import Ctx

SQUADS = ("squad-1", "squad-2", "squad-3")
#: the board sides' outward facings (0 north, clockwise in eighths)
OUTWARD = {"N": 0, "E": 2, "S": 4, "W": 6}


def limits(ctx: Ctx, side: str) -> list[dict]:
    sec = ctx.data.scenario.get(side) if ctx.data.scenario else None
    return list(sec.get("limits") or []) if isinstance(sec, dict) else []


def _list(value) -> list:
    return [value] if isinstance(value, str) else list(value or [])


# -- spots ------------------------------------------------------------------------------------


_RING: dict[int, tuple[int, int, int, int]] = {}


def _ring(fort) -> tuple[int, int, int, int]:
    """The outer walls' first and last column and row (cached per fort)."""
    ring = _RING.get(id(fort.board))
    if ring is None:
        walls = [fort.coords(k) for k in fort.squares() if fort.area(k) in ("wall", "tower")]
        ring = _RING[id(fort.board)] = (min(c for c, _ in walls), max(c for c, _ in walls),
                                        min(r for _, r in walls), max(r for _, r in walls))
    return ring


def outward_facings(ctx: Ctx, key: str) -> set[int]:
    """Facings toward the desert from a wall or tower square: within 45 degrees of
    the outward direction of the nearest outer wall (two walls at a corner)."""
    fort = ctx.fort
    c0, c1, r0, r1 = _ring(fort)
    cols, rows = (c0, c1), (r0, r1)
    c, r = fort.coords(key)
    dist = {"N": r - min(rows), "S": max(rows) - r, "W": c - min(cols), "E": max(cols) - c}
    near = min(dist.values())
    out: set[int] = set()
    for side, d in dist.items():
        if d == near:
            f = OUTWARD[side]
            out |= {(f - 1) % 8, f, (f + 1) % 8}
    return out


_NEAR: dict[tuple[int, str], frozenset[str]] = {}


def next_to(ctx: Ctx, key: str, building: str) -> bool:
    """A square sharing a side or a corner with the building, not in it."""
    fort = ctx.fort
    near = _NEAR.get((id(fort.board), building))
    if near is None:
        inside = fort.buildings.get(building, ())
        cells = {fort.coords(k) for k in inside}
        near = _NEAR[(id(fort.board), building)] = frozenset(
            k for k in fort.squares() if fort.building(k) != building
            and any(max(abs(c - fort.coords(k)[0]), abs(r - fort.coords(k)[1])) == 1
                    for c, r in cells))
    return key in near


def members(ctx: Ctx, org: str) -> list[str]:
    """The characters of an organization by their printed type (cached per context;
    the set-up limits read it many times)."""
    cache = ctx.__dict__.setdefault("_limit_members", {})
    if org not in cache:
        cache[org] = [p.id for p in ctx.characters(org=org)]
    return cache[org]


def spot_ok(ctx: Ctx, limit: dict, key: str, level: int, facing) -> bool:
    fort = ctx.fort
    if "building" in limit:
        if fort.building(key) not in _list(limit["building"]) or level != 0:
            return False
    if "area" in limit and fort.area(key) not in _list(limit["area"]):
        return False
    if "levels" in limit and level not in limit["levels"]:
        return False
    if "terrain" in limit and fort.terrain(key) not in _list(limit["terrain"]):
        return False
    if limit.get("facing") == "outward" and facing not in outward_facings(ctx, key):
        return False
    if "adjacent_to" in limit and "count" not in limit \
            and not next_to(ctx, key, limit["adjacent_to"]):
        return False
    if limit.get("outside_adjacent_to") == "gate":
        if not fort.is_sand(key):
            return False
        c, r = fort.coords(key)
        gates = [fort.coords(k) for k in fort.squares() if fort.is_gate(k)]
        if not any(max(abs(gc - c), abs(gr - r)) == 1 for gc, gr in gates):
            return False
    return True


# -- who is where -------------------------------------------------------------------------------


def spots(ctx: Ctx, side: str, extra=None) -> dict[str, tuple[str, int, int]]:
    """pid -> (square, level, facing) of the side's characters set up, with
    ``extra`` (pid, square, level, facing) as if placed."""
    out = {p.id: (p.space, p.level, p.facing) for p in ctx.characters(side) if p.on_board}
    if extra is not None:
        pid, key, level, facing = extra
        out[pid] = (key, level, facing)
    return out


def _rank(ctx: Ctx, pid: str) -> str:
    from ..roster import BY_ID

    ch = BY_ID.get(ctx.state.pieces[pid].type)
    return ch.rank if ch else ""


def _role_holds(ctx: Ctx, role: dict, squad: str, placed, final: bool) -> bool:
    units = members(ctx, squad)
    here = [pid for pid in units if pid in placed]
    if not all(spot_ok(ctx, role, *placed[pid]) for pid in here):
        return False
    unmet = []
    for building in _list(role.get("at_least_one_in")):
        if not any(ctx.fort.building(placed[pid][0]) == building and placed[pid][1] == 0
                   for pid in here):
            unmet.append(None)
    sentry = role.get("sentry")
    if sentry and not any(_rank(ctx, pid) == sentry.get("rank")
                          and next_to(ctx, placed[pid][0], sentry["adjacent_to"])
                          for pid in here):
        unmet.append(sentry.get("rank"))
    if final:
        return not unmet
    left = [pid for pid in units if pid not in placed
            and ctx.state.pieces[pid].status in ("off", "unused")]
    if len(unmet) > len(left):
        return False
    return all(r is None or any(_rank(ctx, pid) == r for pid in left) for r in unmet)


def role_matrix(ctx: Ctx, side: str, placed, final: bool = False, only: str | None = None,
                base: dict | None = None) -> dict:
    """(role index, squad) -> whether that squad can still take that role; with
    ``only`` and ``base`` just that squad's row is worked out again."""
    roles = [lim for lim in limits(ctx, side) if lim.get("squad_role")]
    out = dict(base or {})
    for squad in SQUADS:
        if only is not None and squad != only and base is not None:
            continue
        for i, role in enumerate(roles):
            out[(i, squad)] = _role_holds(ctx, role, squad, placed, final)
    return out


def matrix_ok(ctx: Ctx, side: str, matrix: dict) -> bool:
    roles = [lim for lim in limits(ctx, side) if lim.get("squad_role")]
    squads = [s for s in SQUADS if members(ctx, s)]
    return any(all(matrix[(i, squad)] for i, squad in zip(order, squads, strict=True))
               for order in permutations(range(len(roles)), len(squads)))


def squads_ok(ctx: Ctx, side: str, placed, final: bool = False, matrix=None) -> Verdict:
    """Some assignment of the squad roles to the squads holds (19.112-19.114,
    20.112-20.114)."""
    roles = [lim for lim in limits(ctx, side) if lim.get("squad_role")]
    if not roles:
        return Verdict.yes()
    if matrix_ok(ctx, side, matrix if matrix is not None
                 else role_matrix(ctx, side, placed, final)):
        return Verdict.yes()
    rules = ", ".join(r["rule"] for r in roles)
    words = "; ".join(r.get("text", "") for r in roles)
    return Verdict.no(f"the squads set up one each as {rules} say: {words}", roles[0]["rule"])


def named_ok(ctx: Ctx, side: str, pid: str, key: str, level: int, facing) -> Verdict:
    """The limits naming this unit or its organization (19.111, 20.111, 20.121,
    20.124; 20.122/20.123 with ``count``)."""
    org = ctx.org(pid)
    counting = {x.get("org") for x in limits(ctx, side) if x.get("count")}
    for lim in limits(ctx, side):
        if lim.get("squad_role") or lim.get("count") or (
                lim.get("org") in counting and pid not in _list(lim.get("pieces"))):
            continue
        if pid in _list(lim.get("pieces")) or lim.get("org") == org:
            if not spot_ok(ctx, lim, key, level, facing):
                return Verdict.no(lim.get("text", "not allowed there"), lim["rule"])
    counted = [lim for lim in limits(ctx, side) if lim.get("count") and lim.get("org") == org]
    for lim in counted:
        rest = [x for x in limits(ctx, side) if x.get("org") == org and not x.get("count")]
        placed = spots(ctx, side, (pid, key, level, facing))
        mine = [p for p in placed if ctx.org(p) == org]
        near = [p for p in mine if next_to(ctx, placed[p][0], lim["adjacent_to"])]
        # units on a spot only the count allows (next to the building, not on a spot of
        # the other limit): no more than the count
        only = [p for p in near if not any(spot_ok(ctx, x, *placed[p]) for x in rest)]
        here_ok = next_to(ctx, key, lim["adjacent_to"]) or any(
            spot_ok(ctx, x, key, level, facing) for x in rest)
        left = [p.id for p in ctx.characters(org=org) if p.id != pid and p.status == "off"]
        if not here_ok and rest:
            return Verdict.no(f"{rest[0].get('text', '')} {lim.get('text', '')}",
                              rest[0]["rule"])
        if not here_ok or len(only) > int(lim["count"]) or (len(near) < int(lim["count"])
                                                             and not left):
            return Verdict.no(f"{lim.get('text', '')} {rest[0].get('text', '') if rest else ''}"
                              .strip(), lim["rule"])
    return Verdict.yes()


def counted_final(ctx: Ctx, side: str) -> Verdict:
    """20.122 the count of units next to the building is reached."""
    placed = spots(ctx, side)
    for lim in limits(ctx, side):
        if lim.get("count") and lim.get("org"):
            near = [p for p in placed if ctx.org(p) == lim["org"]
                    and next_to(ctx, placed[p][0], lim["adjacent_to"])]
            if len(near) < int(lim["count"]):
                return Verdict.no(lim.get("text", ""), lim["rule"])
    return Verdict.yes()


def place_ok(ctx: Ctx, side: str, pid: str, key: str, level: int, facing,
             base: dict | None = None) -> Verdict:
    """A placement within every limit of ``side``'s set-up; ``base`` the role
    matrix of the units already placed (self-play lists many placements)."""
    verdict = named_ok(ctx, side, pid, key, level, facing)
    if not verdict:
        return verdict
    org = ctx.org(pid)
    if org in SQUADS:
        placed = spots(ctx, side, (pid, key, level, facing))
        matrix = role_matrix(ctx, side, placed, only=org if base is not None else None,
                             base=base)
        return squads_ok(ctx, side, placed, matrix=matrix)
    return Verdict.yes()


def squad_spots(ctx: Ctx, side: str, pid: str, candidates) -> list[tuple[str, int, int]]:
    """The candidate spots ``(square, level, facing)`` where squad unit ``pid`` may
    set up: the role matrix of the units placed is worked out once and only the
    unit's own squad row again for each spot (self-play's list)."""
    roles = [lim for lim in limits(ctx, side) if lim.get("squad_role")]
    squad = ctx.org(pid)
    placed = spots(ctx, side)
    base = role_matrix(ctx, side, placed)
    open_roles = [i for i, _ in enumerate(roles) if base[(i, squad)]]
    out = []
    for key, level, facing in candidates:
        fits = [i for i in open_roles if spot_ok(ctx, roles[i], key, level, facing)]
        if not fits:
            continue
        placed[pid] = (key, level, facing)
        matrix = dict(base)
        for i, _ in enumerate(roles):
            matrix[(i, squad)] = i in fits and _role_holds(ctx, roles[i], squad, placed,
                                                            False)
        del placed[pid]
        if matrix_ok(ctx, side, matrix):
            out.append((key, level, facing))
    return out


def facing_for(ctx: Ctx, side: str, pid: str, key: str, n: int) -> int:
    """A facing to try at ``key`` in self-play: outward where a limit asks it."""
    wants = any(lim.get("facing") == "outward" for lim in limits(ctx, side))
    if wants and ctx.fort.area(key) in ("wall", "tower"):
        return min(outward_facings(ctx, key))
    return n % 8
