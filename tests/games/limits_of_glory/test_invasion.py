"""The Invasion Phase and the Disembarkation Phase."""

from log_helpers import act, controller, fresh, glory, refused, seek, settle, task

from ffl.games.limits_of_glory import tables as T


def _at_sea(seed=2, real="fleet-toulon"):
    """Past the set-up: the Bedouin placed, the real fleet chosen."""
    state = fresh(seed)
    ctrl = controller()
    while task(state) and task(state)["kind"] == "bedouin":
        state, _ = act(state, "place-bedouin", "allied",
                       space=ctrl.legal_actions(state)[0]["space"])
    state, _ = act(state, "choose-fleet", "french", fleet=real)
    return state


def _place(state, pid, space):
    from ffl.games.limits_of_glory.model import forget

    forget(state)
    state.pieces[pid].space = space


def test_invasion_selecting_the_real_fleet_is_secret_from_the_allies():
    state = _at_sea()
    ctrl = controller()
    assert ctrl.real_fleet(ctrl.view(state, "french")) == "fleet-toulon"
    allied = ctrl.view(state, "allied")
    assert ctrl.real_fleet(allied) is None
    assert "fleet-toulon" not in str(allied.vars)
    assert ctrl.secrets(state, "allied") and not ctrl.secrets(state, "french")
    assert allied.seed == 0


def test_invasion_momentum_markers_three_french_one_allied():
    state = _at_sea()
    assert state.vars["hand"] == {"french": 3, "allied": 1}
    assert state.vars["active"] == "french"


def test_invasion_example_toulon_fleet_leaves_nelson_behind():
    """Invasion: the worked example: the Toulon fleet shares a value-3 sea space with
    Nelson; 1, 3, 4; Brueys spends 3 to re-roll all three: 2, 5, 6; Nelson spends 2 to
    have the 5 and 6 re-rolled: 3 and 6; the final 2, 3, 6 moves the fleet."""
    state = _at_sea()
    _place(state, "fleet-toulon", "aboukir-bay")
    _place(state, "nelson", "aboukir-bay")
    state.pieces["brueys"].data["glory"] = 12
    state.pieces["nelson"].data["glory"] = 20
    seek(state, [1, 3, 4])
    state, _ = act(state, "activate", "french", space="aboukir-bay")
    assert task(state)["opp"] == "nelson" and task(state)["cmd"] == "brueys"
    seek(state, [2, 5, 6])
    state, _ = act(state, "reroll", "french", dice="0,1,2", six="")
    seek(state, [3, 6])
    state, events = act(state, "force", "allied", dice="1,2")
    assert glory(state, "brueys") == 9 and glory(state, "nelson") == 18
    assert any(e.text == "Movement: Activating: Aboukir Bay: dice 1, 2, 3 re-rolled with "
               "Brueys' glory, dice 2, 3 re-rolled as Nelson required; final 2, 3, 6: "
               "1 success: passed" for e in events)
    assert state.vars["activation"] == {"space": "aboukir-bay", "side": "french",
                                      "moved": False}
    state, _ = act(state, "move", "french", space="aboukir-bay", to="libyan-sea",
                   pieces="fleet-toulon", units="", leave="")
    assert state.pieces["fleet-toulon"].space == "libyan-sea"


def test_invasion_forcing_rerolls_only_with_a_fleet_in_the_same_space():
    state = _at_sea()
    seek(state, [6, 1, 1])
    state, _ = act(state, "activate", "french", space="toulon")
    assert state.vars["activation"]     # passed: no question (Nelson is far away)


def test_invasion_malta_a_fleet_stops_there_and_is_marked():
    state = _at_sea()
    _place(state, "fleet-genoa", "tyrrhenian")
    seek(state, [6, 6])
    state, _ = act(state, "activate", "french", space="tyrrhenian")
    state, events = act(state, "move", "french", space="tyrrhenian", to="malta",
                        pieces="fleet-genoa", units="", leave="")
    assert state.pieces["fleet-genoa"].data["malta"] is True
    assert state.vars["markers"]["malta"]["french"] == 1
    assert any(e.rule == T.INV_MALTA for e in events)


def test_safe_harbours_fleets_never_enter_allied_ones():
    state = _at_sea()
    _place(state, "fleet-genoa", "aegean")
    seek(state, [6, 6])
    state, _ = act(state, "activate", "french", space="aegean")
    verdict = refused(state, "move", "french", space="aegean", to="rhodes",
                      pieces="fleet-genoa", units="", leave="")
    assert not verdict and verdict.rule == T.HARBOURS


def test_invasion_interception_dummy_removed_real_ends_the_invasion():
    """Invasion: How to intercept / Dummy marker / Intercepted invasion fleet."""
    state = _at_sea(real="fleet-toulon")
    _place(state, "fleet-genoa", "tyrrhenian")
    _place(state, "nelson", "malta")
    seek(state, [6, 6])
    state, _ = act(state, "activate", "french", space="tyrrhenian")
    state, _ = act(state, "move", "french", space="tyrrhenian", to="malta",
                   pieces="fleet-genoa", units="", leave="")
    assert task(state)["kind"] == "intercept"
    seek(state, [5, 1, 1])
    state, _ = act(state, "intercept", "allied", go=True)
    state, _ = settle(state)
    assert state.pieces["fleet-genoa"].status == "eliminated"
    assert state.vars["phase"] == "invasion"


def test_invasion_intercepted_at_sea_lands_at_marabout_with_17_infantry():
    """Disembarkation: Table, intercepted at sea: Marabout Bay, 17 infantry, 1
    artillery and the savants; Nelson and Brueys' glory go."""
    state = _at_sea(real="fleet-toulon")
    _place(state, "fleet-toulon", "tyrrhenian")
    _place(state, "nelson", "ionian")
    seek(state, [6, 6])
    state, _ = act(state, "activate", "french", space="tyrrhenian")
    state, _ = act(state, "move", "french", space="tyrrhenian", to="ionian",
                   pieces="fleet-toulon", units="", leave="")
    seek(state, [6])            # the Ionian Sea has value 1: one die
    state, _ = act(state, "intercept", "allied", go=True)
    state, _ = settle(state)
    french = [p for p in state.pieces.values() if p.space == "marabout" and p.side == "french"]
    assert sum(1 for p in french if p.type == "fr-inf") == 17
    assert sum(1 for p in french if p.type == "fr-art") == 1
    assert sum(1 for p in french if p.type == "fr-sav") == 1
    assert state.pieces["bonaparte"].space == "marabout"
    assert state.pieces["nelson"].status == "eliminated"
    assert state.vars["phase"] == "conquest"


def test_invasion_successful_invasion_lands_next_to_the_fleet():
    """Invasion: Successful invasion; Disembarkation: not in Syria nor into a BUA;
    Brueys, Villeneuve and Du Chayla replace the fleet; Hood and Troubridge join
    Nelson, whose glory grows by 4d6."""
    state = _at_sea(real="fleet-toulon")
    _place(state, "fleet-toulon", "aboukir-bay")
    from ffl.engine import fold
    from ffl.games.limits_of_glory.invasion import new_turn
    from ffl.games.limits_of_glory.tasks import GloryBatch

    batch = GloryBatch(state)
    new_turn(batch, controller().ctx(state))
    state = fold(state, batch.finish("test", "test"))
    before = glory(state, "nelson")
    assert not refused(state, "disembark", "french", to="el-arish")
    state, _ = act(state, "disembark", "french", to="alexandria")
    assert state.pieces["bonaparte"].space == "alexandria"
    assert state.pieces["bonaparte"].level == 0
    assert all(state.pieces[c].space == "aboukir-bay" for c in ("brueys", "villeneuve",
                                                                 "du-chayla"))
    assert state.pieces["hood"].space == state.pieces["nelson"].space
    assert glory(state, "nelson") >= before + 4
    assert not [p for p in state.pieces.values() if p.type == "fleet" and p.status == "active"]
