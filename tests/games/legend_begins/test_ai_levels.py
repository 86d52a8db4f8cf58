"""The program's levels: ``hard`` searches wider and deeper than ``normal`` in the
Combat Phase of the scenario's last turn (attacks from some of the hexes around an
enemy hex, the set of attacks worth most together, the poor attack an owed hex would
cost, 9.1), so a unit spared from one attack makes another; before the last turn it
attacks as ``normal`` (31.0, :mod:`ffl.games.legend_begins.ai.fight`)."""

from __future__ import annotations

from tlb_helpers import clean, put, segment

from ffl.games.legend_begins.ai import make
from ffl.games.legend_begins.rules.turn import CHITS


def last_turn(controller, st):
    """The scenario's last turn, its first chit (the Allies') being played: the Allies
    have three segments still to come, so their steps keep all their worth (31.0)."""
    st.vars["turn"] = int(controller.ctx(st).setup["last_turn"])
    st.vars["cup"] = [c for c in CHITS if c != "allied-P1"]
    st.vars["drawn"] = ["allied-P1"]
    return st


def two_hexes(controller, module):
    """An L3 tank battalion at 2455; two Italian battalions (one motorized: an Active
    ZOC) at 2457; two tank units at 2456 next to both hexes, a third at 2554 next to
    2455 only, the 16th Brigade at 2558 next to 2457 only (it owes an attack, 9.1)."""
    st = clean(controller, module)
    put(st, "ax-l3-61", "2455")
    put(st, "ax-64cat-2", "2457")
    put(st, "ax-10bers", "2457")
    for pid in ("al-1rtr", "al-2rtr"):
        put(st, pid, "2456")
    put(st, "al-7rtr", "2554")
    put(st, "al-16bde", "2558")
    segment(st, "allied", "primary", "combat")
    return st


def first_attack(controller, st, level: str):
    choice = make(controller, "allied", level, 1).choose(
        controller.view(st, "allied"), list(controller.legal_actions(st)))
    assert choice.kind == "attack" and controller.legal(st, choice)
    return choice["targets"][0], set(choice["attackers"])


def test_9_1_normal_throws_every_unit_next_to_the_best_hex_at_it(controller, module):
    """7-1 on the L3s with all three tank units; the brigade is left to attack 2457 at
    1-3 on its own (it must)."""
    st = two_hexes(controller, module)
    assert first_attack(controller, st, "normal") == (
        "2455", {"al-1rtr", "al-2rtr", "al-7rtr"})


def test_9_1_hard_spares_units_for_a_second_attack(controller, module):
    """In the last turn ``hard`` sends the tank unit at 2554 alone against the L3s (5-1)
    and the tanks of 2456 with the brigade against 2457 (2-1): two good attacks instead
    of a good one and a 1-3.  Before the last turn it attacks as ``normal``."""
    st = two_hexes(controller, module)
    assert first_attack(controller, st, "hard") == first_attack(controller, st, "normal")
    last_turn(controller, st)
    assert first_attack(controller, st, "hard") == (
        "2455", {"al-7rtr"})
    assert controller.odds(st, ["al-7rtr"], ["2455"])["column"] == "5-1"
    assert controller.odds(st, ["al-1rtr", "al-2rtr", "al-16bde"], ["2457"])["column"] \
        == "2-1"
