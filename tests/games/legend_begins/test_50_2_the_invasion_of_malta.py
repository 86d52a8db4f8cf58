"""50.2 the invasion of Malta: resolved in the Malta Segment of the turn it was bought;
one die, 1-4 succeeds: Malta stays at -3 for the rest of the game (no more Malta
rolls); 5-6 fails and Malta stays British; the three Ramcke battalions and the two
Folgore regiments leave the game either way."""

from __future__ import annotations

from tlb_helpers import act, next_dice, segment

from ffl.engine import fold


def bought(controller, module, die: int):
    """The Campaign Game, the invasion bought (50.1) in the Axis Organization Segment,
    the Allied one about to end; the next die shows ``die``."""
    st = controller.setup(module.scenarios["legend_begins/campaign"], {}, 5)
    st = fold(st, controller.opening(st))
    st.vars.update(rp={"axis": 4, "allied": 0}, malta=-3, luftwaffe=True)
    segment(st, "axis", phase="organization")
    st, _ = act(controller, st, "purchase", "axis", what="malta-invasion")
    segment(st, "allied", phase="organization")
    next_dice(st, [die], start=int(st.vars.get("_rolls", 0)))
    return st


def force(st, module):
    return sorted(p for p, q in st.pieces.items()
                  if module.piece_types[q.type].values.get("malta_force"))


def test_50_2_a_roll_of_1_to_4_takes_malta_for_good(controller, module):
    st = bought(controller, module, 3)
    paratroops = force(st, module)
    assert len(paratroops) == 5
    st, events = act(controller, st, "end-organization", "allied")
    invasion = [e for e in events if e.kind == "malta-invasion"]
    assert invasion and invasion[0].rule == "50.2" and invasion[0].text.startswith("50.2")
    assert "rolled 3" in invasion[0].text and "Malta falls" in invasion[0].text
    assert st.vars["malta"] == -3 and st.vars["malta_taken"]
    assert all(st.pieces[p].status == "removed" for p in paratroops)
    assert not [e for e in events if e.rule == "26.2"]        # no Malta roll any more


def test_50_2_a_roll_of_5_or_6_fails_and_the_paratroops_leave_anyway(controller, module):
    st = bought(controller, module, 5)
    paratroops = force(st, module)
    st, events = act(controller, st, "end-organization", "allied")
    invasion = [e for e in events if e.kind == "malta-invasion"]
    assert invasion and "rolled 5" in invasion[0].text and "Malta stays British" in \
        invasion[0].text
    assert not st.vars.get("malta_taken")
    assert all(st.pieces[p].status == "removed" for p in paratroops)
    assert [e for e in events if e.rule == "26.2"]            # the usual Malta roll
