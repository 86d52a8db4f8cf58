"""Build the Limits of Glory module: the map, the elements and commanders, the scenarios.

The map (:mod:`.geography`) becomes an engine board of free polygons: each
space has ``kind`` ``"sea"`` or ``"land"`` and attributes the rules read (the
editor edits them as the space's JSON attributes):

``value``    the space value, 1 to 4 (Definitions);
``region``   ``"sea"``, ``"egypt"``, ``"syria"`` or ``"malta"``;
``upper``    true in the Upper Egypt inset; ``nile``: along the Nile in Upper Egypt;
``bua``      the built-up area in the space: ``{"name", "vp": {nationality: VP}}``;
``harbour``  ``"french"`` or ``"allied"``: a safe harbour (Movement: Safe harbours);
``ship``     an invasion fleet starts here (Set Up: the ship symbols);
``dot``      where the space's markers are drawn.

Sides along the Nile carry the ``river`` feature and those on the Egypt/Syria
border the ``border`` feature; two links of kind ``inset`` join the main map
to the Upper Egypt inset and one ``sea-lane`` link is the Strait of Messina.

Every element is a piece (an infantry element is one piece, as the book's
numbered markers are exchanged like currency); the pools are pieces off the
board.  The numbers the rules read and the editor changes (the combat table,
the event armies, the disembarkation table) are in ``module.attrs["tables"]``.
"""

from __future__ import annotations

from shapely.geometry import LineString
from shapely.ops import polylabel

from ...engine import Module, PieceType, Placement, Scenario
from ...engine.board import Board, Link, Side, Space
from . import geography as G
from . import tables as T

GAME = "limits_of_glory"
BOARD = "eastern_empire"
NILE, BORDER_FEATURE = "river", "border"


def space_attrs(key: str, region: str, dot: tuple[float, float]) -> dict:
    attrs: dict = {"value": T.SPACE_VALUES[key], "region": region,
                   "dot": [round(dot[0], 3), round(dot[1], 3)]}
    if key in T.UPPER_EGYPT:
        attrs["upper"] = True
    if key in T.NILE_UPPER:
        attrs["nile"] = True
    if key in T.BUAS:
        name, vp = T.BUAS[key]
        attrs["bua"] = {"name": name, "vp": dict(vp)}
    if key in T.HARBOURS_OF:
        attrs["harbour"] = T.HARBOURS_OF[key]
    if key in T.FLEET_HARBOURS:
        attrs["ship"] = True
    return attrs


def _region(key: str) -> str:
    if key in G.SEA_SEEDS:
        return "sea"
    if key == T.MALTA_LAND:
        return "malta"
    return "syria" if key in T.SYRIA else "egypt"


def _near(line: LineString, geom) -> bool:
    return geom is not None and line.buffer(1e-3).contains(geom)


def build_board() -> Board:
    """The map board: 61 spaces, the Nile and border sides, the inset links."""
    polys = G.polygons()
    spaces = []
    for key, poly in polys.items():
        region = _region(key)
        dot = polylabel(poly, 0.01)
        spaces.append(Space(key, poly, "sea" if region == "sea" else "land",
                            space_attrs(key, region, (dot.x, dot.y)), T.LABELS[key]))
    links = [Link("minya", "asyut", "inset", {"name": "to Upper Egypt"}),
             Link("east-bank", "girga", "inset", {"name": "to Upper Egypt"}),
             Link("tyrrhenian", "ionian", "sea-lane", {"name": "Strait of Messina"})]
    plain = Board(spaces, (), links, name=BOARD)
    rivers = [LineString(line) for line in G.river_lines()]
    border = LineString(G.border_line())
    sides = []
    for side in plain.sides.values():
        if any(_near(r, side.geometry) for r in rivers):
            sides.append(Side(side.a, side.b, features={NILE}))
        elif _near(border, side.geometry):
            sides.append(Side(side.a, side.b, features={BORDER_FEATURE}))
    attrs = {"title": "Bonaparte's Eastern Empire", "width": G.WIDTH, "height": G.HEIGHT,
             "inset": [round(v, 4) for v in G.inset_frame()],
             # the map's drawing (not played on): coasts, islands, the Nile, the border
             "decor": {name: {"kind": kind, "points": [[round(x, 4), round(y, 4)]
                                                        for x, y in pts]}
                       for name, (pts, kind) in G.decor().items()},
             "rivers": [[[round(x, 4), round(y, 4)] for x, y in line]
                        for line in G.river_lines()],
             "border": [[round(x, 4), round(y, 4)] for x, y in G.border_line()]}
    return Board(spaces, sides, links, name=BOARD, attrs=attrs, same_geometry_as=plain)


def piece_types() -> list[PieceType]:
    out = []
    for tid, (nation, kind, strength) in T.ELEMENTS.items():
        name = f"{T.NATION_NAMES[nation]} {T.ELEMENT_NAMES[kind]}"
        out.append(PieceType(tid, name, T.NATIONS[nation], "element", nation,
                             {"nation": nation, "kind": kind, "strength": strength}))
    for cid, (name, nation, seniority, naval, fixed, dice, squadrons, accompanies) \
            in T.COMMANDERS.items():
        out.append(PieceType(cid, name, T.NATIONS[nation], "commander", nation, {
            "nation": nation, "seniority": seniority, "naval": naval,
            "glory_fixed": fixed, "glory_dice": dice, "squadrons": squadrons,
            "accompanies": accompanies}))
    out.append(PieceType("fleet", "Invasion fleet", T.FRENCH, "fleet", "french",
                         {"nation": "french", "kind": "fleet"}))
    out.append(PieceType("muiron", "Frigate Muiron", T.FRENCH, "frigate", "french",
                         {"nation": "french", "kind": "frigate"}))
    out.append(PieceType("bedouin", "Bedouin", T.ALLIED, "bedouin", "bedouin",
                         {"kind": "bedouin"}))
    return out


def placements() -> list[Placement]:
    """Set Up: the printed on-map forces, Nelson, the three fleets; the rest in pools."""
    out: list[Placement] = []
    placed: dict[str, list[str]] = {}
    for space, (_cmds, forces) in T.SETUP_FORCES.items():
        for tid, n in forces.items():
            placed.setdefault(tid, []).extend([space] * n)
    for tid, total in T.POOLS.items():
        where = placed.get(tid, [])
        if len(where) > total:
            raise ValueError(f"the {tid} pool is smaller than the set-up")
        side = T.NATIONS[T.ELEMENTS[tid][0]]
        for i in range(total):
            space = where[i] if i < len(where) else None
            out.append(Placement(f"{tid}-{i + 1:02d}", tid, side, space,
                                 status="active" if space else "off"))
    on_map = {c: s for s, (cmds, _f) in T.SETUP_FORCES.items() for c in cmds}
    on_map["nelson"] = T.NELSON_START
    for cid, row in T.COMMANDERS.items():
        space = on_map.get(cid)
        out.append(Placement(cid, cid, T.NATIONS[row[1]], space,
                             status="active" if space else "off",
                             data={"squadrons": row[6]} if row[6] else {}))
    for harbour in T.FLEET_HARBOURS:
        out.append(Placement(f"fleet-{harbour}", "fleet", T.FRENCH, harbour,
                             data={"home": harbour}))
    out.append(Placement("muiron", "muiron", T.FRENCH, None, status="off"))
    for i in range(T.BEDOUIN):
        out.append(Placement(f"bedouin-{i + 1}", "bedouin", T.ALLIED, None, status="off"))
    return out


def tables() -> dict:
    """The numbers the rules read from the module (edited in the Game tables dock)."""
    return {
        "combat": {row: {col: dict(cell) for col, cell in cols.items()}
                   for row, cols in T.COMBAT_TABLE.items()},
        "combat_columns": {col: {"from": a, "to": b}
                           for col, (a, b) in T.COMBAT_COLUMNS.items()},
        "armies": {str(n): dict(forces) for n, (_s, _c, forces) in T.ARMIES.items()},
        "landing": {k: {"infantry": a, "infantry_malta": b, "glory": c, "glory_malta": d}
                    for k, (a, b, c, d) in T.LANDING.items()},
        "squadron_strength": dict(T.SQUADRON_STRENGTH),
        "numbers": {"walls": T.WALLS, "malta_french_vp": T.MALTA_FRENCH_VP,
                    "malta_british_vp": T.MALTA_BRITISH_VP, "valley_vp": T.VALLEY_VP,
                    "return_vp": T.RETURN_VP, "allied_start_vp": T.ALLIED_START_VP,
                    "mamluk_reinforcements": T.MAMLUK_REINFORCEMENTS,
                    "french_mounts": T.FRENCH_MOUNTS, "fanatics": T.FANATICS},
        "ganteaume": dict(T.GANTEAUME_FORCE),
    }


def scenario(name: str, title: str, description: str, options: dict) -> Scenario:
    return Scenario(
        id=f"{GAME}/{name}", game=GAME, title=title, board=BOARD,
        description=description, sides=T.SIDES, options=options,
        setup={"french_momentum": T.INVASION_MOMENTUM[T.FRENCH],
               "allied_momentum": T.INVASION_MOMENTUM[T.ALLIED], "bedouin": T.BEDOUIN},
        placements=placements(),
    )


def build_module() -> Module:
    """The Limits of Glory module (see docs/games/limits_of_glory-reconstructions.md)."""
    board = build_board()
    types = piece_types()
    scenarios = [
        scenario("campaign", "Bonaparte's Eastern Empire, 1798-1801",
                 "The whole campaign: the French player sails the invasion fleet past "
                 "Nelson, lands in Egypt and conquers Egypt and Syria; the Allied player "
                 "commands the British, Ottomans and Mamluks.  Choose below who plays each "
                 "side: a player at this screen (two of them take turns, the screen covered "
                 "while the real fleet is hidden) or the program.", {}),
    ]
    return Module(
        id=GAME, game=GAME, title="Limits of Glory: Bonaparte's Eastern Empire",
        boards={BOARD: board}, piece_types={t.id: t for t in types},
        scenarios={s.id: s for s in scenarios}, attrs={"tables": tables()},
    )
