"""Phantom Fury: the printed tables and numbers, as data.

Everything here is a fact of the rulebook (die ranges, limits, modifiers, VP
scale) or, where marked *reconstruction*, a choice the book leaves open (the
counter mix, the squads' names) listed in docs/games/phantom_fury-reconstructions.md.
The module builder writes the reconstructed numbers into the module
(``attrs["tables"]``) so the editor can change them; the rules read them from
there (:func:`table`), these constants being the defaults.

Die: one d10 whose faces read 0-9 (the engine's d10 gives 1-10; 10 reads 0,
see :func:`d10`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

# -- the rule numbers (the book's headings are unnumbered; the numbering its
#    cross-references use is reconstructed in docs/games/phantom_fury-rules-coverage.md)
DIE = "3"
ZONES, ADJACENT_ZONES, NEIGHBOURING, TARGET_ZONE = "4.1", "4.1.1", "4.1.2", "4.1.2.1"
ACTIVATE_ZONE, CONTROL, FORTIFIED, RUINS, EGRESS = "4.1.3", "4.1.4", "4.1.5", "4.1.6", "4.1.7"
LOCATIONS, LOCATION_TYPES, ADJACENT_LOCATIONS = "4.2", "4.2.1", "4.2.2"
STREETS, STREET_ADJACENCY, TARGET_STREET, BLOCKS = "4.3", "4.3.1.1", "4.3.1.2", "4.4"
SQUADS, STEP_LOSS, CAAT_LOSS = "5.1.1", "5.1.1.1", "5.1.1.2"
SECURITY_ELEMENT, ABRAMS, CAAT, CAAT_REMOVED, HERO = "5.1.2", "5.1.3", "5.1.4", "5.1.4.3", "5.1.5"
IIF, IIF_ENTRY, IIF_EVENTS = "5.1.6", "5.1.6.1", "5.1.6.2"
INSURGENTS, INSURGENT_LOSS, INSURGENT_MOVES = "5.2", "5.2.1", "5.2.2"
SUSPECTS, PLACE_SUSPECT, PLACE_PRIORITY, PLACE_FREE = "5.3.1", "5.3.2", "5.3.2.2", "5.3.2.3"
SUSPECT_NORMAL, SUSPECT_FORTIFIED, SUSPECT_WITHDRAWN = "5.3.3", "5.3.4", "5.3.5"
DRAWS, DRAW_INSURGENTS, DRAW_ACTIVATION, DRAW_SUSPECTS = "6.1", "6.1.1", "6.1.2", "6.1.3"
START_ZONES, ORDER_OF_BATTLE, CAAT_ALLOCATION = "6.2", "6.3", "6.3.2"
INSURGENT_VICTORY, USMC_VICTORY, VICTORY_POINTS, VICTORY_LEVEL = "7.1", "7.2", "7.2.1", "7.2.2"
SEQUENCE = "8"
SUPPORT, MISSION_LIMITS, MISSIONS, REACTIONS = "9.1", "9.2", "9.3", "9.4"
COMPANY, ARMOURED, BATTALION, IRAQI = "10.1", "10.2", "10.3", "10.4"
FIRE, FIRE_CAAT, FIRE_ABRAMS = "11.1", "11.1.2", "11.1.3"
FIRE_ROLL, FIRE_RESULT, FIRED, SNIPER, STREET_SNIPER, PINNED = (
    "11.2.1", "11.2.2", "11.3", "11.4.1", "11.4.2", "11.5")
MOVEMENT, EMPTY_ZONE = "12.1", "12.1.2"
STACK_INSURGENT_ZONE, STACK_LOCATION, STACK_USMC_ZONE, STACK_STREET = (
    "12.2.1.1", "12.2.1.2", "12.2.2", "12.2.3")
MOVE_WITHIN, SECURE, SECURE_CF, SECURE_REGAIN = "12.3.1", "12.3.2.1", "12.3.2.2", "12.3.2.3"
MOVE_BETWEEN, NO_ENTRY, TAKING_COVER = "12.4.1", "12.4.2", "12.4.3"
CROSSING, CROSSING_SNIPER, CROSSING_LOSS, TWO_STREETS = "12.5.1", "12.5.2", "12.5.3", "12.5.4"
ABRAMS_MC, ABRAMS_MOVES, ABRAMS_END = "12.6.1", "12.6.2", "12.6.3"
DEFENSIVE_FIRE, DEFENSIVE_DRM, DEFENSIVE_SUSPECTS = "12.7.1", "12.7.2", "12.7.3"
ASSAULT, TOP_DOWN, BOTTOM_UP, NORMAL_ASSAULT = "13", "13.1", "13.2", "13.3"
ASSAULT_SUSPECT, ASSAULT_ROLL, EVENTS = "13.4.1", "13.4.2", "13.4.3"
USMC_EVENTS, PHANTOM_FURY, INSURGENT_EVENTS, IIF_TABLE_RULE = (
    "13.4.3.1", "13.4.3.2", "13.4.3.3", "13.4.3.4")
ASSAULT_DRM, TOP_DOWN_DRM, BOTTOM_UP_DRM, CONCLUSION = "13.4.4", "13.4.5", "13.4.6", "13.4.7"
FLOODING, FLOODING_CF = "13.4.8", "13.4.8.2"
IED, RETREAT, EGRESS_PRIORITY, RETREAT_USMC_ZONE = "13.5", "13.6", "13.6.2", "13.6.3"
RETREAT_SECURITY, ISOLATION, EXIT = "13.6.4", "13.6.5", "13.6.6"
EXPLOSIVES, EXPLOSIVES_FLOODING = "13.7.1", "13.7.2"
TAKE_CONTROL, CONTACT, REGROUP_SE, REGROUP_FIRED, REGROUP_PINNED, REGROUP_CAAT = (
    "14.1", "14.2", "14.3.1", "14.3.3", "14.3.4", "14.3.5")
REGROUP_SE_LOST = "14.3.2"
INFILTRATION, INFILTRATION_BLOCKED, NO_DOMINOES, MARKERS = "14.4.1", "14.4.2", "14.4.3", "14.5"
VARIANT = "15"

# -- the die -------------------------------------------------------------------------


def d10(value: int) -> int:
    """The face read off the engine's d10 (1-10): 10 reads 0 (rule 3)."""
    return value % 10


def lookup(table: Mapping[str, Any], roll: int) -> Any:
    """The entry of a die-range table (keys ``"0-1"``, ``"6"``) that ``roll`` falls in."""
    for key, value in table.items():
        lo, _, hi = key.partition("-")
        if int(lo) <= roll <= int(hi or lo):
            return value
    raise KeyError(f"no entry for {roll} in {list(table)}")


# -- 5.3.3 / 5.3.4 activating a 'Suspect' marker -------------------------------------
DUMMY, GUERILLAS, MARTYRS, IED_SNIPER = "dummy", "guerillas", "martyrs", "ied"
SUSPECT_NORMAL_TABLE = {"1-5": DUMMY, "6-8": GUERILLAS, "9": MARTYRS, "0": IED_SNIPER}
SUSPECT_FORTIFIED_TABLE = {"0": DUMMY, "1-7": MARTYRS, "8-9": IED_SNIPER}

# -- 9.3 support missions: success range and the most successes in a game -------------
DRAGON_EYE, COBRA, HORNET = "dragon_eye", "cobra", "hornet"
MISSION_TABLE = {
    DRAGON_EYE: {"success": "0-8", "max": 4, "name": "'Dragon Eye' UAV report"},
    COBRA: {"success": "0-6", "max": 2, "name": "AH-1W 'Super Cobra' close air support"},
    HORNET: {"success": "0-4", "max": 1, "name": "F/A-18 'Hornet' close air support"},
}

# -- 9.4 insurgent reactions (True: does not apply in Zones with a Security Element) --
NO_EFFECT, REINFORCEMENTS, RETREAT_REACTION, EAGLE, COUNTER_ATTACK, HBIED = (
    "none", "reinforcements", "retreat", "eagle", "counter-attack", "hbied")
REACTION_TABLE = {"0-1": NO_EFFECT, "2-3": REINFORCEMENTS, "4-5": RETREAT_REACTION,
                  "6": EAGLE, "7-8": COUNTER_ATTACK, "9": HBIED}
REACTION_NAMES = {NO_EFFECT: "No effect", REINFORCEMENTS: "Reinforcements",
                  RETREAT_REACTION: "Retreat", EAGLE: "'The Eagle of Fallujah'",
                  COUNTER_ATTACK: "Counter-attack", HBIED: "House Borne IED"}
DAGGER = frozenset({REINFORCEMENTS, RETREAT_REACTION, COUNTER_ATTACK})

# -- 10 reinforcements: from which turn ---------------------------------------------
COMPANY_FROM, ARMOUR_FROM, BATTALION_FROM, BATTALION_FROM_VARIANT = 2, 2, 9, 7

# -- 11.2.1 fire combat modifiers (on the d10; success if final <= CF) ---------------
FIRE_DRM = {"not_rooftop": 1, "fortified": 2, "martyrs_normal": 1, "suspect": 1,
            "phantom_fury": -1, "mosque": 3}
CAAT_AMMO_BONUS = 2     # 11.1.2: +2 to the CF
CAAT_AMMO = 4           # 6.3.2: uses of an 'Ammo' marker
NO_EFFECT_ROLL = 9      # 11.2.2 / 13.4.2: an unmodified 9 never hits

# -- 12.6.1 the M1A1's Movement Capacity ------------------------------------------------
ABRAMS_MC_TABLE = {"0-1": 4, "2-5": 3, "6-8": 2, "9": 1}
SQUAD_MC = 4
ABRAMS_CF = 8

# -- 12.7.2 defensive fire modifiers ----------------------------------------------------
DEFENSIVE_DRM_TABLE = {"alone_og": -1, "fanaticism": -1, "abrams_og": 1,
                       "courtyard_security": 1, "courtyard_ruins": 1}

# -- 13.4.3 events -----------------------------------------------------------------------
PF_EVENT, HERO_EVENT, USMC_SNIPER, FLIGHT = "phantom-fury", "hero", "usmc-sniper", "flight"
FANATICISM, CONFUSION, SUICIDE, DRUGGED = "fanaticism", "confusion", "suicide", "drugged"
AL_FAJR, FALLUJAH = "al-fajr", "fallujah"
USMC_EVENT_TABLE = {"0-1": PF_EVENT, "2-4": HERO_EVENT, "5-7": USMC_SNIPER, "8-9": FLIGHT}
INSURGENT_EVENT_TABLE = {"0-1": FANATICISM, "2-3": CONFUSION, "4-5": SUICIDE, "6-9": DRUGGED}
IIF_EVENT_TABLE = {"0-1": AL_FAJR, "2-4": FALLUJAH, "5-7": CONFUSION, "8-9": DRUGGED}
EVENT_NAMES = {PF_EVENT: "'Phantom Fury'", HERO_EVENT: "Hero", USMC_SNIPER: "USMC sniper",
               FLIGHT: "Flight", FANATICISM: "Fanaticism", CONFUSION: "Confusion",
               SUICIDE: "Suicide Bomber", DRUGGED: "Drugged Fighters",
               AL_FAJR: "Al Fajr (a new dawn)", FALLUJAH: "Fallujah!"}
IIF_BONUS = {AL_FAJR: 2, FALLUJAH: 1}
HERO_BONUS = {1: 1, 2: 2}       # Silver Star +1, Medal of Honor +2

# -- 13.4.4-13.4.6 assault modifiers ---------------------------------------------------
ASSAULT_DRM_TABLE = {"activation": 1, "martyrs": 1, "guerillas_fortified": 1,
                     "phantom_fury": -1, "fanaticism": -1, "top_down": -1, "bottom_up": 1}
EXPLOSIVES_CF = 8
FLOODING_MIN_CF = 5             # 13.4.8.2: CF <= 4 may not flood
FLOODING_ORDER = ("2p", "1", "1p", "1pp", "C", "OG")   # 13.4.8 (after 2'/1/1': see doc)

# -- 14.3.4 regrouping a pinned squad ---------------------------------------------------
PINNED_DRM = {"C": 1, "OG": 2, "street": 2}

# -- 7.2.1 victory points ------------------------------------------------------------------
VP_TABLE = {"guerillas_eliminated": 1, "turn_saved": 5, "battalion_squad": -2,
            "caat_eliminated": -2, "iif_eliminated": -2, "squad_reduced": -2,
            "squad_eliminated": -5, "zone_26_empty": -5, "taking_cover_withdrawn": -2}
MAJOR_ABOVE, MINOR_FROM = 10, 0          # 7.2.2: > 10 major, 0-10 minor, < 0 bitter
TURNS, TURNS_VARIANT = 16, 13

# -- reconstruction: the counter mix (the book prints none of these) -----------------

#: (front CF) for the fifteen USMC squads, by counter name (reduced side: CF - 1)
USMC_SQUADS = {
    "K1-1": 6, "K1-2": 5, "K1-3": 5, "K2-1": 6, "K2-2": 5, "K2-3": 4, "K3-1": 5, "K3-2": 6,
    "K3-3": 4, "K4-1": 5, "K4-2": 5, "K4-3": 4, "K5-1": 6, "K5-2": 5, "K5-3": 4,
}
START_SQUADS, COMPANY_SQUADS, BATTALION_SQUADS = 9, 3, 3
IIF_SQUADS = {"IIF-1": 4, "IIF-2": 4, "IIF-3": 4}
CAAT_TEAMS = ("CAAT-1", "CAAT-2", "CAAT-3", "CAAT-4")
#: 'Insurgents' counters: (Guerillas CF, Martyrs CF) -> how many
INSURGENT_MIX = {(1, 1): 4, (1, 2): 8, (1, 3): 6, (2, 2): 8, (2, 3): 8, (3, 3): 6,
                 (2, 4): 4, (3, 4): 4}
#: 'Suspect' markers: the Location types printed on each, highest priority first
SUSPECT_PRIORITIES = (
    ("R", "2", "1", "C", "OG"), ("2", "R", "1", "C", "OG"), ("1", "2", "R", "C", "OG"),
    ("2", "1", "R", "OG", "C"), ("R", "1", "2", "OG", "C"), ("C", "1", "2", "R", "OG"),
    ("1", "R", "2", "C", "OG"), ("2", "1", "C", "R", "OG"), ("OG", "C", "1", "2", "R"),
    ("R", "2", "C", "1", "OG"),
)
SUSPECT_COUNT = 40
#: 'Activated Zone' markers: one per white-circle Zone
ACTIVATED_ZONE_MARKERS = 50
STRONG_POINTS = (1, 2, 3, 4)          # 6.1.2: the difficulty the player chooses


def tables_data() -> dict[str, Any]:
    """The numbers the builder writes to ``module.attrs["tables"]`` (editable)."""
    return {
        "activated_zone_markers": ACTIVATED_ZONE_MARKERS,
        "missions": {k: dict(v) for k, v in MISSION_TABLE.items()},
        "turns": TURNS, "turns_variant": TURNS_VARIANT,
        "battalion_from": BATTALION_FROM, "battalion_from_variant": BATTALION_FROM_VARIANT,
        "company_from": COMPANY_FROM, "armour_from": ARMOUR_FROM,
        "caat_ammo": CAAT_AMMO,
    }


def table(module_attrs: Mapping[str, Any], name: str) -> Any:
    """A number of the module's tables (``attrs["tables"]``), else the default."""
    return dict(module_attrs.get("tables", {})).get(name, tables_data()[name])
