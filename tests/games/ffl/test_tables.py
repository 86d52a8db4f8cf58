"""Every Game Card table, cell by cell, against the printed card (written out here
in the card's own notation and parsed, so the data is checked independently)."""

import pytest

from ffl.games.ffl import tables as T

# -- Line of Sight Chart (7.53) ---------------------------------------------------------

PRINTED_LOS = {
    -1: "0+ / 0+ / 0+ | 0+ / 0+ / 0+ | 0+ / 1+ / 1+ | 0+ / 1+ / 1+ | 0+ / 1+ / 1+",
    0: "0+ / 0+ / 0+ | 1+ / 1+ / 1+ | 1+ / 1+ / 1+ | 1+ / 2+ / 2+ | 1+ / 2+ / 2+",
    1: "1+ / 1+ / 0+ | 1+ / 1+ / 1+ | 2+ / 2+ / 2+ | 2+ / 2+ / 2+ | 2+ / 3+ / 3+",
    2: "1+ / 1+ / 0+ | 2+ / 2+ / 1+ | 2+ / 2+ / 2+ | 3+ / 3+ / 3+",
}


def _cell(text):
    return None if text.strip() == "-" else int(text.strip().rstrip("+"))


def test_7_53_los_chart_every_printed_cell():
    for firing, row in PRINTED_LOS.items():
        for target, group in zip((-1, 0, 1, 2, 3), row.split("|"), strict=False):
            expected = tuple(_cell(c) for c in group.split("/"))
            assert T.LOS_CHART[firing][target] == expected, (firing, target)
            assert (firing, target) not in T.RECONSTRUCTED_LOS


def test_7_53_los_chart_reconstructed_cells_mirror_the_printed_ones():
    # seeing is mutual: firing f at target t, CF/MW/CT == firing t at f, CT/MW/CF
    for f in range(-1, 4):
        for t in range(-1, 4):
            cf, mw, ct = T.LOS_CHART[f][t]
            assert T.LOS_CHART[t][f] == (ct, mw, cf), (f, t)
    assert T.LOS_CHART[3][3] == (None, None, None)
    assert {k for k in T.RECONSTRUCTED_LOS} == {(2, 3), (3, -1), (3, 0), (3, 1), (3, 2),
                                                (3, 3)}


def test_7_532_los_chart_example():
    # A at level 0, C at level 2, B three squares from A and two from C: CT, "2+"
    where = T.los_position(3, 2)
    assert where == T.CT
    assert T.los_block_level(0, 2, where) == 2
    assert not T.los_blocks(0, 2, where, 1)      # B is level 1: not blocked
    # from D, B is closer to the firer: CF, "1+", so level 1 blocks
    assert T.los_block_level(0, 2, T.los_position(1, 2)) == 1
    assert T.los_blocks(0, 2, T.CF, 1)
    assert T.los_position(2, 2) == T.MW


# -- Movement (6.12, 6.124) -------------------------------------------------------------

def test_6_12_movement_rates():
    assert T.movement_rate("sand") == 3 and T.movement_rate("off") == 3    # 6.121
    assert T.movement_rate("fort") == 5                                     # 6.122
    assert T.movement_rate("sand", mounted=True) == 5                       # 12
    assert T.movement_rate("fort", mounted=True) == 7


def test_6_124_movement_expenditures():
    expected = {"face": 0, "enter": 1, "stairway": 1, "rope": 1, "window": 1, "grapple": 1,
                "melee": 1, "open-close-door": 1, "lock-unlock": 1, "force-break": 1,
                # 11.3: full cover costs 1 MF as the rule says (the card prints 2)
                "cannon-face": 1, "full-cover": 1, "open-close-gate": 4, "cannon-move": 4,
                "exposed": 0}
    assert T.MF_COSTS == expected
    assert T.MACHINEGUN_MF_FACTOR == 2


# -- Melee and Fire (6.7, 7.2, 7.7) -----------------------------------------------------

def test_6_72_melee_modifiers():
    m = T.MELEE_MODIFIERS
    assert (m["6.721"], m["6.722"], m["6.723"], m["6.724"], m["6.725"]) == (-1, -1, 1, 1, 2)
    assert (m["18.3-attacker"], m["18.3-defender"], m["12.1"]) == (-1, 1, 1)
    assert (m["17.41-attack"], m["17.41-defend"]) == (1, -1)
    assert T.melee_hit(3, 3) and not T.melee_hit(2, 3)       # 6.71


def test_13_defender_melee_modifier():
    assert T.defender_melee_modifier(attacker_melee=4, defender_melee=3) == -1
    assert T.defender_melee_modifier(attacker_melee=3, defender_melee=3) == 0
    assert T.defender_melee_modifier(attacker_melee=6, defender_melee=2) == 0


def test_7_7_fire_modifiers_and_ranges():
    f = T.FIRE_MODIFIERS
    assert all(f[k] == -1 for k in ("7.71", "7.72", "7.73", "16", "12.3", "18.12",
                                    "14.43", "10.162"))
    assert T.max_range("P") == 3 and T.max_range("R") is None        # 7.21, 7.22
    assert T.max_range("R", night=True) == 6                          # 16
    assert not T.is_long_range("R", 6) and T.is_long_range("R", 7)   # 7.21
    assert not T.is_long_range("P", 3)
    assert T.SHOTS_PER_TURN == {"R": 1, "P": 2}                       # 7.4
    assert T.fire_hit(4, 4) and not T.fire_hit(3, 4)                  # 7.6
    assert T.MACHINEGUN == {"shots": 5, "fire": 4, "crew": 2}         # 14.5
    assert T.CANNON["canister_fire"] == 3 and T.CANNON["shell_fire"] == 4   # 14.6
    assert T.CANNON["canister_range"] == (1, 6) and T.CANNON["shell_min_range"] == 4


# -- Jump and Jump Impact (6.51, 6.52) --------------------------------------------------

PRINTED_JUMP = {
    1: "NE NE NE NE NE S-1",
    2: "NE NE NE S-1 S-2 Hit",
    3: "NE S-1 S-2 Hit Hit Hit",
}


def test_6_51_jump_table_every_cell():
    for levels, row in PRINTED_JUMP.items():
        for die, cell in enumerate(row.split(), start=1):
            assert T.jump_result(levels, die) == cell.upper(), (levels, die)


def test_6_512_jump_into_sand_modifier():
    assert T.jump_result(1, 6, into_sand=True) == T.NE
    assert T.jump_result(3, 4, into_sand=True) == T.S2
    assert T.jump_result(2, 1, into_sand=True) == T.NE     # clamped to 1


def test_6_52_jump_impact_table_every_cell():
    printed = {1: ("Friend S-2", "Foe Hit"), 2: ("Friend S-1", "Foe S-1"),
               3: ("NE", "NE"), 4: ("NE", "NE"), 5: ("NE", "NE"), 6: ("NE", "Jumper Hit")}
    for die, (friend, foe) in printed.items():
        assert T.jump_impact(die, on_foe=False) == friend.upper()
        assert T.jump_impact(die, on_foe=True) == foe.upper()


# -- Grappling (6.33) and Saving Roll (7.82) --------------------------------------------

def test_6_33_grappling_table_every_cell():
    printed = {"1-2 Levels": "No No Yes Yes Yes Yes", "3 Levels": "No No No Yes Yes Yes",
               "Drop": "No Yes Yes Yes Yes Yes"}
    for kind, row in printed.items():
        for die, cell in enumerate(row.split(), start=1):
            assert T.grapple_success(kind, die) == (cell == "Yes"), (kind, die)


def test_6_332_grapple_types():
    assert T.grapple_type(0, 1) == T.grapple_type(0, 2) == "1-2 Levels"
    assert T.grapple_type(0, 3) == "3 Levels"
    assert T.grapple_type(2, 2) == "Drop"


def test_7_82_saving_roll_table():
    assert [T.saving_roll(d) for d in range(1, 7)] == [True] * 4 + [False] * 2


# -- Optional-rule tables ---------------------------------------------------------------

def test_18_wounds_tables_every_cell():
    fire = ["A scratch", "-1 -1", "-1 -1", "-1 no", "Elim", "Elim"]
    melee = ["-1 -1", "-1 -1", "-1 no", "Elim", "Elim", "Elim"]
    name = {"A scratch": T.SCRATCH, "-1 -1": T.WOUND_FIRE, "-1 no": T.WOUND_NO_FIRE,
            "Elim": T.ELIMINATED}
    assert [T.wound(d, by_fire=True) for d in range(1, 7)] == [name[c] for c in fire]
    assert [T.wound(d, by_fire=False) for d in range(1, 7)] == [name[c] for c in melee]


def test_15_1_dynamite_tables_every_cell():
    assert [T.LIT_FUSE[d] for d in range(1, 7)] == [T.BREACH] * 5 + [T.TRY_LATER]
    assert [T.BLAST_ZONE[d] for d in range(1, 7)] == [T.NE] * 2 + [T.S2] * 2 + [T.HIT] * 2
    assert T.DYNAMITE_FIRE_ROLL == 6 and T.DYNAMITE_COUNT == 3


PRINTED_TUNNELS = {1: "6 5 4 3 2", 2: "5 4 3 2 2", 3: "4 3 2 2 2", 4: "3 2 2 2 2"}


def test_15_22_tunnel_collapse_table_every_cell():
    for tunnels, row in PRINTED_TUNNELS.items():
        for length, cell in zip((4, 5, 6, 7, 8), row.split(), strict=True):
            assert T.tunnel_collapse_number(tunnels, length) == int(cell)
    assert T.tunnel_collapse_number(2, 12) == 2              # "8+"
    # 15.222's example: three tunnels, one five squares long collapses on 3+
    assert T.tunnel_collapse_number(3, 5) == 3
    assert T.tunnel_collapses(3, 5, 3) and not T.tunnel_collapses(3, 5, 2)


@pytest.mark.parametrize("leader,rolls", [("Al Krim", {6}), ("Sgt. Kulm", {5, 6}),
                                          ("Chief", {4, 5, 6}), ("None", {3, 4, 5, 6})])
def test_17_2_bedouin_morale_table(leader, rolls):
    assert {d for d in range(1, 7) if T.tribe_retreats(leader, d)} == rolls
    assert T.MORALE_SAFE_SURVIVORS == 6 and T.MORALE_LEADER_RANGE == 6


def test_17_12_command_control():
    assert [T.command_roll_moves(d) for d in range(1, 7)] == [True] * 4 + [False] * 2
    assert T.COMMAND_RANGE == 6


def test_17_32_le_cafard_table():
    assert [T.CAFARD_TABLE[d] for d in range(1, 7)] == [
        T.CAFARD_SUICIDE, T.CAFARD_SUICIDE, T.CAFARD_ANY, T.CAFARD_FRIEND, T.CAFARD_FOE, T.NE]
    assert [T.cafard_count(d) for d in range(1, 7)] == [1, 2, 3, 4, 0, 0]   # 17.31


def test_10_21_forcing_and_breaking():
    assert T.force_unopposed(3, 3) and not T.force_unopposed(2, 3)
    assert T.force_opposed(5, 3, 4, 3) and not T.force_opposed(4, 3, 4, 3)


def test_22_2_returning_patrol_rolls():
    assert T.PATROL_ARRIVES_ROLLS == {4, 5, 6} and T.PATROL_FIRST_ROLL_TURN == 4
    assert T.PATROL_ENTRY_SIDE == {1: "N", 2: "N", 3: "S", 4: "S", 5: "E", 6: "W"}
    assert T.SILENT_KILL_ROLLS == {5, 6}      # 21.21
