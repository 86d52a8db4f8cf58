"""Mid-game positions built from a description (``FFLController.position``).

Scenario authors and tests need a game part-way through: some units on given
squares, an organization drawn, one unit half-way through its move, ropes on
walls, stunned units.  :func:`build` makes that state from plain data, so no
caller has to know the game variables the rules keep (``vars``, piece
``data``).  The state starts as a new game of the scenario (its options and
the 2.1 side roll made, the high roller commanding the Legion), then the
description is laid over it, and the result is checked against the game's
invariants (``ValueError`` with the broken ones).

Everything is optional except ``units``::

    state = controller.position(
        units={"L-1-Adler": ("K8", 0, "E"), "B-A-Abdul": ("K10", 0, "N"),
               "B-A-Dhabi": None},            # None: waiting off the board
        phase="movement", turn=2, chit="arab",  # the Arab Tribe is moving
        mover="B-A-Abdul", mf_spent={"B-A-Abdul": 2},
        stuns={"L-1-Adler": 1},
        ropes={"rope-01": "B-A-Dhabi",          # carried
               "rope-02": ("C3", 0),            # lying in a square
               "rope-03": [("C3", 0), ("D3", 2)]},   # grappled: low end, high end
        seed=7)                                  # the dice to come: die 0 of seed 7

Units not named keep out of the way: Legion ones out of the game (``unused``),
Bedouin ones waiting off the board, so neither side has lost (9); ``others``
changes that.  A unit may also be ``"eliminated"``, ``"exited"`` or
``"unused"``.  Facings are 0-7 or compass names.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ffl.engine import Action, GameState, fold
from ffl.engine.dice import ROLLS_VAR
from ffl.engine.pieces import FACINGS

from .rules.context import BEDOUIN, LEGION, ORGS, org_side
from .rules.entry import square_edges

STATUSES = ("eliminated", "exited", "unused", "off")
PHASES = ("side-selection", "setup-legion", "setup-bedouin", "movement", "fire")


def _facing(value: Any, pid: str) -> int:
    if isinstance(value, str):
        if value.upper() not in FACINGS:
            raise ValueError(f"{pid}: facing {value!r} is not one of {', '.join(FACINGS)}")
        return FACINGS.index(value.upper())
    if not isinstance(value, int) or not 0 <= value <= 7:
        raise ValueError(f"{pid}: facing must be 0-7 or a compass name, not {value!r}")
    return value


def build(controller, scenario_id: str = "ffl/basic", *, units: Mapping[str, Any],
          phase: str = "movement", turn: int = 1, chit: str | None = None,
          cup: Iterable[str] | None = None, mover: str | None = None,
          done: Iterable[str] = (), mf_spent: Mapping[str, int] | None = None,
          moved: Iterable[str] = (), fired: Mapping[str, int] | None = None,
          stuns: Mapping[str, int] | None = None, ropes: Mapping[str, Any] | None = None,
          entry: Mapping[str, str] | None = None, options: Mapping[str, Any] | None = None,
          others: str | None = None, seed: int = 1,
          doors: Mapping[str, Any] | None = None, gates: Mapping[str, str] | None = None,
          attitudes: Mapping[str, str] | None = None, wounds: Mapping[str, str] | None = None,
          mounted: Iterable[str] = (), camerone: bool = False,
          cafard_drawn: Iterable[str] = (), mad: Mapping[str, str] | None = None) -> GameState:
    """A checked mid-game state (see the module docstring).  The optional
    rules' markers: ``doors`` (opening key ``"M5|M6|0"`` -> ``closed``,
    ``locked`` or a dict with ``forced`` / ``broken``, 10), ``gates`` (Gate unit
    -> ``open``/``closed``; ``"locked"`` for the gate as a whole), ``attitudes``
    (piece -> ``exposed``/``full-cover``, 11), ``wounds`` (piece -> ``-1,-1`` or
    ``-1,0``, 18), ``mounted`` organizations (12), ``camerone`` (17.41),
    ``cafard_drawn`` (the units the Bedouin drew in secret, 17.31) and ``mad``
    (piece -> ``any``, ``friend``, ``foe`` or ``calm``, 17.32)."""
    module = controller.module
    scenario = module.scenarios[scenario_id]
    state = controller.setup(scenario, dict(options or {}), seed)
    state = fold(state, controller.opening(state))
    high = state.vars["side_roll"]["high"]
    state = fold(state, controller.apply(state, Action.make("choose-side", high, take=LEGION)))
    types = module.piece_types
    if phase not in PHASES:
        raise ValueError(f"phase must be one of {', '.join(PHASES)}, not {phase!r}")
    for piece in state.pieces.values():
        if types[piece.type].kind == "character":
            default = "unused" if piece.side == LEGION else "off"
            piece.status, piece.space, piece.level = others or default, None, 0
    for pid, where in units.items():
        if pid not in state.pieces or types[state.pieces[pid].type].kind != "character":
            raise ValueError(f"{pid!r} is not a character of {scenario_id}")
        piece = state.pieces[pid]
        if where is None or where in STATUSES:
            piece.status, piece.space = where or "off", None
            continue
        if isinstance(where, str):
            where = (where, controller.fort(state).bottom(where), 0)
        key, level, *rest = where
        piece.status, piece.space, piece.level = "active", key, int(level)
        piece.facing = _facing(rest[0] if rest else 0, pid)
    if chit is not None and chit not in ORGS:
        raise ValueError(f"chit {chit!r} is not an organization ({', '.join(ORGS)})")
    in_cup = [o for o in (cup if cup is not None else ORGS) if o != chit]
    ctx = controller.ctx(state)
    entries = {}
    for org in ORGS:
        on = [p for p in ctx.characters(org=org) if p.on_board]
        if org_side(org) == BEDOUIN and on:
            edge = (entry or {}).get(org) or next(
                iter(square_edges(ctx, on[0].space)), _nearest_edge(ctx, on[0].space))
            entries[org] = {"turn": turn, "edge": edge}
    state.vars.update({
        ROLLS_VAR: 0, "turn": turn, "phase": phase, "chit": chit, "cup": in_cup,
        "active": org_side(chit) if chit else LEGION, "mover": mover, "done": list(done),
        "melees": {}, "entry": entries, "entered": sorted(entries),
    })
    state.vars["mounted"] = list(mounted)
    if phase == "movement" and chit:
        from .rules.movement import mf_max

        ctx = controller.ctx(state)
        state.vars["phase_mf"] = {p.id: mf_max(ctx, p.id) for p in ctx.characters(org=chit)
                                  if p.status in ("active", "off")}
    ctx = controller.ctx(state)
    for pid, spent in (mf_spent or {}).items():
        from .rules.movement import mf_max

        state.pieces[pid].data["mf_left"] = mf_max(ctx, pid) - int(spent)
        if spent:
            state.pieces[pid].data["moved"] = True
    for pid in moved:
        state.pieces[pid].data["moved"] = True
    for pid, shots in (fired or {}).items():
        state.pieces[pid].data.update({"fired": int(shots), "fired_turn": turn})
    for pid, n in (stuns or {}).items():
        state.pieces[pid].markers["stun"] = int(n)
    for rid, how in (ropes or {}).items():
        _rope(state, rid, how, turn)
    _optional(state, doors, gates, attitudes, wounds, mounted, camerone)
    if cafard_drawn:
        state.vars["cafard_secret"] = {"which": 1, "count": len(list(cafard_drawn)),
                                       "units": sorted(cafard_drawn), "used": []}
    for pid, how in (mad or {}).items():
        state.pieces[pid].data["cafard"] = how
    broken = controller.invariants(state)
    if broken:
        raise ValueError("the position breaks the rules: " + "; ".join(broken))
    return state


def _nearest_edge(ctx, key: str) -> str:
    col, row = ctx.fort.coords(key)
    cols = max(ctx.fort.coords(k)[0] for k in ctx.board.keys()) + 1
    rows = max(ctx.fort.coords(k)[1] for k in ctx.board.keys()) + 1
    return min((row, "N"), (rows - 1 - row, "S"), (col, "W"), (cols - 1 - col, "E"))[1]


def _rope(state: GameState, rid: str, how: Any, turn: int) -> None:
    rope = state.pieces.get(rid)
    if rope is None:
        raise ValueError(f"no rope {rid!r}")
    if isinstance(how, str):          # carried by a character
        carrier = state.pieces[how]
        rope.data["carrier"] = how
        carrier.data["ropes"] = list(carrier.data.get("ropes") or []) + [rid]
        rope.status = "active" if carrier.on_board else "off"
        rope.space, rope.level = carrier.space, carrier.level
        return
    if len(how) == 2 and not isinstance(how[0], str):   # grappled: two ends
        (lk, ll), (hk, hl) = how
        rope.status, rope.space, rope.level = "active", lk, int(ll)
        rope.data["grappled"] = [[lk, int(ll)], [hk, int(hl)]]
        return
    key, level = how
    rope.status, rope.space, rope.level = "active", key, int(level)


def _optional(state: GameState, doors, gates, attitudes, wounds, mounted, camerone) -> None:
    """Lay the optional rules' markers over the state."""
    recs = {}
    for key, how in (doors or {}).items():
        recs[key] = dict(how) if isinstance(how, Mapping) else {"status": how}
    if recs:
        state.vars["doors"] = recs
    for gid, how in (gates or {}).items():
        if how == "locked":
            state.vars["gate_locked"] = True
            continue
        state.pieces[gid].data["status"] = how
    for pid, how in (attitudes or {}).items():
        state.pieces[pid].data["attitude"] = how
    for pid, how in (wounds or {}).items():
        state.pieces[pid].data["wound"] = how
    if camerone:
        state.vars["camerone"] = True
