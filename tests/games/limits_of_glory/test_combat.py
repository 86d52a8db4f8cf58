"""Combat: the rulebook's worked example, and the combat table's two printed cells."""

from log_helpers import (
    EXAMPLE_SEED,
    EXAMPLE_START,
    act,
    commander,
    conquest,
    controller,
    glory,
    put,
    seek,
    task,
    texts,
)

from ffl.games.limits_of_glory import tables as T
from ffl.games.limits_of_glory.strength import cell, column, hits

SPACE, FROM = "beni-suef", "fayum"


def _example_position():
    """Five French infantry with Bonaparte next to Murad Bey's four cavalry and
    twelve infantry (the example's forces); the space is activated."""
    state = conquest(EXAMPLE_SEED)
    put(state, FROM, {"fr-inf": 5})
    commander(state, "bonaparte", FROM, 30)
    put(state, SPACE, {"ma-cav": 4, "ma-inf": 12})
    commander(state, "murad", SPACE, 20)
    state.vars["activation"] = {"space": FROM, "side": "french"}
    return state


def test_combat_strength_example_five_against_twenty():
    """Combat: Combat strength: 5 French infantry = 5; 4 cavalry + 12 infantry = 20."""
    state = _example_position()
    ctrl = controller()
    assert ctrl.strength(state, FROM, "french") == 5
    assert ctrl.strength(state, SPACE, "allied") == 20


def test_combat_table_example_cells_hold():
    """Combat: Using the combat table: French 4 to 10 needs 13 (a 5 three hits, a 6
    four); Mamluk commander 16 to 20 needs 14 (one hit for each 6)."""
    ctx = controller().ctx(conquest())
    assert column(ctx, 5) == "4-10" and column(ctx, 20) == "16-20"
    assert cell(ctx, "french", "4-10")["need"] == 13
    assert hits(ctx, "french", "4-10", [1, 5, 5, 6], False) == (10, 13)
    assert hits(ctx, "mamluk-commander", "16-20", [1, 1, 6, 6], False) == (2, 14)
    assert hits(ctx, "mamluk-commander", "16-20", [1, 2, 4, 6], False) == (0, 14)
    assert hits(ctx, "mamluk-commander", "16-20", [1, 1, 4, 5], False) == (0, 14)
    assert hits(ctx, "french", "4-10", [1, 3, 4, 6], False) == (4, 13)


def test_combat_how_combat_works_the_worked_example():
    """Combat: How combat works: the book's example, die for die: Bonaparte spends
    four glory, Murad six; the French inflict four losses and take none; the
    Mamluks must break off."""
    state = _example_position()
    state.vars["_rolls"] = EXAMPLE_START
    state, events = act(state, "move", "french", space=FROM, to=SPACE, units="fr-inf:5",
                        pieces="bonaparte", leave="")
    t = task(state)
    assert t["dice"] == {"french": [2, 4, 5, 5], "allied": [1, 2, 4, 6]}
    assert t["info"]["french"] == {"strength": 5, "row": "french"}
    assert t["info"]["allied"] == {"strength": 20, "row": "mamluk-commander"}
    # the French (attacking) declare first: re-roll the 2 and the 4
    state, _ = act(state, "reroll", "french", dice="0,1", six="")
    # the Allies re-roll the 1, 2 and 4; both re-rolls are rolled together
    seek(state, [1, 6, 1, 1, 6])
    state, _ = act(state, "reroll", "allied", dice="0,1,2", six="")
    t = task(state)
    assert t["dice"] == {"french": [1, 6, 5, 5], "allied": [1, 1, 6, 6]}
    assert glory(state, "bonaparte") == 28 and glory(state, "murad") == 17
    # Bonaparte requires both 6s re-rolled; Murad the two 5s and the 6
    state, _ = act(state, "force", "french", dice="2,3")
    seek(state, [4, 5, 3, 4, 6])
    state, events = act(state, "force", "allied", dice="1,2,3")
    assert glory(state, "bonaparte") == 26 and glory(state, "murad") == 14
    score = next(e for e in events if e.rule == T.COMBAT_SCORE and "hits" in e.info)
    assert score.info["hits"] == {"french": 4, "allied": 0}
    assert "French 1 3 4 6 = 14 (needs 13): 4 hits" in score.text
    assert "Allied 1 1 4 5 = 11 (needs 14): 0 hits" in score.text
    # the Mamluks choose their four losses, lose the combat and break off
    assert task(state)["stage"] == "loss-def"
    state, events = act(state, "losses", "allied", units="ma-inf:4")
    assert any(T.COMBAT_LOSING in x and "French win" in x for x in texts(events))
    assert task(state)["kind"] == "break-off"
    left = [p for p in state.pieces.values() if p.space == SPACE and p.side == "allied"]
    assert len([p for p in left if p.type == "ma-inf"]) == 8
