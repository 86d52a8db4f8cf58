"""Limits of Glory: the rule ids, the printed facts and our reconstructions, as data.

The rulebook numbers no paragraphs, so a rule is cited by its section and the
sub-heading the book gives it (``"Combat: Draws"``, ``"Event 12"``).  Every
Event.rule, the start of every event text, every refusal and the test names use
these ids (a test of ``"Combat: Draws"`` is named ``test_combat_draws_...``).

Facts the book states (the set-up, the glory of Baird and Bonaparte, the event
clock's events, the disembarkation table's rows, the strengths of elements and
squadrons, the victory conditions) are carried over as they are.  What the book
does not print (the combat table, the command charts, the lists of elements on
the event clock, the VP banners, the pools) is our reconstruction, listed in
docs/games/limits_of_glory-reconstructions.md; the module holds it as data
(``module.attrs["tables"]``), and the editor's Game tables dock edits it.
"""

from __future__ import annotations

# -- rule ids -------------------------------------------------------------------------------

SETUP = "Set Up"
SETUP_FLEETS = "Set Up: Invasion fleets"
SETUP_BEDOUIN = "Set Up: Bedouin"
SETUP_GLORY = "Set Up: Glory of on-map commanders"
WIN_CONTROL = "How to Win: Controlling BUAs"
WIN_DEFAULT = "How to Win: Default control"
WIN_GARRISON = "How to Win: French garrison"
WIN_MALTA = "How to Win: Malta garrison"
WIN_VALLEY = "How to Win: Valley of the Kings"
WIN_RETURN = "How to Win: Bonaparte returns"
WIN_EXHAUSTED = "How to Win: Bonaparte exhausted"
CONCEDE = "Conceding"
MECH_SUCCESS = "Mechanism: Success"
MECH_GLORY = "Mechanism: Glory re-rolls"
MECH_OPPONENT = "Mechanism: Opponent re-rolls"
MECH_FINAL = "Mechanism: Final outcome"
MECH_NO_COMMANDER = "Mechanism: No commander"
MECH_FOUR = "Mechanism: Four dice"
GLORY_WHEN = "Glory: When to calculate"
GLORY_HOW = "Glory: How to calculate"
GLORY_USE = "Glory: Re-rolls"
GLORY_EXHAUSTED = "Glory: Exhausted commanders"
GLORY_AUTO6 = "Glory: Bonaparte's automatic 6"
SENIORITY = "Seniority: Numbers"
SENIORITY_NAVAL = "Seniority: Naval"
LEAD = "Seniority: Leading the troops"
SENIORITY_ALLIED = "Seniority: Allied"
ACCOMPANY = "Seniority: Accompanying commanders"
CASUALTY_ALONE = "Casualties: Unaccompanied commanders"
CASUALTY_LEAD = "Casualties: Leading the troops"
MOVE_ACTIVATE = "Movement: Activating"
MOVE_HOW = "Movement: How to move"
MOVE_DISTANCE = "Movement: Move distance"
MOVE_SUCCESSIVE = "Movement: Successive moves"
MOVE_SAVANTS = "Movement: Savants"
MOVE_MAMLUK = "Movement: Mamluk restrictions"
MOVE_BUA = "Movement: Space with an enemy-occupied BUA"
EMBARK = "Movement: Embark"
DISEMBARK = "Movement: Disembark"
NAVAL_LOST = "Movement: Naval elements destroyed"
SEA_WALLS = "Movement: Alexandria's sea walls"
HARBOURS = "Movement: Safe harbours"
BEDOUIN_REMOVE = "Bedouin: Removing"
STRAGGLERS = "Bedouin: Picking off stragglers"
BEDOUIN_MOMENTUM = "Bedouin: Momentum"
INV_GLORY = "Invasion: Brueys and Nelson"
INV_DESTINATION = "Invasion: Destination"
INV_MOMENTUM = "Invasion: Momentum markers"
INV_REAL = "Invasion: Selecting the real fleet"
INV_MOVE = "Invasion: Movement"
INV_MALTA = "Invasion: Malta"
INV_ATTEMPT = "Invasion: Attempting interception"
INV_NELSON = "Invasion: Moving Nelson"
INV_FORCING = "Invasion: Forcing re-rolls"
INV_INTERCEPT = "Invasion: How to intercept"
INV_FAILED = "Invasion: Failed interception"
INV_DUMMY = "Invasion: Dummy marker"
INV_MULTIPLE = "Invasion: Multiple fleets"
INV_INTO_NELSON = "Invasion: French move into Nelson's space"
INV_SUCCESS = "Invasion: Successful invasion"
INV_INTERCEPTED = "Invasion: Intercepted invasion fleet"
LAND_SPACES = "Disembarkation: Legal landing spaces"
LAND_COMBAT = "Disembarkation: Combat during landing"
LAND_BEDOUIN = "Disembarkation: Bedouin"
LAND_MALTA = "Disembarkation: Malta's garrison and governor"
LAND_TABLE = "Disembarkation: Table"
LAND_NAVAL = "Disembarkation: Naval battle"
TURN = "Conquest: What constitutes a turn"
CLOCK = "Event Clock: Events"
CLOCK_TILE = "Event Clock: Second event tile"
CLOCK_NOT_FIRST = "Event Clock: Not first turn"
CLOCK_REPEAT = "Event Clock: Repeatable events"
CLOCK_DICE = "Event Clock: Event dice markers"
CLOCK_MORE = "Event Clock: Additional event dice"
MOMENTUM_DICE = "Momentum: Obtaining momentum markers"
MOMENTUM_INITIATIVE = "Momentum: Deciding initiative"
MOMENTUM_ALTERNATE = "Momentum: Alternate initiative"
MOMENTUM_PLACE = "Momentum: Placing momentum markers"
MOMENTUM_END = "Momentum: Ending the turn"
COMBAT_ENGAGE = "Combat: Engaging in combat"
COMBAT_MULTIPLE = "Combat: Multiple combats"
COMBAT_HOW = "Combat: How combat works"
COMBAT_STRENGTH = "Combat: Combat strength"
COMBAT_BRITISH_MIXED = "Combat: British mixed forces"
COMBAT_SCORE = "Combat: Score to inflict casualties"
COMBAT_USING_TABLE = "Combat: Using the combat table"
COMBAT_BRITISH_LOSSES = "Combat: British casualties"
COMBAT_DRAWS = "Combat: Draws"
COMBAT_LOSING = "Combat: Losing a combat"
COMBAT_BREAK_OFF = "Combat: Break off"
COMBAT_WINNER_DESTROYED = "Combat: Winning army destroyed"
COMBAT_FRENCH_EXCEPTION = "Combat: French break off exception"
COMBAT_NAVAL = "Combat: Naval combats"
COMBAT_FOLLOW = "Combat: Following up"
COMBAT_LEADER_TEST = "Combat: Test for commander casualties"
COMBAT_DESTROYED = "Combat: Completely destroyed"
COMBAT_SAVANTS = "Combat: Losing the Savants"
UPRISING = "Uprisings: Procedure"
UPRISING_FRENCH = "Uprisings: Only affects the French"
UPRISING_EVENT = "Uprisings: Through events"
UPRISING_RESULT = "Uprisings: Result"
UPRISING_MOMENTUM = "Uprisings: Momentum"
UPRISING_MAMLUK = "Uprisings: Mamluk initiated"
SIEGE_BUA = "Sieges: Spaces that include BUAs"
SIEGE_ALONE = "Sieges: Commanders defending on their own"
SIEGE_MAMLUK = "Sieges: Mamluk restrictions"
SIEGE_ASSAULT = "Sieges: Assault round"
SIEGE_CAVALRY = "Sieges: Cavalry in sieges"
SIEGE_NAVAL = "Sieges: Naval elements in sieges"
SIEGE_HOW = "Sieges: How assaults and sieges work"
SIEGE_ROUND = "Sieges: Only one round per turn"
SIEGE_SENIOR = "Sieges: Senior naval commanders"
SIEGE_CAFFARELLI = "Sieges: Caffarelli"
SIEGE_NO_BREAK = "Sieges: No break off"
SIEGE_LIFT = "Sieges: Lifting or reducing a siege"
SIEGE_DEFENDERS = "Sieges: Defenders leaving"
SIEGE_SEA_RELIEF = "Sieges: Relief force arriving by sea"
SIEGE_NAVAL_LOSSES = "Sieges: Naval losses"
SIEGE_SALLY = "Sieges: Defenders sally out"
SIEGE_END = "Sieges: Ending a siege"
SIEGE_ALEXANDRIA = "Sieges: Siege of Alexandria"
SIEGE_LAND_RELIEF = "Sieges: Relief force arriving by land"
SIEGE_AFTER = "Sieges: After a successful siege"
MALTA_ATTACK = "Malta: Only with a French garrison"
MALTA_HARBOUR = "Malta: Safe harbour"
MALTA_BLOCKADE = "Malta: Blockade"
MALTA_COALITION = "Malta: Coalition squadrons"
MALTA_FRIGATE = "Malta: Bonaparte's frigate"
MALTA_ASSAULT = "Malta: Naval assault"
MALTA_CAPTURE = "Malta: British capture"
RETURN_EVENT = "Bonaparte Returns: Return event rolled"
RETURN_CAPTURED = "Bonaparte Returns: Captured at sea"
RETURN_COMMAND = "Bonaparte Returns: Change in command"
RETURN_SUCCESS = "Bonaparte Returns: Successful return"
RETURN_INTERCEPT = "Bonaparte Returns: Interception attempts"
MAMLUKS_SIDES = "Mamluks Changing Sides"
VICTORY_FRENCH = "Victory: French Total Victory"
VICTORY_PARTIAL = "Victory: Partial Victory"
VICTORY_ALLIED = "Victory: Allied Total Victory"
VICTORY_TIE = "Victory: Tie"


def event_rule(number: int) -> str:
    """The rule id of an event box of the clock: ``"Event 12"``."""
    return f"Event {number}"


def tile_rule(number: int) -> str:
    """The rule id of a second event tile: ``"2nd Event tile 12"``."""
    return f"2nd Event tile {number}"


# -- sides and nationalities ----------------------------------------------------------------

FRENCH, ALLIED = "french", "allied"
SIDES = (FRENCH, ALLIED)
NATIONS = {"french": FRENCH, "british": ALLIED, "ottoman": ALLIED, "mamluk": ALLIED,
           "albanian": ALLIED, "coalition": ALLIED}
NATION_NAMES = {"french": "French", "british": "British", "ottoman": "Ottoman",
                "mamluk": "Mamluk", "albanian": "Albanian", "coalition": "Coalition",
                "allied": "Allied"}


def other(side: str) -> str:
    return ALLIED if side == FRENCH else FRENCH


# -- element types (Components List; Combat: Combat strength; Combat: Naval combats) --------

#: element type id -> (nationality, kind, combat strength).  ``kind`` is one of
#: infantry, cavalry, artillery, savants, squadron, garrison.
ELEMENTS: dict[str, tuple[str, str, int]] = {
    "fr-inf": ("french", "infantry", 1), "fr-cav": ("french", "cavalry", 2),
    "fr-art": ("french", "artillery", 3), "fr-sav": ("french", "savants", 0),
    "fr-gar": ("french", "garrison", 1),
    "br-inf": ("british", "infantry", 1), "br-cav": ("british", "cavalry", 2),
    "br-art": ("british", "artillery", 3), "br-gar": ("british", "garrison", 1),
    "ot-inf": ("ottoman", "infantry", 1), "ot-cav": ("ottoman", "cavalry", 2),
    "ot-art": ("ottoman", "artillery", 3),
    "ma-inf": ("mamluk", "infantry", 1), "ma-cav": ("mamluk", "cavalry", 2),
    "al-inf": ("albanian", "infantry", 1),
    "ot-sq": ("ottoman", "squadron", 1), "co-sq": ("coalition", "squadron", 2),
}
#: naval strength of one squadron by nationality (Combat: Naval combats; the
#: coalition squadrons' strength is ours)
SQUADRON_STRENGTH = {"british": 4, "french": 2, "ottoman": 1, "coalition": 2}
ELEMENT_NAMES = {"infantry": "infantry", "cavalry": "cavalry", "artillery": "artillery",
                 "savants": "savants", "squadron": "squadron", "garrison": "garrison"}

#: how many of each element the pools hold (reconstruction; the book gives the
#: number of square markers, which are denominations, not elements)
POOLS: dict[str, int] = {
    "fr-inf": 34, "fr-cav": 3, "fr-art": 4, "fr-sav": 1, "fr-gar": 1,
    "br-inf": 18, "br-cav": 1, "br-art": 3, "br-gar": 1,
    "ot-inf": 72, "ot-cav": 28, "ot-art": 3,
    "ma-inf": 66, "ma-cav": 15, "al-inf": 4,
    "ot-sq": 2, "co-sq": 3,
}

# -- commanders (the command charts: reconstruction, except Baird's 4+3d6) ---------------

#: commander id -> (name, nationality, seniority, naval, glory fixed, glory dice,
#: squadrons, accompanies).  ``accompanies`` is the commander he accompanies on
#: the command chart ("" for none).
COMMANDERS: dict[str, tuple[str, str, int, bool, int, int, int, str]] = {
    "bonaparte": ("Bonaparte", "french", 1, False, 40, 4, 0, ""),
    "kleber": ("Kléber", "french", 2, False, 8, 3, 0, "bonaparte"),
    "desaix": ("Desaix", "french", 3, False, 8, 3, 0, "bonaparte"),
    "reynier": ("Reynier", "french", 4, False, 4, 3, 0, "bonaparte"),
    "menou": ("Menou", "french", 5, False, 2, 2, 0, "bonaparte"),
    "bon": ("Bon", "french", 6, False, 5, 2, 0, "bonaparte"),
    "caffarelli": ("Caffarelli", "french", 7, False, 4, 2, 0, "bonaparte"),
    "murat": ("Murat", "french", 8, False, 6, 2, 0, "bonaparte"),
    "vial": ("Vial", "french", 9, False, 2, 2, 0, "bonaparte"),
    "lannes": ("Lannes", "french", 10, False, 5, 2, 0, "kleber"),
    "friant": ("Friant", "french", 11, False, 3, 2, 0, "desaix"),
    "lagrange": ("Lagrange", "french", 12, False, 2, 2, 0, "reynier"),
    "marmont": ("Marmont", "french", 13, False, 3, 2, 0, "menou"),
    "rampon": ("Rampon", "french", 14, False, 3, 2, 0, "bon"),
    "brueys": ("Brueys", "french", 1, True, 4, 3, 1, ""),
    "villeneuve": ("Villeneuve", "french", 2, True, 2, 2, 1, ""),
    "du-chayla": ("Du Chayla", "french", 3, True, 2, 2, 1, ""),
    "ganteaume": ("Ganteaume", "french", 4, True, 4, 3, 2, ""),
    "nelson": ("Nelson", "british", 1, True, 10, 3, 1, ""),
    "keith": ("Lord Keith", "british", 2, True, 5, 3, 2, ""),
    "abercromby": ("Abercromby", "british", 3, False, 6, 3, 0, ""),
    "hood": ("Hood", "british", 4, True, 4, 2, 1, ""),
    "hutchinson": ("Hely-Hutchinson", "british", 5, False, 3, 2, 0, "abercromby"),
    "troubridge": ("Troubridge", "british", 6, True, 3, 2, 1, ""),
    "smith": ("Sydney Smith", "british", 7, True, 6, 3, 1, ""),
    "baird": ("Baird", "british", 8, False, 4, 3, 0, ""),
    "moore": ("Moore", "british", 9, False, 4, 2, 0, "abercromby"),
    "murray": ("Murray", "british", 10, False, 2, 2, 0, ""),
    "grand-vizir": ("Grand Vizir", "ottoman", 1, False, 5, 3, 0, ""),
    "captain-pasha": ("Captain Pasha", "ottoman", 2, True, 4, 2, 1, ""),
    "jezzar": ("Jezzar Pasha", "ottoman", 3, False, 6, 3, 0, ""),
    "mustafa": ("Mustafa Pasha", "ottoman", 4, False, 3, 2, 0, ""),
    "ali": ("Ali Pasha", "ottoman", 5, False, 2, 2, 0, ""),
    "muhammad-ali": ("Muhammad Ali", "albanian", 6, False, 4, 2, 0, "captain-pasha"),
    "murad": ("Murad Bey", "mamluk", 1, False, 8, 3, 0, ""),
    "ibrahim": ("Ibrahim Bey", "mamluk", 2, False, 4, 2, 0, ""),
}
#: commanders named by their office, who take "the" in a sentence (Event 12: "the
#: Grand Vizir forms an army"; Captain Pasha and the Beys go by their names)
TITLES = frozenset({"Grand Vizir"})

# -- the map's facts (reconstruction of the map board) -------------------------------------

#: space value of every space (Definitions: every space has a value of 1 to 4;
#: "the sea space ... with a space value of three that surrounds Gibraltar";
#: Cairo 4 and "the adjacent space, with a value of two, in the direction of
#: Upper Egypt" from the movement example)
SPACE_VALUES: dict[str, int] = {
    "gibraltar": 3, "balearic": 1, "toulon": 3, "genoa": 3, "civitavecchia": 3,
    "tyrrhenian": 2, "sicilian-channel": 2, "malta": 3, "ionian": 1, "libyan-sea": 1,
    "crete": 2, "aegean": 2, "rhodes": 3, "marmaris": 3, "cyprus": 3, "levant": 2,
    "pelusium": 2, "delta-coast": 2, "aboukir-bay": 3,
    "marabout": 2, "alexandria": 3, "rosetta": 2, "damanhur": 3, "wadi-natrun": 1,
    "giza": 3, "western-desert": 1, "fayum": 2, "beni-suef": 2, "minya": 2,
    "burullus": 2, "rahmaniya": 3, "mahalla": 3, "menouf": 4,
    "damietta": 2, "mansura": 3, "salahieh": 1, "belbeis": 2, "cairo": 4, "atfih": 2,
    "eastern-desert": 1, "suez": 2, "east-bank": 1, "sinai": 1,
    "el-arish": 2, "gaza": 2, "jaffa": 2, "ramla": 1, "acre": 3, "tabor": 2, "sidon": 2,
    "damascus": 1,
    "asyut": 3, "dendera": 1, "valley-of-the-kings": 1, "esna": 2,
    "girga": 2, "keneh": 2, "kosseir": 1, "luxor": 3, "aswan": 2,
    "malta-island": 2,
}
LABELS: dict[str, str] = {
    "gibraltar": "Gibraltar", "balearic": "Balearic Sea", "toulon": "Toulon",
    "genoa": "Genoa", "civitavecchia": "Civitavecchia", "tyrrhenian": "Tyrrhenian Sea",
    "sicilian-channel": "Sicilian Channel", "malta": "Malta", "ionian": "Ionian Sea",
    "libyan-sea": "Libyan Sea", "crete": "Crete", "aegean": "Aegean Sea", "rhodes": "Rhodes",
    "marmaris": "Marmaris", "cyprus": "Cyprus", "levant": "Levant Coast",
    "pelusium": "Gulf of Pelusium", "delta-coast": "Delta Coast",
    "aboukir-bay": "Aboukir Bay", "marabout": "Marabout Bay", "alexandria": "Alexandria",
    "rosetta": "Rosetta", "damanhur": "Damanhur", "wadi-natrun": "Wadi Natrun",
    "giza": "Giza", "western-desert": "Western Desert", "fayum": "Fayum",
    "beni-suef": "Beni Suef", "minya": "Minya", "burullus": "Burullus",
    "rahmaniya": "Rahmaniya", "mahalla": "Mahalla", "menouf": "Menouf",
    "damietta": "Damietta", "mansura": "Mansura", "salahieh": "Salahieh",
    "belbeis": "Belbeis", "cairo": "Cairo", "atfih": "Atfih",
    "eastern-desert": "Eastern Desert", "suez": "Suez", "east-bank": "East Bank",
    "sinai": "Sinai", "el-arish": "El Arish", "gaza": "Gaza", "jaffa": "Jaffa",
    "ramla": "Ramla", "acre": "Acre", "tabor": "Mount Tabor", "sidon": "Sidon",
    "damascus": "Damascus Road", "asyut": "Asyut", "dendera": "Dendera",
    "valley-of-the-kings": "Valley of the Kings", "esna": "Esna", "girga": "Girga",
    "keneh": "Keneh", "kosseir": "Kosseir", "luxor": "Luxor", "aswan": "Aswan",
    "malta-island": "Valletta",
}
SYRIA = ("el-arish", "gaza", "jaffa", "ramla", "acre", "tabor", "sidon", "damascus")
UPPER_EGYPT = ("asyut", "dendera", "valley-of-the-kings", "esna", "girga", "keneh",
               "kosseir", "luxor", "aswan")
#: spaces along the Nile in Upper Egypt (Event 10R)
NILE_UPPER = ("asyut", "dendera", "valley-of-the-kings", "esna", "girga", "keneh", "luxor",
              "aswan")
#: safe harbours (Movement: Safe harbours, printed)
HARBOURS_OF = {"toulon": "french", "genoa": "french", "civitavecchia": "french",
               "gibraltar": "allied", "rhodes": "allied", "cyprus": "allied",
               "marmaris": "allied"}
#: VP banners: BUA space -> (BUA name, {nationality: VP}).  The nine VP BUAs are
#: the French total victory list; the values are ours (the Allied defaults add
#: up to the printed starting 25).
BUAS: dict[str, tuple[str, dict[str, int]]] = {
    "alexandria": ("Alexandria", {"french": 5, "mamluk": 4, "ottoman": 3, "british": 4}),
    "cairo": ("Cairo", {"french": 6, "mamluk": 6, "ottoman": 4, "british": 4}),
    "rosetta": ("Rosetta", {"french": 2, "mamluk": 2, "ottoman": 1, "british": 2}),
    "damietta": ("Damietta", {"french": 2, "mamluk": 2, "ottoman": 1, "british": 2}),
    "luxor": ("Luxor", {"french": 3, "mamluk": 2, "ottoman": 1, "british": 1}),
    "suez": ("Suez", {"french": 2, "mamluk": 2, "ottoman": 1, "british": 2}),
    "el-arish": ("El Arish", {"french": 2, "mamluk": 1, "ottoman": 1, "british": 1}),
    "jaffa": ("Jaffa", {"french": 3, "mamluk": 1, "ottoman": 2, "british": 1}),
    "acre": ("Acre", {"french": 5, "mamluk": 1, "ottoman": 4, "british": 2}),
    "giza": ("Giza", {}),
    "keneh": ("Keneh", {}),
    "malta-island": ("Valletta", {}),
}
VP_BUAS = ("alexandria", "cairo", "rosetta", "damietta", "luxor", "suez", "el-arish",
           "jaffa", "acre")
WALLS = 5                 # Sieges: Spaces that include BUAs (walls, Malta's too)
MALTA_FRENCH_VP = 2       # How to Win: Malta garrison
MALTA_BRITISH_VP = 5
VALLEY_VP = 6             # How to Win: Valley of the Kings
RETURN_VP = 9             # How to Win: Bonaparte returns / Bonaparte exhausted
ALLIED_START_VP = 25      # Set Up: the Allied VP marker at 25
VP_TRACK_MAX = 50         # Definitions: the number track runs 1 to 50
#: the fleet markers' harbours (Set Up: the ship symbols)
FLEET_HARBOURS = ("toulon", "genoa", "civitavecchia")
NELSON_START = "gibraltar"
MARABOUT = "marabout"
VALLEY = "valley-of-the-kings"
MALTA_SEA, MALTA_LAND = "malta", "malta-island"
RETURN_PORTS = ("alexandria", "rosetta", "damietta")

# -- set-up (printed) -----------------------------------------------------------------------

#: On-map elements: space -> ([commanders], {element type: count})
SETUP_FORCES: dict[str, tuple[list[str], dict[str, int]]] = {
    "acre": (["jezzar"], {"ot-cav": 12, "ot-inf": 16}),
    "jaffa": ([], {"ot-inf": 6}),
    "el-arish": ([], {"ot-inf": 4}),
    "alexandria": ([], {"ma-cav": 1}),
    "cairo": (["ibrahim"], {"ma-cav": 2, "ma-inf": 8}),
    "giza": (["murad"], {"ma-cav": 7, "ma-inf": 18}),
    "suez": ([], {"ma-cav": 1, "ma-inf": 4}),
    "rosetta": ([], {"ma-cav": 1, "ma-inf": 4}),
    "damietta": ([], {"ma-cav": 1, "ma-inf": 6}),
    "keneh": ([], {"ma-cav": 2, "ma-inf": 6}),
}
BEDOUIN = 8
INVASION_MOMENTUM = {FRENCH: 3, ALLIED: 1}      # Invasion: Momentum markers
MOMENTUM_DICE_N = 4                              # Momentum: Obtaining momentum markers
COMBAT_DICE = 4                                  # Mechanism: Four dice for combat

# -- disembarkation table (printed, pages 20/21) --------------------------------------------

#: situation -> (infantry without Malta, with Malta, glory fixed without, with)
#: "landed" (not intercepted) is not filled in by the printed table: ours.
LANDING = {
    "at-sea": (17, 19, 40, 42),
    "adjacent": (18, 20, 41, 43),
    "landed": (19, 21, 42, 44),
}
LANDING_ARTILLERY = 1
LANDING_GLORY_DICE = 4
NELSON_BONUS_DICE = 4

# -- the combat table (not printed: reconstructed so that the book's example holds) -------

#: columns of total combat strength (the example names "4 to 10" and "16 to 20")
COMBAT_COLUMNS: dict[str, tuple[int, int]] = {
    "1-3": (1, 3), "4-10": (4, 10), "11-15": (11, 15), "16-20": (16, 20),
    "21-30": (21, 30), "31-45": (31, 45), "46+": (46, 999),
}
COMBAT_ROWS: dict[str, str] = {
    "french": "French with or without commander",
    "british-commander": "British commander", "british": "British without commander",
    "ottoman-commander": "Ottoman commander", "ottoman": "Ottoman without commander",
    "mamluk-commander": "Mamluk commander", "mamluk": "Mamluk without commander",
    "naval": "Naval combat (all nationalities)",
}


def _cells(rows: list[tuple[int, int, int, int, int]]) -> dict[str, dict[str, int]]:
    """One row of the combat table: per column (need, field 5, field 6, siege 5, siege 6)."""
    return {col: {"need": n, "hit5": a, "hit6": b, "siege5": c, "siege6": d}
            for col, (n, a, b, c, d) in zip(COMBAT_COLUMNS, rows, strict=True)}


#: row -> column -> {need, hit5, hit6, siege5, siege6}: the total of four dice
#: must reach ``need``; then each 5 inflicts ``hit5`` and each 6 ``hit6`` hits
#: (``siege5``/``siege6`` in a siege or assault).  The two cells the book's
#: example shows are French "4-10" (13; a 5 three hits, a 6 four) and Mamluk
#: commander "16-20" (14; one hit for each 6).
COMBAT_TABLE: dict[str, dict[str, dict[str, int]]] = {
    "french": _cells([(15, 1, 2, 1, 1), (13, 3, 4, 1, 2), (12, 3, 4, 1, 2),
                      (12, 4, 5, 2, 2), (11, 4, 5, 2, 3), (11, 5, 6, 2, 3),
                      (10, 5, 6, 3, 3)]),
    "british-commander": _cells([(15, 1, 1, 1, 1), (14, 1, 2, 1, 1), (13, 2, 3, 1, 2),
                                 (13, 2, 3, 1, 2), (12, 3, 4, 2, 2), (12, 3, 4, 2, 3),
                                 (11, 4, 5, 2, 3)]),
    "british": _cells([(16, 1, 1, 1, 1), (15, 1, 2, 1, 1), (14, 2, 2, 1, 1),
                       (14, 2, 3, 1, 2), (13, 3, 3, 1, 2), (13, 3, 4, 2, 2),
                       (12, 3, 4, 2, 3)]),
    "ottoman-commander": _cells([(17, 0, 1, 0, 1), (16, 1, 1, 1, 1), (15, 1, 1, 1, 1),
                                 (15, 1, 2, 1, 1), (14, 1, 2, 1, 1), (14, 2, 2, 1, 2),
                                 (13, 2, 3, 1, 2)]),
    "ottoman": _cells([(18, 0, 1, 0, 1), (17, 0, 1, 0, 1), (16, 1, 1, 1, 1),
                       (16, 1, 1, 1, 1), (15, 1, 2, 1, 1), (15, 1, 2, 1, 1),
                       (14, 2, 2, 1, 2)]),
    "mamluk-commander": _cells([(17, 0, 1, 0, 0), (16, 0, 1, 0, 0), (15, 1, 1, 0, 0),
                                (14, 1, 1, 0, 0), (14, 1, 2, 0, 0), (13, 1, 2, 0, 0),
                                (13, 2, 2, 0, 0)]),
    "mamluk": _cells([(18, 0, 1, 0, 0), (17, 0, 1, 0, 0), (16, 0, 1, 0, 0),
                      (15, 1, 1, 0, 0), (15, 1, 1, 0, 0), (14, 1, 2, 0, 0),
                      (14, 1, 2, 0, 0)]),
    "naval": _cells([(14, 0, 1, 0, 0), (13, 1, 1, 0, 0), (12, 1, 2, 0, 0),
                     (12, 1, 2, 0, 0), (11, 2, 2, 0, 0), (11, 2, 3, 0, 0),
                     (10, 2, 3, 0, 0)]),
}
#: Malta's naval assault uses the siege hits of the French and British boxes
#: (Malta: Naval assault); other assaulting nationalities use their own rows.

# -- the event clock (events printed; the element lists on the clock are ours) -------------

#: events that may happen any number of times (marked R)
REPEATABLE = (2, 4, 7, 9, 10, 14, 20, 23, 24)
#: events with a second event tile (the 14 tiles)
TILES = (3, 5, 6, 8, 11, 12, 13, 15, 16, 17, 18, 19, 21, 22)
EVENT_TITLES: dict[int, str] = {
    1: "Brueys intercepted by Nelson", 2: "Mamluk reinforcements",
    3: "French obtain cavalry mounts", 4: "Cairo revolts", 5: "Sydney Smith arrives",
    6: "Mustafa Pasha forms an army at Rhodes", 7: "Blockade of Malta",
    8: "Ali Pasha forms an army at Jaffa", 9: "French suffer plague",
    10: "Fanatic infantry from Mecca", 11: "Another French artillery battery",
    12: "The Grand Vizir forms an army at El Arish", 13: "British fleet in the Mediterranean",
    14: "Peace of Amiens", 15: "Bonaparte may return", 16: "Captain Pasha forms a corps",
    17: "A British army from India", 18: "Ganteaume gathers reinforcements",
    19: "French commander assassinated", 20: "Abercromby dies",
    21: "British landing party", 22: "Survivors of Heliopolis", 23: "Plague in the Allied camp",
    24: "Mamluks change sides",
}
#: second event tiles: number -> (dice count that adds a die, what happens otherwise)
TILE_ESCALATE = {3: 1, 5: 1, 6: 1, 8: 2, 11: 2, 12: 3, 13: 3, 15: 3, 16: 3, 17: 3, 18: 3}
#: uprisings of tiles: number -> BUA
TILE_UPRISING = {5: "suez", 6: "damietta", 8: "cairo", 12: "alexandria", 13: "rosetta",
                 16: "suez", 17: "luxor", 19: "luxor", 21: "cairo", 22: "cairo"}
#: events that escalate the clock when rolled with this many dice (box itself)
EVENT_ESCALATE = {7: 2}
#: reinforcement events: number -> (space, commanders placed, elements)
ARMIES: dict[int, tuple[str, list[str], dict[str, int]]] = {
    5: ("cyprus", ["smith"], {}),
    6: ("rhodes", ["mustafa"], {"ot-sq": 1, "ot-inf": 12, "ot-cav": 2, "ot-art": 1}),
    8: ("jaffa", ["ali"], {"ot-inf": 8, "ot-cav": 4}),
    12: ("el-arish", ["grand-vizir"], {"ot-inf": 16, "ot-cav": 8, "ot-art": 2}),
    13: ("marmaris", ["keith", "abercromby"], {"br-inf": 12, "br-cav": 1, "br-art": 2}),
    16: ("cyprus", ["captain-pasha"], {"al-inf": 4}),
    17: ("keneh", ["baird"], {"br-inf": 4, "br-art": 1}),
    21: ("suez", ["murray"], {"br-inf": 2}),
    22: ("cairo", [], {"ot-inf": 2, "ot-cav": 2}),
}
#: other events' numbers (ours where the book leaves them open)
MAMLUK_REINFORCEMENTS = 4     # Event 2R: Mamluk infantry placed with Mamluk cavalry
FRENCH_MOUNTS = 3             # Event 3: French cavalry from the pool
FANATICS = 4                  # Event 10R (printed)
REVOLT_DICE = 4               # Event 4R (printed)
REVOLT_LOSS = 2               # Event 4R: glory per failure (printed)
GANTEAUME_FORCE = {"fr-inf": 4, "fr-art": 1}   # Event 18 (ours)
PLAGUE = {3: ("mamluk", 1), 11: ("mamluk", 2), 15: ("ottoman", 3), 18: ("ottoman", 4),
          20: ("ottoman", 4)}
UPRISING_LOSS = 2             # Uprisings: Result (glory per success)
BEDOUIN_SUCCESSES = 3         # Bedouin: Removing (three successes)
