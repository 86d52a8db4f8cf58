"""Positions for the air game tests (40.0): the 1940 map with the air game on and
every piece off the map, a pending air step, an air unit flying, fixed 2d6 rolls."""

from __future__ import annotations

from tlb_helpers import put

from ffl.engine import fold
from ffl.engine.dice import die_value

SCENARIO = "legend_begins/compass"
AIR = {"air_game": True}


def air_start(controller, module, seed: int = 5, options=AIR):
    """The scenario with the air game after its opening, every piece off the map (air
    units at their bases)."""
    st = controller.setup(module.scenarios[SCENARIO], options, seed)
    st = fold(st, controller.opening(st))
    for p in st.pieces.values():
        if p.status == "active":
            t = module.piece_types[p.type]
            flies = t.kind == "air" or t.values.get("utype") == "air_hq"
            p.status = "ready" if flies else "off"
            p.space = None
        p.data.pop("hq", None)
        p.data.pop("carried_by", None)
        p.data.pop("building", None)
    st.vars.update(pending=[], works={}, mv={}, mover=None, done=None, attacked=None,
                   defended=None, retreated=None, quiet=None, regular=False, recovery={},
                   segno=50)
    return st


def air_item(step: str, side: str, attacker: str) -> dict:
    return {"kind": "air", "step": step, "side": side, "attacker": attacker}


def fly(st, pid: str, key: str, mission: str, base: str) -> None:
    put(st, pid, key, mission=mission, base=base, hit=[])


def two_rolls(st, first: int, second: int) -> None:
    """Move the roll counter so the next two 2d6 rolls total ``first`` and ``second``."""
    n = 0
    while True:
        d = [die_value(st.seed, n + i, 6) for i in range(4)]
        if d[0] + d[1] == first and d[2] + d[3] == second:
            st.vars["_rolls"] = n
            return
        n += 1
