"""The collector tuned for self-play, tournaments and the opponent's thinking
(ffl/gc_tuning.py, issue 12): full collections held off inside the block, the
process's thresholds back afterwards on every way out, nested and from two
threads; the self-play driver runs inside it and plays the same games."""

from __future__ import annotations

import gc
import random
import threading

import pytest

from ffl import gc_tuning, selfplay
from ffl.catalog import new_session
from ffl.games import game_of
from ffl.gc_tuning import HELD_FACTOR, collector_tuned

ODD = (613, 7, 13)      # thresholds no one else sets: restored means restored


@pytest.fixture
def thresholds():
    before = gc.get_threshold()
    gc.set_threshold(*ODD)
    try:
        yield ODD
    finally:
        gc.set_threshold(*before)


def test_held_inside_and_restored_after(thresholds):
    with collector_tuned():
        assert gc.get_threshold() == (613, 7, 13 * HELD_FACTOR)
    assert gc.get_threshold() == ODD
    assert gc_tuning._open == 0


def test_restored_after_an_exception(thresholds):
    with pytest.raises(ZeroDivisionError):
        with collector_tuned():
            1 / 0       # noqa: B018 - the exception is the point
    assert gc.get_threshold() == ODD
    assert gc_tuning._open == 0


def test_nested_blocks_restore_once_the_outer_closes(thresholds):
    with collector_tuned():
        with collector_tuned():
            assert gc.get_threshold() == (613, 7, 13 * HELD_FACTOR)
        assert gc.get_threshold() == (613, 7, 13 * HELD_FACTOR)     # not raised twice
        with pytest.raises(RuntimeError):
            with collector_tuned():
                raise RuntimeError("inner fails")
        assert gc.get_threshold() == (613, 7, 13 * HELD_FACTOR)
    assert gc.get_threshold() == ODD


def test_never_switches_the_collector_on_or_off(thresholds):
    """The play window's pause (gc.disable) and this tuning compose."""
    gc.disable()
    try:
        with collector_tuned():
            assert not gc.isenabled()
        assert not gc.isenabled()
    finally:
        gc.enable()
    with collector_tuned():
        assert gc.isenabled()
    assert gc.get_threshold() == ODD


def test_blocks_overlapping_in_two_threads(thresholds):
    """A worker thread's block that closes before, or after, the main thread's:
    the thresholds come back only when the last one closes."""
    entered, leave = threading.Event(), threading.Event()
    seen = []

    def worker():
        with collector_tuned():
            entered.set()
            leave.wait(5)
        seen.append(gc.get_threshold())

    # the worker opens first and closes first, the main block still open
    thread = threading.Thread(target=worker)
    thread.start()
    assert entered.wait(5)
    with collector_tuned():
        leave.set()
        thread.join(5)
        assert seen == [(613, 7, 13 * HELD_FACTOR)]
    assert gc.get_threshold() == ODD
    # the main block opens first and closes first, the worker's still open
    entered.clear()
    leave.clear()
    seen.clear()
    with collector_tuned():
        thread = threading.Thread(target=worker)
        thread.start()
        assert entered.wait(5)
    assert gc.get_threshold() == (613, 7, 13 * HELD_FACTOR)
    leave.set()
    thread.join(5)
    assert seen == [ODD]
    assert gc.get_threshold() == ODD


def _driver_against_untuned(scenario_id: str, seed: int) -> None:
    """``selfplay.run_summary`` (as ``ffl selfplay``) plays inside the tuning (the
    collections it runs see the thresholds raised), leaves the process's
    thresholds as they were, and ends in the same state as the same game played
    by ``play_game`` alone, untuned."""
    seen: list[tuple] = []

    def watch(phase, info):
        if phase == "start":
            seen.append(gc.get_threshold())

    gc.callbacks.append(watch)
    try:
        summary = selfplay.run_summary(scenario_id, 1, seed=seed)
    finally:
        gc.callbacks.remove(watch)
    assert not summary.errors
    assert seen and set(seen) == {(613, 7, 13 * HELD_FACTOR)}
    assert gc.get_threshold() == ODD
    session = new_session(scenario_id, seed=seed,
                          options=dict(game_of(scenario_id).selfplay_options))
    alone = selfplay.play_game(session, random.Random(seed))
    assert alone.state_hash == summary.results[0].state_hash


def test_the_self_play_driver_runs_tuned_and_plays_the_same_game(thresholds):
    _driver_against_untuned("card_game/2p", 1)


@pytest.mark.slow
def test_the_self_play_driver_runs_tuned_and_plays_the_same_ffl_game(thresholds):
    _driver_against_untuned("ffl/basic", 1)
