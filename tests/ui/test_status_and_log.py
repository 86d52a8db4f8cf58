"""Issue 13.7, the window's part: a status message goes when the game moves on
to another prompt or another game; the prompt names sides as players read them;
a reopened game's event log shows its last lines."""

from __future__ import annotations

from ffl.engine import Action


def move(window, piece: str, to: str) -> None:
    window.session.do(Action.make("move", "blue", piece=piece, to=to))


def test_a_status_message_stays_with_its_prompt_and_goes_with_the_next(window, qtbot):
    window.host.show_status("Not allowed: T.1 that square is taken")
    assert window.statusBar().currentMessage() == "Not allowed: T.1 that square is taken"
    move(window, "b1", "A2")            # the same turn and side: the prompt is the same
    assert window.statusBar().currentMessage() == "Not allowed: T.1 that square is taken"
    window.session.do(Action.make("end_turn", "blue"))
    assert window.statusBar().currentMessage() == ""


def test_a_message_shown_as_the_prompt_changes_is_kept(window):
    # a game shows a notice about the step that moved it on (FFL's stun removal)
    def notice(events):
        if events and events[-1].kind != "move":
            window.host.show_status("Stun removal: nobody is stunned")

    window.session.subscribe(notice)
    window.session.do(Action.make("end_turn", "blue"))
    assert window.statusBar().currentMessage() == "Stun removal: nobody is stunned"


def test_a_message_never_lingers_into_a_new_game(window, qtbot):
    window.host.show_status("Not allowed: T.1 that square is taken")
    assert window.open_scenario("tiny/squares", seed=6)
    assert window.statusBar().currentMessage() == ""


def test_the_prompt_names_the_side_as_players_read_it(game_window):
    w = game_window("card_game/2p", seed=17)
    text = w.prompt_label.text()
    assert "Player 1" in text and "p1" not in text.split()
    w2 = game_window("ffl/basic")
    assert "legion" not in w2.prompt_label.text().replace("Legion", "")


def test_a_reopened_game_shows_the_end_of_its_log(game_window, qtbot, tmp_path):
    w = game_window("card_game/4p", seed=3)
    s = w.session
    while len(s.log) < 60 and s.controller.legal_actions(s.state):
        s.do(s.controller.legal_actions(s.state)[-1])
    path = tmp_path / "long.fflsave"
    assert w.save_as(path)
    w2 = game_window("card_game/4p", seed=3)
    assert w2.open_path(path), w2.last_error and w2.last_error.informativeText() + w2.last_error.text()
    qtbot.wait(50)
    lst = w2.event_log.list
    bar = lst.verticalScrollBar()
    assert bar.maximum() > 0, "the log should be longer than its dock"
    assert bar.value() == bar.maximum()
    last = lst.row_rect(lst.count() - 1)
    assert lst.viewport().rect().contains(last.center())
