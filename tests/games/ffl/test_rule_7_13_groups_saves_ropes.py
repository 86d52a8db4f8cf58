"""7.13 announced firers, 7.8 leader saving rolls and 7.9 ungrappling."""

from ffl.engine import Action, GameState, Piece, fold
from ffl.games.ffl import tables
from ffl.games.ffl.fort import build_fort
from ffl.games.ffl.roster import piece_types
from ffl.games.ffl.rules import fire
from ffl.games.ffl.rules.context import Ctx
from ffl.games.ffl.terrain import Fort

N, NE, E, SE, S, SW, W, NW = range(8)
BOARD = build_fort()
FORT = Fort(BOARD)
TYPES = piece_types()
ADLER, COLE, EVANS, DEGROOT = "L-1-Adler", "L-1-Cole", "L-1-Evans", "L-1-DeGroot"
ABDUL, DHABI, YUSUF = "B-A-Abdul", "B-A-Dhabi", "B-A-Yusuf"


def setup(where, chit="squad-1", seed=1, extra=None):
    pieces = {pid: Piece(pid, pid, TYPES[pid].side, sp, lv, f)
              for pid, (sp, lv, f) in where.items()}
    for pid, ptype in (extra or {}).items():
        pieces[pid] = ptype
    state = GameState("ffl", "ffl/basic", seed, pieces,
                      {"turn": 1, "phase": "fire", "chit": chit, "active": "legion"})
    return state


def ctx_of(state):
    return Ctx(state, BOARD, FORT, TYPES)


def act(state, action):
    ctx = ctx_of(state)
    verdict = fire.check_fire(state, ctx, action)
    assert verdict, verdict
    events = fire.resolve_fire(state, ctx, action)
    return fold(state, events), events


def fire_at(pid, target, side="legion"):
    return Action.make("fire", side, piece=pid, target=target)


ROW = {ADLER: ("A16", 0, E), COLE: ("A15", 0, E), EVANS: ("A14", 0, E),
       ABDUL: ("D16", 0, W), DHABI: ("D15", 0, W)}


def test_7_13_unannounced_firer_may_not_join_a_fired_at_target():
    state = setup(ROW, seed=0)
    for seed in range(40):
        state = setup(ROW, seed=seed)
        after, _ = act(state, fire_at(ADLER, ABDUL))
        if after.pieces[ABDUL].status == "active":
            break
    v = fire.check_fire(after, ctx_of(after), fire_at(COLE, ABDUL))
    assert not v and v.rule == "7.13"
    # another target is still open to him
    assert fire.check_fire(after, ctx_of(after), fire_at(COLE, DHABI))


def test_7_13_announced_firers_all_fire_at_the_target():
    state = setup(ROW)
    announce = Action.make("announce", "legion", pieces=[ADLER, COLE, EVANS], target=ABDUL)
    after, events = act(state, announce)
    assert events[0].rule == "7.13" and events[0].text.startswith("7.13")
    # an announced firer may not switch to another target
    v = fire.check_fire(after, ctx_of(after), fire_at(COLE, DHABI))
    assert not v and v.rule == "7.13"
    # the three fire in turn, as long as the target stands
    for pid in (ADLER, COLE, EVANS):
        if after.pieces[ABDUL].status != "active":
            break
        after, _ = act(after, fire_at(pid, ABDUL))
    # a firer not announced cannot add a shot
    late = setup({**ROW, "L-1-Fischer": ("A13", 0, SE)})
    late_after, _ = act(late, announce)
    v = fire.check_fire(late_after, ctx_of(late_after), fire_at("L-1-Fischer", ABDUL))
    assert not v and v.rule == "7.13"


def test_7_13_target_stays_fixed_even_once_eliminated():
    for seed in range(60):
        state = setup(ROW, seed=seed)
        after, _ = act(state, Action.make("announce", "legion", pieces=[ADLER, COLE],
                                          target=ABDUL))
        after, _ = act(after, fire_at(ADLER, ABDUL))
        if after.pieces[ABDUL].status == "eliminated":
            break
    else:
        raise AssertionError("no hit in 60 seeds")
    v = fire.check_fire(after, ctx_of(after), fire_at(COLE, DHABI))
    assert not v and v.rule == "7.13"


def test_7_13_announce_needs_every_firer_able_to_fire():
    state = setup({**ROW, COLE: ("A15", 0, W)})          # Cole faces away
    v = fire.check_fire(state, ctx_of(state),
                        Action.make("announce", "legion", pieces=[ADLER, COLE], target=ABDUL))
    assert not v and v.rule == "7.3"


def test_7_82_leader_saving_roll():
    seen = set()
    for seed in range(40):
        state = setup({ADLER: ("A16", 0, E), YUSUF: ("D16", 0, W)}, seed=seed)
        after, events = act(state, fire_at(ADLER, YUSUF))
        if not any(e.kind == "hit" for e in events):
            continue
        saves = [e for e in events if e.kind == "dice" and e.rule == "7.82"]
        assert len(saves) == 1 and saves[0].side == "bedouin"     # his own player rolls
        saved = tables.saving_roll(saves[0].dice[0])
        seen.add(saved)
        assert (after.pieces[YUSUF].status == "active") == saved
        kind = "saved" if saved else "save-failed"
        assert any(e.kind == kind and e.text.startswith("7.82") for e in events)
    assert seen == {True, False}


def test_7_81_no_saving_roll_for_a_private():
    for seed in range(40):
        state = setup({DEGROOT: ("A16", 0, E), ABDUL: ("D16", 0, W)}, seed=seed)
        after, events = act(state, fire_at(DEGROOT, ABDUL))
        if any(e.kind == "hit" for e in events):
            assert not any(e.rule == "7.82" for e in events)
            assert after.pieces[ABDUL].status == "eliminated"
            return
    raise AssertionError("no hit in 40 seeds")


def _rope(ends):
    (low, ll), _ = ends
    return Piece("rope-01", "rope", "bedouin", low, ll, None, data={"grappled": ends})


def test_7_9_ungrapple_drops_the_rope_to_the_low_square():
    ends = [["M2", 0], ["M3", 2]]
    state = setup({ADLER: ("M3", 2, N)}, extra={"rope-01": _rope(ends)})
    actions = fire.fire_actions(state, ctx_of(state))
    assert Action.make("ungrapple", "legion", piece=ADLER, rope="rope-01") in actions
    after, events = act(state, Action.make("ungrapple", "legion", piece=ADLER, rope="rope-01"))
    rope = after.pieces["rope-01"]
    assert rope.data.get("grappled") is None and (rope.space, rope.level) == ("M2", 0)
    assert events[0].rule == "7.9"
    # it took the place of his shot this turn
    state2 = after
    state2.pieces[ABDUL] = Piece(ABDUL, ABDUL, "bedouin", "M1", 0, S)
    v = fire.check_fire(state2, ctx_of(state2), fire_at(ADLER, ABDUL))
    assert not v and v.rule == "7.4"


def test_7_9_no_ungrapple_after_firing_or_away_from_the_rope():
    ends = [["M2", 0], ["M3", 2]]
    state = setup({ADLER: ("M3", 2, N), COLE: ("P3", 2, N), ABDUL: ("M1", 0, S)},
                  extra={"rope-01": _rope(ends)})
    v = fire.check_fire(state, ctx_of(state),
                        Action.make("ungrapple", "legion", piece=COLE, rope="rope-01"))
    assert not v and v.rule == "7.9"
    after, _ = act(state, fire_at(ADLER, ABDUL))
    v = fire.check_fire(after, ctx_of(after),
                        Action.make("ungrapple", "legion", piece=ADLER, rope="rope-01"))
    assert not v and v.rule == "7.4"
