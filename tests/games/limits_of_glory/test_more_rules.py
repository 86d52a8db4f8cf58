"""Further rules: seniority at sea and among the Allies, British mixed forces, the
Valley of the Kings, Bonaparte exhausted or captured, Ganteaume, Malta's
garrison and its capture, sallies and relief forces, defenders leaving."""

from log_helpers import act, commander, conquest, controller, fresh, put, refused, task, until

from ffl.engine import fold
from ffl.games.limits_of_glory import tables as T
from ffl.games.limits_of_glory.tasks import GloryBatch


def _ctx(state):
    return controller().ctx(state)


def test_seniority_naval_army_commanders_never_spend_glory_at_sea():
    from ffl.games.limits_of_glory.movement import rerolling

    state = conquest()
    commander(state, "kleber", "delta-coast", 20)
    put(state, "delta-coast", {"fr-inf": 2})
    assert rerolling(_ctx(state), state, "french", "delta-coast") is None
    commander(state, "villeneuve", "delta-coast", 5, squadrons=1)
    assert rerolling(_ctx(state), state, "french", "delta-coast") == "villeneuve"


def test_seniority_allied_the_highest_rated_commands_a_mixed_force():
    from ffl.games.limits_of_glory.model import senior

    state = conquest()
    put(state, "cairo", {"ot-inf": 3, "br-inf": 3})
    commander(state, "murray", "cairo", 18)          # British number 10, glory 18
    commander(state, "ali", "cairo", 6)              # Ottoman number 5, glory 6
    assert senior(_ctx(state), state, "cairo", "allied").id == "murray"


def test_combat_british_mixed_forces_only_british_and_albanians_count():
    from ffl.games.limits_of_glory.strength import FIELD, SIEGE, strength

    state = conquest()
    put(state, "cairo", {"br-inf": 3, "ot-inf": 4, "al-inf": 2})
    commander(state, "baird", "cairo", 10)
    field = {"mode": FIELD, "space": "cairo", "att": "allied", "def": "french"}
    assert strength(_ctx(state), state, field, "allied") == 5
    siege = {"mode": SIEGE, "space": "cairo", "att": "allied", "def": "french",
             "assault": True}
    assert strength(_ctx(state), state, siege, "allied") == 9


def test_how_to_win_valley_of_the_kings_six_vps_with_an_escort():
    from ffl.games.limits_of_glory.control import update

    state = conquest()
    put(state, T.VALLEY, {"fr-sav": 1, "fr-inf": 1})
    batch = GloryBatch(state)
    update(batch, _ctx(state))
    after = fold(state, batch.finish("t", "t"))
    assert after.vars["vp"]["french"] == 6


def test_how_to_win_bonaparte_exhausted_costs_nine_once():
    from ffl.games.limits_of_glory.glory import spend

    state = conquest()
    put(state, "cairo", {"fr-inf": 1})
    commander(state, "bonaparte", "cairo", 2)
    batch = GloryBatch(state)
    spend(batch, _ctx(state), "bonaparte", 2, T.MECH_GLORY, "test")
    after = fold(state, batch.finish("t", "t"))
    assert after.vars["vp"]["french"] == -9
    assert any(e.rule == T.GLORY_EXHAUSTED for e in batch.events)


def test_return_captured_at_sea_bonaparte_is_a_prisoner():
    state = conquest()
    put(state, "alexandria", {"fr-inf": 2})
    commander(state, "bonaparte", "alexandria", 30)
    commander(state, "smith", "libyan-sea", 10, squadrons=1)
    state.vars["control"] = {"alexandria": "french"}
    state.vars["flags"] = {"return_allowed": True}
    state, _ = act(state, "return", "french", sea="libyan-sea")
    state, _ = until(state, "activate", "french", lambda s, e: s.vars.get("activation"),
                     space="alexandria")
    state, _ = act(state, "move", "french", space="alexandria", to="libyan-sea", units="",
                   pieces="bonaparte", leave="")
    assert task(state)["kind"] == "muiron"
    state, _ = until(state, "intercept", "allied",
                     lambda s, e: task(s) and task(s)["kind"] == "test"
                     and any(d >= 5 for d in task(s)["dice"]), go=True)
    while task(state) and task(state)["kind"] == "test":
        t = task(state)
        if t["stage"] == "reroll":
            state, _ = act(state, "reroll", "allied", dice="", six="")
        else:
            state, _ = act(state, "force", "french", dice="")
    if state.pieces["bonaparte"].status == "eliminated":
        assert state.vars["flags"]["bonaparte_captured"]
        assert state.vars["vp"]["french"] == -9
        v = refused(state, "ganteaume", "french", harbour="toulon")
        assert not v


def test_event_18_ganteaume_only_after_bonaparte_is_home():
    state = conquest()
    state.vars["flags"] = {"ganteaume_allowed": True}
    v = refused(state, "ganteaume", "french", harbour="toulon")
    assert not v and v.rule == T.event_rule(18)
    state.vars["flags"]["bonaparte_returned"] = True
    state, _ = act(state, "ganteaume", "french", harbour="genoa")
    assert state.pieces["ganteaume"].space == "genoa"
    assert state.pieces["ganteaume"].data["squadrons"] == 2
    assert sum(1 for p in state.pieces.values() if p.space == "genoa" and p.type == "fr-inf") == 4


def test_disembarkation_malta_garrison_and_governor():
    from ffl.games.limits_of_glory.landing import land

    state = fresh(5)
    state.vars["pending"] = []
    state.vars["secret_real_fleet"] = "fleet-genoa"
    state.pieces["fleet-genoa"].data["malta"] = True
    batch = GloryBatch(state)
    land(batch, _ctx(state), "at-sea", "libyan-sea", T.MARABOUT)
    from ffl.games.limits_of_glory.flow import advance

    advance(batch, _ctx(state))
    state = fold(state, batch.finish("t", "t"))
    assert sum(1 for p in state.pieces.values() if p.space == T.MARABOUT
               and p.type == "fr-inf") == 19
    assert any(p.type == "fr-gar" and p.space == T.MALTA_LAND for p in state.pieces.values())
    assert state.vars["vp"]["french"] == 2
    assert task(state)["kind"] == "governor"
    state, _ = act(state, "governor", "french", commander="kleber")
    assert state.pieces["kleber"].space == T.MALTA_LAND
    assert state.pieces["lannes"].data["with"] == "bonaparte"


def test_malta_naval_assault_the_british_take_malta():
    state = conquest(active="allied")
    put(state, T.MALTA_LAND, {"fr-gar": 1}, level=1)
    commander(state, "keith", T.MALTA_SEA, 20, squadrons=2)
    put(state, T.MALTA_SEA, {"co-sq": 2})
    state.vars["vp"] = {"french": 2, "allied": 25}
    state.vars["flags"] = {"malta": "french"}

    def taken(s, e):
        while task(s):      # answer every question with the first legal answer
            ctrl = controller()
            s = fold(s, ctrl.apply(s, ctrl.legal_actions(s)[0]))
        return any(p.type == "br-gar" and p.space == T.MALTA_LAND for p in s.pieces.values())
    state, _ = until(state, "assault-malta", "allied", taken)


def test_sieges_defenders_sally_out_and_fight_in_the_open():
    state = conquest()
    put(state, "cairo", {"fr-inf": 6, "fr-art": 1}, level=1)
    put(state, "cairo", {"ot-inf": 5})
    state.vars["sieges"] = {"cairo": {"by": "allied", "assaulted": True}}
    state.vars["control"] = {"cairo": "french"}
    state, events = act(state, "sally", "french", space="cairo")
    assert any(e.rule == T.SIEGE_SALLY for e in events)
    strengths = next((e.info["strengths"] for e in events if "strengths" in e.info), None)
    if strengths:
        assert strengths["french"] == 6 + 3          # no walls, no ships


def test_sieges_defenders_leaving_only_by_sallying_or_by_sea():
    state = conquest()
    put(state, "cairo", {"fr-inf": 3}, level=1)
    put(state, "cairo", {"ot-inf": 5})
    state.vars["sieges"] = {"cairo": {"by": "allied", "assaulted": True}}
    state.vars["activation"] = {"space": "cairo", "side": "french"}
    v = refused(state, "move", "french", space="cairo", to="belbeis", units="fr-inf:3",
                pieces="", leave="")
    assert not v and v.rule == T.SIEGE_DEFENDERS


def test_sieges_relief_force_arriving_by_land_adds_the_besieged():
    state = conquest()
    put(state, "cairo", {"fr-inf": 2}, level=1)
    put(state, "cairo", {"ot-inf": 6})
    put(state, "belbeis", {"fr-inf": 4})
    state.vars["sieges"] = {"cairo": {"by": "allied", "assaulted": True}}
    state.vars["control"] = {"cairo": "french"}
    state.vars["activation"] = {"space": "belbeis", "side": "french"}
    state, events = act(state, "move", "french", space="belbeis", to="cairo",
                        units="fr-inf:4", pieces="", leave="")
    assert any(e.rule == T.SIEGE_LAND_RELIEF for e in events)
    strengths = next(e.info["strengths"] for e in events if "strengths" in e.info)
    assert strengths == {"french": 6, "allied": 6}


def test_sieges_relief_force_by_sea_goes_straight_into_the_bua():
    state = conquest()
    put(state, "damietta", {"fr-inf": 2}, level=1)
    put(state, "damietta", {"ot-inf": 6})
    commander(state, "villeneuve", "delta-coast", 5, squadrons=1)
    put(state, "delta-coast", {"fr-inf": 3})
    state.vars["sieges"] = {"damietta": {"by": "allied", "assaulted": True}}
    state.vars["control"] = {"damietta": "french"}
    state.vars["activation"] = {"space": "delta-coast", "side": "french"}
    state, _ = act(state, "move", "french", space="delta-coast", to="damietta",
                   units="fr-inf:3", pieces="", leave="")
    inside = [p for p in state.pieces.values() if p.space == "damietta" and p.side == "french"]
    assert len(inside) == 5 and all(p.level == 1 for p in inside)


def test_albanians_keep_apart_from_other_ottoman_land_forces():
    state = conquest(active="allied")
    put(state, "cyprus", {"al-inf": 2})
    commander(state, "captain-pasha", "cyprus", 10, squadrons=1)
    put(state, "gaza", {"ot-inf": 2})
    state.vars["activation"] = {"space": "cyprus", "side": "allied"}
    state, _ = act(state, "move", "allied", space="cyprus", to="levant", units="al-inf:2",
                   pieces="captain-pasha", leave="")
    state.vars["activation"] = {"space": "levant", "side": "allied"}
    v = refused(state, "move", "allied", space="levant", to="gaza", units="al-inf:2",
                pieces="", leave="")
    assert not v and v.rule == T.event_rule(16)
