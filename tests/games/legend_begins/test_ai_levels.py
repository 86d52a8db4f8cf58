"""The program's levels: ``hard`` searches wider and deeper than ``normal`` in the
Combat Phase (attacks from some of the hexes around an enemy hex, the set of attacks
worth most together, 9.1), so a unit spared from one attack makes another."""

from __future__ import annotations

from tlb_helpers import clean, put, segment

from ffl.games.legend_begins.ai import make


def two_hexes(controller, module):
    """Two Italian battalions at 2455 and 2457; two tank units at 2456 next to both,
    a third at 2554 next to 2455 only, the 16th Brigade at 2558 next to 2457 only."""
    st = clean(controller, module)
    put(st, "ax-64cat-1", "2455")
    put(st, "ax-64cat-2", "2457")
    for pid in ("al-1rtr", "al-2rtr"):
        put(st, pid, "2456")
    put(st, "al-7rtr", "2554")
    put(st, "al-16bde", "2558")
    segment(st, "allied", "primary", "combat")
    return st


def test_9_1_normal_throws_every_unit_next_to_the_hex_at_it(controller, module):
    st = two_hexes(controller, module)
    choice = make(controller, "allied", "normal", 1).choose(
        controller.view(st, "allied"), list(controller.legal_actions(st)))
    assert choice.kind == "attack" and choice["targets"] == ("2455",)
    assert set(choice["attackers"]) == {"al-1rtr", "al-2rtr", "al-7rtr"}


def test_9_1_hard_spares_units_for_a_second_attack(controller, module):
    """``hard`` attacks 2457 with the tanks of 2456 and the brigade (5-1) and keeps
    the tank unit at 2554 for 2455 (2-1 now): two attacks instead of one."""
    st = two_hexes(controller, module)
    choice = make(controller, "allied", "hard", 1).choose(
        controller.view(st, "allied"), list(controller.legal_actions(st)))
    assert choice.kind == "attack" and choice["targets"] == ("2457",)
    assert set(choice["attackers"]) == {"al-1rtr", "al-2rtr", "al-16bde"}
    assert controller.legal(st, choice)
    assert controller.odds(st, ["al-7rtr"], ["2455"])["column"] == "2-1"
