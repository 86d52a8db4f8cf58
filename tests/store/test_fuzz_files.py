"""Fuzzing the open path: well over a thousand damaged or tampered files.

Real files are written first (the FFL module and a game part-way through its
first turn, the card game's module and a game, a free-play module and game),
then spoilt in every way a disk, a mail program or a curious user can spoil
them: truncated, bytes flipped, every column of every table set to values of
the wrong type, out of range or naming nothing, JSON nested 100,000 deep or
holding 1e999, polygons nudged by 5e-7, recursive views, triggers (also on a
file that needs a migration), extra tables, generated columns, the save's
bookkeeping of the wrong types, events changed, dropped or swapped.

Each variant must either be refused with a StoreError whose message starts
with the file's path (no traceback, nothing from SQLAlchemy), or open and then
play on: random legal actions with the invariants holding, a save and a
reopening at the same position.  Opening never changes the file's bytes or
leaves anything in its folder.  The seed is fixed: every run tries the same
variants; ``FUZZ_SEED`` in the environment tries others.
"""

from __future__ import annotations

import os
import random
import shutil
from collections import Counter
from pathlib import Path

import pytest
import shapely
from fuzz_variants import RECURSIVE, Variants, make_variants
from store_samples import sample_module

from ffl import catalog
from ffl.engine import Action
from ffl.games import game_of
from ffl.session import GameSession
from ffl.store import SavedGame, StoreError, save_game, save_module

SEED = int(os.environ.get("FUZZ_SEED", "14"))
#: random legal actions played on every file that opens
PLAY_ACTIONS = 6

# -- the real files the variants are made from ----------------------------------------------


def _play(session: GameSession, rng: random.Random, n: int) -> None:
    for _ in range(n):
        if session.controller.outcome(session.state) is not None:
            return
        actions = list(session.controller.legal_actions(session.state))
        session.do(rng.choice(actions))


def _ffl_midgame(path: Path) -> None:
    """An FFL game set up (as fast as the rules allow) and into its first turn."""
    session = catalog.new_session("ffl/basic", seed=3, options={"turn_limit": 12})
    rng = random.Random(3)
    for _ in range(400):
        prompt = session.controller.prompt(session.state)
        if prompt.phase not in ("setup-legion", "setup-bedouin", "side-selection"):
            break
        actions = list(session.controller.legal_actions(session.state))
        ends = [a for a in actions if a.kind == "end-setup"]
        session.do(ends[0] if ends and rng.random() < 0.5 else rng.choice(actions))
    _play(session, rng, 40)
    session.save(path)


@pytest.fixture(scope="module")
def originals(tmp_path_factory) -> dict[str, Path]:
    return write_originals(tmp_path_factory.mktemp("originals"))


def write_originals(folder: Path) -> dict[str, Path]:
    """The real files every variant is made from."""
    files = {}
    files["sample.ffl"] = folder / "sample.ffl"
    save_module(sample_module(), files["sample.ffl"])
    free = GameSession.new(sample_module(), "demo/basic", seed=4)
    _play(free, random.Random(4), 12)
    files["sample.fflsave"] = free.save(folder / "sample.fflsave")
    files["ffl.ffl"] = folder / "ffl.ffl"
    shutil.copy(catalog.module_path("ffl"), files["ffl.ffl"])
    files["ffl.fflsave"] = folder / "ffl.fflsave"
    _ffl_midgame(files["ffl.fflsave"])
    files["cards.ffl"] = folder / "cards.ffl"
    shutil.copy(catalog.module_path("card_game"), files["cards.ffl"])
    cards = catalog.new_session("card_game/2p", seed=5,
                                options=dict(game_of("card_game/2p").selfplay_options))
    _play(cards, random.Random(5), 20)
    files["cards.fflsave"] = cards.save(folder / "cards.fflsave")
    return files


# -- judging one variant ----------------------------------------------------------------------


def _snapshot(path: Path):
    folder = path.parent
    listing = sorted(p.name for p in folder.iterdir())
    data = path.read_bytes() if path.is_file() else None
    return listing, data


def judge(path: Path, what: str, rng: random.Random, scratch: Path) -> str:
    """'refused' or 'played'; raises AssertionError saying what went wrong."""
    before = _snapshot(path) if path.parent.exists() else None
    try:
        session = GameSession.open(path, seed=rng.randrange(1, 1000))
    except StoreError as exc:
        message = str(exc)
        assert message.startswith(str(path)), f"{what}: message does not name the file: " \
                                              f"{message}"
        assert "Traceback" not in message and "Background on this error" not in message, \
            f"{what}: {message}"
        assert "\n" not in message.strip(), f"{what}: not one sentence: {message}"
        result = "refused"
    except Exception as exc:  # noqa: BLE001 - the point of the test
        raise AssertionError(f"{what}: {type(exc).__name__} on opening: {exc}") from exc
    else:
        _play_on(session, what, rng, scratch)
        result = "played"
    if before is not None:
        assert _snapshot(path) == before, f"{what}: opening changed the file or its folder"
    return result


def _play_on(session: GameSession, what: str, rng: random.Random, scratch: Path) -> None:
    controller = session.controller
    try:
        for _ in range(PLAY_ACTIONS):
            if controller.outcome(session.state) is not None:
                break
            actions = list(controller.legal_actions(session.state))
            assert actions, "no legal action and no outcome"
            session.do(rng.choice(actions))
            broken = controller.invariants(session.state)
            assert not broken, f"invariants broken: {broken}"
        target = scratch / "replayed.fflsave"
        session.save(target)
        again = GameSession.load(target)
        assert again.state.hash() == session.state.hash(), "save and reopen changed the game"
    except Exception as exc:  # noqa: BLE001 - the point of the test
        raise AssertionError(f"{what}: opened, then {type(exc).__name__}: {exc}") from exc


@pytest.mark.filterwarnings("ignore::RuntimeWarning")
def test_1000_damaged_files_are_refused_by_name_or_play_on(originals, tmp_path):
    _fuzz(originals, tmp_path, SEED, 1.0, at_least=1000)


@pytest.mark.slow
@pytest.mark.filterwarnings("ignore::RuntimeWarning")
def test_more_damaged_files_of_another_seed(originals, tmp_path):
    _fuzz(originals, tmp_path, SEED + 1000, 0.5, at_least=500)


def _fuzz(originals, tmp_path, seed: int, scale: float, at_least: int) -> None:
    variants = make_variants(originals, tmp_path / "variants", seed, scale)
    assert len(variants) >= at_least, len(variants)
    rng = random.Random(seed)
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    outcomes: Counter[str] = Counter()
    failures = []
    for path, what in variants:
        try:
            outcomes[judge(path, what, rng, scratch)] += 1
        except AssertionError as exc:
            failures.append(str(exc))
    print(f"\n{len(variants)} variants: {dict(outcomes)}")
    assert not failures, f"{len(failures)} of {len(variants)} failed:\n" + "\n".join(
        failures[:40])
    assert outcomes["refused"] > at_least // 2 and outcomes["played"] > at_least // 20


def test_the_originals_open_and_play(originals, tmp_path):
    rng = random.Random(1)
    for path in originals.values():
        assert judge(path, path.name, rng, tmp_path) == "played"


def test_the_issue_cases_are_refused_with_a_clear_sentence(originals, tmp_path):
    """The cases the fuzzing run of issue 14 found, one by one."""
    v = Variants(originals, tmp_path, random.Random(0))
    cases = {
        v.sql("ffl.ffl", "", "UPDATE space SET geometry = ? WHERE key = 'K7'",
              params=(shapely.to_wkb(shapely.box(10, 6, 11 + 5e-7, 7)),)): "grid of unit squares",
        v.sql("ffl.ffl", "", "UPDATE module SET attrs = json_set(attrs, '$.x', 1) ",
              "UPDATE module SET attrs = replace(attrs, '\"x\":1', '\"x\":1e999')"):
            "out of range",
        v.sql("ffl.ffl", "", "UPDATE placement SET space = 'K7', level = -99 "
                             "WHERE piece = 'gate-P14'"): "level -99",
        v.sql("ffl.ffl", "", "UPDATE link SET attrs = '{\"to_level\": 1}' "
                             "WHERE rowid = (SELECT min(rowid) FROM link)"): "from_level",
        v.sql("ffl.fflsave", "", "UPDATE game SET meta = json_set(meta, '$.steps', 5)"):
            "undo steps",
        v.sql("ffl.fflsave", "", "UPDATE game SET meta = json_set(meta, '$.floor', "
                                 "json('[1]'))"): "undo limit",
        v.sql("ffl.fflsave", "", "UPDATE game SET options = '{\"turn_limit\": 1e999}'"):
            "out of range",
        v.sql("ffl.fflsave", "", "UPDATE game SET options = '" + "[" * 100000 + "'"):
            "nested too deeply",
        v.sql("ffl.fflsave", "", "ALTER TABLE space RENAME TO s_old",
              f"CREATE VIEW space AS {RECURSIVE}"): "holds a view",
        v.sql("cards.ffl", "", "UPDATE piece_type SET \"values\" = json_set(\"values\", "
                               "'$.colour', 'orange') WHERE id = 'M-W'"): "one map section",
    }
    for path, phrase in cases.items():
        before = path.read_bytes()
        with pytest.raises(StoreError, match=".") as info:
            GameSession.open(path)
            pytest.fail(f"opened: {phrase}")
        assert str(info.value).startswith(str(path)) and phrase in str(info.value), \
            str(info.value)
        assert path.read_bytes() == before


def test_a_forged_save_whose_hash_matches_is_still_checked(originals, tmp_path):
    """A save rewritten with a consistent hash but a state the rules cannot play
    (an unknown phase, a unit on a level its square does not have)."""
    good = GameSession.load(originals["ffl.fflsave"])
    from ffl.engine import Change, Event, fold

    forgeries = {
        "phase": [Change.var("phase", "nonsense")],
        "level": [Change.set(next(p.id for p in good.state.pieces.values()
                                  if p.on_board and p.type.startswith("L-")), "level", -1)],
        "cup": [Change.var("cup", [1, 2])],
    }
    for what, changes in forgeries.items():
        events = [*good.log.events, Event("forged", "x", "x", tuple(changes))]
        state = fold(good.log.initial, events)
        meta = {**good.snapshot().meta, "state_hash": state.hash(), "steps": None}
        meta.pop("steps")
        path = tmp_path / f"forged-{what}.fflsave"
        save_game(path, SavedGame(good.module, good.scenario.id, good.options, good.seed,
                                  events, meta))
        with pytest.raises(StoreError) as info:
            GameSession.load(path)
        assert str(info.value).startswith(f"{path} cannot be played on"), str(info.value)


def test_a_stray_journal_beside_a_good_save_is_ignored(originals, tmp_path):
    path = tmp_path / "game.fflsave"
    shutil.copy(originals["cards.fflsave"], path)
    journal = path.with_name("game.fflsave-journal")
    journal.write_bytes(b"\xd9\xd5\x05\xf9\x20\xa1\x63\xd7" + bytes(504))
    expected = GameSession.load(originals["cards.fflsave"]).state.hash()
    assert GameSession.load(path).state.hash() == expected
    assert journal.is_file() and path.read_bytes() == originals["cards.fflsave"].read_bytes()


def test_a_played_file_opens_after_an_action(originals, tmp_path):
    session = GameSession.open(originals["sample.ffl"], "demo/desert", seed=2)
    session.do(Action.make("roll", "", dice=2, sides=6))
    path = session.save(tmp_path / "desert.fflsave")
    assert GameSession.load(path).state.hash() == session.state.hash()
