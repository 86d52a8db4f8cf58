"""The program's transport in the Movement Phase (4.0): Trucks load, lift and fetch
Supply Points and foot units (21.0, 21.1), pieces in a friendly Off Map Box sail to
a port (22.1, 23.1), one Allied unit a Primary Segment goes by rail (22.1).

A mixin of :class:`.march.Marcher`, which it reads (``ctx``, ``look``, ``state``,
``memory``, ``side``, ``front``, ``reach``, ``strength``, ``best_move``,
``assaulter``)."""

from __future__ import annotations

from ffl.engine import Action

from .look import hexes_apart


class Transport:
    def load(self, carrier: str) -> Action | None:
        ctx = self.ctx
        here = ctx.piece(carrier).space
        for p in ctx.pieces_at(here):
            q = ctx.piece(p)
            if q.side == self.side and ctx.kind(p) == "sp" and not q.data.get("carried_by"):
                a = Action.make("load", self.side, carrier=carrier, cargo=p)
                if self.controller.legal(self.state, a):
                    return a
        return None

    def lift(self, carrier: str, box: str) -> Action | None:
        """21.0 a Truck in an Off Map Box takes a non-motorized infantry unit waiting
        there onto the map."""
        ctx = self.ctx
        for p in sorted(ctx.pieces_at(box), key=lambda p: (-self.strength(p), p)):
            q = ctx.piece(p)
            if q.side != self.side or not ctx.is_combat(p) or ctx.motorized(p) \
                    or q.data.get("carried_by") or q.data.get("hq"):
                continue
            a = Action.make("load", self.side, carrier=carrier, cargo=p)
            if self.controller.legal(self.state, a):
                return a
        return None

    def unload(self) -> Action | None:
        """21.1 combat units carried by Trucks that have moved this segment get off."""
        ctx = self.ctx
        tried = self.memory.get("tried") or set()
        for p, q in sorted(ctx.state.pieces.items()):
            carrier = q.data.get("carried_by")
            if q.side != self.side or not carrier or not ctx.is_combat(p):
                continue
            if carrier in tried and q.space in ctx.hexmap.terrain:
                a = Action.make("unload", self.side, cargo=p)
                if self.controller.legal(self.state, a):
                    return a
        return None

    def carrying(self, carrier: str) -> bool:
        return any(q.data.get("carried_by") == carrier for q in self.ctx.state.pieces.values())
    def truck(self, pid: str) -> Action | None:
        ctx, look = self.ctx, self.look
        here = ctx.piece(pid).space
        if not self.carrying(pid) and here in ctx.hexmap.boxes:
            a = self.lift(pid, here)          # foot units waiting in a box first
            if a is not None:
                return a
        if not self.carrying(pid):
            a = self.load(pid)
            if a is not None:
                return a
            return self.fetch(pid)
        if any(ctx.is_combat(p) for p in ctx.followers(pid)):
            plan = self.assaulter().from_here(pid)      # 14.1 the infantry it carries
            if plan is not None:
                return plan.first
        hq = look.army_hq()
        goal = ctx.piece(hq).space if hq else None
        front = self.front()
        if goal is None or goal not in ctx.hexmap.terrain:
            goal = front[0] if front else None
        if goal is None:
            return None
        here = ctx.piece(pid).space
        reach = self.reach([pid])
        foes = look.stacks(look.foe)

        def value(key: str) -> float:
            if key not in ctx.hexmap.terrain:
                return -99.0
            if min((hexes_apart(key, f) for f in foes), default=99) <= 1:
                return -50.0
            return -hexes_apart(key, goal) - (2.0 if key not in look.loc else 0.0)

        return self.best_move(pid, here, reach, value)

    def fetch(self, pid: str) -> Action | None:
        """An empty Truck drives to the nearest Supply Point left behind (not with the
        Army HQ, not carried)."""
        ctx = self.ctx
        hq = self.look.army_hq()
        hq_hex = ctx.piece(hq).space if hq else None
        here = ctx.piece(pid).space
        spots = set()
        for p, q in ctx.state.pieces.items():
            if q.side == self.side and q.status == "active" and ctx.kind(p) == "sp" \
                    and not q.data.get("carried_by") and q.space not in (None, hq_hex, here):
                spots.add(q.space)
        if not spots:
            return None
        reach = self.reach([pid])
        for key in sorted(spots, key=lambda k: hexes_apart(here, k) if here[:1].isdigit()
                          else 0):
            if key in reach:
                action = Action.make("move", self.side, units=[pid], path=list(reach[key]))
                if self.controller.legal(self.state, action):
                    return action
        return None

    # -- by sea -------------------------------------------------------------------------------

    def sail(self) -> Action | None:
        """23.1 / 22.1 pieces waiting in a friendly Off Map Box with a port (Italy,
        Tripoli, the Nile Delta) that cannot drive onto the map sail to the friendly
        port nearest the front, as much as the Shipping Limit lets through; Supply
        Points too.  The Allies also send one unit a Primary Segment by rail."""
        ctx, hm = self.ctx, self.ctx.hexmap
        tried = self.memory.setdefault("sailed", set())
        front = self.front()
        ports = [k for k in hm.ports if ctx.control(k) == self.side
                 and not any(ctx.units_at(n, self.look.foe) for n in hm.neighbours(k))]
        if self.fog and ctx.option("air_game"):
            # 39.0 / 24.2 a hidden enemy Air HQ in range of a port halves it
            rng = int(ctx.tables["port_interdiction_range"])
            foes = self.look.stacks(self.look.foe)
            ports = [k for k in ports if all(hexes_apart(k, f) > rng for f in foes)]
        if front:
            ports.sort(key=lambda k: min(hexes_apart(k, f) for f in front))
        ports = ports[:4]
        for box, attrs in sorted(hm.boxes.items()):
            if attrs.get("side") != self.side or not attrs.get("port"):
                continue
            waiting = [p for p in ctx.pieces_at(box) if ctx.piece(p).side == self.side
                       and p not in tried and not ctx.piece(p).data.get("hq")
                       and not ctx.piece(p).data.get("carried_by")
                       and (ctx.is_combat(p) or ctx.kind(p) in ("sp", "truck"))]
            waiting.sort(key=lambda p: (0 if ctx.is_combat(p) else 1, -self.strength(p), p))
            for p in waiting:
                tried.add(p)
                if ctx.is_combat(p) and box != "Italy" and ctx.motorized(p):
                    continue                 # it drives onto the map
                for port in ports + (["Tripoli"] if box == "Italy" else []):
                    a = Action.make("sea", self.side, units=[p], to=port)
                    if self.controller.legal(self.state, a):
                        return a
                if box == "Nile Delta" and ctx.is_combat(p):
                    a = self.rail(p, front)
                    if a is not None:
                        return a
        return None

    def rail(self, pid: str, front: list[str]) -> Action | None:
        """22.1 one unit by rail from the Nile Delta to the rail hex nearest the front."""
        from ..rules.logistics import rail_network

        if self.memory.get("railed"):
            return None
        net = sorted(rail_network(self.ctx))
        if not net or not front:
            return None
        net.sort(key=lambda k: min(hexes_apart(k, f) for f in front))
        for key in net[:6]:
            a = Action.make("rail", self.side, units=[pid], to=key)
            if self.controller.legal(self.state, a):
                self.memory["railed"] = True
                return a
        return None
