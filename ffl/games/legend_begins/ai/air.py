"""The program's air sub-phase (40.0, the air game): which air unit flies where next.

Each call plans the step afresh from the view and returns the first placement still to
make (placed units are on the map, so the plan moves on), checked with
``controller.legal``; nothing left: the step's ``end-air``.

* **attacker** (40.4, its own Combat Phase): Bombers with a Ground Support Factor fly
  Ground Support (40.6) over the enemy hexes of its best attacks this phase (valued by
  :class:`.fight.Fighter`, owed attacks too), no more GSF on a hex than its attackers'
  strength (the rules cap it there); Fighters escort those Bombers when the enemy has
  fighters ready (one Escort a Bomber hex); a Bomber with no attack to support
  interdicts the enemy's supply roads (40.7).  Before any of that, the Air HQs
  (40.11, :mod:`.air_hq`): one in danger moves away or comes off the map, one far
  behind the front moves forward, one at its base or lost (bought back for a Resource
  Point) is placed.
* **defender**: Interceptors first against the enemy Bombers and Escorts in reach
  (40.3: within three hexes), then Ground Support over its own hexes the enemy is most
  likely to attack (the enemy strength next to them against their defence), Escorts for
  those Bombers, Interdiction with the Bombers left.
* **intercept** (the attacker's third step): Interceptors against the enemy's Bombers.
* **fight-d / fight-a** (40.5): each Interceptor attacks the target whose removal is
  worth most against the risk read off the Air-to-Air Table (two against one when the
  rules allow it); nothing worth it: end.
* **air-lost** (40.11): the air unit worth least goes.
* **air-replace** (40.9): the strongest air unit in the Cadre Box comes back first
  (Air-to-Air factors plus GSF); none left: decline.
"""

from __future__ import annotations

from ffl.engine import Action

from .. import hexgeo as g
from ..rules import air_base as AB
from ..rules import supply as S
from ..rules.air import intercept_targets
from ..rules.context import READY
from .air_hq import AirHQs
from .fight import THRESHOLD, Fighter
from .look import Look

#: air units an Interceptor's hex is judged by (enemy flying units within reach)
OUT = ("DA", "DE", "DX", "BA")          # the target leaves the map
LOST = ("AA", "AE", "DX", "BA")         # the Interceptor leaves the map


def air_worth(ctx, pid: str) -> float:
    a, d = AB.a2a(ctx, pid)
    return 1.0 + 0.5 * int(ctx.value(pid, "gsf", 0)) + 0.25 * (a + d)


def odds_table(ctx, diff: int) -> dict[str, float]:
    """40.5 the chance of each result at ``diff`` over two dice."""
    out: dict[str, float] = {}
    for a in range(1, 7):
        for b in range(1, 7):
            from ..rules.air_combat import air_result

            r = air_result(ctx, diff, a + b)
            out[r] = out.get(r, 0.0) + 1 / 36
    return out


class Air:
    def __init__(self, controller, look: Look, view, item: dict, fog: bool = False) -> None:
        self.controller = controller
        self.look = look
        self.ctx = look.ctx
        self.view = view
        self.item = item
        self.side = look.side
        self.foe = look.foe
        self.fog = fog

    # -- the contract ---------------------------------------------------------------------

    def choose(self, listed: list[Action]) -> Action:
        end = next((a for a in listed if a.kind == "end-air"), listed[0])
        if self.item.get("kind") == "air-lost":
            return min(listed, key=lambda a: (air_worth(self.ctx, a.get("unit")),
                                              a.get("unit")))
        if self.item.get("kind") == "air-replace":
            back = [a for a in listed if a.kind == "air-replace"]
            if not back:
                return listed[0]
            return max(back, key=lambda a: (sum(AB.a2a(self.ctx, a.get("unit")))
                                            + int(self.ctx.value(a.get("unit"), "gsf", 0)),
                                            a.get("unit")))
        step = self.item.get("step")
        plan = []
        if step == "attacker":
            plan = self.attacker(listed)
        elif step == "defender":
            plan = self.defender()
        elif step == "intercept":
            plan = self.interceptors([p for p in self.ready() if self.fighter(p)])
        elif step in ("fight-d", "fight-a"):
            plan = self.fights()
        for a in plan:
            if a in listed or self.controller.legal(self.view, a):
                return a
        return end

    # -- what is at hand ------------------------------------------------------------------

    def ready(self) -> list[str]:
        return [p for p in AB.air_units(self.ctx, self.side) if AB.operative(self.ctx, p)]

    def gsf(self, pid: str) -> int:
        return int(self.ctx.value(pid, "gsf", 0))

    def fighter(self, pid: str) -> bool:
        return AB.air_type(self.ctx, pid) in AB.FIGHTER_TYPES

    def bomber(self, pid: str) -> bool:
        """A unit that flies as a Bomber first: GS and B types, an FB when the enemy has
        no fighter to meet."""
        t = AB.air_type(self.ctx, pid)
        if t in ("GS", "B"):
            return True
        return t == "FB" and not self.foe_fighters()

    def foe_fighters(self) -> list[str]:
        ctx = self.ctx
        return [p for p in AB.air_units(ctx, self.foe)
                if AB.air_type(ctx, p) in AB.FIGHTER_TYPES
                and (AB.operative(ctx, p) or (AB.mission(ctx, p) == "intercept"
                                              and ctx.piece(p).status != READY))]

    def fly(self, pid: str, key: str, what: str) -> Action | None:
        a = Action.make("fly", self.side, unit=pid, hex=key, mission=what)
        return a if self.controller.legal(self.view, a) else None

    # -- the attacker's step --------------------------------------------------------------

    def targets(self) -> list[tuple[str, float, int]]:
        """The enemy hexes of this phase's likely attacks: (hex, value, attackers'
        strength), best first (40.6 Ground Support over them)."""
        fighter = Fighter(self.controller, self.look, self.view, self.fog)
        from ..rules.fight import owed

        due = {src for _pid, src in owed(self.ctx, self.side)}
        best: dict[str, tuple[float, int]] = {}
        for a in fighter.candidates():
            s = fighter.value(a)
            if s is None:
                continue
            key = a["targets"][0]
            v = s.value + (1.0 if key in due else 0.0)
            if v < THRESHOLD - 0.6 and key not in due:
                continue
            strength = sum(self.look.attack_of(p) for p in a["attackers"])
            if v > best.get(key, (-99.0, 0))[0]:
                best[key] = (v, strength)
        return sorted(((k, v, s) for k, (v, s) in best.items()), key=lambda t: (-t[1], t[0]))

    def attacker(self, listed: list[Action]) -> list[Action]:
        ctx = self.ctx
        # 40.11 Air HQs first: one in danger moves or comes off, one far from the front
        # moves forward, one at its base or lost is placed (:mod:`.air_hq`)
        out: list[Action] = AirHQs(self.controller, self.look, self.view).actions()
        if ctx.seg_type == "tertiary":
            return out
        ready = self.ready()
        bombers = [p for p in ready if self.bomber(p) and self.gsf(p) > 0]
        targets = self.targets()
        out += self.ground_support(bombers, [(k, s) for k, _v, s in targets], doubled=True)
        out += self.escorts(ready)
        out += self.interdiction([p for p in ready if AB.air_type(ctx, p) in AB.BOMBER_TYPES
                                  and self.bomber(p)])
        return out

    def ground_support(self, bombers: list[str], hexes: list[tuple[str, int]],
                       doubled: bool) -> list[Action]:
        """Ground Support over ``hexes`` in turn, while the GSF already there is under the
        ground strength (40.6 caps it there; doubled for the attacker in a Primary
        Segment)."""
        ctx = self.ctx
        mult = 2 if doubled and ctx.seg_type == "primary" else 1
        have: dict[str, int] = {}
        for p in AB.flying(ctx, self.side):
            if AB.mission(ctx, p) == "gs":
                key = ctx.piece(p).space
                have[key] = have.get(key, 0) + self.gsf(p) * mult
        out = []
        for key, cap in hexes[:3]:
            if have.get(key, 0) >= max(1, cap):
                continue
            for pid in sorted(bombers, key=lambda p: (-self.gsf(p), p)):
                a = self.fly(pid, key, "gs")
                if a is not None:
                    out.append(a)
        return out

    def escorts(self, ready: list[str]) -> list[Action]:
        """Escorts over the Bomber hexes not yet escorted, when the enemy has fighters."""
        ctx = self.ctx
        if not self.foe_fighters():
            return []
        mine = AB.flying(ctx, self.side)
        bomb_hexes = sorted({ctx.piece(p).space for p in mine if AB.is_bomber(ctx, p)})
        escorted = {ctx.piece(p).space for p in mine if AB.mission(ctx, p) == "escort"}
        out = []
        for key in bomb_hexes:
            if key in escorted:
                continue
            for pid in sorted((p for p in ready if self.fighter(p) and not self.bomber(p)),
                              key=lambda p: (-AB.a2a(ctx, p)[1], p)):
                a = self.fly(pid, key, "escort")
                if a is not None:
                    out.append(a)
        return out

    def supply_roads(self) -> list[str]:
        """Hexes whose Interdiction Zone (the hex and its six neighbours, 40.7) covers the
        most road and track hexsides between the enemy's supply and its front: near
        the enemy's Army HQ and its stacks, off the enemy-held hexes themselves."""
        ctx, hm = self.ctx, self.ctx.hexmap
        foes = self.look.stacks(self.foe)
        if not foes:
            return []
        hq = S.army_hq(ctx, self.foe)
        hq_hex = ctx.piece(hq).space if hq else None
        anchors = list(foes) + ([hq_hex] if hq_hex in hm.terrain else [])
        cand: set[str] = set()
        for f in anchors:
            cand.update(n for n in hm.neighbours(f) if n in hm.terrain)
            if hq_hex in hm.terrain and f != hq_hex:
                cand.update(k for k in g.line(f, hq_hex) if k in hm.terrain)

        def routes(key: str) -> int:
            n = 0
            zone = [key] + [x for x in hm.neighbours(key) if x in hm.terrain]
            for a in zone:
                for b in hm.neighbours(a):
                    e = hm.edge.get((a, b))
                    if e is not None and (e.road or e.track):
                        n += 2 if e.road else 1
            return n

        scored = []
        for key in cand:
            r = routes(key)
            if r <= 0:
                continue
            near = min(g.distance(key, f) for f in foes)
            scored.append((r - 0.5 * near + (3 if key == hq_hex else 0), key))
        return [k for _s, k in sorted(scored, key=lambda t: (-t[0], t[1]))][:6]

    def interdiction(self, bombers: list[str]) -> list[Action]:
        """40.7 Bombers left over interdict the enemy's supply roads (one a hex)."""
        ctx = self.ctx
        taken = {ctx.piece(p).space for p in AB.flying(ctx, self.side)
                 if AB.mission(ctx, p) == "interdict"}
        out = []
        for key in self.supply_roads():
            if key in taken:
                continue
            for pid in bombers:
                a = self.fly(pid, key, "interdict")
                if a is not None:
                    out.append(a)
                    break
        return out

    # -- the defender's step ---------------------------------------------------------------

    def threatened(self) -> list[tuple[str, int]]:
        """Own hexes next to the enemy, the likeliest attacked first: (hex, the ground
        defence there, the cap of 40.6)."""
        ctx, look = self.ctx, self.look
        scored = []
        for key in look.stacks(self.side):
            foes = [n for n in ctx.hexmap.neighbours(key) if ctx.units_at(n, self.foe)]
            if not foes:
                continue
            att = sum(look.attack_of(p) for n in foes for p in ctx.units_at(n, self.foe))
            d = look.defence_at(key, self.side) or 0.5
            ground = sum(ctx.factors(p)[1] for p in ctx.units_at(key, self.side)
                         if ctx.is_combat(p))
            worth = look.objectives.get(key, 0)
            scored.append((att / d + worth, key, ground))
        scored.sort(key=lambda t: (-t[0], t[1]))
        return [(k, gr) for _s, k, gr in scored]

    def defender(self) -> list[Action]:
        ctx = self.ctx
        ready = self.ready()
        out = self.interceptors([p for p in ready if self.fighter(p) and not self.bomber(p)])
        bombers = [p for p in ready if self.bomber(p) and self.gsf(p) > 0]
        # the defender's Ground Support counts over the defending hex (40.6): first over
        # a hex the attacker's Bombers support, then the most threatened
        theirs = {ctx.piece(p).space for p in AB.flying(ctx, self.foe)
                  if AB.mission(ctx, p) == "gs"}
        hexes = self.threatened()
        hexes = [h for h in hexes if h[0] in theirs] + [h for h in hexes if h[0] not in theirs]
        out += self.ground_support(bombers, hexes[:2], doubled=False)
        out += self.escorts(ready)
        out += self.interdiction([p for p in ready if AB.air_type(ctx, p) in AB.BOMBER_TYPES
                                  and self.bomber(p)])
        return out

    # -- Interceptors -----------------------------------------------------------------------

    def interceptors(self, fighters: list[str]) -> list[Action]:
        """40.3 Interceptors placed within three hexes of the enemy Bombers (and their
        Escorts): the hex reaching the most of them, as near its base as it may be."""
        ctx = self.ctx
        foes = [p for p in AB.flying(ctx, self.foe) if AB.mission(ctx, p) != "intercept"]
        if not foes:
            return []
        bomb = [ctx.piece(p).space for p in foes if AB.is_bomber(ctx, p)]
        if not bomb:
            return []
        reach = int(AB.table(ctx)["intercept_reach"])
        mine = [p for p in AB.flying(ctx, self.side) if AB.mission(ctx, p) == "intercept"]
        # enough Interceptors: one more than the enemy's Escorts and Bombers (two against
        # one needs more Interceptors than Escorts, 40.5)
        if len(mine) > len(foes):
            return []
        spots: list[str] = []
        for f in dict.fromkeys(bomb):
            for b in sorted(AB.sources(ctx, self.side)):
                spots += [k for k in g.line(f, b)[:reach + 1] if k in ctx.hexmap.terrain]
        spots = list(dict.fromkeys(spots))

        def covers(key: str) -> int:
            return sum(1 for k in bomb if g.distance(k, key) <= reach)

        spots.sort(key=lambda k: (-covers(k), k))
        out = []
        for pid in sorted(fighters, key=lambda p: (-AB.a2a(ctx, p)[0], p)):
            for key in spots:
                a = self.fly(pid, key, "intercept")
                if a is not None:
                    out.append(a)
                    break
        return out

    def fights(self) -> list[Action]:
        """40.5 attacks worth making, the best first."""
        ctx = self.ctx
        mine = [p for p in AB.flying(ctx, self.side) if AB.mission(ctx, p) == "intercept"]
        escorts = [p for p in AB.flying(ctx, self.foe) if AB.mission(ctx, p) == "escort"]
        scored = []
        for pid in mine:
            for t in intercept_targets(ctx, pid):
                partners = [None] + ([q for q in mine if q != pid
                                      and t in intercept_targets(ctx, q)]
                                     if len(mine) > len(escorts) else [])
                for partner in partners:
                    att = AB.a2a(ctx, pid)[0]
                    if partner:
                        att = max(att, AB.a2a(ctx, partner)[0]) + 1
                    res = odds_table(ctx, att - AB.a2a(ctx, t)[1])
                    gain = sum(res.get(r, 0) for r in OUT) * air_worth(ctx, t)
                    gain += sum(res.get(r, 0) for r in ("DE", "DX")) * air_worth(ctx, t)
                    if AB.is_bomber(ctx, t):
                        gain *= 1.5                    # a Bomber gone: no Ground Support
                    risk = sum(res.get(r, 0) for r in LOST) * air_worth(ctx, pid) * 0.5
                    risk += res.get("AE", 0) * air_worth(ctx, pid)
                    if partner:
                        risk *= 2
                    v = gain - risk
                    if v > 0.1:
                        a = Action.make("intercept", self.side, unit=pid, target=t,
                                        **({"partner": partner} if partner else {}))
                        scored.append((v, a))
        scored.sort(key=lambda t: -t[0])
        return [a for _v, a in scored]
