"""Set Up, Commander Glory and the game mechanism's dice."""

from log_helpers import act, controller, fresh, glory, seek, task

from ffl.engine import fold
from ffl.games.limits_of_glory import tables as T
from ffl.games.limits_of_glory.glory import place_commander, roll_glory
from ffl.games.limits_of_glory.local import ANY, roll_bedouin
from ffl.games.limits_of_glory.tasks import GloryBatch

#: seed 1, dice number 2268977 onwards: 4 4 4 1 5 6 2 3
BEDOUIN_DICE = 2_268_977


def _counts(state, space):
    out = {}
    for p in state.pieces.values():
        if p.space == space and p.status == "active" and state.pieces[p.id].type in T.ELEMENTS:
            out[p.type] = out.get(p.type, 0) + 1
    return out


def test_set_up_on_map_elements_exactly_as_printed():
    state = fresh()
    for space, (cmds, forces) in T.SETUP_FORCES.items():
        assert _counts(state, space) == forces, space
        for cid in cmds:
            assert state.pieces[cid].space == space
            assert glory(state, cid) > 0          # Set Up: glory established at once
    assert state.vars["vp"] == {"french": 0, "allied": 25}
    assert state.vars["event_dice"] == 1


def test_set_up_bedouin_dice_fours_beyond_two_count_as_any():
    """Set Up: Bedouin: each 1-4 is a space of that value, a 5 or 6 any Egyptian
    space, more than two 4s: the extra fours count as 5 or 6."""
    state = fresh(1)
    seek(state, [4, 4, 4, 1, 5, 6, 2, 3], start=BEDOUIN_DICE)
    batch = GloryBatch(state)
    batch.state.vars["pending"] = []
    roll_bedouin(batch, controller().ctx(state))
    assert task(batch.state)["values"] == [1, 2, 3, 4, 4, ANY, ANY, ANY]


def test_set_up_bedouin_placed_by_the_allied_player_never_in_syria():
    state = fresh()
    t = task(state)
    assert t["kind"] == "bedouin" and controller().prompt(state).side == "allied"
    value = t["values"][0]
    ctx = controller().ctx(state)
    ok = next(s for s in ctx.board.keys() if ctx.region(s) == "egypt"
              and (value == ANY or ctx.value(s) == value) and not ctx.is_sea(s))
    assert not controller().legal(state, _place("acre"))
    state, _ = act(state, "place-bedouin", "allied", space=ok)
    assert any(p.type == "bedouin" and p.space == ok for p in state.pieces.values())


def _place(space):
    from ffl.engine import Action

    return Action.make("place-bedouin", "allied", space=space)


def test_glory_how_to_calculate_baird_example():
    """Glory: How to calculate: Baird 4+3d6 rolls 3, 1 and 5: glory 13."""
    state = fresh()
    seek(state, [3, 1, 5])
    batch = GloryBatch(state)
    place_commander(batch, controller().ctx(state), "baird", "keneh", T.event_rule(17))
    after = fold(state, batch.events)
    assert glory(after, "baird") == 13
    assert after.pieces["baird"].space == "keneh"


def test_glory_bonaparte_automatic_6_example_57_is_50_and_7():
    """Glory: Bonaparte's automatic 6: a glory of 57 is 50 on his glory marker and 7
    on his automatic 6 marker."""
    state = fresh()
    seek(state, [5, 4, 4, 4])
    batch = GloryBatch(state)
    roll_glory(batch, controller().ctx(state), "bonaparte", fixed=40, dice=4)
    after = fold(state, batch.events)
    assert after.pieces["bonaparte"].data["glory"] == 50
    assert after.pieces["bonaparte"].data["auto6"] == 7


def test_seniority_accompanying_commanders_from_the_command_chart():
    """Seniority: Accompanying commanders: Kleber with Lannes, Desaix with Friant."""
    types = controller().module.piece_types
    assert types["lannes"].get("accompanies") == "kleber"
    assert types["friant"].get("accompanies") == "desaix"
    assert types["kleber"].get("accompanies") == "bonaparte"
    assert types["desaix"].get("accompanies") == "bonaparte"
    assert types["vial"].get("accompanies") == "bonaparte"


def test_glory_baird_formula_is_on_the_command_chart():
    t = controller().module.piece_types["baird"]
    assert (t.get("glory_fixed"), t.get("glory_dice")) == (4, 3)
