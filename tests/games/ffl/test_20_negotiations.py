"""20 The Negotiations: every set-up limit with a legal and an illegal placement
(20.111-20.115, 20.121-20.125), the tribe left out (20.1), the open gates and
doors (20.2) and the Turn 1 truce (20.3)."""

from helpers import controller, fresh, module
from helpers import done as do
from helpers import verdict as ok

SID = "ffl/negotiations"
N, S = 0, 4
types = module().piece_types


def start(seed=1):
    return fresh(seed, scenario_id=SID)




def squad(org):
    return [t.id for t in types.values() if t.kind == "character" and t.org == org
            and not t.id.startswith("M-")]


def fort():
    return controller().ctx(start()).fort


def put(state, pid, key, level=0, facing=N, side="legion"):
    return do(state, "place", side, piece=pid, space=key, level=level, facing=facing)


NORTH_WALL = [k for k in fort().squares("wall") if fort().coords(k)[1] == 2]
BARRACKS = fort().buildings["Barracks"]
FAR_PARADE = [k for k in fort().squares("parade") if fort().coords(k)[1] in (9, 10)]


def legion_placed(state):
    """20.111-20.114 kept: officers in the Officer's Quarters, squad 1 in the
    Barracks, squad 2 on the north wall facing out, squad 3 on the parade ground
    with Pvt. Zeller as the sentry at T5."""
    state = put(state, "L-LC-LeJeune", "U5")
    state = put(state, "L-LC-Briere", "V5")
    for pid, key in zip(squad("squad-1"), BARRACKS, strict=False):
        state = put(state, pid, key)
    for pid, key in zip(squad("squad-2"), NORTH_WALL, strict=False):
        state = put(state, pid, key, 2, N)
    three = squad("squad-3")
    for pid, key in zip(three[:-1], FAR_PARADE, strict=False):
        state = put(state, pid, key)
    return put(state, three[-1], "T5")


def bedouin_placed(state):
    state = do(state, "leave-out-tribe", "bedouin", org="riff")
    state = put(state, "B-BC-AlKrim", "W5", side="bedouin")
    state = put(state, "B-BC-Kulm", "P15", side="bedouin")
    berbers = squad("berber")
    state = put(state, berbers[0], "Y4", 1, side="bedouin")      # the one next to the OQ
    spots = [k for k in fort().squares("parade") if fort().coords(k)[1] == 7]
    for pid, key in zip(berbers[1:], spots, strict=False):
        state = put(state, pid, key, side="bedouin")
    return state


def test_20_111_captain_and_lieutenant_inside_the_officers_quarters():
    state = start()
    assert ok(state, "place", piece="L-LC-LeJeune", space="U5", level=0, facing=N)
    bad = ok(state, "place", piece="L-LC-LeJeune", space="M8", level=0, facing=N)
    assert not bad and bad.rule == "20.111"
    roof = ok(state, "place", piece="L-LC-Briere", space="U5", level=1, facing=N)
    assert not roof and roof.rule == "20.111"        # inside: the floor, not the rooftop


def test_20_112_one_squad_inside_the_barracks_store_room_or_guard_house():
    state = start()
    state = put(state, squad("squad-1")[0], "M4")                 # Barracks
    state = put(state, squad("squad-2")[0], "E7")                 # Store Room
    guard = fort().buildings["Guard House"][0]
    bad = ok(state, "place", piece=squad("squad-3")[0], space=guard, level=0, facing=N)
    assert not bad and bad.rule == "20.112"          # no squad left for the walls
    assert ok(state, "place", piece=squad("squad-3")[0], space="M3", level=2, facing=N)


def test_20_113_another_squad_on_the_walls_facing_the_desert():
    state = start()
    state = put(state, squad("squad-1")[0], "M4")                 # Barracks
    state = put(state, squad("squad-2")[0], "M8")                 # the parade: anywhere
    pid = squad("squad-3")[0]
    assert ok(state, "place", piece=pid, space="M3", level=2, facing=N)
    inward = ok(state, "place", piece=pid, space="M3", level=2, facing=S)
    assert not inward and inward.rule == "20.112"    # the squads' roles, named from the first


def test_20_114_the_last_squad_posts_a_private_as_sentry():
    state = legion_placed(start())
    assert ok(state, "end-setup")
    undone = start()
    undone = put(undone, "L-LC-LeJeune", "U5")
    undone = put(undone, "L-LC-Briere", "V5")
    for pid, key in zip(squad("squad-1"), BARRACKS, strict=False):
        undone = put(undone, pid, key)
    for pid, key in zip(squad("squad-2"), NORTH_WALL, strict=False):
        undone = put(undone, pid, key, 2, N)
    three = squad("squad-3")
    for pid, key in zip(three[:-1], FAR_PARADE, strict=False):
        undone = put(undone, pid, key)
    far = ok(undone, "place", piece=three[-1], space=FAR_PARADE[-1], level=0, facing=N)
    assert not far and far.rule == "20.112"
    assert ok(undone, "place", piece=three[-1], space="T5", level=0, facing=N)


def test_20_115_kolb_sets_up_after_the_bedouin():
    state = start()
    early = ok(state, "place", piece="L-LC-Kolb", space="M8", level=0, facing=N)
    assert not early and early.rule == "20.115"
    state = do(legion_placed(state), "end-setup")
    state = do(bedouin_placed(state), "end-setup", "bedouin")
    assert state.vars["phase"] == "setup-legion" and state.vars["late_setup"]
    sand = ok(state, "place", piece="L-LC-Kolb", space="A1", level=0, facing=N)
    assert not sand and sand.rule == "20.115"
    assert not ok(state, "end-setup")
    state = put(state, "L-LC-Kolb", "M9")
    state = do(state, "end-setup")
    assert state.vars["phase"] == "movement" and state.vars["turn"] == 1
    assert "riff" not in state.vars["cup"]


def _bedouin_turn():
    return do(legion_placed(start()), "end-setup")


def test_20_121_al_krim_inside_the_officers_quarters():
    state = _bedouin_turn()
    assert ok(state, "place", "bedouin", piece="B-BC-AlKrim", space="W5", level=0, facing=N)
    taken = ok(state, "place", "bedouin", piece="B-BC-AlKrim", space="U5", level=0, facing=N)
    assert not taken and taken.rule == "4.3"         # an open square only
    bad = ok(state, "place", "bedouin", piece="B-BC-AlKrim", space="M8", level=0, facing=N)
    assert not bad and bad.rule == "20.121"


def test_20_122_one_berber_next_to_the_officers_quarters():
    state = _bedouin_turn()
    one, two = squad("berber")[:2]
    assert ok(state, "place", "bedouin", piece=one, space="Y4", level=1, facing=N)
    state = put(state, one, "Y4", 1, side="bedouin")
    second = ok(state, "place", "bedouin", piece=two, space="U3", level=2, facing=N)
    assert not second and second.rule == "20.122"


def test_20_123_the_other_berbers_on_the_parade_ground():
    state = _bedouin_turn()
    pid = squad("berber")[1]
    assert ok(state, "place", "bedouin", piece=pid, space="M8", level=0, facing=N)
    roof = ok(state, "place", "bedouin", piece=pid, space="M4", level=1, facing=N)
    assert not roof and roof.rule == "20.123"


def test_20_124_kulm_outside_next_to_a_gate_square():
    state = _bedouin_turn()
    assert ok(state, "place", "bedouin", piece="B-BC-Kulm", space="P15", level=0, facing=N)
    bad = ok(state, "place", "bedouin", piece="B-BC-Kulm", space="A1", level=0, facing=N)
    assert not bad and bad.rule == "20.124"


def test_20_125_the_other_tribes_start_off_the_board():
    state = _bedouin_turn()
    bad = ok(state, "place", "bedouin", piece=squad("riff")[0], space="M8", level=0, facing=N)
    assert not bad and bad.rule == "20.125"
    assert not ok(state, "end-setup", "bedouin")
    assert ok(bedouin_placed(state), "end-setup", "bedouin")


def test_20_1_one_tribe_but_the_berbers_left_out():
    state = _bedouin_turn()
    berbers = ok(state, "leave-out-tribe", "bedouin", org="berber")
    assert not berbers and berbers.rule == "20.1"
    assert ok(state, "leave-out-tribe", "bedouin", org="tuareg")


def test_20_2_gates_doors_and_windows_open():
    state = start()
    gates = [p for p in state.pieces.values() if p.type == "gate"]
    assert gates and all(g.data["status"] == "open" for g in gates)
    assert "doors" in state.vars["options"]
    closed = ok(state, "set-door", door="gate", status="closed")
    assert not closed and closed.rule == "20.2"


def _turn_one():
    state = do(bedouin_placed(_bedouin_turn()), "end-setup", "bedouin")
    state = put(state, "L-LC-Kolb", "M9")
    return do(state, "end-setup")


def test_20_3_no_legion_melee_on_turn_one_until_a_bedouin_melees():
    state = _turn_one()
    state.vars.update({"chit": "legion-cmd", "active": "legion", "phase_mf": {}})
    # Capt. LeJeune in U5, Al Krim next to him in W5: LeJeune steps to V5 then W5
    state.pieces["L-LC-Briere"].space = "U6"
    state = do(state, "move", piece="L-LC-LeJeune", to="V5", level=0)
    refused = ok(state, "move", piece="L-LC-LeJeune", to="W5", level=0)
    assert not refused and refused.rule == "20.3"
    state.vars["tipped"] = True
    assert ok(state, "move", piece="L-LC-LeJeune", to="W5", level=0)


def _at_the_gate(state, pid="L-1-Jensen"):
    """``pid`` alone on the board in the gate square P14, its squad drawn."""
    for piece in state.pieces.values():
        if piece.id.startswith(("L-", "B-")) and piece.id != "L-LC-Kolb":
            piece.status, piece.space = "unused", None
    state.pieces[pid].status, state.pieces[pid].space = "active", "P14"
    state.pieces[pid].level, state.pieces[pid].facing = 0, S
    state.pieces["L-LC-Kolb"].status, state.pieces["L-LC-Kolb"].space = "active", "M9"
    state.pieces["B-BC-Kulm"].status, state.pieces["B-BC-Kulm"].space = "active", "A1"
    state.vars.update({"phase": "movement", "chit": "squad-1", "active": "legion",
                       "turn": 2, "phase_mf": {}})
    return state


def test_20_2_the_open_gate_stays_passable_without_rule_10():
    for doors in (True, False):
        state = _at_the_gate(fresh(1, scenario_id=SID, doors=doors))
        assert ("doors" in state.vars["options"]) is doors
        assert ok(state, "move", piece="L-1-Jensen", to="P15", level=0), doors
        assert ("P15", 0) in controller().reachable(state, "L-1-Jensen")


def test_20_2_a_closed_gate_is_no_way_out_in_the_basic_game():
    state = _at_the_gate(fresh(1, doors=False))      # 2.2 the Basic Game: gates closed
    shut = ok(state, "move", piece="L-1-Jensen", to="P15", level=0)
    assert not shut
    assert ("P15", 0) not in controller().reachable(state, "L-1-Jensen")


def test_12_in_20_the_berber_escort_and_the_commanders_set_up_inside_do_not_ride():
    """12 organizations ride when they enter the board; 20.12 sets the Berbers and
    both Bedouin Commanders up on it, so with the mounted option they cannot be
    marked mounted (before: a Berber escort at 7 MF inside the fort); a tribe
    that comes on from off the board still can."""
    state = _bedouin_turn()
    state.vars["options"] = sorted({*(state.vars.get("options") or ()), "mounted"})
    for org in ("berber", "bedouin-cmd"):
        refused = ok(state, "mount", "bedouin", org=org)
        assert not refused and refused.rule == "12", org
    assert ok(state, "mount", "bedouin", org="arab")
    state = bedouin_placed(state)
    assert not ok(state, "mount", "bedouin", org="berber")
    assert ok(state, "mount", "bedouin", org="arab")


def test_20_3_a_mad_legionnaire_next_to_a_berber_on_turn_one_lets_the_phase_end():
    """17.322 x 20.3: a mad unit must melee the nearest foe, but on Turn 1 no Legion
    unit may start a melee before the Bedouin have: the melee is not possible and,
    already next to its victim, the unit has nothing left to do, so the phase can
    end.  Before, its compulsory step was refused (20.3) and the end of the phase
    as well (17.322)."""
    state = _turn_one()
    state.vars["options"] = sorted({*(state.vars.get("options") or ()), "cafard"})
    berber = next(p for p in state.pieces.values() if p.id.startswith("B-B-")
                  and p.on_board and fort().area(p.space) == "parade")
    col, row = fort().coords(berber.space)
    beside = next(k for k in fort().squares("parade") if fort().coords(k) in
                  ((col - 1, row), (col + 1, row), (col, row - 1), (col, row + 1))
                  and not any(q.space == k for q in state.pieces.values()))
    mad = state.pieces["L-1-Adler"]
    mad.space, mad.level, mad.data["cafard"] = beside, 0, "foe"
    state.vars.update({"chit": "squad-1", "active": "legion", "phase_mf": {},
                       "phase": "movement"})
    for p in state.pieces.values():                 # the rest of the squad has moved
        if p.id.startswith("L-1-") and p.id != mad.id:
            state.vars["done"] = [*state.vars.get("done", []), p.id]
    refused = ok(state, "move", piece=mad.id, to=berber.space, level=berber.level)
    assert not refused and refused.rule in ("20.3", "17.322")
    assert ok(state, "end-phase")
    assert all(controller().legal(state, a) for a in controller().legal_actions(state))
    state.vars["tipped"] = True                      # the hand tipped: it must attack
    refused = ok(state, "end-phase")
    assert not refused and refused.rule == "17.322"
