"""Log lines in a player's words: Seniority: Accompanying commanders (a junior who
detaches and moves is named, never "nothing"), Momentum: Obtaining momentum
markers (a first pick of dice to re-roll said plainly) and Movement: How to move
(ending an activation reopened from a save after a move never says nothing
moved; real save files through the store)."""

import dataclasses
import random

from log_helpers import act, commander, conquest, put, seek

from ffl.engine import Change, GameLog
from ffl.games.limits_of_glory import tables as T
from ffl.games.limits_of_glory.tasks import GloryBatch, push

SCENARIO = "limits_of_glory/campaign"


def test_seniority_accompanying_a_junior_detaching_alone_is_named_on_the_move_line():
    """Seniority: Accompanying commanders: Kléber, with Bonaparte in Cairo, leaves him
    for Belbeis on his own: the move line names Kléber (it said "nothing from Cairo
    to Belbeis"), then he is detached there."""
    state = conquest(seed=4)
    put(state, "cairo", {"fr-inf": 3})
    commander(state, "bonaparte", "cairo", 10)
    kleber = state.pieces["kleber"]
    kleber.space, kleber.status, kleber.data["with"] = "cairo", "with", "bonaparte"
    seek(state, [6, 1, 2, 3])
    state, _ = act(state, "activate", "french", space="cairo")
    state, events = act(state, "move", "french", space="cairo", to="belbeis", units="",
                        pieces="kleber", leave="")
    lines = [e.text for e in events]
    assert lines[0] == f"{T.MOVE_HOW}: Kléber from Cairo to Belbeis"
    assert not any("nothing" in line for line in lines)
    assert any(line.startswith(f"{T.ACCOMPANY}: Kléber is detached from Bonaparte")
               for line in lines)
    assert state.pieces["kleber"].space == "belbeis"


def test_a_rolls_line_keeps_the_rule_apart_from_what_is_rolled_for():
    """Momentum: Obtaining momentum markers: the rules are named in words, so a colon
    parts the rule from what the dice are for (it read "Momentum: Obtaining momentum
    markers French momentum dice: rolled ...")."""
    _, events = _momentum_reroll_stage()
    dice = [e for e in events if e.kind == "dice"]
    assert [e.text for e in dice] == [
        f"{T.MOMENTUM_DICE}: French momentum dice: rolled 1, 2, 3, 4",
        f"{T.MOMENTUM_DICE}: Allied momentum dice: rolled "
        f"{', '.join(map(str, dice[1].dice))}"]
    assert dice[1].dice[0] == 1
    assert all(e.rule == T.MOMENTUM_DICE for e in dice)


def _momentum_reroll_stage():
    """The French rolled 1, 2, 3, 4 for momentum, the Allied a failed first die;
    Desaix (4 glory) has less than Murad Bey (8): the French pick first."""
    from log_helpers import controller

    from ffl.engine import fold
    from ffl.games.limits_of_glory.flow import advance

    state = conquest(seed=4)
    state.vars["hand"] = {"french": 0, "allied": 0}
    state.vars["active"] = None
    put(state, "cairo", {"fr-inf": 1})
    commander(state, "desaix", "cairo", 4)
    put(state, "giza", {"ma-cav": 1})
    commander(state, "murad", "giza", 8)
    seek(state, [1, 2, 3, 4, 1])
    batch = GloryBatch(state)
    push(batch, {"kind": "momentum", "stage": "roll"})
    advance(batch, controller().ctx(state))
    events = batch.finish("test", "test")
    return fold(state, events), events


def test_momentum_obtaining_markers_a_first_pick_of_re_rolls_is_said_in_plain_words():
    """Momentum: Obtaining momentum markers: the French pick dice 1 to 3 (1, 2, 3) to
    re-roll with Desaix's glory; nothing is rolled until the Allied player picks, and
    the line says so in words (it read "answers reroll (dice 0,1,2)")."""
    state, _ = _momentum_reroll_stage()
    state, events = act(state, "reroll", "french", dice="0,1,2", six="")
    assert [e.text for e in events] == [
        f"{T.MOMENTUM_DICE}: the French player picks dice 1, 2, 3 (showing 1, 2, 3) to "
        "re-roll with Desaix's glory; the re-rolls come once the Allied player has chosen "
        "too"]
    assert events[0].rule == T.MOMENTUM_DICE


def test_momentum_obtaining_markers_keeping_the_dice_is_said_in_plain_words():
    """Momentum: Obtaining momentum markers: the French keep their dice: the line says
    so and that the Allied player chooses next (it read "answers reroll")."""
    state, _ = _momentum_reroll_stage()
    state, events = act(state, "reroll", "french", dice="", six="")
    assert [e.text for e in events] == [
        f"{T.MOMENTUM_DICE}: the French player keeps the momentum dice as rolled "
        "(1, 2, 3, 4): no re-rolls; the Allied player chooses next"]


# -- Movement: How to move, after a save ------------------------------------------------------

def _after_a_move():
    """Seeded play of the campaign to the Allied activation of Damietta, then one
    cavalry element moves to Salahieh (six infantry stay): mid-activation."""
    from ffl.catalog import new_session
    from ffl.games import game_of

    # seed 24: random play's first activation of the conquest is the Allies' at Damietta
    # (it was seed 1's until the real fleet had to sail for Egypt: Invasion fleet
    # destination changed the moves random play chooses from)
    session = new_session(SCENARIO, seed=24, options=dict(game_of(SCENARIO).selfplay_options))
    rng = random.Random(24)
    while True:
        actions = list(session.controller.legal_actions(session.state))
        if session.state.vars.get("activation") and session.state.vars["phase"] == "conquest":
            break
        session.do(rng.choice(actions))
    assert session.state.vars["activation"]["space"] == "damietta"
    session.do(act_of(session, "move", space="damietta", to="salahieh", units="ma-cav:1",
                      pieces="", leave=""))
    assert session.state.vars["activation"]["space"] == "damietta"
    return session


def act_of(session, kind, **args):
    from ffl.engine import Action

    action = Action.make(kind, session.state.vars["activation"]["side"], **args)
    assert session.controller.legal(session.state, action)
    return action


def _former_save(session, path):
    """The game saved as before the activation's "moved" flag was kept: the same
    events but for that flag (the position's digest replayed from them)."""
    from ffl.store import save_game

    saved = session.snapshot()
    old = []
    for event in saved.events:
        changes = tuple(
            Change.var(c.field, {k: v for k, v in c.value.items() if k != "moved"})
            if c.piece is None and c.field == "activation" and isinstance(c.value, dict)
            else c for c in event.changes)
        old.append(dataclasses.replace(event, changes=changes))
    replayed = GameLog(session.log.initial, old, saved.meta["steps"]).state
    assert "moved" not in replayed.vars["activation"]
    save_game(path, dataclasses.replace(saved, events=old, meta={
        **saved.meta, "state_hash": replayed.hash()}))


def _end_after_reopening(path):
    from ffl.session import GameSession

    reopened = GameSession.load(path)
    assert any(e.text == f"{T.MOVE_HOW}: 1 Mamluk cavalry from Damietta to Salahieh"
               for e in reopened.log.events)
    return [e.text for e in reopened.do(act_of(reopened, "done"))]


def test_movement_how_to_move_a_save_reopened_after_a_move_finishes_moving(tmp_path):
    """Movement: How to move: saved after the cavalry left Damietta, reopened from the
    file, the activation ends as finishing moving out (something left)."""
    session = _after_a_move()
    path = session.save(tmp_path / "mid-activation.sav")
    lines = _end_after_reopening(path)
    assert lines == [f"{T.MOVE_HOW}: the Allied finish moving out of Damietta"]


def test_movement_how_to_move_a_former_save_never_says_nothing_moved(tmp_path):
    """Movement: How to move: a game saved before the activation kept whether anything
    left (the same move, the infantry still in Damietta) cannot tell, so ending it
    says neither; it said "with nothing moved" right after the cavalry's move line."""
    session = _after_a_move()
    _former_save(session, tmp_path / "former.sav")
    lines = _end_after_reopening(tmp_path / "former.sav")
    assert lines == [f"{T.MOVE_HOW}: the Allied end the activation of Damietta"]


# -- the Grand Vizir goes by his office ------------------------------------------------------

def test_event_12_the_grand_vizir_is_named_with_the_article_as_the_book_does():
    """Event 12: the book writes "the Grand Vizir's position marker"; the log read
    "Grand Vizir is placed in El Arish" and "Grand Vizir's glory is 15", as if Grand
    Vizir were his name.  The marker on the map keeps the office alone."""
    from log_helpers import controller

    from ffl.engine import fold
    from ffl.games.limits_of_glory.events import box

    state = conquest(seed=4)
    seek(state, [5, 2, 5])
    batch = GloryBatch(state)
    box(batch, controller().ctx(state), 12, 3)
    events = batch.finish("test", "test")
    lines = [e.text for e in events]
    rule = T.event_rule(12)
    assert f"{rule}: the Grand Vizir is placed in El Arish" in lines
    assert f"{rule}: Glory of the Grand Vizir (5+3d6): rolled 5, 2, 5" in lines
    assert f"{rule}: the Grand Vizir's glory is 17" in lines
    assert not any("Grand Vizir" in line and "the Grand Vizir" not in line
                   for line in lines[1:])
    state = fold(state, events)
    assert controller().ctx(state).types["grand-vizir"].name == "Grand Vizir"
    assert state.pieces["grand-vizir"].space == "el-arish"


# -- an event's reinforcements said once -----------------------------------------------------

def test_event_3_asks_for_the_cavalry_once_and_says_where():
    """Event 3 (French obtain cavalry mounts): the question read "place 3 French
    cavalry (French cavalry, now mounted)"; it names the elements once, why they come
    and where they may go.  Events 2, 11 and 14 likewise."""
    from log_helpers import controller

    from ffl.engine import fold
    from ffl.games.limits_of_glory.events import box

    state = conquest(seed=4)
    put(state, "cairo", {"fr-inf": 3})
    put(state, "giza", {"ma-cav": 1})
    for n, side in ((3, "french"), (2, "allied"), (11, "french"), (14, "french")):
        batch = GloryBatch(state)
        box(batch, controller().ctx(state), n, 3)
        prompt = controller().prompt(fold(state, batch.finish("test", "test")))
        text, rule = prompt.text, T.event_rule(n)
        assert prompt.side == side
        name = {3: "French cavalry", 2: "Mamluk infantry", 11: "French artillery",
                14: "French infantry"}[n]
        assert text.startswith(f"{rule}: place "), text
        assert text.count(name) == 1, text
        assert " in spaces with " in text or " in a space with " in text, text
    batch = GloryBatch(state)
    box(batch, controller().ctx(state), 3, 3)
    text = controller().prompt(fold(state, batch.finish("test", "test"))).text
    assert text == (f"{T.event_rule(3)}: place {T.FRENCH_MOUNTS} French cavalry "
                    "(horses found for them: in spaces with French elements)")


# -- one marker, dice as rolled ---------------------------------------------------------------

def test_momentum_one_marker_is_singular_and_a_tests_dice_read_as_rolled():
    """Momentum: Ending the turn and the questions: "1 momentum marker" (it read "1
    momentum markers" in the log and in the prompt); a test's question gives its
    dice as rolled and its successes ("Wadi Natrun: 2.  Re-roll ..." before)."""
    from log_helpers import controller

    state = conquest(seed=4, hand=(1, 1))
    prompt = controller().prompt(state)
    assert "(1 momentum marker)" in prompt.text, prompt.text
    _, events = act(state, "end-turn", prompt.side)
    ended = [e.text for e in events if e.rule == T.MOMENTUM_END]
    assert any("(1 momentum marker discarded)" in line for line in ended), ended
    state = conquest(seed=4)
    put(state, "fayum", {"fr-inf": 3})
    commander(state, "desaix", "fayum", 10)
    seek(state, [1, 2])
    state, _ = act(state, "activate", "french", space="fayum")
    text = controller().prompt(state).text
    assert text == (f"{T.MOVE_ACTIVATE}: Fayum: rolled 1, 2 (0 successes); re-roll failures "
                    "with Desaix's glory (10 left)?"), text
