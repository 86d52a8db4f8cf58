"""The map as the rules read it: hexes, their terrain and places, and each hexside's
routes and obstacles in both directions, built once per board from its data (the
board in the module file, so an edited map plays as edited).

Everything is kept in plain dicts keyed by hex keys: the movement, ZOC and supply
searches (4.0, 7.0, 8.3, 19.2) run on these without touching shapely.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ffl.engine import Board

from .. import hexgeo as g
from ..features import ESCARPMENT, PASS, PERIMETER, RAIL, RIDGE, ROAD, TRACK


@dataclass(frozen=True)
class Edge:
    """Crossing from one hex into a neighbour."""

    to: str
    road: bool = False
    track: bool = False
    rail: bool = False
    ridge: bool = False          # a ridge hexside (4.4, 10.3)
    escarpment: bool = False
    up: bool = False             # crossing it goes up an escarpment or ridge (10.3, 7.4)
    down: bool = False           # ... down an escarpment (7.5)
    passable: bool = False       # an escarpment with a pass or a road/track across (4.4)
    perimeter: bool = False      # the Tobruk Perimeter line (18A)
    sea_side: bool = False       # the hexside lies between two sea hexes

    @property
    def route(self) -> bool:
        return self.road or self.track


@dataclass
class HexMap:
    board: Board
    terrain: dict[str, str] = field(default_factory=dict)
    edges: dict[str, list[Edge]] = field(default_factory=dict)
    edge: dict[tuple[str, str], Edge] = field(default_factory=dict)
    places: dict[str, dict] = field(default_factory=dict)
    boxes: dict[str, dict] = field(default_factory=dict)
    friendly_edge: dict[str, list[str]] = field(default_factory=dict)
    ports: dict[str, list] = field(default_factory=dict)
    airfields: list[str] = field(default_factory=list)
    forts: list[str] = field(default_factory=list)
    rail_hexes: set[str] = field(default_factory=set)
    route_hexes: set[str] = field(default_factory=set)
    perimeter: set[str] = field(default_factory=set)
    names: dict[str, str] = field(default_factory=dict)
    by_name: dict[str, str] = field(default_factory=dict)
    #: hex -> [(neighbour, motorized cost in sixths, along a road/track, desert entered)]
    #: for the supply searches (8.3, 19.2); impassable crossings left out
    mot: dict[str, list[tuple[str, int, bool, bool]]] = field(default_factory=dict)
    #: the same crossings seen from the hex entered: hex -> [(from, cost, route, desert)]
    into: dict[str, list[tuple[str, int, bool, bool]]] = field(default_factory=dict)

    @classmethod
    def of(cls, board: Board, tables=None) -> HexMap:
        m = cls(board)
        for key, space in board.spaces.items():
            if space.kind == "box":
                m.boxes[key] = dict(space.attrs)
                continue
            m.terrain[key] = str(space.get("terrain", "clear"))
            if space.get("name"):
                m.names[key] = str(space.get("name"))
                m.by_name.setdefault(str(space.get("name")), key)
            place = {k: space.get(k) for k in ("place", "port", "airfield", "fort", "edge",
                                               "coastal", "name") if space.get(k)}
            if place:
                m.places[key] = place
            if space.get("port"):
                m.ports[key] = list(space.get("port"))
            if space.get("airfield"):
                m.airfields.append(key)
            if space.get("fort"):
                m.forts.append(key)
        edges = board.attrs.get("edges") or {}
        m.friendly_edge = {side: [k for k in keys if k in m.terrain]
                           for side, keys in edges.items()}
        m.perimeter = set(board.attrs.get("tobruk_perimeter") or [])
        for key in m.terrain:
            out = []
            xx, yy = g.parse(key)
            for n in g.neighbours(xx, yy):
                other = g.label(*n)
                if other not in m.terrain:
                    continue
                side = board.side(key, other)
                f = side.features if side is not None else frozenset()
                high = side.attrs.get("high") if side is not None else None
                esc, ridge = ESCARPMENT in f, RIDGE in f
                road, track, rail = ROAD in f, TRACK in f, RAIL in f
                e = Edge(other, road=road, track=track, rail=rail, ridge=ridge,
                         escarpment=esc,
                         up=(esc and high == other) or (ridge and high in (None, other)),
                         down=esc and high == key,
                         passable=esc and (PASS in f or road or track),
                         perimeter=PERIMETER in f,
                         sea_side=m.terrain[key] == "sea" and m.terrain[other] == "sea")
                out.append(e)
                m.edge[(key, other)] = e
                if road or track:
                    m.route_hexes.update((key, other))
                if rail:
                    m.rail_hexes.update((key, other))
            m.edges[key] = out
        if tables:
            m._costs(tables["terrain"], tables["routes"], int(tables["hexsides"]["ridge"]["mot"]))
        else:
            m._costs()
        return m

    def _costs(self, terrain_costs: dict | None = None, routes: dict | None = None,
               ridge_extra: int = 6) -> None:
        """The motorized cost of every crossing, for the supply searches."""
        from ..tables import ROUTES, TERRAIN

        terrain_costs = terrain_costs or TERRAIN
        routes = routes or ROUTES
        for key, out in self.edges.items():
            if self.terrain[key] == "sea":
                self.mot[key] = []
                continue
            lst = []
            for e in out:
                t = self.terrain[e.to]
                base = terrain_costs[t]["mot"]
                if base is None:
                    continue
                if e.road:
                    lst.append((e.to, routes["road"]["mot"], True, False))
                elif e.track:
                    lst.append((e.to, routes["track"]["mot"], True, False))
                elif e.escarpment and not e.passable:
                    continue
                else:
                    lst.append((e.to, base + (ridge_extra if e.ridge else 0), False,
                                t == "desert"))
            self.mot[key] = lst
        self.into = {k: [] for k in self.edges}
        for key, lst in self.mot.items():
            for to, cost, route, desert in lst:
                self.into[to].append((key, cost, route, desert))

    # -- questions ------------------------------------------------------------------------

    def is_land(self, key: str) -> bool:
        t = self.terrain.get(key)
        return t is not None and t != "sea"

    def neighbours(self, key: str) -> list[str]:
        return [e.to for e in self.edges.get(key, ())]

    def adjacent(self, a: str, b: str) -> bool:
        return (a, b) in self.edge

    def name(self, key: str) -> str:
        """A hex's name for messages: "Tobruk (3137)" or "2845"."""
        n = self.names.get(key)
        return f"{n} ({key})" if n else key

    def is_city(self, key: str) -> bool:
        return self.places.get(key, {}).get("place") == "city"
