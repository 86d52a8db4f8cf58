"""The program's levels: ``hard`` searches wider and deeper than ``normal`` in the
Combat Phase (attacks from some of the hexes around an enemy hex, the set of attacks
worth most together, the poor attack an owed hex would cost, 9.1), so a unit spared
from one attack makes another."""

from __future__ import annotations

from tlb_helpers import clean, put, segment

from ffl.games.legend_begins.ai import make


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
    """``hard`` sends the tank unit at 2554 alone against the L3s (5-1) and the tanks of
    2456 with the brigade against 2457 (2-1): two good attacks instead of a good one
    and a 1-3."""
    st = two_hexes(controller, module)
    assert first_attack(controller, st, "hard") == (
        "2455", {"al-7rtr"})
    assert controller.odds(st, ["al-7rtr"], ["2455"])["column"] == "5-1"
    assert controller.odds(st, ["al-1rtr", "al-2rtr", "al-16bde"], ["2457"])["column"] \
        == "2-1"


def surrounded(controller, module, ring: bool):
    """The 64th's battalion at 2455 attacked by 1 RTR from 2456; with ``ring`` an Allied
    unit stands in every other hex around it, so it has nowhere to retreat (11.4)."""
    st = clean(controller, module)
    put(st, "ax-64cat-2", "2455")
    put(st, "al-1rtr", "2456")
    ctx = controller.ctx(st)
    others = [n for n in ctx.hexmap.neighbours("2455") if n != "2456"
              and ctx.hexmap.is_land(n)]
    if ring:
        for pid, n in zip(("al-16aus", "al-17aus", "al-19aus", "al-5ind", "al-11ind",
                           "al-16bde"), others, strict=False):
            put(st, pid, n)
    segment(st, "allied", "primary", "combat")
    return st


def test_11_4_hard_counts_the_retreat_a_surrounded_defender_cannot_make(controller, module):
    """An Advance or Overrun on a unit with no retreat open eliminates it (11.4):
    ``hard`` adds the steps it would keep to what the attack is worth, ``normal`` does
    not; on a unit free to retreat both value the attack alike."""
    from ffl.engine import Action
    from ffl.games.legend_begins.ai.fight import Fighter
    from ffl.games.legend_begins.ai.look import Look
    from ffl.games.legend_begins.rules.retreat import retreat_paths

    def worth(st, level):
        ctx = controller.ctx(st)
        attack = Action.make("attack", "allied", attackers=["al-1rtr"], targets=["2455"])
        return Fighter(controller, Look(ctx, "allied"), st, False, level).value(attack)

    free = surrounded(controller, module, ring=False)
    assert worth(free, "hard").value == worth(free, "normal").value
    shut = surrounded(controller, module, ring=True)
    assert not retreat_paths(controller.ctx(shut), ["ax-64cat-2"], "2455")
    hard, normal = worth(shut, "hard"), worth(shut, "normal")
    assert hard.column == normal.column
    assert hard.value > normal.value


def test_20_3_hard_brings_a_supply_point_to_the_stacks_that_will_attack(controller, module):
    """A Truck carrying a Supply Point at 2059 beside the Army HQ (2060); the 16th
    Brigade at 2254 next to the Italians of 2253, out of reach of any Supply Point
    (20.3: it would attack at half strength).  ``normal`` keeps the Truck with the Army
    HQ; ``hard`` brings it within two hexes of the brigade, not next to the enemy, and
    the brigade is then in Attack Supply."""
    from tlb_helpers import act

    from ffl.games.legend_begins.ai.look import Look, hexes_apart
    from ffl.games.legend_begins.ai.march import Marcher
    from ffl.games.legend_begins.rules.supply import attack_supply

    st = clean(controller, module)
    put(st, "ax-64cat-2", "2253")
    put(st, "al-16bde", "2254")
    put(st, "al-wdf", "2060")
    put(st, "truck-allied-1", "2059")
    put(st, "sp-allied-01", "2059", carried_by="truck-allied-1")
    segment(st, "allied", "primary", "movement")

    def supplied(state) -> bool:
        reach = attack_supply(controller.ctx(state), "allied", ["2254"])
        return any("2254" in hexes for hexes in reach.values())

    def drive(level):
        look = Look(controller.ctx(st), "allied")
        return Marcher(controller, look, st, {}, False, level).truck("truck-allied-1")

    assert not supplied(st)
    assert drive("normal") is None
    move = drive("hard")
    assert move is not None and move.kind == "move"
    end = move["path"][-1]
    assert hexes_apart(end, "2254") <= 2 and hexes_apart(end, "2253") >= 2
    after, _events = act(controller, st, "move", "allied", units=list(move["units"]),
                         path=list(move["path"]))
    assert supplied(after)
