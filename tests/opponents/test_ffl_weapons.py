"""14 the French Foreign Legion program crews and fires the machinegun and the
cannon (optional rule ``heavy_weapons``): the five machinegun shots at the most
dangerous foes in its arc (14.5), canister only on two foes or more with no
friend in the arc (14.61), shell on a group of foes clear of friends (14.62),
the weapons set up where the Legion's units can crew them (14.1, 14.2), and
crewmen turned to the weapon's way (14.2).  Every choice is one the rules
accept, made from the Legion's view alone.

Positions on the parade ground south of K8 (level 0, open sight), as in the
rules' own tests of rule 14."""

from functools import cache

from ffl.engine import Action
from ffl.games import game_of
from ffl.opponents import decide, make_opponent

ADLER, COLE, EVANS, FISCHER = "L-1-Adler", "L-1-Cole", "L-1-Evans", "L-1-Fischer"
ABDUL, DHABI, FAHD, HAXHI = "B-A-Abdul", "B-A-Dhabi", "B-A-Fahd", "B-A-Haxhi"
MG, CANNON = "weapon-mg", "weapon-cannon"


@cache
def controller():
    from ffl.catalog import load_module
    from ffl.games.ffl.controller import FFLController

    return FFLController(load_module("ffl"))


def at(units, weapons, **kw):
    """A position with the heavy weapons option and Weapon units at (square,
    level, facing)."""
    state = controller().position(units=units, options={"heavy_weapons": True}, **kw)
    for wid, (key, level, facing) in weapons.items():
        w = state.pieces[wid]
        w.status, w.space, w.level, w.facing = "active", key, level, facing
    assert controller().invariants(state) == []
    return state


def choice(state, level="normal"):
    opp = make_opponent(game_of("ffl/basic"), controller(), "legion", level, 5)
    action = decide(opp, controller(), state).action
    assert controller().legal(state, action), action
    return action


def test_14_5_the_program_fires_the_crewed_machinegun_at_the_bedouin_in_its_arc():
    state = at({ADLER: ("K8", 0, "S"), COLE: ("L8", 0, "S"), ABDUL: ("K12", 0, "N"),
                DHABI: ("J12", 0, "N")}, {MG: ("K8", 0, 4)}, phase="fire", chit="squad-1")
    listed = controller().legal_actions(state)
    assert any(a.kind == "fire" for a in listed)       # the crew's rifles were offered too
    for level in ("easy", "normal", "hard"):
        action = choice(state, level)
        if level == "easy" and action.kind != "weapon-fire":
            continue        # 14 easy draws at random half the time
        assert action.kind == "weapon-fire" and action["mode"] == "mg", (level, action)
        assert sorted(action["crew"]) == [ADLER, COLE]
        assert len(action["targets"]) == 5 and set(action["targets"]) == {ABDUL, DHABI}


def test_14_5_the_shots_go_to_the_foes_it_may_fire_at_only():
    # Fahd stands behind the machinegun (out of its arc): no shot is announced at him
    state = at({ADLER: ("K8", 0, "S"), COLE: ("L8", 0, "S"), ABDUL: ("K12", 0, "N"),
                FAHD: ("K4", 0, "S")}, {MG: ("K8", 0, 4)}, phase="fire", chit="squad-1")
    action = choice(state)
    assert action.kind == "weapon-fire" and set(action["targets"]) == {ABDUL}


def test_14_61_canister_on_a_group_of_foes_but_never_with_a_friend_in_the_arc():
    crew = {ADLER: ("K8", 0, "S"), COLE: ("L8", 0, "S"), EVANS: ("J8", 0, "S")}
    # two foes: the three crewmen's own rifles are worth more than the canister
    two = at({**crew, ABDUL: ("K10", 0, "N"), DHABI: ("J11", 0, "N")}, {CANNON: ("K8", 0, 4)},
             phase="fire", chit="squad-1")
    assert choice(two).kind == "fire"
    foes = {ABDUL: ("K10", 0, "N"), DHABI: ("J10", 0, "N"), FAHD: ("L10", 0, "N"),
            HAXHI: ("I10", 0, "N")}
    state = at({**crew, **foes}, {CANNON: ("K8", 0, 4)}, phase="fire", chit="squad-1")
    action = choice(state)
    assert action.kind == "weapon-fire" and action["mode"] == "canister"
    assert sorted(action["crew"]) == sorted(crew)
    friend = at({**crew, **foes, FISCHER: ("M12", 0, "N")}, {CANNON: ("K8", 0, 4)},
                phase="fire", chit="squad-1")
    action = choice(friend)
    assert not (action.kind == "weapon-fire" and action["mode"] == "canister"), action


def test_14_62_shell_on_a_group_of_foes_clear_of_friends_four_squares_away_or_more():
    # Fischer in the arc at K10 rules canister out; the foes' group at K12-K13 is
    # four squares away or more and two squares clear of him
    crew = {ADLER: ("K8", 0, "S"), COLE: ("L8", 0, "S"), EVANS: ("J8", 0, "S")}
    foes = {ABDUL: ("K12", 0, "N"), DHABI: ("L13", 0, "N"), FAHD: ("K13", 0, "N")}
    state = at({**crew, **foes, FISCHER: ("K10", 0, "S")}, {CANNON: ("K8", 0, 4)},
               phase="fire", chit="squad-1")
    action = choice(state)
    assert action.kind == "weapon-fire" and action["mode"] == "shell", action
    assert action["square"] in ("K12", "L12", "K13", "L13"), action


def test_14_2_a_unit_beside_the_weapon_turns_to_its_way_to_crew_it():
    state = at({ADLER: ("K8", 0, "S"), COLE: ("L8", 0, "N"), ABDUL: ("K12", 0, "N")},
               {MG: ("K8", 0, 4)}, phase="movement", chit="squad-1")
    action = choice(state)
    assert action == Action("face", "legion", (("facing", 4), ("piece", COLE))), action


def test_14_1_the_weapons_are_set_up_where_the_legion_can_crew_them():
    from ffl.catalog import new_session

    session = new_session("ffl/basic", seed=3, options={"heavy_weapons": True})
    c = session.controller
    opp = make_opponent(game_of("ffl/basic"), c, "legion", "normal", 3)
    while c.prompt(session.state).phase.startswith("setup") and \
            c.prompt(session.state).side == "legion":
        action = decide(opp, c, session.state).action
        assert c.legal(session.state, action), action
        session.do(action)
    state = session.state
    for wid in (MG, CANNON):
        w = state.pieces[wid]
        assert w.on_board, wid
        crew = [p for p in state.pieces.values() if p.side == "legion" and p.on_board
                and c.module.piece_types[p.type].kind == "character"
                and p.level == w.level and p.facing == w.facing
                and (p.space == w.space or c.board(state).adjacent(p.space, w.space))]
        assert len(crew) >= 2, (wid, w.space, w.level)


def test_14_2_a_unit_near_a_weapon_short_of_crew_steps_beside_it():
    # the machinegun has one crewman (Adler); Cole, two squares off, comes to crew it
    state = at({ADLER: ("K8", 0, "S"), COLE: ("M8", 0, "S"), ABDUL: ("K12", 0, "N")},
               {MG: ("K8", 0, 4)}, phase="movement", chit="squad-1")
    action = choice(state)
    assert action.kind == "move" and action["piece"] == COLE, action
    assert controller().board(state).adjacent(action["to"], "K8"), action
