"""9 victory: the side with the last characters standing wins; Bedouin still
waiting to enter are in the game, units that left the board are not."""

from helpers import N, S, act, controller, state_with, verdict

ADLER = "L-1-Adler"
ABDUL, DHABI = "B-A-Abdul", "B-A-Dhabi"


def test_9_legion_wins_when_the_last_bedouin_falls():
    state = state_with({ADLER: ("N8", 0, S), ABDUL: ("N9", 0, N)}, rolls=[6],
                       others="eliminated")
    assert controller().outcome(state) is None
    state, events = act(state, "move", piece=ADLER, to="N9", level=0)
    outcome = controller().outcome(state)
    assert outcome.winner == "legion" and outcome.rule == "9"
    assert events[-1].rule == "9" and events[-1].text.startswith("9")
    assert state.vars["phase"] == "over"


def test_9_bedouin_win_when_the_last_legionnaire_falls():
    state = state_with({ADLER: ("N8", 0, S), ABDUL: ("N9", 0, N)}, rolls=[1],
                       others="eliminated")
    state, _ = act(state, "move", piece=ADLER, to="N9", level=0)
    assert controller().outcome(state).winner == "bedouin"


def test_9_bedouin_waiting_off_the_board_are_still_in_the_game():
    state = state_with({ADLER: ("N8", 0, S), ABDUL: ("N9", 0, N), DHABI: None}, rolls=[6],
                       others="eliminated")
    state, _ = act(state, "move", piece=ADLER, to="N9", level=0)
    assert controller().outcome(state) is None


def test_9_6_22_units_that_left_the_board_do_not_count():
    state = state_with({ADLER: ("N8", 0, S), ABDUL: ("N16", 0, N)}, chit="arab",
                       others="eliminated")
    state, _ = act(state, "exit", "bedouin", piece=ABDUL)
    assert controller().outcome(state).winner == "legion"


def test_9_nothing_is_legal_after_the_end():
    state = state_with({ADLER: ("N8", 0, S), ABDUL: ("N9", 0, N)}, rolls=[6],
                       others="eliminated")
    state, _ = act(state, "move", piece=ADLER, to="N9", level=0)
    assert controller().legal_actions(state) == []
    v = verdict(state, "end-phase")
    assert not v and v.rule == "9"
    prompt = controller().prompt(state)
    assert prompt.phase == "over"
    # nobody is to act: not the side that played last (the phase bar read "Legion to act")
    assert prompt.side == "" and prompt.info["side"] == "" and not prompt.kinds
