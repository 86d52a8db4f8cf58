"""Build the Phantom Fury module: the Jolan District board, the counters, the scenarios.

The board is one engine :class:`~ffl.engine.Board` of free polygons:

* Zones (kind ``zone``, keys ``Z1``..``Z61``) and Street Sections (kind
  ``street``, keys ``H0.1`` for the horizontal streets, ``V1.1`` for the short
  ones between Blocks) tile the district, so the engine derives from the
  geometry which Zones are Adjacent (4.1.1), which Street Sections touch which
  Zones and each other (4.3.1.1), hence Neighbouring Zones and Blocks;
* Locations (kind ``box``, keys ``Z3.1p`` = Location 1' of Zone 3) are boxes
  inside their Zone; the authored symbols are Links: ``arrow`` (Adjacent
  Locations of one Zone), ``door-symbol`` / ``roof-symbol`` (Adjacent Locations
  of two Zones), ``line-of-fire`` (target symbols), ``egress`` (Egress Routes
  with their ``priority``; the EXIT is the box ``EXIT`` south of the map);
* the boxes printed beside the map (6.3) hold the counters waiting to enter.

Everything is data the editor can change; :mod:`.mapdata` holds the layout.
"""

from __future__ import annotations

from shapely.geometry import box

from ...engine import Board, Link, Module, PieceType, Placement, Scenario, Space
from . import mapdata as M
from . import tables as T

GAME = "phantom_fury"
BOARD = "jolan"


def _r(v: float) -> float:
    return round(v, 6)


def _rect(x0: float, y0: float, x1: float, y1: float):
    return box(_r(x0), _r(y0), _r(x1), _r(y1))


def row_top(row: int) -> float:
    """y of the top of block row ``row`` (0-based)."""
    return M.STREET + row * (M.ROW_HEIGHT + M.STREET)


def zone_extents() -> dict[int, tuple[float, float, int]]:
    """Zone number -> (x0, x1, row)."""
    out: dict[int, tuple[float, float, int]] = {}
    for r, blocks in enumerate(M.ROWS):
        x = 0.0
        for b, block in enumerate(blocks):
            if b:
                x += M.STREET
            for number, width in block:
                out[number] = (x, x + width, r)
                x += width
        last = max((n for n, v in out.items() if v[2] == r), key=lambda n: out[n][0])
        out[last] = (out[last][0], M.MAP_WIDTH, r)     # the row ends at the map's edge
    return out


def _zones_and_locations(spaces: list[Space], links: list[Link]) -> dict[int, dict]:
    ext = zone_extents()
    info: dict[int, dict] = {}
    for number, (x0, x1, r) in sorted(ext.items()):
        y0 = row_top(r)
        width = x1 - x0
        template = M.template_of(number, width)
        codes = M.TEMPLATES[template]
        cols = 3 if width >= 2.5 else 2
        grid_w = cols * M.CELL - M.GAP
        ox, oy = x0 + (width - grid_w) / 2, y0 + M.GAP

        def cell(c: int, rr: int, ox=ox, oy=oy):
            return (ox + c * M.CELL, oy + rr * M.CELL, ox + c * M.CELL + M.BOX,
                    oy + rr * M.CELL + M.BOX)

        door = "OG" if "OG" in codes else ("C" if "C" in codes else "")
        circle = ("black" if number in M.BLACK_CIRCLES else "red" if number == M.MOSQUE
                  else "none" if number == M.NO_ENTRY else "white")
        cx0, cy0, cx1, cy1 = cell(*M.CONTROL_CELL)
        attrs = {"number": number, "row": r + 1, "circle": circle, "template": template,
                 "control_box": [_r(cx0), _r(cy0), _r(cx1 - cx0), _r(cy1 - cy0)],
                 "locations": list(codes)}
        if number == M.MOSQUE:
            attrs["fortified"] = True
        if number == M.NO_ENTRY:
            attrs["no_entry"] = True
        spaces.append(Space(M.zone_key(number), _rect(x0, y0, x1, y0 + M.ROW_HEIGHT), "zone",
                            attrs, str(number)))
        for code in codes:
            la = {"zone": number, "code": code, "type": M.TYPES[code]}
            if code == door:
                la["door"] = True
                if circle == "black":
                    la["entry"] = True
            spaces.append(Space(M.location_key(number, code), _rect(*cell(*M.CELLS[code])),
                                "box", la, M.LABELS[code]))
        for a, b in M.ARROWS:
            if a in codes and b in codes:
                links.append(Link(M.location_key(number, a), M.location_key(number, b),
                                  "arrow"))
        info[number] = {"codes": codes, "x0": x0, "x1": x1, "row": r}
    return info


def _blocks_symbols(info: dict[int, dict], links: list[Link]) -> None:
    """4.2.2: a door and a roof symbol between each two Adjacent Zones of a Block."""
    symbol = 0
    for blocks in M.ROWS:
        for block in blocks:
            for (west, _), (east, _) in zip(block, block[1:], strict=False):
                wc, ec = info[west]["codes"], info[east]["codes"]
                if not wc or not ec:
                    continue
                a = M.DOOR_PAIR[0] if M.DOOR_PAIR[0] in wc else "1"
                b = M.DOOR_PAIR[1] if M.DOOR_PAIR[1] in ec else "1"
                symbol += 1
                links.append(Link(M.location_key(west, a), M.location_key(east, b),
                                  "door-symbol", {"symbol": symbol}))
                a, b = M.ROOF_PAIR
                links.append(Link(M.location_key(west, a), M.location_key(east, b),
                                  "roof-symbol", {"symbol": symbol}))


def _streets(spaces: list[Space]) -> dict[tuple[int, int], str]:
    """Street Sections; returns the vertical section between each two Blocks of a
    row, keyed by (west Zone, east Zone)."""
    ext = zone_extents()
    rows: list[list[int]] = [[n for block in blocks for n, _ in block] for blocks in M.ROWS]
    for k in range(len(M.ROWS) + 1):
        y0 = 0.0 if k == 0 else row_top(k - 1) + M.ROW_HEIGHT
        defining = rows[min(k, len(rows) - 1)]
        start = 0.0
        for i, number in enumerate(sorted(defining, key=lambda n: ext[n][0]), start=1):
            end = ext[number][1]
            attrs = {"orientation": "h", "street": k}
            if k == 0:
                attrs["north_edge"] = True
            if k == len(M.ROWS):
                attrs["south_edge"] = True
            spaces.append(Space(f"H{k}.{i}", _rect(start, y0, end, y0 + M.STREET), "street",
                                attrs, " "))
            start = end
    between: dict[tuple[int, int], str] = {}
    for r, blocks in enumerate(M.ROWS):
        y0 = row_top(r)
        for i, (west, east) in enumerate(zip(blocks, blocks[1:], strict=False), start=1):
            w, e = west[-1][0], east[0][0]
            x0 = ext[w][1]
            key = f"V{r + 1}.{i}"
            spaces.append(Space(key, _rect(x0, y0, x0 + M.STREET, y0 + M.ROW_HEIGHT), "street",
                                {"orientation": "v", "row": r + 1}, " "))
            between[(w, e)] = key
    return between


def build_board() -> Board:
    """The Jolan District: Zones, Street Sections, Locations and the symbols."""
    spaces: list[Space] = []
    links: list[Link] = []
    info = _zones_and_locations(spaces, links)
    _blocks_symbols(info, links)
    between = _streets(spaces)
    for a, b in M.ZONE_LINES_OF_FIRE:
        links.append(Link(M.zone_key(a), M.zone_key(b), "line-of-fire"))
    for pair, targets in M.STREET_LINES_OF_FIRE.items():
        for target in targets:
            links.append(Link(between[pair], M.zone_key(target), "line-of-fire", directed=True))
    south_y = row_top(len(M.ROWS) - 1) + M.ROW_HEIGHT + M.STREET
    spaces.append(Space(M.EXIT, _rect(0, south_y + 0.25, M.MAP_WIDTH, south_y + 0.85), "box",
                        {"exit": True}, "EXIT (13.6.6)"))
    south_streets = [s for s in spaces if s.kind == "street" and s.get("south_edge")]
    for number, routes in M.EGRESS.items():
        for priority, target in enumerate(routes, start=1):
            links.append(Link(M.zone_key(number), M.zone_key(target), "egress",
                              {"priority": priority}, directed=True))
    for number in M.SOUTH_ROW:
        zx0, zx1, _ = zone_extents()[number]
        crossed = [s.key for s in south_streets
                   if min(zx1, s.polygon.bounds[2]) - max(zx0, s.polygon.bounds[0]) > 1e-6]
        links.append(Link(M.zone_key(number), M.EXIT, "egress",
                          {"priority": 1, "streets": crossed}, directed=True))
    for i, (key, title) in enumerate(M.BOXES):
        y0 = M.STREET + i * (M.BOX_HEIGHT + 0.35)
        spaces.append(Space(key, _rect(M.BOX_X, y0, M.BOX_X + M.BOX_WIDTH, y0 + M.BOX_HEIGHT),
                            "box", {"holding": True}, title))
    return Board(spaces, (), links, name=BOARD,
                 attrs={"grid": "polygons", "title": "The Jolan District, Fallujah",
                        "tiles": True})


# -- counters --------------------------------------------------------------------------


def piece_types() -> list[PieceType]:
    out: list[PieceType] = []
    for name, cf in T.USMC_SQUADS.items():
        out.append(PieceType(name, f"USMC {name}", "usmc", "squad", "usmc",
                             {"cf": cf, "reduced_cf": cf - 1, "mc": T.SQUAD_MC,
                              "back": f"{name} ({cf - 1})"}))
        out.append(PieceType(f"SE-{name}", f"Security Element {name}", "usmc", "security",
                             "usmc", {"squad": name, "cf_penalty": 1}))
    for name, cf in T.IIF_SQUADS.items():
        out.append(PieceType(name, f"IIF {name[4:]}", "usmc", "iif", "iif",
                             {"cf": cf, "reduced_cf": cf - 1, "mc": T.SQUAD_MC,
                              "back": f"{name} ({cf - 1})"}))
    for name in T.CAAT_TEAMS:
        out.append(PieceType(name, name, "usmc", "caat", "usmc",
                             {"ammo": T.CAAT_AMMO, "explosives": 1}))
    for i in (1, 2):
        out.append(PieceType(f"M1A1-{i}", f"M1A1 Abrams {i}", "usmc", "abrams", "usmc",
                             {"cf": T.ABRAMS_CF}))
    n = 0
    for (g, m), count in sorted(T.INSURGENT_MIX.items()):
        for _ in range(count):
            n += 1
            out.append(PieceType(f"INS-{n:02d}", f"Insurgents {n:02d}", "insurgents",
                                 "insurgents", "insurgents",
                                 {"guerillas": g, "martyrs": m,
                                  "back": f"Martyrs {m}"}))
    for i in range(1, T.SUSPECT_COUNT + 1):
        prio = T.SUSPECT_PRIORITIES[(i - 1) % len(T.SUSPECT_PRIORITIES)]
        out.append(PieceType(f"SUS-{i:02d}", f"Suspect {i:02d}", "insurgents", "suspect",
                             "insurgents", {"priority": list(prio)}))
    return out


def placements() -> list[Placement]:
    """Every counter where it starts: USMC squads, 'Insurgents' and 'Suspect'
    counters in their containers (off the map, 6.1); CAATs, the M1A1 and the IIF
    in their boxes (6.3); the second M1A1 set aside (it enters the box only in
    the historical variant, 15)."""
    out: list[Placement] = []
    for pt in piece_types():
        if pt.kind in ("squad",):
            out.append(Placement(pt.id, pt.id, "usmc", None, status="off",
                                 data={"pool": "usmc"}))
        elif pt.kind == "security":
            out.append(Placement(pt.id, pt.id, "usmc", None, status="off"))
        elif pt.kind == "iif":
            out.append(Placement(pt.id, pt.id, "usmc", "BOX-iif"))
        elif pt.kind == "caat":
            out.append(Placement(pt.id, pt.id, "usmc", "BOX-caat",
                                 data={"ammo": T.CAAT_AMMO, "explosives": True}))
        elif pt.kind == "abrams":
            if pt.id == "M1A1-1":
                out.append(Placement(pt.id, pt.id, "usmc", "BOX-armour"))
            else:
                out.append(Placement(pt.id, pt.id, "usmc", None, status="unused",
                                     data={"variant": True}))
        elif pt.kind == "insurgents":
            out.append(Placement(pt.id, pt.id, "insurgents", None, status="off",
                                 data={"pool": "insurgents"}))
        elif pt.kind == "suspect":
            out.append(Placement(pt.id, pt.id, "insurgents", None, status="off",
                                 data={"pool": "suspects"}))
    return out


SCENARIO = f"{GAME}/jolan"


def scenarios() -> list[Scenario]:
    """One battle; the difficulty (6.1.2) and the historical variant (15) are the game
    options chosen when it starts (the manifest's ``options``)."""
    return [Scenario(
        SCENARIO, GAME, "The battle for the Jolan District", BOARD,
        description=("Solitaire, November 2004: you command a USMC company clearing the "
                     "Jolan District of Fallujah, Zone by Zone, in at most 16 turns; the "
                     "program plays the insurgents by the rules' draws, tables and "
                     "priorities.  Choose the difficulty (how many Strong Points hide "
                     "among the Zones) and the historical variant below."),
        sides=("usmc", "insurgents"), options={"strong_points": 2, "variant": False},
        placements=placements())]


def build_module() -> Module:
    board = build_board()
    return Module(
        id=GAME, game=GAME, title="Phantom Fury", version="1",
        boards={board.name: board},
        piece_types={pt.id: pt for pt in piece_types()},
        scenarios={sc.id: sc for sc in scenarios()},
        attrs={"tables": T.tables_data()},
    )
