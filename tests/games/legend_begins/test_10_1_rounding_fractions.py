"""10.1 Rounding Fractions: a halved strength is rounded up unit by unit, and the
halves are then added (two 3s halved make 2 + 2 = 4, not half of 6)."""

from __future__ import annotations

from tlb_helpers import clean, put, segment

KRRC, RIFLE_BRIGADE = "al-1krrc", "al-2rb"          # motorized battalions, attack 3 each


def test_10_1_each_unit_is_halved_and_rounded_up_before_adding(controller, module):
    st = clean(controller, module)
    put(st, KRRC, "2456")
    put(st, RIFLE_BRIGADE, "2456")
    put(st, "ax-64cat-1", "2455")
    segment(st, "allied", "primary", "combat")
    assert [controller.unit_values(st, p)["attack"] for p in (KRRC, RIFLE_BRIGADE)] == [3, 3]
    od = controller.odds(st, [KRRC, RIFLE_BRIGADE], ["2455"])    # no Attack Supply (20.3)
    assert od["attack"] == 2 + 2
    alone = controller.odds(st, [KRRC], ["2455"])
    assert alone["attack"] == 2
