"""Movement (6.1-6.2, 6.4 climbing ropes, 6.5 jumps, 6.6 stairways): which single
steps a character can take, what each costs, and every square+level it can reach.

A *step* is one action: ``move`` (same level, 6.13), ``climb`` (stairway 6.6 or
grappled rope 6.4), ``jump`` (down, 6.5) or ``enter`` (from off the board, 6.21).
This module also checks the unit actions (steps, ``face``, ``finish``,
``exit``); :mod:`.movement_actions` lists them and :mod:`.moving` resolves
them; what a step sets off is resolved in :mod:`.melee` (6.7) and :mod:`.stun`
(jump injuries and impact, 6.5).
"""

from __future__ import annotations

from ffl.engine import Change, Verdict

from .context import Ctx
from .entry import edge_of, entry_edges
from .steps import (  # noqa: F401 (Step, passage, inside, WALLS, OPENINGS re-exported)
    OPENINGS,
    WALLS,
    Step,
    _board_steps,
    inside,
    passage,
    step_table,
)

# Every MF number comes from the module's movement tables (``ctx.tables``,
# ``gamedata.MovementTables``: the Game Card's rates and costs).


# -- movement factors ---------------------------------------------------------------


def mounted(ctx: Ctx, pid: str) -> bool:
    """12 the unit's organization rides (optional rule ``mounted``)."""
    return ctx.option("mounted") and ctx.org(pid) in (ctx.var("mounted") or ())


def mf_max(ctx: Ctx, pid: str) -> int:
    """6.121 three MF from sand or off the board; 6.122 five MF from a fort square
    (the Game Card's rates; 12 mounted: five and seven): the square the unit was
    in when its organization's phase began (6.12); 18.12, 18.13 one less when
    wounded."""
    start = ctx.var("phase_mf") or {}
    if pid in start:
        return int(start[pid])
    return start_mf(ctx, pid)


def start_mf(ctx: Ctx, pid: str) -> int:
    """The MF the unit would start a movement phase with where it stands now
    (:func:`mf_max` without the rates fixed at the draw, 6.12)."""
    from .wounds import mf_penalty

    piece = ctx.state.pieces[pid]
    if piece.space is None:
        where = "off"
    else:
        where = "fort" if ctx.fort.is_fort(piece.space) else "sand"
        if piece.level < 0:
            where = "off"        # 15.23 three MF starting in a tunnel square
    return max(0, ctx.tables.rate(where, mounted(ctx, pid)) - mf_penalty(ctx, pid))


def mf_text(mf: int) -> str:
    """``one MF``, ``2 MF``: a cost in a message."""
    return "one MF" if mf == 1 else f"{mf} MF"


def mf_left(ctx: Ctx, pid: str) -> int:
    """MF the character still has in this movement phase (6.123)."""
    if pid in ctx.state.vars.get("done", ()):          # Ctx.done, not copied
        return 0
    piece = ctx.state.pieces[pid]
    if "mf_left" in piece.data:
        return int(piece.data["mf_left"])
    return mf_max(ctx, pid)


# -- steps: the board's (.steps), ropes' (6.4), tunnels' (15.24), entering (6.21) -----


def grappled_ropes(ctx: Ctx, key: str, level: int) -> list[tuple[str, str, int]]:
    """Grappled ropes with an end at (key, level): (rope, other square, its level)."""
    return list(grapple_ends(ctx).get((key, level), ()))


def grapple_ends(ctx: Ctx) -> dict[tuple[str, int], list[tuple[str, str, int]]]:
    """(square, level) -> the grappled ropes with an end there, once per state
    (Ctx.changed forgets it)."""
    ends_at = ctx.__dict__.get("_grapples")
    if ends_at is None:
        ends_at = {}
        for rope in ctx.ropes():
            ends = rope.data.get("grappled")
            if not rope.on_board or not ends:
                continue
            (ka, la), (kb, lb) = ends
            ends_at.setdefault((ka, la), []).append((rope.id, kb, lb))
            if (kb, lb) != (ka, la):
                ends_at.setdefault((kb, lb), []).append((rope.id, ka, la))
        ctx.__dict__["_grapples"] = ends_at
    return ends_at


def steps_from(ctx: Ctx, key: str, level: int) -> list[Step]:
    """Every step from (key, level), occupants not considered."""
    out = list(_board_steps(ctx, key, level))
    # 6.4 a grappled rope: the climb plus the square entered.
    for rope, to, to_level in grapple_ends(ctx).get((key, level), ()):
        out.append(Step("climb", to, to_level, ctx.tables.rope_climb, "6.4", "rope",
                        up=to_level > level, rope=rope, frm=key))
    if ctx.option("siege"):
        from .tunnels import exit_steps

        out += exit_steps(ctx, key, level)       # 15.24 in and out of a tunnel's exit
    return out


def entry_steps(ctx: Ctx, pid: str) -> list[Step]:
    """6.21 entering: the first square along the chosen edge costs one MF (the
    square entered, 6.1242)."""
    out = list(board_entry_steps(ctx, pid))
    if ctx.option("siege"):
        from .tunnels import entry_steps as into_tunnels

        out += into_tunnels(ctx, pid, entry_edges(ctx, pid))     # 15.23 into a tunnel's first square
    return out


def board_entry_steps(ctx: Ctx, pid: str) -> tuple[Step, ...]:
    """6.21 the entry steps along the unit's edges (:func:`entry_steps` without
    the tunnels' of 15.23): one tuple per fort, edges and cost, shared."""
    cost = ctx.tables.enter
    edges = tuple(entry_edges(ctx, pid))
    fort = ctx.fort
    memo = fort.__dict__.setdefault("_entry_steps", {})    # steps are frozen: shared
    found = memo.get((edges, cost))
    if found is None:
        out, seen = [], set()
        for edge in edges:
            for key in fort.edge_squares(edge):
                if key not in seen:
                    seen.add(key)
                    out.append(Step("enter", key, max(0, fort.bottom(key)), cost, "6.21"))
        found = memo[(edges, cost)] = tuple(out)
    return found


# -- occupancy --------------------------------------------------------------------------


def _hates(ctx: Ctx, pid: str, other) -> bool:
    """17.322 a mad unit melees the friends it hates too (optional rule)."""
    if not ctx.option("cafard"):
        return False
    from .cafard import hates

    return hates(ctx, pid, other)


def hostile(ctx: Ctx, side: str, other: str) -> bool:
    """Foes: other sides, unless ``side`` declared ``other`` friend (23.3)."""
    if side == other:
        return False
    pacts = ctx.state.vars.get("pacts")
    return not pacts or (pacts.get(side) or {}).get(other) != "friend"


def foe_at(ctx: Ctx, pid: str, key: str, level: int):
    other = ctx.occupant(key, level, exclude=pid)
    if other is not None and (hostile(ctx, ctx.state.pieces[pid].side, other.side)
                              or _hates(ctx, pid, other)):
        return other
    return None


def friend_at(ctx: Ctx, pid: str, key: str, level: int):
    for other in ctx.occupancy.get((key, level), ()):      # Ctx.occupants, not copied
        if other.id != pid and not hostile(ctx, ctx.state.pieces[pid].side, other.side) \
                and not _hates(ctx, pid, other):
            return other
    return None


def sharing(ctx: Ctx, pid: str) -> bool:
    """4.3 / 4.31 the character stands on a friend (allowed only in passing);
    asked once per unit and context (Ctx.changed forgets the answers)."""
    memo = ctx.__dict__.get("_sharing")
    if memo is None:
        memo = ctx.__dict__["_sharing"] = {}
    found = memo.get(pid)
    if found is None:
        piece = ctx.state.pieces[pid]
        found = memo[pid] = piece.on_board and friend_at(ctx, pid, piece.space,
                                                         piece.level) is not None
    return found


def can_leave(ctx: Ctx, pid: str, key: str, level: int, mf: int) -> bool:
    """4.31 from a friend's square there must be a step to somewhere it may stop."""
    occupied = ctx.occupancy          # friend_at only where someone stands
    for step in steps_from(ctx, key, level):
        if step.cost > mf:
            continue
        if step.kind == "jump" or (step.to, step.level) not in occupied \
                or friend_at(ctx, pid, step.to, step.level) is None:
            return True
    return False


def step_allowed(ctx: Ctx, pid: str, step: Step) -> Verdict:
    """The optional rules' limits on a step: 12.2 mounted units neither climb
    nor jump; 11.3 a unit leaves full cover first; 17.12 a unit held by command
    control spends no MF; 10.2 (doors) is in :func:`passage`."""
    if not ctx.state.vars.get("options"):
        return Verdict.yes()
    if step.kind in ("climb", "jump") and mounted(ctx, pid):
        return Verdict.no("mounted units neither climb nor jump", "12.2")
    if step.level < 0 and mounted(ctx, pid):
        return Verdict.no("mounted units never go into a tunnel", "12.2")
    piece = ctx.state.pieces[pid]
    if piece.data.get("attitude") == "full-cover" and ctx.option("attitudes"):
        return Verdict.no("leave full cover first (one MF)", "11.3")
    if ctx.option("command") and pid in (ctx.var("halted") or ()):
        return Verdict.no("out of command: it spends no MF this phase", "17.12")
    return Verdict.yes()


def check_step(ctx: Ctx, pid: str, step: Step, left: int | None = None) -> Verdict:
    """Whether the character may take ``step`` now (MF and occupants, 6.123, 4.3);
    ``left``: its :func:`mf_left`, when the caller has it."""
    allowed = step_allowed(ctx, pid, step)
    if not allowed:
        return allowed
    if left is None:
        left = mf_left(ctx, pid)
    if step.cost > left:
        return Verdict.no(f"needs {step.cost} MF, {left} left", "6.123")
    if step.kind != "jump" and friend_at(ctx, pid, step.to, step.level):
        if not can_leave(ctx, pid, step.to, step.level, left - step.cost):
            return Verdict.no("may pass a friend but not stop on it", "4.31")
    return Verdict.yes()


# -- the UI's queries --------------------------------------------------------------------


def first_steps(ctx: Ctx, pid: str) -> list[Step]:
    piece = ctx.state.pieces[pid]
    if piece.space is None:
        return entry_steps(ctx, pid)
    return steps_from(ctx, piece.space, piece.level)


# -- acting: who may act (4.5, 6.11, 6.53) ------------------------------------------------

UNIT_KINDS = ("move", "climb", "jump", "enter", "exit", "face", "finish")
STEP_KINDS = ("move", "climb", "jump", "enter")


def may_act(ctx: Ctx, side: str, pid) -> Verdict:
    """Whether ``pid`` may do anything in this movement phase."""
    if pid not in ctx.state.pieces or ctx.kind(pid) != "character":
        return Verdict.no(f"no character {pid!r}", "1.21")
    if ctx.var("pending"):
        return Verdict.no("an impact move must be made first", "6.5224")
    if ctx.phase != "movement" or not ctx.chit:
        return Verdict.no("units move only in their organization's movement phase", "3.2")
    piece = ctx.state.pieces[pid]
    if piece.side != side:
        return Verdict.no("a player moves only his own units", "4.1")
    if ctx.org(pid) != ctx.chit:
        return Verdict.no("only the organization whose Sequence unit was drawn acts", "4.5")
    if piece.status not in ("active", "off"):
        return Verdict.no(f"{ctx.name(pid)} is out of the game ({piece.status})", "6.22")
    if pid in ctx.state.vars.get("done", ()):          # Ctx.done, not copied
        return Verdict.no("a unit left for another may not move again", "6.11")
    if ctx.stuns(pid):
        return Verdict.no("a stunned unit may not move", "6.53")
    mover = ctx.mover
    if mover and mover != pid and sharing(ctx, mover):
        return Verdict.no("the unit moving now stands on a friend and must move on", "4.31")
    if piece.space is None:
        entry = ctx.var("entry", {}).get(ctx.org(pid))
        if entry and entry.get("turn") != ctx.turn:
            return Verdict.no("an organization enters all on one turn", "6.21")
    return Verdict.yes()


def find_step(ctx: Ctx, pid: str, kind: str, to, level) -> Step | None:
    """The cheapest step of ``kind`` from where the character is to (to, level)."""
    piece = ctx.state.pieces[pid]
    key = piece.space
    if (kind == "enter") != (key is None):
        return None
    here = (key, piece.level)
    if key is None or ctx.option("siege") or here in grapple_ends(ctx):
        steps = first_steps(ctx, pid)
    else:               # steps_from without its copy: no rope's or tunnel's step here
        steps = _board_steps(ctx, key, piece.level)
    best = None         # the first of the cheapest, as min() keeps it (issue 12)
    for step in steps:
        if step.kind == kind and step.to == to and (level is None or step.level == level) \
                and (best is None or step.cost < best.cost):
            best = step
    return best


def legal(ctx: Ctx, action) -> Verdict:
    """Legality of a unit action in the movement phase (6.1-6.6)."""
    pid = action.get("piece")
    verdict = may_act(ctx, action.side, pid)
    if not verdict:
        return verdict
    kind = action.kind
    if ctx.option("cafard"):
        from .cafard import move_allowed

        verdict = move_allowed(ctx, pid, action)
        if not verdict:
            return verdict
    if kind in STEP_KINDS:
        step = find_step(ctx, pid, kind, action.get("to"), action.get("level"))
        if step is None:
            rule = {"enter": "6.21", "jump": "6.5", "climb": "6.14"}.get(kind, "6.13")
            return Verdict.no(f"no {kind} to {action.get('to')} from here", rule)
        return check_step(ctx, pid, step)
    piece = ctx.state.pieces[pid]
    if kind == "face":
        facing = action.get("facing")
        if not isinstance(facing, int) or not 0 <= facing <= 7:
            return Verdict.no("facing must be one of the 8 directions 0..7", "4.2")
        if piece.space is None:
            return Verdict.no("only units on the board have a facing", "4.2")
        return Verdict.yes()
    if kind == "exit":
        if piece.space is None or edge_of(ctx, piece.space) is None:
            return Verdict.no("a unit leaves the board from an edge square", "6.22")
        cost = ctx.tables.enter
        if mf_left(ctx, pid) < cost:
            return Verdict.no(f"leaving the board takes {mf_text(cost)}", "6.22")
        return Verdict.yes()
    if kind == "finish":
        if sharing(ctx, pid):
            return Verdict.no("may not stop on a friend's square", "4.3")
        return Verdict.yes()
    return Verdict.no(f"unknown action {kind!r}", "3")


# -- resolving ------------------------------------------------------------------------------


def start(batch, pid: str) -> None:
    """6.11 the unit becomes the one moving; the previous one is finished for good."""
    ctx = batch.ctx
    mover = ctx.mover
    if mover == pid:
        return
    done = ctx.done + ([mover] if mover else [])
    changes = [Change.var("mover", pid), Change.var("done", done)]
    mf = mf_max(ctx, pid)       # 6.12 read before the changes: both uses alike
    if "mf_left" not in ctx.state.pieces[pid].data:
        changes.append(Change.set(pid, "data.mf_left", mf))
    text = f"6.11 {ctx.name(pid)} starts moving ({mf} MF)"
    batch.add("start", "6.11", text, changes, ctx.state.pieces[pid].side, piece=pid)


def follow(ctx: Ctx, pid: str, key, level: int, status: str | None = None) -> list[Change]:
    """6.31 / 6.21 carried ropes go where their carrier goes."""
    out = []
    for rope in ctx.carried(pid):
        out += [Change.set(rope, "space", key), Change.set(rope, "level", level)]
        if status:
            out.append(Change.set(rope, "status", status))
    return out


# resolving a step lives in .moving (kept importable from here)
from .moving import forced_step, resolve  # noqa: E402, F401

#: the listing lives in .movement_actions (importable from here too, when first
#: asked for: that module imports this one)
_LISTING = ("movable_pieces", "unit_actions")


def __getattr__(name: str):
    if name in _LISTING:
        from . import movement_actions

        found = globals()[name] = getattr(movement_actions, name)   # asked once
        return found
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
