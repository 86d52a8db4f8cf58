"""23 Treachery: who commands which side, and which Sequence unit moves which
mutineer squad.

2.1 for three players (23 seats three, the rulebook's roll is written for
two): all three players roll one die each (``side_roll`` var: ``rolls``,
``order`` highest first); when any two rolls are equal all three roll again.
The highest roller chooses any of the three sides, the next highest one of
the two left, and the lowest commands the side nobody took (kind
``choose-side``, ``take``).  ``seats`` records side -> player as the choices
are made; once all three are seated the sides are written into the record
(``legion``, ``mutineer``, ``bedouin``) as for two players, so
``setup.choosing`` reports nobody choosing any more.  Nothing else is done
before the sides are chosen.

23.3 the Mutineer player assigns the unused Bedouin Sequence units (those of
the three tribes left out, 23.1) to his three squads.  When the Bedouin end
their preparation the tribes left out are offered to him in alphabetical
order (squad 1 the first, ``mutineer_chits``: mutineer organization -> tribe
id); he may swap them (kind ``assign-chit``: ``org``, ``tribe``) and ends his
choice with ``end-setup``; then turn 1 begins.
"""

from __future__ import annotations

from ffl.engine import Action, Change, Dice, Event, GameState, Verdict

from .context import BEDOUIN, LEGION, Batch, Ctx

MUTINEER = "mutineer"
SIDES = (LEGION, MUTINEER, BEDOUIN)
PLAYERS = ("player 1", "player 2", "player 3")
NAMES = {LEGION: "Legion", MUTINEER: "Mutineers", BEDOUIN: "Bedouin"}
MUTINEER_ORGS = ("mutineers-1", "mutineers-2", "mutineers-3")
ASSIGN_KIND = "assign-chit"


# -- 2.1 three players ---------------------------------------------------------------------


def side_roll(state: GameState) -> list[Event]:
    """2.1 (for three) the opening: each player rolls, all again on any tie."""
    dice = Dice.for_state(state)
    events: list[Event] = []
    rolls: list[list[int]] = []
    while True:
        event = dice.roll("2.1", "Side selection (players 1, 2, 3)", n=3)
        events.append(event)
        rolls.append(list(event.dice))
        if len(set(event.dice)) == 3:
            break
    last = rolls[-1]
    order = [PLAYERS[i] for i in sorted(range(3), key=lambda i: -last[i])]
    text = (f"2.1 {order[0].capitalize()} rolls high ({max(last)}) and chooses a side first, "
            f"then {order[1]} ({sorted(last)[1]}); {order[2]} ({min(last)}) commands the "
            "side left")
    record = {"rolls": rolls, "high": order[0], "order": order, "seats": {}}
    events.append(Event("side-roll", "2.1", text, (Change.var("side_roll", record),),
                        side=order[0]))
    return events


def _record(ctx: Ctx) -> dict:
    return dict(ctx.var("side_roll") or {})


def choosing(ctx: Ctx) -> str | None:
    """2.1 the player choosing now (None once every side is seated)."""
    roll = _record(ctx)
    if not roll.get("order") or LEGION in roll:
        return None
    return roll.get("high")


def free_sides(ctx: Ctx) -> list[str]:
    seats = _record(ctx).get("seats") or {}
    return [s for s in SIDES if s not in seats]


def choose_ok(ctx: Ctx, action: Action) -> Verdict:
    high = choosing(ctx)
    if high is None:
        return Verdict.no("the sides have been chosen", "2.1")
    if action.side != high:
        return Verdict.no(f"{high} chooses now", "2.1")
    if action.get("take") not in free_sides(ctx):
        names = ", ".join(NAMES[s] for s in free_sides(ctx))
        return Verdict.no(f"choose a side nobody commands yet: {names}", "2.1")
    return Verdict.yes()


def choose(batch: Batch, action: Action) -> None:
    """2.1 the chooser commands ``take``; the lowest roller gets the last side."""
    ctx = batch.ctx
    record = _record(ctx)
    high, take = record["high"], action["take"]
    seats = {**(record.get("seats") or {}), take: high}
    left = [p for p in record["order"] if p not in seats.values()]
    free = [s for s in SIDES if s not in seats]
    text = f"2.1 {high.capitalize()} chooses to command the {NAMES[take]}"
    if len(left) == 1:
        seats[free[0]] = left[0]
        record.update(seats)
        text += f"; {left[0]} commands the {NAMES[free[0]]}"
    else:
        record["high"] = left[0]
        text += f"; {left[0]} chooses next"
    record["seats"] = seats
    batch.add("sides", "2.1", text, [Change.var("side_roll", record)], high, take=take)


def choose_actions(ctx: Ctx) -> list[Action]:
    high = choosing(ctx)
    return [Action.make("choose-side", high, take=s) for s in free_sides(ctx)] if high else []


def choice_text(ctx: Ctx) -> str:
    """2.1 the side panel's words: who rolled what and who chooses now."""
    roll = _record(ctx)
    last = roll["rolls"][-1]
    rolled = ", ".join(f"{p} {n}" for p, n in zip(PLAYERS, last, strict=True))
    taken = "; ".join(f"{p} commands the {NAMES[s]}" for s, p in (roll.get("seats") or {}).items())
    high = choosing(ctx) or ""
    return (f"<b>2.1 Side selection for three</b>: rolled {rolled}. "
            + (f"{taken.capitalize()}. " if taken else "")
            + f"{high.capitalize()} chooses now; the lowest roller takes the side left.")


# -- 23.3 the Sequence units of the tribes left out ---------------------------------------


def assigning(ctx: Ctx) -> bool:
    return ctx.phase == "setup-bedouin" and bool(ctx.var("chits_open"))


def chits(ctx: Ctx) -> dict[str, str]:
    """Mutineer organization -> the tribe whose Sequence unit stands for it."""
    return dict(ctx.var("mutineer_chits") or {})


def default_chits(ctx: Ctx) -> dict[str, str]:
    out = sorted(ctx.var("tribes_out") or [])
    return dict(zip(MUTINEER_ORGS, out, strict=False))


def open_assignment(batch: Batch) -> None:
    """23.13 / 23.3 the Bedouin are ready: the Mutineer player assigns the unused
    Sequence units (offered in alphabetical order)."""
    ctx = batch.ctx
    offer = default_chits(ctx)
    batch.add("end-setup", "2.32", "2.32 The Bedouin are ready; 23.3 the Mutineer player "
              "assigns the left-out tribes' Sequence units to his squads",
              [Change.var("active", MUTINEER), Change.var("mutineer_chits", offer),
               Change.var("chits_open", True)], BEDOUIN)


def assign_ok(ctx: Ctx, action: Action) -> Verdict:
    if not assigning(ctx):
        return Verdict.no("the Sequence units are assigned once the Bedouin are ready", "23.3")
    if action.side != MUTINEER:
        return Verdict.no("the Mutineer player assigns the unused Sequence units", "23.3")
    org, tribe = action.get("org"), action.get("tribe")
    now = chits(ctx)
    if org not in now or tribe not in now.values():
        return Verdict.no("give one of the left-out tribes' Sequence units to one of the "
                          "mutineer squads", "23.3")
    if now[org] == tribe:
        return Verdict.no("that Sequence unit already moves that squad", "23.3")
    return Verdict.yes()


def squad_name(org: str) -> str:
    return f"squad {org.rsplit('-', 1)[-1]} mutineers"


def assign(batch: Batch, action: Action) -> None:
    """23.3 the squad gets the tribe's Sequence unit; the squad that had it takes
    the squad's old one (a swap)."""
    ctx = batch.ctx
    now = chits(ctx)
    org, tribe = action["org"], action["tribe"]
    other = next(o for o, t in now.items() if t == tribe)
    now[other], now[org] = now[org], tribe
    batch.add(ASSIGN_KIND, "23.3", f"23.3 The {ctx.org_name(tribe)} Sequence unit moves the "
              f"{squad_name(org)}; the {ctx.org_name(now[other])} the {squad_name(other)}",
              [Change.var("mutineer_chits", now)], MUTINEER, org=org, tribe=tribe)


def close_assignment(batch: Batch) -> None:
    """23.3 the assignment is made: turn 1 begins (after 15.22's tunnel rolls)."""
    from .setup import start_turn_one
    from .tunnels import collapse_rolls

    ctx = batch.ctx
    said = "; ".join(f"{ctx.org_name(t)} for the {squad_name(o)}" for o, t in chits(ctx).items())
    batch.add("end-setup", "23.3", f"23.3 The Mutineer player's Sequence units: {said}",
              [Change.var("chits_open", None), Change.var("active", LEGION)], MUTINEER)
    if collapse_rolls(batch):
        return
    start_turn_one(batch)


def assign_actions(ctx: Ctx) -> list[Action]:
    if not assigning(ctx):
        return []
    out = [Action.make(ASSIGN_KIND, MUTINEER, org=o, tribe=t)
           for o in chits(ctx) for t in chits(ctx).values()]
    return [a for a in out if assign_ok(ctx, a)] + [Action.make("end-setup", MUTINEER)]


def tribe_word(ctx: Ctx, tribe: str) -> str:
    return ctx.org_name(tribe).replace(" Tribe", "")


def assign_lines(ctx: Ctx) -> list[str]:
    """23.3 which Sequence unit moves which squad now, for the Scenario dock."""
    return [f"{squad_name(o).capitalize()}: the {tribe_word(ctx, t)} Sequence unit"
            for o, t in chits(ctx).items()]


def assign_choices(ctx: Ctx) -> list[tuple[str, Action]]:
    out = []
    for action in assign_actions(ctx):
        if action.kind == ASSIGN_KIND:
            squad = action["org"].rsplit("-", 1)[-1]
            out.append((f"23.3 Give squad {squad} the {tribe_word(ctx, action['tribe'])} unit",
                        action))
        else:
            out.append(("23.3 Keep these and begin", action))
    return out
