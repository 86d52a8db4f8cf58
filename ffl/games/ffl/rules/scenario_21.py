"""21 The Surprise Night Attack.

21.1 two tribes are left out by the Bedouin player's choice (``scenarios``).
21.11 the Legion player sets up all 33 units anywhere in the fort, in secret:
the positions and facings are the plot (on the reduced gameboard, 24); here
the units stand on the board in the state and are out of every other side's
view until the Legion is alerted (``hidden``, registered with
``hidden.register_hidden_pieces`` through ``scenarios``), so the Bedouin
player's screen, log and mailed save never show them.  21.12 the Bedouin start
off the board with their ropes.  21.2 the night rule (16) is on by default.

21.21 until alerted the Legion units neither spend MF, turn nor fire; the
Bedouin cannot fire at a unit that is not on the board for them.  Alerted
(``vars["alerted"]``) by: a successful grapple against a square holding a
hidden Legion unit, a Bedouin firing or a dynamite explosion, a Bedouin unit
entering a parade ground square (on it: one moving through a tunnel under it,
15.21, level -1, is not there), or a Bedouin unit starting a melee with a
hidden unit, or jumping onto one (6.52, the impact: the same as running into
him); if that melee or impact eliminates the Legion unit and the Bedouin unit
stands, the Bedouin player rolls: 5-6 it was silent (no alert), else alert.
21.22 alerted, the units show where they were plotted and normal play
begins.  21.3 is rule 9.
"""

from __future__ import annotations

from ffl.engine import Action, Change, Prompt, Verdict

from .context import BEDOUIN, LEGION, Batch, Ctx

STEPS = ("move", "climb", "jump", "enter")
FIRING = ("fire", "fire-dynamite", "weapon-fire")


def rules(ctx: Ctx) -> dict:
    sec = ctx.data.scenario.get("alert")
    return sec if isinstance(sec, dict) else {}


def alerted(ctx: Ctx) -> bool:
    return bool(ctx.var("alerted"))


def hidden(ctx: Ctx, side: str) -> list[str]:
    """21.11 the plotted Legion units, out of every other side's view until 21.22."""
    if side == LEGION or alerted(ctx):
        return []
    return [p.id for p in ctx.characters(LEGION) if p.on_board]


def plot(ctx: Ctx, side: str) -> list[dict]:
    """21.11 the Legion's secret plot as the Legion player pencils it on his copy
    of the reduced gameboard (24): for each unit the first letter of its name and
    its organization's number or letters ("R3" for Pvt. Romanov of the third
    squad), its square, level and facing.  Only for the Legion, and only while it
    is a secret (before 21.22); nothing for anybody else."""
    if side != LEGION or alerted(ctx):
        return []
    from ..roster import BY_ID, ORGS

    out = []
    for p in ctx.characters(LEGION):
        ch = BY_ID.get(p.type)
        if not p.on_board or ch is None:
            continue
        out.append({"piece": p.id, "mark": f"{ch.name[:1]}{ORGS[ch.org].code}",
                    "space": p.space, "level": p.level, "facing": p.facing})
    return out


def legal(ctx: Ctx, action: Action) -> Verdict | None:
    if alerted(ctx) or ctx.phase not in ("movement", "fire"):
        return None
    kind = action.kind
    if action.side == LEGION and kind not in ("draw", "end-phase"):
        return Verdict.no("the Legion is not alerted yet: it neither moves, turns nor fires",
                          "21.21")
    if action.side == BEDOUIN and kind in FIRING:
        target = action.get("target")
        if target in ctx.state.pieces and ctx.state.pieces[target].side == LEGION:
            return Verdict.no("no Legion unit is on the board for the Bedouin yet", "21.11")
    return None


def _alert(batch: Batch, why: str) -> None:
    batch.add("alert", "21.21", f"21.21 The Legion is alerted: {why}",
              [Change.var("alerted", True)], BEDOUIN)
    batch.add("revealed", "21.22", "21.22 The Legion units stand where they were plotted; "
              "normal play begins", [], LEGION)


def _ran_into(batch: Batch, pid: str | None, foes: list, why: str) -> None:
    """21.21 a Bedouin met hidden Legion units (``foes``): if one of them fell and
    the Bedouin stands, the Bedouin player rolls (5-6 silent), else the alert."""
    ctx = batch.ctx
    lost = [d for d in foes if d in ctx.state.pieces
            and ctx.state.pieces[d].side == LEGION
            and ctx.state.pieces[d].status == "eliminated"]
    stands = pid in ctx.state.pieces and ctx.state.pieces[pid].status == "active"
    if lost and stands:
        silent = [int(v) for v in rules(ctx).get("silent_kill_rolls", (5, 6))]
        roll = batch.die("21.21", "Was the kill silent?", side=BEDOUIN)
        if roll in silent:
            batch.add("silent-kill", "21.21", f"21.21 Rolled {roll}: the Legionnaire "
                      "fell silently; the others sleep on", [], BEDOUIN, roll=roll)
            return
        _alert(batch, f"rolled {roll}, the fight was heard")
        return
    _alert(batch, why)


def after(batch: Batch, action: Action) -> None:
    """21.21 the alerting conditions, after each Bedouin action."""
    ctx = batch.ctx
    if alerted(ctx) or action.side != BEDOUIN or ctx.phase not in ("movement", "fire"):
        return
    events = list(batch.events)
    kinds = {e.kind for e in events}
    if "explosion" in kinds:
        _alert(batch, "a dynamite explosion")
        return
    if action.kind in FIRING:
        _alert(batch, "a Bedouin fires")
        return
    if "grappled" in kinds:
        for e in events:
            rope = e.info.get("rope") if e.kind == "grappled" else None
            ends = ctx.state.pieces[rope].data.get("grappled") if rope else None
            if ends and any(p.space == ends[1][0] for p in ctx.characters(LEGION)
                            if p.on_board):
                _alert(batch, f"a rope is grappled onto {ends[1][0]}, where a Legionnaire "
                              "stands")
                return
    if "melee" in kinds:
        foes = [e.info.get("defender") for e in events if e.kind == "melee"]
        _ran_into(batch, action.get("piece"), foes, "a Bedouin runs into a Legionnaire")
        return
    if action.kind == "jump" and any(e.kind == "dice" and e.rule == "6.521" for e in events):
        # 6.52 landing on a hidden Legionnaire runs into him as a melee does: a
        # kill by the impact is silent on 5-6 only, anything else wakes the fort
        to, level = action.get("to"), action.get("level")
        touched = [e.info.get("piece") for e in events if e.rule.startswith("6.52")]
        touched += [p.id for p in ctx.characters(LEGION) if p.on_board
                    and p.position == (to, level)]
        touched = [t for t in touched if t in ctx.state.pieces
                   and ctx.state.pieces[t].side == LEGION]
        if touched:
            _ran_into(batch, action.get("piece"), touched,
                      "a Bedouin lands on a Legionnaire")
            return
    if action.kind in STEPS:
        pid = action.get("piece")
        piece = ctx.state.pieces.get(pid)
        # on the parade ground itself: not under it in a tunnel (15.21, level -1)
        if piece is not None and piece.on_board and piece.level >= 0 \
                and ctx.fort.area(piece.space) == "parade":
            _alert(batch, f"a Bedouin is on the parade ground ({piece.space})")


def prompt(ctx: Ctx, p: Prompt) -> Prompt:
    legion = ctx.data.scenario.get("legion") or {}
    info = {**p.info, "alerted": alerted(ctx),
            "limits": [t for t in (legion.get("text"), rules(ctx).get("text")) if t]
            if p.phase.startswith("setup") else []}
    text = p.text
    if p.phase == "setup-legion":
        text = text.replace("2.31", "21.11") + " (in secret: the Bedouin see none of it)"
        kinds = tuple(k for k in p.kinds if k != "leave-out")
        return Prompt(p.side, p.phase, text, kinds, info)
    if p.phase in ("movement", "fire") and not alerted(ctx) and p.side == LEGION:
        kinds = tuple(k for k in p.kinds if k in ("draw", "end-phase"))
        return Prompt(p.side, p.phase, f"{text} (21.21 not alerted yet: nothing to do)",
                      kinds, info)
    return Prompt(p.side, p.phase, text, p.kinds, info)
