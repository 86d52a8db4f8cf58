"""Fire (7.1-7.7, 7.9): who may fire at whom, the modifiers, the roll.

Actions handled here (all in the drawn organization's fire phase, 7.1):

* ``fire`` (piece, target): one shot, one die (7.4, 7.6);
* ``announce`` (pieces, target): several firers of the organization commit to
  one target before any of them fires at it (7.13);
* ``ungrapple`` (piece, rope): instead of firing, unhook a grappled rope on
  the character's square; it drops to the low end (7.9).

Bookkeeping (self-resetting, so nothing has to clear it between turns):
piece data ``fired`` (shots this turn) with ``fired_turn``; game variable
``fire_groups`` = ``{"turn", "org", "groups": {target: [firers]},
"shots": {firer: [targets]}}`` for the fire phase under way.  A target that
has been fired at belongs to its group: only the firers announced with it
(or the first firer alone) may fire at it in this phase (7.13), and a firer
announced at a target must fire there before it fires anywhere else.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ffl.engine import Action, Change, Event, GameState, Verdict
from ffl.engine.features import CRENEL

from .. import tables, terrain
from . import attitudes, fire_options, leaders, stun
from .arc import firing_range, in_arc, weapon_reach
from .context import Batch, Ctx
from .movement import grapple_ends
from .sight import SightVerdict, occupancy, sight_for

FIRE_KINDS = ("fire", "announce", "ungrapple")
#: 7.721 side features that give the target partial cover when the line
#: enters its square through them at its level.
COVER_FEATURES = terrain.COVER_FEATURES


@dataclass(frozen=True)
class TargetInfo:
    """Everything the UI shows about one possible target of one firer."""

    target: str
    range: int
    long: bool
    in_arc: bool
    sight: SightVerdict
    modifiers: list[tuple[str, int]] = field(default_factory=list)
    needed: int = 7
    in_range: bool = True
    #: 10.16 the line passes a closed door's or window's firing slot
    slot: bool = False
    #: an optional rule that forbids this shot (11.3 full cover...), or None
    refusal: Verdict | None = None

    @property
    def possible(self) -> bool:
        """7.11 in arc, in range and in sight (and no optional rule forbids it)."""
        return self.in_arc and self.in_range and self.sight.clear and self.refusal is None


# -- queries ------------------------------------------------------------------------


def line_of_sight(state: GameState, ctx: Ctx, pos_a: tuple[str, int],
                  pos_b: tuple[str, int]) -> SightVerdict:
    """7.5 the line of sight between two positions, characters on the board included."""
    return sight_for(ctx.board, ctx.fort).verdict(
        tuple(pos_a), tuple(pos_b), occupancy(state, ctx.types))


def shots_fired(ctx: Ctx, pid: str) -> int:
    """Shots the character has fired this turn (7.4)."""
    data = ctx.state.pieces[pid].data
    return int(data.get("fired", 0)) if data.get("fired_turn") == ctx.turn else 0


def shots_allowed(ctx: Ctx, pid: str) -> int:
    """7.4 a rifle fires once a turn, a pistol twice."""
    return tables.SHOTS_PER_TURN.get(ctx.value(pid, "weapon", "R"), 1)


def modifiers(ctx: Ctx, pid: str, target: str, rng: int,
              slot: bool = False) -> list[tuple[str, int]]:
    """7.7 the die-roll modifiers for ``pid`` firing at ``target`` at range ``rng``
    (and those of the optional rules in play, :mod:`.fire_options`)."""
    firer, foe = ctx.state.pieces[pid], ctx.state.pieces[target]
    out: list[tuple[str, int]] = []
    if firer.data.get("moved"):
        out.append(("7.71", tables.FIRE_MODIFIERS["7.71"]))
    sight = fire_options.sight_of(ctx)
    cover = sight.entry_features(firer.space, foe.space, foe.level) & COVER_FEATURES
    if attitudes.exposed(ctx, target):
        cover -= {CRENEL}         # 11.1 the exposed unit gave up its battlement
    if ctx.fort.is_stairway(foe.space, foe.level):
        out.append(("7.722", tables.FIRE_MODIFIERS["7.72"]))
    elif cover:
        out.append(("7.721", tables.FIRE_MODIFIERS["7.72"]))
    if weapon_reach(ctx.value(pid, "weapon", "R"), rng)[1]:
        out.append(("7.73", tables.FIRE_MODIFIERS["7.73"]))
    return out + fire_options.modifiers(ctx, pid, target, slot)


def target_info(ctx: Ctx, pid: str, target: str, occupied=None) -> TargetInfo:
    """7.11 arc, range, sight and modifiers of one firer against one target."""
    firer, foe = ctx.state.pieces[pid], ctx.state.pieces[target]
    board = ctx.board
    rng = firing_range(board, firer.space, foe.space)
    weapon = ctx.value(pid, "weapon", "R")
    reach, long = weapon_reach(weapon, rng)
    night = fire_options.max_range(ctx, weapon)
    if night is not None and rng > night:
        reach = False                 # 16 no fire beyond six squares at night
    arc = in_arc(board, firer.space, firer.facing, foe.space)
    if occupied is None:
        occupied = occupancy(ctx.state, ctx.types)
    if ctx.state.vars.get("options"):
        verdict, slot = fire_options.verdict(ctx, pid, target, occupied)
        refusal = fire_options.target_refusal(ctx, pid, target, fire_options.sight_of(ctx))
    else:
        verdict, slot = sight_for(board, ctx.fort).verdict(firer.position, foe.position,
                                                           occupied), False
        refusal = Verdict.yes()
    mods = modifiers(ctx, pid, target, rng, slot)
    needed = int(ctx.value(pid, "fire", 6)) - sum(v for _, v in mods)
    return TargetInfo(target, rng, long, arc, verdict, mods, needed, reach, slot,
                      None if refusal else refusal)


def target_possible(ctx: Ctx, pid: str, target: str, occupied) -> bool:
    """7.11 :attr:`TargetInfo.possible` of :func:`target_info` (the same answer),
    without its modifiers: the arc (7.3) and the range (7.2, 16) first, the line
    of sight (7.5) and the optional rules' refusals only for a target within both."""
    firer, foe = ctx.state.pieces[pid], ctx.state.pieces[target]
    board = ctx.board
    if not in_arc(board, firer.space, firer.facing, foe.space):
        return False
    rng = firing_range(board, firer.space, foe.space)
    weapon = ctx.value(pid, "weapon", "R")
    if not weapon_reach(weapon, rng)[0]:
        return False
    night = fire_options.max_range(ctx, weapon)
    if night is not None and rng > night:
        return False                  # 16 no fire beyond six squares at night
    if ctx.state.vars.get("options"):
        if not fire_options.verdict(ctx, pid, target, occupied)[0].clear:
            return False
        return bool(fire_options.target_refusal(ctx, pid, target, fire_options.sight_of(ctx)))
    return sight_for(board, ctx.fort).verdict(firer.position, foe.position, occupied).clear


def _candidates(ctx: Ctx, me) -> list:
    """The characters :func:`targets` lists for the firer ``me``: every opposing
    one on the board (17.322 a mad unit's hated ones too; 15.25 none in the
    Bedouin's tunnels for the Legion), in id order."""
    hated = set()
    if ctx.option("cafard"):
        from .cafard import targets as mad_targets

        hated = {p.id for p in mad_targets(ctx, me.id)}
    unseen = set()
    if ctx.option("siege") and me.side == "legion":
        from .hidden import hidden_units

        unseen = set(hidden_units(ctx, "legion"))      # 15.25 in the Bedouin's tunnels
    on_board = ctx.__dict__.get("_on_board")     # once per state (Ctx.changed)
    if on_board is None:
        on_board = ctx.__dict__["_on_board"] = [p for p in ctx.characters() if p.on_board]
    return [p for p in on_board if (p.side != me.side or p.id in hated)
            and p.id not in unseen]


def targets(state: GameState, ctx: Ctx, piece: str) -> list[TargetInfo]:
    """Every opposing character on the board as seen by ``piece``, nearest first.

    Targets out of arc, range or sight are listed too (``possible`` is False)
    so a view can say why they cannot be fired at.
    """
    ctx = _at(state, ctx)
    me = ctx.state.pieces[piece]
    if not me.on_board:
        return []
    occupied = occupancy(ctx.state, ctx.types)
    out = [target_info(ctx, piece, p.id, occupied) for p in _candidates(ctx, me)]
    out.sort(key=lambda t: (t.range, t.target))
    return out


# -- fire groups (7.13) ----------------------------------------------------------------


def _groups(ctx: Ctx) -> dict:
    """The fire groups of the phase under way (empty when stale)."""
    g = ctx.var("fire_groups") or {}
    if g.get("turn") != ctx.turn or g.get("org") != ctx.chit:
        return {"turn": ctx.turn, "org": ctx.chit, "groups": {}, "shots": {}}
    return {"turn": g["turn"], "org": g["org"], "groups": dict(g.get("groups", {})),
            "shots": dict(g.get("shots", {}))}


def committed_to(ctx: Ctx, pid: str) -> str | None:
    """7.13 the target ``pid`` was announced at and has not yet fired at."""
    g = _groups(ctx)
    done = g["shots"].get(pid, [])
    for target, firers in sorted(g["groups"].items()):
        if pid in firers and target not in done:
            return target
    return None


# -- legality -------------------------------------------------------------------------


def _may_fire(ctx: Ctx, side: str, pid) -> Verdict:
    """Whether ``pid`` may be fired (or ungrapple) now, target aside."""
    if pid not in ctx.state.pieces or ctx.kind(pid) != "character":
        return Verdict.no(f"no character {pid!r}", "1.21")
    if ctx.phase != "fire" or not ctx.chit:
        return Verdict.no("units fire only in their organization's fire phase", "7.1")
    piece = ctx.state.pieces[pid]
    if piece.side != side:
        return Verdict.no("a player fires only his own units", "4.1")
    if ctx.org(pid) != ctx.chit:
        return Verdict.no("only the organization whose Sequence unit was drawn fires", "7.12")
    if not piece.on_board:
        return Verdict.no(f"{ctx.name(pid)} is not on the board", "7.14")
    if ctx.stuns(pid):
        return Verdict.no(f"{ctx.name(pid)} is stunned and may not fire", "6.53")
    if shots_fired(ctx, pid) >= shots_allowed(ctx, pid):
        return Verdict.no(f"{ctx.name(pid)} has no shot left this turn", "7.4")
    return fire_options.may_fire(ctx, pid) if ctx.state.vars.get("options") else Verdict.yes()


def _may_target(ctx: Ctx, pid: str, target, occupied=None) -> Verdict:
    """7.11, 7.14 whether ``target`` can be fired at by ``pid`` (groups aside)."""
    if target not in ctx.state.pieces or ctx.kind(target) != "character":
        return Verdict.no(f"no character {target!r} to fire at", "7.11")
    foe = ctx.state.pieces[target]
    mad = ctx.option("cafard") and ctx.state.pieces[pid].data.get("cafard") in (
        "any", "friend", "foe")
    if foe.side == ctx.state.pieces[pid].side and not mad:
        return Verdict.no("only opposing characters may be fired at", "7.11")
    if mad:
        from .cafard import fire_choice

        if target not in fire_choice(ctx, pid):
            return Verdict.no("the mad unit must fire at the nearest unit it hates", "17.322")
    if not foe.on_board:
        return Verdict.no(f"{ctx.name(target)} is not on the board", "7.14")
    info = target_info(ctx, pid, target, occupied)
    if not info.in_arc:
        return Verdict.no(f"{ctx.name(target)} is outside the firing arc", "7.3")
    if not info.in_range:
        night = ctx.option("night") and info.range > tables.NIGHT_MAX_RANGE
        return Verdict.no(f"{ctx.name(target)} is out of range ({info.range} squares"
                          + (", at night" if night else "") + ")", "16" if night else "7.22")
    if not info.sight.clear:
        return Verdict.no(info.sight.reason, info.sight.rule)
    if info.refusal is not None:
        return info.refusal
    return Verdict.yes()


def _group_allows(ctx: Ctx, pid: str, target: str) -> Verdict:
    """7.13 a fired-at target keeps its group; an announced firer keeps its target."""
    g = _groups(ctx)
    bound = committed_to(ctx, pid)
    if bound is not None and bound != target:
        return Verdict.no(f"{ctx.name(pid)} was announced at {ctx.name(bound)}", "7.13")
    firers = g["groups"].get(target)
    if firers is not None and pid not in firers:
        return Verdict.no(f"{ctx.name(target)} was already fired at; other firers had "
                          "to be announced before the first shot", "7.13")
    return Verdict.yes()


def check_fire(state: GameState, ctx: Ctx, action: Action) -> Verdict:
    """Legality of a ``fire``, ``announce`` or ``ungrapple`` action."""
    ctx = _at(state, ctx)
    kind = action.kind
    if kind == "fire":
        pid, target = action.get("piece"), action.get("target")
        for verdict in (lambda: _may_fire(ctx, action.side, pid),
                        lambda: _group_allows(ctx, pid, target),
                        lambda: _may_target(ctx, pid, target)):
            v = verdict()
            if not v:
                return v
        return Verdict.yes()
    if kind == "announce":
        pieces, target = list(action.get("pieces") or ()), action.get("target")
        if len(pieces) < 1 or len(set(pieces)) != len(pieces):
            return Verdict.no("announce one or more different firers", "7.13")
        if target in _groups(ctx)["groups"]:
            return Verdict.no(f"{ctx.name(target)} already has its firers", "7.13")
        occupied = occupancy(ctx.state, ctx.types)
        for pid in pieces:
            v = _may_fire(ctx, action.side, pid)
            if v and committed_to(ctx, pid) is not None:
                v = Verdict.no(f"{ctx.name(pid)} is already announced elsewhere", "7.13")
            if v:
                v = _may_target(ctx, pid, target, occupied)
            if not v:
                return v
        return Verdict.yes()
    if kind == "ungrapple":
        pid, rope = action.get("piece"), action.get("rope")
        v = _may_fire(ctx, action.side, pid)
        again = v.rule == "7.4" and ungrappling(ctx, pid)     # 7.9 one or more ropes
        if not v and not again:
            return v
        if not again and (shots_fired(ctx, pid) or committed_to(ctx, pid) is not None):
            return Verdict.no("ungrappling takes the place of firing", "7.9")
        if rope not in grappled_here(ctx, pid):
            return Verdict.no("no grappled rope on a side of this square", "7.9")
        return Verdict.yes()
    return Verdict.no(f"unknown fire action {kind!r}", "7")


def ungrappling(ctx: Ctx, pid: str) -> bool:
    """7.9 the character has ungrappled instead of firing this turn: it may
    ungrapple the other ropes on its square too, but not fire."""
    return ctx.state.pieces[pid].data.get("ungrappled_turn") == ctx.turn


def grappled_here(ctx: Ctx, pid: str) -> list[str]:
    """7.9 the grappled ropes with an end where the character stands."""
    piece = ctx.state.pieces[pid]
    out = []
    if (piece.space, piece.level) not in grapple_ends(ctx):
        return out                  # no grappled rope has an end here
    for rope in ctx.ropes():
        ends = rope.data.get("grappled")
        if rope.on_board and ends and any(
                (k, lv) == (piece.space, piece.level) for k, lv in ends):
            out.append(rope.id)
    return out


# -- resolution -------------------------------------------------------------------------


def resolve(batch: Batch, action: Action) -> None:
    """Add the events of a legal fire action to ``batch``."""
    ctx = batch.ctx
    if action.kind == "announce":
        g = _groups(ctx)
        pieces, target = sorted(action["pieces"]), action["target"]
        g["groups"][target] = pieces
        names = ", ".join(ctx.name(p) for p in pieces)
        batch.add("announce", "7.13", f"7.13 {names} will fire at {ctx.name(target)}",
                  [Change.var("fire_groups", g)], action.side, pieces=pieces, target=target)
    elif action.kind == "ungrapple":
        _ungrapple(batch, action["piece"], action["rope"])
    else:
        _fire(batch, action["piece"], action["target"])


def resolve_fire(state: GameState, ctx: Ctx, action: Action) -> list[Event]:
    """The events of a legal fire action (the state is not modified)."""
    batch = Batch(_at(state, ctx))
    resolve(batch, action)
    return batch.events


def _fire(batch: Batch, pid: str, target: str) -> None:
    """7.6 one shot: the modified roll reaching the Fire Number hits."""
    ctx = batch.ctx
    side = ctx.state.pieces[pid].side
    info = target_info(ctx, pid, target)
    fire_number = int(ctx.value(pid, "fire", 6))
    g = _groups(ctx)
    g["groups"].setdefault(target, [pid])
    g["shots"][pid] = g["shots"].get(pid, []) + [target]
    mods = tables.modifier_text(info.modifiers)
    batch.add("fire", "7.6",
              f"7.6 {ctx.name(pid)} fires at {ctx.name(target)}: range {info.range}, "
              f"Fire Number {fire_number}, {mods}; needs {info.needed}+",
              [Change.set(pid, "data.fired", shots_fired(ctx, pid) + 1),
               Change.set(pid, "data.fired_turn", ctx.turn),
               Change.var("fire_groups", g)],
              side, piece=pid, target=target, range=info.range,
              modifiers=[list(m) for m in info.modifiers], needed=info.needed)
    roll = batch.die("7.6", f"Fire by {ctx.name(pid)}", side=side, piece=pid, target=target)
    total = roll + sum(v for _, v in info.modifiers)
    if not tables.fire_hit(total, fire_number):
        batch.add("miss", "7.6", f"7.6 Modified roll {total} against {fire_number}: "
                  f"{ctx.name(pid)} misses", side=side, piece=pid, target=target,
                  roll=roll, total=total)
        return
    batch.add("hit", "7.6", f"7.6 Modified roll {total} against {fire_number}: "
              f"{ctx.name(target)} is hit", side=side, piece=pid, target=target,
              roll=roll, total=total)
    # 7.82 a leader's saving roll; 10.162 one behind a closed firing slot (a
    # leader gets only one)
    space = ctx.state.pieces[target].space
    if not ((leaders.is_leader(ctx, target) or info.slot) and leaders.saving_roll(
            batch, target, "10.162" if info.slot and not leaders.is_leader(ctx, target)
            else "7.82")):
        stun.hit(batch, target, "7.6", f"Hit by fire from {ctx.name(pid)}", "fire")
    if ctx.option("siege"):
        from .siege import fire_on_dynamite

        fire_on_dynamite(batch, target, space, total)       # 15.131


def _ungrapple(batch: Batch, pid: str, rope: str) -> None:
    """7.9 the rope comes off its wall and lands at its low end; the character
    gives up its fire this turn (and may unhook the other ropes on its square)."""
    ctx = batch.ctx
    (low, level), _high = ctx.state.pieces[rope].data["grappled"]
    batch.add("ungrapple", "7.9",
              f"7.9 {ctx.name(pid)} ungrapples a rope instead of firing; it drops to {low}",
              [Change.set(rope, "data.grappled", None), Change.set(rope, "space", low),
               Change.set(rope, "level", level),
               Change.set(pid, "data.fired", shots_allowed(ctx, pid)),
               Change.set(pid, "data.fired_turn", ctx.turn),
               Change.set(pid, "data.ungrappled_turn", ctx.turn)],
              ctx.state.pieces[pid].side, piece=pid, rope=rope)


def _at(state: GameState, ctx: Ctx) -> Ctx:
    """The context reading ``state`` (callers may hand a context of another state)."""
    if ctx.state is state:
        return ctx
    return ctx.at(state)


#: the listing lives in .fire_listing (importable from here too, when first asked
#: for: that module imports this one)
_LISTING = ("fire_actions", "possible_targets")


def __getattr__(name: str):
    if name in _LISTING:
        from . import fire_listing

        found = globals()[name] = getattr(fire_listing, name)   # asked once
        return found
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
