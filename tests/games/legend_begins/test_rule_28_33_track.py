"""3.0 the sequence of play, 6.0 Organization Cards, 28.0 Replacements, 29.0 Recovered
Steps, 30.0 Resource Points, 31.0 the Turn Record Track, 32.0 the Alexandria Garrison,
33.0 Automatic Victory, with the book's examples."""

from __future__ import annotations

import random

from tlb_helpers import act, clean, next_dice, put, refused, segment

from ffl.engine import fold
from ffl.games.legend_begins.rules import recovery, reinforce


def _run(controller, st, fn, *args):
    rb = controller.batch(st)
    fn(rb, *args)
    return fold(st, rb.events), rb.events


def test_3_1_seven_of_eight_chits_and_never_three_segments_in_a_row(controller, module):
    st = controller.setup(module.scenarios["legend_begins/compass"], {"last_turn": 3}, 11)
    st = fold(st, controller.opening(st))
    rng = random.Random(11)
    while controller.outcome(st) is None:
        st, _ = act(controller, st, *(lambda a: (a.kind, a.side))(
            a := rng.choice([x for x in controller.legal_actions(st)
                             if x.kind.startswith("end") or x.kind in ("supply", "loss",
                                                                      "retreat", "stay",
                                                                      "eliminate", "decline")])),
            **dict(a.args))
    history = st.vars["history"]
    per_turn = {}
    for t, chit in history:
        per_turn.setdefault(t, []).append(chit)
    assert all(len(v) == 7 and len(set(v)) == 7 for v in per_turn.values())
    sides = [c.split("-")[0] for _t, c in history]
    assert not any(sides[i] == sides[i + 1] == sides[i + 2] for i in range(len(sides) - 2))


def test_3_1_the_initial_phase_brings_supply_and_a_resource_point(controller, module):
    st = clean(controller, module)
    st.vars["rp"] = {"axis": 4, "allied": 1}
    st, events = _run(controller, st, reinforce.replacement_segment, "allied")
    assert st.vars["rp"]["allied"] == 2
    assert sum(1 for p in st.pieces.values() if p.type == "sp-allied" and
               p.space == "Nile Delta") == 2
    st, _ = _run(controller, st, reinforce.replacement_segment, "axis")
    assert st.vars["rp"]["axis"] == 4                  # 30.1 four at most


def test_28_3_a_replacement_roll_of_10(controller, module):
    """The Allied roll is 10: one British infantry, one tank and one Australian."""
    st = clean(controller, module)
    next_dice(st, [4, 6])
    st, events = _run(controller, st, reinforce._replacements, "allied")
    got = sorted(p.type for p in st.pieces.values()
                 if p.space == "Nile Delta" and p.type.startswith("repl-"))
    assert got == ["repl-aus-inf", "repl-brit-inf", "repl-tank-allied"]


def test_28_5_a_reduced_unit_absorbs_a_replacement_and_does_not_attack(controller, module):
    st = clean(controller, module)
    put(st, "al-16bde", "2456", steps=2)
    put(st, "repl-brit-inf-1", "2456")
    put(st, "ax-64cat-1", "2455")
    segment(st, "allied", "primary")
    st, _ = act(controller, st, "absorb", "allied", unit="al-16bde",
                replacement="repl-brit-inf-1")
    assert st.pieces["al-16bde"].data["steps"] == 3
    assert st.pieces["repl-brit-inf-1"].status == "pool"
    st, _ = act(controller, st, "end-movement", "allied")
    assert refused(controller, st, "attack", "allied", attackers=["al-16bde"],
                   targets=["2455"]).rule == "28.5"


def test_28_9_a_brigade_needs_two_replacements_out_of_the_cadre_box(controller, module):
    st = clean(controller, module)
    st.pieces["al-16bde"].status = "cadre"
    put(st, "repl-brit-inf-1", "Nile Delta")
    put(st, "repl-brit-inf-2", "Nile Delta")
    segment(st, "allied", "primary")
    assert refused(controller, st, "rebuild", "allied", unit="al-16bde",
                   replacements=["repl-brit-inf-1"]).rule == "28.9"
    st, _ = act(controller, st, "rebuild", "allied", unit="al-16bde",
                replacements=["repl-brit-inf-1", "repl-brit-inf-2"])
    assert st.pieces["al-16bde"].status == "active"
    assert st.pieces["al-16bde"].data["steps"] == 1


def test_28_10_libyan_and_blackshirt_units_are_not_replaced(controller, module):
    st = clean(controller, module)
    st.pieces["ax-1lib-1"].status = "cadre"
    put(st, "repl-ita-inf-1", "Italy")
    put(st, "repl-ita-inf-2", "Italy")
    segment(st, "axis", "primary")
    assert refused(controller, st, "rebuild", "axis", unit="ax-1lib-1",
                   replacements=["repl-ita-inf-1", "repl-ita-inf-2"]).rule == "28.10"


def test_29_1_recovery_when_the_allies_win_and_both_lose_two_steps(controller, module):
    """Both sides lose two steps, the Allies win: the Allies recover one step (2 x 1/2),
    the Axis two-thirds of a step (2 x 1/3)."""
    from ffl.games.legend_begins.rules.resolve import _recovery

    frac = _recovery(controller.ctx(clean(controller, module)), "allied")
    assert 2 * frac["allied"] == 12 and 2 * frac["axis"] == 8      # twelfths


def test_29_3_example_1_half_of_each_kind_comes_back(controller, module):
    """Seven Australian steps, 3 3/4 British and one tank: three Australian, one British
    and a tank on 1-3."""
    st = clean(controller, module)
    st.vars["recovered"] = {"allied": {"aus": 84, "brit": 45, "tank": 12}}
    next_dice(st, [2])
    st, _ = _run(controller, st, recovery.recovery_segment)
    assert st.vars["recovery"]["allied"] == {"aus": 3, "brit": 1, "tank": 1}
    st = clean(controller, module)
    st.vars["recovered"] = {"allied": {"tank": 12}}
    next_dice(st, [4])
    st, _ = _run(controller, st, recovery.recovery_segment)
    assert st.vars["recovery"].get("allied") is None


def test_29_3_example_2_five_steps_come_back_over_four_turns(controller, module):
    st = clean(controller, module)
    st.vars["recovered"] = {"allied": {"brit": 60}}
    got = []
    for _turn in range(3):
        st, _ = _run(controller, st, recovery.recovery_segment)
        got.append(st.vars["recovery"]["allied"]["brit"])
        st.vars["recovery"] = {}
    assert got == [2, 1, 1]
    next_dice(st, [3])
    st, _ = _run(controller, st, recovery.recovery_segment)
    assert st.vars["recovery"]["allied"]["brit"] == 1


def test_29_5_the_allies_repair_one_tank_step_a_turn_in_1940(controller, module):
    st = clean(controller, module)
    st.vars["recovered"] = {"allied": {"tank": 60}, "axis": {"tank": 60}}
    st, _ = _run(controller, st, recovery.recovery_segment)
    assert st.vars["recovery"]["allied"]["tank"] == 1
    assert st.vars["recovery"]["axis"]["tank"] == 2


def test_29_4_a_recovered_step_restores_a_supplied_unit(controller, module):
    st = clean(controller, module)
    put(st, "al-16bde", "2456", steps=2)
    st.vars.update(phase="recovery", side="allied", recovery={"allied": {"brit": 1}})
    st, _ = act(controller, st, "restore", "allied", unit="al-16bde")
    assert st.pieces["al-16bde"].data["steps"] == 3


def test_31_6_the_jan_i_removals_give_four_tank_replacement_steps(controller, module):
    """On the Jan. I turn the 6 RTR and 7 Hus. are removed: two steps each, four tank
    Replacements; from the Cadre Box, none."""
    st = clean(controller, module)
    put(st, "al-6rtr", "2456")
    put(st, "al-7hus", "2456")
    st.vars["turn"] = 2
    st, events = _run(controller, st, reinforce._schedule, "allied")
    assert st.pieces["al-6rtr"].status == "removed"
    assert st.vars["removed_steps"]["allied"]["tank-allied"] == 4
    st = clean(controller, module)
    st.pieces["al-6rtr"].status = st.pieces["al-7hus"].status = "cadre"
    st.vars["turn"] = 2
    st, _ = _run(controller, st, reinforce._schedule, "allied")
    assert not (st.vars.get("removed_steps") or {}).get("allied")


def test_31_2_withdrawals_follow_the_schedule(controller, module):
    st = clean(controller, module)
    put(st, "al-5ind", "2456", steps=3)
    put(st, "al-11ind", "2456")
    put(st, "al-4ind", "2456")
    put(st, "repl-ind-inf-1", "Nile Delta")
    st.vars["turn"] = 1
    st, _ = _run(controller, st, reinforce._schedule, "allied")
    assert st.pieces["al-5ind"].status == "withdrawn"
    assert st.pieces["repl-ind-inf-1"].status == "pool"          # 31.3 the missing step
    assert st.pieces["al-6aus"].space == "Nile Delta"           # 31.1 reinforcements


def test_6_2_the_7th_armoured_represents_31_strength_points(controller, module):
    st = clean(controller, module)
    put(st, "al-7armd", "2456")
    for pid in ("al-1rtr", "al-2rtr", "al-3hus", "al-8hus", "al-1krrc", "al-2rb", "al-11hus"):
        put(st, pid, "2456", hq="al-7armd")
    units = ["al-7armd"] + controller.display(st, "al-7armd")
    assert sum(controller.unit_values(st, p)["attack"] for p in units) == 31


def test_6_2_units_of_the_same_division_join_at_once_others_in_organization(controller,
                                                                           module):
    st = clean(controller, module)
    put(st, "al-4ind", "2456")
    put(st, "al-5ind", "2456")
    put(st, "al-16aus", "2456")
    segment(st, "allied", "primary")
    act(controller, st, "attach", "allied", unit="al-5ind", hq="al-4ind")
    assert refused(controller, st, "attach", "allied", unit="al-16aus", hq="al-4ind").rule \
        == "6.2"
    st.vars.update(phase="organization", side="allied")
    assert refused(controller, st, "attach", "allied", unit="al-16aus", hq="al-4ind").rule \
        == "6.3"                                          # an Indian division: Indians only


def test_6_4_an_hq_marker_takes_a_units_place(controller, module):
    st = clean(controller, module)
    put(st, "al-1rtr", "2456")
    segment(st, "allied", "primary")
    st, _ = act(controller, st, "marker", "allied", marker="al-hq4ab", unit="al-1rtr")
    assert st.pieces["al-hq4ab"].space == "2456"
    assert st.pieces["al-1rtr"].data["hq"] == "al-hq4ab"
    st, _ = act(controller, st, "detach", "allied", unit="al-1rtr")
    assert st.pieces["al-hq4ab"].status == "off"          # empty: off the map


def test_32_four_allied_steps_stay_in_alexandria(controller, module):
    st = clean(controller, module)
    put(st, "al-alex", "2378")
    segment(st, "allied", "primary")
    assert refused(controller, st, "move", "allied", units=["al-alex"], path=["2278"]).rule \
        == "32.0"
    put(st, "al-16bde", "2378")
    act(controller, st, "move", "allied", units=["al-16bde"], path=["2278"])


def test_33_allied_units_holding_the_western_edge_for_two_axis_segments_win(controller,
                                                                           module):
    st = clean(controller, module)
    put(st, "al-1rtr", "1701")
    segment(st, "axis", "tertiary", "supply", seg_id=70)
    st.vars["auto"] = {"allied": 1}
    st, events = act(controller, st, "supply", "axis")
    outcome = controller.outcome(st)
    assert outcome is not None and outcome.winner == "allied" and outcome.rule == "33.0"


def test_help_every_rule_the_log_cites_has_its_own_entry(controller, module):
    """The help's rule index answers every rule a game's log names (a played turn)."""
    from ffl.games import manifest

    st = controller.setup(module.scenarios["legend_begins/compass"], {"last_turn": 1}, 4)
    events = list(controller.opening(st))
    st = fold(st, events)
    rng = random.Random(4)
    while controller.outcome(st) is None:
        a = rng.choice(list(controller.legal_actions(st)))
        new = controller.apply(st, a)
        events += new
        st = fold(st, new)
    rules = manifest("legend_begins").game_help().rules
    cited = {e.rule for e in events}
    assert sorted(r for r in cited if r not in rules) == []


def test_a_whole_compass_game_of_five_turns_plays_to_the_victory_check(controller, module):
    """Random legal play through all five turns: every listed action is legal, every
    event cites its rule, the invariants hold after each action, the log folds back."""
    sc = module.scenarios["legend_begins/compass"]
    st = controller.setup(sc, {}, 101)
    init = st
    events = list(controller.opening(st))
    st = fold(st, events)
    rng = random.Random(101)
    while controller.outcome(st) is None:
        a = rng.choice(list(controller.legal_actions(st)))
        assert controller.legal(st, a), a
        new = controller.apply(st, a)
        assert all(e.rule and e.text.startswith(e.rule) for e in new)
        st = fold(st, new)
        assert controller.invariants(st) == [], a
        events += new
        assert len(events) < 20000
    assert st.vars["turn"] == len(sc.setup["turns"]) - 1
    assert "victory points" in controller.outcome(st).text
    assert fold(init, events).hash() == st.hash()
