"""Issue 12, FFL self-play throughput: the shortcuts of this change answer as the
code before them did, along seeded random games (the Basic Game and every
optional rule), at every state:

* 6.3 ``ropes.actions`` (the tests of ``ropes.legal`` made once per rope, the
  actions kept) lists what ``ropes.legal`` allows of every carry, drop and
  grapple candidate, in the same order;
* 6.1 ``movement.find_step`` (the board's steps read without a copy) finds
  the step the cheapest-of-``first_steps`` rule finds, for every step listed
  and for a step to every neighbour;
* 7.1-7.4, 7.9, 7.13 ``fire_listing.fire_actions`` (``_may_fire`` asked
  without its refusals' words, the sight occupancy handed on from context to
  context while no one moves) lists what the listing before listed, the
  sight occupancy read from every piece, and the sight occupancy handed on
  is the one read from every piece;
* 2.31 the Legion set-up's place actions (made in one comprehension) equal
  ``Action.make("place", ...)`` on every free position, facings in turn, and
  its leave-out actions (kept per piece) equal ``Action.make``'s;
* the batch's ``record`` (``Ctx.changed`` folded into its loop) leaves the
  same lookups on its context, holding the same answers, as the record before
  it (kept here as the reference) after every event of every action.

The unit steps' rows (``movement_actions._step_rows``) and the facings kept
per facing are held to the rules' own checks by
``test_rule_6_listing_shortcuts.py``.  Bounded: a few hundred actions a game
(the slow pins play whole games); the runs with every optional rule are
marked slow."""

from __future__ import annotations

import random

import pytest

from ffl import catalog
from ffl.engine import Action
from ffl.engine.events import apply_event
from ffl.games import game_of
from ffl.games.ffl.options import BY_ID
from ffl.games.ffl.rules import fire, fire_listing, movement, ropes, setup
from ffl.games.ffl.rules.context import _PLACING, LEGION, Batch, Ctx, _occupancy_after, _spot
from ffl.games.ffl.rules.sight import occupancy


def _session(seed: int, optional: bool):
    options = dict(game_of("ffl/basic").selfplay_options)
    if optional:
        options.update({name: True for name in BY_ID})
    session = catalog.new_session("ffl/basic", seed=seed, options=options)
    return session, session.controller, random.Random(seed)


# -- references: the code before this change ---------------------------------------


def reference_rope_actions(ctx, pid: str) -> list[Action]:
    """6.3 every candidate of each rope at hand that ``ropes.legal`` allows."""
    piece = ctx.state.pieces[pid]
    side = piece.side
    if piece.space is None or not movement.may_act(ctx, side, pid):
        return []
    out = []
    walls = ctx.fort.wall_sides(piece.space, piece.level)
    for rope in ctx.ropes():
        rid = rope.id
        if rope.data.get("carrier") != pid and (rope.space != piece.space
                                                or rope.level != piece.level):
            continue
        candidates = []
        if int(piece.data.get("free", 0)) < 2:
            candidates += [Action.make("carry", side, piece=pid, rope=rid),
                           Action.make("drop", side, piece=pid, rope=rid)]
        candidates += [Action.make("grapple", side, piece=pid, rope=rid, other=o)
                       for o, _ in walls]
        out += [a for a in candidates if ropes.legal(ctx, a)]
    return out


def reference_find_step(ctx, pid: str, kind: str, to, level):
    piece = ctx.state.pieces[pid]
    if (kind == "enter") != (piece.space is None):
        return None
    found = [s for s in movement.first_steps(ctx, pid)
             if s.kind == kind and s.to == to and (level is None or s.level == level)]
    return min(found, key=lambda s: s.cost) if found else None


def reference_place_actions(ctx, first: int) -> list[Action]:
    waiting = [p for p in ctx.characters(LEGION) if p.status == "off"]
    taken = {p.position for p in ctx.characters() if p.on_board}
    out, facing = [], first
    for key, level in setup._setup_positions(ctx):
        if (key, level) not in taken:
            out.append(Action.make("place", LEGION, piece=waiting[0].id, space=key,
                                   level=level, facing=facing % 8))
            facing += 1
    return out


def reference_fire_actions(state, ctx) -> list[Action]:
    """7.1-7.4, 7.9, 7.13 the fire listing as it was (``_may_fire`` asked, the
    sight occupancy read from every piece)."""
    if ctx.phase != "fire" or not ctx.chit:
        return []
    out: list[Action] = []
    shooters: dict[str, list[str]] = {}
    occupied = occupancy(state, ctx.types)
    for p in ctx.characters(org=ctx.chit):
        for rope in fire.grappled_here(ctx, p.id) if p.on_board else ():
            action = Action.make("ungrapple", p.side, piece=p.id, rope=rope)
            if fire.check_fire(ctx.state, ctx, action):
                out.append(action)
        if not fire._may_fire(ctx, p.side, p.id):
            continue
        must = None
        if ctx.option("cafard") and p.data.get("cafard") in ("any", "friend", "foe"):
            from ffl.games.ffl.rules.cafard import fire_choice

            must = set(fire_choice(ctx, p.id))
        for target in fire_listing.possible_targets(ctx, p.id, occupied):
            if must is not None and target not in must:
                continue
            if fire._group_allows(ctx, p.id, target):
                out.append(Action.make("fire", p.side, piece=p.id, target=target))
                if (fire.committed_to(ctx, p.id) is None
                        and target not in fire._groups(ctx)["groups"]):
                    shooters.setdefault(target, []).append(p.id)
    for target, firers in sorted(shooters.items()):
        if len(firers) > 1:
            side = ctx.state.pieces[firers[0]].side
            out.append(Action.make("announce", side, pieces=sorted(firers), target=target))
    return out


def reference_record(batch: Batch, event) -> None:
    """``context.Batch.record`` as it was before ``Ctx.changed`` was folded in."""
    state, ctx = batch.state, batch.ctx
    pids: dict[str, None] = {}
    placing = typed = False
    for pid, name, _ in event.changes:
        if pid is not None:
            pids[pid] = None
            if name in _PLACING:
                placing = True
                typed = typed or name == "type"
    occ = None
    if pids:
        owned = state._owned
        fresh = [pid for pid in pids if pid not in owned]
        if (placing or fresh) and not typed:
            occ = ctx.__dict__.get("_occ")
            if occ is not None:
                pieces, types = state.pieces, ctx.types
                before = [(pid, _spot(types, pieces[pid])) for pid in pids]
    apply_event(state, event)
    batch.events.append(event)
    ctx.changed(event)
    if pids and fresh:
        ctx.replaced(fresh)
    if occ is not None:
        occ = _occupancy_after(occ, before, state.pieces, ctx.types)
        if occ is not None:
            ctx.__dict__["_occ"] = occ


def _answers(ctx: Ctx) -> dict:
    """The lookups a context holds, by what they answer (piece ids in order)."""
    out = {}
    for name, value in ctx.__dict__.items():
        if not name.startswith("_"):
            continue
        if name == "_occ":
            value = {k: [p.id for p in v] for k, v in value.items()}
        elif name == "_by_kind":
            value = {k: [p.id for p in v] for k, v in value.items()}
        elif name == "_chars":
            value = {k: [p.id for p in v] for k, v in value.items()}
        elif name == "_on_board":
            value = [p.id for p in value]
        elif callable(value):
            value = "function"
        out[name] = value
    return out


def _warm(ctx: Ctx) -> None:
    """Every lookup a listing makes, made (so record has something to forget)."""
    assert ctx.occupancy is not None
    ctx.characters()
    if ctx.chit:
        ctx.characters(org=ctx.chit)
    movement.grapple_ends(ctx)
    ropes.rope_index(ctx)


# -- tests ---------------------------------------------------------------------------


@pytest.mark.parametrize("seed, optional, actions", [
    (2, False, 500), pytest.param(3, True, 300, marks=pytest.mark.slow)])
def test_6_3_6_1_rope_actions_and_found_steps_equal_the_reference(seed, optional, actions):
    session, controller, rng = _session(seed, optional)
    with_ropes = steps = 0
    for _ in range(actions):
        state = session.state
        if controller.outcome(state) is not None:
            break
        listed = list(controller.legal_actions(state))
        ctx = controller.ctx(state)
        if ctx.phase == "movement" and ctx.chit and not ctx.var("pending"):
            for p in ctx.characters(org=ctx.chit):
                fresh = controller.ctx(state)
                assert ropes.actions(ctx, p.id) == reference_rope_actions(fresh, p.id), p.id
                with_ropes += bool(reference_rope_actions(fresh, p.id))
            for action in listed:
                if action.kind in movement.STEP_KINDS:
                    args = (action["piece"], action.kind, action["to"], action.get("level"))
                    assert movement.find_step(ctx, *args) == \
                        reference_find_step(controller.ctx(state), *args)
                    steps += 1
            mover = ctx.mover
            if mover and ctx.state.pieces[mover].space is not None:
                here = ctx.state.pieces[mover].space
                for kind in movement.STEP_KINDS:
                    for to in sorted(ctx.board.orthogonal(here) | ctx.board.diagonal(here)) + [here]:
                        for level in (None, 0, 1, 2):
                            assert movement.find_step(ctx, mover, kind, to, level) == \
                                reference_find_step(controller.ctx(state), mover, kind, to,
                                                    level)
        session.do(rng.choice(listed))
    assert steps > 100 and with_ropes > 5, (steps, with_ropes)


@pytest.mark.parametrize("seed, optional, actions", [
    (11, False, 1500), pytest.param(12, True, 600, marks=pytest.mark.slow)])
def test_7_fire_listing_equals_the_reference(seed, optional, actions):
    session, controller, rng = _session(seed, optional)
    listings = kept = 0
    for _ in range(actions):
        state = session.state
        if controller.outcome(state) is not None:
            break
        ctx = controller.ctx(state)
        if ctx.phase == "fire" and ctx.chit and not ctx.var("pending"):
            kept += "_sight_occ" in ctx.__dict__        # handed on from before
            shared = fire_listing.sight_occupancy(ctx)
            if all(len(v) == 1 for v in ctx.occupancy.values()):
                assert shared == occupancy(state, ctx.types)
            assert fire_listing.fire_actions(state, ctx) == \
                reference_fire_actions(state, controller.ctx(state))
            listings += 1
        session.do(rng.choice(list(controller.legal_actions(state))))
    assert listings > 20 and kept > 5, (listings, kept)


@pytest.mark.parametrize("seed", [1, 8])
def test_2_31_place_actions_equal_action_make(seed):
    session, controller, rng = _session(seed, False)
    placed = 0
    while session.state.vars.get("phase", "").startswith("setup") or \
            session.state.vars.get("phase") == "cafard" or not session.state.vars.get("phase"):
        state = session.state
        listed = list(controller.legal_actions(state))
        if state.vars.get("phase") == "setup-legion":
            ctx = controller.ctx(state)
            for a in setup.actions(ctx):
                if a.kind == "leave-out":
                    assert a == Action.make("leave-out", LEGION, piece=a["piece"])
            got = [a for a in setup.actions(ctx) if a.kind == "place"]
            if got:
                first = next(i for i, a in enumerate(setup.actions(ctx)) if a.kind == "place")
                assert got == reference_place_actions(controller.ctx(state), first)
                assert [a.args for a in got] == [
                    a.args for a in reference_place_actions(controller.ctx(state), first)]
                placed += 1
        if not listed:
            break
        session.do(rng.choice(listed))
    assert placed > 20


@pytest.mark.parametrize("seed, optional, actions", [
    (9, False, 200), pytest.param(10, True, 300, marks=pytest.mark.slow)])
def test_record_leaves_the_lookups_the_reference_record_leaves(seed, optional, actions):
    session, controller, rng = _session(seed, optional)
    events = 0
    for _ in range(actions):
        state = session.state
        if controller.outcome(state) is not None:
            break
        action = rng.choice(list(controller.legal_actions(state)))
        done = session.do(action)
        ours, theirs = Batch(controller.ctx(state)), Batch(controller.ctx(state))
        _warm(ours.ctx)
        _warm(theirs.ctx)
        for event in done:
            ours.record(event)
            reference_record(theirs, event)
            assert _answers(ours.ctx) == _answers(theirs.ctx), event.kind
            assert ours.state.hash() == theirs.state.hash()
            _warm(ours.ctx)
            _warm(theirs.ctx)
            events += 1
    assert events > 200, events
