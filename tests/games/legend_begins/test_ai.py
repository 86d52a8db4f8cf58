"""The program's side: it picks only legal actions, from its side's view, attacks at
good odds and plays a scenario's turn to the end for both armies."""

from __future__ import annotations

import pytest
from tlb_helpers import clean, put, segment

from ffl.catalog import new_session
from ffl.engine import Action
from ffl.games import game_of
from ffl.games.legend_begins.ai import make


def test_the_manifest_offers_the_program_for_either_side():
    game = game_of("legend_begins/compass")
    assert game.opponents == "ffl.games.legend_begins.ai:make"
    assert game.selfplay_policy_object() is not None


def test_it_attacks_at_the_best_odds_it_is_offered(controller, module):
    st = clean(controller, module)
    for pid in ("al-1rtr", "al-2rtr", "al-3hus", "sp-allied-01"):
        put(st, pid, "2456")
    put(st, "ax-64cat-1", "2455")
    put(st, "al-16bde", "2553")
    put(st, "ax-64cat-2", "2554")
    segment(st, "allied", "primary", "combat")
    strong = Action.make("attack", "allied", attackers=["al-1rtr", "al-2rtr", "al-3hus"],
                         targets=["2455"], supply="sp-allied-01")
    weak = Action.make("attack", "allied", attackers=["al-16bde"], targets=["2554"])
    end = Action.make("end-combat", "allied")
    bot = make(controller, "allied", "normal", 1)
    actions = [a for a in (end, weak, strong) if controller.legal(st, a)]
    assert strong in actions
    assert bot.choose(controller.view(st, "allied"), actions) == strong


def _gazala_with_every_advanced_rule(segments: int | None) -> None:
    """Two programs play Gazala's first turn (or its first ``segments`` segments) with
    every advanced rule, Fog of War too: each action legal on the game itself."""
    from ffl.games.legend_begins.options import all_on

    s = new_session("legend_begins/gazala", seed=2, options={**all_on(), "last_turn": 0})
    ctl = s.controller
    bots = {side: make(ctl, side, "normal", 3) for side in ("axis", "allied")}
    for _ in range(3000):
        if ctl.outcome(s.state) is not None:
            break
        if segments is not None and int((s.state.vars.get("seg") or {}).get("n", 0)) > segments:
            return
        side = ctl.prompt(s.state).side
        actions = list(ctl.legal_actions(s.state))
        action = bots[side].choose(ctl.view(s.state, side), actions)
        # listed, or made up by the program (a multi-hex attack, a chosen destination)
        # and accepted by the rules on the game itself
        assert ctl.legal(s.state, action), action
        s.do(action)
        assert ctl.invariants(s.state) == []
    assert ctl.outcome(s.state) is not None


def test_two_programs_play_the_first_segment_of_gazala_with_every_advanced_rule():
    _gazala_with_every_advanced_rule(1)


@pytest.mark.slow
def test_two_programs_play_a_turn_of_gazala_with_every_advanced_rule():
    _gazala_with_every_advanced_rule(None)
