"""40.9 air unit replacement (the player's choice) and 40.11 Air HQs: where they set up,
when they are placed, moved and removed, their construction side, their loss, and the
ports they halve.  Positions from air_helpers; every action goes through the controller."""

from __future__ import annotations

from air_helpers import air_item, air_start
from tlb_helpers import act, add, put, refused, segment

from ffl.engine import fold


def replacement_start(controller, module):
    """Two Italian air units and a German one in the Axis Cadre Box, the Italian Air HQ
    on the map; the Axis Replacement Segment has opened the 40.9 decision."""
    from ffl.games.legend_begins.rules import air_effects

    st = air_start(controller, module)
    for pid in ("ax-air-cr42a", "ax-air-sm79a"):
        st.pieces[pid].status = "cadre"
    add(st, module, "ger-air-stuka1")
    st.pieces["ger-air-stuka1"].status = "cadre"
    put(st, "ax-ahq", "2937")                      # the Italian Air HQ: Italians only
    rb = controller.batch(st)
    air_effects.air_replacement(rb, "axis")
    assert [e.text for e in rb.events if e.rule == "40.9"][0].startswith("40.9")
    return fold(st, rb.events)


def strength(controller, st, pid: str) -> int:
    from ffl.games.legend_begins.rules.air_base import a2a

    ctx = controller.ctx(st)
    return sum(a2a(ctx, pid)) + int(ctx.value(pid, "gsf", 0))


def test_40_9_the_player_chooses_a_weaker_air_unit(controller, module):
    st = replacement_start(controller, module)
    assert st.vars["pending"][0]["kind"] == "air-replace"
    prompt = controller.prompt(st)
    assert prompt.side == "axis" and prompt.text.startswith("40.9")
    acts = controller.legal_actions(st)
    assert acts[0].kind == "decline"
    assert {a.get("unit") for a in acts if a.kind == "air-replace"} == {"ax-air-cr42a",
                                                                       "ax-air-sm79a"}
    weak, strong = sorted(("ax-air-cr42a", "ax-air-sm79a"),
                          key=lambda p: strength(controller, st, p))
    assert strength(controller, st, weak) < strength(controller, st, strong)
    st, ev = act(controller, st, "air-replace", "axis", unit=weak)
    assert st.pieces[weak].status == "ready" and st.pieces[weak].data.get("inop") == 50
    assert st.pieces[strong].status == "cadre"                 # one unit for one Air HQ
    assert st.pieces["ger-air-stuka1"].status == "cadre"
    label = controller.ctx(st).label(weak)
    assert any(e.rule == "40.9" and e.text.startswith(f"40.9 {label} comes out of the Cadre")
               for e in ev)
    assert st.vars["pending"] == []                             # the Air HQ is used


def test_40_9_an_air_hq_replaces_only_its_own_nation(controller, module):
    st = replacement_start(controller, module)
    v = refused(controller, st, "air-replace", "axis", unit="ger-air-stuka1")
    assert v.rule == "40.9" and "German" in v.reason
    v = refused(controller, st, "air-replace", "axis", unit="ax-air-cr42b")
    assert v.rule == "40.9" and "Cadre Box" in v.reason         # at its base already
    refused(controller, st, "air-replace", "allied", unit="ax-air-cr42a")   # the Axis decides
    # the Italian Air HQ already drawn on: no Air HQ is left for the other Italian unit
    st.vars["pending"] = [{"kind": "air-replace", "side": "axis", "used": ["ax-ahq"]}]
    v = refused(controller, st, "air-replace", "axis", unit="ax-air-sm79a")
    assert v.rule == "40.9" and "no Air HQ" in v.reason
    # with the German Air HQ on the map too, the German unit may come back through it
    st.vars["pending"] = [{"kind": "air-replace", "side": "axis", "used": []}]
    add(st, module, "ger-ahq")
    put(st, "ger-ahq", "3429")
    st, ev = act(controller, st, "air-replace", "axis", unit="ger-air-stuka1")
    assert st.pieces["ger-air-stuka1"].status == "ready"
    assert st.vars["pending"][0]["used"] == ["ger-ahq"]


def test_40_9_the_player_may_decline(controller, module):
    st = replacement_start(controller, module)
    st, ev = act(controller, st, "decline", "axis")
    assert st.vars["pending"] == []
    assert all(st.pieces[p].status == "cadre"
               for p in ("ax-air-cr42a", "ax-air-sm79a", "ger-air-stuka1"))
    assert any(e.rule == "40.9" and e.text.startswith("40.9") for e in ev)


def test_40_9_the_program_replaces_the_strongest_air_unit(controller, module):
    from ffl.games.legend_begins.ai import make

    st = replacement_start(controller, module)
    choice = make(controller, "axis", "normal", 1).choose(st, list(controller.legal_actions(st)))
    strong = max(("ax-air-cr42a", "ax-air-sm79a"), key=lambda p: strength(controller, st, p))
    assert choice.kind == "air-replace" and choice.get("unit") == strong
    assert controller.legal(st, choice)


def test_40_9_the_choice_opens_in_the_turns_initial_phase(controller, module):
    from ffl.games.legend_begins.rules import turn

    st = air_start(controller, module)
    st.pieces["ax-air-cr42a"].status = "cadre"
    st.pieces["al-air-hur1"].status = "cadre"
    put(st, "ax-ahq", "2937")
    put(st, "al-ahq", "2264")
    rb = controller.batch(st)
    turn.start_turn(rb, int(st.vars.get("turn", 1)) + 1)
    st = fold(st, rb.events)
    assert st.vars["phase"] in ("recovery", "organization")
    assert [i["side"] for i in st.vars["pending"]] == ["axis", "allied"]
    st, _ = act(controller, st, "air-replace", "axis", unit="ax-air-cr42a")
    assert controller.prompt(st).side == "allied"
    st, _ = act(controller, st, "decline", "allied")
    assert st.vars["pending"] == [] and st.pieces["al-air-hur1"].status == "cadre"
    assert not controller.prompt(st).text.startswith("40.9")


def test_40_9_no_decision_without_a_fitting_air_hq(controller, module):
    from ffl.games.legend_begins.rules import air_effects

    st = air_start(controller, module)
    add(st, module, "ger-air-stuka1")
    st.pieces["ger-air-stuka1"].status = "cadre"
    put(st, "ax-ahq", "2937")
    rb = controller.batch(st)
    air_effects.air_replacement(rb, "axis")
    assert fold(st, rb.events).vars["pending"] == []


def test_40_11_an_air_hq_comes_off_the_map_in_any_friendly_segment(controller, module):
    """Placing and moving wait for a friendly Primary Segment; taking an Air HQ off the
    map is open in the friendly Secondary and Tertiary Segments too (in a Secondary
    Segment at the air step that opens the owner's Combat Phase; a Tertiary Segment has
    no air step, 40.4, and the Combat Phase itself offers the removal), never in the
    enemy's."""
    from ffl.games.legend_begins.rules.air import open_air_phase

    for kind in ("secondary", "tertiary"):
        st = air_start(controller, module)
        put(st, "al-16bde", "2459")
        put(st, "al-ahq", "2264")
        segment(st, "allied", kind, "combat")
        rb = controller.batch(st)
        open_air_phase(rb)
        st = fold(st, rb.events)
        if kind == "tertiary":
            assert st.vars["pending"] == [] and not rb.events      # 40.4 no air step
            assert "air-hq" in controller.prompt(st).kinds
        else:
            assert st.vars["pending"][0]["step"] == "attacker"
        assert refused(controller, st, "air-hq", "allied", unit="al-ahq",
                       hex="2459").rule == "40.11"
        st, ev = act(controller, st, "air-hq", "allied", unit="al-ahq", hex=None)
        assert st.pieces["al-ahq"].status == "ready"
        assert any(e.rule == "40.11" and e.text.startswith("40.11") for e in ev)
    st = air_start(controller, module)
    put(st, "al-ahq", "2264")
    segment(st, "axis", "primary", "combat")
    st.vars["pending"] = [air_item("defender", "allied", "axis")]
    refused(controller, st, "air-hq", "allied", unit="al-ahq", hex=None)   # the enemy's segment


def test_40_4_a_tertiary_air_step_of_an_older_save_ends_at_once(controller, module):
    """A game saved by an earlier version at the air step it opened in a Tertiary
    Segment (for Air HQ removal alone): ending the step ends the air sub-phase, with no
    defender's or Interceptors' step after it (40.4: no air units in that segment)."""
    st = air_start(controller, module)
    put(st, "al-ahq", "2264")
    segment(st, "allied", "tertiary", "combat")
    st.vars["pending"] = [air_item("attacker", "allied", "allied")]
    st, ev = act(controller, st, "end-air", "allied")
    assert st.vars["pending"] == []
    assert any(e.text.startswith("40.4 the air sub-phase is over") for e in ev)


def test_40_11_air_hq_placement_construction_side_and_loss(controller, module):
    st = air_start(controller, module)
    put(st, "al-16bde", "2459")
    segment(st, "allied", "secondary", "combat")
    st.vars["pending"] = [air_item("attacker", "allied", "allied")]
    assert refused(controller, st, "air-hq", "allied", unit="al-ahq",
                   hex="2459").rule == "40.11"                 # Primary Segments only
    segment(st, "allied", "primary", "combat")
    st.vars["pending"] = [air_item("attacker", "allied", "allied")]
    st, ev = act(controller, st, "air-hq", "allied", unit="al-ahq", hex="2459")
    assert st.pieces["al-ahq"].data["building"] is True
    ctx = controller.ctx(st)
    from ffl.games.legend_begins.rules import air_base as air
    from ffl.games.legend_begins.rules import air_effects

    assert "2459" not in air.sources(ctx, "allied")          # construction side
    # one Air HQ to a hex
    assert refused(controller, st, "air-hq", "allied", unit="al-ahq",
                   hex="2459").rule == "40.11"
    # the next friendly Primary Segment flips it
    segment(st, "allied", "primary", "movement", seg_id=53)
    rb = controller.batch(st)
    air_effects.segment_start(rb)
    st = fold(st, rb.events)
    assert not st.pieces["al-ahq"].data.get("building")
    assert air.sources(controller.ctx(st), "allied")["2459"] == 6
    # eliminated: to the Cadre Box, and its owner picks an air unit caught on the ground
    from ffl.games.legend_begins.rules.ops import eliminate

    rb = controller.batch(st)
    eliminate(rb, "al-ahq", "9.5", "test")
    st = fold(st, rb.events)
    assert st.pieces["al-ahq"].status == "cadre"
    item = st.vars["pending"][0]
    assert item["kind"] == "air-lost"
    acts = controller.legal_actions(st)
    assert acts and all(a.kind == "air-lost" for a in acts)
    st, ev = act(controller, st, "air-lost", "allied", unit="al-air-well")
    assert st.pieces["al-air-well"].status == "cadre" and ev[0].rule == "40.11"
    # replaced for a Resource Point in a Primary Segment
    st.vars["rp"] = {"allied": 2, "axis": 1}
    segment(st, "allied", "primary", "combat", seg_id=55)
    st.vars["pending"] = [air_item("attacker", "allied", "allied")]
    st, ev = act(controller, st, "air-hq", "allied", unit="al-ahq", hex="2459")
    assert st.vars["rp"]["allied"] == 1 and st.pieces["al-ahq"].status == "active"


def test_40_11_air_hq_forced_to_retreat_is_eliminated(controller, module):
    st = air_start(controller, module)
    put(st, "al-ahq", "2459")
    put(st, "ax-1lib-1", "2458")
    segment(st, "axis", "primary", "combat")
    st.vars["pending"] = [{"kind": "retreat", "side": "allied", "units": ["al-ahq"],
                           "from": "2459", "disrupt": True, "combat": 1}]
    from ffl.games.legend_begins.rules.pending import settle

    rb = controller.batch(st)
    settle(rb)
    st = fold(st, rb.events)
    assert st.pieces["al-ahq"].status == "cadre"
    assert any(e.rule == "40.11" and "retreat" in e.text for e in rb.events)


def test_40_11_a_working_enemy_air_hq_halves_a_port(controller, module):
    from ffl.games.legend_begins.rules.ports import interdicted

    st = air_start(controller, module)
    st.vars["control"]["2651"] = "allied"         # no enemy airfield near Mersa Matruh
    ctx = controller.ctx(st)
    assert not interdicted(ctx, "2560", "allied")
    put(st, "ax-ahq", "2558")
    st.pieces["ax-ahq"].data["building"] = True
    assert not interdicted(controller.ctx(st), "2560", "allied")
    st.pieces["ax-ahq"].data["building"] = None
    assert interdicted(controller.ctx(st), "2560", "allied")
    # 24.2 ignoring the threat: the port's full capacity, +2 on the AST roll
    from ffl.games.legend_begins.rules.ports import convoy_roll, usable

    ctx = controller.ctx(st)
    assert usable(ctx, "2560", "allied") == usable(ctx, "2560", "allied", ignore=True) // 2
    texts = []
    for ignore in (False, True):
        st.vars["_rolls"] = 0
        rb = controller.batch(st)
        convoy_roll(rb, "allied", "Nile Delta", "2560", ignore=ignore)
        texts.append([e.text for e in rb.events if e.kind == "ast"][0])
    drm = [int(t.split(": ")[1].split()[1]) for t in texts]
    assert drm[1] == drm[0] + 2, texts


def test_40_11_an_air_hq_sets_up_with_the_army_or_on_an_airfield(controller, module):
    st = air_start(controller, module)
    segment(st, "allied", "primary", "combat")
    st.vars["pending"] = [air_item("attacker", "allied", "allied")]
    assert refused(controller, st, "air-hq", "allied", unit="al-ahq",
                   hex="2263").rule == "40.11"           # an empty hex behind the lines
    st, _ = act(controller, st, "air-hq", "allied", unit="al-ahq", hex="2264")   # Fuka


def test_40_11_an_air_unit_lost_at_the_turns_end_is_chosen_in_the_initial_phase(controller,
                                                                                module):
    """An Air HQ lost to the last segment's attrition: its owner's choice waits at the
    start of the next turn's Initial Phase, a decision that phase declares."""
    phases = {ph.id: ph for ph in controller.phases}
    for phase in ("recovery", "organization"):
        st = air_start(controller, module)
        st.vars.update(phase=phase, side="allied",
                       pending=[{"kind": "air-lost", "side": "axis"}])
        prompt = controller.prompt(st)
        assert prompt.side == "axis" and prompt.kinds == ("air-lost",)
        assert set(prompt.kinds) <= set(phases[phase].kinds)
        acts = controller.legal_actions(st)
        assert acts and all(a.kind == "air-lost" for a in acts)


def test_40_11_an_air_hq_comes_off_the_map_in_every_phase_of_a_friendly_segment(controller,
                                                                                 module):
    """Outside the air step too: in the Movement, Combat (once the air step is over) and
    Supply Phases of each kind of friendly segment the Prompt opens ``air-hq``, the
    listed actions hold the removal, and it is taken through the controller."""
    phases = {ph.id: ph for ph in controller.phases}
    for kind in ("primary", "secondary", "tertiary"):
        for phase in ("movement", "combat", "supply"):
            st = air_start(controller, module)
            put(st, "al-16bde", "2459")
            put(st, "al-ahq", "2264")
            segment(st, "allied", kind, phase)
            prompt = controller.prompt(st)
            assert "air-hq" in prompt.kinds, (kind, phase)
            assert set(prompt.kinds) <= set(phases[phase].kinds)
            listed = [a for a in controller.legal_actions(st) if a.kind == "air-hq"]
            assert [(a["unit"], a.get("hex")) for a in listed] == [("al-ahq", None)]
            st, ev = act(controller, st, "air-hq", "allied", unit="al-ahq", hex=None)
            assert st.pieces["al-ahq"].status == "ready" and st.pieces["al-ahq"].space is None
            assert st.vars["phase"] == phase                       # the phase goes on
            assert ev[0].rule == "40.11" and ev[0].text.startswith("40.11")
            assert not [a for a in controller.legal_actions(st) if a.kind == "air-hq"]


def test_40_11_outside_the_air_step_an_air_hq_is_neither_placed_nor_moved(controller,
                                                                         module):
    st = air_start(controller, module)
    put(st, "al-16bde", "2459")
    put(st, "al-ahq", "2264")
    segment(st, "allied", "primary", "movement")
    v = refused(controller, st, "air-hq", "allied", unit="al-ahq", hex="2459")
    assert v.rule == "40.11" and "air step" in v.reason
    st.pieces["al-ahq"].status, st.pieces["al-ahq"].space = "ready", None
    assert not [a for a in controller.legal_actions(st) if a.kind == "air-hq"]
    v = refused(controller, st, "air-hq", "allied", unit="al-ahq", hex=None)
    assert v.rule == "40.11" and "not on the map" in v.reason
    v = refused(controller, st, "air-hq", "allied", unit="al-ahq", hex="2459")
    assert v.rule == "40.11"


def test_40_11_an_air_hq_never_comes_off_in_the_enemys_segment(controller, module):
    st = air_start(controller, module)
    put(st, "al-ahq", "2264")
    put(st, "ax-ahq", "2937")
    segment(st, "axis", "primary", "movement")
    refused(controller, st, "air-hq", "allied", unit="al-ahq", hex=None)   # the Axis acts
    assert [a["unit"] for a in controller.legal_actions(st) if a.kind == "air-hq"] == ["ax-ahq"]
    # the Allied player acts in the Axis segment only to arrange his stacks: no Air HQ
    st.vars.update(phase="arrange", side="allied")
    assert controller.prompt(st).side == "allied"
    assert "air-hq" not in controller.prompt(st).kinds
    assert refused(controller, st, "air-hq", "allied", unit="al-ahq", hex=None).rule == "3.2"
    assert not [a for a in controller.legal_actions(st) if a.kind == "air-hq"]
    # nor the other side's Air HQ in one's own segment
    segment(st, "axis", "primary", "supply")
    assert refused(controller, st, "air-hq", "axis", unit="al-ahq", hex=None).rule == "40.11"


def test_40_11_taken_off_after_the_air_step_its_air_units_come_home(controller, module):
    """In the Combat Phase after the air step: the Bombers whose Support the Air HQ gave
    return to base at once (40.10), the Air HQ goes to its base."""
    from air_helpers import fly

    st = air_start(controller, module)
    put(st, "al-16bde", "2459")
    put(st, "al-ahq", "2459")
    put(st, "ax-1lib-1", "2458")
    segment(st, "allied", "secondary", "combat")
    fly(st, "al-air-blen1", "2458", "gs", "2459")
    assert st.vars["pending"] == [] and "attack" in controller.prompt(st).kinds
    st, ev = act(controller, st, "air-hq", "allied", unit="al-ahq", hex=None)
    assert st.pieces["al-ahq"].status == "ready"
    assert st.pieces["al-air-blen1"].status == "ready" and st.pieces["al-air-blen1"].space is None
    assert [e.rule for e in ev] == ["40.11", "40.10"]
    assert "attack" in controller.prompt(st).kinds                  # the Combat Phase goes on


def test_40_11_without_the_air_game_there_is_no_air_hq_action(controller, module):
    st = air_start(controller, module, options={})
    assert "al-ahq" not in st.pieces                     # no Air HQ counters in play
    for phase in ("movement", "combat", "supply"):
        segment(st, "allied", "primary", phase)
        assert "air-hq" not in controller.prompt(st).kinds
        assert not [a for a in controller.legal_actions(st) if a.kind == "air-hq"]
        refused(controller, st, "air-hq", "allied", unit="al-ahq", hex=None)
