"""9.0 Basic rules of combat: odds, column shifts, Magnitude, results and losses, with
the book's own examples."""

from __future__ import annotations

from tlb_helpers import act, clean, next_dice, put, refused, segment

from ffl.games.legend_begins.rules.combat import column_of, magnitude
from ffl.games.legend_begins.rules.resolve import picker
from ffl.games.legend_begins.tables import CRT_COLUMNS


def _ctx(controller, st):
    return controller.ctx(st)


def test_9_2_a_53_to_18_is_a_2_1(controller, module):
    st = clean(controller, module)
    assert CRT_COLUMNS[column_of(_ctx(controller, st), 53, 18)] == "2-1"


def test_9_2_odds_round_down_and_stop_at_7_1(controller, module):
    ctx = _ctx(controller, clean(controller, module))
    assert CRT_COLUMNS[column_of(ctx, 18, 5)] == "3-1"
    assert CRT_COLUMNS[column_of(ctx, 10, 6)] == "1.5-1"
    assert CRT_COLUMNS[column_of(ctx, 7, 8)] == "1-2"
    assert column_of(ctx, 1, 5) is None                      # 9.1 below 1-4
    assert CRT_COLUMNS[column_of(ctx, 12, 1)] == "7-1"


def test_9_2_12_to_1_with_one_shift_left_uses_the_6_1_column(controller, module):
    ctx = _ctx(controller, clean(controller, module))
    col = column_of(ctx, 12, 1)
    assert CRT_COLUMNS[max(0, min(len(CRT_COLUMNS) - 1, col - 1))] == "6-1"


def test_9_3_twenty_steps_against_nine_is_magnitude_two(controller, module):
    ctx = _ctx(controller, clean(controller, module))
    assert magnitude(ctx, 20, 9) == 2
    assert magnitude(ctx, 4, 2) == 0                        # Sub-one
    assert magnitude(ctx, 5, 30) == 1


def _brigades_vs_libyan(controller, module):
    """5 Ind (three steps, 5) and 16 Bde (6) attack a one-step Libyan regiment (2): 11
    to 2, a 5-1 with no shift; the Libyans have one step: Sub-one."""
    st = clean(controller, module)
    put(st, "al-16bde", "2456")
    put(st, "al-5ind", "2456", steps=3)
    put(st, "sp-allied-01", "2456")
    put(st, "ax-1lib-1", "2455", steps=1)
    put(st, "ax-1lib-2", "2454")        # keeps the regiment from being Isolated (17.2)
    return segment(st, "allied", "primary", "combat")


def test_9_3_sub_one_an_a1_d4_becomes_d3(controller, module):
    st = _brigades_vs_libyan(controller, module)
    od = controller.odds(st, ["al-16bde", "al-5ind"], ["2455"], supply="sp-allied-01")
    assert (od["attack"], od["defence"], od["column"], od["magnitude"]) == (11, 2, "5-1", 0)
    next_dice(st, [5, 6])                   # 5-1, white 5: A1/D4
    st, events = act(controller, st, "attack", "allied", attackers=["al-16bde", "al-5ind"],
                     targets=["2455"], supply="sp-allied-01")
    last = st.vars["last_combat"]
    assert (last["a"], last["d"]) == (0, 3)
    assert any("D3" in e.text for e in events)
    st, _ = act(controller, st, "loss", "allied", unit="ax-1lib-1")
    assert st.pieces["ax-1lib-1"].status == "cadre"
    assert not st.vars["pending"] or st.vars["pending"][0]["kind"] != "loss"


def test_9_4_magnitude_3_results_add_up_to_a2_d6(controller, module):
    """Three white dice read A1/D2, D1 and A1/D3 (on the 3-1 column): A2/D6."""
    st = clean(controller, module)
    for pid in ("al-16bde", "al-5ind"):
        put(st, pid, "2456")
    for pid in ("al-11ind", "al-16aus"):
        put(st, pid, "2556")
    put(st, "sp-allied-01", "2456")
    for pid in ("ax-1ccnn-1", "ax-1ccnn-2", "ax-2ccnn-1", "ax-2ccnn-2"):
        put(st, pid, "2455", disrupted=True)
    put(st, "ax-4ccnn-1", "2454")
    segment(st, "allied", "primary", "combat")
    attackers = ["al-16bde", "al-5ind", "al-11ind", "al-16aus"]
    od = controller.odds(st, attackers, ["2455"], supply="sp-allied-01")
    assert (od["attack"], od["defence"], od["column"], od["magnitude"]) == (27, 8, "3-1", 3)
    next_dice(st, [2, 3, 5, 4])
    st, _ = act(controller, st, "attack", "allied", attackers=attackers, targets=["2455"],
                supply="sp-allied-01")
    last = st.vars["last_combat"]
    assert (last["a"], last["d"], last["whites"]) == (2, 6, [2, 3, 5])


def test_9_5_the_owner_picks_the_even_losses_the_opponent_the_odd(controller, module):
    item = {"side": "allied", "n": 5, "taken": 0}
    picks = []
    for k in range(5):
        picks.append(picker({**item, "taken": k}))
    assert picks == ["axis", "allied", "axis", "allied", "axis"]


def test_9_5_a_second_loss_waits_and_hqs_and_artillery_go_last(controller, module):
    from ffl.games.legend_begins.rules.resolve import loss_choices

    st = clean(controller, module)
    for pid in ("al-7armd", "al-1rtr", "al-2rtr", "al-4rha"):
        put(st, pid, "2456")
    ctx = controller.ctx(st)
    item = {"units": ["al-7armd", "al-1rtr", "al-2rtr", "al-4rha"], "hits": {}}
    assert sorted(loss_choices(ctx, item)) == ["al-1rtr", "al-2rtr"]
    item["hits"] = {"al-1rtr": 1}
    assert loss_choices(ctx, item) == ["al-2rtr"]
    st.pieces["al-1rtr"].status = st.pieces["al-2rtr"].status = "cadre"
    assert sorted(loss_choices(controller.ctx(st), item)) == ["al-4rha", "al-7armd"]


def test_9_5_the_88s_take_a_loss_after_every_other_unit_took_one(controller, module):
    from tlb_helpers import add

    from ffl.games.legend_begins.rules.resolve import loss_choices

    st = clean(controller, module)
    add(st, module, "ger-88")
    add(st, module, "ger-104")
    put(st, "ger-88", "1505")
    put(st, "ger-104", "1505")
    ctx = controller.ctx(st)
    assert loss_choices(ctx, {"units": ["ger-88", "ger-104"], "hits": {}}) == ["ger-104"]
    assert sorted(loss_choices(ctx, {"units": ["ger-88", "ger-104"],
                                     "hits": {"ger-104": 1}})) == ["ger-104", "ger-88"]


def test_9_5_losses_are_picked_alternately_through_the_controller(controller, module):
    st = _brigades_vs_libyan(controller, module)
    st.pieces["ax-1lib-1"].data["steps"] = 3       # defends 4: 11 to 4 is a 2-1
    next_dice(st, [3, 1])                    # 2-1 white 3: A1/D2; black 1: Repulsed
    st, _ = act(controller, st, "attack", "allied", attackers=["al-16bde", "al-5ind"],
                targets=["2455"], supply="sp-allied-01")
    prompt = controller.prompt(st)
    assert prompt.kinds == ("loss",) and prompt.side == "allied"     # loss 1: the opponent
    st, _ = act(controller, st, "loss", "allied", unit="ax-1lib-1")
    assert controller.prompt(st).side == "axis"                      # loss 2: the owner
    st, _ = act(controller, st, "loss", "axis", unit="ax-1lib-1")
    assert st.pieces["ax-1lib-1"].data["steps"] == 1
    assert controller.prompt(st).side == "axis"                      # A1: Axis picks
    refused(controller, st, "loss", "axis", unit="ax-1lib-1")
    st, _ = act(controller, st, "loss", "axis", unit="al-16bde")
    assert st.pieces["al-16bde"].data["steps"] == 3


def test_9_6_poor_odds_is_an_automatic_a1_repulsed(controller, module):
    st = clean(controller, module)
    put(st, "al-11hus", "2456")
    for pid in ("ax-64cat-1", "ax-64cat-2"):
        put(st, pid, "2455")
    segment(st, "allied", "primary", "combat")
    od = controller.odds(st, ["al-11hus"], ["2455"])
    assert od["column"] == "Poor Odds (below 1-4)"
    st, events = act(controller, st, "attack", "allied", attackers=["al-11hus"],
                     targets=["2455"])
    assert not any(e.dice for e in events)
    last = st.vars["last_combat"]
    assert (last["a"], last["result"]) == (1, "Repulsed")


def test_9_1_no_unit_attacks_twice_and_none_is_attacked_twice(controller, module):
    st = _brigades_vs_libyan(controller, module)
    st.pieces["ax-1lib-1"].data["steps"] = 3
    next_dice(st, [3, 3])                    # A1/D3 Overrun? read the table: any result
    st, _ = act(controller, st, "attack", "allied", attackers=["al-16bde"], targets=["2455"],
                supply="sp-allied-01")
    while controller.prompt(st).kinds and controller.prompt(st).phase == "combat" and \
            controller.prompt(st).info.get("pending"):
        a = controller.legal_actions(st)[0]
        st, _ = act(controller, st, a.kind, a.side, **dict(a.args))
    refused(controller, st, "attack", "allied", attackers=["al-16bde"], targets=["2455"])


def test_9_1_units_in_an_enemy_active_zoc_must_attack(controller, module):
    st = clean(controller, module)
    put(st, "al-16bde", "2456")
    put(st, "ax-m13-3", "2455")              # a tank battalion: Active ZOC
    segment(st, "allied", "primary", "combat")
    verdict = refused(controller, st, "end-combat", "allied")
    assert verdict.rule == "9.1"
    st, _ = act(controller, st, "attack", "allied", attackers=["al-16bde"], targets=["2455"])
    while controller.prompt(st).info.get("pending"):
        a = controller.legal_actions(st)[0]
        st, _ = act(controller, st, a.kind, a.side, **dict(a.args))
    assert controller.legal(st, _end("allied"))


def _end(side):
    from ffl.engine import Action

    return Action.make("end-combat", side)
