"""41.2 an attack declared with Reaction in play waits for the defender's Reaction: the
attacker cannot declare it as already reacted to (nor set the defenders of an
overstacked hex aside himself, 5.5)."""

from __future__ import annotations

from tlb_helpers import act, clean, put, refused, segment


def test_41_2_an_attack_cannot_be_declared_as_already_reacted_to(controller, module):
    st = clean(controller, module)
    st.vars.setdefault("options", {})
    put(st, "al-16bde", "2456")
    put(st, "ax-64cat-1", "2455")
    segment(st, "allied", "primary", "combat")
    v = refused(controller, st, "attack", "allied", attackers=["al-16bde"], targets=["2455"],
                reacted=True)
    assert v.rule == "41.2"
    st, _ = act(controller, st, "attack", "allied", attackers=["al-16bde"], targets=["2455"])
    assert st.vars["last_combat"] is not None         # without the flag: the usual attack
