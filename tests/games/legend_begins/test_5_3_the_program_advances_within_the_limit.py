"""5.3 / 12.0 an advance after combat is no retreat (5.5 does not excuse it): the program
does not advance more than seven stacking points into the hex. Seen in a Compass game
between two programs (seed 3): the Axis advanced two groups into 2249 (ten points) and
lost three units at the end of its next Movement Phase."""

from __future__ import annotations

from tlb_helpers import act, clean, next_dice, put, segment

from ffl.engine import fold
from ffl.games.legend_begins.ai import make
from ffl.games.legend_begins.rules.stacking import points

WEST = ("al-16aus", "al-17aus", "al-19aus")           # 6 points in 2456
EAST = ("al-16bde", "al-5ind")                       # 4 points in 2555


def test_5_3_the_program_advances_no_more_than_seven_points(controller, module):
    st = clean(controller, module)
    for pid in WEST:
        put(st, pid, "2456")
    for pid in EAST:
        put(st, pid, "2555")
    put(st, "sp-allied-01", "2456")
    put(st, "ax-1lib-1", "2455", steps=1)
    segment(st, "allied", "primary", "combat")
    next_dice(st, [1, 6])
    st, _ = act(controller, st, "attack", "allied", attackers=list(WEST + EAST),
                targets=["2455"], supply="sp-allied-01")
    player = make(controller, "allied", "normal", 1)
    advanced = 0
    for _ in range(40):
        prompt = controller.prompt(st)
        if not prompt.info.get("pending"):
            break
        side = prompt.side
        if side == "allied":
            action = player.choose(controller.view(st, "allied"), controller.legal_actions(st))
        else:
            action = controller.legal_actions(st)[0]
        advanced += action.kind == "advance"
        st = fold(st, controller.apply(st, action))
    assert advanced, "the program advanced"
    assert points(controller.ctx(st), "2455", "allied") <= 7
