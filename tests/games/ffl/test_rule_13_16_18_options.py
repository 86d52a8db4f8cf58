"""13 the defender melee modifier, 16 night and 18 wounds (optional rules),
each switched on per game; positions built with ``FFLController.position``."""

from helpers import controller, seed_for

from ffl.engine import Action, fold

ADLER, DEGROOT, STOLZ = "L-1-Adler", "L-1-DeGroot", "L-2-Stolz"   # Melee 3, 2, 3
ABDUL, YUSUF = "B-A-Abdul", "B-A-Yusuf"                          # Melee 3, 2


def play(state, kind, side, **args):
    events = controller().apply(state, Action.make(kind, side, **args))
    return fold(state, events), events


def melee_roll(events):
    return next(e for e in events if e.kind == "melee-roll")


# -- 13 ---------------------------------------------------------------------------------


def test_13_a_defender_with_a_lower_melee_number_takes_one_off():
    where = {DEGROOT: ("K8", 0, "S"), ABDUL: ("K9", 0, "N")}
    on = controller().position(units=where, chit="arab", options={"defender_melee": True},
                               seed=seed_for([3]))
    info = controller().melee_modifiers(on, ABDUL, DEGROOT)
    assert ("13", -1, "defender's Melee Number is lower") in info.modifiers
    after, events = play(on, "move", "bedouin", piece=ABDUL, to="K8", level=0)
    assert melee_roll(events).info["modifiers"] == [["13", -1]]
    assert after.pieces[ABDUL].status == "eliminated"       # 3 - 1 = 2 misses Melee 3
    off = controller().position(units=where, chit="arab", seed=seed_for([3]))
    after, _ = play(off, "move", "bedouin", piece=ABDUL, to="K8", level=0)
    assert after.pieces[DEGROOT].status == "eliminated"     # the Basic Game: 3 hits


def test_13_no_modifier_against_an_equal_or_higher_melee_number_nor_for_a_6():
    from ffl.games.ffl import tables

    state = controller().position(units={ADLER: ("K8", 0, "S"), YUSUF: ("K9", 0, "N")},
                                  chit="arab", options={"defender_melee": True})
    assert controller().melee_modifiers(state, YUSUF, ADLER).modifiers == []
    assert tables.defender_melee_modifier(3, 2) == -1
    assert tables.defender_melee_modifier(6, 2) == 0       # ignored for Melee Number 6
    assert tables.defender_melee_modifier(2, 3) == 0


# -- 16 ---------------------------------------------------------------------------------


def test_16_at_night_no_fire_beyond_six_squares_and_minus_one():
    far = {ADLER: ("F10", 0, "E"), ABDUL: ("M10", 0, "N")}      # range 7
    state = controller().position(units=far, phase="fire", chit="squad-1",
                                  options={"night": True})
    v = controller().legal(state, Action.make("fire", "legion", piece=ADLER, target=ABDUL))
    assert not v and v.rule == "16" and "night" in v.reason
    day = controller().position(units=far, phase="fire", chit="squad-1")
    assert controller().legal(day, Action.make("fire", "legion", piece=ADLER, target=ABDUL))
    near = controller().position(units={ADLER: ("F10", 0, "E"), ABDUL: ("L10", 0, "N")},
                                 phase="fire", chit="squad-1", options={"night": True})
    info = next(t for t in controller().targets(near, ADLER) if t.target == ABDUL)
    assert info.possible and ("16", -1) in info.modifiers and info.needed == 4


# -- 18 ---------------------------------------------------------------------------------


def fire_at(state, rolls):
    return controller().position(**state, seed=seed_for(rolls))


def test_18_12_a_hit_by_fire_is_rolled_on_the_wounds_table():
    base = dict(units={ADLER: ("K8", 0, "S"), ABDUL: ("K11", 0, "N")}, phase="fire",
                chit="squad-1", options={"wounds": True})
    # fire roll 6 hits; wound roll 2: "-1 Move, -1 Fire"
    state, events = play(fire_at(base, [6, 2]), "fire", "legion", piece=ADLER, target=ABDUL)
    abdul = state.pieces[ABDUL]
    assert abdul.status == "active" and abdul.data["wound"] == "-1,-1"
    assert [e.rule for e in events][-1] == "18.12"
    ctx = controller().ctx(state)
    from ffl.games.ffl.rules.movement import mf_max

    assert mf_max(ctx, ABDUL) == 4                           # 5 in the fort, -1
    # 18.11 a scratch: as if missed
    state, events = play(fire_at(base, [6, 1]), "fire", "legion", piece=ADLER, target=ABDUL)
    assert state.pieces[ABDUL].status == "active" and "wound" not in state.pieces[ABDUL].data
    assert events[-1].rule == "18.11"
    # 18.14 eliminated on 5-6
    state, _ = play(fire_at(base, [6, 5]), "fire", "legion", piece=ADLER, target=ABDUL)
    assert state.pieces[ABDUL].status == "eliminated"


def test_18_15_a_second_wound_eliminates_and_18_13_no_fire_with_minus_one_zero():
    base = dict(units={ADLER: ("K8", 0, "S"), ABDUL: ("K11", 0, "N")}, phase="fire",
                chit="squad-1", options={"wounds": True}, wounds={ABDUL: "-1,0"})
    state, events = play(fire_at(base, [6, 3]), "fire", "legion", piece=ADLER, target=ABDUL)
    assert state.pieces[ABDUL].status == "eliminated" and events[-1].rule == "18.15"
    back = controller().position(units={ADLER: ("K8", 0, "S"), ABDUL: ("K11", 0, "N")},
                                 phase="fire", chit="arab", options={"wounds": True},
                                 wounds={ABDUL: "-1,0"})
    v = controller().legal(back, Action.make("fire", "bedouin", piece=ABDUL, target=ADLER))
    assert not v and v.rule == "18.13"
    one = controller().position(units={ADLER: ("K8", 0, "S"), ABDUL: ("K11", 0, "N")},
                                phase="fire", chit="arab", options={"wounds": True},
                                wounds={ABDUL: "-1,-1"})
    info = next(t for t in controller().targets(one, ABDUL) if t.target == ADLER)
    assert ("18.12", -1) in info.modifiers


def test_18_3_wounds_in_melee_and_the_loser_pushed_by_the_winner():
    where = {ADLER: ("K8", 0, "S"), ABDUL: ("K9", 0, "N")}
    state = controller().position(units=where, chit="arab", options={"wounds": True},
                                  wounds={ADLER: "-1,-1"}, seed=seed_for([3, 1]))
    info = controller().melee_modifiers(state, ABDUL, ADLER)
    assert ("18.3", 1, "defender is wounded") in info.modifiers
    # roll 3 +1 = 4 hits Adler, already wounded: a second wound eliminates
    after, events = play(state, "move", "bedouin", piece=ABDUL, to="K8", level=0)
    assert after.pieces[ADLER].status == "eliminated"
    # a first wound: the loser stays, and the winner's player moves it aside
    state = controller().position(units=where, chit="arab", options={"wounds": True},
                                  seed=seed_for([4, 2]))
    after, events = play(state, "move", "bedouin", piece=ABDUL, to="K8", level=0)
    assert after.pieces[ADLER].data["wound"] == "-1,-1"
    prompt = controller().prompt(after)
    assert prompt.kinds == ("impact-move",) and prompt.side == "bedouin"
    assert prompt.text.startswith("18.3 Move Pvt. Adler")
    moves = controller().legal_actions(after)
    assert moves and {a.get("piece") for a in moves} == {ADLER}
    pushed, events = play(after, "impact-move", "bedouin", piece=ADLER, to="K7", level=0)
    assert pushed.pieces[ADLER].position == ("K7", 0) and events[-1].rule == "18.3"
    assert controller().invariants(pushed) == []
    # 18.3 a wounded attacker takes one off
    hurt = controller().position(units=where, chit="arab", options={"wounds": True},
                                 wounds={ABDUL: "-1,0"})
    assert ("18.3", -1, "attacker is wounded") in \
        controller().melee_modifiers(hurt, ABDUL, ADLER).modifiers
