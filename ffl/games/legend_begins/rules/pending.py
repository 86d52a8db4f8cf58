"""The decisions a combat (or a move) leaves to the players, one at a time, kept in
``vars["pending"]`` (first item first):

``loss``      9.5 the next step loss: the owner picks the even-numbered ones, the
              opponent the odd ones (action ``loss``, ``unit``);
``retreat``   11.0 the defender retreats its units (``retreat``: ``units``, ``path``);
``advance``   12.0 the attacker may advance (``advance``: ``units``, ``path``) or retreat
              (11.1) or stop (``stay``);
``repulsed``  13.1 / 11.1 Repulsed attackers may retreat (``retreat``) or stay (``stay``);
``overstack`` 5.3 units to eliminate in an overstacked hex (``eliminate``, ``unit``);
``demolish``  20.5 / 24.3 an enemy unit entered a hex with the owner's Supply Points or
              port: attempt demolition (``demolish``) or not (``decline``).
"""

from __future__ import annotations

from ffl.engine import Action, Change, Verdict

from .context import Ctx, RBatch, enemy
from .ops import eliminate, move
from .resolve import loss_choices, picker, take_loss
from .retreat import advance_ok, advance_paths, retreat_paths

KINDS = ("loss", "retreat", "advance", "stay", "eliminate", "demolish", "decline", "release")
#: the decisions of the advanced rules 40.0 (the air sub-phase, an air unit lost with its
#: Air HQ) and 41.0 (Reaction), handled by :mod:`.air` and :mod:`.reaction`
AIR_ITEMS = ("air", "air-lost")
ADVANCED_KINDS = ("fly", "air-hq", "intercept", "end-air", "air-lost", "air-replace", "react",
                  "end-reaction", "aside")


def _advanced(item: dict):
    """The module deciding an advanced rule's pending item (None: a basic one)."""
    if item["kind"] in AIR_ITEMS:
        from . import air

        return air
    if item["kind"] == "air-replace":          # 40.9 air units out of the Cadre Box
        from . import air_replace

        return air_replace
    if item["kind"] == "reaction":
        from . import reaction

        return reaction
    if item["kind"] == "seven":                # 5.5 who defends an overstacked hex
        from . import seven

        return seven
    return None


def current(ctx: Ctx) -> dict | None:
    pending = ctx.pending
    return pending[0] if pending else None


def actor(ctx: Ctx, item: dict) -> str:
    return picker(item) if item["kind"] == "loss" else item["side"]


def kinds(item: dict) -> tuple[str, ...]:
    mod = _advanced(item)
    if mod is not None:
        return mod.kinds(item)
    return {"loss": ("loss",), "retreat": ("retreat",), "advance": ("advance", "retreat", "stay"),
            "repulsed": ("retreat", "stay"), "overstack": ("eliminate",),
            "demolish": ("demolish", "decline"), "release": ("release",)}[item["kind"]]


def text(ctx: Ctx, item: dict) -> str:
    k = item["kind"]
    hm = ctx.hexmap
    mod = _advanced(item)
    if mod is not None:
        return mod.text(ctx, item)
    if k == "loss":
        owner = {"axis": "Axis", "allied": "Allied"}.get(item["side"], item["side"])
        n = int(item.get("taken", 0)) + 1
        who = "the owner picks the even ones" if n % 2 == 0 else \
            "the opponent picks the odd ones"           # 9.5 each player's share
        return (f"9.5 Loss {n} of {item['n']} on the {owner} units ({who}): pick the "
                "unit that takes it")
    if k == "retreat":
        return f"11.0 Retreat the units from {hm.name(item['from'])} two hexes"
    if k == "advance":
        return "12.0 Advance After Combat, retreat, or stay"
    if k == "repulsed":
        return "11.1 Repulsed: the attackers may retreat, or stay"
    if k == "overstack":
        from .stacking import points

        return (f"5.3 Overstacked at {hm.name(item['hex'])} at the end of the Movement "
                f"Phase ({points(ctx, item['hex'], item['side'])} stacking points, "
                f"{int(ctx.tables['stack_limit'])} allowed): eliminate units until the rest "
                "are within the limit")
    if k == "release":
        return f"44.0 Release {item['n']} division(s) of the Italian 5th Army"
    return f"20.5 Enemy units entered {hm.name(item['hex'])}: attempt demolition?"


def _present(ctx: Ctx, units: list[str], where: str | None = None) -> list[str]:
    return [p for p in units if ctx.piece(p).status == "active" and ctx.is_combat(p)
            and (where is None or ctx.piece(p).space == where)]


def options(ctx: Ctx, item: dict) -> list[Action]:
    """Every action the pending decision allows (finite; for self-play and the UI)."""
    side = actor(ctx, item)
    k = item["kind"]
    mod = _advanced(item)
    if mod is not None:
        return mod.options(ctx, item)
    if k == "loss":
        return [Action.make("loss", side, unit=p) for p in loss_choices(ctx, item)]
    if k == "retreat":
        units = _present(ctx, item["units"], item["from"])
        return [Action.make("retreat", side, units=units, path=list(rp.path))
                for rp in retreat_paths(ctx, units, item["from"])]
    if k in ("advance", "repulsed"):
        out = [Action.make("stay", side)]
        units = _present(ctx, item["units"])
        by_hex: dict[str, list[str]] = {}
        for p in units:
            by_hex.setdefault(ctx.piece(p).space, []).append(p)
        for where, group in sorted(by_hex.items()):
            if k == "advance":
                # 6.1 a unit on an HQ's display goes only with its HQ
                adv = [p for p in group if ctx.piece(p).data.get("hq") in (None, *group)]
                for path in (advance_paths(ctx, adv, item["into"], item["overrun"])[:6]
                             if adv else []):
                    out.append(Action.make("advance", side, units=adv, path=path))
            if not item.get("mobile"):
                for rp in retreat_paths(ctx, group, where)[:3]:
                    out.append(Action.make("retreat", side, units=group, path=list(rp.path)))
        return out
    if k == "overstack":
        return [Action.make("eliminate", side, unit=p)
                for p in ctx.units_at(item["hex"], item["side"])]
    if k == "release":
        from .special import release_options

        return release_options(ctx, item)
    return [Action.make("demolish", side), Action.make("decline", side)]


def legal(ctx: Ctx, item: dict, action: Action) -> Verdict:
    mod = _advanced(item)
    if mod is not None:
        return mod.legal(ctx, item, action)
    side = actor(ctx, item)
    if action.side != side:
        return Verdict.no(f"the {side} player decides this", "9.5" if item["kind"] == "loss"
                          else "11.0")
    k = item["kind"]
    if action.kind not in kinds(item):
        return Verdict.no(text(ctx, item), text(ctx, item).split()[0])
    if action.kind == "loss":
        if action.get("unit") not in loss_choices(ctx, item):
            return Verdict.no("that unit may not take this loss yet (a unit takes a second "
                              "loss only after the others took one; HQs and artillery last)",
                              "9.5")
        return Verdict.yes()
    if action.kind == "retreat":
        units = list(action.get("units") or [])
        path = list(action.get("path") or [])
        if not units:
            return Verdict.no("name the units that retreat", "11.0")
        start = ctx.piece(units[0]).space
        if k == "retreat":
            if any(p not in item["units"] or ctx.piece(p).space != item["from"] for p in units):
                return Verdict.no("only the units that must retreat from that hex", "11.0")
        elif any(p not in item["units"] or ctx.piece(p).space != start for p in units):
            return Verdict.no("only attacking units from one hex", "11.1")
        if k == "advance" and item.get("mobile"):
            return Verdict.no("a Mobile Assault's attacker does not retreat", "14.4")
        allowed = [list(rp.path) for rp in retreat_paths(ctx, units, start)]
        if path not in allowed:
            return Verdict.no("that retreat breaks the retreat guidelines (avoid enemy ZOCs, "
                              "two hexes, no prohibited hexes)", "11.4")
        return Verdict.yes()
    if action.kind == "advance":
        units = list(action.get("units") or [])
        if not units or any(p not in item["units"] for p in units):
            return Verdict.no("only attacking units advance", "12.1")
        where = {ctx.piece(p).space for p in units}
        if len(where) != 1:
            return Verdict.no("units advance together from one hex", "12.4")
        for p in units:
            hq = ctx.piece(p).data.get("hq")
            if hq and hq not in units:
                return Verdict.no(f"{ctx.label(p)} goes with its HQ's display", "6.1")
        why = advance_ok(ctx, units, list(action.get("path") or []), item["into"],
                         item["overrun"])
        if why:
            return Verdict.no(why.split(" ", 1)[1], why.split()[0])
        return Verdict.yes()
    if action.kind == "eliminate":
        if action.get("unit") not in ctx.units_at(item["hex"], item["side"]):
            return Verdict.no("a unit in the overstacked hex", "5.3")
    if action.kind == "release":
        from .special import reserve_divisions

        if action.get("div") not in reserve_divisions(ctx):
            return Verdict.no("a division of the 5th Army still in reserve", "44.0")
    return Verdict.yes()


def apply(rb: RBatch, action: Action) -> None:
    ctx = rb.ctx
    item = dict(ctx.pending[0])
    rest = list(ctx.pending[1:])
    k = item["kind"]
    mod = _advanced(item)
    if mod is not None:
        mod.apply(rb, action)
        settle(rb)
        return
    if action.kind == "loss":
        pid = action["unit"]
        take_loss(rb, item, pid)
        hits = dict(item.get("hits") or {})
        hits[pid] = hits.get(pid, 0) + 1
        item.update(hits=hits, n=int(item["n"]) - 1, taken=int(item.get("taken", 0)) + 1)
        _store(rb, [item] + rest)
    elif action.kind == "retreat":
        _retreat(rb, item, rest, list(action["units"]), list(action["path"]))
    elif action.kind == "advance":
        units = list(action["units"])
        path = list(action["path"])
        # 21.2 a unit carried by a Truck advances on it: the Truck goes along
        trucks = [t for t in dict.fromkeys(ctx.piece(p).data.get("carried_by") for p in units)
                  if t and t not in units]
        move(rb, units + trucks, path, "12.0", f"{', '.join(ctx.label(p) for p in units)} "
             f"advance to {ctx.hexmap.name(path[-1])}", kind="advance")
        item["units"] = [p for p in item["units"] if p not in units]
        if item.get("mobile"):
            item["units"] = []
        _store(rb, [item] + rest)
    elif action.kind == "stay":
        _store(rb, rest, f"{'12.0' if k == 'advance' else '11.1'} the attacker stays")
    elif action.kind == "eliminate":
        eliminate(rb, action["unit"], "5.3", "overstacked at the end of the movement segment")
        _store(rb, [item] + rest)
    elif action.kind == "release":
        from .special import release_division

        item = release_division(rb, item, action["div"])
        _store(rb, ([item] if item["n"] > 0 else []) + rest, "44.0 the release goes on")
    elif action.kind in ("demolish", "decline"):
        from .logistics import capture_declined, demolish_on_entry

        if action.kind == "demolish":
            demolish_on_entry(rb, item)
        else:
            capture_declined(rb, item)
        _store(rb, rest, "20.5 demolition " + ("attempted" if action.kind == "demolish"
                                                else "declined"))
    settle(rb)


def _retreat(rb: RBatch, item: dict, rest: list, units: list[str], path: list[str]) -> None:
    from .zoc import interlocking

    ctx = rb.ctx
    side = ctx.piece(units[0]).side
    start = ctx.piece(units[0]).space
    losses = 0
    friendly = ctx.occupied[side]["combat"]
    for h in path:
        if h not in friendly:
            losses += interlocking(ctx, side, h) or 0
    staying = [p for p in ctx.units_at(start, side) if p not in units]
    carry = list(units)
    if not staying:                     # the last units take the stack's other pieces
        trucks = [p for p in ctx.pieces_at(start) if ctx.kind(p) == "truck"]
        free_trucks = [t for t in trucks if not any(
            ctx.piece(q).data.get("carried_by") == t for q in ctx.state.pieces)]
        for p in ctx.pieces_at(start):
            q = ctx.piece(p)
            if q.side != side or p in carry or q.data.get("hq") or q.data.get("carried_by"):
                continue
            if ctx.kind(p) == "sp":
                if not free_trucks:
                    continue                # 11.4: Supply Points go only on a Truck
                free_trucks.pop()
            carry.append(p)
    move(rb, carry, path, "11.0", f"{', '.join(ctx.label(p) for p in units)} retreat to "
         f"{ctx.hexmap.name(path[-1])}", kind="retreat")
    ctx = rb.ctx
    changes = []
    retreated = list(ctx.var("retreated") or [])
    for p in units:
        if item.get("disrupt", True) and ctx.kind(p) == "combat":
            changes.append(Change.set(p, "data.disrupted", True))          # 11.3
        if ctx.piece(p).data.get("deployed"):
            changes.append(Change.set(p, "data.deployed", None))           # 16.2
        if p not in retreated:
            retreated.append(p)
    changes.append(Change.var("retreated", retreated))
    from .stacking import overstacked

    if overstacked(ctx, path[-1], side):
        ok = dict(ctx.var("overstack_ok") or {})
        ok[path[-1]] = side
        changes.append(Change.var("overstack_ok", ok))                     # 5.5
    rb.add("disrupted", "11.3", "the retreating units are Disrupted"
           if item.get("disrupt", True) else "11.3 the units retreat", changes, side)
    if item["kind"] == "retreat":
        item["units"] = [p for p in item["units"] if p not in units]
        new = [item] + rest
    elif item["kind"] == "repulsed":
        item["units"] = [p for p in item["units"] if p not in units]
        new = [item] + rest
    else:
        item["units"] = [p for p in item["units"] if p not in units]
        new = [item] + rest
    if losses:
        new.insert(0, {"kind": "loss", "side": side, "units": units, "n": losses, "taken": 0,
                       "hits": {}, "recover": 0, "rule": "11.5"})
        rb.add("interlocking", "11.5", f"retreat through an Interlocking enemy Active ZOC: "
               f"{losses} step(s) lost", [], side)
    _store(rb, new)


def _store(rb: RBatch, pending: list[dict], text: str = "") -> None:
    text = text or "9.2 the combat result goes on"
    rb.add("pending", text.split()[0], text, [Change.var("pending", pending)])


def settle(rb: RBatch) -> None:
    """Drop decisions with nothing left to decide; eliminate units that cannot retreat
    (11.4).  Runs after every action."""
    for _ in range(50):
        ctx = rb.ctx
        pending = list(ctx.pending)
        if not pending:
            return
        item = pending[0]
        k = item["kind"]
        mod = _advanced(item)
        if mod is not None:
            if mod.settle(rb):
                continue
            return
        if k == "loss":
            if int(item["n"]) <= 0 or not loss_choices(ctx, item):
                _store(rb, pending[1:], "9.5 the losses are taken")
                continue
            return
        if k == "retreat":
            units = _present(ctx, item["units"], item["from"])
            grounded = [p for p in units if ctx.utype(p) == "air_hq"]
            for p in grounded:                  # 40.11 an Air HQ forced to retreat
                eliminate(rb, p, "40.11", "an Air HQ forced to retreat")
            if grounded:
                continue
            if not units:
                _store(rb, pending[1:], "11.0 the retreat is over")
                continue
            if not retreat_paths(ctx, units, item["from"]):
                for p in units:
                    eliminate(rb, p, "11.4", "it cannot retreat")
                continue
            return
        if k in ("advance", "repulsed"):
            if not _present(ctx, item["units"]):
                _store(rb, pending[1:], "12.0 the advance is over")
                continue
            return
        if k == "release":
            from .special import reserve_divisions

            if int(item["n"]) <= 0 or not reserve_divisions(ctx):
                _store(rb, pending[1:], "44.0 the release is over")
                continue
            return
        if k == "overstack":
            from .stacking import overstacked

            if not overstacked(ctx, item["hex"], item["side"]):
                _store(rb, pending[1:], "5.3 the stack is within the limit")
                continue
            return
        return


def side_of_pending(ctx: Ctx) -> str | None:
    item = current(ctx)
    return actor(ctx, item) if item else None


__all__ = ["KINDS", "actor", "apply", "current", "kinds", "legal", "options", "settle",
           "side_of_pending", "text", "enemy"]
