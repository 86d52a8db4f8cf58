"""Naval battles reached through the controller (Combat: Naval combats;
Disembarkation: Naval battle during disembarkation): squadrons that sail into a sea
space holding enemy squadrons fight there, whichever side moves; a landing made
with Nelson in the fleet's sea space is followed by a battle; and the program
sails a clearly stronger squadron force into French squadrons."""

from log_helpers import act, commander, conquest, controller, put, seek, task

from ffl.engine import fold
from ffl.games.limits_of_glory import tables as T
from ffl.games.limits_of_glory.opponent import choose

BRITISH = ("nelson", "hood", "troubridge")
FRENCH = ("brueys", "villeneuve", "du-chayla")


def _fleets(active: str, seed: int = 51):
    """Nelson, Hood and Troubridge (a squadron each) in Aboukir Bay; Brueys,
    Villeneuve and Du Chayla (a squadron each) in the Delta Coast next to it."""
    state = conquest(seed, active=active)
    for cid in BRITISH:
        commander(state, cid, "aboukir-bay", 12, squadrons=1)
    for cid in FRENCH:
        commander(state, cid, "delta-coast", 8, squadrons=1)
    return state


def _fight_out(state, limit: int = 60):
    """Answer every question of the combat with the first legal answer (no glory
    spent on re-rolls) until no combat is pending; returns the state and events."""
    ctrl, seen = controller(), []
    for _ in range(limit):
        t = task(state)
        if not t or t["kind"] not in ("combat", "test", "losses", "break-off", "lead"):
            break
        actions = list(ctrl.legal_actions(state))
        plain = [a for a in actions if not a.get("dice") and not a.get("six")]
        action = (plain or actions)[0]
        events = ctrl.apply(state, action)
        seen += events
        state = fold(state, events)
    return state, seen


def _strengths(state):
    from ffl.games.limits_of_glory.strength import strength

    t = task(state)
    ctx = controller().ctx(state)
    return {side: strength(ctx, state, t, side) for side in ("allied", "french")}


def _alive(state, ids):
    return [c for c in ids if state.pieces[c].status == "active"]


def test_combat_naval_combats_british_squadrons_sailing_into_french_ones_fight():
    """Combat: Engaging in combat and Naval combats: the Allied player activates
    Aboukir Bay (a 6 among its three dice) and sails the three British squadrons
    into the Delta Coast: a naval combat follows there, on the one naval row
    (British 4 a squadron: 12; French 2: 6), and each loss is a squadron."""
    state = _fleets("allied")
    seek(state, [6, 1, 2])
    state, events = act(state, "activate", "allied", space="aboukir-bay")
    assert state.vars["activation"]["space"] == "aboukir-bay"
    state, events = act(state, "move", "allied", space="aboukir-bay", to="delta-coast",
                        units="", pieces=",".join(BRITISH), leave="")
    t = task(state)
    assert t["kind"] == "combat" and t["mode"] == "naval" and t["space"] == "delta-coast"
    assert t["rule"] == T.COMBAT_NAVAL
    assert _strengths(state) == {"allied": 12, "french": 6}
    state, events = _fight_out(state)
    assert any(e.rule == T.COMBAT_NAVAL for e in events)
    lost_fr = len(FRENCH) - len(_alive(state, FRENCH))
    lost_br = len(BRITISH) - len(_alive(state, BRITISH))
    assert lost_fr or lost_br or any("break off" in (e.text or "").lower() or "draw" in
                                     (e.text or "").lower() for e in events)


def test_combat_naval_combats_french_squadrons_sailing_into_british_ones_fight():
    """Combat: Engaging in combat: the French player's squadrons sailing into the
    British squadrons' sea space fight them too (the French are the attackers)."""
    state = _fleets("french")
    seek(state, [5, 1])
    state, _ = act(state, "activate", "french", space="delta-coast")
    state, _ = act(state, "move", "french", space="delta-coast", to="aboukir-bay",
                   units="", pieces=",".join(FRENCH), leave="")
    t = task(state)
    assert t["kind"] == "combat" and t["mode"] == "naval" and t["space"] == "aboukir-bay"
    assert t["att"] == "french"


def test_disembarkation_naval_battle_nelson_sharing_the_fleets_sea_space():
    """Disembarkation: Naval battle during disembarkation: the real fleet lands from
    Aboukir Bay with Nelson in the same sea space (his interception failed): Brueys,
    Villeneuve and Du Chayla replace the fleet, Hood and Troubridge join Nelson, and
    a naval battle is fought at once, before the conquest phase."""
    from test_invasion import _at_sea, _place

    from ffl.games.limits_of_glory.invasion import new_turn
    from ffl.games.limits_of_glory.tasks import GloryBatch

    state = _at_sea(real="fleet-toulon")
    _place(state, "fleet-toulon", "aboukir-bay")
    _place(state, "nelson", "aboukir-bay")
    batch = GloryBatch(state)
    new_turn(batch, controller().ctx(state))
    state = fold(state, batch.finish("test", "test"))
    state, events = act(state, "disembark", "french", to="rahmaniya")
    assert state.vars["phase"] == "landing"
    t = task(state)
    assert t["kind"] == "combat" and t["mode"] == "naval" and t["space"] == "aboukir-bay"
    assert t["rule"] == T.LAND_NAVAL
    assert _strengths(state) == {"allied": 12, "french": 6}
    state, events = _fight_out(state)
    assert state.vars["phase"] == "conquest"


def test_combat_naval_combats_the_program_sails_a_stronger_fleet_into_french_squadrons():
    """The program (Allies), with three British squadrons (12) next to three French
    ones (6) and nothing else to do, activates their sea space and sails into the
    French squadrons: a naval battle it should seek (the French squadrons carry the
    army's supplies and add to its sieges)."""
    state = _fleets("allied")
    ctrl = controller()
    choice = choose(ctrl, ctrl.view(state, "allied"))
    assert choice.kind == "activate", choice
    assert choice["space"] == "aboukir-bay"
    seek(state, [6, 1, 2])
    state, _ = act(state, "activate", "allied", space="aboukir-bay")
    choice = choose(ctrl, ctrl.view(state, "allied"))
    assert choice.kind == "move" and choice["to"] == "delta-coast", choice
    state = fold(state, ctrl.apply(state, choice))
    assert task(state)["kind"] == "combat" and task(state)["mode"] == "naval"


def test_combat_naval_combats_the_program_hunts_french_squadrons_it_outguns():
    """Two sea spaces away (Libyan Sea, then Aboukir Bay or Crete, then the Delta
    Coast), the program's three British squadrons (12) close on the three French
    ones (6) rather than stay where they are."""
    state = conquest(52, active="allied")
    for cid in BRITISH:
        commander(state, cid, "libyan-sea", 12, squadrons=1)
    for cid in FRENCH:
        commander(state, cid, "delta-coast", 8, squadrons=1)
    ctrl = controller()
    choice = choose(ctrl, ctrl.view(state, "allied"))
    assert choice.kind == "activate" and choice["space"] == "libyan-sea", choice
    seek(state, [6])
    state, _ = act(state, "activate", "allied", space="libyan-sea")
    choice = choose(ctrl, ctrl.view(state, "allied"))
    assert choice.kind == "move" and choice["to"] in ("aboukir-bay", "crete"), choice


def _off_malta(seed: int):
    """A French garrison in Malta and Brueys' squadron in its sea space; Nelson's
    squadron sails in from the Sicilian Channel."""
    state = conquest(seed, active="allied")
    put(state, "malta-island", {"fr-gar": 1})
    commander(state, "brueys", "malta", 8, squadrons=1)
    commander(state, "nelson", "sicilian-channel", 12, squadrons=1)
    seek(state, [6, 1])
    state, _ = act(state, "activate", "allied", space="sicilian-channel")
    state, events = act(state, "move", "allied", space="sicilian-channel", to="malta",
                        units="", pieces="nelson", leave="")
    return state, events


def test_malta_safe_harbour_french_squadrons_may_withdraw_into_the_harbour():
    """Malta: Safe harbour: while Malta has a French garrison, French squadrons in
    its sea space may fight enemy squadrons that come in or withdraw into the
    harbour, where they cannot be attacked.  The naval combat began at once (no
    choice was offered); now the French player is asked, and withdrawing ends it."""
    state, _ = _off_malta(54)
    t = task(state)
    assert t["kind"] == "combat" and t["mode"] == "naval" and t["stage"] == "retire"
    prompt = controller().prompt(state)
    assert prompt.side == "french" and prompt.text.startswith(T.MALTA_HARBOUR)
    state, events = act(state, "retire", "french", go=True)
    assert state.pieces["brueys"].level == 1 and state.pieces["brueys"].space == "malta"
    assert not task(state) or task(state)["kind"] != "combat"
    assert [e.text for e in events if e.rule == T.MALTA_HARBOUR] == [
        f"{T.MALTA_HARBOUR}: the French retire into Malta's harbour"]


def test_malta_safe_harbour_french_squadrons_may_stay_and_fight():
    state, _ = _off_malta(55)
    state, _ = act(state, "retire", "french", go=False)
    t = task(state)
    assert t["kind"] == "combat" and t["mode"] == "naval" and t["stage"] != "retire"
    assert state.pieces["brueys"].level == 0
