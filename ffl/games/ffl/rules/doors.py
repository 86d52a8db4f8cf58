"""Gates, doors and windows (10, optional rule ``doors``).

State: ``vars["doors"]`` maps an opening (``"A1|B1|0"``: its two squares,
sorted, and the level) to ``{"status": "closed"|"locked", "forced": bool,
"broken": bool}``; an opening not listed is open (2.2).  Each Gate unit keeps
its own ``data["status"]`` (``open``/``closed``) and ``vars["gate_locked"]``
says the gate is locked.

* 10.11 a unit opens, closes, locks or unlocks a door or window from inside
  the building, standing in the square of the opening at its level; a gate
  from a gate square;
* 10.13 gate 4 MF to open or close, door or window 1, lock or unlock 1 (the
  module's movement costs); unlocked before opened, closed before locked;
* 10.15 the Legion sets every opening in its set-up (``set-door``);
* 10.2 movement through a closed door or window is impossible, through a
  closed gate too (our reading: an open Gate unit is swung aside and no longer
  lies across the gate side; see docs/reconstructions.md);
* 10.21, 10.211 from the outside square a unit forces a closed door or window
  (1 MF an attempt, as often as its MF allow): 10.2111 unopposed, a roll of
  its Melee Number or more; 10.2112 opposed by a foe right behind it inside,
  both roll and take off their Melee Numbers, the attempt must come out
  higher; a forced opening stays open for good (10.212);
* 10.22 a locked one must be broken first, the same way: it stays closed and
  can never be locked again; gates are neither forced nor broken;
* 10.16 closed doors and windows have firing slots (:mod:`.slots`).
"""

from __future__ import annotations

from ffl.engine import Action, Change, Verdict
from ffl.engine.features import DOOR, WINDOW

from .. import tables
from .context import Batch, Ctx

KINDS = ("door", "set-door")
OPS = ("open", "close", "lock", "unlock", "force", "break")
STATUSES = ("open", "closed", "locked")
GATE = "gate"


def key_of(a: str, b: str, level: int) -> str:
    a, b = sorted((a, b))
    return f"{a}|{b}|{int(level)}"


def parse(key: str) -> tuple[str, str, int]:
    a, b, level = key.split("|")
    return a, b, int(level)


def openings(ctx: Ctx) -> list[str]:
    """Every door and window of the board, by key (cached on the fort)."""
    found = getattr(ctx.fort, "_ffl_openings", None)
    if found is None:
        seen = set()
        for a in ctx.board.keys():
            for b in ctx.board.orthogonal(a):
                if b < a:
                    continue
                for level in set(ctx.fort.levels(a)) | set(ctx.fort.levels(b)):
                    if ctx.fort.side_features(a, b, level) & {DOOR, WINDOW}:
                        seen.add(key_of(a, b, level))
        found = sorted(seen)
        ctx.fort._ffl_openings = found
    return found


def record(ctx: Ctx, key: str) -> dict:
    return dict((ctx.var("doors") or {}).get(key) or {})


def status(ctx: Ctx, a: str, b: str, level: int) -> str:
    """``open``, ``closed`` or ``locked`` (always open without the option)."""
    if not ctx.option("doors"):
        return "open"
    return record(ctx, key_of(a, b, level)).get("status", "open")


def is_closed(ctx: Ctx, a: str, b: str, level: int) -> bool:
    return status(ctx, a, b, level) != "open"


def inside(ctx: Ctx, key: str) -> str:
    """The square of the opening inside its building or tower (10.11)."""
    a, b, level = parse(key)
    from .sight import sight_for

    rooms = sight_for(ctx.board, ctx.fort).interiors
    return a if rooms.room(a, level) is not None or rooms.room(b, level) is None else b


def gate_units(ctx: Ctx) -> list:
    return [p for p in ctx.state.pieces.values() if p.type == "gate"]


def gate_open(ctx: Ctx, square: str) -> bool:
    """10.2 the Gate unit of a gate square is swung open (the option only)."""
    if not ctx.option("doors"):
        return False
    return any(g.space == square and g.data.get("status") == "open" for g in gate_units(ctx))


def gate_of(ctx: Ctx, square: str):
    return next((g for g in gate_units(ctx) if g.space == square), None)


# -- legality ---------------------------------------------------------------------------------


def _cost(ctx: Ctx, op: str, gate: bool) -> int:
    costs = ctx.tables.costs
    if op in ("force", "break"):
        return costs.get("force-break", 1)
    if op in ("lock", "unlock"):
        return costs.get("lock-unlock", 1)
    return costs.get("open-close-gate", 4) if gate else costs.get("open-close-door", 1)


def _door_op(ctx: Ctx, pid: str, key: str, op: str) -> Verdict:
    piece = ctx.state.pieces[pid]
    if key not in openings(ctx):
        return Verdict.no(f"no door or window {key}", "10.11")
    a, b, level = parse(key)
    rec = record(ctx, key)
    now = rec.get("status", "open")
    inner = inside(ctx, key)
    outer = b if inner == a else a
    here = (piece.space, piece.level)
    if op in ("force", "break"):
        if here != (outer, level):
            return Verdict.no("attempts are made from the outside square of the opening",
                              "10.211")
        if op == "force" and now != "closed":
            return Verdict.no("only a closed, unlocked door or window is forced" +
                              ("; break the lock first" if now == "locked" else ""),
                              "10.22" if now == "locked" else "10.21")
        if op == "break" and now != "locked":
            return Verdict.no("only a locked door or window is broken", "10.22")
        return Verdict.yes()
    if here != (inner, level):
        return Verdict.no("doors and windows are worked from inside, in their own square",
                          "10.11")
    if op == "open" and now != "closed":
        return Verdict.no("unlock it first" if now == "locked" else "it is open", "10.13")
    if op == "close":
        if now != "open":
            return Verdict.no("it is closed", "10.13")
        if rec.get("forced"):
            return Verdict.no("a forced door or window is never closed again", "10.212")
    if op == "lock":
        if now != "closed":
            return Verdict.no("close it before locking it", "10.13")
        if rec.get("broken"):
            return Verdict.no("a broken lock never locks again", "10.22")
    if op == "unlock" and now != "locked":
        return Verdict.no("it is not locked", "10.13")
    return Verdict.yes()


def _gate_op(ctx: Ctx, pid: str, op: str) -> Verdict:
    piece = ctx.state.pieces[pid]
    if op in ("force", "break"):
        return Verdict.no("gates are neither forced nor broken", "10.21")
    gate = gate_of(ctx, piece.space) if piece.space else None
    if gate is None:
        return Verdict.no("the gate is worked from a gate square", "10.11")
    now = gate.data.get("status", "closed")
    locked = bool(ctx.var("gate_locked"))
    if op == "open" and (now == "open" or locked):
        return Verdict.no("unlock the gate first" if locked else "it is open", "10.13")
    if op == "close" and now != "open":
        return Verdict.no("it is closed", "10.13")
    if op == "lock" and (locked or any(g.data.get("status") == "open" for g in gate_units(ctx))):
        return Verdict.no("both Gate units must be closed before locking" if not locked
                          else "it is locked", "10.12")
    if op == "unlock" and not locked:
        return Verdict.no("the gate is not locked", "10.13")
    return Verdict.yes()


def legal(ctx: Ctx, action: Action) -> Verdict:
    from .morale import halted
    from .movement import may_act, mf_left

    if not ctx.option("doors"):
        return Verdict.no("the gates, doors and windows option is not in play", "10")
    if action.kind == "set-door":
        return _setup_ok(ctx, action)
    pid, key, op = action.get("piece"), action.get("door"), action.get("op")
    verdict = may_act(ctx, action.side, pid)
    if not verdict:
        return verdict
    if op not in OPS:
        return Verdict.no(f"one of {', '.join(OPS)}", "10.1")
    if not ctx.state.pieces[pid].on_board:
        return Verdict.no("the unit is not on the board", "10.11")
    verdict = _gate_op(ctx, pid, op) if key == GATE else _door_op(ctx, pid, key, op)
    if not verdict:
        return verdict
    if halted(ctx, pid):
        return Verdict.no("out of command: it spends no MF this phase", "17.12")
    if ctx.state.pieces[pid].data.get("attitude") == "full-cover":
        return Verdict.no("leave full cover first (one MF)", "11.3")
    need = _cost(ctx, op, key == GATE)
    if mf_left(ctx, pid) < need:
        return Verdict.no(f"that takes {need} MF", "10.13" if op not in ("force", "break")
                          else "10.211")
    from .movement import can_leave, sharing

    piece = ctx.state.pieces[pid]
    if sharing(ctx, pid) and not can_leave(ctx, pid, piece.space, piece.level,
                                           mf_left(ctx, pid) - need):
        return Verdict.no("on a friend's square: keep the MF to move on", "4.31")
    return Verdict.yes()


def _setup_ok(ctx: Ctx, action: Action) -> Verdict:
    if ctx.phase != "setup-legion" or action.side != "legion":
        return Verdict.no("the Legion sets the doors, windows and gate in its set-up", "10.15")
    key, to = action.get("door"), action.get("status")
    if to not in STATUSES:
        return Verdict.no(f"one of {', '.join(STATUSES)}", "10.15")
    if key != GATE and key not in openings(ctx):
        return Verdict.no(f"no door or window {key}", "10.15")
    return Verdict.yes()


# -- resolving --------------------------------------------------------------------------------


def _set(ctx: Ctx, key: str, **values) -> Change:
    doors = {k: dict(v) for k, v in (ctx.var("doors") or {}).items()}
    rec = doors.get(key, {})
    rec.update(values)
    if rec.get("status", "open") == "open" and not rec.get("forced") and not rec.get("broken"):
        doors.pop(key, None)
    else:
        doors[key] = rec
    return Change.var("doors", doors)


def resolve(batch: Batch, action: Action) -> None:
    if action.kind == "set-door":
        _resolve_setup(batch, action)
        return
    from .movement import mf_left, start

    pid, key, op = action["piece"], action["door"], action["op"]
    start(batch, pid)
    ctx = batch.ctx
    piece = ctx.state.pieces[pid]
    cost = _cost(ctx, op, key == GATE)
    spend = [Change.set(pid, "data.mf_left", mf_left(ctx, pid) - cost),
             Change.set(pid, "data.moved", True)]
    name = ctx.name(pid)
    if key == GATE:
        gate = gate_of(ctx, piece.space)
        if op in ("open", "close"):
            status_ = "open" if op == "open" else "closed"
            changes = spend + [Change.set(gate.id, "data.status", status_)]
            what = f"swings the Gate unit of {piece.space} {'open' if op == 'open' else 'shut'}"
        else:
            changes = spend + [Change.var("gate_locked", op == "lock" or None)]
            what = f"{op}s the gate"
        batch.add("gate", "10.13", f"10.13 {name} {what} ({cost} MF)", changes, piece.side,
                  piece=pid, op=op)
        return
    a, b, level = parse(key)
    where = f"the {'window' if WINDOW in ctx.fort.side_features(a, b, level) else 'door'} " \
            f"between {a} and {b}"
    if op in ("open", "close", "lock", "unlock"):
        to = {"open": "open", "close": "closed", "lock": "locked", "unlock": "closed"}[op]
        batch.add("door", "10.13", f"10.13 {name} {op}s {where} ({cost} MF)",
                  spend + [_set(ctx, key, status=to)], piece.side, piece=pid, door=key, op=op)
        return
    _attempt(batch, pid, key, op, where, spend)


def _attempt(batch: Batch, pid: str, key: str, op: str, where: str, spend) -> None:
    """10.2111 / 10.2112 one forcing or breaking attempt."""
    ctx = batch.ctx
    piece = ctx.state.pieces[pid]
    rule = "10.22" if op == "break" else "10.21"
    batch.add("door-attempt", rule, f"{rule} {ctx.name(pid)} tries to {op} {where} (1 MF)",
              spend, piece.side, piece=pid, door=key, op=op)
    a, b, level = parse(key)
    inner = inside(ctx, key)
    foe = ctx.occupant(inner, level)
    melee = int(ctx.value(pid, "melee", 6))
    roll = batch.die("10.211", f"{op.capitalize()} attempt by {ctx.name(pid)}", side=piece.side)
    if foe is not None and foe.side != piece.side:
        theirs = batch.die("10.2112", f"Holding the {op} against {ctx.name(pid)}",
                           side=foe.side, piece=foe.id)
        fm = int(ctx.value(foe.id, "melee", 6))
        ok = tables.force_opposed(roll, melee, theirs, fm)
        how = (f"opposed by {ctx.name(foe.id)}: {roll}-{melee}={roll - melee} against "
               f"{theirs}-{fm}={theirs - fm}")
        sub = "10.2112"
    else:
        ok = tables.force_unopposed(roll, melee)
        how = f"unopposed: roll {roll} against Melee Number {melee}"
        sub = "10.2111"
    if not ok:
        batch.add("door-held", sub, f"{sub} {how}: it holds", [], piece.side, piece=pid,
                  door=key)
        return
    if op == "force":
        change = _set(ctx, key, status="open", forced=True)
        text = f"{sub} {how}: forced open for good (10.212)"
    else:
        change = _set(ctx, key, status="closed", broken=True)
        text = f"{sub} {how}: the lock is broken; it must still be forced (10.22)"
    batch.add("door-forced" if op == "force" else "door-broken", sub, text, [change],
              piece.side, piece=pid, door=key)


def _resolve_setup(batch: Batch, action: Action) -> None:
    ctx = batch.ctx
    key, to = action["door"], action["status"]
    if key == GATE:
        changes = [Change.set(g.id, "data.status", "open" if to == "open" else "closed")
                   for g in gate_units(ctx)]
        changes.append(Change.var("gate_locked", to == "locked" or None))
        batch.add("set-door", "10.15", f"10.15 The gate is set {to}", changes, "legion",
                  door=key, status=to)
        return
    a, b, level = parse(key)
    batch.add("set-door", "10.15", f"10.15 The opening between {a} and {b} is set {to}",
              [_set(ctx, key, status=to)], "legion", door=key, status=to)


# -- listing -----------------------------------------------------------------------------------


def unit_actions(ctx: Ctx, pid: str) -> list[Action]:
    """The door and gate actions open to one unit where it stands."""
    if not ctx.option("doors"):
        return []
    piece = ctx.state.pieces[pid]
    if not piece.on_board:
        return []
    out = []
    for key in openings(ctx):
        a, b, level = parse(key)
        if level == piece.level and piece.space in (a, b):
            out += [Action.make("door", piece.side, piece=pid, door=key, op=op) for op in OPS]
    if gate_of(ctx, piece.space) is not None:
        out += [Action.make("door", piece.side, piece=pid, door=GATE, op=op)
                for op in ("open", "close", "lock", "unlock")]
    return [a for a in out if legal(ctx, a)]


def setup_actions(ctx: Ctx, limit: int = 3) -> list[Action]:
    """A few set-up settings (self-play): the gate and the first doors."""
    if not ctx.option("doors") or ctx.phase != "setup-legion":
        return []
    out = []
    for key in [GATE] + openings(ctx)[:limit]:
        if key == GATE:
            gates = {g.data.get("status", "closed") for g in gate_units(ctx)}
            now = "locked" if ctx.var("gate_locked") else ("open" if "open" in gates
                                                            else "closed")
        else:
            now = record(ctx, key).get("status", "open")
        out += [Action.make("set-door", "legion", door=key, status=s) for s in STATUSES
                if s != now]
    return out
