"""Batch: a scratch state that applies each event as it is added (ffl.engine.batch)."""

from ffl.engine import Batch, Change, Dice, Event, GameState, Piece, fold
from ffl.engine.dice import ROLLS_VAR, die_value


def _state(seed=11, rolls=0):
    v = {"turn": 1}
    if rolls:
        v[ROLLS_VAR] = rolls
    return GameState("ffl", "ffl/basic", seed, {
        "L1": Piece("L1", "adler", "legion", "K12", 0, 2),
        "B1": Piece("B1", "abbas", "bedouin", "C3", 1, 6),
    }, v)


def test_events_are_applied_in_order_to_the_scratch_state():
    batch = Batch(_state())
    batch.add("move", "6.1", "6.1 L1 moves", [Change.set("L1", "space", "K13")])
    assert batch.state.pieces["L1"].space == "K13"          # the next rule sees it
    batch.add("move", "6.1", "6.1 L1 moves on", [Change.set("L1", "space", "K14"),
                                                 Change.var("turn", 2)])
    batch.add("turn", "3", "3 next turn", [Change.var("turn", batch.state.vars["turn"] + 1)])
    assert [e.kind for e in batch.events] == ["move", "move", "turn"]
    assert batch.state.pieces["L1"].space == "K14"
    assert batch.state.vars["turn"] == 3


def test_the_given_state_is_never_modified():
    state = _state()
    before = state.hash()
    batch = Batch(state)
    batch.add("move", "6.1", "6.1 L1 moves", [Change.set("L1", "space", "K13")])
    batch.roll("6.72", "Melee", n=2)
    assert state.hash() == before
    assert state.pieces["L1"].space == "K12" and ROLLS_VAR not in state.vars
    assert batch.state is not state


def test_fold_of_the_events_is_the_scratch_state():
    initial = _state(seed=5, rolls=3)
    batch = Batch(initial)
    batch.add("face", "6.3", "6.3 L1 faces east", [Change.set("L1", "facing", 2)])
    batch.roll("6.5", "Jump", side="legion")
    batch.add("stun", "6.52", "6.52 stunned", [Change.set("L1", "markers.stun", 1)])
    batch.roll("7.6", "Fire", n=2, sides=10, target=7)
    assert fold(initial, batch.events).hash() == batch.state.hash()
    assert fold(initial, batch.events).to_json() == batch.state.to_json()


def test_dice_come_from_the_seed_and_advance_the_counter_like_dice_roll():
    initial = _state(seed=42, rolls=4)
    batch = Batch(initial)
    first = batch.roll("6.72", "Melee", n=2, side="legion", attacker="L1")
    second = batch.roll("6.5", "Jump", sides=3)
    dice = Dice.for_state(initial)
    expected = [dice.roll("6.72", "Melee", 2, 6, "legion", attacker="L1"),
                dice.roll("6.5", "Jump", 1, 3)]
    assert batch.events == expected                         # the very same dice events
    assert first == expected[0].dice == (die_value(42, 4), die_value(42, 5))
    assert second == expected[1].dice == (die_value(42, 6, 3),)
    assert batch.state.vars[ROLLS_VAR] == 7
    assert batch.events[0].info == {"purpose": "Melee", "sides": 6, "attacker": "L1"}
    assert batch.events[0].side == "legion"


def test_rolls_after_other_events_go_on_from_the_scratch_counter():
    initial = _state(seed=3)
    batch = Batch(initial)
    batch.roll("2.1", "Side roll")
    batch.add("x", "2.1", "2.1 no dice here", [Change.var("turn", 1)])
    (value,) = batch.roll("2.1", "Again")
    assert value == die_value(3, 1)
    assert batch.die("5", "Draw", sides=4, side="legion", cup=4) == die_value(3, 2, 4)
    assert batch.events[-1] == Dice(3, 2).roll("5", "Draw", 1, 4, "legion", cup=4)
    assert batch.state.vars[ROLLS_VAR] == 3


def test_text_gets_the_rule_in_front_unless_it_starts_with_it():
    batch = Batch(_state())
    plain = batch.add("x", "6.72", "Melee: defender eliminated")
    named = batch.add("x", "Note 1", "Note 1: Player 1 draws", side="p1", card="M-A")
    assert plain.text == "6.72 Melee: defender eliminated"
    assert named.text == "Note 1: Player 1 draws"
    assert named.rule == "Note 1" and named.side == "p1" and dict(named.info) == {"card": "M-A"}
    assert plain.dice == () and plain.changes == ()


def test_record_keeps_an_event_built_elsewhere_as_it_is():
    initial = _state(seed=9, rolls=1)
    batch = Batch(initial)
    dice = batch.dice()
    values = tuple(dice.value(n) for n in (5, 4, 3))
    shuffle = Event("shuffle", "Deal 2", "Deal 2: shuffled",
                    (Change.var("pack", ["c", "a", "b"]), dice.counter_change()), values,
                    info={"cards": 3})
    assert batch.record(shuffle) is shuffle
    assert batch.events == [shuffle]
    assert values == (die_value(9, 1, 5), die_value(9, 2, 4), die_value(9, 3, 3))
    assert batch.state.vars[ROLLS_VAR] == 4 and batch.state.vars["pack"] == ["c", "a", "b"]
    (after,) = batch.roll("Deal 2", "next")
    assert after == die_value(9, 4)


def test_changed_runs_after_each_recorded_event():
    seen = []

    class Counting(Batch):
        def changed(self) -> None:
            seen.append((len(self.events), self.state.vars.get("turn")))

    batch = Counting(_state())
    batch.add("turn", "3", "3 turn 2", [Change.var("turn", 2)])
    batch.roll("5", "Draw")
    batch.record(Event("turn", "3", "3 turn 5", (Change.var("turn", 5),)))
    assert seen == [(1, 2), (2, 2), (3, 5)]
