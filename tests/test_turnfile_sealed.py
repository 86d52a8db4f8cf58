"""The dice check of a save mailed with sealed secrets (issue 22, ffl/sealing.py),
with real files: the other player's program checks the dice counter through
the whole log (a sealed step may move it on by any number, never back), and
its own rolls against the seed it rolls from; the owner's program (it opens
the seals) checks every roll against the real seed, the secret draws
included, and the other program's rolls against that program's seed.  Files
forged with a rewritten hash chain are refused with the event named."""

from __future__ import annotations

import random
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from ffl import sealing
from ffl.engine import Change, Event
from ffl.engine.dice import ROLLS_VAR
from ffl.session import GameSession
from ffl.store import StoreError, load_game, save_game

sys.path.insert(0, str(Path(__file__).resolve().parent / "games" / "ffl"))
sys.path.insert(0, str(Path(__file__).resolve().parent / "printing"))
from test_secrets import secret_game  # noqa: E402

PASSPHRASE = "open sesame"


@pytest.fixture(scope="module")
def mailed(tmp_path_factory):
    """The Bedouin's game with secrets sealed for the Legion; the Legion's program
    opens it and plays until it has rolled dice, then saves it back."""
    folder = tmp_path_factory.mktemp("sealed")
    session = secret_game()
    keys = sealing.Keyring()
    keys.add("bedouin", PASSPHRASE)
    out, back = folder / "out.fflsave", folder / "back.fflsave"
    save_game(out, sealing.seal(session, "legion", keys))
    other = GameSession.load(out)
    assert other.sealed is not None
    rng = random.Random(3)
    count = len(other.log.events)
    for _ in range(200):
        if any(e.dice for e in other.log.events[count:]):
            break
        other.do(rng.choice(list(other.controller.legal_actions(other.state))))
    assert any(e.dice for e in other.log.events[count:]), "the Legion never rolled"
    other.save(back)
    return session, out, back, count


def _as_owner(path):
    sealing.KEYRING.add("bedouin", PASSPHRASE)
    try:
        return GameSession.load(path)
    finally:
        sealing.KEYRING.passphrases.pop("bedouin", None)


def _forge(path, out, n, edit):
    """The file with event ``n`` (from 1) edited and the chain written anew."""
    saved = load_game(path)
    events = list(saved.events)
    events[n - 1] = edit(events[n - 1])
    save_game(out, replace(saved, events=events))
    return out


def test_both_programs_open_the_files_as_written(mailed):
    session, out, back, count = mailed
    assert GameSession.load(out).sealed is not None
    assert GameSession.load(back).sealed is not None
    owner = _as_owner(back)
    assert owner.sealed is None and owner.log.events[:count] == session.log.events


def _a_public_roll(path) -> int:
    saved = load_game(path)
    return next(n for n, e in enumerate(saved.events, 1)
                if e.kind == "dice" and e.dice and not e.info.get("sealed")
                and isinstance(e.info.get("sides"), int))


def _other_die(event: Event) -> Event:
    sides = event.info["sides"]
    dice = tuple(sides if v != sides else 1 for v in event.dice)
    return Event(event.kind, event.rule, event.text, event.changes, dice, event.side,
                 event.info)


def test_the_owner_refuses_a_public_roll_changed(mailed, tmp_path):
    """The other player cannot check a public roll's value (the real seed is
    sealed), but the owner does, when the file comes back."""
    _, _, back, _ = mailed
    n = _a_public_roll(back)
    forged = _forge(back, tmp_path / "forged.fflsave", n, _other_die)
    with pytest.raises(StoreError) as info:
        _as_owner(forged)
    assert f"event {n} was changed" in str(info.value) and "dice gave" in str(info.value)


def test_the_other_program_refuses_a_roll_left_out(mailed, tmp_path):
    """A public roll that moves the dice counter on by more than its dice (one
    left out and made again) is refused by the other player's program too."""
    _, out, _, _ = mailed
    n = _a_public_roll(out)

    def skip_one(event: Event) -> Event:
        changes = tuple(Change.var(ROLLS_VAR, c.value + 1)
                        if c.piece is None and c.field == ROLLS_VAR else c
                        for c in event.changes)
        return Event(event.kind, event.rule, event.text, changes, event.dice, event.side,
                     event.info)

    forged = _forge(out, tmp_path / "skipped.fflsave", n, skip_one)
    with pytest.raises(StoreError) as info:
        GameSession.load(forged)
    assert f"event {n} does not follow the game's dice" in str(info.value), str(info.value)


def test_a_sealed_step_may_not_take_the_counter_back(mailed, tmp_path):
    _, out, _, _ = mailed
    saved = load_game(out)
    n = next(n for n, e in enumerate(saved.events, 1) if e.info.get("sealed") and any(
        c.piece is None and c.field == ROLLS_VAR for c in e.changes))

    def back_one(event: Event) -> Event:
        changes = tuple(Change.var(ROLLS_VAR, 0) if c.piece is None and c.field == ROLLS_VAR
                        else c for c in event.changes)
        return Event(event.kind, event.rule, event.text, changes, event.dice, event.side,
                     event.info)

    forged = _forge(out, tmp_path / "back-one.fflsave", n, back_one)
    with pytest.raises(StoreError) as info:
        GameSession.load(forged)
    assert f"event {n} does not follow the game's dice (the dice counter goes back" in \
        str(info.value), str(info.value)


def test_the_other_programs_own_rolls_are_checked_on_both_sides(mailed, tmp_path):
    _, _, back, count = mailed
    saved = load_game(back)
    n = next(n for n, e in enumerate(saved.events, 1)
             if n > count and e.kind == "dice" and e.dice and isinstance(e.info.get("sides"),
                                                                         int))
    forged = _forge(back, tmp_path / "their-roll.fflsave", n, _other_die)
    for opener in (GameSession.load, _as_owner):
        with pytest.raises(StoreError) as info:
            opener(forged)
        assert f"event {n} was changed" in str(info.value), str(info.value)
