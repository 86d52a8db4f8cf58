"""22 The Returning Patrol.

22.1 one tribe is left out by the Bedouin player's choice (``scenarios``).
22.11 the Legion player sends one squad and one Legion Commander on patrol
(kind ``patrol``, ``unit`` a squad's organization id or a commander's piece
id; choosing another squad or commander brings the first back); they wait off
the board (status ``unused``, piece data ``patrol``) and the rest of the Legion
sets up in the fort.  22.12 the Bedouin start off the board as in 2.32.

22.2 from the turn the data gives (``setup["patrol"]["first_roll_turn"]``, 4)
the Legion player rolls at the start of every turn until a roll of
``arrives_on`` (4-6): the patrol then enters on the next turn (its units wait
with status ``off``).  When the first patrol organization is drawn for
movement that turn, a second roll picks the side all of them enter from
(``edge_by_roll``: 1-2 north, 3-4 south, 5 east, 6 west; ``vars["fixed_edges"]``
read by ``entry.entry_edges``); they enter as Bedouin units do (6.21) and must
all enter during that movement phase.

22.3 the Bedouin win as soon as every Legion unit of the garrison is gone
before a patrol unit has reached a fort square; otherwise rule 9 decides.

State: ``vars["patrol"]`` = ``{"squad", "commander", "rolls": {turn: value},
"due", "edge", "in_fort"}``.
"""

from __future__ import annotations

from ffl.engine import Action, Change, Prompt, Verdict

from ..roster import ORGS
from .context import BEDOUIN, LEGION, Batch, Ctx

SQUADS = ("squad-1", "squad-2", "squad-3")
EDGE_WORDS = {"N": "north", "S": "south", "E": "east", "W": "west"}


def rules(ctx: Ctx) -> dict:
    return dict(ctx.data.scenario.get("patrol") or {})


def record(ctx: Ctx) -> dict:
    return dict(ctx.var("patrol") or {})


def patrol_units(ctx: Ctx) -> list[str]:
    rec = record(ctx)
    out = [p.id for p in ctx.characters(LEGION, rec["squad"])] if rec.get("squad") else []
    return out + ([rec["commander"]] if rec.get("commander") else [])


def commanders(ctx: Ctx) -> list[str]:
    return [p.id for p in ctx.characters(LEGION, "legion-cmd")]


# -- 22.11 choosing the patrol --------------------------------------------------------------


def _patrol_ok(ctx: Ctx, action: Action) -> Verdict:
    if ctx.phase != "setup-legion":
        return Verdict.no("the patrol is chosen during the Legion set-up", "22.11")
    if action.side != LEGION:
        return Verdict.no("the Legion player chooses the patrol", "22.11")
    unit = action.get("unit")
    rec = record(ctx)
    if unit in SQUADS:
        if rec.get("squad") == unit:
            return Verdict.no("that squad is already on patrol", "22.11")
        return Verdict.yes()
    if unit in commanders(ctx):
        if rec.get("commander") == unit:
            return Verdict.no("that officer already leads the patrol", "22.11")
        return Verdict.yes()
    return Verdict.no("the patrol is one squad and one Legion Commander", "22.11")


def _send(batch: Batch, unit: str) -> None:
    ctx = batch.ctx
    from .setup import choosing, record_sides

    if choosing(ctx):
        record_sides(batch, LEGION, kept=True)
        ctx = batch.ctx
    rec = record(ctx)
    key = "squad" if unit in SQUADS else "commander"
    old = rec.get(key)
    changes = []
    if old:                                   # the one chosen before comes back
        back = [p.id for p in ctx.characters(LEGION, old)] if key == "squad" else [old]
        changes += [Change.set(pid, "status", "off") for pid in back]
        changes += [Change.set(pid, "data.patrol", None) for pid in back]
    going = [p.id for p in ctx.characters(LEGION, unit)] if key == "squad" else [unit]
    for pid in going:
        changes += [Change.set(pid, "status", "unused"), Change.set(pid, "space", None),
                    Change.set(pid, "level", 0), Change.set(pid, "facing", None),
                    Change.set(pid, "data.patrol", True)]
    rec[key] = unit
    changes.append(Change.var("patrol", rec))
    who = ORGS[unit].name if key == "squad" else ctx.name(unit)
    batch.add("patrol", "22.11", f"22.11 {who} {'are' if key == 'squad' else 'is'} out on "
              "patrol", changes, LEGION, unit=unit)


# -- hooks ---------------------------------------------------------------------------------


def legal(ctx: Ctx, action: Action) -> Verdict | None:
    kind = action.kind
    if kind == "patrol":
        return _patrol_ok(ctx, action)
    if ctx.phase == "setup-legion":
        if kind == "place" and ctx.state.pieces.get(action.get("piece")) is not None \
                and ctx.state.pieces[action["piece"]].data.get("patrol"):
            return Verdict.no(f"{ctx.name(action['piece'])} is out on patrol", "22.11")
        if kind == "end-setup":
            rec = record(ctx)
            if not rec.get("squad") or not rec.get("commander"):
                return Verdict.no("send one squad and one Legion Commander on patrol first",
                                  "22.11")
        return None
    if kind == "end-phase" and ctx.phase == "movement" and ctx.chit:
        rec = record(ctx)
        if rec.get("due") == ctx.turn and _can_still_enter(ctx):
            return Verdict.no("the patrol must enter the board this movement phase", "22.2")
    return None


def _can_still_enter(ctx: Ctx) -> bool:
    from .movement import unit_actions

    for pid in patrol_units(ctx):
        piece = ctx.state.pieces[pid]
        if piece.status == "off" and ctx.org(pid) == ctx.chit:
            if any(a.kind == "enter" for a in unit_actions(ctx, pid)):
                return True
    return False


def resolve(batch: Batch, action: Action) -> bool:
    if action.kind == "patrol":
        _send(batch, action["unit"])
        return True
    return False


def after(batch: Batch, action: Action) -> None:
    """22.2 the arrival roll at the start of each turn from Turn Four, the patrol's
    arrival, the entry side roll; 22.3 a patrol unit reaching the fort."""
    ctx = batch.ctx
    if ctx.phase not in ("movement", "fire"):
        return
    rec, data = record(ctx), rules(ctx)
    first = int(data.get("first_roll_turn", 4))
    arrives = [int(v) for v in data.get("arrives_on", (4, 5, 6))]
    rolls = dict(rec.get("rolls") or {})
    if rec.get("due") is None and ctx.turn >= first and str(ctx.turn) not in rolls \
            and ctx.phase == "movement" and not ctx.chit:
        value = batch.die("22.2", f"Turn {ctx.turn}: does the patrol come back?",
                          side=LEGION)
        rolls[str(ctx.turn)] = value
        rec["rolls"] = rolls
        if value in arrives:
            rec["due"] = ctx.turn + 1
            text = (f"22.2 Rolled {value}: the patrol is on its way and enters on turn "
                    f"{ctx.turn + 1} (the Bedouin player is told)")
        else:
            text = f"22.2 Rolled {value}: no sign of the patrol this turn"
        batch.add("patrol-roll", "22.2", text, [Change.var("patrol", rec)], LEGION,
                  roll=value)
        ctx = batch.ctx
    if rec.get("due") == ctx.turn and any(ctx.state.pieces[p].status == "unused"
                                          for p in patrol_units(ctx)):
        changes = [Change.set(p, "status", "off") for p in patrol_units(ctx)
                   if ctx.state.pieces[p].status == "unused"]
        cup = list(ctx.var("cup") or [])
        if ctx.phase == "movement" and not ctx.chit:
            from .context import ORGS as ALL

            need = {ctx.org(p) for p in patrol_units(ctx)}
            cup = [o for o in ALL if o in cup or o in need]
            changes.append(Change.var("cup", cup))
        batch.add("patrol-arrives", "22.2", f"22.2 Turn {ctx.turn}: the patrol arrives and "
                  "must enter the board this turn", changes, LEGION)
        ctx = batch.ctx
    if rec.get("due") == ctx.turn and not rec.get("edge") and ctx.phase == "movement" \
            and ctx.chit and any(ctx.org(p) == ctx.chit for p in patrol_units(ctx)):
        value = batch.die("22.2", "The side the patrol enters from", side=LEGION)
        table = data.get("edge_by_roll") or {}
        edge = table.get(str(value), "N")
        rec["edge"] = edge
        fixed = dict(ctx.var("fixed_edges") or {})
        fixed.update({p: edge for p in patrol_units(ctx)})
        batch.add("patrol-edge", "22.2", f"22.2 Rolled {value}: the patrol enters from the "
                  f"{EDGE_WORDS.get(edge, edge)} side", [Change.var("patrol", rec),
                                                         Change.var("fixed_edges", fixed)],
                  LEGION, roll=value, edge=edge)
        ctx = batch.ctx
    if not rec.get("in_fort") and rec.get("due"):
        inside = [p for p in patrol_units(ctx) if ctx.state.pieces[p].on_board
                  and ctx.fort.is_fort(ctx.state.pieces[p].space)]
        if inside:
            rec["in_fort"] = True
            batch.add("patrol-in-fort", "22.3", f"22.3 {ctx.name(inside[0])} of the patrol "
                      "reaches the fort", [Change.var("patrol", rec)], LEGION)


def victory(batch: Batch) -> bool | None:
    """22.3 the garrison wiped out before a patrol unit reached the fort (None:
    rule 9 decides)."""
    ctx = batch.ctx
    rec = record(ctx)
    if rec.get("in_fort") or not rec.get("squad"):
        return None
    patrol = set(patrol_units(ctx))
    garrison = [p for p in ctx.characters(LEGION) if p.id not in patrol
                and p.status == "active"]
    if garrison:
        return None
    from .victory import _over

    _over(batch, BEDOUIN, "22.3 The garrison is wiped out before the patrol reached the "
          "fort: the Bedouin win", "22.3")
    return True


def actions(ctx: Ctx, out: list[Action]) -> list[Action]:
    if ctx.phase == "setup-legion":
        out = out + [Action.make("patrol", LEGION, unit=u) for u in (*SQUADS, *commanders(ctx))
                     if _patrol_ok(ctx, Action.make("patrol", LEGION, unit=u))]
    return out


def prompt(ctx: Ctx, p: Prompt) -> Prompt:
    rec = record(ctx)
    info = {**p.info, "patrol": {"squad": rec.get("squad"), "commander": rec.get("commander"),
                                 "due": rec.get("due"), "edge": rec.get("edge")}}
    if p.phase == "setup-legion":
        text = p.text
        if not rec.get("squad") or not rec.get("commander"):
            text += "; 22.11 send one squad and one officer on patrol"
        kinds = tuple(k for k in p.kinds if k != "leave-out")      # 22.11 none left out
        return Prompt(p.side, p.phase, text, (*kinds, "patrol"), info)
    return Prompt(p.side, p.phase, p.text, p.kinds, info)


def choices(ctx: Ctx, side: str) -> list[tuple[str, Action]]:
    if ctx.phase != "setup-legion" or side != LEGION:
        return []
    out = []
    for unit in (*SQUADS, *commanders(ctx)):
        action = Action.make("patrol", LEGION, unit=unit)
        if _patrol_ok(ctx, action):
            who = ORGS[unit].name if unit in SQUADS else ctx.name(unit)
            out.append((f"22.11 Send {who} on patrol", action))
    return out
