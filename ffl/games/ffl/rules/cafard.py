"""Le Cafard, the madness (17.3, optional rule ``cafard``).

* 17.31 before the Legion sets up, the Bedouin player notes in secret which of
  his next three rolls counts (``cafard-pick``), rolls three times in the
  open, and on the valid roll 1-4 draws that many Legion units (commanders
  left out) in secret; 5-6 none.  The choice and the names are kept in
  ``vars["cafard_secret"]``, which only the Bedouin's view shows (``view``);
  the draws are dice whose event texts say no more than that a name was drawn.
* 17.32 at the start of a Legion organization's movement or fire phase (before
  any of its units acts) the Bedouin may name any one drawn unit still on the
  board, of whatever squad (``cafard``), one a turn; the Legion player rolls on the Le
  Cafard Table: 17.321 1-2 it takes its own life; 17.322 3 it turns on the
  nearest unit of any side, 17.323 4 on the nearest friend, 17.324 5 on the
  nearest foe; 17.325 6 no effect.  ``data["cafard"]``: ``any``, ``friend``,
  ``foe`` or ``calm``.
* 17.322 a mad unit must move to melee the nearest unit it hates (by MF, a
  friend's square being a melee for it), then the next, as far as its MF and
  melees allow; if it can reach none, as far as it can towards the nearest;
  and must fire at the nearest such target; not as crew (14.2); for the rest
  of the game.  A unit moves and fires only in its own organization's phases
  (4.5): one named in another squad's phase acts mad from its own squad's next
  phase on (17.322 "on later Turns"); a roll of 1-2 takes it at once.
"""

from __future__ import annotations

from ffl.engine import Action, Change, Event, Verdict
from ffl.engine.dice import Dice

from .. import tables
from .arc import firing_range
from .context import BEDOUIN, LEGION, Batch, Ctx

KINDS = ("cafard-pick", "cafard")
SECRET = "cafard_secret"
MAD = ("any", "friend", "foe")
RESULT = {tables.CAFARD_SUICIDE: None, tables.CAFARD_ANY: "any",
          tables.CAFARD_FRIEND: "friend", tables.CAFARD_FOE: "foe", tables.NE: "calm"}


def mad(ctx: Ctx, pid: str) -> str | None:
    """``any``, ``friend`` or ``foe`` for a mad unit, else None."""
    piece = ctx.state.pieces.get(pid)
    how = piece.data.get("cafard") if piece is not None else None
    return how if how in MAD and ctx.option("cafard") else None


def hates(ctx: Ctx, pid: str, other) -> bool:
    """17.322-17.324 whether mad ``pid`` must go for ``other`` (a piece)."""
    how = mad(ctx, pid)
    me = ctx.state.pieces[pid]
    if how is None or other.id == pid:
        return False
    return how == "any" or (how == "friend") == (other.side == me.side)


# -- set-up (17.31) --------------------------------------------------------------------------


def legal(ctx: Ctx, action: Action) -> Verdict:
    if not ctx.option("cafard"):
        return Verdict.no("the Le Cafard option is not in play", "17.3")
    if action.kind == "cafard-pick":
        if ctx.phase != "cafard" or action.side != BEDOUIN:
            return Verdict.no("the Bedouin choose at the start of the set-up", "17.31")
        if action.get("which") not in (1, 2, 3):
            return Verdict.no("the first, second or third roll", "17.31")
        return Verdict.yes()
    return _activation_ok(ctx, action)


def resolve(batch: Batch, action: Action) -> None:
    if action.kind == "cafard-pick":
        _pick(batch, action["which"])
    else:
        _activate(batch, action["piece"])


def _pick(batch: Batch, which: int) -> None:
    from .setup import choosing, record_sides

    ctx = batch.ctx
    if choosing(ctx):
        record_sides(batch, LEGION, kept=True)
    from .scenarios import side_name

    who = side_name(ctx.data.scenario or {}, BEDOUIN)     # 19: the Mutineer player
    batch.add("cafard-pick", "17.31", f"17.31 The {who} player notes in secret which of "
              "three rolls counts", [], BEDOUIN)
    rolls = [batch.die("17.31", f"Le Cafard, open roll {i}", side=BEDOUIN) for i in (1, 2, 3)]
    count = tables.cafard_count(rolls[which - 1])
    pool = [p.id for p in batch.ctx.characters(LEGION) if batch.ctx.org(p.id) != "legion-cmd"]
    drawn = []
    for _ in range(count):
        dice = Dice.for_state(batch.state)
        value = dice.value(len(pool))
        drawn.append(pool.pop(value - 1))
        batch.record(Event("dice", "17.31", f"17.31 The {who} player draws a name in secret",
                           (dice.counter_change(),), (value,), BEDOUIN,
                           {"purpose": "secret draw", "sides": len(pool) + 1, "secret": True}))
    secret = {"which": which, "count": count, "units": sorted(drawn), "used": []}
    batch.add("cafard-ready", "17.31", "17.31 The names, if any, are noted in secret; the "
              "Legion sets up", [Change.var(SECRET, secret), Change.var("phase", "setup-legion"),
                                 Change.var("active", LEGION)], BEDOUIN)


def secret_units(ctx: Ctx) -> list[str]:
    return list((ctx.var(SECRET) or {}).get("units") or ())


# -- activation (17.32) ------------------------------------------------------------------------


def phase_fresh(ctx: Ctx) -> bool:
    """The drawn Legion organization's phase has just begun: none of its units
    has acted."""
    if ctx.phase == "movement":
        return not ctx.mover and not ctx.done and not any(
            p.data.get("mf_left") is not None for p in ctx.characters(org=ctx.chit))
    groups = ctx.var("fire_groups") or {}
    fired = groups.get("turn") == ctx.turn and groups.get("org") == ctx.chit and (
        groups.get("shots") or groups.get("groups"))
    return not fired and not any(p.data.get("fired_turn") == ctx.turn and p.data.get("fired")
                                 for p in ctx.characters(org=ctx.chit))


def _activation_ok(ctx: Ctx, action: Action) -> Verdict:
    pid = action.get("piece")
    if action.side != BEDOUIN:
        return Verdict.no("the Bedouin player announces Le Cafard", "17.32")
    from .context import org_side

    if ctx.phase not in ("movement", "fire") or not ctx.chit or \
            org_side(ctx.chit) != LEGION or not phase_fresh(ctx):
        return Verdict.no("at the start of a Legion movement or fire phase", "17.32")
    if ctx.var("cafard_turn") == ctx.turn:
        return Verdict.no("one Le Cafard a turn", "17.32")
    secret = ctx.var(SECRET) or {}
    if pid not in (secret.get("units") or ()) or pid in (secret.get("used") or ()):
        return Verdict.no("only a unit drawn in secret at the set-up, once", "17.32")
    if not ctx.state.pieces[pid].on_board:      # any one drawn unit, of any squad
        return Verdict.no("a drawn unit still on the board", "17.32")
    return Verdict.yes()


def _activate(batch: Batch, pid: str) -> None:
    from .stun import eliminate

    ctx = batch.ctx
    secret = dict(ctx.var(SECRET) or {})
    secret["used"] = sorted(set(secret.get("used") or ()) | {pid})
    batch.add("cafard", "17.32", f"17.32 Le Cafard! {ctx.name(pid)} goes mad",
              [Change.var(SECRET, secret), Change.var("cafard_turn", ctx.turn)], BEDOUIN,
              piece=pid)
    roll = batch.die("17.32", f"Le Cafard Table for {ctx.name(pid)}", side=LEGION, piece=pid)
    result = tables.CAFARD_TABLE[tables.clamp(roll)]
    how = RESULT[result]
    if how is None:
        eliminate(batch, pid, "17.321", f"Le Cafard, roll {roll}: takes his own life")
        return
    rule = {"any": "17.322", "friend": "17.323", "foe": "17.324", "calm": "17.325"}[how]
    text = {"any": "turns on the nearest unit of either side",
            "friend": "turns on the nearest friend", "foe": "charges the nearest foe",
            "calm": "a few marbles short, no effect"}[how]
    batch.add("mad", rule, f"{rule} Le Cafard, roll {roll}: {ctx.name(pid)} {text}",
              [Change.set(pid, "data.cafard", how)], LEGION, piece=pid, how=how, roll=roll)


def may_announce(ctx: Ctx) -> bool:
    """17.32 whether the Bedouin could announce Le Cafard now, from what both
    players know (the option, a Legion organization's phase just begun, none
    yet this turn): the UI offers the Bedouin the chance whenever this holds,
    so the offer gives away nothing of the secret draws."""
    from .context import org_side

    return ctx.option("cafard") and ctx.phase in ("movement", "fire") and bool(ctx.chit) \
        and org_side(ctx.chit) == LEGION and ctx.var("cafard_turn") != ctx.turn \
        and phase_fresh(ctx)


def actions(ctx: Ctx) -> list[Action]:
    if not ctx.option("cafard"):
        return []
    if ctx.phase == "cafard":
        return [Action.make("cafard-pick", BEDOUIN, which=w) for w in (1, 2, 3)]
    out = [Action.make("cafard", BEDOUIN, piece=pid) for pid in secret_units(ctx)]
    return [a for a in out if legal(ctx, a)]


# -- the mad unit's compulsory moves and fire (17.322) ------------------------------------------


def targets(ctx: Ctx, pid: str) -> list:
    return [p for p in ctx.characters() if p.on_board and hates(ctx, pid, p)]


def destination(ctx: Ctx, pid: str):
    """Where the mad unit must go now: the nearest hated unit it can reach (by MF),
    else the reachable square nearest to the nearest hated unit; None when it
    has nowhere better to go."""
    from .plans import search

    hated = targets(ctx, pid)
    if not hated:
        return None
    found = search(ctx, pid)
    spots = {p.position: p for p in hated}
    reach = [(cost, pos) for pos, (cost, _) in found.items() if pos in spots]
    if reach:
        return min(reach)[1]
    me = ctx.state.pieces[pid]

    def gap(key: str) -> int:
        return min(firing_range(ctx.board, key, p.space) for p in hated)

    if me.space is None or not found:
        return None
    best = min((gap(pos[0]), cost, pos) for pos, (cost, _) in found.items())
    return best[2] if best[0] < gap(me.space) else None


def compulsory_step(ctx: Ctx, pid: str):
    """The first step of the mad unit's compulsory move (an Action), or None."""
    from .plans import plan

    dest = destination(ctx, pid)
    if dest is None:
        return None
    found = plan(ctx, pid, dest)
    return found.steps[0].action if found is not None and found.steps else None


def move_allowed(ctx: Ctx, pid: str, action: Action) -> Verdict:
    """17.322 a mad unit only takes its compulsory steps (turning is free)."""
    if mad(ctx, pid) is None or action.kind in ("face", "finish"):
        if action.kind == "finish" and mad(ctx, pid) and compulsory_step(ctx, pid):
            return Verdict.no("the mad unit must go on to the nearest unit it hates", "17.322")
        return Verdict.yes()
    step = compulsory_step(ctx, pid)
    if step is None or (action.kind, action.get("to"), action.get("level")) != (
            step.kind, step.get("to"), step.get("level")):
        return Verdict.no("the mad unit must move to melee the nearest unit it hates",
                          "17.322")
    return Verdict.yes()


def asleep(ctx: Ctx, pid: str) -> bool:
    """21.21 a Legion unit of The Surprise Night Attack not yet alerted: it may not
    spend MF, turn or fire, mad or not, so its compulsory move and fire (17.322)
    wait for the alert (before, the phase could neither go on nor end)."""
    alert = ctx.data.scenario.get("alert") if ctx.data.scenario else None
    return alert is not None and not ctx.var("alerted") \
        and ctx.state.pieces[pid].side == LEGION


def scenario_allows(ctx: Ctx, step: Action) -> bool:
    """Whether the scenario's own rules let the mad unit take its compulsory step:
    a melee 20.3 forbids on Turn 1 is 'not possible' (17.322), so the unit, next to
    its victim already, has nothing left to do (before, the phase could not end)."""
    from .scenarios import legal

    verdict = legal(ctx, step)
    return verdict is None or bool(verdict)


def pending_mad(ctx: Ctx) -> str | None:
    """A mad unit of the drawn organization that still must move (movement) or
    fire (fire phase): the phase may not end before it has."""
    if not ctx.option("cafard") or not ctx.chit:
        return None
    for p in ctx.characters(org=ctx.chit):
        if not p.on_board or mad(ctx, p.id) is None or asleep(ctx, p.id):
            continue
        if ctx.phase == "movement" and p.id not in ctx.done and not ctx.stuns(p.id):
            step = compulsory_step(ctx, p.id)
            if step is not None and scenario_allows(ctx, step):
                return p.id
        if ctx.phase == "fire" and fire_choice(ctx, p.id):
            return p.id
    return None


def fire_choice(ctx: Ctx, pid: str) -> list[str]:
    """17.322 the targets a mad unit may fire at: the nearest it hates and can
    fire at (ties: the player chooses)."""
    from .fire import _may_fire, target_info

    if not _may_fire(ctx, ctx.state.pieces[pid].side, pid):
        return []
    infos = [target_info(ctx, pid, p.id) for p in targets(ctx, pid)]
    infos = [i for i in infos if i.possible]
    if not infos:
        return []
    near = min(i.range for i in infos)
    return sorted(i.target for i in infos if i.range == near)
