"""Turn files that hold only the moves since the last exchange (issue 22), with
real files: after the first exchange (the whole game), a turn file names the
game and the history it follows from and is applied onto the receiver's copy;
a file of another game, one that skips a turn, one opened already, one that
does not follow from the receiver's history and one with moves made after the
exchange are refused by name; an older whole-game turn file still opens; a
forged file that rewrites its own chain still fails the dice check; spoilt
files are refused with the file named in one line, never a crash."""

from __future__ import annotations

import json
import random

import pytest

from ffl import catalog
from ffl.engine import Event
from ffl.session import GameSession
from ffl.store import StoreError
from ffl.store.chain import link
from ffl.turnfile import open_turn, write_turn

OPTIONS = {"turn_limit": 12}


def _play(session: GameSession, rng: random.Random, n: int) -> None:
    for _ in range(n):
        if session.controller.outcome(session.state) is not None:
            return
        session.do(rng.choice(list(session.controller.legal_actions(session.state))))


@pytest.fixture(scope="module")
def mailed(tmp_path_factory):
    """Alice sends turn 1 (the whole game) and saves; Bob opens it, plays, sends
    turn 2 (moves only), plays on and sends turn 3.  Returns the folder, Alice's
    saved copy and Bob's game."""
    folder = tmp_path_factory.mktemp("moves")
    rng = random.Random(4)
    alice = catalog.new_session("ffl/basic", seed=21, options=OPTIONS)
    _play(alice, rng, 25)
    write_turn(alice, folder / "turn-1.fflturn")
    alice.save(folder / "alice.fflsave")
    bob = open_turn(folder / "turn-1.fflturn").session
    bob.path = None
    _play(bob, rng, 30)
    write_turn(bob, folder / "turn-2.fflturn")
    bob.save(folder / "bob-after-2.fflsave")
    _play(bob, rng, 10)
    write_turn(bob, folder / "turn-3.fflturn")
    return folder, folder / "alice.fflsave", bob


def _alice(mailed) -> GameSession:
    return GameSession.open(mailed[1])


def test_a_later_turn_file_holds_only_the_moves(mailed):
    folder, _, bob = mailed
    doc = json.loads((folder / "turn-2.fflturn").read_text())
    alice = _alice(mailed)
    k = len(alice.log.events)
    assert doc["format"] == "ffl-turn/2" and doc["exchange"] == 2
    assert doc["base"]["events"] == k and len(doc["events"]) < len(bob.log.events)
    # no module, no seed in it: the receiver has them
    text = (folder / "turn-2.fflturn").read_text()
    assert "piece_types" not in text and "boards" not in text and '"seed"' not in text
    turn = open_turn(folder / "turn-2.fflturn", alice)
    assert turn.moves_only and turn.compared and turn.since == k and turn.exchange == 2
    assert turn.session.log.events[:k] == alice.log.events
    assert len(turn.new_events) == len(doc["events"])
    assert turn.session.path == mailed[1]          # it goes on in Alice's own file
    assert not turn.session.log.can_undo()
    # turn 3 follows from turn 2 (applied, saved): both in order reach Bob's game
    after = turn.session
    three = open_turn(folder / "turn-3.fflturn", after)
    assert three.session.state.hash() == bob.state.hash()
    assert three.session.log.events == bob.log.events


def test_a_turn_file_is_refused_when_a_turn_is_missing(mailed):
    folder = mailed[0]
    with pytest.raises(StoreError) as info:
        open_turn(folder / "turn-3.fflturn", _alice(mailed))
    message = str(info.value)
    assert message.startswith(str(folder / "turn-3.fflturn"))
    assert "is turn file 3" in message and "a turn file in between is missing" in message


def test_a_turn_file_opened_already_is_refused(mailed):
    folder = mailed[0]
    once = open_turn(folder / "turn-2.fflturn", _alice(mailed)).session
    with pytest.raises(StoreError, match="was opened already: your copy holds its"):
        open_turn(folder / "turn-2.fflturn", once)
    twice = open_turn(folder / "turn-3.fflturn", once).session
    with pytest.raises(StoreError, match="was opened already"):
        open_turn(folder / "turn-2.fflturn", twice)


def test_a_turn_file_of_another_game_is_refused_by_name(mailed):
    folder = mailed[0]
    other_seed = catalog.new_session("ffl/basic", seed=22, options=OPTIONS)
    with pytest.raises(StoreError, match="another game of the same scenario"):
        open_turn(folder / "turn-2.fflturn", other_seed)
    cards = catalog.new_session("card_game/2p", seed=21)
    with pytest.raises(StoreError, match=r"another game \(Basic Game\)"):
        open_turn(folder / "turn-2.fflturn", cards)
    with pytest.raises(StoreError, match="open your copy of the game first"):
        open_turn(folder / "turn-2.fflturn")


def test_moves_made_after_the_exchange_are_not_overwritten(mailed):
    """Alice played on after sending her turn: Bob's turn does not follow from
    her game, and it says so rather than dropping her moves."""
    folder = mailed[0]
    alice = _alice(mailed)
    _play(alice, random.Random(1), 3)
    extra = len(alice.log.events) - json.loads(
        (folder / "turn-2.fflturn").read_text())["base"]["events"]
    assert extra > 0
    with pytest.raises(StoreError) as info:
        open_turn(folder / "turn-2.fflturn", alice)
    assert f"your copy holds {extra} event" in str(info.value), str(info.value)


def test_a_different_history_is_refused(mailed, tmp_path):
    """A copy whose history differs before the exchange (an event changed) is
    not the history the turn file follows from."""
    alice = _alice(mailed)
    saved = alice.snapshot()
    e = saved.events[-1]
    saved.events[-1] = Event(e.kind, e.rule, e.text + " (changed)", e.changes, e.dice,
                             e.side, e.info)
    changed = GameSession.restore(saved)
    with pytest.raises(StoreError, match="the history up to event .* differs"):
        open_turn(mailed[0] / "turn-2.fflturn", changed)


def _rewrite(path, out, edit):
    """A moves file edited by someone who also rewrites its chain to match."""
    doc = json.loads(path.read_text())
    events = [json.loads(t) for t in doc["events"]]
    edit(doc, events)
    doc["events"] = [json.dumps(e, sort_keys=True, separators=(",", ":")) for e in events]
    value, chain = doc["base"]["chain"], []
    for text in doc["events"]:
        value = link(value, text)
        chain.append(value)
    doc["chain"] = chain
    out.write_text(json.dumps(doc))
    return out


def test_changed_dice_in_a_rewritten_chain_are_refused(mailed, tmp_path):
    folder = mailed[0]
    k = _alice(mailed).log.__len__()
    found = {}

    def better_roll(doc, events):
        i = next(i for i, e in enumerate(events) if e["kind"] == "dice" and e.get("dice"))
        sides = events[i]["info"]["sides"]
        events[i]["dice"] = [sides if v != sides else 1 for v in events[i]["dice"]]
        found["n"] = k + i + 1

    path = _rewrite(folder / "turn-2.fflturn", tmp_path / "forged.fflturn", better_roll)
    with pytest.raises(StoreError) as info:
        open_turn(path, _alice(mailed))
    message = str(info.value)
    assert f"event {found['n']} was changed" in message and "dice gave" in message, message
    # the file as sent (its own chain) still applies: only the forgery is refused
    assert open_turn(folder / "turn-2.fflturn", _alice(mailed)).moves_only


def test_an_older_whole_game_turn_file_still_opens_onto_the_copy(mailed, tmp_path):
    """Turn files of the earlier version held the whole game at every exchange:
    such a file is still checked against the receiver's copy and goes on."""
    folder, _, bob = mailed
    again = GameSession.open(folder / "bob-after-2.fflsave")
    again.extra["email"] = {"exchange": 1, "since": len(_alice(mailed).log.events)}
    whole = write_turn(again, tmp_path / "whole-2.fflturn", whole=True)
    assert whole.read_bytes()[:16] == b"SQLite format 3\x00"
    turn = open_turn(whole, _alice(mailed))
    assert not turn.moves_only and turn.compared and turn.exchange == 2
    assert turn.session.state.hash() == again.state.hash()


def _variants(path, folder):
    """Spoilt copies of a moves file: (path, what)."""
    text = path.read_text()
    doc = json.loads(text)
    out = []

    def put(name, content, what):
        p = folder / f"{name}.fflturn"
        p.write_bytes(content if isinstance(content, bytes) else content.encode())
        out.append((p, what))

    for cut in (1, 10, len(text) // 3, len(text) // 2, len(text) - 2):
        put(f"cut{cut}", text[:cut], f"cut at {cut}")
    rng = random.Random(22)
    for i in range(12):
        data = bytearray(text.encode())
        for _ in range(3):
            data[rng.randrange(len(data))] = rng.randrange(256)
        put(f"flip{i}", bytes(data), f"bytes changed ({i})")
    values = [None, -1, 2 ** 60, "x", [], {}, 1.5, True, "0" * 64]
    for key in ("format", "scenario", "game", "exchange", "base", "events", "chain", "steps",
                "state_hash", "title"):
        for j, value in enumerate(values):
            put(f"{key}{j}", json.dumps({**doc, key: value}), f"{key} = {value!r}")
        put(f"no-{key}", json.dumps({k: v for k, v in doc.items() if k != key}),
            f"no {key}")
    for j, value in enumerate(values):
        put(f"base-events{j}", json.dumps({**doc, "base": {**doc["base"], "events": value}}),
            f"base events = {value!r}")
    swapped = dict(doc, events=[doc["events"][1], doc["events"][0], *doc["events"][2:]])
    put("swapped", json.dumps(swapped), "two events swapped")
    put("dropped", json.dumps(dict(doc, events=doc["events"][1:], chain=doc["chain"][1:])),
        "the first event dropped with its chain value")
    put("extra", json.dumps({**doc, "more": 1}), "an unknown entry")
    put("newer", json.dumps({**doc, "format": "ffl-turn/9"}), "a newer format")
    put("bom", b"\xef\xbb\xbf" + text.encode(), "a byte-order mark before it")
    put("list", "[1, 2]", "a JSON array")
    put("empty-object", "{}", "an empty object")
    return out


def test_spoilt_moves_files_are_refused_by_name_or_apply(mailed, tmp_path):
    folder = mailed[0]
    variants = _variants(folder / "turn-2.fflturn", tmp_path)
    assert len(variants) >= 100
    outcomes = {"refused": 0, "applied": 0}
    applied = []
    base = _alice(mailed)
    for path, what in variants:
        before = path.read_bytes()
        try:
            turn = open_turn(path, base)
        except StoreError as exc:
            message = str(exc)
            assert message.startswith(str(path)), f"{what}: {message}"
            assert "\n" not in message.strip(), f"{what}: {message}"
            outcomes["refused"] += 1
        except Exception as exc:  # noqa: BLE001 - the point of the test
            raise AssertionError(f"{what}: {type(exc).__name__}: {exc}") from exc
        else:
            assert turn.session.state.hash() == json.loads(before.decode("utf-8-sig"))[
                "state_hash"], what
            outcomes["applied"] += 1
            applied.append(what)
        assert path.read_bytes() == before, f"{what}: opening changed the file"
        assert len(base.log.events) == len(_alice(mailed).log.events)   # the copy unchanged
    # what applies is what does not matter to the game: the title (only shown), no
    # undo steps (nothing received is undone), a byte-order mark, a byte changed in
    # the title
    assert all(w.startswith(("title", "bytes changed")) or w == "steps = []"
               or "byte-order mark" in w for w in applied), applied
    assert outcomes["refused"] >= len(variants) - 12, outcomes


def test_a_moves_file_replays_with_the_game_it_follows_from(mailed, tmp_path, capsys):
    from ffl.cli import main
    from ffl.replay import Replay

    folder, alice_path, bob = mailed
    turn = folder / "turn-2.fflturn"
    with pytest.raises(StoreError, match="open it with the game it follows from"):
        Replay.open(turn)
    assert main(["replay", str(turn)]) == 2
    assert "open it with the game it follows from" in capsys.readouterr().err
    copy = tmp_path / "alice.fflsave"
    copy.write_bytes(alice_path.read_bytes())
    replay = Replay.open(turn, copy)
    since = len(_alice(mailed).log.events)
    assert replay.position == since and replay.total > since
    assert copy.read_bytes() == alice_path.read_bytes()          # neither file changes
    with pytest.raises(StoreError, match="--game goes with such a turn file"):
        Replay.open(copy, copy)
    # opened as a saved game (File › Open), it says what it is and how to open it
    with pytest.raises(StoreError, match="is a turn file that holds only the moves"):
        GameSession.open(turn)


def test_a_move_the_rules_do_not_allow_is_refused(mailed, tmp_path):
    """A forger who rewrites the chain and the position's hash can put any event
    in a file; the receiver's program plays the rules over the moves: a step no
    legal action it can find gives is named (its first event), the moves as sent
    are all found."""
    from ffl.engine import fold

    folder = mailed[0]
    alice = _alice(mailed)
    k = len(alice.log.events)
    doc = json.loads((folder / "turn-2.fflturn").read_text())
    events = [json.loads(t) for t in doc["events"]]
    i, change = next((i, c) for i, e in enumerate(events) for c in e.get("changes", [])
                     if c[0] and c[1] == "space" and c[2])
    board = alice.controller.board(alice.state)
    change[2] = next(s for s in sorted(board.spaces) if s != change[2])   # far away

    def moved(doc, evs):
        evs[:] = events
        parsed = [Event.from_json(e) for e in events]
        doc["state_hash"] = fold(alice.state, parsed).hash()

    path = _rewrite(folder / "turn-2.fflturn", tmp_path / "far.fflturn", moved)
    # no game lists every legal action (the lists are samples), so a step no
    # listed or varied action gives is not refused but named to the receiver
    forged = open_turn(path, _alice(mailed))
    assert forged.rules.checked and forged.rules.unchecked >= 1
    assert forged.rules.first_unchecked == k + i + 1
    # the moves as sent pass the same check
    turn = open_turn(folder / "turn-2.fflturn", _alice(mailed))
    assert turn.rules.checked and not turn.rules.problem and turn.rules.against_rules == 0



def test_grouped_steps_and_advise_mode_pass_the_rules_check(tmp_path):
    """A dragged path (several actions undone as one step) is found action by
    action; in advise mode a step played against the rules after the warning
    is what the rules' force gives for the action it names, and is counted."""
    from ffl.engine import Action, IllegalAction

    rng = random.Random(5)
    alice = catalog.new_session("ffl/basic", seed=5, options=OPTIONS, rules="advise")
    _play(alice, rng, 40)
    write_turn(alice, tmp_path / "turn-1.fflturn")
    alice.save(tmp_path / "alice.fflsave")
    bob = open_turn(tmp_path / "turn-1.fflturn").session
    with bob.grouped():
        _play(bob, rng, 2)
    forced = False
    for _ in range(60):
        side = bob.controller.prompt(bob.state).side
        wrong = Action.make("end-phase", "legion" if side == "bedouin" else "bedouin")
        with pytest.raises(IllegalAction):
            bob.controller.apply(bob.state, wrong)
        try:
            bob.do(wrong, force=True)
        except IllegalAction:
            _play(bob, rng, 1)
            continue
        forced = True
        break
    assert forced
    _play(bob, rng, 5)
    write_turn(bob, tmp_path / "turn-2.fflturn")
    turn = open_turn(tmp_path / "turn-2.fflturn", GameSession.open(tmp_path / "alice.fflsave"))
    assert turn.rules.checked and turn.rules.against_rules == 1 and not turn.rules.problem
    assert turn.session.state.hash() == bob.state.hash()


def test_a_player_s_own_choices_beyond_the_listed_sample_pass_the_rules_check(tmp_path):
    """The legal-action lists are samples (a Legion set-up lists the next unit
    in roster order, one facing a square): a player who places the last unit
    first, facing another way, sends a file the receiver finds every step of."""
    from ffl.engine import Action

    rng = random.Random(2)
    alice = catalog.new_session("ffl/basic", seed=3, options=OPTIONS)
    placed = 0
    for _ in range(200):
        state = alice.state
        listed = list(alice.controller.legal_actions(state))
        places = [a for a in listed if a.kind == "place"]
        if places and placed < 3:
            ctx = alice.controller.ctx(state)
            waiting = [p.id for p in ctx.characters(places[0].side)
                       if p.status == "off" and p.id != places[0]["piece"]]
            base = places[len(places) // 2]
            mine = Action.make("place", base.side, piece=waiting[-1], space=base["space"],
                               level=base["level"], facing=(base["facing"] + 3) % 8)
            assert mine not in listed and alice.controller.legal(state, mine)
            alice.do(mine)
            placed += 1
            continue
        if placed >= 3:
            break
        alice.do(rng.choice(listed))
    assert placed == 3
    write_turn(alice, tmp_path / "turn-1.fflturn")
    turn = open_turn(tmp_path / "turn-1.fflturn")
    assert turn.rules.checked and turn.rules.unchecked == 0 and not turn.rules.problem
    assert turn.session.state.hash() == alice.state.hash()
