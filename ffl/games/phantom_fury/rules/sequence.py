"""8 The sequence of play, and 7 the end of the game.

``end-phase`` closes the phase the player is in: Support -> USMC
Reinforcements (passed over when nothing can enter) -> Fire Combat ->
Movement -> Assault -> Reorganisation (played by the program) -> the victory
check -> the next turn's Support Phase.
"""

from __future__ import annotations

from ....engine import Action, Change, Outcome, Verdict
from .. import mapdata as M
from .. import tables as T
from .context import Ctx, Turn
from .movement import finish, finish_problem, mover
from .reinforce import anything_can_enter, iif_pending
from .reorganise import run as reorganise

PHASE_ORDER = ("support", "reinforcement", "fire", "movement", "assault")
TITLES = {"support": "Support Phase", "reinforcement": "USMC Reinforcements Phase",
          "fire": "Fire Combat Phase", "movement": "Movement Phase",
          "assault": "Assault Phase"}
RULES = {"support": T.SUPPORT, "reinforcement": T.COMPANY, "fire": T.FIRE,
         "movement": T.MOVEMENT, "assault": T.ASSAULT}


def legal_end(ctx: Ctx) -> Verdict:
    phase = ctx.phase
    if phase not in PHASE_ORDER:
        return Verdict.no("no phase to end now", T.SEQUENCE)
    if phase == "reinforcement" and iif_pending(ctx):
        return Verdict.no("the three IIF squads enter on the same turn", T.IRAQI)
    if phase == "movement":
        current = mover(ctx)
        if current is not None:
            why = finish_problem(ctx, current)
            if why:
                return Verdict.no(f"{ctx.name(current.id)}: {why[1]}", why[0])
    return Verdict.yes()


def end_phase(t: Turn) -> None:
    ctx = t.ctx
    phase = ctx.phase
    if phase == "movement" and mover(ctx) is not None:
        finish(t, mover(ctx).id)
    if phase == "assault":
        reorganise(t)
        if check_victory(t):
            return
        turn = t.ctx.turn + 1
        t.add("turn", T.SEQUENCE, f"Turn {turn} begins: Support Phase",
              [Change.var("turn", turn), Change.var("phase", "support")], turn=turn)
        return
    enter(t, PHASE_ORDER[PHASE_ORDER.index(phase) + 1])


def enter(t: Turn, phase: str) -> None:
    """Go to ``phase`` (the Reinforcements Phase is passed over when nothing can enter)."""
    t.add("phase", RULES[phase], f"Turn {t.ctx.turn}: {TITLES[phase]}",
          [Change.var("phase", phase), Change.var("mover", None)], phase=phase)
    if phase == "reinforcement" and not anything_can_enter(t.ctx):
        t.add("phase", T.COMPANY, "no reinforcement can enter this turn")
        enter(t, "fire")


def check_victory(t: Turn) -> bool:
    """7.1 / 7.2 at the end of a turn; True if the game is over."""
    ctx = t.ctx
    turn, last = ctx.turn, int(ctx.var("max_turn", T.TURNS))
    if ctx.all_controlled():
        saved = max(0, int(ctx.table("turns_variant" if ctx.var("variant") else "turns"))
                    - turn)
        if saved:
            t.vp(saved * T.VP_TABLE["turn_saved"], T.VICTORY_POINTS,
                 f"{saved} turn{'s' if saved != 1 else ''} not played")
        return _over(t, "usmc", T.USMC_VICTORY, "every Zone is under USMC Control")
    if turn < last:
        return False
    left = [n for n in ctx.map.zones if n != M.NO_ENTRY and not ctx.usmc_control(n)]
    if left == [M.MOSQUE] and not ctx.enemies(M.MOSQUE):
        t.vp(T.VP_TABLE["zone_26_empty"], T.VICTORY_POINTS, "Zone 26 empty but not Controlled")
        return _over(t, "usmc", T.INSURGENT_VICTORY, "only the empty mosque is not under USMC "
                                                     "Control")
    return _over(t, "insurgents", T.INSURGENT_VICTORY,
                 f"after turn {turn}, {len(left)} Zone{'s' if len(left) != 1 else ''} "
                 f"still escape USMC Control")


def level(vp: int) -> str:
    """7.2.2 the level of a USMC victory."""
    if vp > T.MAJOR_ABOVE:
        return "a major victory"
    if vp >= T.MINOR_FROM:
        return "a minor victory"
    return "a bitter victory"


def _over(t: Turn, winner: str, rule: str, why: str) -> bool:
    vp = int(t.ctx.var("vp", 0))
    if winner == "usmc":
        text = f"The USMC wins: {why}; {vp} VP: {level(vp)}"
        rule_text = T.VICTORY_LEVEL
    else:
        text = f"The insurgents win: {why}"
        rule_text = rule
    t.add("game-over", rule_text, text, [Change.var("phase", "over"), Change.var(
        "result", {"winner": winner, "text": text, "rule": rule_text, "vp": vp})], winner=winner)
    return True


def outcome(ctx: Ctx) -> Outcome | None:
    result = ctx.var("result")
    if not result:
        return None
    return Outcome(result["winner"], result["text"], result["rule"])


def end_action() -> Action:
    return Action.make("end-phase", "usmc")
