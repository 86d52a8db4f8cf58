"""10 The USMC Reinforcements Phase.

``reinforce`` (piece, to): a Company squad (from turn 2, 10.1), a Battalion
squad (from turn 9, 7 in the variant; -2 VP each except in the variant, 10.3)
or an IIF squad (from the turn after a Zone Neighbouring Zone 26 came under
USMC Control, all three the same turn, 10.4) enters a black-circle Zone under
USMC Control (``to`` its number) in the Location with the entry symbol; the
M1A1 (from turn 2, 10.2) a Street Section on the north edge Adjacent to a Zone
under USMC Control (``to`` the street's key).
"""

from __future__ import annotations

from ....engine import Action, Change, Piece, Verdict
from .. import tables as T
from .context import Ctx, Turn

BOXES = {"BOX-company": T.COMPANY, "BOX-battalion": T.BATTALION, "BOX-armour": T.ARMOURED,
         "BOX-iif": T.IRAQI}


def waiting(ctx: Ctx) -> list[Piece]:
    """Counters in the reinforcement boxes."""
    return sorted((p for box in BOXES for p in ctx.here(box)), key=lambda p: p.id)


def available_from(ctx: Ctx, p: Piece) -> tuple[int | None, str]:
    """The first turn ``p`` may enter, and the rule (None: not yet known)."""
    box = p.space
    if box == "BOX-company":
        return int(ctx.table("company_from")), T.COMPANY
    if box == "BOX-battalion":
        return int(ctx.var("battalion_from", T.BATTALION_FROM)), T.BATTALION
    if box == "BOX-armour":
        return int(ctx.table("armour_from")), T.ARMOURED
    frm = ctx.var("iif_from")
    return (int(frm) if frm else None), T.IRAQI


def entry_zones(ctx: Ctx) -> list[int]:
    """10.1: black-circle Zones under USMC Control whose entry Location holds no squad."""
    return [n for n in sorted(ctx.map.entry) if ctx.map.circle.get(n) == "black"
            and ctx.usmc_control(n) and not ctx.squads_at(ctx.map.entry[n])]


def armour_streets(ctx: Ctx) -> list[str]:
    """10.2: north-edge Street Sections Adjacent to a Zone under USMC Control, no M1A1."""
    return sorted(s for s in ctx.map.north_streets
                  if any(ctx.usmc_control(z) for z in ctx.map.street_zones[s])
                  and ctx.abrams_at(s) is None)


def legal(ctx: Ctx, action: Action) -> Verdict:
    if ctx.phase != "reinforcement":
        return Verdict.no("reinforcements enter in the USMC Reinforcements Phase", T.COMPANY)
    p = ctx.state.pieces.get(action.get("piece"))
    if p is None or p.space not in BOXES or p.status != "active":
        return Verdict.no("that counter is not waiting to enter", T.COMPANY)
    first, rule = available_from(ctx, p)
    if first is None:
        return Verdict.no("the IIF enter the turn after a Zone Neighbouring Zone 26 comes "
                          "under USMC Control", T.IRAQI)
    if ctx.turn < first:
        return Verdict.no(f"from turn {first}", rule)
    if p.space == "BOX-iif" and ctx.var("iif_turn") not in (None, ctx.turn):
        return Verdict.no("the three IIF squads enter on the same turn", T.IRAQI)
    to = action.get("to")
    if p.space == "BOX-armour":
        if to not in armour_streets(ctx):
            return Verdict.no("a Street Section on the north edge, Adjacent to a Zone under "
                              "USMC Control, with no M1A1", T.ARMOURED)
        return Verdict.yes()
    if to not in entry_zones(ctx):
        return Verdict.no("a black-circle Zone under USMC Control with its entry Location "
                          "free", rule)
    return Verdict.yes()


def actions(ctx: Ctx) -> list[Action]:
    out = []
    for p in waiting(ctx):
        dests = armour_streets(ctx) if p.space == "BOX-armour" else entry_zones(ctx)
        for to in dests:
            a = Action.make("reinforce", "usmc", piece=p.id, to=to)
            if legal(ctx, a):
                out.append(a)
    return out


def resolve(t: Turn, action: Action) -> None:
    ctx = t.ctx
    p = ctx.piece(action["piece"])
    box = p.space
    _, rule = available_from(ctx, p)
    if box == "BOX-armour":
        t.add("reinforce", rule, f"{ctx.name(p.id)} enters street {action['to']}",
              [Change.set(p.id, "space", action["to"])], piece=p.id, to=action["to"])
        return
    loc = ctx.map.entry[int(action["to"])]
    changes = [Change.set(p.id, "space", loc)]
    if box == "BOX-iif" and ctx.var("iif_turn") is None:
        changes.append(Change.var("iif_turn", ctx.turn))
    t.add("reinforce", rule, f"{ctx.name(p.id)} enters {t.map.label(loc)}", changes,
          piece=p.id, to=loc)
    if box == "BOX-battalion" and not ctx.var("variant"):
        t.vp(T.VP_TABLE["battalion_squad"], T.VICTORY_POINTS,
             f"Battalion squad {p.type} committed")


def anything_can_enter(ctx: Ctx) -> bool:
    return bool(actions(ctx))


def iif_pending(ctx: Ctx) -> bool:
    """10.4: some IIF entered this turn, others wait and could still enter."""
    if ctx.var("iif_turn") != ctx.turn:
        return False
    return any(p.space == "BOX-iif" for p in waiting(ctx)) and bool(entry_zones(ctx))
