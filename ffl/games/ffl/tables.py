"""The French Foreign Legion Game Card as data, with small lookups.

Every number here is carried over from the Game Card and the rule it
summarises (rule numbers in the comments and names).  Results are short
strings: ``"NE"`` no effect, ``"S-1"``/``"S-2"`` one or two Stun units,
``"HIT"`` hit.  Die rolls are read after modifiers; a modified roll is clamped
into 1..6 before a table is read (4.4 reads a modified roll as if thrown).
Cells the printed card leaves out are reconstructed and marked as such (see
docs/reconstructions.md).
"""

from __future__ import annotations

NE, S1, S2, HIT = "NE", "S-1", "S-2", "HIT"


def clamp(roll: int) -> int:
    """A modified die roll read on a 1..6 table (4.4)."""
    return max(1, min(6, roll))


# -- Movement Rates and Expenditures (6.12, 6.124, 10.13, 11.3, 12, 14.3) -------------

#: Movement Factors at the start of a Movement Phase: (mode, where) -> MF.
#: 6.121 desert or off the board 3; 6.122 fort 5; 12 mounted 5 / 7.
MOVEMENT_RATES = {
    ("foot", "sand"): 3, ("foot", "off"): 3, ("foot", "fort"): 5,
    ("mounted", "sand"): 5, ("mounted", "off"): 5, ("mounted", "fort"): 7,
}

#: Movement Factor cost of each task (6.124 and the Game Card).
MF_COSTS = {
    "face": 0,              # 6.1241
    "enter": 1,             # 6.1242
    "stairway": 1,          # 6.1243, 6.6
    "rope": 1,              # 6.4 (any number of levels)
    "window": 1,            # 6.1244, on top of entering the square
    "grapple": 1,           # 6.1246
    "melee": 1,             # 6.1245 (free if entering spent the last MF)
    "open-close-door": 1,   # 10.13 (OP, from inside)
    "lock-unlock": 1,       # 10.13 (OP)
    "force-break": 1,       # 10.211 (OP)
    "cannon-face": 1,       # 14.32 (OP)
    "full-cover": 1,        # 11.3 (OP); the Game Card prints 2 (docs/reconstructions.md)
    "open-close-gate": 4,   # 10.13 (OP)
    "cannon-move": 4,       # 14.32 (OP)
    "exposed": 0,           # 11.1 (OP)
}
MACHINEGUN_MF_FACTOR = 2    # 14.31: double every expenditure while moving it


def movement_rate(where: str, mounted: bool = False) -> int:
    """MF available from a start in ``where`` ("sand", "fort" or "off") (6.12, 12)."""
    return MOVEMENT_RATES[("mounted" if mounted else "foot", where)]


# -- Line of Sight Chart (7.53) ---------------------------------------------------------

CF, MW, CT = "CF", "MW", "CT"
_WHERE = {CF: 0, MW: 1, CT: 2}

#: LOS_CHART[firing level][target level] = (CF, MW, CT): the lowest elevation level
#: of an intervening square that blocks; None: nothing blocks ("-").  Rows -1..2 as
#: printed except row 2 / target 3; row 3 and row 2 / target 3 are reconstructed
#: (RECONSTRUCTED_LOS) from the chart's own symmetry (seeing is mutual, so the
#: firing row mirrors the target column with CF and CT swapped).
LOS_CHART: dict[int, dict[int, tuple[int | None, int | None, int | None]]] = {
    -1: {-1: (0, 0, 0), 0: (0, 0, 0), 1: (0, 1, 1), 2: (0, 1, 1), 3: (0, 1, 1)},
    0: {-1: (0, 0, 0), 0: (1, 1, 1), 1: (1, 1, 1), 2: (1, 2, 2), 3: (1, 2, 2)},
    1: {-1: (1, 1, 0), 0: (1, 1, 1), 1: (2, 2, 2), 2: (2, 2, 2), 3: (2, 3, 3)},
    2: {-1: (1, 1, 0), 0: (2, 2, 1), 1: (2, 2, 2), 2: (3, 3, 3), 3: (3, 3, 3)},
    3: {-1: (1, 1, 0), 0: (2, 2, 1), 1: (3, 3, 2), 2: (3, 3, 3), 3: (None, None, None)},
}
RECONSTRUCTED_LOS = frozenset({(2, 3), (3, -1), (3, 0), (3, 1), (3, 2), (3, 3)})


def los_block_level(firing: int, target: int, where: str) -> int | None:
    """Lowest level that blocks at position ``where`` (CF/MW/CT) (7.531); None: none."""
    return LOS_CHART[firing][target][_WHERE[where]]


def los_blocks(firing: int, target: int, where: str, square_level: int) -> bool:
    """Does an intervening square of ``square_level`` block the line of sight (7.531)?"""
    need = los_block_level(firing, target, where)
    return need is not None and square_level >= need


def los_position(from_firer: float, to_target: float) -> str:
    """CF, MW or CT from the ranges of a blocking square to each unit (7.531, 7.532)."""
    if from_firer < to_target:
        return CF
    if from_firer > to_target:
        return CT
    return MW


# -- Melee (6.71, 6.72, 12.1, 13, 17.41, 18.3) -----------------------------------------

#: Modifiers to the attacker's melee die roll, by rule.
MELEE_MODIFIERS = {
    "6.721": -1,    # attacking up a stairway
    "6.722": -1,    # attacking through a window
    "6.723": +1,    # attacking into the defender's rear
    "6.724": +1,    # each successive melee on the same defender this phase
    "6.725": +2,    # defender stunned
    "18.3-attacker": -1,   # attacker wounded (OP)
    "18.3-defender": +1,   # defender wounded (OP)
    "12.1": +1,     # attacker mounted (OP)
    "13": -1,       # defender's Melee Number lower than the attacker's (OP)
    "17.41-attack": +1,    # Legion attacking in Camerone (OP)
    "17.41-defend": -1,    # attacking Legion in Camerone (OP)
}


def melee_hit(modified_roll: int, melee_number: int) -> bool:
    """True: the defender is hit; False: the attacker is hit (6.71)."""
    return modified_roll >= melee_number


def defender_melee_modifier(attacker_melee: int, defender_melee: int) -> int:
    """Rule 13 as printed in the rules text (the Game Card words it differently)."""
    if attacker_melee == 6:
        return 0
    return MELEE_MODIFIERS["13"] if defender_melee < attacker_melee else 0


# -- Fire (7.2, 7.4, 7.6, 7.7, 14, 16, 12.3, 18.12, 10.162) ----------------------------

RIFLE_SHORT_RANGE = 6        # 7.21: 1-6 short, 7+ long, whole board
PISTOL_RANGE = 3             # 7.22: 1-3, no long range
SHOTS_PER_TURN = {"R": 1, "P": 2}   # 7.4
NIGHT_MAX_RANGE = 6          # 16

FIRE_MODIFIERS = {
    "7.71": -1,     # firing unit moved
    "7.72": -1,     # target in partial cover
    "7.73": -1,     # target at long range
    "16": -1,       # night (OP)
    "12.3": -1,     # firing unit mounted (OP)
    "18.12": -1,    # firing unit wounded (OP)
    "14.43": -1,    # each crewman short of a full crew (OP)
    "10.162": -1,   # target behind a closed door or window (+ saving roll) (OP)
}

#: how the log and the hover line name each fire modifier (our words), by rule
MODIFIER_NAMES = {
    "7.71": "firer moved", "7.721": "partial cover", "7.722": "partial cover (stairway)",
    "7.73": "long range", "16": "night", "12.3": "firer mounted", "18.12": "firer wounded",
    "14.43": "crew short", "10.162": "behind a closed door or window",
}


def modifier_text(mods) -> str:
    """Fire modifiers as read: 'partial cover -1 (7.721), long range -1 (7.73)'."""
    return ", ".join(f"{MODIFIER_NAMES.get(rule, 'modifier')} {value:+d} ({rule})"
                     for rule, value in mods) or "no modifier"


def max_range(weapon: str, night: bool = False) -> int | None:
    """Longest range of a weapon in squares; None: the whole board (7.21, 7.22, 16)."""
    if weapon == "P":
        return PISTOL_RANGE
    return NIGHT_MAX_RANGE if night else None


def is_long_range(weapon: str, squares: int) -> bool:
    """7.21: seven squares or more is long range for a rifle; pistols have none."""
    return weapon == "R" and squares > RIFLE_SHORT_RANGE


def fire_hit(modified_roll: int, fire_number: int) -> bool:
    """7.6: the target is hit when the modified roll reaches the Fire Number."""
    return modified_roll >= fire_number


#: 14.5, 14.6 (OP): heavy weapons.
MACHINEGUN = {"shots": 5, "fire": 4, "crew": 2}
CANNON = {"crew": 3, "canister_fire": 3, "canister_range": (1, 6),
          "shell_fire": 4, "shell_min_range": 4}

# -- Jump Table (6.51) and Jump Impact Table (6.52) ------------------------------------

#: JUMP_TABLE[levels dropped][die 1..6] (index 0 is die 1).
JUMP_TABLE = {
    1: (NE, NE, NE, NE, NE, S1),
    2: (NE, NE, NE, S1, S2, HIT),
    3: (NE, S1, S2, HIT, HIT, HIT),
}
JUMP_SAND_MODIFIER = -1      # 6.512


def jump_result(levels: int, roll: int, into_sand: bool = False) -> str:
    """Injury from jumping down ``levels`` (6.511, 6.512)."""
    modified = roll + (JUMP_SAND_MODIFIER if into_sand else 0)
    return JUMP_TABLE[levels][clamp(modified) - 1]


FRIEND_S1, FRIEND_S2 = "FRIEND S-1", "FRIEND S-2"
FOE_S1, FOE_HIT, JUMPER_HIT = "FOE S-1", "FOE HIT", "JUMPER HIT"

#: JUMP_IMPACT_TABLE[die] = (on a friend, on a foe) (6.521).
JUMP_IMPACT_TABLE = {
    1: (FRIEND_S2, FOE_HIT),
    2: (FRIEND_S1, FOE_S1),
    3: (NE, NE), 4: (NE, NE), 5: (NE, NE),
    6: (NE, JUMPER_HIT),
}


def jump_impact(roll: int, on_foe: bool) -> str:
    return JUMP_IMPACT_TABLE[clamp(roll)][1 if on_foe else 0]


# -- Grappling Table (6.33) -------------------------------------------------------------

GRAPPLE_1_2, GRAPPLE_3, GRAPPLE_DROP = "1-2 Levels", "3 Levels", "Drop"
#: GRAPPLING_TABLE[type][die 1..6] -> success (6.3331 YES / 6.3332 NO).
GRAPPLING_TABLE = {
    GRAPPLE_1_2: (False, False, True, True, True, True),
    GRAPPLE_3: (False, False, False, True, True, True),
    GRAPPLE_DROP: (False, True, True, True, True, True),
}


def grapple_type(own_level: int, wall_top: int) -> str:
    """6.332: one or two levels up, three levels up, or a drop to a lower square."""
    up = wall_top - own_level
    if up <= 0:
        return GRAPPLE_DROP
    return GRAPPLE_1_2 if up <= 2 else GRAPPLE_3


def grapple_success(kind: str, roll: int) -> bool:
    return GRAPPLING_TABLE[kind][clamp(roll) - 1]


# -- Saving Roll Table (7.82, 10.162) ---------------------------------------------------

SAVING_ROLL_TABLE = {1: True, 2: True, 3: True, 4: True, 5: False, 6: False}


def saving_roll(roll: int) -> bool:
    """True: the hit on a leader is ignored (1-4); False: it counts (5-6) (7.82)."""
    return SAVING_ROLL_TABLE[clamp(roll)]


# -- Wounds Tables (18, OP) -------------------------------------------------------------

SCRATCH, WOUND_FIRE, WOUND_NO_FIRE, ELIMINATED = (
    "SCRATCH", "-1 MOVE -1 FIRE", "-1 MOVE NO FIRE", "ELIMINATED")
#: 18.1: hit by fire or dynamite.
WOUNDS_FIRE = {1: SCRATCH, 2: WOUND_FIRE, 3: WOUND_FIRE, 4: WOUND_NO_FIRE,
               5: ELIMINATED, 6: ELIMINATED}
#: 18.1: hit in melee, jump impact or jumping.
WOUNDS_MELEE = {1: WOUND_FIRE, 2: WOUND_FIRE, 3: WOUND_NO_FIRE,
                4: ELIMINATED, 5: ELIMINATED, 6: ELIMINATED}


def wound(roll: int, by_fire: bool) -> str:
    return (WOUNDS_FIRE if by_fire else WOUNDS_MELEE)[clamp(roll)]


# -- Dynamite Tables (15.1, OP) ---------------------------------------------------------

BREACH, TRY_LATER = "BREACH", "TRY AGAIN LATER"
LIT_FUSE = {1: BREACH, 2: BREACH, 3: BREACH, 4: BREACH, 5: BREACH, 6: TRY_LATER}  # 15.132
BLAST_ZONE = {1: NE, 2: NE, 3: S2, 4: S2, 5: HIT, 6: HIT}                       # 15.1432
DYNAMITE_FIRE_ROLL = 6       # 15.131: a modified 6 or more sets it off
DYNAMITE_COUNT = 3           # 15.1

# -- Tunnel Collapse Table (15.22, OP) --------------------------------------------------

TUNNEL_LENGTHS = (4, 5, 6, 7, 8)     # the last column is "8+"
#: TUNNEL_COLLAPSE[number of tunnels] = collapse numbers for lengths 4, 5, 6, 7, 8+.
TUNNEL_COLLAPSE = {
    1: (6, 5, 4, 3, 2),
    2: (5, 4, 3, 2, 2),
    3: (4, 3, 2, 2, 2),
    4: (3, 2, 2, 2, 2),
}
TUNNEL_SQUARES = 16          # 15.2


def tunnel_collapse_number(tunnels: int, length: int) -> int:
    """Roll this or higher and the tunnel collapses (15.222).  Lengths under 4 read
    the 4 column and more than 4 tunnels the 4 row (reconstruction: unprinted)."""
    row = TUNNEL_COLLAPSE[max(1, min(4, tunnels))]
    col = max(0, min(len(TUNNEL_LENGTHS) - 1, length - TUNNEL_LENGTHS[0]))
    return row[col]


def tunnel_collapses(tunnels: int, length: int, roll: int) -> bool:
    return roll >= tunnel_collapse_number(tunnels, length)


# -- Bedouin Morale Table (17.2, OP) ----------------------------------------------------

MORALE_SAFE_SURVIVORS = 6    # 17.21: six or more survivors need no check
#: 17.221, 17.222: best leader in range -> rolls on which the tribe retreats.
MORALE_TABLE = {
    "Al Krim": frozenset({6}),
    "Sgt. Kulm": frozenset({5, 6}),
    "Chief": frozenset({4, 5, 6}),
    "None": frozenset({3, 4, 5, 6}),
}
MORALE_LEADER_RANGE = 6


def tribe_retreats(leader: str, roll: int) -> bool:
    return clamp(roll) in MORALE_TABLE[leader]


# -- Command Control (17.1, OP) ---------------------------------------------------------

COMMAND_RANGE = 6            # 17.1
COMMAND_TABLE = {1: True, 2: True, 3: True, 4: True, 5: False, 6: False}   # 17.12


def command_roll_moves(roll: int) -> bool:
    """17.12: an out-of-command unit moves normally on 1-4, not on 5-6."""
    return COMMAND_TABLE[clamp(roll)]


# -- Le Cafard (17.3, OP) ---------------------------------------------------------------

CAFARD_SUICIDE, CAFARD_ANY, CAFARD_FRIEND, CAFARD_FOE = (
    "SUICIDE", "NEAREST ANY", "NEAREST FRIEND", "NEAREST FOE")
CAFARD_TABLE = {1: CAFARD_SUICIDE, 2: CAFARD_SUICIDE, 3: CAFARD_ANY, 4: CAFARD_FRIEND,
                5: CAFARD_FOE, 6: NE}       # 17.321-17.325


def cafard_count(roll: int) -> int:
    """17.31: the valid set-up roll names 1-4 mad Legionnaires; 5 or 6 none."""
    return roll if 1 <= roll <= 4 else 0


# -- Forcing and Breaking (10.21, OP) ---------------------------------------------------

def force_unopposed(roll: int, melee_number: int) -> bool:
    """10.2111: success when the roll reaches the attempting unit's Melee Number."""
    return roll >= melee_number


def force_opposed(roll: int, melee: int, defender_roll: int, defender_melee: int) -> bool:
    """10.2112: each side subtracts its Melee Number; the attempt must be higher."""
    return roll - melee > defender_roll - defender_melee


# -- Optional-rule constants ------------------------------------------------------------

MOUNTED_ORGS_MAX = 3         # 12
CAMERONE_ODDS = 4            # 17.41: outnumbered 4 to 1 or more
CAFARD_PER_TURN = 1          # 17.32

# -- Scenario rolls (21.21, 22.2) -------------------------------------------------------

SILENT_KILL_ROLLS = frozenset({5, 6})          # 21.21
PATROL_ARRIVES_ROLLS = frozenset({4, 5, 6})    # 22.2, from Turn Four
PATROL_FIRST_ROLL_TURN = 4
PATROL_ENTRY_SIDE = {1: "N", 2: "N", 3: "S", 4: "S", 5: "E", 6: "W"}   # 22.2
