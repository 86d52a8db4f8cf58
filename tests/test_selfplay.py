"""Self-play: an error in one game is counted with its seed and the run goes on;
the recorded actions are played again from the start and must give the same
game (which catches rules that are not a function of the seed and the
actions); the summary counts games ended by the rules and at the self-play
cap; ``ffl selfplay --policy goal`` plays a game's own policy.  The FFL goal
policy reaches rule 9 (tests marked slow: a whole FFL game each)."""

from __future__ import annotations

import random

import pytest

from ffl import catalog
from ffl.engine import (
    Action,
    BaseController,
    Change,
    Event,
    GameState,
    Module,
    Outcome,
    Piece,
    PieceType,
    Placement,
    Prompt,
    Scenario,
    Verdict,
)
from ffl.engine.grids import square_grid
from ffl.games import GameManifest, games
from ffl.selfplay import SelfPlayError, play_game, run, run_summary
from ffl.session import GameSession
from ffl.store import save_module

LAST = 6


class CountController(BaseController):
    """Count to six, one step an action (rule C.1); the game is over at six (C.2).
    The scenario's option ``broken_seed`` makes that seed's game fail at step 3
    (a rules bug), ``unsteady`` draws a step from an outside generator (a rules bug
    a replay of the log cannot see)."""

    game_id = "count"

    def setup(self, scenario, options, seed):
        state = GameState(self.game_id, scenario.id, seed,
                          {"c": Piece("c", "counter", "a", "A1")}, {"n": 0})
        state.vars.update({k: v for k, v in options.items()})
        return state

    def prompt(self, state):
        return Prompt("a", "count", "C.1 count on", ("step",))

    def legal_actions(self, state):
        if state.vars.get("broken_seed") == state.seed and state.vars["n"] == 3:
            raise ZeroDivisionError("a rules bug at step 3")
        return [Action.make("step", "a", by=1)]

    def legal(self, state, action):
        return Verdict.yes() if action.kind == "step" else Verdict.no("only steps", "C.1")

    def resolve(self, state, action):
        by = random.randint(1, 2) if state.vars.get("unsteady") else 1
        n = min(LAST, state.vars["n"] + by)
        return [Event("step", "C.1", f"C.1 count {n}", (Change.var("n", n),))]

    def outcome(self, state):
        if state.vars["n"] >= LAST:
            return Outcome(None, "C.2 counted to six", "C.2")
        return None


def _module() -> Module:
    board = square_grid(2, 1, name="line")
    scenarios = {
        f"count/{name}": Scenario(f"count/{name}", "count", name.capitalize(), "line",
                                  sides=("a",), options=options,
                                  placements=[Placement("c", "counter", "a", "A1")])
        for name, options in (("plain", {}), ("broken", {"broken_seed": 2}),
                              ("unsteady", {"unsteady": True}))}
    return Module("count", "count", "Counting", boards={"line": board},
                  piece_types={"counter": PieceType("counter", "Counter", "a")},
                  scenarios=scenarios)


@pytest.fixture
def counting(tmp_path, monkeypatch):
    folder = tmp_path / "scenarios"
    folder.mkdir()
    save_module(_module(), folder / "count.ffl")
    monkeypatch.setitem(games(), "count", GameManifest(
        id="count", title="Counting", rulebook="the test's rules C.1-C.2",
        controller="test_selfplay:CountController", module_file="count.ffl"))
    monkeypatch.setenv("FFL_SCENARIOS_DIR", str(folder))


def test_an_error_in_one_game_is_counted_with_its_seed_and_the_run_goes_on(counting):
    summary = run_summary("count/broken", 3, seed=1)
    assert [r.seed for r in summary.results] == [1, 3]
    (error,) = summary.errors
    assert error.startswith("seed 2 at action ") and "ZeroDivisionError: a rules bug" in error
    lines = run("count/broken", 3, seed=1)
    assert lines[0].startswith("count/broken: 2 games (draw 2), 6 actions/game, 1 errors")
    assert lines[1].startswith("  error: seed 2")
    assert "--seed N" in lines[2]


def test_the_summary_counts_games_ended_by_the_rules(counting):
    summary = run_summary("count/plain", 2, seed=5)
    assert summary.line().startswith("count/plain: 2 games (draw 2), 6 actions/game, 0 errors")
    assert "2 ended by the rules, 0 at the self-play cap (random policy)" in summary.line()


def test_replaying_the_actions_catches_rules_that_do_not_follow_from_seed_and_actions(
        counting):
    session = catalog.new_session("count/unsteady", seed=1)
    random.seed(7)
    with pytest.raises(SelfPlayError, match="playing the same actions again"):
        play_game(session, random.Random(1))
    # folding the logged events alone cannot see it: they reproduce themselves
    replayed = catalog.new_session("count/unsteady", seed=1)
    for event in session.log.events[len(replayed.log.events):]:
        replayed.log.append([event])
    assert replayed.state.hash() == session.state.hash()


def test_ffl_selfplay_policy_option_reaches_the_command_line(counting, capsys):
    from ffl.cli import main

    assert main(["selfplay", "--scenario", "count/plain", "--games", "2",
                 "--policy", "goal"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("count/plain: 2 games (draw 2)")
    assert out[0].endswith("(random policy)")          # the game declares none


def test_the_ffl_manifest_declares_its_goal_policy():
    policy = games()["ffl"].selfplay_policy_object()
    assert hasattr(policy, "choose") and hasattr(policy, "capped")


@pytest.mark.slow
def test_ffl_goal_policy_games_end_by_rule_9():
    """A whole FFL game with the goal policy ends by rule 9, with no error, and is
    reproduced by playing its actions again (the 50-seed figures are in the
    issue's report: ``ffl selfplay --scenario ffl/basic --games 50 --policy goal``)."""
    summary = run_summary("ffl/basic", 1, seed=1, policy="goal")
    assert summary.errors == []
    assert summary.by_rules == 1, summary.line()
    for result in summary.results:
        assert result.outcome.startswith("9 ") and "Turn limit" not in result.outcome


def test_a_goal_policy_game_is_saved_and_reopened_mid_way(tmp_path):
    """The goal policy only picks among the legal actions: a game it plays is an
    ordinary game (saved and reopened at the same position)."""
    session = catalog.new_session("ffl/basic", seed=4, options={"turn_limit": 12})
    policy = games()["ffl"].selfplay_policy_object()
    rng = random.Random(4)
    for _ in range(120):
        actions = list(session.controller.legal_actions(session.state))
        choice = policy.choose(session.controller, session.state, actions, rng)
        assert choice in actions
        session.do(choice)
    again = GameSession.load(session.save(tmp_path / "goal.fflsave"))
    assert again.state.hash() == session.state.hash()
