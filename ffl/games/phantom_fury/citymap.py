"""CityMap: what the rules ask of the Jolan District board, derived once per board.

Built from the engine board's geometry and Links (see :mod:`.module`), never
from constants: an edited map is read the same way.

* 4.1.1 Adjacent Zones share a border (the engine's orthogonal adjacency
  between two ``zone`` spaces);
* 4.3.1.1 a Street Section is Adjacent to the Zones and Street Sections it
  shares a side with; 4.1.2 Zones Adjacent to one Street Section are
  Neighbouring unless Adjacent to each other;
* 4.1.2.1 / 4.3.1.2 target symbols (``line-of-fire`` links) add Zones for fire
  (and, for a Street Section, for crossing it);
* 4.2.2 Adjacent Locations: ``arrow``, ``door-symbol`` and ``roof-symbol`` links;
  4.3.1.1 a Street Section is Adjacent to every door Location of its Zones;
* 4.4 Blocks: the groups of Zones joined by Adjacency;
* 4.1.7 Egress Routes: ``egress`` links in priority order (``EXIT`` off the south edge).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...engine import Board
from . import mapdata as M

ORDER = {code: i for i, code in enumerate(M.CODES)}


@dataclass
class CityMap:
    board: Board
    zones: list[int] = field(default_factory=list)
    streets: list[str] = field(default_factory=list)
    #: Zone -> its Locations in the book's order (OG, C, 1, 1', 1", 2, 2', R)
    locations: dict[int, list[str]] = field(default_factory=dict)
    zone_of: dict[str, int] = field(default_factory=dict)
    code: dict[str, str] = field(default_factory=dict)
    kind: dict[str, str] = field(default_factory=dict)        # OG, C, 1, 2, R
    loc_adjacent: dict[str, frozenset[str]] = field(default_factory=dict)
    doors: dict[int, frozenset[str]] = field(default_factory=dict)
    entry: dict[int, str] = field(default_factory=dict)
    adjacent: dict[int, frozenset[int]] = field(default_factory=dict)
    neighbouring: dict[int, frozenset[int]] = field(default_factory=dict)
    fire_targets: dict[int, frozenset[int]] = field(default_factory=dict)
    zone_streets: dict[int, frozenset[str]] = field(default_factory=dict)
    street_zones: dict[str, frozenset[int]] = field(default_factory=dict)
    street_fire_zones: dict[str, frozenset[int]] = field(default_factory=dict)
    street_streets: dict[str, frozenset[str]] = field(default_factory=dict)
    street_doors: dict[str, frozenset[str]] = field(default_factory=dict)
    block: dict[int, frozenset[int]] = field(default_factory=dict)
    egress: dict[int, list[int | str]] = field(default_factory=dict)
    exit_streets: dict[int, tuple[str, ...]] = field(default_factory=dict)
    circle: dict[int, str] = field(default_factory=dict)
    north_streets: frozenset[str] = frozenset()

    # -- construction -----------------------------------------------------------------

    @classmethod
    def of(cls, board: Board) -> CityMap:
        m = cls(board)
        spaces = board.spaces
        for key, sp in spaces.items():
            if sp.kind == "zone":
                n = int(sp.get("number", key[1:]))
                m.zones.append(n)
                m.circle[n] = sp.get("circle", "white")
            elif sp.kind == "street":
                m.streets.append(key)
        m.zones.sort()
        for key, sp in spaces.items():
            if sp.kind == "box" and sp.get("zone") is not None:
                n = int(sp.get("zone"))
                m.zone_of[key] = n
                m.code[key] = sp.get("code")
                m.kind[key] = sp.get("type")
                m.locations.setdefault(n, []).append(key)
        for n in m.zones:
            m.locations.setdefault(n, [])
            m.locations[n].sort(key=lambda k: ORDER.get(m.code[k], 99))
            m.doors[n] = frozenset(k for k in m.locations[n] if spaces[k].get("door"))
            entries = [k for k in m.locations[n] if spaces[k].get("entry")]
            if entries:
                m.entry[n] = entries[0]
        adj: dict[str, set[str]] = {k: set() for k in m.zone_of}
        for link in board.links:
            if link.kind in ("arrow", "door-symbol", "roof-symbol") \
                    and link.a in adj and link.b in adj:
                adj[link.a].add(link.b)
                adj[link.b].add(link.a)
        m.loc_adjacent = {k: frozenset(v) for k, v in adj.items()}
        zkey = {M.zone_key(n): n for n in m.zones}
        zone_adj: dict[int, set[int]] = {n: set() for n in m.zones}
        zone_st: dict[int, set[str]] = {n: set() for n in m.zones}
        st_zones: dict[str, set[int]] = {s: set() for s in m.streets}
        st_st: dict[str, set[str]] = {s: set() for s in m.streets}
        for n in m.zones:
            for other in board.orthogonal(M.zone_key(n)):
                if other in zkey:
                    zone_adj[n].add(zkey[other])
                elif spaces[other].kind == "street":
                    zone_st[n].add(other)
                    st_zones[other].add(n)
        for s in m.streets:
            st_st[s] = {o for o in board.orthogonal(s) if spaces[o].kind == "street"}
        m.adjacent = {n: frozenset(v) for n, v in zone_adj.items()}
        m.zone_streets = {n: frozenset(v) for n, v in zone_st.items()}
        m.street_zones = {s: frozenset(v) for s, v in st_zones.items()}
        m.street_streets = {s: frozenset(v) for s, v in st_st.items()}
        m.street_doors = {s: frozenset(d for z in v for d in m.doors[z])
                          for s, v in st_zones.items()}
        m.north_streets = frozenset(s for s in m.streets if spaces[s].get("north_edge"))
        neigh: dict[int, set[int]] = {n: set() for n in m.zones}
        for zs in st_zones.values():
            for a in zs:
                for b in zs:
                    if a != b and b not in zone_adj[a]:
                        neigh[a].add(b)
        m.neighbouring = {n: frozenset(v) for n, v in neigh.items()}
        fire = {n: set(m.adjacent[n] | m.neighbouring[n]) for n in m.zones}
        st_fire = {s: set(v) for s, v in st_zones.items()}
        egress: dict[int, list[tuple[int, int | str]]] = {}
        for link in board.links:
            if link.kind == "line-of-fire":
                if link.a in zkey and link.b in zkey:
                    fire[zkey[link.a]].add(zkey[link.b])
                    fire[zkey[link.b]].add(zkey[link.a])
                elif link.a in st_fire and link.b in zkey:
                    st_fire[link.a].add(zkey[link.b])
            elif link.kind == "egress" and link.a in zkey:
                target: int | str = zkey.get(link.b, link.b)
                egress.setdefault(zkey[link.a], []).append(
                    (int(link.attrs.get("priority", 99)), target))
                if target == M.EXIT:
                    m.exit_streets[zkey[link.a]] = tuple(link.attrs.get("streets", ()))
        m.fire_targets = {n: frozenset(v) for n, v in fire.items()}
        m.street_fire_zones = {s: frozenset(v) for s, v in st_fire.items()}
        m.egress = {n: [t for _, t in sorted(v, key=lambda pv: pv[0])]
                    for n, v in egress.items()}
        seen: set[int] = set()
        for n in m.zones:
            if n in seen:
                continue
            group, todo = set(), [n]
            while todo:
                z = todo.pop()
                if z in group:
                    continue
                group.add(z)
                todo.extend(zone_adj[z] - group)
            seen |= group
            for z in group:
                m.block[z] = frozenset(group)
        return m

    # -- questions --------------------------------------------------------------------

    def is_location(self, key: str | None) -> bool:
        return key in self.zone_of

    def is_street(self, key: str | None) -> bool:
        return key in self.street_zones

    def contact(self, n: int) -> frozenset[int]:
        """4.1.1 + 4.1.2: the Adjacent and Neighbouring Zones of Zone ``n``."""
        return self.adjacent[n] | self.neighbouring[n]

    def separating(self, a: int, b: int) -> frozenset[str]:
        """The Street Sections two Neighbouring Zones are both Adjacent to (13.6.5)."""
        return self.zone_streets[a] & self.zone_streets[b]

    def label(self, key: str) -> str:
        """How a player reads a place: ``Zone 3, Location 1'``, ``street H1.2`` (4.2:
        a Zone's boxes are its Locations, each marked OG, C, 1, 1', 1", 2, 2' or R)."""
        if key in self.zone_of:
            return f"Zone {self.zone_of[key]}, Location {M.LABELS[self.code[key]]}"
        if key in self.street_zones:
            return f"street {key}"
        return key

    def location(self, n: int, code: str) -> str | None:
        key = M.location_key(n, code)
        return key if key in self.zone_of else None


_CACHE: dict[int, tuple[Board, CityMap]] = {}


def city_map(board: Board) -> CityMap:
    """The board's CityMap (built once per board object)."""
    hit = _CACHE.get(id(board))
    if hit is None or hit[0] is not board:
        hit = (board, CityMap.of(board))
        _CACHE[id(board)] = hit
    return hit[1]
