"""9.0 - 10.0 Combat: who may attack whom, and the odds, column shifts and Magnitude.

:func:`plan` checks an attack as declared (9.1, 14.0, 15.0, 16.2, 20.3-20.4) and
:func:`odds` works out its numbers (9.2 step one and two, 9.3, 10.1-10.11, 16.5-16.7,
17.1-17.2, 18.1-18.3, 19.5); the UI shows them before the attack is resolved
(``LegendController.odds``), and :mod:`.resolve` rolls and applies the result.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from ffl.engine import Verdict

from ..tables import CRT_COLUMNS
from .context import Ctx, enemy


@dataclass
class Attack:
    side: str
    attackers: list[str]
    targets: list[str]                    # defending hexes
    group: str = "all"                    # all | active | split | limited (15.1)
    supply: str | None = None             # the Supply Point giving Attack Supply (20.3)
    barrage: int = 0                      # Heavy Artillery Barrage shifts (10.5)
    italians: str | None = None           # the Italian Table's effect (17.1)
    mobile: bool = False                  # a Mobile Assault (14.4)
    bombard: bool = False                 # a Naval Bombardment (Resource Chart)
    diversion: bool = False               # a Diversionary Attack (38.0)
    defenders: list[str] = field(default_factory=list)
    counted: list[str] = field(default_factory=list)   # defenders that add strength (11.6)
    aside: list[str] = field(default_factory=list)     # set aside by the defender (5.5)


@dataclass
class Odds:
    attack: int
    defence: int
    column: int | None                    # before shifts; None: below 1-4 (9.1, 9.6)
    right: int                            # shifts to the right (attacker)
    left: int                             # shifts to the left (defender)
    final: int | None
    magnitude: int
    attack_steps: int
    defence_steps: int
    notes: list[str]

    @property
    def label(self) -> str:
        if self.final is None:
            return "Poor Odds (below 1-4)"
        return CRT_COLUMNS[self.final]


def defending_units(ctx: Ctx, side: str, targets: list[str], group: str) -> list[str]:
    """The units attacked in the target hexes (15.1: one ZOC group of a stack)."""
    from .zoc import unit_zoc

    foe = enemy(side)
    out = []
    for h in targets:
        units = ctx.units_at(h, foe)
        if group in ("active", "split"):
            units = [p for p in units if unit_zoc(ctx, p) == 2]
        elif group == "limited":
            units = [p for p in units if unit_zoc(ctx, p) != 2]
        out.extend(units)
    return out


def vacant_fort(ctx: Ctx, side: str, key: str) -> bool:
    """18.3 / 18A a vacant enemy Fortification (a minefield, one step of strength 1)."""
    w = ctx.work(key)
    return bool(w and w.get("type") == "fort" and w.get("side") == enemy(side)
                and not ctx.units_at(key))


def plan(ctx: Ctx, attack: Attack) -> Verdict:
    """Whether the attack may be made as declared (fills ``defenders``)."""
    side, hm = attack.side, ctx.hexmap
    if not attack.attackers or not attack.targets:
        return Verdict.no("name the attacking units and the hex attacked", "9.2")
    attacked = set(ctx.var("attacked") or [])
    defended = set(ctx.var("defended") or [])
    quiet = set(ctx.var("quiet") or [])
    for pid in attack.attackers:
        p = ctx.piece(pid)
        if p.side != side or not ctx.on_map(pid) or not ctx.is_combat(pid):
            return Verdict.no(f"{ctx.label(pid)} cannot attack", "9.0")
        if ctx.disrupted(pid):
            return Verdict.no(f"{ctx.label(pid)} is Disrupted and may not attack", "13.2")
        if pid in attacked and not attack.mobile:
            return Verdict.no(f"{ctx.label(pid)} has attacked this segment", "9.1")
        if p.space in quiet and not attack.mobile:
            return Verdict.no(f"no attack comes out of {hm.name(p.space)} this segment",
                              "28.5")
        for t in attack.targets:
            if not hm.adjacent(p.space, t):
                return Verdict.no(f"{ctx.label(pid)} is not adjacent to {hm.name(t)}", "9.1")
    if len(set(attack.targets)) != len(attack.targets):
        return Verdict.no("a hex is named twice", "9.1")
    foe = enemy(side)
    for t in attack.targets:
        if not ctx.units_at(t, foe) and not vacant_fort(ctx, side, t):
            return Verdict.no(f"{hm.name(t)} holds no enemy unit", "9.0")
    if attack.group != "all" and len(attack.targets) != 1:
        return Verdict.no("a Selective Attack is made against one hex", "15.1")
    attack.defenders = defending_units(ctx, side, attack.targets, attack.group)
    if attack.group != "all":
        from .zoc import unit_zoc

        units = ctx.units_at(attack.targets[0], foe)
        zocs = {unit_zoc(ctx, p) == 2 for p in units}
        if zocs != {True, False}:
            return Verdict.no("a Selective Attack needs Active and Limited ZOC units in the "
                              "hex (none in Direct Support)", "15.1")
        if attack.group == "limited" and not any(
                p in defended for p in units if unit_zoc(ctx, p) == 2):
            return Verdict.no("the Limited ZOC units are attacked on their own only as the "
                              "second half of a split attack", "15.1")
    if any(p in defended for p in attack.defenders):
        return Verdict.no("no enemy unit is attacked twice in a segment", "9.1")
    retreated = set(ctx.var("retreated") or [])
    attack.counted = [p for p in attack.defenders
                      if (attack.mobile or p not in retreated) and p not in attack.aside]
    if attack.barrage:
        verdict = _barrage(ctx, attack)
        if not verdict:
            return verdict
    if attack.bombard:
        verdict = _bombard_ok(ctx, attack)
        if not verdict:
            return verdict
    if ctx.option("restricted_hexsides"):
        from .advanced import restricted_excess

        over = restricted_excess(ctx, attack)
        if over:
            return Verdict.no(f"no more than five stacking points attack across the "
                              f"restricted hexside {over}", "35.0")
    return Verdict.yes()


def _bombard_ok(ctx: Ctx, attack: Attack) -> Verdict:
    """The Resource Chart's Naval Bombardment: one Resource Point, a free Heavy Barrage
    shift against Field Works in a coastal hex with a friendly airfield within 8 hexes."""
    from .. import hexgeo as g

    key = attack.targets[0]
    if attack.mobile or len(attack.targets) != 1 or not ctx.work(key) or \
            not ctx.hexmap.places.get(key, {}).get("coastal"):
        return Verdict.no("a Naval Bombardment hits Field Works in a coastal hex", "30.2")
    if not any(ctx.control(a) == attack.side and g.distance(a, key) <= 8
               for a in ctx.hexmap.airfields):
        return Verdict.no("a friendly airfield must lie within 8 hexes", "30.2")
    if int((ctx.var("rp") or {}).get(attack.side, 0)) < int(
            ctx.tables["resource_costs"]["naval-bombardment"]):
        return Verdict.no("a Naval Bombardment costs one Resource Point", "30.2")
    return Verdict.yes()


def _barrage(ctx: Ctx, attack: Attack) -> Verdict:
    """10.5 / 20.4 a Heavy Artillery Barrage: Field Works in the defending hex, a
    non-Disrupted artillery unit on its zero-MA side among the attackers, and the Supply
    Points it costs within its Line of Supply."""
    if attack.mobile or not any(ctx.work(t) for t in attack.targets):
        return Verdict.no("a Heavy Barrage needs Field Works in the defending hex", "10.5")
    arty = [p for p in attack.attackers if ctx.utype(p) == "art"
            and ctx.piece(p).data.get("deployed") and not ctx.disrupted(p)]
    if not arty:
        return Verdict.no("a Heavy Barrage needs an artillery unit on its zero-MA side", "10.5")
    cost = dict((s, c) for s, c in ctx.tables["barrage"]).get(attack.barrage)
    if cost is None:
        return Verdict.no("a barrage gives one, two or three shifts", "10.5")
    from .supply import attack_supply

    reach = attack_supply(ctx, attack.side, [ctx.piece(a).space for a in arty])
    usable = [sp for sp, hexes in reach.items() if hexes and sp != attack.supply]
    if len(usable) < cost:
        return Verdict.no(f"{cost} Supply Points within the artillery's Line of Supply are "
                          f"needed", "20.4")
    return Verdict.yes()


def _half(x: int) -> int:
    return math.ceil(x / 2)


def _crosses_up(ctx: Ctx, src: str, targets: list[str]) -> bool:
    return any(ctx.hexmap.edge[(src, t)].up for t in targets if (src, t) in ctx.hexmap.edge)


def fort_applies(ctx: Ctx, attack: Attack, key: str) -> bool:
    """18.3 / 18A the defender holds a Fortification that counts against this attack
    (the Tobruk forts only against attacks across the Tobruk Perimeter)."""
    w = ctx.work(key)
    if not w or w.get("type") != "fort" or w.get("side") != enemy(attack.side):
        return False
    if w.get("permanent") and key in ctx.hexmap.perimeter:
        return all(ctx.hexmap.edge[(ctx.piece(a).space, key)].perimeter
                   for a in attack.attackers)
    return True


def ip_applies(ctx: Ctx, attack: Attack, key: str) -> bool:
    w = ctx.work(key)
    return bool(w and w.get("type") == "ip" and w.get("side") == enemy(attack.side))


def attack_strengths(ctx: Ctx, attack: Attack) -> dict[str, int]:
    """Each attacking unit's strength after its modifiers (10.1: each halving rounds up
    per unit)."""
    from .supply import attack_supply, in_general_supply

    out: dict[str, int] = {}
    supplied: set[str] = set()
    if not attack.mobile and attack.supply:
        supplied = attack_supply(ctx, attack.side,
                                 [ctx.piece(a).space for a in attack.attackers]).get(
                                     attack.supply, set())
    targets = attack.targets
    fort = any(fort_applies(ctx, attack, t) for t in targets)
    ip = any(ip_applies(ctx, attack, t) for t in targets)
    italian_foes = any(ctx.nat(d) == "ita" for d in attack.defenders)
    barrage_art = _barrage_artillery(ctx, attack)
    from .advanced import pure_armor_defence

    open_tanks = pure_armor_defence(ctx, attack)
    for pid in attack.attackers:
        if pid == barrage_art:
            continue
        if ctx.nat(pid) == "ita" and attack.italians == "none":
            continue
        a, _d = ctx.factors(pid)
        if pid in (ctx.var("raiders") or []):
            pass                                    # 51.2 a raider lands in supply
        elif ctx.oos(pid):
            a = ctx.steps(pid)                      # 19.5
        elif not attack.mobile and ctx.piece(pid).space not in supplied \
                and in_general_supply(ctx, pid):
            a = _half(a)                            # 20.3
        elif not attack.mobile and ctx.piece(pid).space not in supplied:
            a = _half(a)
        if ctx.utype(pid) == "div_hq" or ctx.value(pid, "engineer"):
            a *= 3 if fort else (2 if ip else 1)    # 16.6
        if ctx.value(pid, "gurkha") and italian_foes:
            a *= 2                                  # 16.7
        src = ctx.piece(pid).space
        if _crosses_up(ctx, src, targets):
            a = _half(a)                            # 10.3 up an escarpment or ridge
        if ctx.hexmap.terrain.get(src) == "sebakha":
            a = _half(a)                            # 10.3 out of sebakha
        if attack.mobile:
            a = _half(a)                            # 14.4 B
        if ctx.nat(pid) == "ita" and attack.italians == "half":
            a = _half(a)                            # 17.1
        if open_tanks and ctx.infantry_type(pid):
            a = _half(a)                            # 36.1 infantry against tanks alone
        out[pid] = a
    ground = sum(v for p, v in out.items() if ctx.utype(p) != "art")
    art = sum(v for p, v in out.items() if ctx.utype(p) == "art")
    if art > ground:                                # 16.2 artillery support is capped
        scale = ground
        for p in [p for p in out if ctx.utype(p) == "art"]:
            take = min(out[p], scale)
            out[p] = take
            scale -= take
    return out


def _barrage_artillery(ctx: Ctx, attack: Attack) -> str | None:
    """16.2 the artillery unit firing the barrage gives its shifts, not its factor."""
    if not attack.barrage:
        return None
    return next((p for p in attack.attackers if ctx.utype(p) == "art"
                 and ctx.piece(p).data.get("deployed")), None)


def defence_strengths(ctx: Ctx, attack: Attack) -> dict[str, int]:
    """Each counted defending unit's strength (10.7, 10.9, 17.2, 18.1-18.3)."""
    from .supply import isolated

    out: dict[str, int] = {}
    foe = enemy(attack.side)
    for key in attack.targets:
        units = [p for p in attack.counted if ctx.piece(p).space == key]
        if not units:
            if vacant_fort(ctx, attack.side, key):
                out[f"fort:{key}"] = 1              # 18.3 a minefield
            continue
        fort = fort_applies(ctx, attack, key)
        ip = ip_applies(ctx, attack, key)
        mult = 3 if fort else (2 if ip else 1)
        german = any(ctx.nat(p) == "ger" for p in ctx.units_at(key, foe))
        tanks = [p for p in units if ctx.is_tank(p)]
        for pid in units:
            d = ctx.factors(pid)[1]
            if ctx.nat(pid) == "ita" and not german and isolated(ctx, pid):
                d = _half(d)                        # 17.2
            if ctx.disrupted(pid):
                d = _half(d)                        # 13.2
            if pid not in tanks:
                out[pid] = d if ctx.utype(pid) == "art" else d * mult   # 18.0 note 4
        if tanks:
            total = 0
            for pid in tanks:
                d = ctx.factors(pid)[1]
                total += _half(d) if ctx.disrupted(pid) else d
            if fort or ip:                          # 18.1 total the tanks, then halve
                total = _half(total) * mult
            out[f"tanks:{key}"] = total
    support = _artillery_support(ctx, attack, sum(out.values()))
    if support:
        out[support[0]] = support[1]
    return out


def _artillery_support(ctx: Ctx, attack: Attack, ground: int) -> tuple[str, int] | None:
    """16.2 one adjacent friendly artillery unit adds its defence to a defending hex
    (never more than the ground units' strength)."""
    if attack.mobile or len(attack.targets) != 1:
        return None
    key = attack.targets[0]
    foe = enemy(attack.side)
    best = None
    for n in ctx.hexmap.neighbours(key):
        for pid in ctx.units_at(n, foe):
            if ctx.utype(pid) == "art" and not ctx.disrupted(pid):
                d = ctx.factors(pid)[1]
                if best is None or d > best[1]:
                    best = (f"art:{pid}", d)
    if best is None:
        return None
    return best[0], min(best[1], ground)


def armor(ctx: Ctx, attack: Attack) -> tuple[int, int]:
    """10.4 / 16.5 the best Armor Effect Rating of each side in this combat."""
    from .advanced import pure_armor_attack

    defenders = attack.counted
    att_tanks = any(ctx.is_tank(p) for p in attack.attackers)
    def_tanks = any(ctx.is_tank(p) for p in defenders)
    pure = pure_armor_attack(ctx, attack)

    def best(units: list[str], attacking: bool, foe_tanks: bool, key: str | None) -> int:
        top = 0
        for pid in units:
            if attacking and ctx.nat(pid) == "ita" and attack.italians == "none":
                continue
            if ctx.oos(pid):
                continue                             # 19.5 rating zero
            r = ctx.aer(pid)
            if not ctx.is_tank(pid):
                if not foe_tanks:
                    continue                         # 16.5
                r = r or 0
                if attacking:
                    r -= 1
                elif key and ip_applies(ctx, attack, ctx.piece(pid).space):
                    r = max(1, r + 1)                # 18.1, 18.2
                if key and pure:
                    r += 1                           # 36.2, 16.5 against tanks alone
            if r is not None and r > top:
                top = r
        return top

    return (best(attack.attackers, True, def_tanks, None),
            best(defenders, False, att_tanks, "d"))


def magnitude(ctx: Ctx, attack_steps: int, defence_steps: int) -> int:
    """9.3 the Magnitude chart (0 = Sub-one)."""
    from ..tables import lookup

    least = min(attack_steps, defence_steps)
    return int(lookup(ctx.tables["crt"]["magnitude"], least))


def column_of(ctx: Ctx, a: int, d: int) -> int | None:
    """9.2 step one: the column the odds round down to (None below 1-4)."""
    ratios = ctx.tables["crt"]["ratios"]
    if d <= 0:
        return len(ratios) - 1
    col = None
    for i, r in enumerate(ratios):
        if a + 1e-9 >= r * d:
            col = i
    return col


def defence_total(ctx: Ctx, attack: Attack) -> int:
    """10.0 the defence strength the odds use: the counted units (:func:`defence_strengths`,
    16.2 artillery support included) and, in the air game, the defender's Ground Support
    (40.6); the same sum :func:`odds` makes, without pricing the attacker's side."""
    dfn = defence_strengths(ctx, attack)
    d = sum(dfn.values())
    if ctx.option("air_game"):
        from .air_effects import ground_support

        d += ground_support(ctx, attack, {}, dfn)[1]                  # 40.6
    return d


def odds(ctx: Ctx, attack: Attack) -> Odds:
    notes: list[str] = []
    att = attack_strengths(ctx, attack)
    dfn = defence_strengths(ctx, attack)
    a, d = sum(att.values()), sum(dfn.values())
    if ctx.option("air_game"):
        from .air_effects import ground_support

        ga, gd, air_notes = ground_support(ctx, attack, att, dfn)     # 40.6
        a, d = a + ga, d + gd
        notes += air_notes
    col = column_of(ctx, a, d)
    right = left = 0
    hm = ctx.hexmap
    if any(hm.terrain.get(t) == "jebel" or hm.is_city(t) for t in attack.targets):
        left += 1
        notes.append("10.2 city or jebel: 1 left")
    if any(hm.terrain.get(t) == "sebakha" for t in attack.targets):
        right += 1
        notes.append("10.3 defender in sebakha (Terrain Effects Chart): 1 right")
    if not any(fort_applies(ctx, attack, t) for t in attack.targets):
        ar, dr = armor(ctx, attack)
        if ar != dr:
            n = min(2, abs(ar - dr))
            if ar > dr:
                right += n
            else:
                left += n
            notes.append(f"10.4 armor {ar} vs {dr}: {n} {'right' if ar > dr else 'left'}")
    else:
        notes.append("18.3 Fortification: no armor superiority")
    if attack.barrage:
        right += attack.barrage
        notes.append(f"10.5 Heavy Barrage: {attack.barrage} right")
    if attack.bombard:
        right += 1
        notes.append("30.2 Naval Bombardment: 1 right")
    from .stacking import overstacked

    if any(overstacked(ctx, t, enemy(attack.side)) for t in attack.targets):
        right += 1
        notes.append("5.5 overstacked defender: 1 right")
    if attack.counted and all(ctx.oos(p) for p in attack.counted):
        right += 1
        notes.append("19.5 every defender Out of Supply: 1 right")
    final = None
    if col is not None:
        final = max(0, min(len(CRT_COLUMNS) - 1, col + right - left))
    steps_a = sum(ctx.steps(p) for p in attack.attackers
                  if not (ctx.nat(p) == "ita" and attack.italians == "none"))
    steps_d = sum(ctx.steps(p) for p in attack.counted)
    steps_d += sum(1 for t in attack.targets if vacant_fort(ctx, attack.side, t))
    mag = magnitude(ctx, steps_a, steps_d)
    if attack.diversion and 1 <= mag <= 4:
        notes.append(f"38.0 Diversionary Attack: Magnitude {mag} read as Sub-one")
        mag = 0
    return Odds(a, d, col, right, left, final, mag, steps_a, steps_d, notes)
