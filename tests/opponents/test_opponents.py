"""Computer opponents (issue 22): the contract every game's opponent keeps.

Every action an opponent returns is one the rules accept (``controller.legal``
on the game): one of the listed actions, or one of its own making outside the
listed sample (the FFL machinegun's spread shots, 14); what it decides from is its side's view (``controller.view(state, side)``), never the
state: the same view with different secrets (other hands, the pack, the dice
seed) gives the same choice; the normal level answers within 2 s."""

from __future__ import annotations

import random

import pytest

from ffl.catalog import new_session
from ffl.engine import GameState
from ffl.games import game_of
from ffl.opponents import (
    LEVELS,
    PROGRAM_KEY,
    Opponent,
    decide,
    make_opponent,
    opponents_for,
    program_sides,
)


class Recording:
    """Wraps an opponent and keeps what it was given (it sees nothing else)."""

    def __init__(self, inner: Opponent) -> None:
        self.inner, self.side, self.level = inner, inner.side, inner.level
        self.seen: list[tuple[GameState, list]] = []
        self.playouts, self.playout_seconds = 0, 0.0
        #: its choices that were not among the listed actions
        self.outside: list = []

    def choose(self, view, actions):
        self.seen.append((view.copy(), list(actions)))
        choice = self.inner.choose(view, actions)
        if choice not in actions:
            self.outside.append(choice)
        return choice


def _play(scenario_id: str, levels: dict[str, str], seed: int, limit: int, options=None):
    """Play ``limit`` actions (or to the end): the sides in ``levels`` by the program
    (recorded), the others at random; every action checked legal first (the
    program's with ``controller.legal`` on the game, as the contract says: it may
    choose outside the listed sample)."""
    session = new_session(scenario_id, seed=seed, options={
        **game_of(scenario_id).selfplay_options, **(options or {})})
    controller, game = session.controller, game_of(scenario_id)
    players = {side: Recording(make_opponent(game, controller, side, level, seed))
               for side, level in levels.items()}
    rng = random.Random(seed)
    checked = 0
    for _ in range(limit):
        if controller.outcome(session.state) is not None:
            break
        side = controller.prompt(session.state).side
        legal = list(controller.legal_actions(session.state))
        assert legal, f"the rules offer no legal action at: {controller.prompt(session.state).text}"
        if side in players:
            state_before = session.state.copy()
            decision = decide(players[side], controller, session.state)
            assert session.state.hash() == state_before.hash(), "the opponent changed the game"
            view, offered = players[side].seen[-1]
            # its input: exactly its side's view and the legal actions
            assert view.hash() == controller.view(session.state, side).hash()
            assert offered == legal
            for secret in controller.secrets(session.state, side):
                assert secret not in view.pieces
            action = decision.action
            verdict = controller.legal(session.state, action)
            assert verdict, f"{action} refused: {verdict.reason}"
            checked += 1
        else:
            action = rng.choice(legal)
        session.do(action)
    return session, players, checked


@pytest.mark.parametrize("level", LEVELS)
def test_22_card_game_opponents_make_only_legal_actions_from_their_view(level):
    session, players, checked = _play("card_game/3p", {"p1": level, "p3": level}, 4, 400)
    assert session.controller.outcome(session.state) is not None
    assert checked > 5
    for recording in players.values():
        for view, _ in recording.seen:      # the other hands and the pack are face down
            for player, cards in view.vars["hands"].items():
                if player != recording.side:
                    assert set(cards) <= {"?"}
            assert set(view.vars["pack"]) <= {"?"}


@pytest.mark.parametrize("levels", [{"legion": "hard", "bedouin": "easy"},
                                    {"legion": "easy", "bedouin": "normal"},
                                    {"legion": "normal", "bedouin": "hard"}])
def test_22_ffl_opponents_make_only_legal_actions_either_side(levels):
    # the Legion's set-up by the program, the ropes, then the first turn's moves
    _, _, checked = _play("ffl/basic", levels, 3, 90)
    assert checked == 90


def test_14_ffl_opponents_with_the_heavy_weapons_make_only_legal_actions():
    """14 on: the Legion's program sets the machinegun and cannon up and crews
    them with actions of its own making (outside the listed sample), each one
    accepted by the rules on the game; the set-up and the first turns."""
    session, players, checked = _play("ffl/basic", {"legion": "normal", "bedouin": "easy"}, 1,
                                      120, options={"heavy_weapons": True})
    assert checked == 120
    outside = {a.kind for a in players["legion"].outside}
    assert "place-weapon" in outside, outside
    assert all(session.state.pieces[w].on_board for w in ("weapon-mg", "weapon-cannon"))


def test_22_the_card_opponent_decides_from_the_view_alone():
    """Two deals that look the same to Player 1 (its hand, the tables, the
    discards) but differ in the hidden hands and the pack: the same choice."""
    session = new_session("card_game/2p", seed=11)
    controller = session.controller
    state = session.state
    assert controller.prompt(state).side == "p1"
    other = state.copy()
    hidden = list(other.vars["hands"]["p2"]) + list(other.vars["pack"])
    random.Random(3).shuffle(hidden)
    n = len(other.vars["hands"]["p2"])
    other.vars["hands"]["p2"], other.vars["pack"] = hidden[:n], hidden[n:]
    other.seed = state.seed + 99
    assert other.hash() != state.hash()
    assert controller.view(other, "p1").hash() == controller.view(state, "p1").hash()
    for level in LEVELS:
        a = decide(make_opponent(game_of("card_game/2p"), controller, "p1", level, 5),
                   controller, state).action
        b = decide(make_opponent(game_of("card_game/2p"), controller, "p1", level, 5),
                   controller, other).action
        assert a == b, level


def test_22_the_ffl_opponent_never_knows_how_the_dice_will_fall():
    """The hard level tries the Bedouin's shots with dice of its own: the game's
    seed (the real dice stream) does not change its choice, and its trial
    copies never carry the game's seed (the hard Legion scores its shots by
    the odds alone, 7.6 and 7.8, so its choice ignores the seed as well)."""
    from ffl.catalog import load_module
    from ffl.games.ffl.controller import FFLController

    controller = FFLController(load_module("ffl"))
    units = {"L-1-Adler": ("J10", 0, "W"), "L-1-Blondin": ("K12", 0, "W"),
             "L-1-Cole": ("I8", 0, "W"), "B-A-Abdul": ("F10", 0, "E"),
             "B-A-Dhabi": ("F11", 0, "E")}
    legion = {"L-1-Adler": ("F10", 0, "E"), "L-1-Blondin": ("F11", 0, "E"),
              "B-A-Abdul": ("J10", 0, "W"), "B-A-Dhabi": ("K12", 0, "W"),
              "B-A-Fahd": ("I8", 0, "W")}
    fired = [decide(make_opponent(game_of("ffl/basic"), controller, "legion", "hard", 9),
                    controller, controller.position(units=legion, phase="fire",
                                                    chit="squad-1", seed=seed)).action
             for seed in (7, 7007)]
    assert fired[0] == fired[1] and fired[0].kind == "fire"
    choices, seeds = [], []
    for seed in (7, 7007):
        state = controller.position(units=units, phase="fire", chit="arab", seed=seed)
        shots = [a for a in controller.legal_actions(state) if a.kind == "fire"]
        assert len(shots) > 2
        opp = make_opponent(game_of("ffl/basic"), controller, "bedouin", "hard", 9)
        copy = opp.private_copy

        def spy(view, copy=copy):
            trial = copy(view)
            seeds.append(trial.seed)
            return trial

        opp.private_copy = spy
        choices.append(decide(opp, controller, state).action)
    assert choices[0] == choices[1] and choices[0].kind == "fire"
    assert seeds and not {7, 7007} & set(seeds)


def test_22_who_plays_each_side_is_kept_in_the_options():
    session = new_session("card_game/4p", seed=1,
                          options={PROGRAM_KEY: {"p2": "easy", "p3": "hard", "p4": "normal"}})
    assert program_sides(session.options) == {"p2": "easy", "p3": "hard", "p4": "normal"}
    opponents = opponents_for(session)
    assert sorted(opponents) == ["p2", "p3", "p4"]
    assert {s: o.level for s, o in opponents.items()} == {"p2": "easy", "p3": "hard",
                                                          "p4": "normal"}
    assert opponents_for(new_session("card_game/2p", seed=1)) == {}


@pytest.mark.slow
def test_22_the_normal_level_answers_within_two_seconds():
    from ffl.opponents.tournament import run

    for scenario, options in (("card_game/4p", {}), ("ffl/basic", {"turn_limit": 1})):
        result = run(scenario, ("normal", "normal"), 1, seed=5, options=options)
        assert not result.errors, result.errors
        assert result.decisions["normal"] > 20
        assert result.slowest["normal"] < 2.0, result.lines()


def test_22_the_opponents_need_no_qt():
    import subprocess
    import sys

    code = ("import sys, ffl.opponents.tournament, ffl.opponents.ffl, ffl.opponents.card_game; "
            "assert not [m for m in sys.modules if m.startswith('PySide6')]")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_22_ffl_tournament_prints_win_rates_speed_and_thinking_time(capsys):
    from ffl.cli import main

    assert main(["tournament", "--scenario", "card_game/2p", "--levels", "easy,hard",
                 "--games", "2", "--seed", "3"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "card_game/2p: 2 games, levels easy vs hard"
    easy, hard = out[1], out[2]
    assert easy.lstrip().startswith("easy") and "ms/action" in easy
    assert hard.lstrip().startswith("hard") and "playouts at" in hard
    assert "actions/s" in out[-1]
    wins = [int(line.split("wins")[1].split()[0]) for line in (easy, hard)]
    draws = int(out[3].split()[1].rstrip(";"))
    assert sum(wins) + draws == 2
    # how the games ended (a card game always by its own rules) and the speed
    # per processor-second, which holds on a busy machine
    assert out[4] == "  endings: by the game's rules 2", out
    assert "per processor-second" in out[-1] and "per processor-second" in hard


def test_22_ffl_tournament_refuses_bad_arguments(capsys):
    from ffl.cli import main

    assert main(["tournament", "--scenario", "ffl/basic", "--levels", "easy,wizard"]) == 2
    assert "wizard" in capsys.readouterr().err
    assert main(["tournament", "--scenario", "phantom_fury/jolan", "--games", "1"]) == 2
    assert "no computer opponent" in capsys.readouterr().err


@pytest.mark.slow
def test_22_an_ffl_tournament_game_is_played_and_scored():
    from ffl.opponents.tournament import run

    result = run("ffl/basic", ("random", "hard"), 1, seed=2, options={"turn_limit": 1})
    assert not result.errors, result.errors
    assert result.games == 1 and result.decisions["random"] and result.decisions["hard"]
    assert sum(result.wins.values()) + result.draws == 1


def _ffl_scenarios() -> list[str]:
    from ffl.catalog import list_scenarios

    return [s.id for s in list_scenarios() if s.game == "ffl"]


@pytest.mark.slow
@pytest.mark.parametrize("scenario_id", _ffl_scenarios())
def test_22_the_program_plays_every_ffl_scenario_that_has_landed(scenario_id):
    """Every side of every installed FFL scenario (19's mutineers too) through
    the set-up and into the first turn: only legal actions, from its view."""
    from ffl.catalog import new_session as start

    sides = start(scenario_id, seed=4).scenario.sides
    levels = dict(zip(sides, ("normal", "hard", "easy"), strict=False))
    _, _, checked = _play(scenario_id, levels, 4, 120)
    assert checked == 120


@pytest.mark.slow
def test_9_the_hard_bedouin_push_for_the_last_survivors():
    """9 the Bedouin win only by wiping the Legion out: the hard program's Bedouin
    (game 1 of a seeded easy-hard tournament) do so before the self-play cap
    instead of winning on points at it."""
    from ffl.opponents.tournament import run

    result = run("ffl/basic", ("easy", "hard"), 1, seed=1)
    assert not result.errors, result.errors
    assert result.side_wins[("hard", "bedouin")] == 1, result.lines()
    assert result.endings["rule"] == 1, result.lines()


@pytest.mark.slow
def test_22_the_hard_card_seat_is_stronger_than_the_normal_one():
    """Seeded two-player games (the deal and the seat decide most of this game):
    hard beats easy more often than normal does, is not beaten by normal, and
    thinks a sensible time."""
    from ffl.opponents.tournament import run

    vs_easy = run("card_game/2p", ("easy", "hard"), 200, seed=1001)
    normal = run("card_game/2p", ("easy", "normal"), 200, seed=1001)
    assert not vs_easy.errors and not normal.errors
    assert vs_easy.wins["hard"] >= normal.wins["normal"] + 8, (vs_easy.lines(),
                                                                normal.lines())
    assert vs_easy.slowest["hard"] < 5.0, vs_easy.lines()
    head = run("card_game/2p", ("normal", "hard"), 200, seed=1001)
    assert head.wins["hard"] >= head.wins["normal"], head.lines()
