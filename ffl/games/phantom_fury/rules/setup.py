"""6 Set-up: the containers, the start Zones, the USMC order of battle.

The opening (logged as the game's first step, with every draw) prepares the
containers (6.1, the difficulty from the scenario's ``strong_points``),
Activates the nine start Zones and their 'Suspect' markers (6.2, a 0 reads
Dummy) and draws the squads: nine for the start Zones, three Company and three
Battalion Reinforcements (6.3).  Then the player places the nine drawn squads,
one per black-circle Zone in its entry Location (``place``), allocates the four
CAAT supports to them (``attach``) and starts turn 1 (``end-setup``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ....engine import Action, Change, GameState, Piece, Scenario, Verdict
from .. import tables as T
from .context import Ctx, Turn
from .draws import activate_suspect, activate_zone, draw, from_pool

SETUP_KINDS = ("place", "attach", "end-setup")


def initial_state(game: str, scenario: Scenario, options: Mapping[str, Any], seed: int,
                  attrs: Mapping[str, Any]) -> GameState:
    """The state before the opening: every counter where the scenario puts it."""
    from ....engine import Piece as P

    pieces = {}
    for pl in scenario.placements:
        pieces[pl.piece] = P(pl.piece, pl.type, pl.side, pl.space, pl.level, pl.facing,
                             pl.status, {}, dict(pl.data))
    variant = bool(options.get("variant", False))
    if variant:      # 15: a second M1A1 Abrams support joins the reinforcements
        for p in pieces.values():
            if p.data.get("variant"):
                p.space, p.status = "BOX-armour", "active"
    strong = max(1, min(4, int(options.get("strong_points", 2))))
    markers = int(T.table(attrs, "activated_zone_markers"))
    max_turn = int(T.table(attrs, "turns_variant" if variant else "turns"))
    turn_limit = int(options.get("turn_limit", 0) or 0)
    if turn_limit:
        max_turn = min(max_turn, turn_limit)
    vars_: dict[str, Any] = {
        "turn": 0, "phase": "setup", "zones": {}, "vp": 0,
        "act_pool": {"normal": markers - strong, "strong": strong},
        "missions": {k: 0 for k in T.MISSION_TABLE}, "strong_points": strong,
        "variant": variant, "max_turn": max_turn,
        "battalion_from": int(T.table(attrs, "battalion_from_variant" if variant
                                      else "battalion_from")),
        "opponent": str(options.get("opponent", "book")),
    }
    return GameState(game, scenario.id, seed, pieces, vars_)


def opening(t: Turn) -> None:
    """6.1-6.3 before the player's first decision (see the module docstring)."""
    ctx = t.ctx
    pool = ctx.var("act_pool")
    t.add("setup", T.DRAW_ACTIVATION,
          f"the Zone activation container holds {pool['normal']} 'Activated Zone' and "
          f"{pool['strong']} 'Activated Strong Point' markers (difficulty)")
    for n in sorted(t.map.zones):
        if t.map.circle.get(n) == "black":
            activate_zone(t, n, T.START_ZONES, start=True)
    for n in sorted(t.map.zones):
        if t.map.circle.get(n) == "black":
            for p in t.ctx.enemies(n):
                if t.ctx.kind(p) == "suspect":
                    activate_suspect(t, p.id, "setup")
    for box, count, group in (("BOX-start", T.START_SQUADS, "start"),
                              ("BOX-company", T.COMPANY_SQUADS, "company"),
                              ("BOX-battalion", T.BATTALION_SQUADS, "battalion")):
        for _ in range(count):
            squad = draw(t, "usmc", T.ORDER_OF_BATTLE, f"draw a USMC squad ({group})")
            if squad is None:
                break
            t.add("setup", T.ORDER_OF_BATTLE, f"{t.ctx.name(squad.id)} drawn {DRAWN_FOR[group]}",
                  from_pool(squad.id, box, group=group), piece=squad.id)


#: 6.3: what a drawn squad is for, as its log line says it
DRAWN_FOR = {"start": "for a start Zone", "company": "for the Company Reinforcements",
             "battalion": "for the Battalion Reinforcements"}


def start_zones(ctx: Ctx) -> list[int]:
    return sorted(n for n in ctx.map.zones if ctx.map.circle.get(n) == "black"
                  and n in ctx.map.entry)


def to_place(ctx: Ctx) -> list[Piece]:
    return sorted(ctx.here("BOX-start", "squad"), key=lambda p: p.id)


def placed(ctx: Ctx) -> list[Piece]:
    return sorted((p for p in ctx.squads() if p.data.get("group") == "start"),
                  key=lambda p: p.id)


def caats_left(ctx: Ctx) -> list[Piece]:
    return sorted(ctx.here("BOX-caat", "caat"), key=lambda p: p.id)


def free_start_zones(ctx: Ctx) -> list[int]:
    return [n for n in start_zones(ctx) if not ctx.squads_at(ctx.map.entry[n])
            and not ctx.zone_squads(n)]


def legal(ctx: Ctx, action: Action) -> Verdict:
    if ctx.phase != "setup":
        return Verdict.no("the set-up is over", T.ORDER_OF_BATTLE)
    kind = action.kind
    if kind == "place":
        pid, zone = action.get("piece"), action.get("zone")
        if pid not in {p.id for p in to_place(ctx)}:
            return Verdict.no("only the nine squads drawn for the start Zones are placed now",
                              T.ORDER_OF_BATTLE)
        if zone not in start_zones(ctx):
            return Verdict.no("a start squad goes into a Zone with a black circle",
                              T.ORDER_OF_BATTLE)
        if zone not in free_start_zones(ctx):
            return Verdict.no("one squad per black-circle Zone", T.ORDER_OF_BATTLE)
        return Verdict.yes()
    if kind == "attach":
        cid, pid = action.get("caat"), action.get("piece")
        if cid not in {p.id for p in caats_left(ctx)}:
            return Verdict.no("that CAAT support is already allocated", T.CAAT_ALLOCATION)
        squad = ctx.state.pieces.get(pid)
        if squad is None or squad not in placed(ctx):
            return Verdict.no("CAAT supports go to the squads in the start Zones",
                              T.CAAT_ALLOCATION)
        if ctx.caat_of(squad) is not None:
            return Verdict.no("one CAAT support per squad", T.CAAT_ALLOCATION)
        return Verdict.yes()
    if kind == "end-setup":
        if to_place(ctx):
            return Verdict.no("place the nine start squads first", T.ORDER_OF_BATTLE)
        if caats_left(ctx):
            return Verdict.no("allocate the four CAAT supports first", T.CAAT_ALLOCATION)
        return Verdict.yes()
    return Verdict.no(f"no {kind!r} during the set-up", T.ORDER_OF_BATTLE)


def actions(ctx: Ctx) -> list[Action]:
    out: list[Action] = []
    waiting = to_place(ctx)
    if waiting:
        for n in free_start_zones(ctx):
            out.append(Action.make("place", "usmc", piece=waiting[0].id, zone=n))
    caats = caats_left(ctx)
    if caats:
        for squad in placed(ctx):
            if ctx.caat_of(squad) is None:
                out.append(Action.make("attach", "usmc", caat=caats[0].id, piece=squad.id))
    if not waiting and not caats:
        out.append(Action.make("end-setup", "usmc"))
    return out


def resolve(t: Turn, action: Action) -> None:
    ctx = t.ctx
    if action.kind == "place":
        n = int(action["zone"])
        loc = ctx.map.entry[n]
        t.add("place", T.ORDER_OF_BATTLE, f"{ctx.name(action['piece'])} placed in "
                                          f"{t.map.label(loc)} (entry symbol)",
              [Change.set(action["piece"], "space", loc)], piece=action["piece"], to=loc)
    elif action.kind == "attach":
        squad = ctx.piece(action["piece"])
        t.add("attach", T.CAAT_ALLOCATION, f"{action['caat']} attached to {squad.type} with "
                                           f"its 'Ammo' (4) and 'Explosives' markers",
              [Change.set(action["caat"], "space", squad.space),
               Change.set(action["caat"], "data.squad", squad.id),
               Change.set(squad.id, "data.caat", action["caat"])], piece=squad.id)
    elif action.kind == "end-setup":
        t.add("turn", T.SEQUENCE, "Turn 1 begins: Support Phase",
              [Change.var("turn", 1), Change.var("phase", "support")], turn=1)
