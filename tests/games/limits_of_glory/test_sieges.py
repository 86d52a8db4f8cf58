"""Sieges (assault, rounds, walls, naval support, Mamluks, lone commanders) and the
siege of Malta."""

from log_helpers import act, commander, conquest, put, refused, task

from ffl.games.limits_of_glory import tables as T


def _acre(assaulted=False, seed=4):
    state = conquest(seed)
    put(state, "acre", {"fr-inf": 6, "fr-cav": 2})
    put(state, "acre", {"ot-inf": 4, "ma-inf": 3}, level=1)
    put(state, "levant", {"ot-sq": 1})
    state.vars["sieges"] = {"acre": {"by": "french", "assaulted": assaulted}}
    return state


def _strengths(events):
    return next(e.info["strengths"] for e in events if "strengths" in e.info)


def test_sieges_assault_round_counts_cavalry_walls_and_naval_support():
    """Sieges: Assault round: all elements (not Mamluks), the walls' 5 and the
    squadrons next to the BUA."""
    state = _acre()
    state, events = act(state, "siege", "french", space="acre")
    assert _strengths(events) == {"french": 6 + 2 * 2, "allied": 4 + 5 + 1}
    assert any(e.rule == T.SIEGE_ASSAULT for e in events)


def test_sieges_cavalry_no_longer_counts_after_the_assault():
    state = _acre(assaulted=True)
    state, events = act(state, "siege", "french", space="acre")
    assert _strengths(events)["french"] == 6


def test_sieges_only_one_round_per_turn_and_a_marker_after_it():
    """Sieges: Only one round per turn: a French marker goes into Acre after the
    round; Sieges: Mamluk restrictions: the sheltering Mamluks are never lost."""
    state = _acre()
    state, events = act(state, "siege", "french", space="acre")
    assert state.vars["markers"]["acre"]["french"] == 1
    assert state.vars["sieges"]["acre"]["assaulted"] is True
    assert sum(1 for p in state.pieces.values() if p.space == "acre" and p.type == "ma-inf") == 3
    state.vars["active"] = "french"
    v = refused(state, "siege", "french", space="acre")
    assert not v and v.rule == T.SIEGE_ROUND


def test_sieges_mamluk_restrictions_mamluks_never_besiege():
    state = conquest(active="allied")
    put(state, "cairo", {"fr-inf": 2}, level=1)
    put(state, "cairo", {"ma-cav": 4})
    state.vars["sieges"] = {"cairo": {"by": "allied", "assaulted": False}}
    v = refused(state, "siege", "allied", space="cairo")
    assert not v and v.rule == T.SIEGE_MAMLUK


def test_sieges_commanders_defending_on_their_own_fall_at_the_first_hit():
    state = conquest(active="allied")
    commander(state, "vial", "damietta", 5, level=1)
    put(state, "damietta", {"ot-inf": 8})
    state.vars["sieges"] = {"damietta": {"by": "allied", "assaulted": False}}
    state.vars["control"] = {"damietta": "french"}
    state, _ = act(state, "siege", "allied", space="damietta")
    t = task(state)
    assert t["kind"] == "combat" and t["mode"] == "siege"


def test_malta_only_attacked_with_a_french_garrison():
    state = conquest(active="allied")
    put(state, "malta", {"co-sq": 1})
    v = refused(state, "assault-malta", "allied")
    assert not v and v.rule == T.MALTA_ATTACK
    put(state, "malta-island", {"fr-gar": 1}, level=1)
    assert refused(state, "assault-malta", "allied")


def test_malta_coalition_squadrons_never_leave_malta():
    state = conquest(active="allied")
    put(state, "malta", {"co-sq": 1})
    from log_helpers import seek

    seek(state, [6, 6, 6])
    state, _ = act(state, "activate", "allied", space="malta")
    v = refused(state, "move", "allied", space="malta", to="ionian", units="co-sq:1",
                pieces="", leave="")
    assert not v and v.rule == T.MALTA_COALITION
