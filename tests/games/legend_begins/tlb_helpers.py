"""Building positions for The Legend Begins rules tests.

A test starts from the 1940 scenario after its opening, clears the map, puts the
pieces it needs where the book's example has them, sets the segment and phase, and
then acts through the controller (``act``) exactly as a player would.  Dice are the
engine's: ``next_dice`` moves the state's roll counter to where the seeded dice give
the values an example needs, so the roll is a real one and its event is logged.
"""

from __future__ import annotations

from ffl.engine import Action, GameState, Piece, fold
from ffl.engine.dice import die_value

SCENARIO = "legend_begins/compass"


def clean(controller, module, seed: int = 5) -> GameState:
    """The scenario after its opening with every piece off the map."""
    st = controller.setup(module.scenarios[SCENARIO], {}, seed)
    st = fold(st, controller.opening(st))
    for p in st.pieces.values():
        if p.status == "active":
            p.status = "off"
            p.space = None
        p.data.pop("hq", None)
        p.data.pop("carried_by", None)
    st.vars.update(pending=[], works={}, mv={}, mover=None, done=None, attacked=None,
                   defended=None, retreated=None, quiet=None, regular=False, recovery={})
    return st


def add(st: GameState, module, type_id: str, pid: str | None = None) -> str:
    """A piece of a counter type the scenario does not place (a 1941 unit)."""
    pid = pid or type_id
    t = module.piece_types[type_id]
    st.pieces[pid] = Piece(pid, type_id, t.side, None, 0, None, "off", {},
                           {"steps": int(t.values.get("steps", 1))})
    return pid


def put(st: GameState, pid: str, space: str, **data) -> str:
    p = st.pieces[pid]
    p.status = "active"
    p.space = space
    p.data.update(data)
    return pid


def segment(st: GameState, side: str, kind: str = "primary", phase: str = "movement",
            n: int = 1, seg_id: int = 50) -> GameState:
    chit = {"primary": "P1", "secondary": "S", "tertiary": "T"}[kind]
    st.vars.update(phase=phase, side=side, seg={"side": side, "type": kind,
                                                "chit": f"{side}-{chit}", "n": n, "id": seg_id},
                   mv={}, mover=None, done=None, attacked=None, defended=None,
                   retreated=None, quiet=None, regular=False, pending=[])
    return st


def act(controller, st: GameState, kind: str, side: str, **args):
    """Do an action the rules allow (failing the test with the rule otherwise)."""
    action = Action.make(kind, side, **args)
    verdict = controller.legal(st, action)
    assert verdict, f"{action}: {verdict.rule} {verdict.reason}"
    events = controller.apply(st, action)
    return fold(st, events), events


def refused(controller, st: GameState, kind: str, side: str, **args):
    verdict = controller.legal(st, Action.make(kind, side, **args))
    assert not verdict, f"{kind} should be refused"
    return verdict


def next_dice(st: GameState, values: list[int], sides: int = 6, start: int = 0) -> int:
    """Move the roll counter so the next dice rolled are ``values``."""
    n = start
    while True:
        if all(die_value(st.seed, n + i, sides) == v for i, v in enumerate(values)):
            st.vars["_rolls"] = n
            return n
        n += 1


def texts(events) -> list[str]:
    return [e.text for e in events]
