"""The Legend Begins: the game's tables as data (defaults the module builder writes).

Some of these are printed in the rulebook (the Terrain Effects Chart, the stacking
points, the Resource Point costs, the shipping limits, the attrition values, the
recovery fractions); the others are not printed in the rulebook we have and are
reconstructed so that every example of the book holds (the Combat Table and its
Magnitude chart, the Italian Table, the Anti-Shipping Table, the Demolition Table,
the Replacement Tables and the Malta Track's success numbers).  Every one is listed
with its sources in ``docs/games/legend_begins-reconstructions.md``.

The rules never read these constants directly during play: the builder stores them in
``module.attrs["tables"]`` (editable in the editor) and the rules read them from there
(:mod:`.rules.data`).  Everything is plain JSON.

Movement points are counted in sixths of a point (``SIXTH``), so the road rate (1/3 MP)
and the track rate (1/2 MP) of motorized units are whole numbers.
"""

from __future__ import annotations

SIXTH = 6          #: one movement point, in the sixths the rules count with

AXIS, ALLIED = "axis", "allied"
SIDES = (AXIS, ALLIED)

# -- the Combat Table (9.0) ---------------------------------------------------------------
#: the odds columns, left to right (9.1: below 1-4 is a Poor Odds attack, above 7-1 reads 7-1)
CRT_COLUMNS = ["1-4", "1-3", "1-2", "1-1", "1.5-1", "2-1", "3-1", "4-1", "5-1", "6-1", "7-1"]
#: the ratio each column needs (attack / defence at least this)
CRT_RATIOS = [0.25, 1 / 3, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]
REPULSED, ENGAGED, ADVANCE, OVERRUN = "Repulsed", "Engaged", "Advance", "Overrun"
#: 9.2 step three: one row per die face (1..6); a white die reads the step losses of its
#: row (attacker, defender; None = that side is not named), the black die reads the
#: winner word (9.4) of its row.  Reconstructed: see the reconstructions document.
_R, _E, _A, _O = REPULSED, ENGAGED, ADVANCE, OVERRUN
CRT_ROWS: dict[str, list[list]] = {
    "1-4":   [[2, None, _R], [2, None, _R], [1, None, _R], [1, None, _R], [1, 1, _R], [1, 1, _E]],
    "1-3":   [[2, None, _R], [2, None, _R], [1, None, _R], [1, 1, _R], [1, 1, _E], [1, 1, _E]],
    "1-2":   [[2, None, _R], [2, 1, _R], [1, 1, _R], [1, 1, _E], [1, 1, _E], [1, 2, _A]],
    "1-1":   [[2, 1, _R], [1, 1, _R], [1, 1, _E], [1, 1, _E], [1, 2, _A], [None, 2, _A]],
    "1.5-1": [[2, 1, _R], [1, 1, _E], [1, 1, _E], [1, 2, _A], [None, 2, _A], [None, 2, _A]],
    "2-1":   [[1, 1, _R], [1, 1, _E], [1, 2, _A], [None, 1, _A], [None, 2, _A], [1, 3, _O]],
    "3-1":   [[1, 1, _E], [1, 2, _A], [None, 1, _A], [None, 2, _A], [1, 3, _O], [None, 3, _O]],
    "4-1":   [[1, 1, _E], [1, 2, _A], [None, 2, _A], [1, 3, _O], [None, 3, _O], [None, 3, _O]],
    "5-1":   [[1, 2, _A], [None, 2, _A], [1, 3, _O], [None, 3, _O], [1, 4, _O], [None, 4, _O]],
    "6-1":   [[1, 2, _A], [None, 2, _O], [None, 3, _O], [1, 4, _O], [None, 4, _O], [None, 4, _O]],
    "7-1":   [[None, 2, _A], [None, 3, _O], [1, 4, _O], [None, 4, _O], [None, 4, _O], [None, 5, _O]],
}
#: 9.3 the Magnitude chart: the fewest steps of either side -> white dice rolled
#: (magnitude 0 is "Sub-one": one die, each side's losses reduced by one)
MAGNITUDE = [[1, 0], [3, 1], [6, 2], [11, 3], [16, 4]]     # [least steps, magnitude]
#: 9.1 / 9.6 the automatic result of an attack below 1-4
POOR_ODDS_RESULT = [1, None, REPULSED]

# -- 17.0 the Italian Table (one die; +2 with no German unit in the attack) ---------------
ITALIAN_TABLE = [[-99, "none"], [3, "half"], [5, "full"]]      # [least roll, effect]
ITALIAN_NO_GERMAN_DRM = 2

# -- the Terrain Effects Chart (4.4, 10.2, 10.3, 18.0): costs in sixths of a MP -------------
TERRAIN = {
    "clear":   {"nonmot": 6, "mot": 6, "stop": False, "desert": False, "combat": ""},
    "rough":   {"nonmot": 6, "mot": 12, "stop": False, "desert": False, "combat": ""},
    "jebel":   {"nonmot": 6, "mot": 12, "stop": True, "desert": False, "combat": "shift-left"},
    "desert":  {"nonmot": 6, "mot": 6, "stop": False, "desert": True, "combat": ""},
    "sebakha": {"nonmot": 6, "mot": 12, "stop": True, "desert": False,
                "combat": "defender-shift-right"},
    "sea":     {"nonmot": None, "mot": None, "stop": False, "desert": False, "combat": ""},
}
#: extra cost of crossing a hexside (None = prohibited, unless the unit follows a road or
#: track across it, or, for an escarpment, crosses at a pass)
HEXSIDES = {"ridge": {"nonmot": 0, "mot": 6}, "escarpment": {"nonmot": 6, "mot": None}}
#: the road and track rates (a unit following them pays these and ignores the terrain)
ROUTES = {"road": {"nonmot": 6, "mot": 2}, "track": {"nonmot": 6, "mot": 3}}
#: 7.2 extra cost of leaving an enemy ZOC
ZOC_EXIT = {"nonmot": 6, "mot": 12}
#: 14.2 a Mobile Assault costs the entry cost plus this
ASSAULT_EXTRA = 12
#: 27.1 moving from an edge hex into an Off Map Box
BOX_ENTRY = 6
#: 4.1 a segment's share of the Movement Allowance (rounded up: infantry 4 -> 3 and 2)
SEGMENT_SHARE = {"primary": [1, 1], "secondary": [2, 3], "tertiary": [1, 3]}
#: 4.3 / 4.4 march limits
DESERT_RUN = 2            # consecutive desert hexes per segment
OFF_ROAD_NONMOT = 2       # non-road hexes a non-motorized unit may enter per segment
OOS_HEXES = 2             # 19.5 an Out of Supply unit moves at most this many hexes

# -- 5.0 stacking ---------------------------------------------------------------------------
STACK_LIMIT = 7
STACK_POINTS = {"bn": 1, "rgt": 2, "bde": 2, "div": 3}
DIVISION_STACK = 3        # 5.4

# -- 12.3 length of an Overrun advance -------------------------------------------------------
ADVANCE_LENGTH = {"nonmot": 1, "mot": 2, "tank9": 2, "fast": 3, "oos": 1}

# -- 19 / 20 supply -----------------------------------------------------------------------------
SUPPLY_RANGE = {"source": [24, 2], "army_hq": [54, 4]}   # [sixths of a MP, hexes]
LOC_RANGE = 54            # 8.3 (updated): 9 MPs to a road or track
ATTRITION = {"ger": 1, "allied": 2, "ita": 3}            # 19.6
BARRAGE = [[1, 1], [2, 2], [3, 4]]                        # 10.5 [shifts, supply points]
SP_PER_SIDE = 20          # 20.2 ten double-sided supply units: twenty points
SP_PER_TURN = 2           # 20.1
RP_PER_TURN = 1           # 30.1
RP_MAX = 4                # 30.1

# -- 20.5 / 24.3 the Demolition Table (one die; -2 in an enemy segment) ------------------------
DEMOLITION = [[-99, False], [1, True], [4, False]]      # [least roll, a hit]
DEMOLITION_ENEMY_DRM = -2

# -- 23 sea movement, 24 ports, 25 the Anti-Shipping Table, 26 Malta -----------------------
SHIPPING_LIMIT = {"allied": 4, "axis": 2, "axis_italy": 8}
SHIPPING_PER_RP = 2
SHIPPING_POINTS = {"truck": 2, "sp": 2, "tank_step": 2, "tank_repl": 2, "inf_re": 2,
                   "battalion": 1, "inf_repl": 1}
PORT_INTERDICTION_RANGE = 10
PORT_IGNORE_INTERDICTION_DRM = 2
#: the AST: per column, [least modified 2d6 roll, result]; "-" = not spotted, a number =
#: each step, supply point or truck is sunk on a die at or under it
AST = {
    "Malta":        [[-99, "-"], [8, 2], [10, 3], [12, 4]],
    "Tripoli":      [[-99, "-"], [9, 2], [11, 3]],
    "Mersa Brega":  [[-99, "-"], [8, 2], [10, 3], [12, 4]],
    "Benghazi":     [[-99, "-"], [7, 2], [9, 3], [11, 4]],
    "Derna":        [[-99, "-"], [6, 2], [8, 3], [10, 4], [12, 5]],
    "Tobruk":       [[-99, "-"], [6, 2], [8, 3], [10, 4], [12, 5]],
    "Bardia":       [[-99, "-"], [6, 2], [8, 3], [10, 4], [12, 5]],
    "Sollum":       [[-99, "-"], [6, 2], [8, 3], [10, 4], [12, 5]],
    "Sidi Barrani": [[-99, "-"], [6, 2], [8, 3], [10, 4], [12, 5]],
    "Mersa Matruh": [[-99, "-"], [7, 2], [9, 3], [11, 4], [12, 5]],
    "Alexandria":   [[-99, "-"], [8, 2], [10, 3], [12, 4]],
    "Nile Delta":   [[-99, "-"], [9, 2], [11, 3]],
}
#: 19.7 the AST results with which port supply is available
PORT_SUPPLY_OK = ["-", 2]
#: 26.2 the Malta Track: value -> the highest die that moves the marker
MALTA_VALUES = [-3, -2, -1, 0, 1, 2, 3]
MALTA_AXIS = {"3": 5, "2": 4, "1": 3, "0": 3, "-1": 2, "-2": 1, "-3": 0}
MALTA_ALLIED = {"-3": 5, "-2": 4, "-1": 3, "0": 3, "1": 2, "2": 1, "3": 0}

# -- 28 replacements, 29 recovered steps --------------------------------------------------------
#: 28.3 per column, [least 2d6 roll, replacements received]
REPLACEMENTS = {
    "allied": {"brit-inf": [[2, 0], [6, 1], [12, 2]], "tank-allied": [[2, 0], [8, 1]],
               "aus-inf": [[2, 0], [9, 1]], "ind-inf": [[2, 0], [11, 1]]},
    "axis": {"ita-inf": [[2, 0], [5, 1], [10, 2]], "tank-ita": [[2, 0], [9, 1]],
             "ger-inf": [[2, 0], [8, 1]], "tank-ger": [[2, 0], [10, 1]]},
}
#: 29.1 the part of a lost step recovered, in twelfths: [this side won or Engaged, lost]
RECOVERY = {"allied": [6, 3], "axis": [8, 4]}
RECOVERY_SINGLE = 3       # 29.3 a lone recovered step comes back on 1-3
#: 29.5 Damaged Tank steps repaired per turn (Allied by year)
TANK_REPAIR = {"axis": {"any": 2}, "allied": {"1940": 1, "1941": 2, "1942": 3}}

# -- 30 Resource Points (the Resource Chart) ---------------------------------------------------
RESOURCE_COSTS = {
    "port-repair": 1, "fortification": 1, "truck": 1, "artillery": 1, "division-hq": 1,
    "shipping": 1, "convoy-escort": 1, "battleship-escort": 2, "italians": 1,
    "naval-bombardment": 1, "supply-ship": 1, "u-boat": 3, "malta-reinforced": 3,
}
ESCORT_DRM = {"convoy-escort": 1, "battleship-escort": 2}

# -- 18 field works -----------------------------------------------------------------------------
FIELD_WORKS = {"ip": {"defence": 2, "tank": 1.0}, "fort": {"defence": 3, "tank": 1.5}}
FORT_LIMIT = 6            # 18.3 (updated): six non-permanent fortifications per player
FORT_REMOVAL_RANGE = 4    # 18.3 (updated)
FIELD_WORK_MARKERS = 10   # 18.0 designer's note: ten markers per player

# -- 31.0 the Turn Record Track: two turns a month --------------------------------------------
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
#: every Game Turn the scenarios use, in order ("Jun I 1940" ... "Feb II 1943")
CALENDAR = [f"{m} {half} {y}" for y in (1940, 1941, 1942, 1943) for m in MONTHS
            for half in ("I", "II")][10:-20]


def date_index(name: str) -> int:
    """A turn's place on the calendar (unknown names sort first)."""
    try:
        return CALENDAR.index(name)
    except ValueError:
        return -1


#: the dates the advanced and special rules name (editable with the tables)
RULE_DATES = {
    "montgomery": "Oct I 1942",        # 34.3 the Allies keep their 6s from this turn on
    "french_waters": "Nov I 1940",     # 46.0 the -2 for convoys to Tripoli ends here
    "tobruk_falls": "Aug I 1941",      # 48.1 applies after this turn
    "benghazi_falls": "Jul I 1941",    # 48.2 applies after this turn
    "malta_invasion": "Jul I 1942",    # 50.1 the invasion comes before this turn
}

# -- 32 / 33 ------------------------------------------------------------------------------------
ALEXANDRIA_GARRISON = 4
AUTO_VICTORY_SEGMENTS = 2


#: tables the advanced and special rules added later: a module without them plays with
#: these defaults (``Ctx.table``)
LATER_TABLES = ("rule_dates",)


def default_tables() -> dict:
    """Every table above as one JSON dict (``module.attrs["tables"]``)."""
    from .air_units import air_tables

    return {
        "air": air_tables(),                                   # 40.0 (air_units.py)
        "crt": {"columns": CRT_COLUMNS, "ratios": CRT_RATIOS, "rows": CRT_ROWS,
                "magnitude": MAGNITUDE, "poor_odds": POOR_ODDS_RESULT},
        "italian": {"table": ITALIAN_TABLE, "no_german_drm": ITALIAN_NO_GERMAN_DRM},
        "terrain": TERRAIN, "hexsides": HEXSIDES, "routes": ROUTES, "zoc_exit": ZOC_EXIT,
        "assault_extra": ASSAULT_EXTRA, "box_entry": BOX_ENTRY,
        "segment_share": SEGMENT_SHARE, "desert_run": DESERT_RUN,
        "off_road_nonmot": OFF_ROAD_NONMOT, "oos_hexes": OOS_HEXES,
        "stack_limit": STACK_LIMIT, "stack_points": STACK_POINTS,
        "division_stack": DIVISION_STACK, "advance": ADVANCE_LENGTH,
        "supply_range": SUPPLY_RANGE, "loc_range": LOC_RANGE, "attrition": ATTRITION,
        "barrage": BARRAGE, "sp_per_side": SP_PER_SIDE, "sp_per_turn": SP_PER_TURN,
        "rp_per_turn": RP_PER_TURN, "rp_max": RP_MAX,
        "demolition": DEMOLITION, "demolition_enemy_drm": DEMOLITION_ENEMY_DRM,
        "shipping_limit": SHIPPING_LIMIT, "shipping_per_rp": SHIPPING_PER_RP,
        "shipping_points": SHIPPING_POINTS,
        "port_interdiction_range": PORT_INTERDICTION_RANGE,
        "port_ignore_drm": PORT_IGNORE_INTERDICTION_DRM,
        "ast": AST, "port_supply_ok": PORT_SUPPLY_OK,
        "malta": {"values": MALTA_VALUES, "axis": MALTA_AXIS, "allied": MALTA_ALLIED},
        "replacements": REPLACEMENTS, "recovery": RECOVERY,
        "recovery_single": RECOVERY_SINGLE, "tank_repair": TANK_REPAIR,
        "resource_costs": RESOURCE_COSTS, "escort_drm": ESCORT_DRM,
        "field_works": FIELD_WORKS, "fort_limit": FORT_LIMIT,
        "fort_removal_range": FORT_REMOVAL_RANGE, "field_work_markers": FIELD_WORK_MARKERS,
        "alexandria_garrison": ALEXANDRIA_GARRISON, "rule_dates": RULE_DATES,
        "auto_victory_segments": AUTO_VICTORY_SEGMENTS,
    }


def lookup(table: list, value: float):
    """The entry of a ``[[least value, result], ...]`` table (ascending) for ``value``."""
    found = table[0][1]
    for least, result in table:
        if value >= least:
            found = result
        else:
            break
    return found
