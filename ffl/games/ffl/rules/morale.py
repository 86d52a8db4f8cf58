"""Command control and morale (17): 17.1 command control, 17.2 Bedouin morale,
17.4 Camerone.  Le Cafard (17.3) is :mod:`.cafard`.

Optional rules ``command`` (17.1, 17.2) and ``camerone`` (17.4).

* 17.1 a non-leader more than six squares (firing range) from every leader
  able to control it is out of command; 17.11 the commanders control their
  whole side, NCOs and chiefs their own organization only; 17.12 at the start
  of its organization's movement phase each unit out of command rolls: 5-6
  and it spends no MF this phase (turning and taking or leaving an exposed
  attitude stay free).  The result is kept in ``vars["halted"]``.
* 17.2 in the Bedouin Morale Phase (after the fire phases) every tribe of five
  or fewer survivors (its own tribesmen: the mutineers of 19, who move under a
  tribe's Sequence unit, are Legionnaires, not a tribe) rolls on the Bedouin Morale Table, on the line of the
  best leader within six squares of all its units (Al Krim, Sgt. Kulm, its
  chief, none); a roll listed there and the whole tribe retreats: its units
  leave the game.
* 17.41 at the start of a turn on which one opposing side (the Bedouin, or in
  23 the Mutineers) outnumbers the Legion four to one or more, the Legion goes into Camerone for the rest of the
  game (``vars["camerone"]``): its units may not fire; +1 attacking, -1 to the
  attacker's roll against them; 17.42 not for mad units (17.3) or mutineers.
"""

from __future__ import annotations

from ffl.engine import Change

from .. import tables
from .arc import firing_range
from .context import BEDOUIN, LEGION, Batch, Ctx

# -- 17.4 Camerone --------------------------------------------------------------------


def in_camerone(ctx: Ctx, pid: str) -> bool:
    """17.41 the unit fights in Camerone (17.42: not a mad unit)."""
    piece = ctx.state.pieces[pid]
    return (ctx.option("camerone") and bool(ctx.var("camerone")) and piece.side == LEGION
            and not piece.data.get("cafard"))


def camerone_melee(ctx: Ctx, attacker: str, defender: str) -> list[tuple[str, int, str]]:
    """17.41 +1 for a Legion attacker in Camerone, -1 attacking one."""
    value = tables.MELEE_MODIFIERS
    out = []
    if in_camerone(ctx, attacker):
        out.append(("17.41", value["17.41-attack"], "Legion attacking in Camerone"))
    if in_camerone(ctx, defender):
        out.append(("17.41", value["17.41-defend"], "attacking the Legion in Camerone"))
    return out


def check_camerone(batch: Batch) -> None:
    """17.41 at the start of a turn: outnumbered four to one by one side."""
    ctx = batch.ctx
    if not ctx.option("camerone") or ctx.var("camerone"):
        return
    legion = sum(1 for p in ctx.characters(LEGION) if p.status == "active")
    if ctx.data.scenario and ctx.data.scenario.get("patrol"):
        # 22.11 the patrol still off the board is the Legion's too, as the Bedouin
        # still off the board are theirs
        from .scenario_22 import patrol_units

        legion += sum(1 for pid in patrol_units(ctx)
                      if ctx.state.pieces[pid].status in ("unused", "off"))
    # any one opposing side: the Bedouin, or in 23 the Mutineer side as well
    foes: dict[str, int] = {}
    for p in ctx.characters():
        if p.side != LEGION and p.status in ("active", "off"):
            foes[p.side] = foes.get(p.side, 0) + 1
    most = max(foes.values(), default=0)
    if legion and most >= tables.CAMERONE_ODDS * legion:
        batch.add("camerone", "17.41",
                  f"17.41 Camerone: {legion} Legionnaires against {most}; the Legion "
                  "fights with the bayonet for the rest of the game", [
                      Change.var("camerone", True)], LEGION)


# -- 17.1 command control ---------------------------------------------------------------


def controls(ctx: Ctx, leader: str, pid: str) -> bool:
    """17.11 commanders control their whole side, NCOs and chiefs their own
    organization."""
    if leader == pid or not ctx.value(leader, "leader", False):
        return False
    lp, p = ctx.state.pieces[leader], ctx.state.pieces[pid]
    if lp.side != p.side or not lp.on_board:
        return False
    if ctx.org(leader) in ("legion-cmd", "bedouin-cmd"):
        return True
    return ctx.org(leader) == ctx.org(pid)


def in_command(ctx: Ctx, pid: str) -> bool:
    """17.1 a leader is always in command; a non-leader when a leader who may
    control it is within six squares."""
    if ctx.value(pid, "leader", False):
        return True
    piece = ctx.state.pieces[pid]
    if not piece.on_board:
        return True           # off the board: counted once it has entered
    for other in ctx.characters(piece.side):
        if other.on_board and controls(ctx, other.id, pid) and \
                firing_range(ctx.board, other.space, piece.space) <= tables.COMMAND_RANGE:
            return True
    return False


def command_rolls(batch: Batch, org: str) -> None:
    """17.12 at the start of the organization's movement phase, one roll for each
    unit out of command: 5-6 and it spends no MF this phase."""
    ctx = batch.ctx
    if not ctx.option("command"):
        return
    halted = []
    for p in ctx.characters(org=org):
        if p.status != "active" or in_command(ctx, p.id):
            continue
        roll = batch.die("17.12", f"Command control for {ctx.name(p.id)}", side=p.side,
                         piece=p.id)
        if tables.command_roll_moves(roll):
            batch.add("in-command", "17.12", f"17.12 {ctx.name(p.id)} is out of command; "
                      f"roll {roll}: moves normally", side=p.side, piece=p.id, roll=roll)
        else:
            halted.append(p.id)
            batch.add("halted", "17.12", f"17.12 {ctx.name(p.id)} is out of command; roll "
                      f"{roll}: spends no MF this phase", side=p.side, piece=p.id, roll=roll)
    if not halted:          # nothing held: the lines above (if any) said it all
        return
    names = ", ".join(ctx.name(pid) for pid in halted)
    count = "one unit" if len(halted) == 1 else f"{len(halted)} units"
    batch.add("command", "17.12", f"17.12 {count} of {_org_words(ctx, org)} held by command "
              f"control this phase: {names}", [Change.var("halted", halted)], piece=None)


def _org_words(ctx: Ctx, org: str) -> str:
    """The organization as the log names it: in 19 a tribe's Sequence unit moves a
    squad's mutineers (19.3), named as such ("Berber Tribe (2nd Squad mutineers)")."""
    from .scenario_19 import driven

    squad = driven(ctx, org) if ctx.data.scenario and ctx.data.scenario.get("mutineer") \
        else None
    return f"{ctx.org_name(org)} ({ctx.org_name(squad)} mutineers)" if squad \
        else ctx.org_name(org)


def halted(ctx: Ctx, pid: str) -> bool:
    """17.12 the unit spends no MF in this movement phase."""
    return ctx.option("command") and pid in (ctx.var("halted") or ())


# -- 17.2 Bedouin morale ----------------------------------------------------------------


def best_leader(ctx: Ctx, org: str) -> str:
    """17.221 the best leader within six squares of every unit of the tribe:
    ``Al Krim``, ``Sgt. Kulm``, ``Chief`` or ``None`` (the table's lines)."""
    units = [p for p in ctx.characters(org=org) if p.on_board]
    for line, pids in (("Al Krim", ["B-BC-AlKrim"]), ("Sgt. Kulm", ["B-BC-Kulm"]),
                       ("Chief", [p.id for p in ctx.characters(org=org)
                                  if ctx.value(p.id, "leader", False)])):
        for leader in pids:
            lp = ctx.state.pieces.get(leader)
            if lp is None or not lp.on_board or not units:
                continue
            if all(firing_range(ctx.board, lp.space, u.space) <= tables.MORALE_LEADER_RANGE
                   for u in units):
                return line
    return "None"


def morale_phase(batch: Batch) -> None:
    """17.2 the Bedouin Morale Phase: each tribe of five or fewer survivors
    rolls; a listed roll and the tribe retreats (every unit leaves the game)."""
    from ..roster import TRIBES

    ctx = batch.ctx
    if not ctx.option("command"):
        return
    batch.add("phase", "17.2", "17.2 Bedouin morale phase")
    for org in TRIBES:
        # 19.3 the mutineers only borrow a tribe's Sequence unit: no tribe, no morale
        alive = [p for p in ctx.characters(org=org) if p.status in ("active", "off")
                 and not p.markers.get("mutineer")]
        if not alive or len(alive) >= tables.MORALE_SAFE_SURVIVORS:
            continue
        leader = best_leader(batch.ctx, org)
        roll = batch.die("17.222", f"Morale of the {ctx.org_name(org)} ({leader})",
                         side=BEDOUIN, org=org)
        if not tables.tribe_retreats(leader, roll):
            batch.add("morale-holds", "17.222", f"17.222 {ctx.org_name(org)}: {len(alive)} "
                      f"left, best leader {leader}, roll {roll}: they fight on", side=BEDOUIN,
                      org=org, roll=roll)
            continue
        changes = []
        for p in alive:
            changes += [Change.set(p.id, "status", "exited"), Change.set(p.id, "space", None)]
            for rope in ctx.carried(p.id):
                changes += [Change.set(rope, "space", p.space), Change.set(rope, "level",
                                                                            p.level),
                            Change.set(rope, "data.carrier", None)]
            if p.data.get("ropes"):
                changes.append(Change.set(p.id, "data.ropes", None))
        batch.add("retreat", "17.222", f"17.222 {ctx.org_name(org)}: {len(alive)} left, best "
                  f"leader {leader}, roll {roll}: the tribe retreats and leaves the game",
                  changes, BEDOUIN, org=org, roll=roll)
