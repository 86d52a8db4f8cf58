"""4.1 and 9.5 log lines in a player's words: movement points as exact fractions (not
floats such as 7.66667), the side choosing a loss named as everywhere else ("Axis")."""

from __future__ import annotations

from tlb_helpers import act, clean, next_dice, put, segment

from ffl.games.legend_begins.rules.moves import mp_text


def test_4_1_movement_points_read_as_exact_fractions():
    assert [mp_text(s) for s in (0, 1, 2, 3, 4, 5, 6, 25, 46, 48)] == \
        ["0", "⅙", "⅓", "½", "⅔", "⅚", "1", "4⅙", "7⅔", "8"]


def test_4_1_the_move_line_writes_a_road_move_in_thirds(controller, module):
    st = clean(controller, module)
    put(st, "al-1rtr", "2560")                          # Mersa Matruh, on the coast road
    segment(st, "allied", "tertiary")                    # 4 MPs
    st, events = act(controller, st, "move", "allied", units=["al-1rtr"],
                     path=["2460", "2360", "2361", "2362"])
    line = next(e.text for e in events if e.kind == "mp")
    assert line == "4.1 movement points: 1 RTR 1⅓/4", line


def test_9_5_a_loss_names_the_side_choosing_it_as_elsewhere(controller, module):
    st = clean(controller, module)
    put(st, "al-16bde", "2456")
    put(st, "al-5ind", "2456")
    put(st, "sp-allied-01", "2456")
    put(st, "ax-1lib-1", "2455", steps=3)
    put(st, "ax-1lib-2", "2454")
    segment(st, "allied", "primary", "combat")
    next_dice(st, [1, 6])                     # 3-1 white 1: A1/D1; black 6: Overrun
    st, _ = act(controller, st, "attack", "allied", attackers=["al-16bde", "al-5ind"],
                targets=["2455"], supply="sp-allied-01")
    texts = []
    while "loss" in controller.prompt(st).kinds:
        a = controller.legal_actions(st)[0]
        st, events = act(controller, st, a.kind, a.side, **dict(a.args))
        texts += [e.text for e in events if "chosen by" in e.text]
    assert sorted(t.split("chosen by the ")[1].split(" player")[0] for t in texts) == \
        ["Allied", "Axis"], texts


def test_9_2_the_result_line_says_what_is_carried_out(controller, module):
    st = clean(controller, module)
    put(st, "al-16bde", "2456")
    put(st, "al-5ind", "2456")
    put(st, "sp-allied-01", "2456")
    put(st, "ax-1lib-1", "2455", steps=3)
    segment(st, "allied", "primary", "combat")
    next_dice(st, [1, 6])                     # 3-1 white 1: A1/D1; black 6: Overrun
    st, events = act(controller, st, "attack", "allied", attackers=["al-16bde", "al-5ind"],
                     targets=["2455"], supply="sp-allied-01")
    line = next(e.text for e in events if e.kind == "pending" and e.rule == "9.2")
    where = controller.ctx(st).hexmap.name("2455")
    assert line == ("9.2 the result is carried out: the Axis lose 1 step; the Allies lose 1 "
                    f"step; the Axis retreat from {where}; the Allies may advance (Overrun)"), line
