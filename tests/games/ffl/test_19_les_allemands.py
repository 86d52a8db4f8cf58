"""19 Les Allemands: Legion units only (19.1), every set-up limit with a legal and
an illegal placement (19.111-19.115), the board set before the mutineers are
chosen (19.2), the mutineers' marking (19.12), the Bedouin Sequence units
driving them (19.3) and victory (19.4)."""

from helpers import controller, fresh, module
from helpers import done as do
from helpers import verdict as ok

from ffl.engine import Action, fold

SID = "ffl/les-allemands"
N, S = 0, 4
types = module().piece_types


def start(seed=1, **options):
    return fresh(seed, scenario_id=SID, **options)




def squad(org, rank=None):
    return [t.id for t in types.values() if t.kind == "character" and t.org == org
            and not t.id.startswith("M-") and (rank is None or t.get("rank") == rank)]


def put(state, pid, key, level=0, facing=N):
    return do(state, "place", piece=pid, space=key, level=level, facing=facing)


FORT = controller().ctx(start()).fort
NORTH_WALL = [k for k in FORT.squares("wall") if FORT.coords(k)[1] == 2]
BARRACKS = FORT.buildings["Barracks"]
STORE, GUARD = FORT.buildings["Store Room"][0], FORT.buildings["Guard House"][0]
PARADE = [k for k in FORT.squares("parade") if FORT.coords(k)[1] in (9, 10)]


def legion_placed(state):
    for pid, key in zip(squad("legion-cmd"), ("U5", "V5", "W5"), strict=True):
        state = put(state, pid, key)
    for pid, key in zip(squad("squad-1"), BARRACKS, strict=False):
        state = put(state, pid, key)
    for pid, key in zip(squad("squad-2"), NORTH_WALL, strict=False):
        state = put(state, pid, key, 2, N)
    three = squad("squad-3")
    state = put(state, three[0], STORE)
    state = put(state, three[1], GUARD)
    for pid, key in zip(three[2:], PARADE, strict=False):
        state = put(state, pid, key)
    return state


MUTINEERS = (squad("squad-1", "Pvt")[:4] + squad("squad-1", "Cpl")
             + squad("squad-2", "Pvt")[:5] + squad("squad-3", "Pvt")[:3]
             + squad("squad-3", "Sgt"))


def marked(state):
    for pid in MUTINEERS:
        state = do(state, "mutineer", "bedouin", piece=pid)
    return state


def test_19_1_legion_units_only():
    state = start()
    bedouin = [p for p in state.pieces.values() if p.id.startswith("B-")]
    assert bedouin and all(p.status == "unused" for p in bedouin)
    state = do(legion_placed(state), "end-setup")
    rope = ok(state, "assign-rope", "bedouin", rope="rope-01", piece="B-A-Yusuf")
    assert not rope and rope.rule == "19.1"


def test_19_1_the_second_player_is_the_mutineer_player():
    state = fresh(1, take=None, scenario_id=SID)
    assert controller().scenario_side_name(state, "bedouin") == "Mutineer"
    assert controller().scenario_side_name(fresh(1), "bedouin") == "Bedouin"   # 2.1
    high = state.vars["side_roll"]["high"]
    events = controller().apply(state, Action.make("choose-side", high, take="bedouin"))
    assert "command the Mutineer;" in events[-1].text and "Bedouin" not in events[-1].text
    state = do(legion_placed(start()), "end-setup")
    prompt = controller().prompt(state)
    assert prompt.side == "bedouin" and prompt.info["side_name"] == "Mutineer"
    assert prompt.info["phase_title"] == "Mutineer selection"
    assert "Bedouin" not in " ".join(e.text for e in controller().apply(
        legion_placed(start()), Action.make("end-setup", "legion")))


def test_17_31_19_1_le_cafard_is_not_in_play_without_a_bedouin_player():
    """17.31 and 17.32 give Le Cafard to the Bedouin player (his secret rolls and
    draws, his announcement); 19.1 has no Bedouin player, only the Legion and
    the Mutineer players: switched on, the option is left out of play, said once
    at the opening, and no roll is made."""
    ctrl = controller()
    scenario = ctrl.module.scenarios[SID]
    state = ctrl.setup(scenario, {"cafard": True, "command": True}, 1)
    assert "cafard" not in state.vars["options"] and "command" in state.vars["options"]
    assert state.vars["phase"] == "setup-legion" and state.vars["active"] == "legion"
    opening = ctrl.opening(state)
    notes = [e for e in opening if e.kind == "option-out"]
    assert len(notes) == 1 and notes[0].rule == "17.31" and not notes[0].dice
    assert "no Bedouin player (19.1)" in notes[0].text, notes[0].text
    state = fresh(1, take=None, scenario_id=SID, cafard=True)
    assert not [a for a in ctrl.legal_actions(state) if a.kind.startswith("cafard")]
    assert [o for o, _r, _t in ctrl.optional_rules(state)] == ["doors", "wounds"]
    state = do(marked(do(legion_placed(start(cafard=True)), "end-setup")), "end-setup",
               "bedouin")
    assert "cafard_secret" not in state.vars
    assert not ctrl.legal(state, Action.make("cafard", "bedouin", piece="L-1-Adler"))
    # the Basic Game keeps it: the Bedouin's secret choice comes first (17.31)
    basic = ctrl.setup(ctrl.module.scenarios["ffl/basic"], {"cafard": True}, 1)
    assert basic.vars["phase"] == "cafard" and "options_out" not in basic.vars


def test_19_111_the_commanders_inside_the_officers_quarters():
    state = start()
    assert ok(state, "place", piece="L-LC-Kolb", space="X6", level=0, facing=N)
    bad = ok(state, "place", piece="L-LC-Kolb", space="M8", level=0, facing=N)
    assert not bad and bad.rule == "19.111"


def test_19_112_one_squad_inside_the_barracks():
    state = put(put(start(), squad("squad-1")[0], "M4"), squad("squad-2")[0], "N4")
    bad = ok(state, "place", piece=squad("squad-3")[0], space=GUARD, level=0, facing=N)
    assert not bad and bad.rule == "19.112"          # then no squad can hold the walls
    assert ok(state, "place", piece=squad("squad-3")[0], space="M3", level=2, facing=N)


def test_19_113_another_squad_on_the_walls_facing_the_desert():
    state = put(put(start(), squad("squad-1")[0], "M4"), squad("squad-2")[0], "M8")
    pid = squad("squad-3")[0]
    assert ok(state, "place", piece=pid, space="M3", level=2, facing=N)
    bad = ok(state, "place", piece=pid, space="M3", level=2, facing=S)
    assert not bad and bad.rule == "19.112"


def test_19_114_the_last_squad_holds_the_store_room_and_guard_house():
    state = start()
    three = squad("squad-3")
    for pid, key in zip(three[:8], PARADE, strict=False):
        state = put(state, pid, key)
    bad = ok(state, "place", piece=three[8], space=PARADE[9], level=0, facing=N)
    assert not bad and bad.rule == "19.112"          # two buildings, one unit left
    assert ok(state, "place", piece=three[8], space=STORE, level=0, facing=N)


def test_19_115_weapon_units_on_the_parade_ground():
    state = start(heavy_weapons=True)
    assert ok(state, "place-weapon", weapon="weapon-mg", space="M8", level=0, facing=N)
    bad = ok(state, "place-weapon", weapon="weapon-mg", space="M3", level=2, facing=N)
    assert not bad and bad.rule == "19.115"


def test_19_2_the_legion_sets_the_doors_before_the_mutineers_are_chosen():
    state = start()
    assert "doors" in state.vars["options"] and "wounds" in state.vars["options"]
    assert ok(state, "set-door", door="gate", status="open")
    state = do(legion_placed(state), "end-setup")
    late = ok(state, "set-door", door="gate", status="open")
    assert not late


def test_19_12_twelve_privates_a_sergeant_and_a_corporal():
    state = do(legion_placed(start()), "end-setup")
    kolb = ok(state, "mutineer", "bedouin", piece="L-LC-Kolb")
    assert not kolb and kolb.rule == "19.12"
    captain = ok(state, "mutineer", "bedouin", piece="L-LC-LeJeune")
    assert not captain and captain.rule == "19.12"
    five = squad("squad-1", "Pvt")[:5]
    for pid in five:
        state = do(state, "mutineer", "bedouin", piece=pid)
    sixth = ok(state, "mutineer", "bedouin", piece=squad("squad-1", "Pvt")[5])
    assert not sixth and sixth.rule == "19.12"       # no more than five from a squad
    assert ok(state, "mutineer", "bedouin", piece=squad("squad-2", "Pvt")[0])
    early = ok(state, "end-setup", "bedouin")
    assert not early and early.rule == "19.12"


def test_19_12_and_19_3_the_mutineers_play_under_the_bedouin_sequence_units():
    state = marked(do(legion_placed(start()), "end-setup"))
    second = ok(state, "mutineer", "bedouin", piece=squad("squad-1", "Sgt")[0])
    assert not second and second.rule == "19.12"     # one sergeant only
    state = do(state, "end-setup", "bedouin")
    assert state.vars["phase"] == "movement"
    for pid in MUTINEERS:
        piece = state.pieces[pid]
        assert piece.side == "bedouin" and piece.type == f"M-{pid}"
        assert piece.markers.get("mutineer") == 1
    assert set(state.vars["cup"]) == {"legion-cmd", "squad-1", "squad-2", "squad-3", "arab",
                                      "berber", "kabyle"}
    cole = MUTINEERS[0]                                # a squad 1 mutineer
    state.vars.update({"chit": "arab", "active": "bedouin", "phase_mf": {}})
    key = state.pieces[cole].space
    assert controller().reachable(state, cole), key
    state.vars.update({"chit": "squad-1", "active": "legion"})
    assert not controller().reachable(state, cole)


def test_19_4_the_side_with_survivors_wins():
    state = do(marked(do(legion_placed(start()), "end-setup")), "end-setup", "bedouin")
    for piece in state.pieces.values():
        if piece.side == "legion" and piece.id.startswith("L-") and piece.status == "active":
            piece.status, piece.space = "eliminated", None
    after = fold(state, controller().apply(state, Action.make("draw", "legion")))
    result = controller().outcome(after)
    assert result.winner == "bedouin" and result.rule == "19.4"


def test_19_12_a_choice_with_no_room_left_for_the_corporal_can_always_go_on():
    """Both squads with a corporal already gave five men: no mark fits and the
    choice is not complete, so taking a mark off again is offered (found by the
    program playing the Mutineer player, seed 4)."""
    state = do(legion_placed(start()), "end-setup")
    stuck = (squad("squad-1", "Pvt")[:5] + squad("squad-2", "Pvt")[:4]
             + squad("squad-2", "Sgt") + squad("squad-3", "Pvt")[:3])
    for pid in stuck:
        state = do(state, "mutineer", "bedouin", piece=pid)
    corporal = ok(state, "mutineer", "bedouin", piece=squad("squad-1", "Cpl")[0])
    assert not corporal and corporal.rule == "19.12"
    offered = controller().legal_actions(state)
    assert offered and {a.kind for a in offered} == {"mutineer"}
    assert {a["piece"] for a in offered} == set(stuck)
    state = do(state, "mutineer", "bedouin", piece=squad("squad-1", "Pvt")[0])   # off again
    assert ok(state, "mutineer", "bedouin", piece=squad("squad-1", "Cpl")[0])
