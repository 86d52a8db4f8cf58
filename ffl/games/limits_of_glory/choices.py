"""The questions events ask: where reinforcements go, what plague takes, a revolt's
price, and where the Mamluks go when they change sides.

Tasks and their actions:

* ``place``: ``place`` (``space``, ``count``): elements from the pool into one of
  the spaces the event allows (Events 2R, 3, 10R, 11, 14R);
* ``plague``: ``remove`` (``space``, ``type``): one element at a time (Events
  9R, 23R, tiles 3, 11, 15, 18, Event 20R);
* ``revolt``: ``revolt`` (``pay`` = ``glory`` or ``infantry``): Event 4R's loss
  beyond the most senior commander's glory;
* ``relocate``: ``relocate`` (``space``, ``to``): Mamluks Changing Sides.
"""

from __future__ import annotations

from ...engine import Action, Change, Verdict
from . import tables as T
from .mechanism import CONTINUE, start
from .model import Ctx, commanders, elements, pieces_in, ranked, total_glory
from .tasks import GloryBatch, note, pop, push, update


def _pool(state, tid: str) -> list:
    return sorted((p for p in state.pieces.values() if p.type == tid and p.status == "off"),
                  key=lambda p: p.id)


def ask_place(batch: GloryBatch, ctx: Ctx, rule: str, side: str, tid: str, n: int,
              spaces: list[str], why: str, all_at_once: bool = False) -> None:
    n = min(n, len(_pool(batch.state, tid)))
    if n <= 0 or not spaces:
        name = ctx.types[tid].name
        note(batch, rule, f"{rule}: no {name} left to place" if n <= 0 else
             f"{rule}: nowhere to place the {name} ({why.split(': ')[-1]})", side=side)
        return
    push(batch, {"kind": "place", "side": side, "type": tid, "left": n, "spaces": spaces,
                 "rule": rule, "why": why, "all": all_at_once})


class Place:
    @staticmethod
    def auto(batch, ctx, task) -> bool:
        if task["left"] <= 0 or not _pool(batch.state, task["type"]):
            pop(batch)
            return True
        return False

    @staticmethod
    def prompt(state, ctx, task):
        return (task["side"], "event", f"{task['rule']}: place {task['left']} "
                f"{ctx.types[task['type']].name} ({task['why']})", ("place",))

    @staticmethod
    def options(state, ctx, task):
        out = [Action.make("place", task["side"], space=s, count=task["left"])
               for s in task["spaces"]]
        if not task["all"] and task["left"] > 1:
            out += [Action.make("place", task["side"], space=s, count=1) for s in task["spaces"]]
        return out

    @staticmethod
    def check(state, ctx, task, action) -> Verdict:
        if action.kind != "place" or action.side != task["side"]:
            return Verdict.no("place the elements the event gives", task["rule"])
        if action.get("space") not in task["spaces"]:
            return Verdict.no("not a space this event allows", task["rule"])
        n = action.get("count", task["left"])
        if not isinstance(n, int) or n < 1 or n > task["left"] or (task["all"] and n != task["left"]):
            return Verdict.no(f"place 1 to {task['left']} elements", task["rule"])
        return Verdict.yes()

    @staticmethod
    def answer(batch, ctx, task, action) -> None:
        n = action.get("count", task["left"])
        space = action["space"]
        pool = _pool(batch.state, task["type"])[:n]
        note(batch, task["rule"], f"{task['rule']}: {len(pool)} {ctx.types[task['type']].name} "
             f"placed in {ctx.label(space)}",
             [c for p in pool for c in (Change.set(p.id, "status", "active"),
                                        Change.set(p.id, "space", space),
                                        Change.set(p.id, "level", 0))], side=task["side"])
        update(batch, left=task["left"] - len(pool))


# -- plague ------------------------------------------------------------------------------------

def _eligible(ctx: Ctx, state, task: dict) -> list:
    what = task["what"]
    out = []
    for p in state.pieces.values():
        if p.status != "active" or not p.space or ctx.kind(p) != "element":
            continue
        kind = ctx.ekind(p)
        if kind not in ("infantry", "cavalry", "artillery"):
            continue
        nation = ctx.nation(p)
        if what == "french-infantry" and p.type == "fr-inf":
            out.append(p)
        elif what == "mamluk" and nation == "mamluk":
            out.append(p)
        elif what == "ottoman" and nation == "ottoman":
            out.append(p)
        elif what == "allied-camp" and (p.type == "br-inf" or nation == "ottoman"):
            out.append(p)
    return out


def ask_plague(batch: GloryBatch, ctx: Ctx, rule: str, side: str, what: str, k: int) -> None:
    push(batch, {"kind": "plague", "side": side, "what": what, "left": k, "rule": rule})


class Plague:
    @staticmethod
    def auto(batch, ctx, task) -> bool:
        pool = _eligible(ctx, batch.state, task)
        if task["left"] <= 0 or not pool:
            pop(batch)
            if not pool and task["left"] > 0:
                note(batch, task["rule"], f"{task['rule']}: nothing left for the plague to take")
            return True
        types = {(p.space, p.type) for p in pool}
        if len(types) == 1 or len(pool) <= task["left"] and task["what"] != "allied-camp":
            _take(batch, ctx, task, pool[0])
            return True
        return False

    @staticmethod
    def prompt(state, ctx, task):
        what = {"french-infantry": "French infantry", "mamluk": "Mamluk elements",
                "ottoman": "Ottoman elements",
                "allied-camp": "one British infantry or six Ottoman elements"}[task["what"]]
        return (task["side"], "event", f"{task['rule']}: plague: remove {task['left']} of the "
                f"{what}" if task["what"] != "allied-camp" else f"{task['rule']}: plague: "
                f"remove {what}", ("remove",))

    @staticmethod
    def options(state, ctx, task):
        seen = sorted({(p.space, p.type) for p in _eligible(ctx, state, task)})
        return [Action.make("remove", task["side"], space=s, type=t) for s, t in seen]

    @staticmethod
    def check(state, ctx, task, action) -> Verdict:
        if action.kind != "remove" or action.side != task["side"]:
            return Verdict.no("remove the elements the plague takes", task["rule"])
        if not any(p.space == action.get("space") and p.type == action.get("type")
                   for p in _eligible(ctx, state, task)):
            return Verdict.no("the plague cannot take that", task["rule"])
        return Verdict.yes()

    @staticmethod
    def answer(batch, ctx, task, action) -> None:
        p = next(p for p in sorted(_eligible(ctx, batch.state, task), key=lambda p: p.id)
                 if p.space == action["space"] and p.type == action["type"])
        _take(batch, ctx, task, p)


def _take(batch: GloryBatch, ctx: Ctx, task: dict, p) -> None:
    note(batch, task["rule"], f"{task['rule']}: plague takes a {ctx.types[p.type].name} in "
         f"{ctx.label(p.space)}", [Change.set(p.id, "status", "eliminated"),
                                   Change.set(p.id, "space", None)], side=task["side"])
    if task["what"] == "allied-camp":
        if p.type == "br-inf":
            update(batch, left=0)
        else:
            update(batch, what="ottoman", left=5)
        return
    update(batch, left=task["left"] - 1)


# -- Cairo revolts -----------------------------------------------------------------------------

def revolt(batch: GloryBatch, ctx: Ctx, rule: str) -> None:
    """Event 4R: the French roll four dice in Cairo; each failure costs two glory."""
    from .movement import rerolling

    cmd = rerolling(ctx, batch.state, T.FRENCH, "cairo")
    start(batch, ctx, purpose="revolt", side=T.FRENCH, space="cairo", n=T.REVOLT_DICE,
          rule=rule, text="Cairo revolts", cmd=cmd, opp=None, no_force=True)


def _cairo_commanders(ctx: Ctx, state) -> list:
    cmds = [c for c in commanders(ctx, state, "cairo", T.FRENCH) if total_glory(c) > 0]
    return ranked(ctx, state, cmds, "cairo")


def revolt_done(batch: GloryBatch, ctx: Ctx, task: dict, passed: bool) -> None:
    from .glory import lose

    fails = sum(1 for d in task["dice"] if d < 5)
    if not fails:
        note(batch, task["rule"], f"{task['rule']}: the revolt is put down at no cost",
             side=T.FRENCH)
        return
    loss = fails * T.REVOLT_LOSS
    cmds = _cairo_commanders(ctx, batch.state)
    if cmds:
        loss = lose(batch, ctx, cmds[0].id, loss, task["rule"], f"{fails} failures")
    if loss <= 0:
        return
    push(batch, {"kind": "revolt", "loss": loss, "rule": task["rule"]})


CONTINUE["revolt"] = revolt_done


class Revolt:
    @staticmethod
    def _can_glory(ctx, state) -> bool:
        return bool(_cairo_commanders(ctx, state))

    @staticmethod
    def _infantry(ctx, state) -> list:
        return [p for p in elements(ctx, state, "cairo", T.FRENCH) if p.type == "fr-inf"]

    @classmethod
    def auto(cls, batch, ctx, task) -> bool:
        g, inf = cls._can_glory(ctx, batch.state), cls._infantry(ctx, batch.state)
        if g and inf:
            return False
        cls._pay(batch, ctx, task, "glory" if g else "infantry")
        return True

    @staticmethod
    def prompt(state, ctx, task):
        return (T.FRENCH, "event", f"{task['rule']}: {task['loss']} glory still to pay: from "
                "the next commander in Cairo, or one infantry per failure?", ("revolt",))

    @staticmethod
    def options(state, ctx, task):
        return [Action.make("revolt", T.FRENCH, pay="glory"),
                Action.make("revolt", T.FRENCH, pay="infantry")]

    @staticmethod
    def check(state, ctx, task, action) -> Verdict:
        if action.kind != "revolt" or action.get("pay") not in ("glory", "infantry"):
            return Verdict.no("pay with glory or with infantry", task["rule"])
        return Verdict.yes()

    @classmethod
    def answer(cls, batch, ctx, task, action) -> None:
        cls._pay(batch, ctx, task, action["pay"])

    @classmethod
    def _pay(cls, batch, ctx, task, how: str) -> None:
        from .glory import lose

        pop(batch)
        loss = task["loss"]
        if how == "glory":
            cmds = _cairo_commanders(ctx, batch.state)
            if cmds:
                left = lose(batch, ctx, cmds[0].id, loss, task["rule"], "the revolt")
                if left > 0:
                    push(batch, {"kind": "revolt", "loss": left, "rule": task["rule"]})
            return
        n = (loss + T.REVOLT_LOSS - 1) // T.REVOLT_LOSS
        inf = sorted(cls._infantry(ctx, batch.state), key=lambda p: p.id)[:n]
        if inf:
            note(batch, task["rule"], f"{task['rule']}: {len(inf)} French infantry lost in "
                 "Cairo", [c for p in inf for c in (Change.set(p.id, "status", "eliminated"),
                                                     Change.set(p.id, "space", None))],
                 side=T.FRENCH)


# -- Mamluks changing sides --------------------------------------------------------------------

def _stranded(ctx: Ctx, state, side: str) -> list[str]:
    out = set()
    for p in state.pieces.values():
        if p.status == "active" and p.space and ctx.nation(p) == "mamluk" and p.side == side:
            foes = [q for q in pieces_in(state, p.space, T.other(side))
                    if ctx.kind(q) in ("element", "commander")]
            if foes:
                out.add(p.space)
    return sorted(out)


def ask_relocate(batch: GloryBatch, ctx: Ctx, rule: str, side: str) -> None:
    if _stranded(ctx, batch.state, side):
        push(batch, {"kind": "relocate", "side": side, "rule": rule})


def relocate_places(ctx: Ctx, state, side: str, space: str) -> list[str]:
    out = []
    from .siege import inside

    if ctx.bua(space) and inside(ctx, state, space, side) and not inside(
            ctx, state, space, T.other(side)):
        out.append("inside")
    for s in ctx.neighbours[space]:
        if ctx.is_sea(s):
            continue
        here = [q for q in pieces_in(state, s) if ctx.kind(q) in ("element", "commander")]
        if all(q.side == side for q in here):
            out.append(s)
    return out


class Relocate:
    @staticmethod
    def auto(batch, ctx, task) -> bool:
        spaces = _stranded(ctx, batch.state, task["side"])
        if not spaces:
            pop(batch)
            return True
        space = spaces[0]
        if not relocate_places(ctx, batch.state, task["side"], space):
            mams = [p for p in pieces_in(batch.state, space, task["side"])
                    if ctx.nation(p) == "mamluk"]
            note(batch, T.MAMLUKS_SIDES, f"{T.MAMLUKS_SIDES}: the Mamluks in "
                 f"{ctx.label(space)} have nowhere to go and disperse",
                 [c for p in mams for c in (Change.set(p.id, "status", "eliminated"),
                                            Change.set(p.id, "space", None))])
            return True
        return False

    @staticmethod
    def prompt(state, ctx, task):
        space = _stranded(ctx, state, task["side"])[0]
        return (task["side"], "event", f"{T.MAMLUKS_SIDES}: move the Mamluks out of "
                f"{ctx.label(space)}", ("relocate",))

    @staticmethod
    def options(state, ctx, task):
        space = _stranded(ctx, state, task["side"])[0]
        return [Action.make("relocate", task["side"], space=space, to=t)
                for t in relocate_places(ctx, state, task["side"], space)]

    @staticmethod
    def check(state, ctx, task, action) -> Verdict:
        spaces = _stranded(ctx, state, task["side"])
        if action.kind != "relocate" or action.get("space") not in spaces[:1]:
            return Verdict.no("move the stranded Mamluks", T.MAMLUKS_SIDES)
        if action.get("to") not in relocate_places(ctx, state, task["side"], action["space"]):
            return Verdict.no("to an empty or friendly bordering space, or across the siege "
                              "lines", T.MAMLUKS_SIDES)
        return Verdict.yes()

    @staticmethod
    def answer(batch, ctx, task, action) -> None:
        space, to = action["space"], action["to"]
        mams = [p for p in pieces_in(batch.state, space, task["side"])
                if ctx.nation(p) == "mamluk"]
        dest, level = (space, 1) if to == "inside" else (to, 0)
        note(batch, T.MAMLUKS_SIDES, f"{T.MAMLUKS_SIDES}: the Mamluks leave "
             f"{ctx.label(space)} for {'the BUA' if to == 'inside' else ctx.label(to)}",
             [c for p in mams for c in (Change.set(p.id, "space", dest),
                                        Change.set(p.id, "level", level))], side=task["side"])
