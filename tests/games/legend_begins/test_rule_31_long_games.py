"""Rules 29 and 31 in long games (found by playing the Campaign Game through): a unit
withdrawn from the Cadre Box comes back to it, and recovered steps are offered for
conversion only while the Pool has a Replacement counter of their kind."""

from __future__ import annotations

from ffl.engine import Action, fold
from ffl.games.legend_begins.rules import recovery


def test_31_5_a_unit_withdrawn_from_the_cadre_box_returns_to_it(controller, module):
    from ffl.games.legend_begins.campaign import t

    st = controller.setup(module.scenarios["legend_begins/campaign"], {}, 3)
    st = fold(st, controller.opening(st))
    hq = st.pieces["al-7armd"]
    hq.status, hq.space, hq.data["steps"] = "withdrawn", None, 0      # left as a cadre
    for p in st.pieces.values():
        if p.data.get("hq") == "al-7armd":
            p.data["hq"] = None                                       # (31.2 off the card)
    st.vars["turn"] = t("Jun I 1941") - 1
    rb = controller.batch(st)
    from ffl.games.legend_begins.rules.reinforce import _schedule

    rb.ctx.state.vars["turn"] = t("Jun I 1941")
    _schedule(rb, "allied")
    st2 = fold(st, rb.events)
    assert st2.pieces["al-7armd"].status == "cadre"
    assert st2.pieces["al-1rtr"].status == "active"
    assert controller.invariants(st2) == []
    assert any("Cadre Box" in e.text and e.rule == "31.5" for e in rb.events)


def test_29_3_no_conversion_is_offered_without_a_counter_in_the_pool(controller, module):
    st = controller.setup(module.scenarios["legend_begins/compass"], {}, 3)
    st = fold(st, controller.opening(st))
    st.vars["recovery"] = {"allied": {"tank": 2}}
    for p in st.pieces.values():
        if p.type == "repl-tank-allied":
            p.status = "removed"
    ctx = controller.ctx(st)
    listed = recovery.actions(ctx, "allied")
    assert Action.make("convert", "allied", track="tank") not in listed


def test_9_1_no_attack_is_owed_on_a_hex_holding_a_unit_attacked_already(controller, module):
    """A unit attacked this segment retreats into a hex with a fresh Active ZOC unit:
    that hex can no longer be attacked (9.1, no unit twice), so nothing is owed on it
    (a Campaign Game found the Combat Phase otherwise could not end)."""
    from tlb_helpers import clean, put, segment

    st = clean(controller, module)
    put(st, "al-1rtr", "2456")
    put(st, "al-2rtr", "2456")
    put(st, "ax-10bers", "2455")
    put(st, "ax-m13-3", "2455")
    segment(st, "axis", "primary", "combat")
    st.vars["side"] = "allied"
    segment(st, "allied", "primary", "combat")
    st.vars["defended"] = ["ax-m13-3"]
    assert controller.legal(st, Action.make("end-combat", "allied"))
    st.vars["defended"] = []
    assert not controller.legal(st, Action.make("end-combat", "allied"))
