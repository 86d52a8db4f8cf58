"""23.4 with the ``turn_limit`` option (a timed game, self-play): the game stops
as a draw and its line names the sides still standing: three in Treachery, not
"both sides"."""

from helpers import controller
from test_23_treachery import negotiating

from ffl.engine import fold

ORDER = ("end-negotiation", "end-phase", "draw")


def test_23_4_the_turn_limit_line_names_all_three_sides_standing():
    ctrl = controller()
    state = negotiating()
    state.vars["turn_limit"] = 1
    for _ in range(400):
        if state.vars.get("phase") == "over":
            break
        actions = ctrl.legal_actions(state)
        pick = next((a for k in ORDER for a in actions if a.kind == k), actions[0])
        state = fold(state, ctrl.apply(state, pick))
    result = state.vars["result"]
    assert result["winner"] is None and result["rule"] == "9"
    assert result["text"] == "9 Turn limit (1) reached with all three sides standing: a draw"
