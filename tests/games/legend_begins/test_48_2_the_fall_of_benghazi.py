"""48.2 The Fall of Benghazi: an Allied capture after the July I 1941 turn brings the
Axis four German tank Replacements the next turn; not before that date, and only once."""

from __future__ import annotations

from tlb_helpers import act, put, segment

from ffl.engine import fold
from ffl.games.legend_begins.campaign import t

BENGHAZI, NEXT_TO_IT = "3110", "3111"


def start(controller, module):
    st = controller.setup(module.scenarios["legend_begins/campaign"], {}, 5)
    st = fold(st, controller.opening(st))
    for p in st.pieces.values():               # a quiet map: only the unit that takes it
        if p.status == "active" and p.space and p.space[0].isdigit():
            p.status, p.space = "off", None
            p.data.pop("hq", None)
            p.data.pop("carried_by", None)
    return st


def take_benghazi(controller, st, turn: str):
    st.vars["turn"] = t(turn)
    unit = put(st, "al-11hus", NEXT_TO_IT)
    segment(st, "allied", phase="movement")
    return act(controller, st, "move", "allied", units=[unit], path=[BENGHAZI])


def test_48_2_benghazi_taken_after_july_i_1941_four_german_tank_replacements_next_turn(
        controller, module):
    st = start(controller, module)
    st, events = take_benghazi(controller, st, "Jul II 1941")
    fell = [e for e in events if e.rule == "48.2"]
    assert fell and fell[0].text.startswith("48.2"), [e.text for e in events]
    assert "four German tank Replacements" in fell[0].text
    surge = [s for s in st.vars["surge"] if s["side"] == "axis"]
    assert len(surge) == 1 and surge[0]["turn"] == t("Jul II 1941") + 1
    assert len(surge[0]["pieces"]) == 4
    assert all(st.pieces[p].type == "repl-tank-ger" for p in surge[0]["pieces"])


def test_48_2_not_before_the_july_i_1941_turn_is_over(controller, module):
    st = start(controller, module)
    st, events = take_benghazi(controller, st, "Jul I 1941")
    assert not [e for e in events if e.rule == "48.2"]
    assert not st.vars.get("benghazi_fell")
