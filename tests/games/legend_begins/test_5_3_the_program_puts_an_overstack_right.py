"""5.3 / 5.5 a stack a retreat left over seven stacking points must be put right by the
end of its owner's next Movement Phase, or a unit is eliminated: the program moves a
unit out rather than lose one, even from an objective it holds."""

from __future__ import annotations

from tlb_helpers import clean, put, segment

from ffl.engine import fold
from ffl.games.legend_begins.ai import make

HEX = "2651"                                    # Sidi Barrani, an objective (1 point)
STACK = ("al-16aus", "al-17aus", "al-19aus", "al-16bde")        # 2 + 2 + 2 + 2 = 8


def test_5_3_the_program_moves_a_unit_out_of_an_overstack_a_retreat_left(controller,
                                                                          module):
    st = clean(controller, module)
    for pid in STACK:
        put(st, pid, HEX)
    put(st, "ax-64cat-1", "2648")                 # the enemy three hexes west
    put(st, "ax-64cat-2", "2648")
    segment(st, "allied", "primary", "movement")
    st.vars["overstack_ok"] = {HEX: "allied"}      # left so by a retreat (5.5)
    player = make(controller, "allied", "normal", 1)
    for _ in range(60):
        prompt = controller.prompt(st)
        if prompt.phase != "movement" or prompt.side != "allied":
            break
        assert "eliminate" not in prompt.kinds, prompt.text        # 5.3: a unit lost
        action = player.choose(controller.view(st, "allied"), controller.legal_actions(st))
        st = fold(st, controller.apply(st, action))
    assert all(st.pieces[p].status == "active" for p in STACK)
    from ffl.games.legend_begins.rules.stacking import points

    assert points(controller.ctx(st), HEX, "allied") <= 7
