"""10 gates, doors and windows (optional rule ``doors``): status set up by the
Legion (10.15), opened, closed, locked and unlocked from inside for MF
(10.11, 10.13), no way through a closed one (10.2), forced and broken from
outside (10.21, 10.22), firing slots (10.16)."""

from helpers import controller, seed_for

from ffl.engine import Action, fold

ADLER, COLE, DEGROOT = "L-1-Adler", "L-1-Cole", "L-1-DeGroot"     # Melee 3, 3, 2
ABDUL, YUSUF = "B-A-Abdul", "B-A-Yusuf"                          # Melee 3, 2
DOORS = {"doors": True}
BARRACKS_DOOR = "M5|M6|0"        # inside M5 (Barracks), outside M6 (parade)
WINDOW = "K5|K6|0"


def play(state, kind, side, **args):
    events = controller().apply(state, Action.make(kind, side, **args))
    return fold(state, events), events


def legal(state, kind, side, **args):
    return controller().legal(state, Action.make(kind, side, **args))


def pos(units, **kw):
    kw.setdefault("chit", "squad-1")
    return controller().position(units=units, options=DOORS, **kw)


def test_10_15_the_legion_sets_doors_windows_and_gate_in_its_set_up():
    from helpers import fresh

    state = fresh(doors=True)
    assert "set-door" in controller().prompt(state).kinds
    state, events = play(state, "set-door", "legion", door=BARRACKS_DOOR, status="locked")
    assert events[-1].rule == "10.15" and state.vars["doors"][BARRACKS_DOOR]["status"] == \
        "locked"
    state, _ = play(state, "set-door", "legion", door="gate", status="open")
    assert {g.data["status"] for g in state.pieces.values() if g.type == "gate"} == {"open"}
    assert not legal(fresh(), "set-door", "legion", door=BARRACKS_DOOR, status="closed")


def test_10_2_no_way_through_a_closed_door_10_11_10_13_opened_from_inside_for_one_mf():
    closed = {BARRACKS_DOOR: "closed"}
    outside = pos({ADLER: ("M7", 0, "N")}, doors=closed)
    assert not legal(outside, "move", "legion", piece=ADLER, to="M5", level=0)
    assert ("M5", 0) not in controller().reachable(outside, ADLER)
    v = legal(outside, "door", "legion", piece=ADLER, door=BARRACKS_DOOR, op="open")
    assert not v and v.rule == "10.11"                      # from outside: force it
    inside = pos({ADLER: ("M5", 0, "S")}, doors=closed)
    state, events = play(inside, "door", "legion", piece=ADLER, door=BARRACKS_DOOR, op="open")
    assert events[-1].rule == "10.13" and controller().mf_left(state, ADLER) == 4
    assert legal(state, "move", "legion", piece=ADLER, to="M6", level=0)
    # 10.13 closed before locked, unlocked before opened
    state, _ = play(state, "door", "legion", piece=ADLER, door=BARRACKS_DOOR, op="close")
    state, _ = play(state, "door", "legion", piece=ADLER, door=BARRACKS_DOOR, op="lock")
    v = legal(state, "door", "legion", piece=ADLER, door=BARRACKS_DOOR, op="open")
    assert not v and v.rule == "10.13" and "unlock" in v.reason
    assert controller().mf_left(state, ADLER) == 2


def test_10_13_the_gate_takes_four_mf_and_an_open_gate_lets_units_through():
    state = pos({ADLER: ("P14", 0, "S")})
    v = legal(state, "move", "legion", piece=ADLER, to="P15", level=0)
    assert not v                                             # closed
    state, events = play(state, "door", "legion", piece=ADLER, door="gate", op="open")
    assert events[-1].rule == "10.13" and controller().mf_left(state, ADLER) == 1
    assert legal(state, "move", "legion", piece=ADLER, to="P15", level=0)
    v = legal(state, "door", "legion", piece=ADLER, door="gate", op="force")
    assert not v and v.rule == "10.21"                       # gates are never forced


def test_10_2111_unopposed_forcing_reaches_the_melee_number_and_10_212_stays_open():
    state = pos({ABDUL: ("M6", 0, "N"), COLE: ("Z12", 0, "N")}, chit="arab",
                doors={BARRACKS_DOOR: "closed"}, seed=seed_for([2, 3]))
    state, events = play(state, "door", "bedouin", piece=ABDUL, door=BARRACKS_DOOR,
                         op="force")
    assert events[-1].rule == "10.2111" and "holds" in events[-1].text      # 2 < 3
    state, events = play(state, "door", "bedouin", piece=ABDUL, door=BARRACKS_DOOR,
                         op="force")
    assert events[-1].rule == "10.2111" and "forced open" in events[-1].text
    assert controller().mf_left(state, ABDUL) == 3           # 1 MF an attempt
    assert legal(state, "move", "bedouin", piece=ABDUL, to="M5", level=0)
    inside = pos({ADLER: ("M5", 0, "S"), ABDUL: ("A1", 0, "S")},
                 doors={BARRACKS_DOOR: state.vars["doors"][BARRACKS_DOOR]})
    v = legal(inside, "door", "legion", piece=ADLER, door=BARRACKS_DOOR, op="close")
    assert not v and v.rule == "10.212"


def test_10_2112_opposed_forcing_both_roll_less_their_melee_numbers():
    # Abdul (Melee 3) rolls 5: 2; Sgt. DeGroot (Melee 2) behind the door rolls 4: 2;
    # equal is not higher: it holds
    where = {ABDUL: ("M6", 0, "N"), DEGROOT: ("M5", 0, "S")}
    state = pos(where, chit="arab", doors={BARRACKS_DOOR: "closed"}, seed=seed_for([5, 4]))
    state, events = play(state, "door", "bedouin", piece=ABDUL, door=BARRACKS_DOOR,
                         op="force")
    assert events[-1].rule == "10.2112" and "holds" in events[-1].text
    assert [e.info.get("side") or e.side for e in events if e.kind == "dice"] == [
        "bedouin", "legion"]
    state = pos(where, chit="arab", doors={BARRACKS_DOOR: "closed"}, seed=seed_for([6, 4]))
    state, events = play(state, "door", "bedouin", piece=ABDUL, door=BARRACKS_DOOR,
                         op="force")
    assert "forced open" in events[-1].text                  # 3 against 2


def test_10_22_a_locked_door_is_broken_first_then_forced():
    state = pos({ABDUL: ("M6", 0, "N"), COLE: ("Z12", 0, "N")}, chit="arab",
                doors={BARRACKS_DOOR: "locked"}, seed=seed_for([4, 4]))
    v = legal(state, "door", "bedouin", piece=ABDUL, door=BARRACKS_DOOR, op="force")
    assert not v and v.rule == "10.22"
    state, events = play(state, "door", "bedouin", piece=ABDUL, door=BARRACKS_DOOR,
                         op="break")
    assert "lock is broken" in events[-1].text
    rec = state.vars["doors"][BARRACKS_DOOR]
    assert rec == {"status": "closed", "broken": True}
    assert not legal(state, "move", "bedouin", piece=ABDUL, to="M5", level=0)   # still shut
    state, events = play(state, "door", "bedouin", piece=ABDUL, door=BARRACKS_DOOR,
                         op="force")
    assert "forced open" in events[-1].text


def test_10_161_a_closed_door_fires_only_straight_out_for_a_unit_facing_it():
    closed = {BARRACKS_DOOR: "closed"}
    # Adler inside at M5 facing the door (south); Abdul straight out at M9
    state = pos({ADLER: ("M5", 0, "S"), ABDUL: ("M9", 0, "N"), YUSUF: ("O9", 0, "N")},
                phase="fire", doors=closed)
    infos = {t.target: t for t in controller().targets(state, ADLER)}
    assert infos[ABDUL].possible and infos[ABDUL].sight.rule == "10.161"
    assert not infos[YUSUF].possible and infos[YUSUF].sight.rule == "10.16"
    # not facing the door: no slot
    turned = pos({ADLER: ("M5", 0, "SE"), ABDUL: ("M9", 0, "N")}, phase="fire", doors=closed)
    assert controller().targets(turned, ADLER)[0].sight.rule == "10.16"


def test_10_162_a_target_at_a_firing_slot_has_cover_and_a_saving_roll():
    closed = {BARRACKS_DOOR: "closed"}
    where = {ADLER: ("M5", 0, "S"), ABDUL: ("M9", 0, "N")}
    state = pos(where, phase="fire", chit="arab", doors=closed, seed=seed_for([6, 2]))
    info = next(t for t in controller().targets(state, ABDUL) if t.target == ADLER)
    assert info.possible and ("10.162", -1) in info.modifiers
    assert "7.721" not in dict(info.modifiers)              # one partial cover, not two
    state, events = play(state, "fire", "bedouin", piece=ABDUL, target=ADLER)
    assert any(e.rule == "10.162" and e.kind == "saved" for e in events)
    assert state.pieces[ADLER].status == "active"
