"""16.4 Armored Infantry: an Armored Infantry unit has an Armor Effect Rating of 1 that
its counter does not print (Gazala's 7th Motor Brigade); an infantry brigade without one
rates 0 against tanks (16.5)."""

from __future__ import annotations

from tlb_helpers import put, segment

from ffl.engine import fold

MOTOR, INFANTRY, ARIETE_TANKS = "al-7mot", "al-69bde", "ax-ari-7"


def empty_gazala(controller, module):
    st = controller.setup(module.scenarios["legend_begins/gazala"], {}, 5)
    st = fold(st, controller.opening(st))
    for p in st.pieces.values():
        if p.status == "active":
            p.status, p.space = "off", None
        p.data.pop("hq", None)
        p.data.pop("carried_by", None)
    st.vars.update(pending=[], works={}, mv={}, mover=None, done=None, attacked=None,
                   defended=None, retreated=None, quiet=None, regular=False, recovery={})
    return st


def tanks_attack(controller, module, defender):
    st = empty_gazala(controller, module)
    put(st, ARIETE_TANKS, "2455")
    put(st, defender, "2456")
    segment(st, "axis", "primary", "combat")
    return st, controller.odds(st, [ARIETE_TANKS], ["2456"])


def test_16_4_armored_infantry_rates_one_without_a_printed_rating(controller, module):
    assert "aer" not in module.piece_types[MOTOR].values          # not on the counter
    st, odds = tanks_attack(controller, module, MOTOR)
    assert controller.unit_values(st, MOTOR)["aer"] == 1
    assert "10.4 armor 2 vs 1: 1 right" in odds["notes"]


def test_16_4_plain_infantry_has_no_such_rating(controller, module):
    st, odds = tanks_attack(controller, module, INFANTRY)
    assert controller.unit_values(st, INFANTRY)["aer"] is None
    assert "10.4 armor 2 vs 0: 2 right" in odds["notes"]
