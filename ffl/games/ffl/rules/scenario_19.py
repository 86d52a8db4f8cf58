"""19 Les Allemands (the German mutiny).

19.1 Legion units only: the Bedouin characters never play (the scenario sets
them ``unused``); the second player is the Mutineer player, who plays the
Bedouin side's seat (side id ``bedouin``) with the Bedouin Sequence units
(19.3).  19.11 the Legion sets up all 33 units within 19.111-19.114
(``scenario_limits``); 19.115 with the heavy weapons (14) the Weapon units
stand on the parade ground.  19.2 the Legion player sets the gates, doors and
windows during its set-up (rule 10's ``set-door``; the scenario switches the
doors rule on by default), so before the mutineers are chosen.

19.12 the Mutineer player then marks twelve privates, one sergeant (never
Sgt. Maj. Kolb) and one corporal, at most five from one squad (kind
``mutineer``, ``piece``; marking a marked unit takes the mark off).  When he
ends his set-up each marked unit becomes a mutineer: its piece type becomes
the scenario's mutineer type (``M-<type>``: the same printed values, the
Mutineer side and the organization of the Bedouin Sequence unit that drives
its squad: ``setup["mutineer"]["sequence"]``, 19.3 Arab for the first squad,
Berber for the second, Kabyle for the third) and it carries the Mutineer
marker.  Mutineers and loyal Legionnaires are foes.

19.4 the side with survivors left wins (rule 9's test, cited as 19.4).
"""

from __future__ import annotations

from ffl.engine import Action, Change, Prompt, Verdict

from ..roster import BY_ID
from . import scenario_limits as lim
from .context import BEDOUIN, LEGION, Batch, Ctx, units_text

LISTED_LEGAL = ("place",)
#: the Bedouin preparation kinds that have no Bedouin to act on here (19.1)
NO_BEDOUIN = ("assign-rope", "mount", "unmount", "assign-dynamite", "plot-tunnel",
              "clear-tunnels")


def rules(ctx: Ctx) -> dict:
    sec = ctx.data.scenario.get("mutineer")
    return sec if isinstance(sec, dict) else {}


def marked(ctx: Ctx) -> list[str]:
    return list(ctx.var("mutineers") or [])


def rank(ctx: Ctx, pid: str) -> str:
    ch = BY_ID.get(ctx.state.pieces[pid].type)
    return ch.rank if ch else ""


RANK_KEYS = (("privates", "Pvt", "private"), ("sergeants", "Sgt", "sergeant"),
             ("corporals", "Cpl", "corporal"))


def _mark_ok(ctx: Ctx, action: Action, side: str = BEDOUIN) -> Verdict:
    """19.12 / 23.12 marking (or unmarking) one mutineer; ``side`` the Mutineer
    player's side id."""
    num = rules(ctx).get("rule", "19.12")
    if ctx.phase != "setup-bedouin":
        return Verdict.no("the mutineers are chosen once the Legion is set up", num)
    if action.side != side:
        return Verdict.no("the Mutineer player chooses the mutineers", num)
    pid = action.get("piece")
    if pid not in ctx.state.pieces or ctx.kind(pid) != "character" \
            or ctx.state.pieces[pid].side != LEGION:
        return Verdict.no(f"{pid!r} is not a Legion character", num)
    if pid in marked(ctx):
        return Verdict.yes()                 # taking the mark off again
    if pid in rules(ctx).get("not", ()):
        return Verdict.no(f"{ctx.name(pid)} is far too loyal", num)
    r = rank(ctx, pid)
    wanted = {code: int(rules(ctx).get(key, 0)) for key, code, _ in RANK_KEYS}
    if r not in wanted:
        return Verdict.no("only privates, a sergeant and a corporal turn mutineer", num)
    have = sum(1 for p in marked(ctx) if rank(ctx, p) == r)
    if have >= wanted[r]:
        word = dict((code, w) for _, code, w in RANK_KEYS)[r]
        return Verdict.no(f"no more than {wanted[r]} {word}{'s' if wanted[r] != 1 else ''}",
                          num)
    org = ctx.org(pid)
    most = int(rules(ctx).get("max_per_squad", 5))
    if sum(1 for p in marked(ctx) if ctx.org(p) == org) >= most:
        return Verdict.no(f"no more than {most} mutineers from one squad", num)
    return Verdict.yes()


def _marks_done(ctx: Ctx) -> Verdict:
    num = rules(ctx).get("rule", "19.12")
    for key, code, word in RANK_KEYS:
        want = int(rules(ctx).get(key, 0))
        have = sum(1 for p in marked(ctx) if rank(ctx, p) == code)
        if have != want:
            return Verdict.no(f"choose {want} {word}{'s' if want != 1 else ''} ({have} so far)",
                              num)
    return Verdict.yes()


def mark_actions(ctx: Ctx, side: str = BEDOUIN) -> list[Action]:
    """19.12 / 23.12 the marks the Mutineer player may add; when none fits and the
    choice is not complete (say the only corporals left are in squads that already
    gave five), taking a mark off again, so that the choice can always go on."""
    def make(pid: str) -> Action:
        return Action.make("mutineer", side, piece=pid)

    adds = [make(p.id) for p in ctx.characters(LEGION)
            if p.id not in marked(ctx) and _mark_ok(ctx, make(p.id), side)]
    if adds or _marks_done(ctx):
        return adds
    return [make(pid) for pid in marked(ctx) if _mark_ok(ctx, make(pid), side)]


def mutineer_type(type_id: str) -> str:
    return f"M-{type_id}"


# -- hooks ---------------------------------------------------------------------------------


def legal(ctx: Ctx, action: Action) -> Verdict | None:
    kind, phase = action.kind, ctx.phase
    if kind == "mutineer":
        return _mark_ok(ctx, action)
    if phase == "setup-legion":
        if kind == "place" and action.side == LEGION and action.get("space") in ctx.board \
                and action.get("piece") in ctx.state.pieces:
            verdict = lim.place_ok(ctx, LEGION, action["piece"], action["space"],
                                   action.get("level", 0), action.get("facing"))
            return None if verdict else verdict
        if kind == "place-weapon" and action.get("space") in ctx.board:
            weapons = [x for x in lim.limits(ctx, LEGION) if x.get("weapons")]
            for x in weapons:
                if not lim.spot_ok(ctx, x, action["space"], action.get("level", 0), None):
                    return Verdict.no(x.get("text", "the Weapon units stand on the parade "
                                                     "ground"), x["rule"])
            return None
        if kind == "end-setup" and action.side == LEGION:
            waiting = [p for p in ctx.characters(LEGION) if not p.on_board]
            if waiting:
                return Verdict.no(f"{units_text(len(waiting))} still to set up", "19.11")
            verdict = lim.squads_ok(ctx, LEGION, lim.spots(ctx, LEGION), final=True)
            return None if verdict else verdict
        return None
    if phase == "setup-bedouin":
        if kind in NO_BEDOUIN:
            return Verdict.no("only Legion units play in this scenario", "19.1")
        if kind == "end-setup" and action.side == BEDOUIN:
            verdict = _marks_done(ctx)
            return Verdict.yes() if verdict else verdict
    return None


def resolve(batch: Batch, action: Action) -> bool:
    ctx = batch.ctx
    num = rules(ctx).get("rule", "19.12")
    if action.kind == "mutineer":
        pid = action["piece"]
        out = marked(ctx)
        if pid in out:
            batch.add("mutineer", num, f"{num} {ctx.name(pid)} is no mutineer after all",
                      [Change.var("mutineers", [p for p in out if p != pid])], BEDOUIN,
                      piece=pid)
        else:
            batch.add("mutineer", num, f"{num} {ctx.name(pid)} joins the mutiny",
                      [Change.var("mutineers", out + [pid])], BEDOUIN, piece=pid)
        return True
    if action.kind == "end-setup" and ctx.phase == "setup-legion":
        from .setup import choosing, record_sides

        if choosing(ctx):                    # 2.1 kept the Legion by setting it up
            record_sides(batch, LEGION, kept=True)
        batch.add("end-setup", "19.11", "19.11 The Legion is set up; the Mutineer player "
                  "chooses his men (19.12)", [Change.var("phase", "setup-bedouin"),
                                              Change.var("active", BEDOUIN)], LEGION)
        return True
    if action.kind == "end-setup" and ctx.phase == "setup-bedouin":
        drive = rules(ctx).get("sequence") or {}
        changes = []
        for pid in marked(ctx):
            piece = ctx.state.pieces[pid]
            changes += [Change.set(pid, "type", mutineer_type(piece.type)),
                        Change.set(pid, "side", BEDOUIN),
                        Change.set(pid, "markers.mutineer", 1)]
        names = ", ".join(f"{ctx.org_name(t)} for the {ctx.org_name(s)} mutineers"
                          for s, t in drive.items())
        batch.add("end-setup", num, f"{num} The mutineers are marked; {names} (19.3)",
                  changes, BEDOUIN)
        from .setup import start_turn_one

        start_turn_one(batch)
        return True
    return False


def victory(batch: Batch) -> bool:
    """19.4 the side with survivors left wins."""
    from .victory import _over, survivors

    ctx = batch.ctx
    legion, mutineers = survivors(ctx, LEGION), survivors(ctx, BEDOUIN)
    if legion and mutineers:
        return False
    if not legion and not mutineers:
        _over(batch, None, "19.4 Loyalists and mutineers are all gone: a draw", "19.4")
    else:
        winner = LEGION if legion else BEDOUIN
        who = "loyal Legion" if legion else "Mutineers"
        _over(batch, winner, f"19.4 The {who} have the last survivors and win", "19.4")
    return True


def actions(ctx: Ctx, out: list[Action]) -> list[Action]:
    phase = ctx.phase
    if phase == "setup-legion":
        from .scenario_20 import _place_actions

        out = [a for a in out if a.kind != "place"]
        waiting = [p.id for p in ctx.characters(LEGION) if not p.on_board]
        out += _place_actions(ctx, LEGION, waiting, legal)
        if not any(a.kind == "end-setup" for a in out):
            out.append(Action.make("end-setup", LEGION))
    elif phase == "setup-bedouin":
        out = [a for a in out if a.kind not in NO_BEDOUIN]
        out += mark_actions(ctx, BEDOUIN)
        if not any(a.kind == "end-setup" for a in out):
            out.append(Action.make("end-setup", BEDOUIN))
    return out


def driven(ctx: Ctx, org: str | None) -> str | None:
    """19.3 the squad whose mutineers the Bedouin Sequence unit ``org`` moves."""
    drive = rules(ctx).get("sequence") or {}
    return next((squad for squad, tribe in drive.items() if tribe == org), None)


def prompt(ctx: Ctx, p: Prompt) -> Prompt:
    squad = driven(ctx, ctx.chit)
    if squad and p.info.get("org_name"):     # 19.3 the Arab unit moves squad 1's mutineers
        name = f"{ctx.org_name(ctx.chit)} ({ctx.org_name(squad)} mutineers)"
        return Prompt(p.side, p.phase, p.text.replace(p.info["org_name"], name), p.kinds,
                      {**p.info, "org_name": name})
    if p.phase == "setup-legion":
        return Prompt(p.side, p.phase, p.text.replace("2.31", "19.11"),
                      tuple(k for k in p.kinds if k != "leave-out"),
                      {**p.info, "limits": [x.get("text", "") for x in lim.limits(ctx, LEGION)]})
    if p.phase == "setup-bedouin" and not ctx.var("pending"):
        counts = {code: sum(1 for q in marked(ctx) if rank(ctx, q) == code)
                  for _, code, _ in RANK_KEYS}
        text = ("19.12 The Mutineer player marks the mutineers "
                f"({counts['Pvt']}/12 privates, {counts['Sgt']}/1 sergeant, "
                f"{counts['Cpl']}/1 corporal)")
        return Prompt(p.side, p.phase, text,
                      tuple(k for k in p.kinds if k not in NO_BEDOUIN) + ("mutineer",),
                      {**p.info, "mutineers": marked(ctx),
                       "limits": [rules(ctx).get("text", "")]})
    return p


def choices(ctx: Ctx, side: str) -> list[tuple[str, Action]]:
    if ctx.phase != "setup-bedouin" or side != BEDOUIN:
        return []
    out = []
    for p in ctx.characters(LEGION):
        action = Action.make("mutineer", BEDOUIN, piece=p.id)
        if _mark_ok(ctx, action):
            squad = ctx.org_name(ctx.org(p.id))
            if p.id in marked(ctx):
                out.append((f"19.12 Unmark {ctx.name(p.id)} ({squad})", action))
            else:
                out.append((f"19.12 Mark {ctx.name(p.id)} ({squad}) as a mutineer", action))
    return out
