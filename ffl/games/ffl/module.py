"""The French Foreign Legion module: fort board, piece types and scenarios as data.

``build_module()`` is what ``python -m ffl.catalog build ffl`` writes to
``scenarios/french-foreign-legion.ffl``.  The rules read the scenario's
``setup``, ``attrs["tables"]`` (the Game Card's movement tables, from
``tables.py``) and ``attrs["orgs"]`` (from ``roster.ORGS``); see
``gamedata.py``.  The playable scenarios are the Basic Game (``ffl/basic``,
rules 2-9) and scenarios 19-22 (``scenarios_data.py``, their special rules in
``rules/scenario_*.py``).  The first notes on 19-23 stay in
``module.attrs["draft_scenarios"]`` (the editor shows them as drafts); 23 is
only a draft so far.
"""

from __future__ import annotations

from ffl.engine.module import Module, Placement, Scenario

from . import roster
from .fort import GATE_SQUARES, build_fort
from .gamedata import default_tables

GAME = "ffl"
BOARD = "fort"
SIDES = ("legion", "bedouin")


def basic_setup() -> dict:
    """The Basic Game set-up rules as data (2.2, 2.31, 2.32, 6.21)."""
    return {
        "order": ["legion", "bedouin"],
        "board": {
            "rule": "2.2",
            "doors_windows": "open", "doors_windows_fixed": True,
            "gates": "closed", "gates_fixed": True,
        },
        "legion": {
            "rule": "2.31",
            "place": 30,
            "leave_out": {"count_per_org": 1, "orgs": ["squad-1", "squad-2", "squad-3"]},
            "where": {"terrain": "fort"},
            "one_per_square_level": True,      # 4.3
            "facing": "required",              # 4.22
        },
        "bedouin": {
            "rule": "2.32",
            "off_board": True,
            "ropes": {"assign_to": "character", "any_number": True,
                      "pieces": [f"rope-{i:02d}" for i in range(1, roster.ROPE_COUNT + 1)]},
        },
        "entry": {"rule": "6.21", "edges": ["N", "S", "E", "W"], "same_turn_same_edge": True,
                  "new_org_each_turn": "bedouin"},
    }


def basic_placements() -> list[Placement]:
    """Where every Basic Game piece starts (2.2, 2.31, 2.32)."""
    out = []
    for piece_id, type_id, side in roster.basic_pieces():
        if type_id == "gate":
            square = piece_id.removeprefix("gate-")
            out.append(Placement(piece_id, type_id, side, square, 0, None, "active",
                                 {"side": [square, GATE_SQUARES[square]], "status": "closed"}))
        elif type_id == "stun":
            out.append(Placement(piece_id, type_id, side, status="unused"))   # the pool
        else:   # characters await set-up (2.31) or entry (2.32); ropes, sequence chits
            out.append(Placement(piece_id, type_id, side, status="off"))
    return out


def optional_pieces() -> list[dict]:
    """14, 15.1 the optional rules' units, set up only when their option is on
    (``module.attrs["optional_pieces"]``: id, type, side, the option)."""
    return [{"id": pid, "type": type_id, "side": side, "option": option}
            for pid, type_id, side, option in roster.OPTIONAL_PIECES]


def basic_scenario() -> Scenario:
    return Scenario(
        id=f"{GAME}/basic", game=GAME, title="Basic Game", board=BOARD,
        description=(
            "The Legion holds its desert fort with thirty men set up anywhere inside; "
            "six Bedouin organizations come in from the edges of the board with ropes "
            "to scale the walls. The gate stays shut. Last side standing wins."),
        sides=SIDES, options={}, setup=basic_setup(), placements=basic_placements(),
    )


def draft_scenarios() -> list[dict]:
    """Scenarios 19-23 as data (set-up restrictions, options); not playable yet."""
    mutineers = {"privates": 12, "sergeants": 1, "corporals": 1, "max_per_squad": 5,
                 "not": ["L-LC-Kolb"]}
    return [
        {
            "id": f"{GAME}/les-allemands", "rule": "19", "title": "Les Allemands",
            "description": ("A what-if mutiny: some Legionnaires turn on their comrades and "
                            "fight the loyal garrison for the fort. Legion units only."),
            "sides": ["legion", "mutineer"], "options": {"wounds": True},
            "setup": {
                "order": ["board", "legion", "mutineer"],
                "board": {"rule": "19.2", "doors_windows": "choose", "gates": "choose"},
                "legion": {"rule": "19.11", "place": 33, "restrictions": [
                    {"rule": "19.111", "org": "legion-cmd", "building": "Officer's Quarters"},
                    {"rule": "19.112", "squads": 1, "building": "Barracks"},
                    {"rule": "19.113", "squads": 1, "areas": ["wall", "tower"],
                     "levels": [2, 3], "facing": "outward"},
                    {"rule": "19.114", "squads": 1, "terrain": "fort",
                     "at_least_one_in": ["Store Room", "Guard House"]},
                    {"rule": "19.115", "weapons_in": "parade"},
                ]},
                "mutineer": {"rule": "19.12", **mutineers},
                "sequence": {"rule": "19.3", "squad-1": "arab", "squad-2": "berber",
                             "squad-3": "kabyle"},
            },
            "victory": "19.4",
        },
        {
            "id": f"{GAME}/negotiations", "rule": "20", "title": "The Negotiations",
            "description": ("Al Krim parleys in the Officer's Quarters with a Berber escort "
                            "inside the fort while other tribes gather outside. The gate "
                            "is open and nobody trusts anybody."),
            "sides": ["legion", "bedouin"], "options": {},
            "setup": {
                "order": ["board", "legion", "bedouin", "legion-late"],
                "board": {"rule": "20.2", "doors_windows": "open", "gates": "open"},
                "bedouin_unused_orgs": {"rule": "20.1", "count": 1, "not": ["berber"]},
                "legion": {"rule": "20.11", "restrictions": [
                    {"rule": "20.111", "pieces": ["L-LC-LeJeune", "L-LC-Briere"],
                     "building": "Officer's Quarters"},
                    {"rule": "20.112", "squads": 1,
                     "buildings": ["Barracks", "Store Room", "Guard House"]},
                    {"rule": "20.113", "squads": 1, "areas": ["wall", "tower"],
                     "levels": [2, 3], "facing": "outward"},
                    {"rule": "20.114", "squads": 1, "terrain": "fort",
                     "sentry": {"rank": "Pvt", "adjacent_to": "Officer's Quarters"}},
                ]},
                "bedouin": {"rule": "20.12", "restrictions": [
                    {"rule": "20.121", "pieces": ["B-BC-AlKrim"],
                     "building": "Officer's Quarters"},
                    {"rule": "20.122", "org": "berber", "count": 1,
                     "adjacent_to": "Officer's Quarters"},
                    {"rule": "20.123", "org": "berber", "area": "parade"},
                    {"rule": "20.124", "pieces": ["B-BC-Kulm"], "outside_adjacent_to": "gate"},
                    {"rule": "20.125", "others": "off-board"},
                ]},
                "legion-late": {"rule": "20.115", "pieces": ["L-LC-Kolb"], "terrain": "fort"},
                "truce": {"rule": "20.3", "turns": 1, "broken_by": "bedouin-melee"},
            },
            "victory": "20.4",
        },
        {
            "id": f"{GAME}/night-attack", "rule": "21", "title": "The Surprise Night Attack",
            "description": ("Night falls on a sleepy garrison whose positions are hidden; "
                            "four tribes try to get over the walls before the alarm."),
            "sides": ["legion", "bedouin"], "options": {"night": True},
            "setup": {
                "order": ["legion", "bedouin"],
                "bedouin_unused_orgs": {"rule": "21.1", "count": 2},
                "legion": {"rule": "21.11", "place": 33, "terrain": "fort", "hidden": True},
                "bedouin": {"rule": "21.12", "off_board": True},
                "alert": {"rule": "21.21", "silent_kill_rolls": [5, 6]},
            },
            "victory": "21.3",
        },
        {
            "id": f"{GAME}/returning-patrol", "rule": "22", "title": "The Returning Patrol",
            "description": ("A squad and one officer are out on patrol when the tribes "
                            "strike; from Turn Four a roll decides whether they come back "
                            "in time, and from which side."),
            "sides": ["legion", "bedouin"], "options": {},
            "setup": {
                "order": ["legion", "bedouin"],
                "bedouin_unused_orgs": {"rule": "22.1", "count": 1},
                "legion": {"rule": "22.11", "patrol": {"squads": 1, "commanders": 1},
                           "others": {"terrain": "fort"}},
                "bedouin": {"rule": "22.12", "off_board": True},
                "patrol": {"rule": "22.2", "first_roll_turn": 4, "arrives_on": [4, 5, 6],
                           "edge_by_roll": {"1": "N", "2": "N", "3": "S", "4": "S",
                                            "5": "E", "6": "W"}},
            },
            "victory": "22.3",
        },
        {
            "id": f"{GAME}/treachery", "rule": "23", "title": "Treachery",
            "description": ("Three players: the Legion, mutineers inside it, and three "
                            "Bedouin tribes. Deals are allowed and need not be kept."),
            "sides": ["legion", "mutineer", "bedouin"], "options": {},
            "setup": {
                "order": ["legion", "mutineer", "bedouin"],
                "bedouin_unused_orgs": {"rule": "23.1", "count": 3},
                "legion": {"rule": "23.11", "place": 33, "terrain": "fort"},
                "board": {"rule": "23.2", "doors_windows": "choose", "gates": "choose"},
                "mutineer": {"rule": "23.12", **mutineers,
                             "sequence": "unused bedouin sequence units"},
                "bedouin": {"rule": "23.13", "off_board": True},
                "negotiation_phase": {"rule": "23.3"},
            },
            "victory": "23.4",
        },
    ]


def _piece_types() -> dict:
    """Every piece type; 19.12 with the mutineers' own (``scenarios_data``)."""
    from .scenarios_data import mutineer_types, treachery_types

    types = roster.piece_types()
    return {**types, **mutineer_types(types), **treachery_types(types)}


def playable_scenarios() -> list[Scenario]:
    """19-23 the scenarios the rules play (``scenarios_data.py``); the others stay
    drafts."""
    from . import scenarios_data

    return [scenarios_data.les_allemands(basic_setup(), basic_placements()),
            scenarios_data.negotiations(basic_setup(), basic_placements()),
            scenarios_data.night_attack(basic_setup(), basic_placements()),
            scenarios_data.returning_patrol(basic_setup(), basic_placements()),
            scenarios_data.treachery(basic_setup(), basic_placements())]


def build_module() -> Module:
    """The whole FFL module: board "fort", every piece type, scenario "ffl/basic"."""
    basic = basic_scenario()
    played = playable_scenarios()
    return Module(
        id=GAME, game=GAME, title="French Foreign Legion", version="1",
        boards={BOARD: build_fort(BOARD)},
        piece_types=_piece_types(),
        scenarios={basic.id: basic, **{sc.id: sc for sc in played}},
        attrs={
            "publisher": "Yaquinto (1982)",
            "orgs": {o.id: {"side": o.side, "code": o.code, "name": o.name,
                            "sequence_name": o.sequence_name}
                     for o in roster.ORGS.values()},
            # the Game Card's movement tables, read by the rules (gamedata.py)
            "tables": default_tables(),
            # the first notes on 19-23 (the editor shows them as drafts); the
            # scenarios played are the registered ones (``scenarios_data``)
            "draft_scenarios": draft_scenarios(),
            "optional_pieces": optional_pieces(),
        },
    )
