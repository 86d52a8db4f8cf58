"""Phantom Fury hot paths: one turn's insurgent play and the questions self-play asks.

Run from the repository root (a script, never collected by pytest)::

    .venv/bin/python tests/bench/bench_phantom_fury.py

From positions of a seeded game played by a simple scripted USMC player
(:func:`step`), prints the median time of:

* the end of the Assault Phase: the whole Reorganisation played by the program
  (14.1 Control, 14.2 contact activations with their draws, 14.3 regrouping and
  Pinned rolls, 14.4 infiltration, 14.5) and the victory check;
* an Insurgent Reaction (9.4) of each kind, resolved after a postponed Mission;
* ``legal_actions`` in the Movement Phase (every step of every unit, with the
  look-ahead of 12.2.2 / 12.2.3) and ``reachable`` for one squad.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchlib import median_ms  # noqa: E402

from ffl.catalog import new_session  # noqa: E402
from ffl.engine import Action, fold  # noqa: E402
from ffl.engine.dice import ROLLS_VAR, die_value  # noqa: E402


def step(session, rng) -> None:
    """One decision of a simple scripted USMC player: reinforce, fire from where no
    insurgent Zone is free to enter, walk into the nearest insurgent Zone with
    enemies (or next to an enemy inside one), Assault, else end the phase."""
    c, state = session.controller, session.state
    ctx = c.ctx(state)
    phase = state.vars["phase"]
    by: dict[str, list] = {}
    for a in c.legal_actions(state):
        by.setdefault(a.kind, []).append(a)
    if phase == "setup":
        session.do(next(iter(by.values()))[0])
        return
    if phase == "reinforcement" and "reinforce" in by:
        session.do(by["reinforce"][0])
        return
    if phase == "fire":
        for a in by.get("fire", ()):
            p = ctx.piece(a["piece"])
            n = ctx.map.zone_of.get(p.space)
            free = n is not None and any(
                ctx.insurgent_control(z) and z not in (26, 27) and not ctx.zone_squads(z)
                and ctx.enemies(z) for z in ctx.map.contact(n))
            if ctx.kind(p) == "abrams" or not free:
                session.do(a)
                return
    if phase == "movement":
        for pid in c.movable(state):
            p = ctx.piece(pid)
            if ctx.kind(p) == "abrams" or state.vars.get("mover") not in (None, pid):
                continue
            here = ctx.map.zone_of.get(p.space)
            best = None
            for loc, (cost, _) in c.reachable(state, pid).items():
                z = ctx.map.zone_of.get(loc)
                if z is None:
                    continue
                near = sum(1 for x in ctx.map.loc_adjacent[loc] if ctx.enemy_at(x))
                if here is not None and ctx.insurgent_control(here):
                    ok = z == here and near and not any(
                        ctx.enemy_at(x) for x in ctx.map.loc_adjacent[p.space])
                else:
                    ok = ctx.insurgent_control(z) and ctx.enemies(z) and not ctx.zone_squads(z)
                if ok and (best is None or (near, -cost) > best[0]):
                    best = ((near, -cost), loc)
            if best is not None:
                plan = c.plan(state, pid, best[1])
                with session.grouped():
                    for s in plan.steps:
                        if not c.legal(session.state, s.action):
                            break
                        session.do(s.action)
                        if session.state.pieces[pid].space != s.position[0]:
                            break
                mover = session.state.vars.get("mover")
                finish = Action.make("finish", "usmc", piece=mover or pid)
                if mover and c.legal(session.state, finish):
                    session.do(finish)
                return
        mover = state.vars.get("mover")
        if mover and "finish" in by:
            session.do(by["finish"][0])
            return
    if phase == "assault" and "assault" in by:
        session.do(by["assault"][0])
        return
    end = Action.make("end-phase", "usmc")
    session.do(end if c.legal(state, end) else next(iter(by.values()))[0])


def position(turn: int = 6, phase: str = "assault"):
    session = new_session("phantom_fury/jolan", seed=7)
    rng = random.Random(7)
    while not (session.state.vars["turn"] == turn and session.state.vars["phase"] == phase):
        step(session, rng)
    return session.controller, session.state


def with_face(state, faces):
    """The state with a seed whose next d10 rolls show ``faces``."""
    start = int(state.vars.get(ROLLS_VAR, 0))
    want = [10 if f == 0 else f for f in faces]
    for seed in range(1, 3_000_000):
        if all(die_value(seed, start + i, 10) == w for i, w in enumerate(want)):
            out = state.copy()
            out.seed = seed
            return out
    raise AssertionError(faces)


def busy_reorganisation():
    """The first Assault Phase from turn 4 on whose end sets off at least 12 events."""
    session = new_session("phantom_fury/jolan", seed=7)
    ctrl, rng = session.controller, random.Random(7)
    end = Action.make("end-phase", "usmc")
    while True:
        state = session.state
        if state.vars["phase"] == "assault" and state.vars["turn"] >= 4 and \
                ctrl.legal(state, end) and len(ctrl.apply(state, end)) >= 12:
            return ctrl, state
        if ctrl.outcome(state) is not None:
            raise AssertionError("no busy Reorganisation in this game")
        step(session, rng)


def main() -> None:
    ctrl, state = busy_reorganisation()
    end = Action.make("end-phase", "usmc")
    events = ctrl.apply(state, end)
    print(f"Reorganisation (turn {state.vars['turn']}, {len(events)} events): "
          f"{median_ms(lambda: ctrl.apply(state, end)):.2f} ms")
    ctrl2, support = position(7, "support")
    names = {0: "none", 2: "Reinforcements", 4: "Retreat", 6: "Eagle of Fallujah",
             7: "Counter-attack", 9: "HBIED"}
    for face, name in names.items():
        s = with_face(support, [9, face])       # the Mission is postponed, then the Reaction
        mission = next(a for a in ctrl2.legal_actions(s) if a.kind == "mission")
        n = len(ctrl2.apply(s, mission))
        print(f"Insurgent Reaction {name:<18} ({n:3d} events): "
              f"{median_ms(lambda s=s, m=mission: ctrl2.apply(s, m)):.2f} ms")
    ctrl3, moving = position(6, "movement")
    actions = ctrl3.legal_actions(moving)
    print(f"legal_actions in the Movement Phase ({len(actions)} actions): "
          f"{median_ms(lambda: ctrl3.legal_actions(moving)):.2f} ms")
    squad = ctrl3.movable(moving)[0]
    print(f"reachable({squad}): {median_ms(lambda: ctrl3.reachable(moving, squad)):.2f} ms")
    after = fold(moving, ctrl3.apply(moving, Action.make("end-phase", "usmc")))
    assert after.vars["phase"] == "assault"


if __name__ == "__main__":
    main()
