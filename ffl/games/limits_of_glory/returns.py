"""Bonaparte Returns on the frigate Muiron, and Ganteaume's reinforcements.

Return event rolled: after Event 15 (or tile 11) the French may, on their
initiative, send Bonaparte home from a French-held Alexandria, Rosetta or
Damietta.  Change in command: the declaration detaches every commander with
him; the next most senior commander takes over.  Interception attempts: the
Muiron is placed in the sea space next to his port and he must be activated to
board it; Allied squadrons where he boards, and in every sea space he enters,
may try to intercept him (the fleet interception of the invasion, Bonaparte's
glory requiring re-rolls).  Captured at sea: his glory falls to zero, -9 VP,
Ganteaume never sails.  Successful return: Toulon, Genoa or Civitavecchia
reached: +9 VP; then Event 18 lets Ganteaume bring reinforcements to a French
safe harbour.
"""

from __future__ import annotations

from ...engine import Action, Change, GameState, Verdict
from . import tables as T
from .control import add_vp, holder
from .flow import flag, set_flag
from .glory import BONAPARTE, detach, place_commander
from .mechanism import CONTINUE, start
from .model import Ctx, party, pieces_in, ranked, squadrons, total_glory
from .tasks import GloryBatch, note, pop, push


def return_check(ctx: Ctx, state: GameState, side: str, sea: str) -> Verdict:
    b = state.pieces.get(BONAPARTE)
    if side != T.FRENCH or state.vars.get("active") != T.FRENCH:
        return Verdict.no("the French declare it on their initiative", T.RETURN_COMMAND)
    if not flag(state, "return_allowed"):
        return Verdict.no("an event must first allow Bonaparte's return", T.RETURN_EVENT)
    if b is None or b.status != "active" or b.data.get("returning"):
        return Verdict.no("Bonaparte is not on the map to leave", T.RETURN_EVENT)
    if b.space not in T.RETURN_PORTS or holder(ctx, state, b.space) != "french":
        return Verdict.no("he leaves from a French-held Alexandria, Rosetta or Damietta",
                          T.RETURN_EVENT)
    if sea not in ctx.coastal.get(b.space, ()):
        return Verdict.no("the Muiron waits in a sea space next to his port",
                          T.RETURN_INTERCEPT)
    return Verdict.yes()


def return_options(ctx: Ctx, state: GameState) -> list[Action]:
    b = state.pieces.get(BONAPARTE)
    if b is None or not b.space or b.space not in ctx.board:
        return []
    return [Action.make("return", T.FRENCH, sea=s) for s in ctx.coastal.get(b.space, ())
            if return_check(ctx, state, T.FRENCH, s)]


def declare(batch: GloryBatch, ctx: Ctx, sea: str) -> None:
    from .flow import close_activation

    close_activation(batch)
    state = batch.state
    b = state.pieces[BONAPARTE]
    note(batch, T.RETURN_COMMAND, f"{T.RETURN_COMMAND}: the French declare that Bonaparte "
         f"returns to France; the frigate Muiron waits in {ctx.label(sea)}",
         [Change.set(BONAPARTE, "data.returning", True),
          Change.set("muiron", "status", "active"), Change.set("muiron", "space", sea)],
         side=T.FRENCH)
    for j in party(state, BONAPARTE):
        if batch.state.pieces[j.id].status == "with" and \
                batch.state.pieces[j.id].data.get("with") == BONAPARTE:
            detach(batch, ctx, j.id, b.space, b.level, rule=T.RETURN_COMMAND)


def after_move(batch: GloryBatch, ctx: Ctx, to: str) -> None:
    """After Bonaparte, returning, boards the Muiron or sails on."""
    state = batch.state
    b = state.pieces[BONAPARTE]
    if not b.data.get("returning") or not ctx.is_sea(to):
        return
    batch.quiet([Change.set("muiron", "space", to)])
    if ctx.harbour(to) == T.FRENCH:
        note(batch, T.RETURN_SUCCESS, f"{T.RETURN_SUCCESS}: Bonaparte lands in France",
             [Change.set(BONAPARTE, "status", "exited"), Change.set(BONAPARTE, "space", None),
              Change.set("muiron", "status", "off"), Change.set("muiron", "space", None)],
             side=T.FRENCH)
        set_flag(batch, "bonaparte_returned", True)
        add_vp(batch, T.FRENCH, ctx.number("return_vp", T.RETURN_VP), T.WIN_RETURN,
               "Bonaparte is back in France")
        return
    if [p for p in squadrons(ctx, state, to, T.ALLIED) if p.level == 0]:
        push(batch, {"kind": "muiron", "space": to})


class Muiron:
    """Task ``muiron``: Allied squadrons may try to intercept the frigate."""

    @staticmethod
    def auto(batch, ctx, task) -> bool:
        b = batch.state.pieces[BONAPARTE]
        if b.space != task["space"] or b.status != "active":
            pop(batch)
            return True
        return False

    @staticmethod
    def prompt(state, ctx, task):
        return (T.ALLIED, "intercept", f"The Muiron with Bonaparte is in "
                f"{ctx.label(task['space'])}: attempt to intercept it?", ("intercept",))

    @staticmethod
    def options(state, ctx, task):
        return [Action.make("intercept", T.ALLIED, go=True),
                Action.make("intercept", T.ALLIED, go=False)]

    @staticmethod
    def check(state, ctx, task, action) -> Verdict:
        if action.kind != "intercept" or action.side != T.ALLIED:
            return Verdict.no("the Allied player decides", T.RETURN_INTERCEPT)
        return Verdict.yes()

    @staticmethod
    def answer(batch, ctx, task, action) -> None:
        pop(batch)
        if not action.get("go"):
            return
        space = task["space"]
        state = batch.state
        navy = [c for c in squadrons(ctx, state, space, T.ALLIED)
                if ctx.kind(c) == "commander" and total_glory(c) > 0]
        cmd = ranked(ctx, state, navy, space)[0].id if navy else None
        b = state.pieces[BONAPARTE]
        start(batch, ctx, purpose="muiron", side=T.ALLIED, space=space, n=ctx.value(space),
              rule=T.RETURN_INTERCEPT, text="Intercepting the Muiron", cmd=cmd,
              opp=BONAPARTE if total_glory(b) > 0 else None)


def muiron_done(batch: GloryBatch, ctx: Ctx, task: dict, passed: bool) -> None:
    from .control import bonaparte_lost

    if not passed:
        note(batch, T.RETURN_INTERCEPT, f"{T.RETURN_INTERCEPT}: the Muiron slips away",
             side=T.FRENCH)
        return
    note(batch, T.RETURN_CAPTURED, f"{T.RETURN_CAPTURED}: the Muiron is taken and Bonaparte "
         "is a prisoner", [Change.set(BONAPARTE, "data.glory", 0),
                           Change.set(BONAPARTE, "data.auto6", 0),
                           Change.set(BONAPARTE, "status", "eliminated"),
                           Change.set(BONAPARTE, "space", None),
                           Change.set("muiron", "status", "eliminated"),
                           Change.set("muiron", "space", None)], side=T.ALLIED)
    set_flag(batch, "bonaparte_captured", True)
    bonaparte_lost(batch, ctx, T.RETURN_CAPTURED, "captured")


CONTINUE["muiron"] = muiron_done


# -- Ganteaume ----------------------------------------------------------------------------------

def ganteaume_check(ctx: Ctx, state: GameState, side: str, harbour: str) -> Verdict:
    g = state.pieces.get("ganteaume")
    if side != T.FRENCH or state.vars.get("active") != T.FRENCH:
        return Verdict.no("the French place him on their initiative", T.event_rule(18))
    if not flag(state, "ganteaume_allowed") or not flag(state, "bonaparte_returned"):
        return Verdict.no("Ganteaume sails only after Event 18, once Bonaparte is back in "
                          "France", T.event_rule(18))
    if flag(state, "bonaparte_captured"):
        return Verdict.no("Bonaparte was captured: Ganteaume never sails", T.RETURN_CAPTURED)
    if g is None or g.status != "off":
        return Verdict.no("Ganteaume has already sailed", T.event_rule(18))
    if harbour not in T.FLEET_HARBOURS:
        return Verdict.no("he gathers them in Toulon, Genoa or Civitavecchia", T.event_rule(18))
    return Verdict.yes()


def ganteaume(batch: GloryBatch, ctx: Ctx, harbour: str) -> None:
    from .flow import close_activation
    from .model import describe

    close_activation(batch)
    rule = T.event_rule(18)
    place_commander(batch, ctx, "ganteaume", harbour, rule)
    forces = dict(ctx.table("ganteaume", T.GANTEAUME_FORCE))
    changes, placed = [], {}
    for tid, n in forces.items():
        pool = sorted((p for p in batch.state.pieces.values() if p.type == tid
                       and p.status == "off"), key=lambda p: p.id)[:int(n)]
        for p in pool:
            changes += [Change.set(p.id, "status", "active"), Change.set(p.id, "space", harbour),
                        Change.set(p.id, "level", 0)]
        if pool:
            placed[tid] = len(pool)
    note(batch, rule, f"{rule}: {describe(ctx, placed)} embark with Ganteaume at "
         f"{ctx.label(harbour)}", changes, side=T.FRENCH)


def ganteaume_options(ctx: Ctx, state: GameState) -> list[Action]:
    return [Action.make("ganteaume", T.FRENCH, harbour=h) for h in T.FLEET_HARBOURS
            if ganteaume_check(ctx, state, T.FRENCH, h)]


def french_here(state: GameState, space: str) -> list:
    return pieces_in(state, space, T.FRENCH)
