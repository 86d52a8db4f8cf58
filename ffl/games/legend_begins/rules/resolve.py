"""9.2 steps three and four: rolling on the Combat Table and carrying out the result.

White dice (one per Magnitude, 9.3) read the step losses of their rows, the black die
the winner of its row (9.4); Sub-one takes one step off each side's losses; against a
Fortification the attacker's losses double and a named A0 becomes A1 (18.3); a
defending stack of Recon units alone avoids combat on an Advance or Overrun (16.1).
Then the losses are taken one at a time, the player who did not suffer the loss picking
the odd-numbered ones (9.5), the defender retreats on Advance and Overrun (11.1), the
attacker may advance (12.0), or, on Repulsed, is Disrupted and may retreat (13.1).
Each of those choices is a pending decision in ``vars["pending"]``.
"""

from __future__ import annotations

from ffl.engine import Change

from ..tables import ADVANCE, ENGAGED, OVERRUN, REPULSED
from .combat import Attack, Odds, fort_applies, odds, vacant_fort
from .context import RBatch, enemy
from .ops import lose_step


def italian_roll(rb: RBatch, attack: Attack) -> None:
    """17.1 one roll on the Italian Table for the Italian units of this attack (+2 with no
    German unit in it), unless Resource Points bought their divisions full strength."""
    ctx = rb.ctx
    italians = [p for p in attack.attackers if ctx.nat(p) == "ita"]
    if not italians:
        return
    paid = set((ctx.var("italians_paid") or {}).get(str(ctx.seg.get("id")), []))
    if all(ctx.value(p, "div") in paid and ctx.value(p, "div") for p in italians):
        attack.italians = "full"
        rb.add("italian-table", "30.2", "Resource Points bought these Italian divisions full "
                                        "strength: no roll on the Italian Table", [], attack.side)
        return
    germans = any(ctx.nat(p) == "ger" for p in attack.attackers)
    die = rb.die("17.1", "Italian Table", side=attack.side)
    drm = 0 if germans else int(ctx.tables["italian"]["no_german_drm"])
    from ..tables import lookup

    effect = lookup(ctx.tables["italian"]["table"], die + drm)
    attack.italians = effect
    words = {"none": "the Italian units do not take part", "half": "the Italian units attack "
             "at half strength", "full": "the Italian units attack at full strength"}
    rb.add("italian-table", "17.1", f"Italian Table: {die}{'+2' if drm else ''} = {die + drm}: "
           f"{words[effect]}", [], attack.side, effect=effect)


def roll_result(rb: RBatch, attack: Attack, od: Odds) -> dict:
    """The result as numbers: attacker and defender losses, the winner word, the dice."""
    ctx = rb.ctx
    crt = ctx.tables["crt"]
    if od.final is None:
        a, d, word = crt["poor_odds"]
        return {"a": a or 0, "d": d or 0, "word": word, "whites": [], "black": None,
                "poor": True, "named_a": True}
    n = max(1, od.magnitude)
    whites = list(rb.roll("9.2", f"white dice ({n}, Magnitude "
                                 f"{od.magnitude or 'Sub-one'}): step losses", n,
                          side=attack.side))
    black = rb.die("9.2", "black die: the victor", side=attack.side)
    if rb.ctx.option("german_leadership"):
        from .advanced import leadership

        participants = [p for p in attack.attackers
                        if not (ctx.nat(p) == "ita" and attack.italians == "none")]
        whites, black = leadership(rb, attack, od.magnitude, whites, black, participants)
    rows = crt["rows"][crt["columns"][od.final]]
    a = d = 0
    named_a = named_d = False
    for w in whites:
        ra, rd, _word = rows[w - 1]
        if ra is not None:
            a += ra
            named_a = True
        if rd is not None:
            d += rd
            named_d = True
    word = rows[black - 1][2]
    if od.magnitude == 0:                        # 9.3 Sub-one
        a = max(0, a - 1) if named_a else 0
        if not (len(attack.targets) == 1 and vacant_fort(ctx, attack.side, attack.targets[0])):
            d = max(0, d - 1) if named_d else 0
    if any(fort_applies(ctx, attack, t) for t in attack.targets) and named_a:
        a = 2 * a if a else 1                    # 18.3
    return {"a": a, "d": d, "word": word, "whites": whites, "black": black, "poor": False,
            "named_a": named_a}


def recon_avoids(ctx, attack: Attack, word: str) -> bool:
    """16.1 a stack of Recon units alone (in supply, not in Field Works, able to
    retreat) avoids combat on an Advance or Overrun."""
    from .retreat import retreat_paths

    if word not in (ADVANCE, OVERRUN) or attack.mobile or not attack.counted:
        return False
    for t in attack.targets:
        units = [p for p in attack.counted if ctx.piece(p).space == t]
        if any(ctx.utype(p) != "recon" or ctx.oos(p) for p in units) or ctx.work(t):
            return False
        if attack.group == "all" and any(ctx.utype(p) != "recon"
                                         for p in ctx.units_at(t, ctx.piece(units[0]).side)):
            return False
        if not retreat_paths(ctx, units, t):
            return False
    return True


def resolve(rb: RBatch, attack: Attack) -> dict:
    """Resolve a declared attack (already checked by :func:`.combat.plan`)."""
    ctx = rb.ctx
    if attack.barrage:
        _spend_barrage(rb, attack)
    if attack.bombard:
        rp = dict(rb.ctx.var("rp") or {})
        rp[attack.side] = int(rp.get(attack.side, 0)) - int(
            rb.ctx.tables["resource_costs"]["naval-bombardment"])
        rb.add("resource", "30.2", "a Naval Bombardment for one Resource Point",
               [Change.var("rp", rp)], attack.side)
    italian_roll(rb, attack)
    ctx = rb.ctx
    od = odds(ctx, attack)
    if od.final is not None and ctx.option("fog_of_war"):
        from .fog import reveal

        reveal(rb, attack, ctx.tables["crt"]["columns"][od.final])
        ctx = rb.ctx
    res = roll_result(rb, attack, od)
    word = res["word"]
    if attack.mobile and word == ADVANCE:
        word = "-"                                # 14.4 C
    if attack.diversion and word in (ADVANCE, OVERRUN):
        word = ENGAGED                            # 38.0 ignored: neither side retreats
    avoided = recon_avoids(ctx, attack, word)
    if avoided:
        res["a"] = res["d"] = 0
    winner = {ADVANCE: attack.side, OVERRUN: attack.side, REPULSED: enemy(attack.side)}.get(word)
    seg = ctx.seg.get("id")
    attacked = list(ctx.var("attacked") or [])
    participants = [p for p in attack.attackers
                    if not (ctx.nat(p) == "ita" and attack.italians == "none")]
    attacked += [p for p in participants if p not in attacked]
    defended = list(ctx.var("defended") or []) + [p for p in attack.defenders]
    cid = int(ctx.var("combat_no", 0)) + 1
    summary = {"id": cid, "attacker": attack.side, "attackers": participants,
               "targets": attack.targets, "odds": f"{od.attack} to {od.defence}",
               "column": od.label, "shifts": od.right - od.left, "magnitude": od.magnitude,
               "whites": res["whites"], "black": res["black"], "a": res["a"], "d": res["d"],
               "result": word, "winner": winner, "mobile": attack.mobile,
               "group": attack.group, "notes": od.notes, "avoided": avoided}
    changes = [Change.var("combat_no", cid), Change.var("last_combat", summary)]
    if not attack.mobile:
        changes += [Change.var("attacked", attacked), Change.var("defended", defended)]
        if not res["poor"]:
            changes.append(Change.var("regular", True))
    loss_text = (f"A{res['a']}/D{res['d']}" if res["named_a"] else f"D{res['d']}")
    from ..tables import CRT_COLUMNS

    base = "below 1-4" if od.column is None else CRT_COLUMNS[od.column]
    net = od.right - od.left
    shift = f", {abs(net)} shift{'s' if abs(net) > 1 else ''} {'right' if net > 0 else 'left'}" \
        if net and od.column is not None else ""
    text = (f"{'Mobile Assault' if attack.mobile else 'Attack'} on "
            f"{', '.join(ctx.hexmap.name(t) for t in attack.targets)}: {od.attack} to "
            f"{od.defence} ({base}{shift}): column {od.label}; {loss_text} {word}"
            + (" (the Recon unit avoids combat: no step losses)" if avoided else ""))
    rule = "9.6" if res["poor"] else ("14.4" if attack.mobile else "9.4")
    rb.add("combat", rule, text, changes, attack.side, **summary)
    if attack.supply and res["a"] + res["d"] >= 2 and not attack.mobile:
        _use_supply(rb, attack.supply)
    ctx = rb.ctx
    frac = _recovery(ctx, winner)
    pending = list(ctx.pending)
    foe = enemy(attack.side)
    if res["d"]:
        hit = list(attack.counted) + [p for p in attack.aside if p not in attack.counted]
        pending.append({"kind": "loss", "side": foe, "units": hit,                # 5.5
                        "n": res["d"], "taken": 0, "hits": {}, "recover": frac[foe],
                        "combat": cid})
    if res["a"]:
        pending.append({"kind": "loss", "side": attack.side, "units": participants,
                        "n": res["a"], "taken": 0, "hits": {}, "recover": frac[attack.side],
                        "combat": cid})
    retreat = word in (ADVANCE, OVERRUN)
    split = None
    if attack.group in ("split", "limited"):             # 15.1 the two halves of a split
        splits = dict(ctx.var("splits") or {})
        key = attack.targets[0]
        if attack.group == "split":
            splits[key] = retreat
            rb.add("selective", "15.1", "first half of a split attack: any retreat waits for "
                   "the second", [Change.var("splits", splits)], attack.side)
            retreat = False
        else:
            split = bool(splits.get(key)) and retreat
            retreat = split
            rb.add("selective", "15.1", "second half of a split attack: " + (
                "both halves call for a retreat" if split else "no retreat and no advance"),
                [], attack.side)
        ctx = rb.ctx
    if retreat and attack.group == "active":
        retreat = False
        rb.add("selective", "15.1", "the Active ZOC units attacked are placed under the "
                                    "Limited ZOC units instead of retreating", [], attack.side)
    if retreat:
        for t in attack.targets:
            units = [p for p in ctx.units_at(t, foe)
                     if p in attack.defenders or p in (ctx.var("retreated") or [])
                     or split]
            pending.append({"kind": "retreat", "side": foe, "units": units, "from": t,
                            "disrupt": word == OVERRUN or not (avoided or attack.mobile),
                            "combat": cid})
        if attack.group == "all" or split:
            pending.append({"kind": "advance", "side": attack.side, "units": participants,
                            "into": list(attack.targets), "overrun": word == OVERRUN,
                            "mobile": attack.mobile, "combat": cid})
    if word == REPULSED and not attack.mobile:
        dis = [Change.set(p, "data.disrupted", True) for p in participants] + \
              [Change.set(p, "data.repulsed", seg) for p in participants]
        rb.add("disrupted", "13.1", "Repulsed: the attacking units are Disrupted", dis,
               attack.side)
        pending.append({"kind": "repulsed", "side": attack.side, "units": participants,
                        "combat": cid})
    rb.add("pending", "9.2", "9.2 the result is carried out: " + _carrying(
        ctx, [i for i in pending if i.get("combat") == cid]),
           [Change.var("pending", pending)], attack.side)
    return summary


def _carrying(ctx, items: list[dict]) -> str:
    """9.2 step four in words: the losses, retreats, advance and Repulse this combat's
    result leaves to carry out, in the order they come (before: no word of them)."""
    who = {"axis": "the Axis", "allied": "the Allies"}
    out = []
    for item in items:
        side = who.get(item["side"], item["side"])
        if item["kind"] == "loss":
            n = int(item["n"])
            out.append(f"{side} lose {n} step{'s' if n != 1 else ''}")
        elif item["kind"] == "retreat":
            out.append(f"{side} retreat from {ctx.hexmap.name(item['from'])}")
        elif item["kind"] == "advance":
            out.append(f"{side} may advance" + (" (Overrun)" if item.get("overrun") else ""))
        elif item["kind"] == "repulsed":
            out.append(f"{side} are Repulsed")
    return "; ".join(out) or "nothing more to do"


def _recovery(ctx, winner: str | None) -> dict[str, int]:
    """29.1 twelfths of each lost step recovered, by side, for this combat's winner."""
    rec = ctx.tables["recovery"]
    out = {}
    for side in ("axis", "allied"):
        won, lost = rec[side]
        out[side] = int(lost if winner == enemy(side) else won)
    return out


def _use_supply(rb: RBatch, sp: str) -> None:
    ctx = rb.ctx
    if ctx.piece(sp).status != "active":
        return
    rb.add("supply-used", "20.3", "two or more steps were lost: the Supply Point that gave "
           "Attack Supply is used up", [Change.set(sp, "status", "pool"),
                                        Change.set(sp, "space", None),
                                        Change.set(sp, "data.carried_by", None)],
           ctx.piece(sp).side)


def _spend_barrage(rb: RBatch, attack: Attack) -> None:
    """20.4 the barrage's Supply Points are removed at once."""
    from .supply import attack_supply

    ctx = rb.ctx
    cost = dict((s, c) for s, c in ctx.tables["barrage"])[attack.barrage]
    arty = [p for p in attack.attackers if ctx.utype(p) == "art"
            and ctx.piece(p).data.get("deployed")]
    reach = attack_supply(ctx, attack.side, [ctx.piece(a).space for a in arty])
    usable = sorted(sp for sp, hexes in reach.items() if hexes and sp != attack.supply)[:cost]
    changes = []
    for sp in usable:
        changes += [Change.set(sp, "status", "pool"), Change.set(sp, "space", None)]
    rb.add("barrage", "10.5", f"Heavy Artillery Barrage: {attack.barrage} shift(s) for "
           f"{cost} Supply Point(s)", changes, attack.side)


# -- 9.5 distributing losses ------------------------------------------------------------------

def loss_choices(ctx, item: dict) -> list[str]:
    """The units that may take the next loss of a pending loss (9.5 restrictions)."""
    hits = item.get("hits") or {}
    alive = [p for p in item["units"] if ctx.piece(p).status == "active" and ctx.steps(p) > 0
             and ctx.is_combat(p)]
    out = []
    for pid in alive:
        where = ctx.piece(pid).space
        mates = [p for p in alive if ctx.piece(p).space == where]
        plain = [p for p in mates if ctx.utype(p) not in ("div_hq", "art", "flak88")]
        ut = ctx.utype(pid)
        if ut in ("div_hq", "art") and any(ctx.utype(p) not in ("div_hq", "art") for p in mates):
            continue
        if ut == "flak88" and any(not hits.get(p) for p in plain):
            continue
        if hits.get(pid) and any(not hits.get(p) for p in plain if p != pid):
            continue
        out.append(pid)
    return out


def picker(item: dict) -> str:
    """9.5 the owner picks the even-numbered losses, the opponent the odd ones."""
    nth = int(item.get("taken", 0)) + 1
    return item["side"] if nth % 2 == 0 else enemy(item["side"])


def take_loss(rb: RBatch, item: dict, pid: str) -> None:
    ctx = rb.ctx
    nth = int(item.get("taken", 0)) + 1
    lose_step(rb, pid, item.get("rule", "9.5"),
              f"loss {nth} of {nth + int(item['n']) - 1}, chosen by the "
              f"{'Axis' if picker(item) == 'axis' else 'Allied'} player", recover=int(item.get("recover", 0)))
    _ = ctx
