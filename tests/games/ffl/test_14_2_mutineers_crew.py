"""14.2 with the mutineers of 19: a mutineer is a Legionnaire under the Mutineer
unit, so he may crew a Weapon unit as any Legion unit may (only Legion units and
Sgt. Kulm crew; no tribesman does).  Before, the check looked at the unit's side
only, and a mutineer (on the Mutineer player's side) was refused."""

from helpers import controller
from helpers import done as do
from test_19_les_allemands import MUTINEERS, legion_placed, marked, start

from ffl.games.ffl.rules.weapons import crew_refusal

N = 0
MG = "weapon-mg"


def _mutiny_with_the_machinegun():
    state = do(start(heavy_weapons=True), "place-weapon", weapon=MG, space="M8", level=0,
               facing=N)
    state = do(marked(do(legion_placed(state), "end-setup")), "end-setup", "bedouin")
    assert state.pieces[MG].position == ("M8", 0)
    return state


def test_14_2_a_mutineer_may_crew_the_machinegun():
    state = _mutiny_with_the_machinegun()
    mutineer = state.pieces[MUTINEERS[0]]
    assert mutineer.side == "bedouin" and mutineer.markers.get("mutineer")
    mutineer.space, mutineer.level, mutineer.facing = "M9", 0, N      # next to it
    for p in state.pieces.values():                     # the square free of others
        if p.id != mutineer.id and p.space == "M9" and p.kind != "weapon":
            p.space = "Z12"
    ctx = controller().ctx(state)
    assert crew_refusal(ctx, MG, mutineer.id)


def test_14_2_a_tribesman_still_may_not_crew():
    state = controller().position(
        units={"B-A-Abdul": ("M9", 0, "N")}, options={"heavy_weapons": True},
        phase="fire", chit="arab")
    state.pieces[MG].status, state.pieces[MG].space = "active", "M8"
    state.pieces[MG].level, state.pieces[MG].facing = 0, N
    v = crew_refusal(controller().ctx(state), MG, "B-A-Abdul")
    assert not v and v.rule == "14.2"
