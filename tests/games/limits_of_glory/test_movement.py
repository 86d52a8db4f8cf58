"""Movement, Bedouin and Commander Casualties."""

from log_helpers import act, commander, conquest, controller, glory, put, refused, seek, task

from ffl.games.limits_of_glory import tables as T


def _bonaparte_in_cairo(seed=3):
    state = conquest(seed)
    put(state, "cairo", {"fr-inf": 8, "fr-art": 1, "fr-sav": 1})
    commander(state, "bonaparte", "cairo", 45)
    for cid, senior in (("desaix", "bonaparte"), ("vial", "bonaparte"), ("friant", "desaix"),
                        ("kleber", "bonaparte"), ("lannes", "kleber")):
        p = state.pieces[cid]
        p.status, p.space, p.data["with"] = "with", "cairo", senior
    return state


def test_movement_how_to_move_the_desaix_and_vial_example():
    """Movement: How to move: Cairo (value 4) is activated with a 6; Desaix takes the
    savants and four infantry to the value-2 space towards Upper Egypt and has his
    glory established (Friant goes with him, without glory); Vial stays in Cairo
    with one infantry (glory established); Bonaparte goes to Belbeis with the rest."""
    state = _bonaparte_in_cairo()
    seek(state, [6, 1, 2, 3])
    state, _ = act(state, "activate", "french", space="cairo")
    assert state.vars["activation"] == {"space": "cairo", "side": "french",
                                      "moved": False}
    assert not task(state)                   # passed: nothing to re-roll
    state, _ = act(state, "move", "french", space="cairo", to="atfih",
                   units="fr-inf:4,fr-sav:1", pieces="desaix", leave="")
    assert state.pieces["desaix"].status == "active" and glory(state, "desaix") > 0
    assert state.pieces["friant"].status == "with" and state.pieces["friant"].space == "atfih"
    assert "glory" not in state.pieces["friant"].data
    state, _ = act(state, "move", "french", space="cairo", to="belbeis",
                   units="fr-inf:3,fr-art:1", pieces="bonaparte", leave="vial")
    assert state.pieces["vial"].space == "cairo" and glory(state, "vial") > 0
    assert state.pieces["kleber"].space == "belbeis" and state.pieces["lannes"].space == "belbeis"
    left = [p for p in state.pieces.values() if p.space == "cairo" and p.type == "fr-inf"]
    assert len(left) == 1
    # Bonaparte, Desaix and Vial are in three spaces: each must be activated anew
    assert state.vars["activation"] in (None, {"space": "cairo", "side": "french", "moved": True})


def test_movement_successive_moves_a_failure_places_a_marker_and_passes():
    state = _bonaparte_in_cairo()
    state.pieces["bonaparte"].data["glory"] = 0
    seek(state, [1, 2, 3, 4])
    state, events = act(state, "activate", "french", space="cairo")
    assert state.vars["markers"]["cairo"]["french"] == 1
    assert state.vars["hand"]["french"] == 2
    assert state.vars["active"] == "allied"
    assert any(e.rule == T.MOVE_SUCCESSIVE for e in events)
    state.vars["active"] = "french"
    assert refused(state, "activate", "french", space="cairo").rule == T.MOMENTUM_PLACE


def test_movement_successive_moves_a_passed_test_may_move_nothing_and_be_taken_again():
    """Movement: How to move lets activated elements stay; Successive moves bars a
    second test of a space only after a failed one.  The book is silent on a passed
    test followed by no move (the reconstructions doc): the activation is finished
    with nothing moved, no marker is placed, the initiative stays, and the space may
    be tested again (a failure then places the marker, as always)."""
    state = _bonaparte_in_cairo()
    seek(state, [6, 1, 2, 3])
    state, _ = act(state, "activate", "french", space="cairo")
    state, events = act(state, "done", "french")
    assert events[0].rule == T.MOVE_HOW and events[0].text.startswith(T.MOVE_HOW)
    assert not any(e.rule in (T.MOVE_SUCCESSIVE, T.MOMENTUM_ALTERNATE) for e in events)
    assert not state.vars.get("activation") and not state.vars["markers"]
    assert state.vars["active"] == "french" and state.vars["hand"]["french"] == 3
    assert len([p for p in state.pieces.values() if p.space == "cairo"
                and p.type == "fr-inf"]) == 8
    state.pieces["bonaparte"].data["glory"] = 0
    seek(state, [1, 2, 3, 4])
    state, events = act(state, "activate", "french", space="cairo")
    assert any(e.rule == T.MOVE_SUCCESSIVE for e in events)
    assert state.vars["markers"]["cairo"]["french"] == 1


def test_movement_savants_never_alone():
    state = _bonaparte_in_cairo()
    seek(state, [6, 6, 6, 6])
    state, _ = act(state, "activate", "french", space="cairo")
    v = refused(state, "move", "french", space="cairo", to="atfih", units="fr-sav:1",
                pieces="", leave="")
    assert not v and v.rule == T.MOVE_SAVANTS


def test_movement_mamluks_never_at_sea():
    state = conquest(active="allied")
    put(state, "damietta", {"ma-inf": 2})
    put(state, "delta-coast", {"ot-sq": 1})
    seek(state, [6, 6])
    state, _ = act(state, "activate", "allied", space="damietta")
    v = refused(state, "move", "allied", space="damietta", to="delta-coast",
                units="ma-inf:2", pieces="", leave="")
    assert not v and v.rule == T.MOVE_MAMLUK


def test_embark_and_disembark_only_with_friendly_squadrons():
    state = conquest(active="allied")
    put(state, "jaffa", {"ot-inf": 2})
    seek(state, [6, 6])
    state, _ = act(state, "activate", "allied", space="jaffa")
    v = refused(state, "move", "allied", space="jaffa", to="levant", units="ot-inf:2",
                pieces="", leave="")
    assert not v and v.rule == T.EMBARK
    put(state, "levant", {"ot-sq": 1})
    assert refused(state, "move", "allied", space="jaffa", to="levant", units="ot-inf:2",
                   pieces="", leave="")


def test_commander_casualties_unaccompanied_commander_is_lost():
    state = conquest()
    put(state, "fayum", {"fr-inf": 1})
    commander(state, "desaix", "fayum", 10)
    put(state, "beni-suef", {"ma-cav": 1})
    seek(state, [6, 6])
    state, _ = act(state, "activate", "french", space="fayum")
    state, events = act(state, "move", "french", space="fayum", to="beni-suef", units="",
                        pieces="desaix", leave="")
    assert state.pieces["desaix"].status == "eliminated"
    assert any(e.rule == T.CASUALTY_ALONE for e in events)


def test_bedouin_picking_off_stragglers_costs_glory_no_momentum():
    state = conquest()
    put(state, "fayum", {"fr-inf": 2})
    commander(state, "desaix", "fayum", 10)
    b = state.pieces["bedouin-1"]
    b.status, b.space = "active", "beni-suef"
    seek(state, [6, 6, 5, 1])
    state, _ = act(state, "activate", "french", space="fayum")
    seek(state, [5, 6])
    state, events = act(state, "move", "french", space="fayum", to="beni-suef",
                        units="fr-inf:2", pieces="desaix", leave="")
    assert glory(state, "desaix") == 8
    assert not state.vars["markers"].get("beni-suef")
    assert any(e.rule == T.STRAGGLERS for e in events)


def test_bedouin_removing_needs_three_successes_in_a_value_three_or_four_space():
    state = conquest()
    put(state, "mansura", {"fr-inf": 2})
    b = state.pieces["bedouin-1"]
    b.status, b.space = "active", "mansura"
    seek(state, [5, 6, 6])
    state, events = act(state, "remove-bedouin", "french", space="mansura")
    assert state.pieces["bedouin-1"].status == "eliminated"
    assert not state.vars["markers"].get("mansura")
    assert not refused(state, "remove-bedouin", "french", space="mansura")
    state2 = conquest()
    put(state2, "belbeis", {"fr-inf": 2})
    b = state2.pieces["bedouin-2"]
    b.status, b.space = "active", "belbeis"
    assert refused(state2, "remove-bedouin", "french", space="belbeis").rule == T.BEDOUIN_REMOVE


def test_alexandrias_sea_walls_no_landing_while_the_enemy_holds_it():
    state = conquest(active="allied")
    put(state, "alexandria", {"fr-inf": 2})
    put(state, "aboukir-bay", {"ot-sq": 1, "ot-inf": 3})
    state.vars["control"] = {"alexandria": "french"}
    seek(state, [6, 6, 6])
    state, _ = act(state, "activate", "allied", space="aboukir-bay")
    v = refused(state, "move", "allied", space="aboukir-bay", to="alexandria",
                units="ot-inf:3", pieces="", leave="")
    assert not v and v.rule == T.SEA_WALLS
    assert refused(state, "move", "allied", space="aboukir-bay", to="rosetta",
                   units="ot-inf:3", pieces="", leave="")


def test_controller_movers_query():
    state = _bonaparte_in_cairo()
    movers = controller().movers(state, "cairo", "french")
    assert "bonaparte" in movers and len(movers) == 11
