"""11 attitudes (exposed, full cover) and 12 mounted Bedouin (optional rules)."""

from helpers import controller

from ffl.engine import Action, fold

ADLER, COLE = "L-1-Adler", "L-1-Cole"
ABDUL, DHABI, YUSUF = "B-A-Abdul", "B-A-Dhabi", "B-A-Yusuf"
ATT = {"attitudes": True}


def play(state, kind, side, **args):
    events = controller().apply(state, Action.make(kind, side, **args))
    return fold(state, events), events


def legal(state, kind, side, **args):
    return controller().legal(state, Action.make(kind, side, **args))


def target(state, firer, foe):
    return next(t for t in controller().targets(state, firer) if t.target == foe)


# -- 11.1 exposed -----------------------------------------------------------------------


def test_11_1_an_exposed_unit_fires_down_at_the_foot_of_its_battlement_and_is_seen():
    # Adler on the parapet I3 (level 2, crenel on its north side), Abdul on the sand
    # at I2 below it: 7.52 blocks both ways until Adler stands exposed
    where = {ADLER: ("I3", 2, "N"), ABDUL: ("I2", 0, "S")}
    fire = controller().position(units=where, phase="fire", chit="squad-1", options=ATT)
    assert target(fire, ADLER, ABDUL).sight.rule == "7.52"
    move = controller().position(units=where, chit="squad-1", options=ATT)
    move, events = play(move, "attitude", "legion", piece=ADLER, to="exposed")
    assert events[-1].rule == "11.1" and controller().mf_left(move, ADLER) == 5   # no MF
    fire = controller().position(units=where, phase="fire", chit="squad-1", options=ATT,
                                 attitudes={ADLER: "exposed"})
    assert target(fire, ADLER, ABDUL).possible
    back = controller().position(units=where, phase="fire", chit="arab", options=ATT,
                                 attitudes={ADLER: "exposed"})
    info = target(back, ABDUL, ADLER)
    assert info.possible and "7.721" not in dict(info.modifiers)   # no partial cover
    # only behind a crenel
    inside = controller().position(units={ADLER: ("K8", 0, "N")}, chit="squad-1", options=ATT)
    v = legal(inside, "attitude", "legion", piece=ADLER, to="exposed")
    assert not v and v.rule == "11.1"


def test_11_3_full_cover_costs_one_mf_no_fire_and_no_shot_through_the_cover():
    where = {ADLER: ("I3", 2, "N"), ABDUL: ("I1", 0, "S"), YUSUF: ("I6", 0, "N")}
    move = controller().position(units=where, chit="squad-1", options=ATT)
    move, events = play(move, "attitude", "legion", piece=ADLER, to="full-cover")
    assert events[-1].rule == "11.3" and controller().mf_left(move, ADLER) == 4   # 1 MF
    v = legal(move, "move", "legion", piece=ADLER, to="J3", level=2)
    assert not v and v.rule == "11.3"                      # it leaves full cover first
    move, _ = play(move, "attitude", "legion", piece=ADLER, to="none")
    assert controller().mf_left(move, ADLER) == 3
    covered = dict(units=where, options=ATT, attitudes={ADLER: "full-cover"}, phase="fire")
    mine = controller().position(chit="squad-1", **covered)
    v = legal(mine, "fire", "legion", piece=ADLER, target=ABDUL)
    assert not v and v.rule == "11.3"
    theirs = controller().position(chit="arab", **covered)
    v = legal(theirs, "fire", "bedouin", piece=ABDUL, target=ADLER)     # through the crenel
    assert not v and v.rule == "11.3"
    assert target(theirs, YUSUF, ADLER).refusal is None      # from the parade behind it


def test_11_3_full_cover_needs_a_covering_side_and_12_2_never_mounted():
    state = controller().position(units={ADLER: ("K8", 0, "N")}, chit="squad-1", options=ATT)
    v = legal(state, "attitude", "legion", piece=ADLER, to="full-cover")
    assert not v and v.rule == "11.3"
    state = controller().position(units={ABDUL: ("I3", 2, "N")}, chit="arab",
                                  options={**ATT, "mounted": True}, mounted=["arab"])
    v = legal(state, "attitude", "bedouin", piece=ABDUL, to="full-cover")
    assert not v and v.rule == "12.2"


# -- 12 mounted -------------------------------------------------------------------------


def bedouin_setup(options):
    from helpers import fresh

    state = fresh(**options)
    from ffl.games.ffl.rules.context import LEGION

    ctrl = controller()
    squares = ctrl.fort(state).squares("parade")
    left = set()
    for pid in sorted(state.pieces):
        p = state.pieces[pid]
        if p.side == LEGION and ctrl.module.piece_types[p.type].kind == "character":
            org = ctrl.module.piece_types[p.type].org
            if org.startswith("squad") and org not in left:
                left.add(org)
                state, _ = play(state, "leave-out", "legion", piece=pid)
            elif p.status == "off":
                state, _ = play(state, "place", "legion", piece=pid, space=squares.pop(0),
                                level=0, facing=0)
    state, _ = play(state, "end-setup", "legion")
    return state


def test_12_up_to_three_organizations_ride_marked_in_the_bedouin_preparation():
    state = bedouin_setup({"mounted": True})
    assert "mount" in controller().prompt(state).kinds
    for org in ("arab", "berber", "riff"):
        state, events = play(state, "mount", "bedouin", org=org)
        assert events[-1].rule == "12"
    v = legal(state, "mount", "bedouin", org="tuareg")
    assert not v and v.rule == "12" and "3" in v.reason
    state, _ = play(state, "unmount", "bedouin", org="riff")
    assert state.vars["mounted"] == ["arab", "berber"]
    off = bedouin_setup({})
    assert not legal(off, "mount", "bedouin", org="arab")


def test_12_mounted_rates_12_1_plus_one_in_melee_12_3_minus_one_firing():
    opts = {"mounted": True}
    state = controller().position(units={ABDUL: None, DHABI: ("B2", 0, "S")}, chit="arab",
                                  options=opts, mounted=["arab"])
    assert controller().mf_left(state, ABDUL) == 5        # off the board, mounted
    assert controller().mf_left(state, DHABI) == 5        # in the desert
    fort = controller().position(units={ABDUL: ("K8", 0, "N"), ADLER: ("K6", 0, "S")},
                                 chit="arab", options=opts, mounted=["arab"])
    assert controller().mf_left(fort, ABDUL) == 7         # in the fort
    assert ("12.1", 1, "attacker is mounted") in \
        controller().melee_modifiers(fort, ABDUL, ADLER).modifiers
    shoot = controller().position(units={ABDUL: ("K8", 0, "N"), ADLER: ("K5", 0, "S")},
                                  phase="fire", chit="arab", options=opts, mounted=["arab"])
    assert ("12.3", -1) in target(shoot, ABDUL, ADLER).modifiers


def test_12_2_mounted_units_neither_climb_nor_jump():
    state = controller().position(units={ABDUL: ("H4", 0, "E")}, chit="arab",
                                  options={"mounted": True}, mounted=["arab"])
    v = legal(state, "climb", "bedouin", piece=ABDUL, to="I4", level=1)
    assert not v and v.rule == "12.2"
    assert ("I4", 1) not in controller().reachable(state, ABDUL)
    high = controller().position(units={ABDUL: ("I4", 1, "E")}, chit="arab",
                                 options={"mounted": True}, mounted=["arab"])
    v = legal(high, "jump", "bedouin", piece=ABDUL, to="H4", level=0)
    assert not v and v.rule == "12.2"


def test_12_4_the_whole_organization_dismounts_at_the_start_of_its_phase():
    opts = {"mounted": True}
    where = {ABDUL: ("K8", 0, "N"), DHABI: ("B2", 0, "S"), ADLER: ("Z12", 0, "N")}
    state = controller().position(units=where, chit="arab", options=opts, mounted=["arab"])
    state, events = play(state, "dismount", "bedouin", org="arab")
    assert events[0].rule == "12.4" and state.vars["mounted"] == []
    assert controller().mf_left(state, ABDUL) == 5 and controller().mf_left(state, DHABI) == 3
    # not once a unit has acted
    later = controller().position(units=where, chit="arab", options=opts, mounted=["arab"])
    later, _ = play(later, "move", "bedouin", piece=ABDUL, to="K9", level=0)
    v = legal(later, "dismount", "bedouin", org="arab")
    assert not v and v.rule == "12.4"
