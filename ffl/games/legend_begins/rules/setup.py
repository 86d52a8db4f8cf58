"""The state a scenario starts from (from its placements and instructions as data)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ffl.engine import GameState, Piece, PieceType, Scenario

from .. import hexgeo as g
from .hexmap import HexMap


def tracked_hexes(hm: HexMap) -> list[str]:
    """The hexes whose control matters to a rule (8.1): places, ports, airfields, forts,
    the friendly map edges and the railroad."""
    out = set(hm.places) | set(hm.ports) | set(hm.airfields) | set(hm.forts) | hm.rail_hexes
    for keys in hm.friendly_edge.values():
        out.update(keys)
    return sorted(k for k in out if hm.is_land(k))


def initial_state(game: str, scenario: Scenario, options: Mapping[str, Any], seed: int,
                  types: Mapping[str, PieceType], hm: HexMap) -> GameState:
    setup = scenario.setup
    pieces: dict[str, Piece] = {}
    for pl in scenario.placements:
        data = dict(pl.data)
        ptype = types[pl.type]
        if ptype.kind in ("combat",) and "steps" not in data:
            data["steps"] = int(ptype.values.get("steps", 1))
        pieces[pl.piece] = Piece(pl.piece, pl.type, pl.side, pl.space, pl.level, pl.facing,
                                 pl.status, {}, data)
    line = setup.get("control_west_of") or {}
    col = int(line.get("column", 40))
    control = {}
    for key in tracked_hexes(hm):
        control[key] = line.get("west") if g.parse(key)[1] < col else line.get("east")
    works: dict[str, dict] = {}
    for key, side in (setup.get("permanent_forts") or {}).items():
        works[key] = {"type": "fort", "side": side, "permanent": True}
        control[key] = side
    for key, w in (setup.get("field_works") or {}).items():
        works[key] = dict(w)
    rp = {s: max(0, int(n) - 1) for s, n in (setup.get("rp") or {}).items()}
    vars_: dict[str, Any] = {
        "turn": int(setup.get("first_turn", 0)), "phase": "start", "side": "",
        "malta": int(setup.get("malta", 0)), "luftwaffe": bool(setup.get("luftwaffe")),
        "crete": setup.get("crete", ""), "rp": rp, "recovered": {}, "works": works,
        "control": control, "ports": {}, "auto": {}, "last": [], "history": [],
        "segno": 0, "pending": [], "lost_steps": {},
    }
    from ..options import chosen

    # kept only when not empty, so that a basic game's state is the same as before the
    # advanced and special rules existed
    switched = chosen(options)
    if switched:
        vars_["options"] = switched
    if "air_game" in switched:                  # 40.0 the air units exist only in the air game
        from .air_base import starting_pieces

        for pid, ptype, side, space, status in starting_pieces(setup, types):
            data = {"steps": 1} if types[ptype].kind == "combat" else {}
            pieces[pid] = Piece(pid, ptype, side, space, 0, None, status, {}, data)
    if setup.get("special"):
        vars_["special"] = sorted(setup["special"])
    cap = options.get("last_turn")
    if cap is not None:
        vars_["turn_limit"] = int(cap)
    return GameState(game, scenario.id, seed, pieces, vars_)
