"""15 the siege (optional rule ``siege``): dynamite (15.1: secret carriers, the
fuse, fire, the explosion's gate, breach and blast) and tunnels (15.2: secret
plots, the collapse rolls with the rulebook's example and its fictitious
numbers, moving through, the exit, what the Legion may see)."""

from helpers import controller, seed_for

from ffl.engine import Action, fold

ADLER, COLE = "L-1-Adler", "L-1-Cole"
ABDUL, DHABI, FAHD = "B-A-Abdul", "B-A-Dhabi", "B-A-Fahd"
SIEGE = {"siege": True}
D1 = "dynamite-1"


def play(state, kind, side, **args):
    events = controller().apply(state, Action.make(kind, side, **args))
    return fold(state, events), events


def legal(state, kind, side, **args):
    return controller().legal(state, Action.make(kind, side, **args))


def pos(units, **kw):
    kw.setdefault("chit", "arab")
    return controller().position(units=units, options={**SIEGE, **kw.pop("options", {})}, **kw)


def carrying(state, did, pid):
    """Give ``did`` to ``pid`` in secret (test set-up)."""
    state.vars.setdefault("siege_secret", {}).setdefault("dynamite", {})[did] = pid
    return state


def test_15_11_the_bedouin_give_the_dynamite_in_secret():
    from helpers import fresh

    from ffl.games.ffl.rules.context import LEGION

    state = fresh(siege=True)
    state.vars["phase"], state.vars["active"] = "setup-bedouin", "bedouin"
    assert "assign-dynamite" in controller().prompt(state).kinds
    state, events = play(state, "assign-dynamite", "bedouin", dynamite=D1, piece=ABDUL)
    assert events[-1].rule == "15.11" and "Abdul" not in events[-1].text
    assert state.vars["siege_secret"]["dynamite"] == {D1: ABDUL}
    assert "siege_secret" not in controller().view(state, LEGION).vars
    assert controller().secrets(state, LEGION) == ["siege_secret"]
    v = legal(state, "assign-dynamite", "bedouin", dynamite="dynamite-2", piece=ABDUL)
    assert not v and v.rule == "15.1"                    # one bundle a unit


def test_15_12_left_by_its_first_carrier_it_stays_in_view_and_is_picked_up():
    state = carrying(pos({ABDUL: ("C5", 0, "E"), DHABI: ("B5", 0, "E"),
                          ADLER: ("K8", 0, "N")}), D1, ABDUL)
    state, events = play(state, "drop-dynamite", "bedouin", piece=ABDUL, dynamite=D1)
    assert state.pieces[D1].position == ("C5", 0) and state.pieces[D1].status == "active"
    assert D1 not in state.vars["siege_secret"]["dynamite"]
    state, _ = play(state, "move", "bedouin", piece=DHABI, to="C5", level=0)
    state, _ = play(state, "carry-dynamite", "bedouin", piece=DHABI, dynamite=D1)
    state, _ = play(state, "move", "bedouin", piece=DHABI, to="C6", level=0)
    assert state.pieces[D1].position == ("C6", 0)          # it goes with its carrier


def test_15_132_a_fuse_lit_in_movement_goes_off_in_the_fire_phase_15_142_breach():
    # Abdul on the sand at C5 by the west wall (D5, a rampart with Adler on it)
    units = {ABDUL: ("C5", 0, "E"), ADLER: ("D5", 2, "W"), COLE: ("K8", 0, "N")}
    state = carrying(pos(units), D1, ABDUL)
    state, events = play(state, "light", "bedouin", piece=ABDUL, dynamite=D1)
    assert events[-1].rule == "15.132" and state.pieces[D1].data["lit"]["org"] == "arab"
    assert controller().mf_left(state, ABDUL) == 3          # no MF
    state, _ = play(state, "move", "bedouin", piece=ABDUL, to="B5", level=0)
    # the Arab fire phase: the fuse (roll 2) goes off; the Bedouin choose the breach
    state.vars.update({"phase": "fire", "chit": None, "cup": ["arab"], "mover": None,
                       "done": [], "_rolls": 0})
    state.seed = seed_for([1, 2, 1], sides=[1, 6, 6])
    state, events = play(state, "draw", "bedouin")
    assert any(e.kind == "explosion" for e in events)
    prompt = controller().prompt(state)
    assert prompt.kinds == ("breach",) and prompt.side == "bedouin"
    assert {a.get("toward") for a in controller().legal_actions(state)} == {"D5", "none"}
    state, events = play(state, "breach", "bedouin", toward="D5")
    assert state.pieces[ADLER].status == "eliminated"      # 15.1431 on the rampart
    assert any(e.rule == "15.1431" for e in events)
    ctx = controller().ctx(state)
    assert ctx.fort.levels("D5") == (0,)                    # blown through the whole square
    from ffl.games.ffl.rules.movement import passage

    assert passage(ctx, "C5", "D5", 0) == "" and passage(ctx, "D5", "E5", 0) == ""


def test_15_132_a_faulty_fuse_on_a_6_lit_again_later_never_moved():
    units = {ABDUL: ("C5", 0, "E"), COLE: ("K8", 0, "N")}
    state = carrying(pos(units), D1, ABDUL)
    state, _ = play(state, "light", "bedouin", piece=ABDUL, dynamite=D1)
    state.vars.update({"phase": "fire", "chit": None, "cup": ["arab"], "mover": None,
                       "done": [], "_rolls": 0})
    state.seed = seed_for([1, 6], sides=[1, 6])
    state, events = play(state, "draw", "bedouin")
    assert events[-1].kind == "fuse-faulty" and state.pieces[D1].on_board
    later = pos({ABDUL: ("C5", 0, "E"), COLE: ("K8", 0, "N")}, turn=2)
    later.pieces[D1].__dict__.update(state.pieces[D1].__dict__)
    v = legal(later, "carry-dynamite", "bedouin", piece=ABDUL, dynamite=D1)
    assert not v and v.rule == "15.132"
    assert legal(later, "light", "bedouin", piece=ABDUL, dynamite=D1)


def test_15_131_a_hit_on_a_modified_6_sets_off_the_bundle_he_carries():
    units = {ADLER: ("K8", 0, "S"), ABDUL: ("K12", 0, "N")}
    state = carrying(pos(units, phase="fire", chit="squad-1", seed=seed_for([6, 1])), D1,
                     ABDUL)
    state, events = play(state, "fire", "legion", piece=ADLER, target=ABDUL)
    assert any(e.kind == "explosion" and e.rule == "15.14" for e in events)
    assert "(15.131)" in next(e.text for e in events if e.kind == "explosion")
    assert state.pieces[D1].status == "eliminated"


def test_15_141_the_gate_is_destroyed_and_its_side_open():
    units = {ABDUL: ("P15", 0, "N"), COLE: ("K8", 0, "N")}
    state = carrying(pos(units, seed=seed_for([5])), D1, ABDUL)
    state, _ = play(state, "drop-dynamite", "bedouin", piece=ABDUL, dynamite=D1)
    from ffl.games.ffl.rules.context import Batch
    from ffl.games.ffl.rules.siege import explode

    batch = Batch(controller().ctx(state))
    explode(batch, D1, "bedouin", "P15", "15.132")
    after = batch.state
    assert after.pieces["gate-P14"].status == "eliminated"
    assert any(e.rule == "15.141" for e in batch.events)
    # the gate side is no wall to breach: the blast follows at once (Abdul rolls a 5)
    assert not after.vars.get("pending")
    assert after.pieces[ABDUL].status == "eliminated"
    from ffl.games.ffl.rules.movement import passage

    assert passage(controller().ctx(after), "P15", "P14", 0) == ""


def test_15_222_the_rulebooks_example_three_tunnels_one_five_long_needs_3():
    from ffl.games.ffl import tables

    assert tables.tunnel_collapse_number(3, 5) == 3
    assert tables.tunnel_collapses(3, 5, 3) and not tables.tunnel_collapses(3, 5, 2)


def plotted(state, *tunnels):
    for label, squares in tunnels:
        state, _ = play(state, "plot-tunnel", "bedouin", squares=tuple(squares), label=label)
    return state


def bedouin_preparation(seed=1):
    from helpers import fresh

    state = fresh(siege=True)
    state.vars["phase"], state.vars["active"] = "setup-bedouin", "bedouin"
    state.pieces["L-1-Adler"].status, state.pieces["L-1-Adler"].space = "active", "K8"
    state.pieces["L-1-Adler"].facing = 0
    state.seed, state.vars["_rolls"] = seed, 0
    return state


WEST = ["A5", "B5", "C5", "D5", "E5"]            # under the west wall into the parade
EAST = ["AF9", "AE9", "AD9", "AC9", "AB9"]
NORTH = ["J1", "J2", "J3", "J4"]


def test_15_21_tunnels_from_an_edge_straight_inward_sixteen_squares_at_most():
    state = bedouin_preparation()
    v = legal(state, "plot-tunnel", "bedouin", squares=("A5", "B6"), label=1)
    assert not v and v.rule == "15.21"                    # not diagonal
    v = legal(state, "plot-tunnel", "bedouin", squares=("B5", "C5"), label=1)
    assert not v and v.rule == "15.21"                    # not from the edge
    v = legal(state, "plot-tunnel", "bedouin", squares=("A5", "B5", "C5", "D5"), label=1)
    assert not v and v.rule == "15.21"                    # ends under the thick wall
    state = plotted(state, (1, WEST))
    assert "Abdul" not in str(state.vars["siege_secret"])
    long = [f"{chr(65 + i)}12" for i in range(12)]
    v = legal(state, "plot-tunnel", "bedouin", squares=tuple(long), label=2)
    assert not v and v.rule == "15.2"                     # 5 + 12 > 16


def test_15_22_note_one_roll_per_number_the_fictitious_ones_too():
    # three tunnels numbered 1, 3 and 5: five rolls, 2 and 4 for nothing
    state = bedouin_preparation(seed_for([1, 6, 1, 6, 2]))
    state = plotted(state, (1, WEST), (3, EAST), (5, NORTH))
    state, events = play(state, "end-setup", "bedouin")
    rolls = [e for e in events if e.kind == "dice" and e.rule == "15.22"]
    assert len(rolls) == 5
    tunnels = {t["label"]: t for t in state.vars["siege_secret"]["tunnels"]}
    # 15.221 three tunnels: WEST 5 long needs 3 (rolled 1), EAST 5 long (rolled 1),
    # NORTH 4 long needs 4 (rolled 2): none collapses
    assert [tunnels[n]["roll"] for n in (1, 3, 5)] == [1, 1, 2]
    assert not any(t["collapsed"] for t in tunnels.values())
    assert not any("tunnel" in e.text.lower() and "collapse" in e.text.lower() for e in events)


def test_15_223_all_collapsed_the_bedouin_keep_one():
    state = bedouin_preparation(seed_for([6, 6]))
    state = plotted(state, (1, WEST), (2, EAST))
    state, _ = play(state, "end-setup", "bedouin")
    assert controller().prompt(state).kinds == ("keep-tunnel",)
    state, events = play(state, "keep-tunnel", "bedouin", label=2)
    kept = {t["label"]: t["collapsed"] for t in state.vars["siege_secret"]["tunnels"]}
    assert kept == {1: True, 2: False} and state.vars["phase"] == "movement"


def tunnel_state(**kw):
    # Abdul's tribe alone: the others have left the game, so his phase may end
    state = pos({ABDUL: None, COLE: ("K8", 0, "N"), ADLER: "unused"}, others="exited", **kw)
    state.vars["siege_secret"] = {"tunnels": [{"label": 1, "squares": WEST, "collapsed": False}]}
    return state


def test_15_23_through_a_tunnel_under_the_wall_hidden_15_24_the_exit_revealed():
    state = tunnel_state()
    reach = controller().reachable(state, ABDUL)
    assert ("A5", -1) in reach and reach[("A5", -1)].cost == 1
    state, _ = play(state, "enter", "bedouin", piece=ABDUL, to="A5", level=-1)
    for sq in WEST[1:3]:
        state, _ = play(state, "move", "bedouin", piece=ABDUL, to=sq, level=-1)
    assert state.pieces[ABDUL].position == ("C5", -1)
    view = controller().view(state, "legion")
    assert view.pieces[ABDUL].space is None               # 15.25 hidden from the Legion
    assert controller().view(state, "bedouin").pieces[ABDUL].space == "C5"
    state, _ = play(state, "end-phase", "bedouin")
    # the next movement phase: 3 MF starting in a tunnel (15.23)
    state.vars.update({"chit": "arab", "active": "bedouin", "phase_mf": None})
    assert controller().mf_left(state, ABDUL) == 3
    state, _ = play(state, "move", "bedouin", piece=ABDUL, to="D5", level=-1)  # under the wall
    state, _ = play(state, "move", "bedouin", piece=ABDUL, to="E5", level=-1)
    v = legal(state, "climb", "bedouin", piece=ABDUL, to="E5", level=0)
    assert not v                                           # no way up before the reveal
    state, events = play(state, "reveal-tunnel", "bedouin", label=1)
    assert events[-1].rule == "15.24" and "A5-B5-C5-D5-E5" in events[-1].text
    state, events = play(state, "climb", "bedouin", piece=ABDUL, to="E5", level=0)
    assert state.pieces[ABDUL].position == ("E5", 0)


def test_15_25_the_legion_does_not_fire_at_units_unseen_in_tunnels():
    state = tunnel_state(phase="fire", chit="squad-1")
    abdul = state.pieces[ABDUL]
    abdul.status, abdul.space, abdul.level, abdul.facing = "active", "E5", -1, 0
    adler = state.pieces[ADLER]
    adler.status, adler.space, adler.level, adler.facing = "active", "E6", 0, 0
    assert ABDUL not in {t.target for t in controller().targets(state, ADLER)}


def test_15_131_a_lone_bundle_fired_at_15_1432_the_blast_15_144_a_weapon_lost():
    units = {ADLER: ("K6", 0, "S"), COLE: ("L10", 0, "N"), ABDUL: ("A1", 0, "S")}
    state = pos(units, phase="fire", chit="squad-1",
                options={"siege": True, "heavy_weapons": True}, seed=seed_for([6, 3, 6]))
    bundle = state.pieces[D1]
    bundle.status, bundle.space, bundle.level = "active", "K10", 0
    mg = state.pieces["weapon-mg"]
    mg.status, mg.space, mg.level, mg.facing = "active", "K11", 0, 0
    state, events = play(state, "fire-dynamite", "legion", piece=ADLER, dynamite=D1)
    assert [e.rule for e in events if e.kind == "explosion"] == ["15.14"]
    assert state.pieces[COLE].markers["stun"] == 2                 # 15.1432 a 3: S-2
    assert state.pieces["weapon-mg"].status == "eliminated"        # 15.144 a 6
    assert state.pieces[ADLER].markers.get("stun") is None          # outside the zone
