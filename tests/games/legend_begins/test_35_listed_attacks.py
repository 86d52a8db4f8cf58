"""35.0 restricted hexsides in the listed attacks (self-play and the program choose from
them): a stack over five stacking points facing a restricted hexside is offered an
attack by its strongest units within the limit, so a mandatory attack there never
leaves the Combat Phase without a legal action (found by self-play with every
advanced rule on, Buq Buq 2648 against 2547)."""

from __future__ import annotations

from tlb_helpers import clean, put, segment


def test_35_a_stack_over_five_points_is_offered_an_attack_within_the_limit(controller,
                                                                          module):
    st = clean(controller, module)
    st.vars["options"] = ["restricted_hexsides"]
    for pid in ("al-16bde", "al-6rtr", "al-7hus", "al-11hus", "al-7rtr"):
        put(st, pid, "2648")                     # 2 + 1 + 1 + 1 + 1 = 6 points
    put(st, "ax-1lib-1", "2547")
    segment(st, "allied", "primary", "combat")
    acts = [a for a in controller.legal_actions(st) if a.kind == "attack"]
    assert acts and all(controller.legal(st, a) for a in acts)
    from ffl.games.legend_begins.rules.stacking import points

    ctx = controller.ctx(st)
    assert all(points(ctx, "2648", "allied", list(a["attackers"])) <= 5 for a in acts)
