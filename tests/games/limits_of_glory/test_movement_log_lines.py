"""The log lines of Movement: Activating (the test's dice and result), Mechanism:
Glory / Opponent re-rolls (which dice were rolled again) and Movement: How to move
(an activation that ends with nothing moved)."""

from log_helpers import act, commander, conquest, put, seek, task


def _desaix_in_cairo(glory: int = 10):
    state = conquest(seed=4)
    put(state, "cairo", {"fr-inf": 3})
    commander(state, "desaix", "cairo", glory)
    state.vars["control"] = {"cairo": "french"}
    return state


def _results(events):
    return [e for e in events if "passed" in e.info]


def test_movement_activating_a_test_settled_at_once_is_one_line_with_its_dice():
    """Movement: Activating: Cairo (value 4) rolls 6, 1, 2, 3: one success and no
    enemy commander to require re-rolls, so the test is settled at once and its
    single line gives both the dice and the result; the dice stay in that event."""
    state = _desaix_in_cairo()
    seek(state, [6, 1, 2, 3])
    state, events = act(state, "activate", "french", space="cairo")
    assert not task(state)
    (line,) = _results(events)
    assert line.kind == "dice" and line.dice == (6, 1, 2, 3)
    assert line.text == "Movement: Activating: Cairo: rolled 6, 1, 2, 3: 1 success: passed"
    assert line.info["passed"] is True and line.info["successes"] == 1
    assert not any("final" in e.text for e in events)
    assert state.vars["activation"] == {"space": "cairo", "side": "french",
                                      "moved": False}


def test_mechanism_glory_re_rolls_the_final_line_names_the_re_rolled_dice():
    """Mechanism: Glory re-rolls: 1, 2, 3, 4 fail; Desaix spends two glory to re-roll
    the first two dice (5, 2): the final line says which dice were re-rolled and
    gives the final dice and the result."""
    state = _desaix_in_cairo()
    seek(state, [1, 2, 3, 4])
    state, events = act(state, "activate", "french", space="cairo")
    assert task(state)["stage"] == "reroll"
    (roll,) = [e for e in events if e.kind == "dice"]
    assert roll.dice == (1, 2, 3, 4) and "passed" not in roll.info   # result still open
    assert roll.text == "Movement: Activating: Cairo: rolled 1, 2, 3, 4"
    seek(state, [5, 2])
    state, events = act(state, "reroll", "french", dice="0,1", six="")
    (line,) = _results(events)
    assert line.text == ("Movement: Activating: Cairo: dice 1, 2 re-rolled with Desaix's "
                         "glory; final 5, 2, 3, 4: 1 success: passed")


def test_mechanism_glory_re_rolls_declined_the_final_line_says_none_were_re_rolled():
    """Mechanism: Glory re-rolls: the roller may keep failed dice; the test's result
    then comes on its own line (the roll was an earlier step), saying so."""
    state = _desaix_in_cairo()
    seek(state, [1, 2, 3, 4])
    state, _ = act(state, "activate", "french", space="cairo")
    state, events = act(state, "reroll", "french", dice="", six="")
    (line,) = _results(events)
    assert line.text == ("Movement: Activating: Cairo: no dice re-rolled; final 1, 2, 3, 4: "
                         "0 successes: failed")


def test_movement_how_to_move_ending_an_activation_with_nothing_moved():
    """Movement: How to move: elements may all stay in the activated space; ending the
    activation then says that nothing moved rather than that they finished moving."""
    state = _desaix_in_cairo()
    seek(state, [6, 1, 2, 3])
    state, _ = act(state, "activate", "french", space="cairo")
    state, events = act(state, "done", "french")
    assert [e.text for e in events] == [
        "Movement: How to move: the French end the activation of Cairo with nothing moved"]
    assert state.vars.get("activation") is None


def test_movement_how_to_move_finishing_after_elements_moved():
    """Movement: How to move: once some elements have left, ending the activation is
    finishing moving out of the space (the others stay)."""
    state = _desaix_in_cairo()
    seek(state, [6, 1, 2, 3])
    state, _ = act(state, "activate", "french", space="cairo")
    state, _ = act(state, "move", "french", space="cairo", to="belbeis",
                   units="fr-inf:2", pieces="", leave="")
    state, events = act(state, "done", "french")
    assert [e.text for e in events] == [
        "Movement: How to move: the French finish moving out of Cairo"]


def test_mechanism_final_outcome_a_save_with_the_former_log_lines_still_opens(tmp_path):
    """Mechanism: Final outcome: a game saved before a settled test's result went on its
    roll's line (the roll "rolled ..." then a line of its own "final ...", and "finish
    moving" even when nothing moved) opens: a save's events are history, replayed as
    written, and the game goes on from where it was."""
    import dataclasses
    import random

    from ffl.catalog import new_session
    from ffl.games import game_of
    from ffl.session import GameSession
    from ffl.store import save_game

    scenario = "limits_of_glory/campaign"
    session = new_session(scenario, seed=1, options=dict(game_of(scenario).selfplay_options))
    rng = random.Random(1)
    while sum("passed" in e.info for e in session.log.events if e.kind == "dice") < 3:
        session.do(rng.choice(list(session.controller.legal_actions(session.state))))
    saved = session.snapshot()
    old, steps = [], list(saved.meta["steps"])
    for event in saved.events:
        if event.kind == "dice" and "passed" in event.info:
            info = {k: v for k, v in event.info.items() if k not in ("passed", "successes")}
            old.append(dataclasses.replace(
                event, text=f"{event.rule} {info['purpose']}: rolled "
                            f"{', '.join(map(str, event.dice))}", info=info))
            steps = [s + 1 if s >= len(old) else s for s in steps]
            wins = event.info["successes"]
            old.append(dataclasses.replace(
                event, kind="note", changes=(), dice=(), info={
                    "passed": event.info["passed"], "successes": wins},
                text=f"{event.rule}: {info['purpose']}: final "
                     f"{' '.join(map(str, event.dice))}, {wins} successes: passed"))
        elif "with nothing moved" in event.text:
            old.append(dataclasses.replace(event, text=event.text.replace(
                "end the activation of", "finish moving out of").replace(
                " with nothing moved", "")))
        else:
            old.append(event)
    assert len(old) == len(saved.events) + 3
    path = tmp_path / "former-lines.sav"
    save_game(path, dataclasses.replace(saved, events=old, meta={**saved.meta, "steps": steps}))
    reopened = GameSession.load(path)
    assert reopened.state.hash() == session.state.hash()
    assert [e.text for e in reopened.log.events] == [e.text for e in old]
    assert sum(" final " in e.text for e in reopened.log.events) >= 3
    action = rng.choice(list(reopened.controller.legal_actions(reopened.state)))
    reopened.do(action)
    session.do(action)
    assert reopened.state.hash() == session.state.hash()
