"""16.7 Gurkha Battalions: the two Gurkha battalions attack at double strength when the
defending stack holds any Italian unit; against Germans alone they attack normally."""

from __future__ import annotations

from tlb_helpers import add, put, segment

from ffl.engine import fold

GURKHA, BRITISH = "al-1-2gr", "al-6aus"
ITALIAN, GERMAN = "ax-64cat-1", "ger-104"


def clean(controller, module):
    """The Campaign Game (Germans and Italians) with the map empty and the two Gurkha
    battalions added (the program's scenarios do not place them)."""
    st = controller.setup(module.scenarios["legend_begins/campaign"], {}, 5)
    st = fold(st, controller.opening(st))
    for p in st.pieces.values():
        if p.status == "active":
            p.status, p.space = "off", None
        p.data.pop("hq", None)
        p.data.pop("carried_by", None)
    st.vars.update(pending=[], works={}, mv={}, mover=None, done=None, attacked=None,
                   defended=None, retreated=None, quiet=None, regular=False, recovery={})
    for gurkha in ("al-1-2gr", "al-2-7gr"):
        add(st, module, gurkha, gurkha)
    return st


def attack(controller, module, defenders, attacker=GURKHA):
    st = clean(controller, module)
    for pid in defenders:
        put(st, pid, "2455")
    put(st, attacker, "2456")
    put(st, "sp-allied-01", "2456")
    segment(st, "allied", "primary", "combat")
    return controller.odds(st, [attacker], ["2455"], supply="sp-allied-01")["attack"]


def test_16_7_a_gurkha_battalion_doubles_against_a_stack_with_italians(controller, module):
    alone = attack(controller, module, [GERMAN])
    assert alone == 3                                     # its printed attack strength
    assert attack(controller, module, [ITALIAN]) == 2 * alone
    assert attack(controller, module, [ITALIAN, GERMAN]) == 2 * alone   # any Italian unit


def test_16_7_other_battalions_do_not_double(controller, module):
    assert attack(controller, module, [ITALIAN], attacker=BRITISH) == \
        attack(controller, module, [GERMAN], attacker=BRITISH)
