"""The scenarios (reconstructed booklet): each sets up legally, names its special rules
and length, and plays through its first turn with every advanced rule on without an
error (random self-play, with the invariants checked after every action and the log
replayed at the end)."""

from __future__ import annotations

import random

import pytest

from ffl.catalog import new_session
from ffl.engine import fold
from ffl.games.legend_begins.options import all_on
from ffl.games.legend_begins.rules import org
from ffl.selfplay import play_game

SCENARIOS = {
    # id: (first turn, last turn, special rules)
    "legend_begins/compass": ("Dec I 1940", "Feb I 1941", ["44"]),
    "legend_begins/invasion": ("Sep I 1940", "Nov II 1940", ["44", "46"]),
    "legend_begins/crusader": ("Nov II 1941", "Jan II 1942", ["49"]),
    "legend_begins/gazala": ("May II 1942", "Jul I 1942", ["43", "45", "47", "51"]),
    "legend_begins/alamein": ("Oct II 1942", "Nov II 1942", ["45", "47", "49"]),
    "legend_begins/campaign": ("Sep I 1940", "Jan II 1943",
                               ["42", "43", "44", "45", "46", "47", "48", "49", "50", "51"]),
}


def test_every_scenario_is_in_the_module(module):
    assert set(module.scenarios) == set(SCENARIOS)


@pytest.mark.parametrize("sid", sorted(SCENARIOS))
def test_scenario_length_and_special_rules(module, sid):
    first, last, special = SCENARIOS[sid]
    setup = module.scenarios[sid].setup
    assert setup["turns"][0] == first and setup["turns"][-1] == last
    assert sorted(setup.get("special") or []) == special
    assert setup["victory"]["text"]


@pytest.mark.parametrize("sid", sorted(SCENARIOS))
def test_scenario_sets_up_legally(controller, module, sid):
    """Every unit on land or in a box, no hex shared, every display within its card's
    boxes, the invariants hold after the opening."""
    st = controller.setup(module.scenarios[sid], {}, 1)
    ctx = controller.ctx(st)
    hm = ctx.hexmap
    sides: dict[str, set[str]] = {}
    for pid, p in st.pieces.items():
        if p.status != "active":
            continue
        assert p.space in hm.boxes or hm.is_land(p.space), (pid, p.space)
        if p.space in hm.terrain and ctx.is_combat(pid):
            sides.setdefault(p.space, set()).add(p.side)
    assert all(len(s) == 1 for s in sides.values())
    for hq in {p.data["hq"] for p in st.pieces.values() if p.data.get("hq")}:
        boxes = ctx.value(hq, "boxes")
        used: dict[str, int] = {}
        for pid in org.display(ctx, hq):
            box = org._box_of(ctx, boxes, pid)
            assert box is not None, (hq, pid)
            used[box] = used.get(box, 0) + 1
        for box, n in used.items():
            assert n <= next(int(b["count"]) for b in boxes if b["box"] == box), (hq, box)
    st = fold(st, controller.opening(st))
    assert controller.invariants(st) == []


@pytest.mark.slow
@pytest.mark.parametrize("sid", sorted(SCENARIOS))
def test_self_play_of_the_first_turn_with_every_advanced_rule(sid):
    session = new_session(sid, seed=11, options={**all_on(), "last_turn": 0})
    result = play_game(session, random.Random(11))
    assert result.winner in ("axis", "allied", None)
    assert session.state.vars["options"] == sorted(all_on(), key=list(all_on()).index)
    from ffl.games import manifest

    rules = manifest("legend_begins").game_help().rules    # the help answers every rule
    assert sorted({e.rule for e in session.log.events} - set(rules)) == []


@pytest.mark.parametrize("sid", ["legend_begins/invasion", "legend_begins/compass",
                                 "legend_begins/campaign"])
def test_44_the_fifth_army_starts_in_reserve_in_tripoli(controller, module, sid):
    """44.0: the 1940 scenarios (and the Campaign Game, which starts in 1940)."""
    st = controller.setup(module.scenarios[sid], {}, 1)
    fifth = [p for p, q in st.pieces.items() if q.data.get("reserve") == "5army"]
    assert len(fifth) == 10 and all(st.pieces[p].space == "Tripoli" for p in fifth)


def test_42_the_campaign_railhead_starts_at_mersa_matruh(module):
    setup = module.scenarios["legend_begins/campaign"].setup
    assert setup["railhead"] == "2560"
    assert setup["rail_extension"][-1] == "2940"
