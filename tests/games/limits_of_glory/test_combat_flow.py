"""Combat: losing, breaking off, draws, the French exception, leaders, naval combat,
transports sunk; Uprisings; the armies of events; Mamluks changing sides."""

from log_helpers import act, commander, conquest, controller, put, refused, task, until

from ffl.games.limits_of_glory import tables as T


def _count(state, space, tid, side=None):
    return sum(1 for p in state.pieces.values() if p.space == space and p.type == tid
               and p.status == "active" and (side is None or p.side == side))


def _attack(seed=31):
    """Six French infantry activated in Fayum, next to four Mamluk infantry in Beni Suef."""
    state = conquest(seed)
    put(state, "fayum", {"fr-inf": 6})
    put(state, "beni-suef", {"ma-inf": 4})
    state.vars["activation"] = {"space": "fayum", "side": "french"}
    return state


def _move_in(state):
    return dict(space="fayum", to="beni-suef", units="fr-inf:6", pieces="", leave="")


def test_combat_losing_a_combat_the_defenders_break_off_not_towards_the_attack():
    state = _attack()
    state, _ = until(state, "move", "french",
                     lambda s, e: task(s) and task(s)["kind"] == "break-off", **_move_in(state))
    t = task(state)
    assert t["side"] == "allied" and "fayum" not in t["places"]
    assert "beni-suef" not in t["places"]
    to = t["places"][0]
    state, events = act(state, "break-off", "allied", **controller().legal_actions(state)[0].to_json()["args"])
    assert any(e.rule == T.COMBAT_BREAK_OFF for e in events)
    assert _count(state, "beni-suef", "ma-inf") == 0
    assert state.vars["markers"].get(to, {}).get("allied") == 1


def test_combat_break_off_attackers_go_back_and_place_a_marker():
    state = conquest(32)
    put(state, "fayum", {"fr-inf": 4})
    put(state, "beni-suef", {"ma-inf": 12, "ma-cav": 4})
    state.vars["activation"] = {"space": "fayum", "side": "french"}
    args = dict(space="fayum", to="beni-suef", units="fr-inf:4", pieces="", leave="")

    def lost_and_back(s, e):
        return any(x.rule == T.COMBAT_BREAK_OFF for x in e) and _count(s, "fayum", "fr-inf")
    state, events = until(state, "move", "french", lost_and_back, **args)
    assert state.vars["markers"]["fayum"]["french"] == 1


def test_combat_draws_either_side_may_break_off_the_attacker_first():
    state = _attack(33)
    state, _ = until(state, "move", "french",
                     lambda s, e: task(s) and task(s).get("stage") == "draw-att", **_move_in(state))
    assert controller().prompt(state).side == "french"
    state, _ = act(state, "draw-choice", "french", off=False)
    assert task(state)["stage"] == "draw-def"
    state, events = act(state, "draw-choice", "allied", off=True)
    assert any(T.COMBAT_DRAWS in e.text and "break off" in e.text for e in events)


def test_combat_french_break_off_exception_into_mamluks_means_a_new_combat():
    state = conquest(34, active="allied")
    put(state, "atfih", {"fr-inf": 4})
    put(state, "cairo", {"ma-inf": 20, "ma-cav": 6})
    put(state, "eastern-desert", {"ma-inf": 1})
    state.vars["activation"] = {"space": "cairo", "side": "allied"}
    args = dict(space="cairo", to="atfih", units="ma-inf:20,ma-cav:6", pieces="", leave="")
    state, _ = until(state, "move", "allied",
                     lambda s, e: task(s) and task(s)["kind"] == "break-off", **args)
    t = task(state)
    assert "eastern-desert" in t["places"]       # the French may go where Mamluks are
    left = sum(1 for p in state.pieces.values() if p.space == "atfih" and p.type == "fr-inf")
    state, events = act(state, "break-off", "french", to="eastern-desert",
                        units=f"fr-inf:{left}", pieces="")
    assert any(e.rule == T.COMBAT_FRENCH_EXCEPTION for e in events)


def test_combat_leading_the_troops_a_junior_is_tested_after_the_combat():
    state = _attack(35)
    commander(state, "bon", "fayum", 12)
    p = state.pieces["rampon"]
    p.status, p.space, p.data["with"] = "with", "fayum", "bon"
    state, _ = act(state, "move", "french", **_move_in(state), )
    if task(state) and task(state)["stage"] == "lead-att":
        state, events = act(state, "lead", "french", commander="rampon")
        assert state.pieces["rampon"].status == "active"          # detached to lead
        assert "glory" in state.pieces["rampon"].data


def test_naval_combat_squadrons_and_their_losses():
    state = conquest(36, active="allied")
    commander(state, "nelson", "aboukir-bay", 20, squadrons=1)
    commander(state, "brueys", "delta-coast", 10, squadrons=1)
    put(state, "delta-coast", {"fr-inf": 3})
    state.vars["activation"] = {"space": "aboukir-bay", "side": "allied"}
    args = dict(space="aboukir-bay", to="delta-coast", units="", pieces="nelson", leave="")
    state, events = act(state, "move", "allied", **args)
    assert task(state)["kind"] == "combat" and task(state)["mode"] == "naval"


def test_naval_elements_destroyed_half_the_troops_get_ashore():
    from ffl.engine import fold
    from ffl.games.limits_of_glory.aftermath import _transports
    from ffl.games.limits_of_glory.tasks import GloryBatch

    state = conquest(37)
    put(state, "delta-coast", {"fr-inf": 5})
    batch = GloryBatch(state)
    _transports(batch, controller().ctx(state), "delta-coast", "french")
    after = fold(state, batch.finish("t", "t"))
    ashore = [p for p in after.pieces.values() if p.type == "fr-inf" and p.status == "active"]
    assert len(ashore) == 3
    assert all(not controller().ctx(state).is_sea(p.space) for p in ashore)


def test_uprisings_mamluk_cavalry_costs_the_french_commander_two_glory_a_success():
    state = conquest(38, active="allied")
    put(state, "giza", {"fr-inf": 2}, level=1)
    commander(state, "desaix", "giza", 20, level=1)
    put(state, "giza", {"ma-cav": 2})
    state.vars["sieges"] = {"giza": {"by": "allied", "assaulted": False}}
    assert refused(state, "uprising", "allied", space="giza")
    state, _ = until(state, "uprising", "allied",
                     lambda s, e: task(s) and task(s)["kind"] == "test"
                     and any(d >= 5 for d in task(s)["dice"]), space="giza")
    wins = sum(1 for d in task(state)["dice"] if d >= 5)
    state, events = act(state, "force", "french", dice="")
    assert state.pieces["desaix"].data["glory"] == 20 - 2 * wins
    assert any(e.rule == T.UPRISING_RESULT for e in events)
    assert "giza" in state.vars["uprisings"]
    assert not refused(state, "uprising", "allied", space="giza")
    assert not state.vars["markers"].get("giza")


def test_uprisings_never_in_syria():
    state = conquest(39, active="allied")
    put(state, "jaffa", {"fr-inf": 2})
    commander(state, "kleber", "jaffa", 10)
    put(state, "jaffa", {"ma-cav": 1})
    v = refused(state, "uprising", "allied", space="jaffa")
    assert not v and v.rule == T.UPRISING_MAMLUK


def test_event_8_ali_pasha_fights_the_french_outside_jaffa():
    from log_helpers import seek

    from ffl.engine import fold
    from ffl.games.limits_of_glory.clock import roll_event
    from ffl.games.limits_of_glory.flow import advance
    from ffl.games.limits_of_glory.tasks import GloryBatch

    state = conquest(40)
    put(state, "jaffa", {"fr-inf": 3})
    state.vars["event_dice"] = 2
    seek(state, [4, 4])
    batch = GloryBatch(state)
    ctx = controller().ctx(state)
    roll_event(batch, ctx, 2)
    advance(batch, ctx)
    state = fold(state, batch.finish("t", "t"))
    assert state.pieces["ali"].space == "jaffa"
    t = task(state)
    assert t["kind"] == "combat" and t["stage"] == "retire" and controller().prompt(state).side \
        == "french"


def test_bonaparte_returns_from_a_french_port_to_toulon_gains_nine():
    state = conquest(41)
    put(state, "alexandria", {"fr-inf": 2})
    commander(state, "bonaparte", "alexandria", 30)
    state.vars["control"] = {"alexandria": "french"}
    state.vars["flags"] = {"return_allowed": True}
    state, _ = act(state, "return", "french", sea="libyan-sea")
    assert state.pieces["muiron"].space == "libyan-sea"
    assert state.pieces["bonaparte"].data["returning"]
    state, _ = until(state, "activate", "french",
                     lambda s, e: s.vars.get("activation"), space="alexandria")
    state, _ = act(state, "move", "french", space="alexandria", to="libyan-sea", units="",
                   pieces="bonaparte", leave="")
    assert state.pieces["bonaparte"].space == "libyan-sea"
    path = ["malta", "tyrrhenian", "toulon"]
    here = "libyan-sea"
    for to in path:
        state, _ = until(state, "activate", "french", lambda s, e: s.vars.get("activation"),
                         space=here)
        state, _ = act(state, "move", "french", space=here, to=to, units="",
                       pieces="bonaparte", leave="")
        here = to
    assert state.pieces["bonaparte"].status == "exited"
    assert state.vars["vp"]["french"] == 9


def test_mamluks_changing_sides_cavalry_counts_for_a_french_commander():
    from ffl.games.limits_of_glory.strength import FIELD, strength

    state = conquest(42)
    put(state, "giza", {"fr-inf": 2})
    commander(state, "desaix", "giza", 10)
    for pid in put(state, "giza", {"ma-cav": 2, "ma-inf": 2}):
        state.pieces[pid].side = "french"
    task_ = {"mode": FIELD, "space": "giza", "att": "french", "def": "allied"}
    assert strength(controller().ctx(state), state, task_, "french") == 2 + 4
