"""Fire through the FFLController: exact dice (chosen seeds, never patched)."""

from helpers import E, N, S, W, act, controller, dice, rules, state_with, verdict

from ffl.games.ffl.rules import fire

ADLER, ABDUL, YUSUF, KOLB = "L-1-Adler", "B-A-Abdul", "B-A-Yusuf", "L-LC-Kolb"
WHERE = {ADLER: ("M3", 2, N), ABDUL: ("M1", 0, S)}


def test_7_6_roll_reaching_the_fire_number_hits():
    # Adler fires 3; Abdul on the sand has no cover: a 3 hits
    state = state_with(WHERE, phase="fire", rolls=(3,))
    after, events = act(state, "fire", piece=ADLER, target=ABDUL)
    assert dice(events) == [3]
    assert after.pieces[ABDUL].status == "eliminated"
    assert "7.6" in rules(events)


def test_7_6_roll_below_the_fire_number_misses():
    state = state_with(WHERE, phase="fire", rolls=(2,))
    after, events = act(state, "fire", piece=ADLER, target=ABDUL)
    assert after.pieces[ABDUL].status == "active"
    assert any(e.kind == "miss" for e in events)


def test_7_72_partial_cover_makes_a_3_miss():
    # Abdul fires up at Adler behind the crenel: 7.721 -1, Fire Number 4 -> needs 5
    state = state_with(WHERE, phase="fire", chit="arab", rolls=(4,))
    [info] = fire.targets(state, controller().ctx(state), ABDUL)
    assert info.needed == 5
    after, events = act(state, "fire", side="bedouin", piece=ABDUL, target=ADLER)
    assert after.pieces[ADLER].status == "active"
    state = state_with(WHERE, phase="fire", chit="arab", rolls=(5,))
    after, events = act(state, "fire", side="bedouin", piece=ABDUL, target=ADLER)
    assert after.pieces[ADLER].status == "eliminated"


def test_7_82_chief_saved_by_a_low_roll():
    where = {ADLER: ("M3", 2, N), YUSUF: ("M1", 0, S)}
    state = state_with(where, phase="fire", rolls=(6, 4))
    after, events = act(state, "fire", piece=ADLER, target=YUSUF)
    assert dice(events) == [6, 4]
    assert after.pieces[YUSUF].status == "active"
    state = state_with(where, phase="fire", rolls=(6, 5))
    after, events = act(state, "fire", piece=ADLER, target=YUSUF)
    assert after.pieces[YUSUF].status == "eliminated"


def test_7_1_controller_lists_fire_actions_only_for_the_drawn_org():
    where = {ADLER: ("A16", 0, E), KOLB: ("A15", 0, E), ABDUL: ("D16", 0, W)}
    state = state_with(where, phase="fire")
    kinds = {(a.kind, a.get("piece")) for a in controller().legal_actions(state)}
    assert ("fire", ADLER) in kinds and ("fire", KOLB) not in kinds
    v = verdict(state, "fire", piece=KOLB, target=ABDUL)
    assert not v and v.rule == "7.12"
