"""5.6 one artillery unit stacks free in a hex: the count takes the one that saves most,
whatever order the units are listed in (5.4: a division's artillery with its HQ may
already be inside the division's three points). Seen in a Compass game between two
programs (seed 3): 7 Armd's stack at 2551 counted six points as the program listed it and
eight as the hex listed it, so a unit was eliminated at the end of the phase (5.3)."""

from __future__ import annotations

from tlb_helpers import act, clean, put, segment

from ffl.games.legend_begins.rules.stacking import points

HEX = "2551"
#: 7 Armd's HQ with 2 RB, 1 KRRC and 4 RHA of its division (5.4: three points at most),
#: 7 Med (a second artillery unit, 2) and three armoured units of no division here (1 each)
STACK = ["al-7armd", "al-2rb", "al-1krrc", "al-4rha", "al-7med", "al-11hus", "al-6rtr",
         "al-7hus"]


def test_5_6_the_free_artillery_unit_is_the_one_that_saves_most(controller, module):
    st = clean(controller, module)
    for pid in STACK:
        put(st, pid, HEX)
    ctx = controller.ctx(st)
    # 7 Med free: 3 (the division, capped) + 3 = 6; 4 RHA free: 2 (the division) + 2 (7 Med)
    # + 3 = 7 (before: this count when 4 RHA was listed first); the owner's is the lower, 6
    assert points(ctx, HEX, "allied", STACK) == points(ctx, HEX, "allied", STACK[::-1]) == 6
    assert points(ctx, HEX, "allied") == 6


def test_5_3_no_unit_is_eliminated_for_a_stack_within_the_limit(controller, module):
    st = clean(controller, module)
    for pid in STACK + ["al-1rtr"]:
        put(st, pid, HEX)                                # 7 points: 1 RTR joins the 3
    segment(st, "allied", "primary", "movement")
    st, events = act(controller, st, "end-movement", "allied")
    assert "eliminate" not in controller.prompt(st).kinds
    assert all(st.pieces[p].status == "active" for p in STACK)
