"""The containers (6.1), activating Zones (4.1.3) and 'Suspect' markers (5.3).

Every draw is blind: a die with as many faces as counters in the container
picks one (the container is kept in a fixed order), so its value is in the log.
"""

from __future__ import annotations

from ....engine import Change, Piece
from .. import mapdata as M
from .. import tables as T
from .context import Turn


def draw(t: Turn, pool: str, rule: str, purpose: str) -> Piece | None:
    """A counter drawn at random from a container, or None if it is empty."""
    return t.pick(rule, purpose, t.ctx.pool(pool))


def to_pool(pid: str, pool: str) -> list[Change]:
    """The changes that put a counter back in its container (off the map)."""
    return [Change.set(pid, "space", None), Change.set(pid, "status", "off"),
            Change.set(pid, "data.pool", pool), Change.set(pid, "data.face", None)]


def from_pool(pid: str, space: str, **data) -> list[Change]:
    out = [Change.set(pid, "space", space), Change.set(pid, "status", "active"),
           Change.set(pid, "data.pool", None)]
    out += [Change.set(pid, f"data.{k}", v) for k, v in data.items()]
    return out


# -- 5.3.2 where a 'Suspect' marker goes -------------------------------------------------


def priority_location(t: Turn, n: int, priority: list[str]) -> str | None:
    """5.3.2.2: the first free Location of Zone ``n`` in a marker's printed order:
    each type in turn, and within a type unprimed, then ', then " (5.3.2.3)."""
    ctx = t.ctx
    locs = ctx.map.locations.get(n, [])
    for kind in priority:
        for loc in locs:          # already in the book's order: 1, 1', 1"
            if ctx.map.kind[loc] == kind and ctx.free_for_enemy(loc):
                return loc
    for loc in locs:              # a type the marker does not print (an edited map)
        if ctx.free_for_enemy(loc):
            return loc
    return None


def place_suspect(t: Turn, n: int, rule: str = T.PLACE_SUSPECT) -> str | None:
    """Draw a 'Suspect' marker and place it in Zone ``n`` (5.3.2): returns its id,
    or None (no free Location: it goes back, 5.3.2.3; or the container is empty)."""
    marker = draw(t, "suspects", T.DRAW_SUSPECTS, f"draw a 'Suspect' marker for Zone {n}")
    if marker is None:
        t.add("suspect", T.DRAW_SUSPECTS, f"the 'Suspect' container is empty: none placed "
                                          f"in Zone {n}")
        return None
    prio = list(t.types[marker.type].get("priority", ()))
    loc = priority_location(t, n, prio)
    if loc is None:
        t.add("suspect", T.PLACE_FREE, f"no free Location in Zone {n}: the 'Suspect' marker "
                                       f"goes back in its container", zone=n)
        return None
    order = " ".join(M.LABELS.get(k, k) for k in prio)
    t.add("suspect", T.PLACE_PRIORITY, f"a 'Suspect' marker (its Locations in order: {order}) "
                                       f"is placed in "
                                       f"{t.map.label(loc)}", from_pool(marker.id, loc),
          zone=n, piece=marker.id, to=loc, why=rule)
    return marker.id


def retreat_location(t: Turn, n: int) -> str | None:
    """13.6.2.1: a Location for a retreating unit, by drawing a 'Suspect' marker and
    reading its order (the marker goes straight back)."""
    marker = draw(t, "suspects", T.EGRESS_PRIORITY, f"draw a 'Suspect' marker to place the "
                                                    f"retreating unit in Zone {n}")
    prio = (list(t.types[marker.type].get("priority", ())) if marker is not None
            else list(T.SUSPECT_PRIORITIES[0]))
    return priority_location(t, n, prio)


# -- 4.1.3 activating a Zone --------------------------------------------------------------


def activate_zone(t: Turn, n: int, rule: str = T.ACTIVATE_ZONE, start: bool = False) -> bool:
    """Activate Zone ``n`` once in the game (4.1.3): its nature (a start Zone is
    Normal, the mosque Fortified, any other drawn from the container, 6.1.2), then
    two 'Suspect' markers (three in the mosque, 5.3.2).  False if it already was."""
    ctx = t.ctx
    if n == M.NO_ENTRY or ctx.activated(n):
        return False
    if start:
        nature, how = "start", "an 'Activated Start Zone' marker"
    elif ctx.map.board[M.zone_key(n)].get("fortified"):
        nature, how = "fortified", "Fortified by default (4.1.5)"
    else:
        pool = dict(ctx.var("act_pool", {"normal": 0, "strong": 0}))
        total = pool["normal"] + pool["strong"]
        if total <= 0:
            nature, how = "normal", "the container is empty: Normal"
        else:
            order = ["strong"] * pool["strong"] + ["normal"] * pool["normal"]
            strong = t.pick(T.DRAW_ACTIVATION, f"draw the activation marker of Zone {n}",
                            order) == "strong"
            nature = "fortified" if strong else "normal"
            how = "an 'Activated Strong Point' marker" if strong else "an 'Activated Zone' marker"
            pool["strong" if strong else "normal"] -= 1
            t.add("draw", T.DRAW_ACTIVATION, f"{how} drawn for Zone {n}",
                  [Change.var("act_pool", pool)], zone=n)
    t.zone_update(n, rule, f"Zone {n} is Activated: {how}", "activate", act=nature)
    for _ in range(3 if n == M.MOSQUE else 2):
        place_suspect(t, n)
    return True


# -- 5.3.3 / 5.3.4 activating a 'Suspect' marker ------------------------------------------


def activate_suspect(t: Turn, pid: str, context: str) -> tuple[str, str | None]:
    """Roll for a 'Suspect' marker (5.3.3 in a Normal Zone, 5.3.4 in a Fortified one).

    ``context``: ``fire`` (IED/Sniper result: a Sniper Attack follows, 11.4.1),
    ``assault`` / ``defensive`` (an IED Attack follows, 13.5), ``setup`` (a 0 reads
    Dummy, 6.2) or ``dragon`` (the marker stays on IED/Sniper, 9.3).

    Returns (result, id of the 'Insurgents' unit placed or None).  The marker
    goes back in its container (5.3.5) except for a Dragon Eye IED/Sniper result.
    """
    ctx = t.ctx
    marker = ctx.piece(pid)
    loc = marker.space
    n = ctx.map.zone_of[loc]
    fortified = ctx.fortified(n)
    rule = T.SUSPECT_FORTIFIED if fortified else T.SUSPECT_NORMAL
    roll = t.d10(rule, f"activate the 'Suspect' marker in {t.map.label(loc)}")
    result = T.lookup(T.SUSPECT_FORTIFIED_TABLE if fortified else T.SUSPECT_NORMAL_TABLE, roll)
    if context == "setup" and result == T.IED_SNIPER:
        result = T.DUMMY
        t.add("suspect", T.START_ZONES, f"a 0 (IED/Sniper) while setting up counts as a Dummy in "
                                         f"{t.map.label(loc)}", zone=n)
    if context == "dragon" and result == T.IED_SNIPER:
        t.add("suspect", T.MISSIONS, f"IED/Sniper: the 'Suspect' marker in "
                                     f"{t.map.label(loc)} stays (not Activated)", zone=n)
        return result, None
    placed = None
    if result in (T.GUERILLAS, T.MARTYRS):
        unit = draw(t, "insurgents", T.DRAW_INSURGENTS, "draw an 'Insurgents' unit")
        t.add("suspect", T.SUSPECT_WITHDRAWN, f"the 'Suspect' marker in {t.map.label(loc)} "
                                              f"goes back in its container", to_pool(pid, "suspects"),
              zone=n)
        if unit is None:
            t.add("suspect", T.DRAW_INSURGENTS, "the 'Insurgents' container is empty: a "
                                                "false alert after all", zone=n)
            return T.DUMMY, None
        placed = unit.id
        word = "Guerillas" if result == T.GUERILLAS else "Martyrs"
        cf = int(t.types[unit.type].get(result))
        t.add("reveal", rule, f"{word} {cf} revealed in {t.map.label(loc)}",
              from_pool(unit.id, loc, face=result), zone=n, piece=unit.id, face=result)
        return result, placed
    what = "a Dummy (false alert)" if result == T.DUMMY else "IED/Sniper"
    t.add("reveal", rule, f"the 'Suspect' marker in {t.map.label(loc)} is {what}; it goes "
                          f"back in its container ({T.SUSPECT_WITHDRAWN})",
          to_pool(pid, "suspects"), zone=n, result=result)
    return result, None


# -- 'select a corresponding counter from the draw pool' ------------------------------


def replace_counter(t: Turn, pid: str, cf: int, rule: str, why: str) -> str:
    """An 'Insurgents' unit takes a counter of the same type with CF ``cf`` from the
    container; its own counter goes back.  The program chooses among suitable
    counters by the opponent's priority (logged).  Returns the unit's id now (the
    old one if no suitable counter is left: it keeps its counter)."""
    ctx = t.ctx
    unit = ctx.piece(pid)
    face = ctx.face(unit)
    candidates = [p for p in ctx.pool("insurgents") if int(t.types[p.type].get(face)) == cf]
    if not candidates:
        t.add("insurgents", rule, f"{why}: no {face} counter of CF {cf} is left in the "
                                  f"container; the unit keeps its counter", piece=pid)
        return pid
    chosen, reason = ctx.opponent.replacement_counter(ctx, candidates, face)
    loc = unit.space
    changes = to_pool(pid, "insurgents") + from_pool(chosen.id, loc, face=face)
    t.add("insurgents", rule, f"{why}: the {face} unit in {t.map.label(loc)} becomes CF {cf} "
                              f"({reason})", changes, piece=chosen.id, old=pid)
    return chosen.id
