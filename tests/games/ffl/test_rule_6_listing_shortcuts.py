"""The listing's shortcuts (issue 12) list exactly what the rules' own checks
allow, in the same order: along seeded random games (the Basic Game and every
optional rule), at every state

* 4.5, 6.11, 6.53, 6.5224: ``movable_pieces`` is the drawn organization's
  characters that ``movement.may_act`` lets act;
* 6.123, 4.31, 12.2, 11.3, 17.12: each unit's listed steps are the first steps
  ``movement.check_step`` allows (then 6.22 exit, 4.2 facings, 4.3 finish as
  before);
* 7.3, 7.2x, 7.5: ``fire.possible_targets`` is the possible targets of
  ``fire.targets``, nearest first;
* 3, 6.1: ``sequence.actions`` is the draw / end-phase that ``sequence.legal``
  allows.

Bounded: a few hundred actions a game (the slow pins play whole games)."""

from __future__ import annotations

import random

import pytest

from ffl import catalog
from ffl.engine import Action
from ffl.games import game_of
from ffl.games.ffl.options import BY_ID
from ffl.games.ffl.rules import fire, movement, movement_actions, sequence
from ffl.games.ffl.rules.entry import edge_of


def reference_unit_actions(ctx, pid: str) -> list[Action]:
    """The listing as the rules' own checks define it (the code before the
    shortcuts), for a unit ``may_act`` allows."""
    piece = ctx.state.pieces[pid]
    side = piece.side
    mad = ctx.option("cafard") and piece.data.get("cafard") in ("any", "friend", "foe")
    steps = movement.first_steps(ctx, pid)
    if mad:
        from ffl.games.ffl.rules.cafard import compulsory_step

        must = compulsory_step(ctx, pid)
        steps = [s for s in steps if must is not None and
                 (s.kind, s.to, s.level) == (must.kind, must.get("to"), must.get("level"))]
    left = movement.mf_left(ctx, pid)
    out = [Action.make(s.kind, side, piece=pid, to=s.to, level=s.level) for s in steps
           if movement.check_step(ctx, pid, s, left)]
    if piece.space is not None:
        if edge_of(ctx, piece.space) and movement.mf_left(ctx, pid) >= ctx.tables.enter \
                and not mad:
            out.append(Action.make("exit", side, piece=pid))
        if ctx.mover == pid and not (mad and steps):
            if int(piece.data.get("free", 0)) < 2:
                out += [Action.make("face", side, piece=pid, facing=f)
                        for f in range(8) if f != piece.facing]
            if not movement.sharing(ctx, pid):
                out.append(Action.make("finish", side, piece=pid))
    return out


def check_state(controller, state) -> tuple[int, int]:
    """(units, firers) checked in ``state``."""
    ctx = controller.ctx(state)
    checked = shots = 0
    if ctx.phase == "movement" and ctx.chit:
        movable = movement_actions.movable_pieces(ctx)
        assert movable == [p.id for p in ctx.characters(org=ctx.chit)
                           if movement.may_act(ctx, p.side, p.id)]
        for pid in movable:
            fresh = controller.ctx(state)          # no lookups left by the listing
            assert movement_actions.unit_actions(ctx, pid, checked=True) == \
                reference_unit_actions(fresh, pid), pid
            checked += 1
    if ctx.phase == "fire" and ctx.chit:
        for p in ctx.characters(org=ctx.chit):
            if p.on_board and p.facing is not None:
                fresh = controller.ctx(state)
                assert fire.possible_targets(ctx, p.id) == [
                    t.target for t in fire.targets(state, fresh, p.id) if t.possible]
                shots += 1
    side = ctx.var("active") or "legion"
    assert sequence.actions(ctx) == [a for a in (Action.make(k, side)
                                                 for k in sequence.SEQUENCE_KINDS)
                                     if sequence.legal(controller.ctx(state), a)]
    return checked, shots


@pytest.mark.parametrize("seed, optional, actions", [(1, False, 350), (4, True, 400)])
def test_6_the_listing_is_what_the_checks_allow(seed, optional, actions):
    options = dict(game_of("ffl/basic").selfplay_options)
    if optional:
        options.update({name: True for name in BY_ID})
    session = catalog.new_session("ffl/basic", seed=seed, options=options)
    controller, rng = session.controller, random.Random(seed)
    units = firers = 0
    for _ in range(actions):
        if controller.outcome(session.state) is not None:
            break
        u, f = check_state(controller, session.state)
        units, firers = units + u, firers + f
        session.do(rng.choice(list(controller.legal_actions(session.state))))
    assert units > 100 and firers > 20, (units, firers)
