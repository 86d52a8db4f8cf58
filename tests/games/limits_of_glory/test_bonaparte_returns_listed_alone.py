"""Bonaparte Returns: Interception attempts: once his return is declared, his
juniors are detached where he stands and he boards the Muiron alone; the moves
listed for his activated port (``legal_actions``, what the program chooses from)
include his move alone to the Muiron's sea space, and the hard French program
takes it and sails for France."""

from __future__ import annotations

from ffl.catalog import new_session
from ffl.games import game_of
from ffl.games.limits_of_glory.flow import flag
from ffl.opponents import decide, make_opponent

SCENARIO = "limits_of_glory/campaign"


def test_returning_bonaparte_is_listed_alone_and_the_hard_french_sail_home():
    seed = 10       # the event allows his return at turn 9 (seed 10, these programs)
    game = game_of(SCENARIO)
    session = new_session(SCENARIO, seed=seed, options=dict(game.selfplay_options))
    ctl = session.controller
    players = {"allied": make_opponent(game, ctl, "allied", "normal", seed * 7),
               "french": make_opponent(game, ctl, "french", "hard", seed * 7 + 1)}
    listed_alone = False
    for _ in range(20_000):
        if ctl.outcome(session.state) is not None:
            break
        state = session.state
        b = state.pieces["bonaparte"]
        act = state.vars.get("activation")
        if b.data.get("returning") and act and act.get("space") == b.space \
                and not ctl.task(state):
            alone = [a for a in ctl.legal_actions(state)
                     if a.kind == "move" and a.get("pieces") == "bonaparte"
                     and not a.get("units")]
            listed_alone = listed_alone or bool(alone)
        side = ctl.prompt(state).side
        session.do(decide(players[side], ctl, state).action)
    assert listed_alone
    assert session.state.pieces["bonaparte"].status == "exited"     # Successful return
    assert flag(session.state, "bonaparte_returned")
