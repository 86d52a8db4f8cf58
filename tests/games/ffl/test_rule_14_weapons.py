"""14 machinegun and cannon (optional rule ``heavy_weapons``): set-up, crews,
hauling and turning, the machinegun's five shots, canister and shell, when
they fire; the rulebook's 14.43 example (a cannon with one crewman: -2)."""

from helpers import controller, seed_for

from ffl.engine import Action, fold

ADLER, COLE, EVANS, FISCHER = "L-1-Adler", "L-1-Cole", "L-1-Evans", "L-1-Fischer"
OLSEN = "L-2-Olsen"
ABDUL, DHABI, FAHD = "B-A-Abdul", "B-A-Dhabi", "B-A-Fahd"
MG, CANNON = "weapon-mg", "weapon-cannon"
HW = {"heavy_weapons": True}


def play(state, kind, side, **args):
    events = controller().apply(state, Action.make(kind, side, **args))
    return fold(state, events), events


def legal(state, kind, side, **args):
    return controller().legal(state, Action.make(kind, side, **args))


def with_weapons(units, weapons, **kw):
    """A position with Weapon units at (square, level, facing)."""
    state = controller().position(units=units, options={**HW, **kw.pop("options", {})}, **kw)
    for wid, (key, level, facing) in weapons.items():
        w = state.pieces[wid]
        w.status, w.space, w.level, w.facing = "active", key, level, facing
    assert controller().invariants(state) == []
    return state


def test_14_1_the_weapons_are_set_up_with_the_legion_never_both_in_one_square():
    from helpers import fresh

    state = fresh(heavy_weapons=True)
    assert state.pieces[MG].status == "off" and "place-weapon" in controller().prompt(state).kinds
    state, events = play(state, "place-weapon", "legion", weapon=MG, space="K8", level=0,
                         facing=4)
    assert events[-1].rule == "14.1" and state.pieces[MG].position == ("K8", 0)
    v = legal(state, "place-weapon", "legion", weapon=CANNON, space="K8", level=0, facing=4)
    assert not v and v.rule == "14.2"
    assert not legal(state, "place-weapon", "legion", weapon=CANNON, space="B2", level=0,
                     facing=4)                                       # not a fort square
    assert MG not in fresh().pieces                                  # the option off


def test_14_2_crew_same_or_next_square_same_level_same_facing():
    from ffl.games.ffl.rules.weapons import crew_candidates

    state = with_weapons({ADLER: ("K8", 0, "S"), COLE: ("L8", 0, "S"), EVANS: ("J8", 0, "N"),
                          FISCHER: ("K7", 1, "S") if False else ("M8", 0, "S")},
                         {MG: ("K8", 0, 4)}, phase="fire", chit="squad-1")
    ctx = controller().ctx(state)
    assert sorted(crew_candidates(ctx, MG)) == [ADLER, COLE]   # Evans faces away, Fischer far
    full = with_weapons({ADLER: ("K8", 0, "S"), COLE: ("L8", 0, "S")}, {MG: ("K8", 0, 4)},
                        phase="fire", chit="squad-1", attitudes={COLE: "full-cover"},
                        options={**HW, "attitudes": True})
    assert crew_candidates(controller().ctx(full), MG) == [ADLER]     # 11.3


def test_14_31_the_machinegun_doubles_every_cost_and_turns_free():
    state = with_weapons({ADLER: ("K8", 0, "S")}, {MG: ("K8", 0, 4)}, chit="squad-1")
    state, events = play(state, "haul", "legion", piece=ADLER, weapon=MG, to="K9", level=0)
    assert events[-1].rule == "14.31" and state.pieces[MG].position == ("K9", 0)
    assert controller().mf_left(state, ADLER) == 3                   # 2 for one square
    state, events = play(state, "turn-weapon", "legion", piece=ADLER, weapon=MG, facing=0)
    assert state.pieces[MG].facing == 0 and controller().mf_left(state, ADLER) == 3
    stairs = with_weapons({ADLER: ("H4", 0, "E")}, {MG: ("H4", 0, 2)}, chit="squad-1")
    stairs, _ = play(stairs, "haul", "legion", piece=ADLER, weapon=MG, to="I4", level=1)
    assert controller().mf_left(stairs, ADLER) == 1                  # (square + climb) x 2


def test_14_32_the_cannon_four_mf_a_square_one_level_one_mf_to_turn():
    state = with_weapons({ADLER: ("K8", 0, "S")}, {CANNON: ("K8", 0, 4)}, chit="squad-1")
    state, events = play(state, "haul", "legion", piece=ADLER, weapon=CANNON, to="K9", level=0)
    assert events[-1].rule == "14.32" and controller().mf_left(state, ADLER) == 1
    state = with_weapons({ADLER: ("K8", 0, "S")}, {CANNON: ("K8", 0, 4)}, chit="squad-1")
    state, _ = play(state, "turn-weapon", "legion", piece=ADLER, weapon=CANNON, facing=2)
    assert controller().mf_left(state, ADLER) == 4
    stairs = with_weapons({ADLER: ("H4", 0, "E")}, {CANNON: ("H4", 0, 2)}, chit="squad-1")
    v = legal(stairs, "haul", "legion", piece=ADLER, weapon=CANNON, to="I4", level=1)
    assert not v and v.rule == "14.32"                               # no change of level
    door = with_weapons({ADLER: ("M5", 0, "S")}, {CANNON: ("M5", 0, 4)}, chit="squad-1")
    v = legal(door, "haul", "legion", piece=ADLER, weapon=CANNON, to="M6", level=0)
    assert not v and v.rule == "14.32"                               # not through a door


def test_14_5_five_shots_at_4_announced_together_14_42_the_crew_does_not_fire_too():
    units = {ADLER: ("K8", 0, "S"), COLE: ("L8", 0, "S"), ABDUL: ("K12", 0, "N"),
             DHABI: ("J12", 0, "N")}
    shots = (ABDUL, ABDUL, DHABI, DHABI, DHABI)
    state = with_weapons(units, {MG: ("K8", 0, 4)}, phase="fire", chit="squad-1",
                         seed=seed_for([1, 2, 3, 1, 1]))
    v = legal(state, "weapon-fire", "legion", weapon=MG, crew=(ADLER, COLE), mode="mg",
              targets=shots[:3])
    assert not v and v.rule == "14.5"                                # all five at once
    after, events = play(state, "weapon-fire", "legion", weapon=MG, crew=(ADLER, COLE),
                         mode="mg", targets=shots)
    rolls = [e for e in events if e.kind == "dice"]
    assert len(rolls) == 5 and all(e.rule == "14.5" for e in rolls)
    assert after.pieces[MG].data["fired_turn"] == 1
    v = legal(after, "fire", "legion", piece=ADLER, target=ABDUL)
    assert not v and v.rule == "7.4"                                 # 14.42
    v = legal(after, "weapon-fire", "legion", weapon=MG, crew=(ADLER, COLE), mode="mg",
              targets=shots)
    assert not v                                                     # 14.7 once a turn


def test_14_43_the_rulebooks_example_one_crewman_on_the_cannon_is_minus_two():
    units = {ADLER: ("K8", 0, "S"), ABDUL: ("K12", 0, "N")}
    state = with_weapons(units, {CANNON: ("K8", 0, 4)}, phase="fire", chit="squad-1",
                         seed=seed_for([5]))
    after, events = play(state, "weapon-fire", "legion", weapon=CANNON, crew=(ADLER,),
                         mode="canister")
    shot = next(e for e in events if e.kind in ("hit", "miss"))
    assert ["14.43", -2] in shot.info["modifiers"]
    assert shot.info["total"] == 3 and shot.kind == "hit"           # 5 - 2 = 3: canister at 3


def test_14_61_canister_hits_everyone_in_the_arc_at_one_to_six_friend_or_foe():
    from ffl.games.ffl.rules.weapon_fire import canister_targets

    units = {ADLER: ("K8", 0, "S"), COLE: ("L8", 0, "S"), EVANS: ("M10", 0, "S"),
             ABDUL: ("K11", 0, "N"), DHABI: ("I12", 0, "N"), FAHD: ("K3", 2, "N")}
    state = with_weapons(units, {CANNON: ("K8", 0, 4)}, phase="fire", chit="squad-1")
    # a friend in the arc is hit too; Fahd on the parapet behind is not in the arc
    assert canister_targets(controller().ctx(state), CANNON) == [ABDUL, DHABI, EVANS]


def test_14_62_shell_four_squares_away_into_a_three_by_three_zone():
    from ffl.games.ffl.rules.weapon_fire import blast_zone, shell_targets

    units = {ADLER: ("K8", 0, "S"), COLE: ("L8", 0, "S"), ABDUL: ("K12", 0, "N"),
             DHABI: ("L13", 0, "N"), FAHD: ("K10", 0, "N")}
    state = with_weapons(units, {CANNON: ("K8", 0, 4)}, phase="fire", chit="squad-1")
    ctx = controller().ctx(state)
    assert len(blast_zone(ctx, "K12")) == 9
    v = legal(state, "weapon-fire", "legion", weapon=CANNON, crew=(ADLER, COLE), mode="shell",
              square="K10")
    assert not v and v.rule == "14.62"                               # only 2 squares away
    assert set(shell_targets(ctx, "K12")) == {ABDUL, DHABI}
    state = with_weapons(units, {CANNON: ("K8", 0, 4)}, phase="fire", chit="squad-1",
                         seed=seed_for([6, 6]))
    after, events = play(state, "weapon-fire", "legion", weapon=CANNON, crew=(ADLER, COLE),
                         mode="shell", square="K12")
    assert {e.info.get("target") for e in events if e.kind == "hit"} == {ABDUL, DHABI}


def test_14_7_fired_in_the_fire_phase_of_a_crewmans_organization():
    units = {ADLER: ("K8", 0, "S"), OLSEN: ("L8", 0, "S"), ABDUL: ("K11", 0, "N")}
    other = with_weapons(units, {MG: ("K8", 0, 4)}, phase="fire", chit="squad-3")
    v = legal(other, "weapon-fire", "legion", weapon=MG, crew=(ADLER, OLSEN), mode="mg",
              targets=(ABDUL,) * 5)
    assert not v and v.rule == "14.7"
    mixed = with_weapons(units, {MG: ("K8", 0, 4)}, phase="fire", chit="squad-2")
    assert legal(mixed, "weapon-fire", "legion", weapon=MG, crew=(ADLER, OLSEN), mode="mg",
                 targets=(ABDUL,) * 5)                               # Olsen's squad
