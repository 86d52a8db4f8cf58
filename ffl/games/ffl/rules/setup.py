"""Set up and preparation (2): side selection (2.1: the roll opens the game,
then the high roller's ``choose-side``, open until the Legion's set-up
begins), the board (2.2), the Legion set-up (2.31) and the Bedouin rope
assignment (2.32).

Legion characters wait with status ``off`` until placed; ``leave-out`` sets one
aside (status ``unused``).  Ropes stay off the board, listed in their carrier's
``data["ropes"]`` with ``data["carrier"]`` on the rope (2.32, 6.21).

How many Legion units are set up, which organizations leave how many out and
where the Legion may set up come from the scenario's ``setup`` data
(``ctx.data.setup``, ``gamedata.SetupRules``).  A unit neither set up nor left
out when the set-up ends (the data sets up fewer than the units not left out)
is out of the game too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ffl.engine import Action, Change, Dice, Event, GameState, Piece, Scenario, Verdict
from ffl.engine.dice import ROLLS_VAR
from ffl.engine.pieces import FACINGS

from ..options import chosen
from .context import BEDOUIN, LEGION, Batch, Ctx
from .victory import DEFAULT_TURN_LIMIT

SETUP_KINDS = ("choose-side", "place", "leave-out", "assign-rope", "end-setup")
PLAYERS = ("player 1", "player 2")


def side_roll(state: GameState) -> list[Event]:
    """2.1 both players roll, ties roll again; the high roller then chooses a side.

    The opening events of the game: each pair of rolls, then who rolled high.
    The choice is the ``choose-side`` action, open in the Legion set-up until
    the Legion's first set-up step: a player who starts setting up the Legion
    without choosing has kept it (:func:`record_sides`).
    """
    dice = Dice.for_state(state)
    events: list[Event] = []
    rolls: list[list[int]] = []
    while True:
        event = dice.roll("2.1", "Side selection (player 1, player 2)", n=2)
        events.append(event)
        a, b = event.dice
        rolls.append([a, b])
        if a != b:
            break
    high = PLAYERS[0] if a > b else PLAYERS[1]
    text = f"2.1 {high.capitalize()} rolls high ({max(a, b)} to {min(a, b)}) and chooses a side"
    events.append(Event("side-roll", "2.1", text,
                        (Change.var("side_roll", {"rolls": rolls, "high": high}),), side=high))
    return options_out_notes(state) + events


def options_out_notes(state: GameState) -> list[Event]:
    """The optional rules switched on for a scenario that leaves them out of play
    (``setup["options_out"]``, e.g. 19: Le Cafard), each said once in the log."""
    out = state.vars.get("options_out") or {}
    return [Event("option-out", why.get("rule", ""), f"{why.get('rule', '')} {why['text']}")
            for _opt, why in sorted(out.items())]


def choosing(ctx: Ctx) -> str | None:
    """2.1 the high roller, while his choice of side is still to be made."""
    roll = ctx.var("side_roll") or {}
    if ctx.phase not in ("cafard", "setup-legion") or not roll.get("high") or LEGION in roll:
        return None
    return roll["high"]


def choose_side_ok(ctx: Ctx, action: Action) -> Verdict:
    """2.1 only the high roller chooses, once, the Legion or the Bedouin."""
    high = choosing(ctx)
    if high is None:
        return Verdict.no("the sides have been chosen", "2.1")
    if action.side != high:
        return Verdict.no(f"{high} rolled high and chooses", "2.1")
    if action.get("take") not in (LEGION, BEDOUIN):
        return Verdict.no("choose the Legion or the Bedouin", "2.1")
    return Verdict.yes()


def record_sides(batch: Batch, take: str, kept: bool = False) -> None:
    """2.1 the high roller commands ``take``, the other player the other side;
    ``kept``: he began the Legion's set-up without choosing."""
    ctx = batch.ctx
    record = dict(ctx.var("side_roll") or {})
    high = record["high"]
    low = PLAYERS[1] if high == PLAYERS[0] else PLAYERS[0]
    other = BEDOUIN if take == LEGION else LEGION
    record.update({take: high, other: low})
    from .scenarios import side_name  # 19.1 the sides as the scenario names them

    def name(s):
        return side_name(ctx.data.scenario, s)

    how = f"keeps the {name(LEGION)} by setting it up" if kept else \
        f"chooses to command the {name(take)}"
    text = f"2.1 {high.capitalize()} {how}; {low} commands the {name(other)}"
    batch.add("sides", "2.1", text, [Change.var("side_roll", record)], high, take=take)


def initial_state(game: str, scenario: Scenario, options: Mapping[str, Any],
                  seed: int, optional_pieces=()) -> GameState:
    """The state before set-up: every piece where the scenario puts it (2.2: doors
    and windows open, gates closed).  The 2.1 side roll follows as the opening."""
    pieces = {}
    # an optional rule the scenario leaves out of play (19: Le Cafard, no Bedouin player)
    out = (scenario.setup or {}).get("options_out") or {}
    on = [o for o in chosen(options) if o not in out]
    dropped = {o: dict(out[o]) for o in chosen(options) if o in out}
    for pl in scenario.placements:
        pieces[pl.piece] = Piece(pl.piece, pl.type, pl.side, pl.space, pl.level, pl.facing,
                                 pl.status, {}, dict(pl.data))
    # 14, 15.1 an optional rule's units join the game when it is on, waiting to be set up
    for extra in optional_pieces or ():
        if extra.get("option") in on and extra["id"] not in pieces:
            pieces[extra["id"]] = Piece(extra["id"], extra["type"], extra.get("side", ""),
                                        None, 0, None, "off", {}, {})
    limit = options.get("turn_limit", DEFAULT_TURN_LIMIT)
    return GameState(game, scenario.id, seed, pieces, {
        ROLLS_VAR: 0,
        "doors_windows": "open", "gates": "closed",   # 2.2
        # 17.31 with Le Cafard the Bedouin's secret choice comes first
        "turn": 0, "phase": "cafard" if "cafard" in on else "setup-legion",
        "active": BEDOUIN if "cafard" in on else LEGION,
        "cup": [], "chit": None, "entered": [], "entry": {}, "mover": None, "done": [],
        "melees": {}, "turn_limit": int(limit or 0),
        "options": on,                  # 10-18 the optional rules switched on
        **({"options_out": dropped} if dropped else {}),
    })


def _squad_left_out(ctx: Ctx, org: str) -> list[str]:
    return [p.id for p in ctx.characters(LEGION, org) if p.status == "unused"]


def _units(n: int) -> str:
    return "one unit" if n == 1 else f"{n} units"


def _placed(ctx: Ctx, but: str | None = None) -> int:
    return sum(1 for p in ctx.characters(LEGION) if p.status == "active" and p.id != but)


def legal(ctx: Ctx, action: Action) -> Verdict:
    kind = action.kind
    if kind == "choose-side":
        return choose_side_ok(ctx, action)
    want = {"setup-legion": LEGION, "setup-bedouin": BEDOUIN}.get(ctx.phase)
    if want is None:
        return Verdict.no("set-up is over", "2")
    if action.side != want:
        return Verdict.no(f"the {want} player sets up now", "2.31" if want == LEGION else "2.32")
    if kind == "end-setup":
        return _end_ok(ctx)
    if want == LEGION and kind in ("place", "leave-out"):
        pid = action.get("piece")
        if pid not in ctx.state.pieces or ctx.kind(pid) != "character" \
                or ctx.state.pieces[pid].side != LEGION:
            return Verdict.no(f"{pid!r} is not a Legion character", "2.31")
        return _place_ok(ctx, action) if kind == "place" else _leave_ok(ctx, pid)
    if want == BEDOUIN and kind == "assign-rope":
        return _assign_ok(ctx, action)
    return Verdict.no(f"{kind} is not a set-up step now", "2")


def _place_ok(ctx: Ctx, action: Action) -> Verdict:
    key, level, facing = action.get("space"), action.get("level", 0), action.get("facing")
    rules = ctx.data.setup
    if key not in ctx.board or not rules.allows(ctx.board, key):
        return Verdict.no(f"the Legion sets up on {rules.where_text()}", "2.31")
    if not ctx.fort.has_level(key, level):
        return Verdict.no(f"{key} has no level {level}", "1.12")
    if not isinstance(facing, int) or not 0 <= facing <= 7:
        return Verdict.no("every unit must be given one of the 8 facings", "2.31")
    other = ctx.occupant(key, level, exclude=action["piece"])
    if other is not None:
        return Verdict.no(f"{ctx.name(other.id)} is already there", "2.31")
    pid = action["piece"]
    if ctx.state.pieces[pid].status == "unused":
        return Verdict.yes()    # taking a left-out unit back in
    if _placed(ctx, but=pid) >= rules.place:
        return Verdict.no(f"only {rules.place} of the {len(ctx.characters(LEGION))} Legion "
                          "units are set up", "2.31")
    return Verdict.yes()


def _leave_ok(ctx: Ctx, pid: str) -> Verdict:
    org = ctx.org(pid)
    rules = ctx.data.setup
    count = rules.leave_out_count
    if count == 0:
        return Verdict.no("no unit is left out in this scenario", "2.31")
    if org not in rules.leave_out_orgs:
        return Verdict.no(f"the units left out come {'one' if count == 1 else count} from "
                          "each squad", "2.31")
    if ctx.state.pieces[pid].status == "unused":
        return Verdict.no("already left out", "2.31")
    if len(_squad_left_out(ctx, org)) >= count:
        return Verdict.no(f"this squad already leaves {_units(count)} out", "2.31")
    return Verdict.yes()


def rope_name(rid: str) -> str:
    """2.32 how the log names a rope: the counters are alike, so by number
    ('rope-01' -> 'Rope 1')."""
    number = rid.rsplit("-", 1)[-1].lstrip("0")
    return f"Rope {number}" if number.isdigit() else rid


def _assign_ok(ctx: Ctx, action: Action) -> Verdict:

    rid, pid = action.get("rope"), action.get("piece")
    if rid not in ctx.state.pieces or ctx.kind(rid) != "rope":
        return Verdict.no(f"{rid!r} is not a rope", "2.32")
    if pid not in ctx.state.pieces or ctx.kind(pid) != "character" \
            or ctx.state.pieces[pid].side != BEDOUIN:
        return Verdict.no(f"{pid!r} is not a Bedouin character", "2.32")
    if ctx.state.pieces[rid].data.get("carrier") == pid:
        return Verdict.no("that unit already carries this rope", "2.32")
    return Verdict.yes()


def _end_ok(ctx: Ctx) -> Verdict:
    if ctx.phase == "setup-legion":
        rules = ctx.data.setup
        for org in rules.leave_out_orgs:
            if len(_squad_left_out(ctx, org)) != rules.leave_out_count:
                return Verdict.no(f"leave out {_units(rules.leave_out_count)} of "
                                  f"{ctx.org_name(org)}", "2.31")
        waiting = [p for p in ctx.characters(LEGION) if p.status == "off"]
        short = min(len(waiting), rules.place - _placed(ctx))
        if short > 0:
            return Verdict.no(f"{_units(short)} still to place", "2.31")
    return Verdict.yes()


def resolve(batch: Batch, action: Action) -> None:
    ctx = batch.ctx
    kind = action.kind
    if kind == "choose-side":
        record_sides(batch, action["take"])
        return
    if choosing(ctx):
        record_sides(batch, LEGION, kept=True)
        ctx = batch.ctx
    if kind == "place":
        pid = action["piece"]
        key, level, facing = action["space"], action.get("level", 0), action["facing"]
        now = ctx.state.pieces[pid]
        if now.on_board and now.status != "unused" and (now.space, now.level) == (key, level):
            text = f"2.31 {ctx.name(pid)} in {key} now faces {FACINGS[facing % 8]}"
        else:
            text = f"2.31 {ctx.name(pid)} set up in {key} level {level}"
        batch.add("place", "2.31", text,
                  [Change.set(pid, "status", "active"), Change.set(pid, "space", key),
                   Change.set(pid, "level", level), Change.set(pid, "facing", facing)],
                  LEGION, piece=pid)
    elif kind == "leave-out":
        pid = action["piece"]
        batch.add("leave-out", "2.31", f"2.31 {ctx.name(pid)} is left out of the game",
                  [Change.set(pid, "status", "unused"), Change.set(pid, "space", None)],
                  LEGION, piece=pid)
    elif kind == "assign-rope":
        rid, pid = action["rope"], action["piece"]
        changes = []
        old = ctx.state.pieces[rid].data.get("carrier")
        if old:
            rest = [r for r in ctx.carried(old) if r != rid]
            changes.append(Change.set(old, "data.ropes", rest or None))
        changes += [Change.set(rid, "data.carrier", pid),
                    Change.set(pid, "data.ropes", ctx.carried(pid) + [rid])]
        batch.add("assign-rope", "2.32", f"2.32 {rope_name(rid)} goes with {ctx.name(pid)}"
                  + (f" (taken from {ctx.name(old)})" if old and old != pid else ""), changes,
                  BEDOUIN, piece=pid, rope=rid)
    elif ctx.phase == "setup-legion":
        # units neither set up nor left out (the data sets up fewer than it could)
        # stay out of the game
        unused = [Change.set(p.id, "status", "unused") for p in ctx.characters(LEGION)
                  if p.status == "off"] if _end_ok(ctx) else []
        batch.add("end-setup", "2.31", "2.31 The Legion is set up; the Bedouin prepare",
                  unused + [Change.var("phase", "setup-bedouin"),
                            Change.var("active", BEDOUIN)], LEGION)
    else:
        from .tunnels import collapse_rolls

        batch.add("end-setup", "2.32", "2.32 The Bedouin are ready", [], BEDOUIN)
        if collapse_rolls(batch):       # 15.22, 15.223: a tunnel to keep comes first
            return
        start_turn_one(batch)


def start_turn_one(batch: Batch) -> None:
    """3.1 the first turn begins: the Sequence units are mixed for movement."""
    from .morale import check_camerone
    from .sequence import full_cup, turn_text

    batch.add("turn", "3.1", turn_text(batch.ctx, 1),
              [Change.var("turn", 1), Change.var("phase", "movement"),
               Change.var("cup", full_cup(batch.ctx)), Change.var("active", LEGION)])
    check_camerone(batch)


def _setup_positions(ctx: Ctx) -> tuple[tuple[str, int], ...]:
    """2.31 every (square, level) of the fort the Legion may set up on, in board
    order, lowest level first: worked out once per fort, board and set-up data."""
    fort, rules, board = ctx.fort, ctx.data.setup, ctx.board
    memo = fort.__dict__.get("_setup_positions")
    if memo is None or memo[0] is not rules or memo[1] is not board:
        found = tuple((key, level) for key in fort.squares() if rules.allows(board, key)
                      for level in fort.levels(key))
        memo = fort.__dict__["_setup_positions"] = (rules, board, found)
    return memo[2]


#: ("facing", f) for each of the eight facings: a place action's first argument
_FACING_ARGS = tuple(("facing", f) for f in range(8))


def _place_args(ctx: Ctx) -> tuple[tuple[tuple[str, int], tuple, tuple], ...]:
    """(position, ("level", its level), ("space", its square)) of each of
    :func:`_setup_positions`: a place action's arguments made once per fort."""
    positions = _setup_positions(ctx)
    memo = ctx.fort.__dict__.get("_place_args")
    if memo is None or memo[0] is not positions:
        memo = ctx.fort.__dict__["_place_args"] = (positions, tuple(
            ((key, level), ("level", level), ("space", key)) for key, level in positions))
    return memo[1]


def _place_actions(ctx: Ctx, pid: str, taken: set, first: int) -> list[Action]:
    """``place`` of ``pid`` on every position of :func:`_place_args` not
    ``taken``, in board order, the facings in turn from ``first`` (mod 8):
    ``Action.make``'s objects (args by name), made as ``events._action``
    makes them, in one comprehension (issue 12: ~390 a listing; the
    assignment gives None, so ``or action`` hands over the new action)."""
    piece = ("piece", pid)
    free = [(level, space) for position, level, space in _place_args(ctx)
            if position not in taken]
    facings = _FACING_ARGS
    new, put = _new, _put
    return [put(action := new(Action), "__dict__", {
        "kind": "place", "side": LEGION,
        "args": (facings[(first + i) % 8], level, piece, space)}) or action
        for i, (level, space) in enumerate(free)]


_new = object.__new__
_put = object.__setattr__

#: piece -> its ``leave-out`` action listed before (actions are values)
_LEAVE_OUT: dict[str, Action] = {}


def _leave_out(pid: str) -> Action:
    """``Action.make("leave-out", LEGION, piece=pid)``, the object listed before
    when there is one."""
    found = _LEAVE_OUT.get(pid)
    if found is None:
        if len(_LEAVE_OUT) > 10_000:        # a bound on the memory
            _LEAVE_OUT.clear()
        found = _LEAVE_OUT[pid] = Action.make("leave-out", LEGION, piece=pid)
    return found


def actions(ctx: Ctx) -> list[Action]:
    """A finite set for self-play (``legal`` accepts more): the next unplaced Legion
    unit in roster order on every free fort position, each with one facing (the
    eight in turn), every possible leave-out, the next free rope for each Bedouin
    character, and end-setup when it is allowed."""
    out: list[Action] = []
    high = choosing(ctx)
    if high:
        out += [Action.make("choose-side", high, take=t) for t in (LEGION, BEDOUIN)]
    if ctx.phase == "cafard":
        return out
    if ctx.phase == "setup-legion":
        rules = ctx.data.setup
        waiting = [p for p in ctx.characters(LEGION) if p.status == "off"]
        lacking = [o for o in rules.leave_out_orgs
                   if len(_squad_left_out(ctx, o)) < rules.leave_out_count]
        for p in ctx.characters(LEGION):
            if ctx.org(p.id) in lacking and p.status != "unused":
                out.append(_leave_out(p.id))
        if waiting and _placed(ctx) < rules.place:
            taken = {p.position for p in ctx.characters() if p.on_board}
            out += _place_actions(ctx, waiting[0].id, taken, len(out))
    elif ctx.phase == "setup-bedouin":
        free = [r for r in ctx.ropes() if not r.data.get("carrier")]
        if free:
            for p in ctx.characters(BEDOUIN):
                out.append(Action.make("assign-rope", BEDOUIN, rope=free[0].id, piece=p.id))
    end = Action.make("end-setup", ctx.var("active"))
    if legal(ctx, end):
        out.append(end)
    return out
