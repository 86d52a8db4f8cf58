"""The program's plan (ai/ package): it concentrates on one enemy hex from several
hexes (9.1 case B), takes an objective left empty, passes on action kinds it does not
know, and keeps the first program selectable for comparison.  The whole-game checks
(the campaign played to its end by two programs, the plan against the first program)
are marked slow."""

from __future__ import annotations

import pytest
from tlb_helpers import clean, put, segment

from ffl.catalog import new_session
from ffl.engine import Action
from ffl.games.legend_begins.ai import STYLE_ENV, make


def _spaces(st, pids) -> set[str]:
    return {st.pieces[p].space for p in pids}


def test_9_1_it_attacks_one_hex_from_four_hexes_at_once(controller, module):
    """Two Italian battalions in an Improved Position at 2455: each tank unit alone
    would attack at 1-3 to 1½-1 (the listed attacks); together, from four hexes, at
    3-1 -- the program makes that attack, which is not in the list."""
    st = clean(controller, module)
    put(st, "ax-64cat-1", "2455")
    put(st, "ax-64cat-2", "2455")
    st.vars["works"] = {"2455": {"type": "ip", "side": "axis"}}
    for pid, key in (("al-1rtr", "2555"), ("al-2rtr", "2454"), ("al-3hus", "2456"),
                     ("al-7rtr", "2556"), ("sp-allied-01", "2556")):
        put(st, pid, key)
    segment(st, "allied", "primary", "combat")
    listed = list(controller.legal_actions(st))
    assert all(len(_spaces(st, a["attackers"])) == 1 for a in listed if a.kind == "attack")
    choice = make(controller, "allied", "normal", 1).choose(controller.view(st, "allied"),
                                                            listed)
    assert choice.kind == "attack" and choice["targets"] == ("2455",)
    assert len(_spaces(st, choice["attackers"])) == 4
    assert controller.legal(st, choice)
    assert controller.odds(st, list(choice["attackers"]), ["2455"],
                           supply=choice["supply"])["column"] == "3-1"


def test_8_1_it_takes_an_objective_left_empty(controller, module):
    """Sidi Barrani (2651, one Allied victory point in Compass) held by the Axis and
    empty, the other places of the victory conditions Allied: an Allied recon unit four
    hexes off, with a Supply Point, drives into it."""
    st = clean(controller, module)
    put(st, "al-11hus", "2655")
    put(st, "sp-allied-01", "2655")
    vic = module.scenarios["legend_begins/compass"].setup["victory"]
    st.vars["control"] = {**dict.fromkeys([*vic["hexes"], *vic["axis_hexes"]], "allied"),
                          "2651": "axis"}
    segment(st, "allied", "primary", "movement")
    choice = make(controller, "allied", "normal", 1).choose(
        controller.view(st, "allied"), list(controller.legal_actions(st)))
    assert choice.kind == "move" and "2651" in choice["path"]
    assert controller.legal(st, choice)


def test_an_action_kind_it_does_not_know_is_passed(controller, module):
    """New steps of the sequence (an air placement, say) get the action that ends them."""
    st = clean(controller, module)
    put(st, "al-11hus", "2655")
    segment(st, "allied", "primary", "combat")
    bot = make(controller, "allied", "normal", 1)
    unknown = [Action.make("air-place", "allied", unit="x", hex="2655"),
               Action.make("end-air", "allied")]
    assert bot.choose(controller.view(st, "allied"), unknown).kind == "end-air"


def test_the_first_program_stays_selectable(controller, monkeypatch):
    assert make(controller, "axis", "normal", 1).style == "plan"
    assert make(controller, "axis", "normal", 1, style="old").style == "old"
    monkeypatch.setenv(STYLE_ENV, "old")
    assert make(controller, "axis", "normal", 1).style == "old"
    with pytest.raises(ValueError):
        make(controller, "axis", "normal", 1, style="clever")


def play(scenario: str, levels: dict[str, tuple[str, str]], seed: int) -> tuple:
    """One game between two opponents ``{side: (level, style)}``: (winner, points,
    last turn, actions); every action legal on the game itself."""
    s = new_session(scenario, seed=seed)
    ctl = s.controller
    bots = {side: make(ctl, side, level, seed * 7 + i, style=style)
            for i, (side, (level, style)) in enumerate(sorted(levels.items()))}
    n = 0
    while ctl.outcome(s.state) is None:
        side = ctl.prompt(s.state).side
        action = bots[side].choose(ctl.view(s.state, side), list(ctl.legal_actions(s.state)))
        assert ctl.legal(s.state, action), action
        s.do(action)
        n += 1
    res = s.state.vars.get("result") or {}
    return ctl.outcome(s.state).winner, res.get("points"), int(s.state.vars["turn"]), n


@pytest.mark.slow
def test_the_plan_beats_the_first_program_in_compass_on_either_side():
    """Operation Compass, seed 1: the plan wins as the Allies and as the Axis."""
    assert play("legend_begins/compass", {"allied": ("normal", "plan"),
                                          "axis": ("normal", "old")}, 1)[0] == "allied"
    assert play("legend_begins/compass", {"axis": ("normal", "plan"),
                                          "allied": ("normal", "old")}, 1)[0] == "axis"


@pytest.mark.slow
def test_31_the_campaign_game_played_to_its_end_by_two_programs():
    """All 58 turns (or an Automatic Victory, 33.0) with only legal actions."""
    winner, points, turn, n = play("legend_begins/campaign", {"axis": ("normal", "plan"),
                                                              "allied": ("normal", "plan")}, 1)
    assert n > 0
    assert turn == 57 or winner is not None
