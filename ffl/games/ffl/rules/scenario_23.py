"""23 Treachery: three players, the Legion, the Mutineers and the Bedouin.

23.1 three tribes are left out by the Bedouin player's choice (``scenarios``).
23.11 / 23.2 the Legion sets up all 33 units in the fort and sets the gates,
doors and windows (rule 10 on by default).  23.12 the Mutineer player (side id
``mutineer``) then marks twelve privates, one sergeant (not Kolb) and one
corporal, at most five a squad (as 19.12, ``scenario_19._mark_ok``); ending
his set-up turns them into mutineers: piece type ``X-<type>`` on the Mutineer
side in the organization ``mutineers-<squad>``.  23.13 the Bedouin prepare off
the board as in 2.32.  With Le Cafard (17.3) the Bedouin's secret choice comes
first, before the mutineers are chosen (the cafard phase opens the game).

23.3 each turn opens with a Negotiation Phase (phase ``negotiation``): the
players in turn (Legion, Mutineer, Bedouin) declare each other side friend or
foe (kind ``declare``, ``toward``, ``stance``) and end their part (kind
``end-negotiation``).  A side's units pass through the units of a side it
declared friend and melee those it holds foes (``vars["pacts"]``, read by
``movement.foe_at`` / ``friend_at``); every side starts a foe of the others.
The Legion and the Bedouin draw their own Sequence units; the Mutineer
player's three squads are drawn with the Sequence units of the tribes left
out (``vars["mutineer_chits"]``: mutineer organization -> tribe), which the
Mutineer player assigns when the Bedouin are ready (``scenario_23_seats``).
2.1 the three players roll for their sides (``scenario_23_seats``).  23.4 the
side with the last survivors wins.
"""

from __future__ import annotations

from ffl.engine import Action, Change, Prompt, Verdict

from . import scenario_23_seats as seats
from .context import BEDOUIN, LEGION, Batch, Ctx

MUTINEER = "mutineer"
SIDES = (LEGION, MUTINEER, BEDOUIN)
STANCES = ("friend", "foe")
SQUAD_OF = {"squad-1": "mutineers-1", "squad-2": "mutineers-2", "squad-3": "mutineers-3"}
MUTINEER_ORGS = tuple(SQUAD_OF.values())
SETUP_BARRED = ("assign-rope", "mount", "unmount", "assign-dynamite", "plot-tunnel",
                "clear-tunnels", "leave-out-tribe")


def _m19():
    from . import scenario_19

    return scenario_19


def choosing_mutineers(ctx: Ctx) -> bool:
    return ctx.phase == "setup-bedouin" and ctx.var("active") == MUTINEER \
        and not seats.assigning(ctx)


def opening(state) -> list:
    """2.1 for three players (``scenario_23_seats``)."""
    return seats.side_roll(state)


def pacts(ctx: Ctx) -> dict:
    return {k: dict(v) for k, v in (ctx.var("pacts") or {}).items()}


def stance(ctx: Ctx, side: str, other: str) -> str:
    return pacts(ctx).get(side, {}).get(other, "foe")


# -- hooks -------------------------------------------------------------------------------------


def legal(ctx: Ctx, action: Action) -> Verdict | None:
    kind, phase = action.kind, ctx.phase
    if kind == "choose-side":
        return seats.choose_ok(ctx, action)
    if seats.choosing(ctx):
        return Verdict.no(f"the three players choose their sides first ({seats.choosing(ctx)} "
                          "chooses now)", "2.1")
    if kind == seats.ASSIGN_KIND:
        return seats.assign_ok(ctx, action)
    if seats.assigning(ctx):
        if kind == "end-setup" and action.side == MUTINEER:
            return Verdict.yes()
        return Verdict.no("the Mutineer player assigns the unused Sequence units now", "23.3")
    if choosing_mutineers(ctx):
        if kind == "mutineer":
            return _m19()._mark_ok(ctx, action, MUTINEER)
        if kind == "end-setup" and action.side == MUTINEER:
            verdict = _m19()._marks_done(ctx)
            return Verdict.yes() if verdict else Verdict.no(verdict.reason, "23.12")
        return Verdict.no("the Mutineer player chooses the mutineers now", "23.12")
    if kind == "mutineer":
        return Verdict.no("the mutineers are chosen after the Legion's set-up", "23.12")
    if phase == "negotiation":
        if action.side != ctx.var("active"):
            return Verdict.no(f"the {ctx.var('active')} player negotiates now", "23.3")
        if kind == "end-negotiation":
            return Verdict.yes()
        if kind == "declare":
            toward, want = action.get("toward"), action.get("stance")
            if toward not in SIDES or toward == action.side or want not in STANCES:
                return Verdict.no("declare another side friend or foe", "23.3")
            if stance(ctx, action.side, toward) == want:
                return Verdict.no(f"the {toward} are already your {want}s", "23.3")
            return Verdict.yes()
        return Verdict.no("players only talk during the Negotiation Phase", "23.3")
    if kind in ("declare", "end-negotiation"):
        return Verdict.no("declarations are made in the Negotiation Phase", "23.3")
    if kind in FIRE_KINDS:
        friend = next((t for t in _aimed_at(action) if friend_of(ctx, action.side, t)), None)
        if friend is not None:
            return Verdict.no(friend_refusal(ctx, action.side, friend), "23.3")
    return None


#: 7.11 / 14.5 the shots that name their targets (23.3 never a declared friend)
FIRE_KINDS = ("fire", "announce", "weapon-fire")


def _aimed_at(action: Action) -> list[str]:
    out = [action.get("target")] + list(action.get("targets") or ())
    return [t for t in out if isinstance(t, str)]


def friend_of(ctx: Ctx, side: str, target: str) -> bool:
    """23.3 ``target`` belongs to another side that ``side`` holds a friend now
    (7.11: only foes are fired at)."""
    from .movement import hostile

    piece = ctx.state.pieces.get(target)
    return piece is not None and piece.side != side and piece.side in SIDES \
        and not hostile(ctx, side, piece.side)


def friend_refusal(ctx: Ctx, side: str, target: str) -> str:
    other = ctx.state.pieces[target].side
    return (f"{ctx.name(target)} is one of the {seats.NAMES[other]}, whom the "
            f"{seats.NAMES[side]} declared friends: only foes are fired at (7.11)")


def target_refusals(ctx: Ctx, firer: str, infos: list) -> list:
    """23.3 the target list as the firer's side sees it: declared friends are
    listed as not to be fired at."""
    from dataclasses import replace

    side = ctx.state.pieces[firer].side
    return [replace(i, refusal=Verdict.no(friend_refusal(ctx, side, i.target), "23.3"))
            if friend_of(ctx, side, i.target) and i.refusal is None else i for i in infos]


def resolve(batch: Batch, action: Action) -> bool:
    ctx = batch.ctx
    kind = action.kind
    if kind == "choose-side":
        seats.choose(batch, action)
        return True
    if kind == seats.ASSIGN_KIND:
        seats.assign(batch, action)
        return True
    if kind == "end-setup" and seats.assigning(ctx):
        seats.close_assignment(batch)
        return True
    if kind == "end-setup" and ctx.phase == "setup-bedouin" and action.side == BEDOUIN \
            and not ctx.var("pending") and ctx.var("mutineer_chits") is None:
        seats.open_assignment(batch)
        return True
    if kind == "end-setup" and ctx.phase == "setup-legion":
        batch.add("end-setup", "23.11", "23.11 The Legion is set up; the Mutineer player "
                  "chooses his men", [Change.var("phase", "setup-bedouin"),
                                      Change.var("active", MUTINEER)], LEGION)
        return True
    if kind == "mutineer":
        pid, out = action["piece"], _m19().marked(ctx)
        now = [p for p in out if p != pid] if pid in out else out + [pid]
        text = (f"23.12 {ctx.name(pid)} is no mutineer after all" if pid in out else
                f"23.12 {ctx.name(pid)} joins the mutiny")
        batch.add("mutineer", "23.12", text, [Change.var("mutineers", now)], MUTINEER,
                  piece=pid)
        return True
    if kind == "end-setup" and choosing_mutineers(ctx):
        changes = []
        for pid in _m19().marked(ctx):
            piece = ctx.state.pieces[pid]
            changes += [Change.set(pid, "type", f"X-{piece.type}"),
                        Change.set(pid, "side", MUTINEER),
                        Change.set(pid, "markers.mutineer", 1)]
        changes += [Change.var("active", BEDOUIN)]
        batch.add("end-setup", "23.12", "23.12 The mutineers are marked; the Bedouin "
                  "prepare (23.13)", changes, MUTINEER)
        return True
    if kind == "declare":
        p = pacts(ctx)
        p.setdefault(action.side, {})[action["toward"]] = action["stance"]
        batch.add("declare", "23.3", f"23.3 The {action.side.capitalize()} player declares "
                  f"the {action['toward'].capitalize()} {action['stance']}s",
                  [Change.var("pacts", p)], action.side, toward=action["toward"],
                  stance=action["stance"])
        return True
    if kind == "end-negotiation":
        rest = [s for s in SIDES[SIDES.index(action.side) + 1:] if _alive(ctx, s)]
        if rest:
            batch.add("end-negotiation", "23.3", f"23.3 The {action.side.capitalize()} player "
                      f"has spoken; the {rest[0].capitalize()} player's turn",
                      [Change.var("active", rest[0])], action.side)
        else:
            batch.add("end-negotiation", "23.3", "23.3 The Negotiation Phase is over; "
                      "the Sequence units are mixed for movement (3.1)",
                      [Change.var("phase", "movement"),
                                   Change.var("active", LEGION)], action.side)
        return True
    return False


def _alive(ctx: Ctx, side: str) -> bool:
    alive = ("active", "off") if side == BEDOUIN else ("active",)
    return any(p.status in alive for p in ctx.characters(side))


def standing_sides(ctx: Ctx) -> list[str]:
    """23.4 the sides still in the game (the turn-limit line names them)."""
    return [s for s in SIDES if _alive(ctx, s)]


def after(batch: Batch, action: Action) -> None:
    ctx = batch.ctx
    if ctx.phase == "movement" and not ctx.chit and ctx.var("negotiated") != ctx.turn \
            and ctx.turn >= 1:
        first = next((s for s in SIDES if _alive(ctx, s)), LEGION)
        changes = [Change.var("phase", "negotiation"), Change.var("negotiated", ctx.turn),
                   Change.var("active", first)]
        if ctx.var("mutineer_chits") is None:     # never assigned: alphabetical
            changes.append(Change.var("mutineer_chits", seats.default_chits(ctx)))
        batch.add("negotiation", "23.3", f"23.3 Turn {ctx.turn}: the Negotiation Phase (the "
                  "players may talk and declare friends and foes)", changes)
        return
    if ctx.chit in MUTINEER_ORGS and ctx.var("active") != MUTINEER:
        tribe = seats.chits(ctx).get(ctx.chit)
        batch.add("mutineer-chit", "23.3", f"23.3 The {ctx.org_name(tribe) if tribe else 'spare'}"
                  f" Sequence unit stands for the {seats.squad_name(ctx.chit)}: the "
                  "Mutineer player acts", [Change.var("active", MUTINEER)], MUTINEER)


def cup(ctx: Ctx, orgs: list[str]) -> list[str]:
    """23.3 the Sequence units in the game: the Legion's and Bedouin's in play, and
    the left-out tribes' standing for the mutineers' squads."""
    out = [o for o in orgs if any(p.status != "unused" for p in ctx.characters(org=o))]
    return out + [o for o in MUTINEER_ORGS if ctx.characters(org=o)]


def victory(batch: Batch) -> bool:
    """23.4 only one side wins: the one with the last survivors."""
    from .victory import _over

    ctx = batch.ctx
    alive = [s for s in SIDES if _alive(ctx, s)]
    if len(alive) > 1:
        return False
    if not alive:
        _over(batch, None, "23.4 Every side is wiped out: nobody wins", "23.4")
    else:
        _over(batch, alive[0], f"23.4 The {alive[0].capitalize()} side has the last "
              "survivors and wins", "23.4")
    return True


def actions(ctx: Ctx, out: list[Action]) -> list[Action]:
    if seats.choosing(ctx):
        return seats.choose_actions(ctx)
    if seats.assigning(ctx):
        return seats.assign_actions(ctx)
    if choosing_mutineers(ctx):
        out = _m19().mark_actions(ctx, MUTINEER)
        end = Action.make("end-setup", MUTINEER)
        return out + ([end] if legal(ctx, end) else [])
    if ctx.phase == "negotiation":
        side = ctx.var("active")
        out = [Action.make("end-negotiation", side)]
        for other in SIDES:
            for want in STANCES:
                action = Action.make("declare", side, toward=other, stance=want)
                if legal(ctx, action):
                    out.append(action)
    return out


def prompt(ctx: Ctx, p: Prompt) -> Prompt:
    high = seats.choosing(ctx)
    if high:
        free = ", ".join(seats.NAMES[s] for s in seats.free_sides(ctx))
        return Prompt(p.side, p.phase, f"2.1 {high.capitalize()} chooses a side ({free})",
                      ("choose-side",), {**p.info, "chooser": high,
                                         "side_choice": seats.choice_text(ctx)})
    if seats.assigning(ctx):
        return Prompt(MUTINEER, p.phase, "23.3 The Mutineer player assigns the left-out "
                      "tribes' Sequence units to his squads", (seats.ASSIGN_KIND, "end-setup"),
                      {**p.info, "side": MUTINEER, "chits": seats.chits(ctx),
                       "phase_title": "Mutineer Sequence units",
                       "limits": seats.assign_lines(ctx)})
    if ctx.chit in MUTINEER_ORGS:
        tribe = seats.chits(ctx).get(ctx.chit)
        name = seats.squad_name(ctx.chit).capitalize() + (
            f" ({ctx.org_name(tribe)} Sequence unit)" if tribe else "")
        p = Prompt(p.side, p.phase, p.text.replace(ctx.org_name(ctx.chit), name), p.kinds,
                   {**p.info, "org_name": name})
    if p.phase == "setup-legion":
        data = ctx.data.scenario
        texts = [(data.get(k) or {}).get("text") for k in ("legion", "board", "negotiation")]
        return Prompt(p.side, p.phase, p.text.replace("2.31", "23.11"),
                      tuple(k for k in p.kinds if k != "leave-out"),
                      {**p.info, "limits": [t for t in texts if t]})
    if choosing_mutineers(ctx):
        return Prompt(MUTINEER, p.phase, "23.12 The Mutineer player marks the mutineers",
                      ("mutineer", "end-setup"), {**p.info, "side": MUTINEER,
                                                  "mutineers": _m19().marked(ctx),
                                                  "phase_title": "Mutineer selection"})
    if p.phase == "negotiation":
        side = ctx.var("active")
        return Prompt(side, "negotiation", f"23.3 Turn {ctx.turn}: the {side.capitalize()} "
                      "player negotiates", ("declare", "end-negotiation"),
                      {**p.info, "side": side, "pacts": pacts(ctx)})
    return p


def choices(ctx: Ctx, side: str) -> list[tuple[str, Action]]:
    out = []
    if seats.assigning(ctx):
        return seats.assign_choices(ctx) if side == MUTINEER else []
    if choosing_mutineers(ctx) and side == MUTINEER:
        for p in ctx.characters(LEGION):
            action = Action.make("mutineer", MUTINEER, piece=p.id)
            if _m19()._mark_ok(ctx, action, MUTINEER):
                verb = "Unmark" if p.id in _m19().marked(ctx) else "Mark"
                out.append((f"23.12 {verb} {ctx.name(p.id)}", action))
    elif ctx.phase == "negotiation" and side == ctx.var("active"):
        for a in actions(ctx, []):
            if a.kind == "declare":
                out.append((f"23.3 Declare the {a['toward'].capitalize()} {a['stance']}s", a))
        out.append(("23.3 End my negotiation", Action.make("end-negotiation", side)))
    return out
