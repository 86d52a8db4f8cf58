"""What the player holding the initiative may do when no question is pending.

Action kinds: ``activate`` (``space``), ``move`` (``space``, ``to``, ``units``,
``pieces``, ``leave``), ``done`` (finish the activation), ``momentum``
(``space``: place a marker to pass the initiative), ``end-turn``, ``concede``,
``siege`` / ``sally`` (``space``), ``assault-malta``, ``remove-bedouin`` and
``uprising`` (``space``), ``return`` (``sea``), ``ganteaume`` (``harbour``), and
``disembark`` (``to``) in the invasion phase.

:func:`listed` gives a finite list of legal actions (for self-play and the
program's opponent): every activation, and for the activated space a few ways
to split its elements towards each neighbour; :func:`check` accepts any legal
choice (any counts, any commanders).
"""

from __future__ import annotations

from ...engine import Action, GameState, Verdict
from . import tables as T
from .control import finish
from .flow import CONQUEST, INVASION, close_activation, hand, place_marker, voluntary_spaces
from .model import WITH, Ctx, count_by_type, juniors, units_text
from .tasks import GloryBatch, note, setvar, var_copy

INVASION_KINDS = ("activate", "move", "done", "end-turn", "disembark")
CONQUEST_KINDS = ("activate", "move", "done", "momentum", "end-turn", "concede", "siege",
                  "sally", "assault-malta", "remove-bedouin", "uprising", "return", "ganteaume")


def kinds(state: GameState) -> tuple[str, ...]:
    phase = state.vars.get("phase")
    if state.vars.get("pass_due") and state.vars.get("activation"):
        return ("move", "done")
    if phase == INVASION:
        side = state.vars.get("active")
        return INVASION_KINDS if side == T.FRENCH else INVASION_KINDS[:-1]
    return CONQUEST_KINDS


def prompt(state: GameState, ctx: Ctx):
    side = state.vars.get("active")
    phase = state.vars.get("phase")
    act = state.vars.get("activation")
    who = T.NATION_NAMES.get(side, side)
    if act:
        text = f"{who}: move elements out of {ctx.label(act['space'])}, or finish"
    elif phase == INVASION:
        text = f"{who}: activate a fleet's sea space to move it, or end your part of the turn"
    else:
        n = hand(state, side)
        text = (f"{who} ({n} momentum marker{'' if n == 1 else 's'}): activate a space, fight a "
                "siege, or place a marker to pass the initiative")
    return side, "invasion" if phase == INVASION else "conquest", text, kinds(state)


# -- listing --------------------------------------------------------------------------------

def listed(state: GameState, ctx: Ctx, *, concede: bool = True) -> list[Action]:
    from .invasion import destination_due, disembark_options
    from .local import local_options
    from .movement import activation_check, done_check, mobile
    from .returns import ganteaume_options, return_options
    from .siege import siege_options

    side = state.vars.get("active")
    if side is None:
        return []
    act = state.vars.get("activation")
    out: list[Action] = []
    if act:
        out += move_options(state, ctx, act["space"], side)
        if done_check(ctx, state, side):
            out.append(Action.make("done", side))
        if state.vars.get("pass_due"):
            return out
    spaces = sorted({p.space for p in state.pieces.values() if p.status == "active"
                     and p.side == side and p.space})
    for s in spaces:
        if s != (act or {}).get("space") and mobile(ctx, state, s, side) and \
                activation_check(ctx, state, side, s):
            out.append(Action.make("activate", side, space=s))
    if not (act or {}).get("must_leave") and \
            destination_due(ctx, state) is None:  # Moving Nelson; Invasion fleet destination
        out.append(Action.make("end-turn", side))
    if state.vars.get("phase") == INVASION:
        out += disembark_options(ctx, state)
        return out
    out += [Action.make("momentum", side, space=s) for s in voluntary_spaces(ctx, state, side)]
    out += siege_options(ctx, state, side)
    out += local_options(ctx, state, side)
    if side == T.FRENCH:
        out += return_options(ctx, state) + ganteaume_options(ctx, state)
    if concede:
        out.append(Action.make("concede", side))
    return out


def move_options(state: GameState, ctx: Ctx, space: str, side: str) -> list[Action]:
    from .movement import mobile, move_check

    here = mobile(ctx, state, space, side)
    if not here:
        return []
    groups = _groups(ctx, state, here)
    out = []
    for to in ctx.neighbours[space]:
        for units, pieces, leave in groups:
            a = Action.make("move", side, space=space, to=to, units=units, pieces=pieces,
                            leave=leave)
            if move_check(ctx, state, a):
                out.append(a)
    return out


def _groups(ctx: Ctx, state: GameState, here: list) -> list[tuple[str, str, str]]:
    """A few useful ways to split the elements of a space."""
    elems = [p for p in here if ctx.kind(p) == "element"]
    cmds = [p for p in here if ctx.kind(p) != "element"]
    ships = [p for p in here if ctx.kind(p) == "element" and ctx.ekind(p) == "squadron"]
    counts = count_by_type(elems)
    names = ",".join(sorted(p.id for p in cmds))
    out = [(units_text(counts), names, "")]
    if cmds and elems:
        out.append(("", names, ""))                       # commanders only
        out.append((units_text(counts), "", ""))          # elements only
    if counts.get("fr-inf", 0) >= 2 or any(t.endswith("-inf") and n >= 2
                                           for t, n in counts.items()):
        less = dict(counts)
        inf = next(t for t in sorted(counts) if t.endswith("-inf") and counts[t] >= 2)
        less[inf] -= 1
        out.append((units_text(less), names, ""))        # leave one infantry behind
        half = {t: n // 2 for t, n in counts.items() if n // 2}
        if half and sum(half.values()) < sum(counts.values()):
            junior = _a_junior(state, cmds)
            out.append((units_text(half), junior, ""))    # half, under a junior
    if ships and len(ships) < len(elems):
        out.append((units_text(count_by_type(ships)), names, ""))
    naval = {p.id for p in cmds if ctx.kind(p) == "commander" and ctx.naval(p)}
    if ships or naval:
        # the troops aboard, without the ships and their admirals: to disembark
        troops = count_by_type(p for p in elems if p not in ships)
        army = ",".join(sorted(p.id for p in cmds if p.id not in naval))
        if troops or army:
            out.append((units_text(troops), army, ""))
    cav = {t: n for t, n in counts.items() if t.endswith("-cav")}
    if cav and cav != counts:
        out.append((units_text(cav), "", ""))
    if any(c.id == "bonaparte" and c.data.get("returning") for c in cmds) and len(here) > 1:
        out.append(("", "bonaparte", ""))       # Bonaparte Returns: he sails alone
    for c in cmds:
        for j in juniors(state, c.id):
            out.append(("", j.id, ""))
            break
    seen, unique = set(), []
    for g in out:
        if g not in seen:
            seen.add(g)
            unique.append(g)
    return unique


def _a_junior(state: GameState, cmds: list) -> str:
    for c in cmds:
        js = sorted(juniors(state, c.id), key=lambda j: j.id)
        if js:
            return js[0].id
    if len(cmds) > 1:
        return sorted(cmds, key=lambda c: c.id)[-1].id
    return ""


# -- checking and doing --------------------------------------------------------------------------

def check(state: GameState, ctx: Ctx, action: Action) -> Verdict:
    from .invasion import disembark_legal
    from .local import bedouin_check, uprising_check
    from .movement import activation_check, done_check, move_check
    from .returns import ganteaume_check, return_check
    from .siege import malta_check, sally_check, siege_check

    side = state.vars.get("active")
    if action.kind not in kinds(state):
        return Verdict.no(f"'{action.kind}' is not possible now", T.MOMENTUM_ALTERNATE)
    if action.side != side:
        return Verdict.no("the other player has the initiative", T.MOMENTUM_ALTERNATE)
    k = action.kind
    if k == "activate":
        return activation_check(ctx, state, side, action.get("space", ""))
    if k == "move":
        return move_check(ctx, state, action)
    if k == "done":
        return done_check(ctx, state, side)
    if k == "end-turn":
        if (state.vars.get("activation") or {}).get("must_leave"):
            # Invasion: Moving Nelson: a passed test beside a French fleet obliges him
            # to sail out; ending the turn would keep him there
            return Verdict.no("Nelson, once activated beside a French fleet, must move out "
                              "before the turn can end", T.INV_NELSON)
        from .invasion import destination_due

        if destination_due(ctx, state) is not None:
            return Verdict.no("the real fleet must try to sail on towards the Egyptian "
                              "coast until a failed activation stops it", T.INV_DESTINATION)
        return Verdict.yes()
    if k == "disembark":
        return disembark_legal(ctx, state, action)
    if state.vars.get("phase") != CONQUEST:
        return Verdict.no("not in the invasion phase", T.INV_MOVE)
    if k == "momentum":
        if action.get("space") not in voluntary_spaces(ctx, state, side):
            return Verdict.no("a marker goes where you have non-commander elements and no "
                              "marker yet", T.MOMENTUM_ALTERNATE)
        return Verdict.yes()
    if k == "concede":
        return Verdict.yes()
    if k == "siege":
        return siege_check(ctx, state, side, action.get("space", ""))
    if k == "sally":
        return sally_check(ctx, state, side, action.get("space", ""))
    if k == "assault-malta":
        return malta_check(ctx, state, side)
    if k == "remove-bedouin":
        return bedouin_check(ctx, state, side, action.get("space", ""))
    if k == "uprising":
        return uprising_check(ctx, state, side, action.get("space", ""))
    if k == "return":
        return return_check(ctx, state, side, action.get("sea", ""))
    if k == "ganteaume":
        return ganteaume_check(ctx, state, side, action.get("harbour", ""))
    return Verdict.no(f"unknown action {k!r}", T.SETUP)


def answer(batch: GloryBatch, ctx: Ctx, action: Action) -> None:
    from . import invasion, local, movement, returns, siege

    side, k = action.side, action.kind
    state = batch.state
    if k != "move" and k != "done" and state.vars.get("phase") == INVASION:
        from .flow import set_flag

        if k != "disembark":
            set_flag(batch, "can_disembark", False)
    if k == "activate":
        movement.activate(batch, ctx, side, action["space"])
    elif k == "move":
        movement.move(batch, ctx, action)
    elif k == "done":
        text = movement.ending(ctx, state, state.vars["activation"])
        note(batch, T.MOVE_HOW, f"{T.MOVE_HOW}: the {T.NATION_NAMES[side]} {text}", side=side)
        close_activation(batch)
    elif k == "end-turn":
        close_activation(batch)
        ended = var_copy(state, "ended", [])
        if side not in ended:
            ended.append(side)
        hands = var_copy(state, "hand", {})
        left = hands.get(side, 0)
        hands[side] = 0
        from ...engine import Change

        what = "part of the invasion turn" if state.vars.get("phase") == INVASION else "turn"
        note(batch, T.MOMENTUM_END, f"{T.MOMENTUM_END}: the {T.NATION_NAMES[side]} end their "
             f"{what}" + (f" ({left} momentum marker{'' if left == 1 else 's'} discarded)"
                          if left else ""),
             [Change.var("ended", ended), Change.var("hand", hands)], side=side)
        setvar(batch, "pass_due", None)
    elif k == "disembark":
        invasion.disembark(batch, ctx, action)
    elif k == "momentum":
        close_activation(batch)
        place_marker(batch, ctx, side, action["space"], T.MOMENTUM_ALTERNATE,
                     "to pass the initiative")
    elif k == "concede":
        finish(batch, T.other(side), T.CONCEDE, f"the {T.NATION_NAMES[side]} player concedes")
    elif k == "siege":
        close_activation(batch)
        siege.siege_round(batch, ctx, side, action["space"])
    elif k == "sally":
        close_activation(batch)
        siege.sally(batch, ctx, side, action["space"])
    elif k == "assault-malta":
        close_activation(batch)
        siege.malta_assault(batch, ctx, side)
    elif k == "remove-bedouin":
        local.remove_bedouin(batch, ctx, action["space"])
    elif k == "uprising":
        local.uprising(batch, ctx, action["space"])
    elif k == "return":
        returns.declare(batch, ctx, action["sea"])
    elif k == "ganteaume":
        returns.ganteaume(batch, ctx, action["harbour"])


def with_status(state: GameState) -> list[str]:
    return sorted(p.id for p in state.pieces.values() if p.status == WITH)
