"""14.5 the machinegun's five shots announced together, shot by shot: the
announcement's limits, the order of the rolls, a target eliminated before its
remaining shots (7.13), the crew chosen by the player and its size (14.2,
14.42, 14.43), and the controller's queries the play window asks
(``weapon_crew``, ``weapon_targets``).

The rulebook has no worked example of the machinegun; the positions are on the
parade ground south of K8 (level 0, open sight) with the weapon facing south."""

import pytest
from helpers import controller, seed_for

from ffl.engine import Action, fold

ADLER, COLE, EVANS, FISCHER = "L-1-Adler", "L-1-Cole", "L-1-Evans", "L-1-Fischer"
ABDUL, DHABI, FAHD, HAXHI, IHSAN = "B-A-Abdul", "B-A-Dhabi", "B-A-Fahd", "B-A-Haxhi", "B-A-Ihsan"
YUSUF = "B-A-Yusuf"                      # the Arab tribe's chief: a leader (7.81)
MG = "weapon-mg"
CREW = (ADLER, COLE)


def at(units, seed=None, **kw):
    """A Legion fire phase of squad 1 with the machinegun at K8 facing south."""
    if seed is not None:
        kw["seed"] = seed
    state = controller().position(units=units, options={"heavy_weapons": True},
                                  phase="fire", chit="squad-1", **kw)
    w = state.pieces[MG]
    w.status, w.space, w.level, w.facing = "active", "K8", 0, 4
    assert controller().invariants(state) == []
    return state


def mg(targets, crew=CREW):
    return Action.make("weapon-fire", "legion", weapon=MG, crew=tuple(crew), mode="mg",
                       targets=tuple(targets))


def fire(state, targets, crew=CREW):
    events = controller().apply(state, mg(targets, crew))
    return fold(state, events), events


BASE = {ADLER: ("K8", 0, "S"), COLE: ("L8", 0, "S"), ABDUL: ("K12", 0, "N"),
        DHABI: ("J12", 0, "N")}


def test_14_5_five_shots_at_two_targets_rolled_one_by_one_in_the_announced_order():
    state = at(BASE, seed=seed_for([1, 2, 3, 2, 1]))
    after, events = fire(state, (ABDUL, ABDUL, DHABI, DHABI, DHABI))
    head = next(e for e in events if e.kind == "weapon-fire")
    assert head.rule == "14.5" and head.text.startswith(
        "14.5 The machinegun fires five shots: 2 at ") and "3 at " in head.text
    shots = [e for e in events if e.kind in ("hit", "miss")]
    assert [e.info["shot"] for e in shots] == [1, 2, 3, 4, 5]
    assert [e.info["target"] for e in shots] == [ABDUL, ABDUL, DHABI, DHABI, DHABI]
    assert all(e.rule == "14.5" and e.text.startswith("14.5 Machinegun shot ") for e in shots)
    assert "shot 3 of 5" in shots[2].text
    rolls = [e for e in events if e.kind == "dice"]
    assert [e.rule for e in rolls] == ["14.5"] * 5
    assert [e.info["roll"] for e in shots] == [1, 2, 3, 2, 1]   # the dice live in the events
    assert after.pieces[MG].data["fired_turn"] == 1


def test_14_5_the_announcement_names_exactly_five_shots_each_at_a_unit_it_may_fire_at():
    state = at({**BASE, EVANS: ("K6", 0, "S")})
    legal = controller().legal
    for wrong in ((ABDUL,) * 4, (ABDUL,) * 6, (), (ABDUL, ABDUL, ABDUL, DHABI, None)):
        v = legal(state, mg(wrong))
        assert not v and v.rule == "14.5", wrong
    v = legal(state, mg((ABDUL, ABDUL, ABDUL, ABDUL, EVANS)))
    assert not v and v.rule == "14.5"                       # a friend is no target
    behind = at({**BASE, FAHD: ("K5", 0, "S")})
    v = legal(behind, mg((ABDUL, ABDUL, DHABI, DHABI, FAHD)))
    assert not v and v.rule == "7.3"                        # Fahd is behind the weapon
    assert legal(state, mg((DHABI, ABDUL, DHABI, ABDUL, DHABI)))   # any order, any spread


def test_14_5_five_shots_may_go_to_five_different_targets():
    units = {**BASE, FAHD: ("L10", 0, "N"), HAXHI: ("H11", 0, "N"), IHSAN: ("I12", 0, "N")}
    state = at(units, seed=seed_for([1] * 5))
    five = (ABDUL, DHABI, FAHD, HAXHI, IHSAN)
    assert controller().legal(state, mg(five))
    _after, events = fire(state, five)
    assert [e.info["target"] for e in events if e.kind == "miss"] == list(five)


def test_14_5_7_13_a_target_eliminated_by_an_earlier_shot_loses_its_remaining_shots():
    # shot 1 hits Abdul (6); shots 2-3 were announced at him: lost, no die rolled
    state = at(BASE, seed=seed_for([6, 1, 1]))
    after, events = fire(state, (ABDUL, ABDUL, ABDUL, DHABI, DHABI))
    assert not after.pieces[ABDUL].on_board
    lost = [e for e in events if e.kind == "shot-lost"]
    assert [e.info["shot"] for e in lost] == [2, 3]
    assert all(e.rule == "14.5" and "7.13" in e.text for e in lost)
    assert len([e for e in events if e.kind == "dice"]) == 3          # shots 1, 4 and 5
    assert after.pieces[DHABI].on_board                                # two misses


def test_14_5_7_82_a_leader_who_saves_still_takes_his_remaining_shots():
    units = {ADLER: ("K8", 0, "S"), COLE: ("L8", 0, "S"), YUSUF: ("K12", 0, "N"),
             DHABI: ("J12", 0, "N")}
    # shot 1 hits (6), saving roll 2 ignores it (7.82); shots 2-5 miss
    state = at(units, seed=seed_for([6, 2, 1, 1, 1, 1]))
    after, events = fire(state, (YUSUF, YUSUF, DHABI, DHABI, DHABI))
    assert after.pieces[YUSUF].on_board
    shots = [e for e in events if e.kind in ("hit", "miss")]
    assert [(e.kind, e.info["shot"]) for e in shots] == [
        ("hit", 1), ("miss", 2), ("miss", 3), ("miss", 4), ("miss", 5)]
    assert not [e for e in events if e.kind == "shot-lost"]


def test_14_43_one_crewman_on_the_machinegun_is_minus_one_on_every_shot_14_42():
    # the player crews it with Adler alone: Cole, who could crew, fires on his own
    state = at(BASE, seed=seed_for([5, 5, 5, 5, 5]))
    after, events = fire(state, (ABDUL, DHABI, DHABI, DHABI, DHABI), crew=(ADLER,))
    head = next(e for e in events if e.kind == "weapon-fire")
    assert "1 short, -1, 14.43" in head.text
    shots = [e for e in events if e.kind in ("hit", "miss")]
    assert len(shots) == 2                              # Abdul, then Dhabi at 5 - 1 = 4
    assert all(["14.43", -1] in e.info["modifiers"] and e.info["total"] == 4 for e in shots)
    assert controller().legal(after, Action.make("fire", "legion", piece=COLE, target=DHABI)) \
        or not after.pieces[DHABI].on_board
    v = controller().legal(after, Action.make("fire", "legion", piece=ADLER, target=DHABI))
    assert not v                                        # 14.42 Adler's fire was the weapon's


def test_14_2_the_crew_named_is_checked_man_by_man():
    units = {**BASE, EVANS: ("J8", 0, "N"), FISCHER: ("J7", 0, "S")}
    state = at(units)
    legal = controller().legal
    v = legal(state, mg((ABDUL,) * 5, crew=(ADLER, EVANS)))
    assert not v and v.rule == "14.2" and "Evans" in v.reason and "faces" in v.reason
    v = legal(state, mg((ABDUL,) * 5, crew=(ADLER, COLE, FISCHER)))
    assert not v and v.rule == "14.2"                   # more than the full crew of two
    v = legal(state, mg((ABDUL,) * 5, crew=()))
    assert not v and v.rule == "14.43"                  # no crew, no fire
    assert legal(state, mg((ABDUL,) * 5, crew=(FISCHER, COLE)))      # any two of the able


def test_14_2_weapon_crew_query_offers_a_full_crew_and_says_why_others_cannot():
    units = {**BASE, EVANS: ("J8", 0, "N"), FISCHER: ("K9", 0, "S"), "L-1-Garcia": ("N8", 0, "S"),
             "L-2-Olsen": ("J9", 0, "S")}
    info = controller().weapon_crew(at(units), MG)
    assert info.full == 2
    assert set(info.able) == {ADLER, COLE, FISCHER, "L-2-Olsen"}
    assert info.able[-1] == "L-2-Olsen"                 # the drawn squad's men first
    assert info.default == (ADLER, COLE)
    assert set(info.unable) == {EVANS} and info.unable[EVANS].rule == "14.2"  # Garcia: too far


def test_14_5_weapon_targets_query_numbers_for_the_crew_chosen():
    units = {**BASE, FAHD: ("K5", 0, "S")}
    state = at(units)
    full = {t.target: t for t in controller().weapon_targets(state, MG, CREW)}
    assert set(full) == {ABDUL, DHABI, FAHD}            # opposing units only
    assert full[ABDUL].verdict and full[ABDUL].needed == 4 and full[ABDUL].range == 4
    assert not full[FAHD].verdict and full[FAHD].verdict.rule == "7.3"
    short = {t.target: t for t in controller().weapon_targets(state, MG, (ADLER,))}
    assert short[ABDUL].needed == 5 and ("14.43", -1) in short[ABDUL].modifiers
    none = controller().weapon_targets(state, MG, ())
    assert all(not t.verdict and t.verdict.rule == "14.43" for t in none)


def test_14_32_4_31_turning_the_cannon_on_a_friends_square_keeps_the_mf_to_move_on():
    # Adler stopped in passing on Cole's square, where the cannon stands, with 1 MF
    # left: spending it on the cannon would leave him on a friend with no way on
    # (found by self-play: the phase could no longer end)
    state = controller().position(units={ADLER: ("K8", 0, "S"), COLE: ("K8", 0, "S")},
                                  options={"heavy_weapons": True}, chit="squad-1",
                                  mover=ADLER, mf_spent={ADLER: 4})
    w = state.pieces["weapon-cannon"]
    w.status, w.space, w.level, w.facing = "active", "K8", 0, 4
    v = controller().legal(state, Action.make("turn-weapon", "legion", piece=ADLER,
                                              weapon="weapon-cannon", facing=2))
    assert not v and v.rule == "4.31"
    fresh_mf = controller().position(units={ADLER: ("K8", 0, "S"), COLE: ("K8", 0, "S")},
                                     options={"heavy_weapons": True}, chit="squad-1",
                                     mover=ADLER, mf_spent={ADLER: 2})
    w = fresh_mf.pieces["weapon-cannon"]
    w.status, w.space, w.level, w.facing = "active", "K8", 0, 4
    assert controller().legal(fresh_mf, Action.make("turn-weapon", "legion", piece=ADLER,
                                                    weapon="weapon-cannon", facing=2))


def test_14_5_random_announcements_legal_exactly_when_every_target_is_accepted():
    """Random positions and announcements: the controller accepts an
    announcement exactly when ``weapon_targets`` accepts each of its targets,
    and a legal one always gives five shot events (hit, miss or lost), numbered
    1-5, each target's dice under 14.5."""
    import random

    rng = random.Random(145)
    arabs = [ABDUL, DHABI, FAHD, HAXHI, IHSAN]
    ground = [f"{c}{r}" for c in "HIJKLMN" for r in range(9, 14)]
    ctrl = controller()
    fired = 0
    for _ in range(12):
        spots = rng.sample([k for k in ground if ctrl.ctx(at(BASE)).fort.top(k) == 0], 5)
        units = {ADLER: ("K8", 0, "S"), COLE: ("L8", 0, "S")}
        units.update({a: (k, 0, "N") for a, k in zip(arabs, spots, strict=True)})
        crew = rng.choice([(ADLER,), (COLE,), (ADLER, COLE)])
        state = at(units, seed=rng.randrange(1, 10_000))
        accepted = {t.target for t in ctrl.weapon_targets(state, MG, crew) if t.verdict}
        for _ in range(4):
            pool = sorted(accepted) if accepted and rng.random() < 0.6 else arabs
            shots = tuple(rng.choice(pool) for _ in range(5))
            v = ctrl.legal(state, mg(shots, crew))
            assert bool(v) == (set(shots) <= accepted), (shots, v)
            if v:
                fired += 1
                events = ctrl.apply(state, mg(shots, crew))
                out = [e for e in events if e.kind in ("hit", "miss", "shot-lost")]
                assert [e.info["shot"] for e in out] == [1, 2, 3, 4, 5]
                assert [e.info["target"] for e in out] == list(shots)
                assert all(e.rule == "14.5" for e in out)
    assert fired >= 10


def test_14_41_10_162_a_shot_through_a_closed_firing_slot_has_cover_and_a_saving_roll():
    # the Barracks door M5|M6 closed; Abdul inside at M5 faces out of it; the
    # machinegun at M9 faces it (the rifle case: test_rule_10_doors' 10.162)
    units = {COLE: ("M9", 0, "N"), ADLER: ("L9", 0, "N"), ABDUL: ("M5", 0, "S")}
    state = controller().position(units=units, options={"heavy_weapons": True, "doors": True},
                                  phase="fire", chit="squad-1", doors={"M5|M6|0": "closed"},
                                  seed=seed_for([6, 2, 1, 1, 1, 1]))
    w = state.pieces[MG]
    w.status, w.space, w.level, w.facing = "active", "M9", 0, 0
    info = next(t for t in controller().weapon_targets(state, MG, (COLE, ADLER))
                if t.target == ABDUL)
    assert info.verdict and ("10.162", -1) in info.modifiers and info.needed == 5
    after, events = fire(state, (ABDUL,) * 5, crew=(COLE, ADLER))
    assert any(e.rule == "10.162" and e.kind == "saved" for e in events)
    assert after.pieces[ABDUL].on_board


def test_14_2_7_13_a_unit_announced_with_a_fire_group_does_not_crew_until_it_has_fired():
    units = {**BASE, FISCHER: ("J7", 0, "S")}
    state = at(units)
    state = fold(state, controller().apply(state, Action.make(
        "announce", "legion", pieces=[ADLER, FISCHER], target=DHABI)))
    info = controller().weapon_crew(state, MG)
    assert ADLER not in info.able and info.unable[ADLER].rule == "7.13"
    v = controller().legal(state, mg((ABDUL,) * 5, crew=(ADLER, COLE)))
    assert not v and v.rule == "7.13"
    assert controller().legal(state, mg((ABDUL,) * 5, crew=(COLE,)))


def test_14_selfplay_option_switches_the_weapons_on_and_refuses_an_unknown_one(capsys):
    from ffl.cli import main

    assert main(["selfplay", "--scenario", "ffl/basic", "--games", "1",
                 "--option", "no_such_rule"]) == 2
    assert "unknown option 'no_such_rule'" in capsys.readouterr().err


@pytest.mark.slow
def test_14_random_self_play_with_the_weapons_on_makes_only_legal_actions(capsys):
    from ffl.cli import main

    assert main(["selfplay", "--scenario", "ffl/basic", "--games", "2", "--seed", "1",
                 "--option", "heavy_weapons"]) == 0
    assert ", 0 errors," in capsys.readouterr().out
