"""Explanation of Events: what each box and second event tile of the clock does.

Each ``box`` / ``tile`` function carries out one event (rule ids ``Event N`` and
``2nd Event tile N``).  The lists of elements armies bring are ours (the clock
is not printed): ``module.attrs["tables"]["armies"]``.  Questions (which
elements plague takes, where reinforcements go, a revolt's losses, where the
Mamluks go when they change sides) are tasks of :mod:`.choices`.
"""

from __future__ import annotations

from ...engine import Change
from . import tables as T
from .choices import ask_place, ask_plague, ask_relocate
from .clock import cover, escalate
from .control import holder, peace
from .flow import flag, set_flag
from .glory import place_commander
from .model import WITH, Ctx, elements, pieces_in
from .tasks import STEPS, GloryBatch, note, then


def box(batch: GloryBatch, ctx: Ctx, n: int, dice: int) -> None:
    rule = T.event_rule(n)
    fn = BOXES.get(n)
    if fn is None:
        note(batch, rule, f"{rule}: nothing happens")
        return
    fn(batch, ctx, rule, dice)
    if batch.state.vars.get("phase") != "over":
        cover(batch, n)


def tile(batch: GloryBatch, ctx: Ctx, n: int, dice: int) -> None:
    rule = T.tile_rule(n)
    esc = T.TILE_ESCALATE.get(n)
    if n == 11:
        _tile_11(batch, ctx, rule, dice)
        return
    if esc is not None and dice == esc:
        escalate(batch, ctx, rule, dice)
        return
    if n in T.TILE_UPRISING:
        _event_uprising(batch, ctx, rule, T.TILE_UPRISING[n])
        return
    if n in T.PLAGUE:
        nation, k = T.PLAGUE[n]
        ask_plague(batch, ctx, rule, T.ALLIED, nation, k)


# -- the boxes -------------------------------------------------------------------------------------

def _e1(batch, ctx, rule, dice):
    if flag(batch.state, "real_intercepted") and not flag(batch.state, "hood_placed"):
        set_flag(batch, "hood_placed", True)
        note(batch, rule, f"{rule}: Hood takes over the Eastern Mediterranean and Villeneuve "
             "escapes to Toulon")
        _commander(batch, ctx, "hood", "aboukir-bay", rule)
        _commander(batch, ctx, "villeneuve", "toulon", rule)
        return
    escalate(batch, ctx, rule, dice)


def _e2(batch, ctx, rule, dice):
    spaces = [s for s in _map_spaces(ctx) if any(
        p.type == "ma-cav" and p.side == T.ALLIED for p in elements(ctx, batch.state, s))
        and not _french_in(ctx, batch.state, s)]
    ask_place(batch, ctx, rule, T.ALLIED, "ma-inf",
              ctx.number("mamluk_reinforcements", T.MAMLUK_REINFORCEMENTS), spaces,
              "peasants rounded up: in spaces with Mamluk cavalry and no French")


def _e3(batch, ctx, rule, dice):
    ask_place(batch, ctx, rule, T.FRENCH, "fr-cav", ctx.number("french_mounts", T.FRENCH_MOUNTS),
              _french_spaces(ctx, batch.state),
              "horses found for them: in spaces with French elements")


def _e4(batch, ctx, rule, dice):
    if holder(ctx, batch.state, "cairo") != "french":
        note(batch, rule, f"{rule}: the French do not hold Cairo: no revolt")
        return
    from .choices import revolt

    revolt(batch, ctx, rule)


def _army(n: int):
    def event(batch, ctx, rule, dice):
        space, cmds, _ = T.ARMIES[n]
        forces = dict(ctx.table("armies", {}).get(str(n), T.ARMIES[n][2]))
        note(batch, rule, f"{rule}: {T.EVENT_TITLES[n]}")
        for cid in cmds:
            _commander(batch, ctx, cid, space, rule)
        _reinforce(batch, ctx, rule, space, forces, side=T.ALLIED)
        if n == 13:
            set_flag(batch, "abercromby_arrived", True)
        _fight_if_french(batch, ctx, rule, space, heliopolis=(n == 22))
    return event


def _e7(batch, ctx, rule, dice):
    if dice == 2:
        escalate(batch, ctx, rule, dice)
        return
    _reinforce(batch, ctx, rule, T.MALTA_SEA, {"co-sq": 1}, side=T.ALLIED)


def _e9(batch, ctx, rule, dice):
    ask_plague(batch, ctx, rule, T.FRENCH, "french-infantry", 1)


def _e10(batch, ctx, rule, dice):
    spaces = [s for s in T.NILE_UPPER if s in ctx.board and not _french_in(ctx, batch.state, s)]
    ask_place(batch, ctx, rule, T.ALLIED, "ma-inf", ctx.number("fanatics", T.FANATICS), spaces,
              "fanatics from Mecca: all in one space along the Nile in Upper Egypt "
              "with no French", all_at_once=True)


def _e11(batch, ctx, rule, dice):
    ask_place(batch, ctx, rule, T.FRENCH, "fr-art", 1, _french_spaces(ctx, batch.state),
              "horses found to draw the guns: in a space with French elements")


def _e14(batch, ctx, rule, dice):
    if dice == 4:
        note(batch, rule, f"{rule}: news of the Peace of Amiens: the fighting stops")
        peace(batch, ctx)
        return
    ask_place(batch, ctx, rule, T.FRENCH, "fr-inf", 1, _french_spaces(ctx, batch.state),
              "local recruits: in a space with French elements")


def _e15(batch, ctx, rule, dice):
    set_flag(batch, "return_allowed", True)
    note(batch, rule, f"{rule}: from now on the French may send Bonaparte home")


def _e18(batch, ctx, rule, dice):
    set_flag(batch, "ganteaume_allowed", True)
    note(batch, rule, f"{rule}: once Bonaparte is back in France, Ganteaume may sail with "
         "reinforcements")


def _e19(batch, ctx, rule, dice):
    from .glory import remove_commander
    from .model import exhausted

    state = batch.state
    cands = [p for p in state.pieces.values() if p.side == T.FRENCH
             and ctx.kind(p) == "commander" and not ctx.naval(p) and p.id != "bonaparte"
             and p.status in ("active", WITH) and not exhausted(p)]
    if not cands:
        note(batch, rule, f"{rule}: no French commander to assassinate")
        return
    victim = min(cands, key=lambda c: (ctx.seniority(c), c.id))
    # his juniors stay with the army: they now accompany his senior
    senior = victim.data.get(WITH)
    changes = []
    for p in state.pieces.values():
        if p.status == WITH and p.data.get(WITH) == victim.id:
            if victim.status == "active":
                changes += [Change.set(p.id, "data.with", None)]
            else:
                changes += [Change.set(p.id, "data.with", senior)]
    if changes:
        note(batch, rule, f"{rule}: his juniors stay with the army", changes)
        if victim.status == "active":
            from .glory import detach

            for p in list(state.pieces.values()):
                if p.status == WITH and not p.data.get(WITH):
                    detach(batch, ctx, p.id, victim.space, victim.level, rule=rule)
    remove_commander(batch, ctx, victim.id, rule, "is assassinated")


def _e20(batch, ctx, rule, dice):
    a = batch.state.pieces.get("abercromby")
    landed = a is not None and a.status == "active" and a.space and not ctx.is_sea(a.space)
    if landed:
        from .glory import detach, remove_commander

        h = batch.state.pieces.get("hutchinson")
        space, level = a.space, a.level
        moore = batch.state.pieces.get("moore")
        if moore is not None and moore.status == WITH and moore.data.get(WITH) == "abercromby" \
                and h is not None and h.status == WITH:
            note(batch, rule, f"{rule}: Moore now accompanies Hely-Hutchinson",
                 [Change.set("moore", "data.with", "hutchinson")])
        if h is not None and h.status == WITH and h.data.get(WITH) == "abercromby":
            detach(batch, ctx, "hutchinson", space, level, rule=rule)
        remove_commander(batch, ctx, "abercromby", rule, "dies of his wounds")
        return
    ask_plague(batch, ctx, rule, T.ALLIED, "ottoman", 4)


def _e23(batch, ctx, rule, dice):
    ask_plague(batch, ctx, rule, T.ALLIED, "allied-camp", 1)


def _e24(batch, ctx, rule, dice):
    state = batch.state
    mamluks = [p for p in state.pieces.values() if ctx.nation(p) == "mamluk"
               and p.status in ("active", "off", WITH)]
    if not mamluks:
        note(batch, rule, f"{rule}: no Mamluks remain")
        return
    now = T.other(mamluks[0].side)
    note(batch, rule, f"{rule}: the Mamluks change sides: they now follow the "
         f"{T.NATION_NAMES[now]} player", [Change.set(p.id, "side", now) for p in mamluks])
    set_flag(batch, "mamluks", now)
    ask_relocate(batch, ctx, rule, now)


BOXES = {1: _e1, 2: _e2, 3: _e3, 4: _e4, 5: _army(5), 6: _army(6), 7: _e7, 8: _army(8),
         9: _e9, 10: _e10, 11: _e11, 12: _army(12), 13: _army(13), 14: _e14, 15: _e15,
         16: _army(16), 17: _army(17), 18: _e18, 19: _e19, 20: _e20, 21: _army(21),
         22: _army(22), 23: _e23, 24: _e24}


def _tile_11(batch, ctx, rule, dice):
    """2nd Event tile 11: Bonaparte may go home; two Mamluk elements die of plague;
    with two dice, one more die and roll again."""
    set_flag(batch, "return_allowed", True)
    note(batch, rule, f"{rule}: from now on the French may send Bonaparte home")
    steps = []
    if dice == 2:
        steps.append(("escalate", {"rule": rule, "n": dice}))
    then(batch, *steps) if steps else None
    ask_plague(batch, ctx, rule, T.ALLIED, "mamluk", 2)


def _event_uprising(batch, ctx, rule, space):
    from .local import french_in_bua, uprising

    if holder(ctx, batch.state, space) != "french" or french_in_bua(ctx, batch.state, space) \
            is None:
        note(batch, rule, f"{rule}: the French do not hold {ctx.bua(space)['name']} with a "
             "commander there: no uprising")
        return
    uprising(batch, ctx, space, rule=T.UPRISING_EVENT)


# -- helpers ---------------------------------------------------------------------------------------

def _map_spaces(ctx: Ctx) -> list[str]:
    return [k for k, s in ctx.board.spaces.items() if s.kind == "land"]


def _french_in(ctx: Ctx, state, space: str) -> bool:
    return any(p.side == T.FRENCH and ctx.kind(p) in ("element", "commander")
               for p in pieces_in(state, space))


def _french_spaces(ctx: Ctx, state) -> list[str]:
    return sorted({p.space for p in state.pieces.values() if p.status == "active" and p.space
                   and p.side == T.FRENCH and ctx.kind(p) == "element"
                   and ctx.nation(p) == "french" and not ctx.is_sea(p.space)})


def _commander(batch: GloryBatch, ctx: Ctx, cid: str, space: str, rule: str) -> None:
    p = batch.state.pieces.get(cid)
    if p is None or p.status != "off":
        return
    place_commander(batch, ctx, cid, space, rule)


def _reinforce(batch: GloryBatch, ctx: Ctx, rule: str, space: str, forces: dict, side: str):
    from .model import describe

    state = batch.state
    changes, placed = [], {}
    for tid, n in forces.items():
        pool = sorted((p for p in state.pieces.values() if p.type == tid and p.status == "off"),
                      key=lambda p: p.id)[:int(n)]
        for p in pool:
            changes += [Change.set(p.id, "status", "active"), Change.set(p.id, "space", space),
                        Change.set(p.id, "level", 0)]
        if pool:
            placed[tid] = len(pool)
    if changes:
        note(batch, rule, f"{rule}: {describe(ctx, placed)} placed in {ctx.label(space)}",
             changes, side=side)


def _fight_if_french(batch: GloryBatch, ctx: Ctx, rule: str, space: str, heliopolis: bool):
    """French elements in the open where an army appears are fought at once."""
    state = batch.state
    if ctx.is_sea(space) or not _french_in(ctx, state, space):
        return
    from .combat import begin_field

    if heliopolis:
        inside = [p for p in pieces_in(state, space, T.FRENCH) if p.level == 1]
        if inside:
            note(batch, rule, f"{rule}: the French in {ctx.label(space)} must fight in the "
                 "open (not a siege)", [Change.set(p.id, "level", 0) for p in inside])
        begin_field(batch, ctx, space, T.ALLIED, origin=None, rule=rule, retire=False)
        return
    if elements(ctx, state, space, T.FRENCH, 0):
        begin_field(batch, ctx, space, T.ALLIED, origin=None, rule=rule, retire=True)


STEPS["escalate"] = lambda batch, ctx, rule, n: escalate(batch, ctx, rule, n)
