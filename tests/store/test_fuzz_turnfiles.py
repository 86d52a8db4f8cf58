"""Fuzzing e-mail turn files (issue 22) the way tests/store/test_fuzz_files.py
fuzzes saves: real turn files of FFL and of the card game (with bookmarks and
notes, so the bookmark table is there too) spoilt in every way that test knows,
plus the hash chain and the bookmarks set to wrong values.  Each variant must
be refused by ``open_turn`` with a StoreError naming the file in one sentence,
or open and play on: random legal actions, a turn file sent from there and
opened again at the same position.  Opening never changes the file.  (These are
whole-game turn files, the first of a game; the later ones, which hold only the
moves, are fuzzed in tests/test_turnfile_moves.py.)"""

from __future__ import annotations

import os
import random
from collections import Counter
from pathlib import Path

import pytest
from fuzz_variants import TEXT_VALUES, Variants, make_variants

from ffl import catalog
from ffl.session import GameSession
from ffl.store import StoreError
from ffl.store.bookmarks import Note
from ffl.turnfile import open_turn, write_turn

SEED = int(os.environ.get("FUZZ_SEED", "22"))
#: the share of each kind of variant the saves' fuzz test makes (kept small: fast)
SCALE = 0.08


def _play(session: GameSession, rng: random.Random, n: int) -> None:
    for _ in range(n):
        if session.controller.outcome(session.state) is not None:
            return
        session.do(rng.choice(list(session.controller.legal_actions(session.state))))


def _turn_file(scenario: str, path: Path, seed: int, options: dict) -> Path:
    first = catalog.new_session(scenario, seed=seed, options=options)
    rng = random.Random(seed)
    _play(first, rng, 15)
    write_turn(first, path.with_name("first.fflturn"))
    second = open_turn(path.with_name("first.fflturn")).session
    _play(second, rng, 15)
    second.notes = [Note(3, "a note", True), Note(len(second.log.events), "", True)]
    write_turn(second, path, whole=True)    # the whole game (a saved game) to fuzz
    return path


@pytest.fixture(scope="module")
def originals(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("turns")
    return {"ffl.fflsave": _turn_file("ffl/basic", folder / "ffl.fflsave", 3,
                                      {"turn_limit": 12}),
            "cards.fflsave": _turn_file("card_game/4p", folder / "cards.fflsave", 4, {})}


def _listing(path: Path):
    return sorted(p.name for p in path.parent.iterdir()), (
        path.read_bytes() if path.is_file() else None)


def judge(path: Path, what: str, rng: random.Random, scratch: Path) -> str:
    before = _listing(path) if path.parent.exists() else None
    try:
        turn = open_turn(path)
    except StoreError as exc:
        message = str(exc)
        assert message.startswith(str(path)), f"{what}: does not name the file: {message}"
        assert "\n" not in message.strip() and "Traceback" not in message, f"{what}: {message}"
        result = "refused"
    except Exception as exc:  # noqa: BLE001 - the point of the test
        raise AssertionError(f"{what}: {type(exc).__name__} on opening: {exc}") from exc
    else:
        try:
            session = turn.session
            receiver = GameSession.restore(session.snapshot())    # the receiver's copy
            _play(session, rng, 4)
            assert not session.controller.invariants(session.state)
            email = dict(session.extra["email"])
            out = write_turn(session, scratch / "next.fflturn", whole=True)
            again = open_turn(out, receiver)
            assert again.session.state.hash() == session.state.hash()
            # the same moves in a turn file that holds only them
            session.extra["email"] = email
            out = write_turn(session, scratch / "moves.fflturn", whole=False)
            again = open_turn(out, receiver)
            assert again.session.state.hash() == session.state.hash()
        except Exception as exc:  # noqa: BLE001 - the point of the test
            raise AssertionError(f"{what}: opened, then {type(exc).__name__}: {exc}") from exc
        result = "played"
    if before is not None:
        assert _listing(path) == before, f"{what}: opening changed the file or its folder"
    return result


def _chain_and_note_variants(v: Variants, name: str) -> None:
    for value in TEXT_VALUES + ["0" * 64, "f" * 63]:
        v.set_value(name, "event", "chain", value, "chain value")
    for column, values in (("event", [-1, 10 ** 6, "x", None, 2.5]),
                           ("bookmark", [2, -1, "yes", None]),
                           ("note", [b"\xff\xfe", 7, None, "x" * 30_000])):
        for value in values:
            v.set_value(name, "bookmark", column, value, "bookmark row")
    v.sql(name, "the chain emptied", "UPDATE event SET chain = ''")
    v.sql(name, "a bookmark twice", "INSERT INTO bookmark SELECT seq + 100, event, bookmark, "
                                    "note FROM bookmark")
    v.sql(name, "the bookmark table dropped", "DROP TABLE bookmark")
    v.sql(name, "no e-mail record", "UPDATE game SET meta = json_remove(meta, '$.email')")
    v.sql(name, "e-mail since past the end",
          "UPDATE game SET meta = json_set(meta, '$.email.since', 100000)")


@pytest.mark.filterwarnings("ignore::RuntimeWarning")
def test_damaged_turn_files_are_refused_by_name_or_play_on(originals, tmp_path):
    variants = make_variants(originals, tmp_path / "variants", SEED, SCALE)
    extra = Variants(originals, tmp_path / "extra", random.Random(SEED))
    for name in originals:
        _chain_and_note_variants(extra, name)
    variants += extra.made
    assert len(variants) >= 150, len(variants)
    rng = random.Random(SEED)
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    outcomes: Counter[str] = Counter()
    failures = []
    for path, what in variants:
        try:
            outcomes[judge(path, what, rng, scratch)] += 1
        except AssertionError as exc:
            failures.append(str(exc))
    print(f"\n{len(variants)} turn-file variants: {dict(outcomes)}")
    assert not failures, f"{len(failures)} of {len(variants)} failed:\n" + "\n".join(
        failures[:40])
    assert outcomes["refused"] > len(variants) // 2 and outcomes["played"] >= 5


def test_the_originals_open_and_play(originals, tmp_path):
    rng = random.Random(1)
    for path in originals.values():
        assert judge(path, path.name, rng, tmp_path) == "played"
