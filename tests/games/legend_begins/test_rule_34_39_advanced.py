"""The advanced rules 34.0 - 39.0 (each switched on per game), with the book's
examples: 34.2's two 1s and three German steps, 35.0's four restricted hexsides,
36.1 / 36.2's 6²-12 and 8-12 against the 6³-12 (and back), 38.0's diversion, 39.0's
hidden stacks."""

from __future__ import annotations

from tlb_helpers import act, add, clean, next_dice, put, refused, segment

from ffl.engine import Action, fold
from ffl.games.legend_begins.options import ADVANCED, all_on, chosen, game_options
from ffl.games.legend_begins.rules.advanced import leadership, restricted
from ffl.games.legend_begins.rules.combat import Attack


def _on(st, *names):
    st.vars["options"] = list(names)
    return st


# -- the switches -----------------------------------------------------------------------------

def test_advanced_rules_are_off_unless_chosen_and_kept_in_the_state(controller, module):
    sc = module.scenarios["legend_begins/compass"]
    st = controller.setup(sc, {}, 3)
    assert "options" not in st.vars                  # the basic game: as before
    st = controller.setup(sc, {"fog_of_war": True, "lulls": True}, 3)
    assert st.vars["options"] == ["fog_of_war", "lulls"]
    assert chosen(all_on()) == [o.id for o in ADVANCED if o.ready]


def test_the_new_game_dialog_offers_one_check_box_per_advanced_rule():
    from ffl.games import game_of

    offered = game_of("legend_begins/compass").options
    assert [o.id for o in offered] == [o.id for o in game_options()]
    assert {o.rule for o in offered} >= {"34.0", "35.0", "36.0", "38.0", "39.0", "52.0"}
    assert all(o.kind == "bool" and o.default is False for o in offered)


def test_a_saved_game_keeps_its_advanced_rules(tmp_path):
    from ffl.catalog import new_session
    from ffl.session import GameSession

    s = new_session("legend_begins/compass", seed=4, options={"restricted_hexsides": True})
    path = tmp_path / "g.fflsave"
    s.save(path)
    again = GameSession.load(path)
    assert again.state.vars["options"] == ["restricted_hexsides"]


# -- 34.0 German leadership --------------------------------------------------------------------

def _leader_attack(controller, module, german_steps: int):
    st = clean(controller, module)
    add(st, module, "ger-pz5-1")
    put(st, "ger-pz5-1", "2456", steps=german_steps)
    put(st, "al-16bde", "2455")
    segment(st, "axis", "primary", "combat")
    _on(st, "german_leadership")
    return st, Attack("axis", ["ger-pz5-1"], ["2455"])


def test_34_2_two_ones_and_three_german_steps_roll_one_again(controller, module):
    """The book: the Axis attacks, rolls two 1s with three German steps in the combat:
    only one of the 1s is rolled again."""
    st, attack = _leader_attack(controller, module, 3)
    rb = controller.batch(st)
    whites, black = leadership(rb, attack, 2, [1, 1], 4, ["ger-pz5-1"])
    rolls = [e for e in rb.events if "rolled again (1" in e.text]
    assert len(rolls) == 1 and "white die 1" in rolls[0].text
    assert whites[1] == 1 and black == 4               # the second 1 stands
    assert any(e.rule == "34.1" and "34.2" in e.text for e in rb.events)


def test_34_1_a_one_rolled_again_that_comes_up_one_stands(controller, module):
    st, attack = _leader_attack(controller, module, 1)
    next_dice(st, [1])                                    # the roll again: 1 again
    rb = controller.batch(st)
    whites, black = leadership(rb, attack, 0, [1], 3, ["ger-pz5-1"])
    assert whites == [1] and black == 3
    assert sum(1 for e in rb.events if "white die 1 rolled again" in e.text) == 1  # once


def _allied_attack_on_germans(controller, module, first_turn: str):
    from ffl.engine import Batch
    from ffl.games.legend_begins.rules.context import RBatch

    st = clean(controller, module)
    add(st, module, "ger-pz5-1")
    put(st, "ger-pz5-1", "2455")
    put(st, "al-1rtr", "2456")
    segment(st, "allied", "primary", "combat")
    _on(st, "german_leadership")
    base = controller.ctx(st)
    setup = dict(base.setup, turns=[first_turn])

    def make(state):
        ctx = controller.ctx(state)
        ctx.setup = setup
        return ctx

    st.vars["turn"] = 0
    return RBatch(Batch(st), make), Attack("allied", ["al-1rtr"], ["2455"])


def test_34_1_the_allies_must_roll_sixes_again_against_germans(controller, module):
    rb, attack = _allied_attack_on_germans(controller, module, "Sep II 1942")
    leadership(rb, attack, 0, [6], 2, ["al-1rtr"])
    assert any(e.rule == "34.1" and "by the Allied player" in e.text for e in rb.events)


def test_34_3_from_oct_i_1942_the_allies_keep_their_sixes(controller, module):
    rb, attack = _allied_attack_on_germans(controller, module, "Oct I 1942")
    whites, black = leadership(rb, attack, 0, [6], 6, ["al-1rtr"])
    assert (whites, black) == ([6], 6) and not rb.events


def test_34_leadership_off_no_die_is_rolled_again(controller, module):
    st, attack = _leader_attack(controller, module, 4)
    st.vars.pop("options")
    st.vars["_rolls"] = next_dice(st, [1, 1, 1])
    out = controller.apply(st, Action.make("attack", "axis", attackers=["ger-pz5-1"],
                                           targets=["2455"]))
    assert not any(e.rule == "34.1" for e in out)


# -- 35.0 restricted hexsides -------------------------------------------------------------------

def test_35_the_books_four_restricted_hexsides(controller, module):
    ctx = controller.ctx(clean(controller, module))
    for a, b in (("1507", "1608"), ("1608", "1609"), ("3515", "3516"), ("3414", "3514")):
        assert restricted(ctx, a, b) and restricted(ctx, b, a), (a, b)
    assert not restricted(ctx, "2455", "2456")            # open desert


def test_35_no_more_than_five_stacking_points_attack_across(controller, module):
    st = clean(controller, module)
    for pid in ("al-16bde", "al-5ind", "al-11ind"):       # three brigades: 6 points
        put(st, pid, "3514")
    put(st, "ax-64cat-1", "3414")
    segment(st, "allied", "primary", "combat")
    _on(st, "restricted_hexsides")
    v = refused(controller, st, "attack", "allied", attackers=["al-16bde", "al-5ind",
                                                               "al-11ind"], targets=["3414"])
    assert v.rule == "35.0"
    assert controller.legal(st, Action.make("attack", "allied",
                                            attackers=["al-16bde", "al-5ind"],
                                            targets=["3414"]))
    st.vars["options"] = []
    assert controller.legal(st, Action.make("attack", "allied", attackers=[
        "al-16bde", "al-5ind", "al-11ind"], targets=["3414"]))


# -- 36.0 infantry vs. armor -------------------------------------------------------------------

def _armour(controller, module):
    st = clean(controller, module)
    add(st, module, "ger-pz5-1")
    add(st, module, "al-7mot")
    return st


def test_36_1_the_books_example_infantry_halved_against_tanks_alone(controller, module):
    """6²-12 and 8-12 attack the 6³-12: 6 + 4 against 6 (1½-1), one shift left for the
    German armour: 1-1."""
    st = _armour(controller, module)
    put(st, "ger-pz5-1", "2455", steps=2)                 # its 6³-12 step
    put(st, "al-1rtr", "2456")
    put(st, "al-7mot", "2456")
    put(st, "sp-allied-01", "2456")
    segment(st, "allied", "primary", "combat")
    _on(st, "infantry_armor")
    od = controller.odds(st, ["al-1rtr", "al-7mot"], ["2455"], supply="sp-allied-01")
    assert (od["attack"], od["defence"], od["shifts"], od["column"]) == (10, 6, -1, "1-1")
    st.vars["options"] = []
    od = controller.odds(st, ["al-1rtr", "al-7mot"], ["2455"], supply="sp-allied-01")
    assert od["attack"] == 14                             # the rule off: not halved


def test_36_2_the_books_example_tanks_alone_against_infantry(controller, module):
    """The 6³-12 attacks the 8-12: its rating rises to 2, 6 to 8 (1-2), one shift right."""
    st = _armour(controller, module)
    put(st, "ger-pz5-1", "2456", steps=2)
    put(st, "al-7mot", "2455")
    put(st, "sp-axis-01", "2456")
    segment(st, "axis", "primary", "combat")
    _on(st, "infantry_armor")
    od = controller.odds(st, ["ger-pz5-1"], ["2455"], supply="sp-axis-01")
    assert (od["attack"], od["defence"], od["shifts"], od["column"]) == (6, 8, 1, "1-1")
    st.vars["options"] = []
    od = controller.odds(st, ["ger-pz5-1"], ["2455"], supply="sp-axis-01")
    assert od["shifts"] == 2                              # rating 1 without 36.2


def test_36_1_not_in_field_works_jebel_or_a_city(controller, module):
    st = _armour(controller, module)
    put(st, "ger-pz5-1", "3722", steps=2)                 # Cyrene: jebel
    put(st, "al-7mot", "3723")
    put(st, "sp-allied-01", "3723")
    segment(st, "allied", "primary", "combat")
    _on(st, "infantry_armor")
    on = controller.odds(st, ["al-7mot"], ["3722"], supply="sp-allied-01")
    st.vars["options"] = []
    off = controller.odds(st, ["al-7mot"], ["3722"], supply="sp-allied-01")
    assert on["attack"] == off["attack"]                  # not halved by 36.1 there


# -- 38.0 diversionary attacks -----------------------------------------------------------------

def test_38_a_diversion_reads_sub_one_and_ignores_advance_and_overrun(controller, module):
    st = clean(controller, module)
    put(st, "al-1rtr", "2456")
    put(st, "al-2rtr", "2456")
    put(st, "sp-allied-01", "2456")
    put(st, "ax-64cat-1", "2455")
    segment(st, "allied", "primary", "combat")
    args = dict(attackers=["al-1rtr", "al-2rtr"], targets=["2455"], supply="sp-allied-01",
                diversion=True)
    v = refused(controller, st, "attack", "allied", **args)
    assert v.rule == "38.0"                               # the rule is not in play
    _on(st, "diversionary")
    st, events = act(controller, st, "attack", "allied", **args)
    whites = [e for e in events if e.rule == "9.2" and "white dice" in e.text]
    assert whites and "(1, Magnitude Sub-one)" in whites[0].text
    assert not any(e.kind in ("advance", "retreat") for e in events)
    assert not any(p.get("kind") in ("advance", "retreat")
                   for p in st.vars.get("pending") or [])


# -- 39.0 fog of war ---------------------------------------------------------------------------

def test_39_only_the_top_of_an_enemy_stack_shows(controller, module):
    st = clean(controller, module)
    for pid in ("ax-1ccnn-1", "ax-1ccnn-2", "ax-art23", "ax-10army"):
        put(st, pid, "2845")
    put(st, "al-16bde", "2458")
    segment(st, "allied", "primary", "movement")
    assert controller.view(st, "allied").pieces.keys() == st.pieces.keys()
    assert controller.unseen(st, "allied") == []            # 39.0 not played
    _on(st, "fog_of_war")
    seen = controller.view(st, "allied")
    at_bardia = [p for p, q in seen.pieces.items() if q.space == "2845"]
    assert at_bardia == ["ax-10army"]                     # the HQ on top
    secrets = controller.secrets(st, "allied")
    assert set(secrets) == {'"ax-1ccnn-1"', '"ax-1ccnn-2"', '"ax-art23"'}
    text = seen.dumps()
    assert not any(s in text for s in secrets)
    assert seen.seed == 0
    own = controller.view(st, "axis")                     # one's own stacks: all of them
    assert sum(1 for q in own.pieces.values() if q.space == "2845") == 4
    # what the view leaves out, as the play window asks it (without the view)
    assert controller.unseen(st, "allied") == sorted(st.pieces.keys() - seen.pieces.keys())
    assert controller.unseen(st, "axis") == []


def test_39_division_displays_are_hidden(controller, module):
    st = clean(controller, module)
    put(st, "al-7armd", "2456")
    put(st, "al-1rtr", "2456", hq="al-7armd")
    put(st, "al-2rtr", "2456", hq="al-7armd")
    segment(st, "axis", "primary", "movement")
    _on(st, "fog_of_war")
    seen = controller.view(st, "axis")
    assert "al-1rtr" not in seen.pieces and "al-7armd" in seen.pieces
    assert controller.unseen(st, "axis") == sorted(st.pieces.keys() - seen.pieces.keys())


def test_39_an_attack_at_1_3_or_better_reveals_the_stack(controller, module):
    st = clean(controller, module)
    put(st, "ax-64cat-1", "2455")
    put(st, "ax-64cat-2", "2455")
    put(st, "al-1rtr", "2456")
    put(st, "al-2rtr", "2456")
    put(st, "sp-allied-01", "2456")
    segment(st, "allied", "primary", "combat")
    _on(st, "fog_of_war")
    assert len(controller.secrets(st, "allied")) == 1
    st, events = act(controller, st, "attack", "allied", attackers=["al-1rtr", "al-2rtr"],
                     targets=["2455"], supply="sp-allied-01")
    assert any(e.rule == "39.0" for e in events)
    assert controller.secrets(st, "allied") == [] or all(
        st.pieces[s.strip('"')].space != "2455" for s in controller.secrets(st, "allied"))
    _ = fold


# -- 37.0 combat motorized ---------------------------------------------------------------------

def test_37_the_books_example_a_brigade_and_a_truck_join_the_7th_armoured(controller,
                                                                          module):
    """A non-motorized brigade stacked with a Truck, put in the 7th Armoured Division's
    infantry box in the Organization Segment, becomes motorized with an Active ZOC;
    off the display again it is a trucked foot brigade."""
    from ffl.games.legend_begins.rules.zoc import unit_zoc

    st = clean(controller, module)
    for pid in ("al-7armd", "al-16bde", "truck-allied-1"):
        put(st, pid, "2456")
    segment(st, "allied", phase="organization")
    args = dict(unit="al-16bde", hq="al-7armd", truck="truck-allied-1")
    assert refused(controller, st, "combat-motorize", "allied", **args).rule == "37.0"
    _on(st, "combat_motorized")
    ctx = controller.ctx(st)
    assert not ctx.motorized("al-16bde") and unit_zoc(ctx, "al-16bde") == 1
    st, events = act(controller, st, "combat-motorize", "allied", **args)
    assert events[-1].rule == "37.0"
    ctx = controller.ctx(st)
    assert ctx.motorized("al-16bde") and unit_zoc(ctx, "al-16bde") == 2
    assert st.pieces["truck-allied-1"].data["hq"] == "al-7armd"
    segment(st, "allied", phase="movement", seg_id=70)
    assert refused(controller, st, "detach", "allied", unit="truck-allied-1").rule == "37.0"
    st, _ = act(controller, st, "detach", "allied", unit="al-16bde")
    ctx = controller.ctx(st)
    assert not ctx.motorized("al-16bde") and unit_zoc(ctx, "al-16bde") == 1
    assert st.pieces["al-16bde"].data["carried_by"] == "truck-allied-1"
    assert controller.invariants(st) == []


def test_37_only_in_the_organization_segment_and_with_a_motorized_formation(controller,
                                                                            module):
    st = clean(controller, module)
    for pid in ("al-4ind", "al-16bde", "truck-allied-1"):
        put(st, pid, "2456")
    _on(st, "combat_motorized")
    segment(st, "allied", phase="organization")
    v = refused(controller, st, "combat-motorize", "allied", unit="al-16bde", hq="al-4ind",
                truck="truck-allied-1")
    assert v.rule == "37.0"                              # the 4th Indian is not motorized
