"""Scenarios 19-23 as data (set-up limits, special rules' numbers, the optional
rules each one suggests), built into the module next to the Basic Game; the
editor edits them like the Basic Game's set-up.

Each scenario's ``setup`` keeps the Basic Game's keys the rules read
(``legion.place``, ``legion.leave_out``, where the Legion sets up, ``entry``)
and adds its own: ``special`` names its rules module
(``rules/scenario_<n>.py``), ``tribes_left_out`` the tribes left out by
choice, and each scenario's own sections.  Every limit carries a ``text``: the
set-up sheet prints it as the players read it.
"""

from __future__ import annotations

from copy import deepcopy

from ffl.engine.module import Scenario

GAME, BOARD = "ffl", "fort"

#: 22.2 the entry side roll (1-2 north, 3-4 south, 5 east, 6 west)
PATROL_EDGES = {"1": "N", "2": "N", "3": "S", "4": "S", "5": "E", "6": "W"}


def _base(basic_setup: dict) -> dict:
    setup = deepcopy(basic_setup)
    setup["legion"]["leave_out"] = {"count_per_org": 0, "orgs": []}
    return setup


def returning_patrol(basic_setup: dict, placements) -> Scenario:
    """22 The Returning Patrol."""
    setup = _base(basic_setup)
    setup["special"] = "22"
    setup["order"] = ["legion", "bedouin"]
    setup["legion"].update({
        "rule": "22.11", "place": 22,
        "text": "Send one squad and one of the three Legion Commanders out on patrol; they "
                "start off the board. Set up the other 22 units anywhere inside the fort."})
    setup["bedouin"].update({
        "rule": "22.12",
        "text": "Every Bedouin unit starts off the board with its ropes, as in the Basic "
                "Game."})
    setup["tribes_left_out"] = {
        "rule": "22.1", "count": 1,
        "text": "The Bedouin player leaves one tribe of his choice out of the game."}
    setup["patrol"] = {
        "rule": "22.2", "first_roll_turn": 4, "arrives_on": [4, 5, 6],
        "edge_by_roll": dict(PATROL_EDGES),
        "text": "From the start of Turn 4 the Legion player rolls a die at the start of each "
                "turn: on 4-6 the patrol enters on the next turn, in its own movement phases, "
                "all from one side of the board rolled when it arrives (1-2 north, 3-4 south, "
                "5 east, 6 west). The Bedouin win at once if the garrison is wiped out before "
                "a patrol unit reaches the fort."}
    return Scenario(
        id=f"{GAME}/returning-patrol", game=GAME, title="The Returning Patrol", board=BOARD,
        description=("A squad led by an officer is out on patrol when the tribes attack. From "
                     "Turn 4 a roll each turn tells whether it is back, and a second roll from "
                     "which side it comes. Five tribes attack."),
        sides=("legion", "bedouin"), options={}, setup=setup, placements=list(placements))


OQ = "Officer's Quarters"


def negotiations(basic_setup: dict, placements) -> Scenario:
    """20 The Negotiations."""
    setup = _base(basic_setup)
    setup["special"] = "20"
    setup["order"] = ["legion", "bedouin", "after_the_bedouin"]
    setup["board"] = {"rule": "20.2", "doors_windows": "open", "doors_windows_fixed": True,
                      "gates": "open", "gates_fixed": True,
                      "text": "Both gates and every door and window start open."}
    setup["legion"].update({
        "rule": "20.11", "place": 32,
        "text": "Every Legion unit but Sgt. Maj. Kolb sets up inside the fort, within these "
                "limits.",
        "limits": [
            {"rule": "20.111", "pieces": ["L-LC-LeJeune", "L-LC-Briere"], "building": [OQ],
             "text": "Capt. LeJeune and Lt. Briere stand inside the Officer's Quarters."},
            {"rule": "20.112", "squad_role": True,
             "building": ["Barracks", "Store Room", "Guard House"],
             "text": "One squad (any) stands inside the Barracks, the Store Room or the "
                     "Guard House."},
            {"rule": "20.113", "squad_role": True, "area": ["wall", "tower"], "levels": [2, 3],
             "facing": "outward",
             "text": "Another squad stands on the parapets and tower tops, facing the "
                     "desert."},
            {"rule": "20.114", "squad_role": True, "terrain": ["fort"],
             "sentry": {"rank": "Pvt", "adjacent_to": OQ},
             "text": "The last squad stands anywhere in the fort, one of its privates as a "
                     "sentry next to the Officer's Quarters."},
        ]})
    setup["after_the_bedouin"] = {
        "rule": "20.115", "pieces": ["L-LC-Kolb"], "terrain": "fort",
        "text": "Sgt. Maj. Kolb sets up anywhere in the fort once the Bedouin are set up."}
    setup["bedouin"].update({
        "rule": "20.12",
        "text": "Al Krim, the Berbers and Sgt. Kulm set up on the board; every other tribe "
                "starts off the board with its ropes, as in the Basic Game.",
        "limits": [
            {"rule": "20.121", "pieces": ["B-BC-AlKrim"], "building": [OQ],
             "text": "Al Krim stands inside the Officer's Quarters, on a free square."},
            {"rule": "20.122", "org": "berber", "count": 1, "adjacent_to": OQ,
             "text": "One Berber stands next to the Officer's Quarters."},
            {"rule": "20.123", "org": "berber", "area": ["parade"],
             "text": "The other Berbers stand on the parade ground."},
            {"rule": "20.124", "pieces": ["B-BC-Kulm"], "outside_adjacent_to": "gate",
             "text": "Sgt. Kulm stands outside the fort next to a gate square."},
            {"rule": "20.125", "others": "off-board",
             "text": "The other tribes come on from the board edges as in the Basic Game."},
        ]})
    setup["tribes_left_out"] = {
        "rule": "20.1", "count": 1, "not": ["berber"],
        "text": "The Bedouin player leaves one tribe out of the game, never the Berbers."}
    setup["truce"] = {
        "rule": "20.3", "turns": 1,
        "text": "On Turn 1 no Legion unit may start a melee until a Bedouin unit has meleed a "
                "Legion unit."}
    opened = []
    for pl in placements:
        if pl.type == "gate":
            pl = deepcopy(pl)
            pl.data["status"] = "open"
        opened.append(pl)
    return Scenario(
        id=f"{GAME}/negotiations", game=GAME, title="The Negotiations", board=BOARD,
        description=("Al Krim parleys in the Officer's Quarters with a Berber escort inside "
                     "the open fort while four other tribes gather outside. The Legion may not "
                     "strike first on Turn 1."),
        sides=("legion", "bedouin"), options={"doors": True}, setup=setup,
        placements=opened)


#: 19.3 the Bedouin Sequence unit that drives each squad's mutineers
MUTINEER_SEQUENCE = {"squad-1": "arab", "squad-2": "berber", "squad-3": "kabyle"}


def mutineer_types(piece_types: dict) -> dict:
    """19.12 a mutineer plays as its own piece type: the Legion character's printed
    values on the Mutineer side, in the organization of the Bedouin Sequence unit
    that drives its squad (19.3)."""
    from ffl.engine.pieces import PieceType

    out = {}
    for t in piece_types.values():
        if t.kind == "character" and t.side == "legion" and t.org in MUTINEER_SEQUENCE:
            out[f"M-{t.id}"] = PieceType(
                f"M-{t.id}", t.name, "bedouin", "character", MUTINEER_SEQUENCE[t.org],
                {**t.values, "mutineer": True, "legion_org": t.org})
    return out


def les_allemands(basic_setup: dict, placements) -> Scenario:
    """19 Les Allemands."""
    setup = _base(basic_setup)
    setup["special"] = "19"
    setup["order"] = ["legion", "board", "mutineer"]
    setup["board"] = {"rule": "19.2", "doors_windows": "choose", "gates": "choose",
                      "text": "During his set-up the Legion player decides which gates, doors "
                              "and windows are open, closed or locked (rule 10), before any "
                              "mutineer is chosen."}
    setup["legion"].update({
        "rule": "19.11", "place": 33,
        "text": "All 33 Legion units set up inside the fort, within these limits.",
        "limits": [
            {"rule": "19.111", "org": "legion-cmd", "building": [OQ],
             "text": "The three Legion Commanders stand inside the Officer's Quarters."},
            {"rule": "19.112", "squad_role": True, "building": ["Barracks"],
             "text": "One squad (any) stands inside the Barracks."},
            {"rule": "19.113", "squad_role": True, "area": ["wall", "tower"], "levels": [2, 3],
             "facing": "outward",
             "text": "Another squad stands on the parapets and tower tops, facing the desert."},
            {"rule": "19.114", "squad_role": True, "terrain": ["fort"],
             "at_least_one_in": ["Store Room", "Guard House"],
             "text": "The last squad stands anywhere else in the fort, with at least one unit "
                     "inside the Store Room and one inside the Guard House."},
            {"rule": "19.115", "weapons": True, "area": ["parade"],
             "text": "With the heavy weapons (14) the Weapon units stand on the parade "
                     "ground."},
        ]})
    setup["bedouin"] = {"rule": "19.1",
                        "text": "No Bedouin unit plays: the second player commands the "
                                "mutineers from the Bedouin seat."}
    setup["entry"] = {"rule": "6.21", "edges": ["N", "S", "E", "W"]}
    # 19.1 the two players are the Legion player and the Mutineer player: the
    # Mutineer player's seat is the side id "bedouin", named as he reads it
    setup["side_names"] = {"legion": "Legion", "bedouin": "Mutineer"}
    setup["phase_names"] = {"setup-bedouin": "Mutineer selection"}
    # 19.1 only Legion units and no Bedouin player: the optional rules that are the
    # Bedouin player's or his tribes' have nobody to play them (12 mounted tribes,
    # 15 his dynamite and tunnels, 17.31 / 17.32 his Le Cafard)
    setup["options_out"] = {
        "mounted": {
            "rule": "12",
            "text": "Mounted Bedouin (12) is not in play: only Legion units play in this "
                    "scenario, so no tribe rides in (19.1)."},
        "siege": {
            "rule": "15",
            "text": "The siege options (15) are not in play: the dynamite and the tunnels "
                    "are the Bedouin player's (15.1, 15.2), and in this scenario there is "
                    "no Bedouin player (19.1)."},
        "cafard": {
            "rule": "17.31",
            "text": "Le Cafard (17.3) is not in play: the Bedouin player prepares it and "
                    "calls it (17.31, 17.32), and in this scenario there is no Bedouin "
                    "player (19.1)."}}
    setup["mutineer"] = {
        "rule": "19.12", "privates": 12, "sergeants": 1, "corporals": 1, "max_per_squad": 5,
        "not": ["L-LC-Kolb"], "sequence": dict(MUTINEER_SEQUENCE),
        "text": "The Mutineer player then marks twelve privates, one sergeant (never Sgt. "
                "Maj. Kolb) and one corporal as mutineers, no more than five from one squad. "
                "The Arab, Berber and Kabyle Sequence units move and fire the mutineers of "
                "the first, second and third squads."}
    out = []
    for pl in placements:
        if pl.side == "bedouin" and pl.piece.startswith("B-"):
            pl = deepcopy(pl)
            pl.status = "unused"          # 19.1 Legion units only
        out.append(pl)
    return Scenario(
        id=f"{GAME}/les-allemands", game=GAME, title="Les Allemands", board=BOARD,
        description=("A what-if mutiny: fourteen Legionnaires turn on their comrades and "
                     "fight the loyal garrison for the fort. Legion units only; the second "
                     "player commands the mutineers."),
        sides=("legion", "bedouin"), options={"wounds": True, "doors": True}, setup=setup,
        placements=out)


def night_attack(basic_setup: dict, placements) -> Scenario:
    """21 The Surprise Night Attack."""
    setup = _base(basic_setup)
    setup["special"] = "21"
    setup["legion"].update({
        "rule": "21.11", "place": 33, "hidden": True,
        "text": "The Legion player plots all 33 units anywhere in the fort, with their "
                "facings, in secret: the Bedouin player sees none of them until the Legion "
                "is alerted."})
    setup["bedouin"].update({
        "rule": "21.12",
        "text": "Every Bedouin unit starts off the board with its ropes, as in the Basic "
                "Game."})
    setup["tribes_left_out"] = {
        "rule": "21.1", "count": 2,
        "text": "The Bedouin player leaves two tribes of his choice out of the game."}
    setup["alert"] = {
        "rule": "21.21", "silent_kill_rolls": [5, 6],
        "text": "The Legion neither moves, turns nor fires until alerted: by a rope grappled "
                "onto a square where a Legionnaire stands, a Bedouin firing or a dynamite "
                "explosion, a Bedouin on the parade ground, or a Bedouin running into a "
                "Legionnaire. If that melee kills the Legionnaire, a roll of 5-6 means "
                "nobody heard. Once alerted the Legion shows where it stands and normal play "
                "begins (21.22)."}
    return Scenario(
        id=f"{GAME}/night-attack", game=GAME, title="The Surprise Night Attack", board=BOARD,
        description=("Night over a sleepy garrison whose posts the Bedouin cannot see. Four "
                     "tribes try to get over the walls before the alarm is raised."),
        sides=("legion", "bedouin"), options={"night": True}, setup=setup,
        placements=list(placements))


#: 23.3 the mutineers' organizations, one a squad
TREACHERY_ORGS = {"squad-1": "mutineers-1", "squad-2": "mutineers-2", "squad-3": "mutineers-3"}


def treachery_types(piece_types: dict) -> dict:
    """23.12 a mutineer of Treachery: the Legion character's printed values on the
    Mutineer side (``mutineer``), in its squad's mutineer organization."""
    from ffl.engine.pieces import PieceType

    out = {}
    for t in piece_types.values():
        if t.kind == "character" and t.side == "legion" and t.org in TREACHERY_ORGS \
                and not t.id.startswith(("M-", "X-")):
            out[f"X-{t.id}"] = PieceType(
                f"X-{t.id}", t.name, "mutineer", "character", TREACHERY_ORGS[t.org],
                {**t.values, "mutineer": True, "legion_org": t.org})
    return out


def treachery(basic_setup: dict, placements) -> Scenario:
    """23 Treachery (three players)."""
    setup = _base(basic_setup)
    setup["special"] = "23"
    setup["order"] = ["legion", "board", "mutineer", "bedouin"]
    setup["legion"].update({
        "rule": "23.11", "place": 33,
        "text": "The Legion player sets up all 33 units anywhere inside the fort."})
    setup["board"] = {"rule": "23.2", "doors_windows": "choose", "gates": "choose",
                      "text": "The Legion player sets the gates, doors and windows during "
                              "his set-up (rule 10)."}
    setup["mutineer"] = {
        "rule": "23.12", "privates": 12, "sergeants": 1, "corporals": 1, "max_per_squad": 5,
        "not": ["L-LC-Kolb"],
        "text": "The Mutineer player then marks twelve privates, one sergeant (never Sgt. "
                "Maj. Kolb) and one corporal, no more than five from one squad. With Le "
                "Cafard the Bedouin player makes his secret choice before this."}
    setup["bedouin"].update({
        "rule": "23.13",
        "text": "The Bedouin units start off the board with their ropes, as in the Basic "
                "Game."})
    setup["tribes_left_out"] = {
        "rule": "23.1", "count": 3,
        "text": "The Bedouin player leaves three tribes of his choice out of the game; their "
                "Sequence units move and fire the mutineers' three squads."}
    # 23.3 the mutineers' three organizations, as play messages name them
    setup["org_names"] = {org: f"Squad {org[-1]} mutineers" for org in TREACHERY_ORGS.values()}
    setup["negotiation"] = {
        "rule": "23.3",
        "text": "Each turn opens with a Negotiation Phase: the players may talk, make and "
                "break deals, and each declares the other sides friend or foe; units pass "
                "through friends and melee foes. Only one side can win (23.4)."}
    return Scenario(
        id=f"{GAME}/treachery", game=GAME, title="Treachery", board=BOARD,
        description=("Three players: the Legion, mutineers inside it, and two Bedouin "
                     "tribes outside. Deals are made each turn and need not be kept."),
        sides=("legion", "mutineer", "bedouin"), options={"doors": True}, setup=setup,
        placements=list(placements))
