"""6.1 the random draws: the 'Insurgents' units (6.1.1), the 'Suspect' markers (6.1.3)
and the USMC squads (6.3) are drawn blind from their containers: each draw is a die
with one face per counter still in the container, a drawn counter leaves it, and a
withdrawn 'Suspect' marker goes back in (5.3.5)."""

from __future__ import annotations

from pf_helpers import SCENARIO, controller, module

from ffl.engine import fold


def pools(state) -> dict[str, int]:
    out: dict[str, int] = {}
    for p in state.pieces.values():
        if p.status == "off" and p.data.get("pool"):
            out[p.data["pool"]] = out.get(p.data["pool"], 0) + 1
    return out


def test_6_1_every_draw_has_one_face_per_counter_in_its_container():
    state = controller().setup(module().scenarios[SCENARIO], {}, 1)
    before = pools(state)
    assert before == {"usmc": 15, "insurgents": 48, "suspects": 40}
    events = controller().opening(state)
    draws = [e for e in events if e.kind == "dice" and e.info.get("draw")]
    for rule, pool in (("6.1.3", "suspects"), ("6.1.1", "insurgents"), ("6.3", "usmc")):
        sides = [e.info["sides"] for e in draws if e.rule == rule]
        assert sides, rule
        assert sides == list(range(before[pool], before[pool] - len(sides), -1)), rule
        assert all(e.text.startswith(rule) and f"of {e.info['sides']}" in e.text
                   for e in draws if e.rule == rule)
    state = fold(state, events)
    after = pools(state)
    insurgents_out = sum(1 for e in draws if e.rule == "6.1.1")
    assert after["insurgents"] == 48 - insurgents_out
    on_map = [p for p in state.pieces.values() if p.status == "active"
              and module().piece_types[p.type].kind == "insurgents"]
    assert len(on_map) == insurgents_out and all(not p.data.get("pool") for p in on_map)
    assert after["suspects"] == 40        # 5.3.5 every start Zone marker went back in
