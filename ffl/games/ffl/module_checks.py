"""What a French Foreign Legion module must hold for the rules to play it.

The store checks a file's structure (every reference resolves, numbers are
finite, geometry is a polygon); these checks are the meaning the FFL rules
give the data, asked by :meth:`FFLController.check_module` when a file is
opened, before anything is shown (a file that fails is refused with the first
problem, never opened to fail in the middle of a fire phase):

* 1.1 the board is a complete grid of unit squares (line of sight, 7.5, and
  the firing arc, 7.3, are computed on grid cells) with each square's ``col``
  and ``row`` where its polygon is;
* 1.12 each square's ``levels`` are whole numbers from -1 to 3, lowest first;
  ``terrain`` is one the movement table knows (6.12); ``edge``/``edges`` name
  board sides;
* sides: ``attrs["levels"]`` maps features to lists of levels;
* 6.6 every stairway link names the levels it joins, and both squares have
  them;
* 1.2 character types belong to a side and an organization of 1.24, with a
  weapon of 7.2 and whole Fire and Melee numbers;
* 2, 6.12 the scenario's set-up data and the module's tables and names
  (``gamedata.game_data``); the options ``turn_limit`` and the placements
  (each piece of a known status, on a square and level that exists, facing
  one of 4.2's eight).

:func:`check_state` is the same for a state (a reopened game after its log
is replayed): the variables the rules read have the types they expect.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ffl.engine import GameState, Module
from ffl.engine.los import sight_table

from . import tables
from .gamedata import game_data
from .rules.context import ACTIVE, ELIMINATED, EXITED, OFF, ORGS, SIDES, UNUSED
from .terrain import EDGES, STAIR_KINDS

#: 1.12 the elevation levels of the fort
LEVELS = range(-1, 4)
#: where a movement rate is read from (6.12): the terrain of a square
TERRAINS = ("sand", "fort")
#: the statuses a piece can have in the Basic Game
STATUSES = frozenset({ACTIVE, OFF, ELIMINATED, EXITED, UNUSED, "closed", "open"})
#: 7.2 the weapons a character may carry
WEAPONS = tuple(tables.SHOTS_PER_TURN)
#: the most problems listed (the first is what a player is told)
MAX_PROBLEMS = 20


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_module(module: Module, scenario_ids: Iterable[str] | None = None) -> list[str]:
    """Every problem (one sentence each) keeping the rules from playing the FFL
    scenarios of ``module`` (``scenario_ids``, else all whose game is FFL)."""
    out: list[str] = []
    ids = list(scenario_ids) if scenario_ids is not None else [
        sid for sid, sc in module.scenarios.items() if (sc.game or module.game) == "ffl"]
    out += _piece_types(module)
    boards = sorted({module.scenarios[sid].board for sid in ids if sid in module.scenarios})
    for name in boards:
        out += check_board(module.boards[name], name)
    for sid in ids:
        if sid in module.scenarios and not out:
            out += _scenario(module, sid)
        if len(out) >= MAX_PROBLEMS:
            break
    return out[:MAX_PROBLEMS]


# -- the board ---------------------------------------------------------------------------


def check_board(board, name: str = "fort") -> list[str]:
    """1.1, 1.12, 6.6: the board as the rules read it."""
    out: list[str] = []
    if not sight_table(board).fast:
        return [f"1.1 board {name!r} is not a grid of unit squares, each at its column and "
                "row (line of sight and firing arcs are worked out on such a grid)"]
    cells = {(board[k].attrs["col"], board[k].attrs["row"]) for k in board.keys()}
    cols = max(c for c, _ in cells) + 1
    rows = max(r for _, r in cells) + 1
    if len(cells) != cols * rows:
        return [f"1.1 board {name!r} has gaps: {len(cells)} squares where a {cols} x {rows} "
                f"grid has {cols * rows}"]
    for key in board.keys():
        out += _square(board[key].attrs, key)
        if len(out) >= MAX_PROBLEMS:
            return out
    for side in board.sides.values():
        out += _side(side)
    levels = {k: tuple(board[k].attrs.get("levels", (0,))) for k in board.keys()} \
        if not out else {}
    for link in board.links:
        out += _link(link, levels)
        if len(out) >= MAX_PROBLEMS:
            break
    return out


def _square(attrs, key: str) -> list[str]:
    out = []
    levels = attrs.get("levels", [0])
    if not (isinstance(levels, list | tuple) and levels and all(_whole(v) for v in levels)
            and all(v in LEVELS for v in levels) and list(levels) == sorted(set(levels))):
        out.append(f"1.12 square {key} levels should be different whole numbers from -1 to "
                   f"3, lowest first, not {levels!r}")
    terrain = attrs.get("terrain", "sand")
    if terrain not in TERRAINS:
        out.append(f"6.12 square {key} terrain {terrain!r} is not one the movement table "
                   f"knows ({', '.join(TERRAINS)})")
    for attr in ("area", "building"):
        value = attrs.get(attr)
        if value is not None and not isinstance(value, str):
            out.append(f"1.1 square {key} {attr} should be a name, not {value!r}")
    edges = attrs.get("edges", [attrs["edge"]] if "edge" in attrs else [])
    if not isinstance(edges, list | tuple) or any(e not in EDGES for e in edges):
        out.append(f"6.21 square {key} board edges should be out of {', '.join(EDGES)}, "
                   f"not {edges!r}")
    gate = attrs.get("gate", False)
    if not isinstance(gate, bool):
        out.append(f"2.2 square {key} gate should be true or false, not {gate!r}")
    return out


def _side(side) -> list[str]:
    per_level = side.attrs.get("levels", {})
    where = f"the side between {side.a} and {side.b}"
    if not isinstance(per_level, dict):
        return [f"1.13 {where}: its levels should map features to levels"]
    for feature, levels in per_level.items():
        if not isinstance(levels, list) or not all(_whole(v) for v in levels):
            return [f"1.13 {where}: the levels of {feature!r} should be a list of whole "
                    f"numbers, not {levels!r}"]
    return []


def _link(link, levels: dict[str, tuple]) -> list[str]:
    if link.kind not in STAIR_KINDS:
        return []
    where = f"6.6 the {link.kind} {link.a}->{link.b}"
    lo, hi = link.attrs.get("from_level"), link.attrs.get("to_level")
    if not (_whole(lo) and _whole(hi)):
        return [f"{where} should say the levels it joins (from_level, to_level), not "
                f"{lo!r} and {hi!r}"]
    if levels and (lo not in levels.get(link.a, ()) or hi not in levels.get(link.b, ())):
        return [f"{where} joins level {lo} of {link.a} and level {hi} of {link.b}, which "
                "the squares do not both have"]
    return []


# -- piece types ---------------------------------------------------------------------------


def _piece_types(module: Module) -> list[str]:
    out = []
    for pid, pt in module.piece_types.items():
        if pt.kind != "character":
            continue
        where = f"1.2 character {pid!r}"
        mutineer = bool(pt.values.get("mutineer"))      # 23.12 a mutineer's own type
        if pt.side not in SIDES and not (mutineer and pt.side == "mutineer"):
            out.append(f"{where} belongs to no side of the game ({pt.side!r})")
        if pt.org not in ORGS and not (mutineer and str(pt.org).startswith("mutineers-")):
            out.append(f"{where} belongs to no organization of 1.24 ({pt.org!r})")
        values = pt.values
        if values.get("weapon", "R") not in WEAPONS:
            out.append(f"{where} carries an unknown weapon {values.get('weapon')!r} "
                       f"(7.2: {', '.join(WEAPONS)})")
        for number in ("fire", "melee"):
            value = values.get(number, 6)
            if not _whole(value) or not 0 <= value <= 99:
                out.append(f"{where} {number} number should be a whole number, not {value!r}")
        if not isinstance(values.get("leader", False), bool):
            out.append(f"{where} leader should be true or false")
        if len(out) >= MAX_PROBLEMS:
            break
    return out


# -- scenarios ---------------------------------------------------------------------------


def _scenario(module: Module, sid: str) -> list[str]:
    sc = module.scenarios[sid]
    where = f"scenario {sid!r}"
    try:
        game_data(module, sc)
    except (ValueError, TypeError, KeyError) as exc:
        return [f"2 {exc}" if str(exc) else f"2 {where}: its set-up data is malformed"]
    out = []
    limit = sc.options.get("turn_limit", 0)
    if limit is not None and (not _whole(limit) or not 0 <= limit <= 10_000):
        out.append(f"9 {where}: turn_limit should be a whole number of turns (0 for none), "
                   f"not {limit!r}")
    if set(sc.sides) != set(SIDES) and set(sc.sides) != {*SIDES, "mutineer"}:   # 23 three
        out.append(f"2.1 {where} should be played by the legion and the bedouin, not "
                   f"{', '.join(sc.sides) or 'nobody'}")
    board = module.boards[sc.board]
    for pl in sc.placements:
        out += _placement(pl, board, where)
        if len(out) >= MAX_PROBLEMS:
            break
    return out


def _placement(pl, board, where: str) -> list[str]:
    what = f"2 {where}: {pl.piece}"
    if pl.status not in STATUSES:
        return [f"{what} has an unknown status {pl.status!r}"]
    if pl.space is not None:
        levels = board[pl.space].attrs.get("levels", [0])
        if pl.level not in levels:
            return [f"{what} stands at level {pl.level} of {pl.space}, which has only "
                    f"{', '.join(map(str, levels))}"]
    if pl.facing is not None and not 0 <= pl.facing <= 7:
        return [f"{what} faces {pl.facing}; 4.2 has eight facings, 0 to 7"]
    return []


# -- a state ---------------------------------------------------------------------------------


def check_state(state: GameState, phases: Iterable[str], module: Module) -> list[str]:
    """The game variables and pieces of ``state`` as the rules read them."""
    out: list[str] = []
    v = state.vars
    phase = v.get("phase")
    if phase not in set(phases):
        out.append(f"3 the phase {phase!r} is not one of the game's")
    turn = v.get("turn", 0)
    if not _whole(turn) or turn < 0:
        out.append(f"3 the turn should be a whole number, not {turn!r}")
    limit = v.get("turn_limit", 0)
    if not _whole(limit) or limit < 0:
        out.append(f"9 the turn limit should be a whole number, not {limit!r}")
    cup = v.get("cup", [])
    orgs = (*ORGS, "mutineers-1", "mutineers-2", "mutineers-3")   # 23.3 the mutineers'
    if not isinstance(cup, list) or any(o not in orgs for o in cup):
        out.append(f"3.1 the cup should hold Sequence units of 1.24, not {cup!r}")
    chit = v.get("chit")
    if chit is not None and chit not in orgs:
        out.append(f"3.2 the organization drawn {chit!r} is not one of 1.24")
    for name in ("mover",):
        pid = v.get(name)
        if pid is not None and pid not in state.pieces:
            out.append(f"6.11 the unit moving ({pid!r}) is not in the game")
    for name in ("done", "entered"):
        items = v.get(name, [])
        if not isinstance(items, list) or not all(isinstance(i, str) for i in items):
            out.append(f"3 the list {name!r} should be names, not {items!r}")
    for name in ("melees", "entry"):
        if not isinstance(v.get(name, {}), dict):
            out.append(f"3 {name!r} should be an object")
    pending = v.get("pending")
    if pending is not None and not (isinstance(pending, dict)
                                    and pending.get("piece") in state.pieces):
        out.append("6.5224 the impact move due names no unit of the game")
    for piece in state.pieces.values():
        if piece.type not in module.piece_types:
            out.append(f"{piece.id} is of an unknown type {piece.type!r}")
        elif piece.status not in STATUSES:
            out.append(f"{piece.id} has an unknown status {piece.status!r}")
        for marker, count in piece.markers.items():
            if not _whole(count):
                out.append(f"{piece.id} marker {marker!r} should be a count")
        left = piece.data.get("mf_left")
        if left is not None and not _whole(left):
            out.append(f"6.123 {piece.id} MF left should be a whole number")
        if len(out) >= MAX_PROBLEMS:
            break
    return out
