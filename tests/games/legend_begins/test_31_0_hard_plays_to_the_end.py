"""31.0 / 3.1 B: ``hard`` knows when the scenario ends.  In Compass the Allied points
count the Italian steps lost (one a point per eight) and no Allied step; in the last
turn a step is worth only what it still does in the segments left (read off the chit
cup, public).  So in the last segment of the game ``hard`` makes, as the Allies, an
attack ``normal`` thinks too dear (their losses no longer count) and, as the Axis,
spares the Italian steps an attack would cost (the Allied steps it would take count
for nothing any more).  Before the last turn ``hard`` weighs steps as ``normal``."""

from __future__ import annotations

from tlb_helpers import clean, put, segment

from ffl.games.legend_begins.ai import make
from ffl.games.legend_begins.ai.horizon import segments_left, weights
from ffl.games.legend_begins.rules.turn import CHITS


def last_segment(controller, st, side: str):
    """The scenario's last turn, its seventh chit (``side``'s) being played: one chit,
    the enemy's, is left in the cup and will not be played (3.1 B)."""
    st.vars["turn"] = int(controller.ctx(st).setup["last_turn"])
    left = f"{'axis' if side == 'allied' else 'allied'}-T"
    st.vars["cup"] = [left]
    st.vars["drawn"] = [c for c in CHITS if c != left]
    return st


def fight(controller, module, side: str, attackers: list[str], defenders: list[str],
          last: bool):
    st = clean(controller, module)
    for pid in defenders:
        put(st, pid, "2457")
    for pid in attackers:
        put(st, pid, "2456")
    segment(st, side, "primary", "combat")
    return last_segment(controller, st, side) if last else st


def choice(controller, st, side: str, level: str):
    action = make(controller, side, level, 1).choose(
        controller.view(st, side), list(controller.legal_actions(st)))
    assert controller.legal(st, action)
    return action.kind


def test_31_0_the_segments_left_weigh_the_steps(controller, module):
    st = clean(controller, module)
    segment(st, "allied", "primary", "combat")
    ctx = controller.ctx(st)
    assert weights(ctx, "allied", "axis") == (1.0, 1.0, 1.0)       # not the last turn
    assert weights(ctx, "axis", "allied") == (1.0, 1.0, 1.0)
    st.vars["turn"] = int(ctx.setup["last_turn"])
    st.vars["cup"] = list(CHITS)[1:]                                # one chit drawn
    st.vars["drawn"] = list(CHITS)[:1]
    ctx = controller.ctx(st)
    assert segments_left(ctx, "allied") == 4 and segments_left(ctx, "axis") == 3
    assert weights(ctx, "allied", "axis") == (1.0, 1.0, 1.0)       # all still to come
    last_segment(controller, st, "allied")
    ctx = controller.ctx(st)
    assert segments_left(ctx, "allied") == 0 and segments_left(ctx, "axis") == 0
    # the Allies' steps count for nothing now, the Italian steps as always
    assert weights(ctx, "allied", "axis") == (0.1, 1.0, 0.1)
    assert weights(ctx, "axis", "allied") == (1.0, 0.1, 0.1)


def test_31_0_hard_allies_attack_in_the_last_segment_where_normal_holds(
        controller, module):
    """The 16th Brigade against an Italian battalion at 1-2: ``normal`` ends the
    Combat Phase (the Brigade's steps cost too much); ``hard`` attacks in the last
    segment (it may cost Allied steps, which no longer count; it may take Italian
    ones), and holds like ``normal`` before the last turn."""
    for last, hard in ((True, "attack"), (False, "end-combat")):
        st = fight(controller, module, "allied", ["al-16bde"], ["ax-64cat-2"], last)
        assert controller.odds(st, ["al-16bde"], ["2457"])["column"] == "1-2"
        assert choice(controller, st, "allied", "normal") == "end-combat"
        assert choice(controller, st, "allied", "hard") == hard


def test_31_0_hard_axis_spares_its_steps_in_the_last_segment(controller, module):
    """An M13 battalion against the 7th Medium Regiment at 2-1 (no Active ZOC: the
    attack is not owed, 9.1): ``normal`` attacks; in the last segment ``hard`` does not
    (its losses are Allied points, the Regiment's are none), and attacks like
    ``normal`` before the last turn."""
    for last, hard in ((True, "end-combat"), (False, "attack")):
        st = fight(controller, module, "axis", ["ax-m13-3"], ["al-7med"], last)
        assert controller.odds(st, ["ax-m13-3"], ["2457"])["column"] == "2-1"
        assert choice(controller, st, "axis", "normal") == "attack"
        assert choice(controller, st, "axis", "hard") == hard
