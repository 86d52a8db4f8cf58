"""Batch copies on write (issue 12): the scratch state shares every piece and
variable value no event has changed, copies a piece the first time an event
changes it, and never modifies the state it started from.  ``Batch.check_stale``
turns a replaced piece's old object into a :class:`RetiredPiece`, so rule code
that reads a field an event changed from a piece object it held across that
event fails; seeded self-play runs with it on (a short FFL game here, whole
games of every game that uses Batch under ``slow``), the given state checked
unchanged after each action."""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from ffl.catalog import new_session
from ffl.engine import Batch, Change, GameState, Piece, fold
from ffl.engine.pieces import RetiredPiece, StalePieceRead
from ffl.games import game_of


def _state() -> GameState:
    return GameState("ffl", "ffl/basic", 3, {
        "L1": Piece("L1", "adler", "legion", "K12", 0, 2, markers={"stun": 1},
                    data={"ropes": ["R1"]}),
        "B1": Piece("B1", "abbas", "bedouin", "C3", 1, 6),
        "R1": Piece("R1", "rope", "legion", "K12"),
    }, {"turn": 1, "done": ["B1"], "entry": {"tribe": {"turn": 1}}})


def test_untouched_pieces_and_values_are_shared_changed_ones_copied_once():
    state = _state()
    before = state.to_json()
    batch = Batch(state)
    assert batch.state.pieces == state.pieces and batch.state.vars == state.vars
    assert all(batch.state.pieces[k] is state.pieces[k] for k in state.pieces)
    batch.add("move", "6.1", "6.1 L1 moves", [Change.set("L1", "space", "K13"),
                                             Change.set("L1", "markers.stun", 2),
                                             Change.set("L1", "data.ropes", ["R1", "R2"])])
    copied = batch.state.pieces["L1"]
    assert copied is not state.pieces["L1"]
    batch.add("face", "6.1241", "6.1241 L1 faces E", [Change.set("L1", "facing", 2),
                                                     Change.var("done", ["B1", "L1"])])
    assert batch.state.pieces["L1"] is copied                  # copied once only
    assert batch.state.pieces["B1"] is state.pieces["B1"]      # never changed: shared
    assert batch.state.vars["entry"] is state.vars["entry"]
    assert batch.state.vars["done"] == ["B1", "L1"] and state.vars["done"] == ["B1"]
    assert state.to_json() == before                           # the given state as it was
    assert fold(state, batch.events).to_json() == batch.state.to_json()


def test_a_shared_state_copies_whole_again_and_the_copy_owns_everything():
    state = _state()
    batch = Batch(state)
    batch.add("x", "6.1", "6.1 R1 moves", [Change.set("R1", "space", "K13")])
    again = batch.state.copy()
    assert again == batch.state and again._owned is None
    assert all(again.pieces[k] is not batch.state.pieces[k] for k in again.pieces)


def test_a_piece_held_across_the_event_that_changed_it_is_caught(monkeypatch):
    monkeypatch.setattr(Batch, "check_stale", True)
    state = _state()
    batch = Batch(state)
    held = batch.state.pieces["L1"]
    batch.add("move", "6.1", "6.1 L1 moves", [Change.set("L1", "space", "K13")])
    assert type(held) is RetiredPiece
    assert held.side == "legion" and held.facing == 2         # unchanged fields read fine
    with pytest.raises(StalePieceRead, match="'space' of piece 'L1'"):
        held.space                                            # noqa: B018
    assert batch.state.pieces["L1"].space == "K13"            # read again: the new value
    assert state.pieces["L1"].space == "K12" and type(state.pieces["L1"]) is Piece


def _play(scenario_id: str, seed: int, actions: int, options=()) -> int:
    """Random actions of a seeded game with stale reads caught and the given
    state checked unchanged by each action; returns the actions played."""
    opts = dict(game_of(scenario_id).selfplay_options)
    opts.update({name: True for name in options})
    session = new_session(scenario_id, seed=seed, options=opts)
    controller, rng = session.controller, random.Random(seed)
    played = 0
    while played < actions and controller.outcome(session.state) is None:
        action = rng.choice(list(controller.legal_actions(session.state)))
        before = session.state.hash()
        events = controller.apply(session.state, action)
        assert session.state.hash() == before, f"{action} modified the given state"
        session.log.append(events)
        played += 1
    return played


def test_ffl_rules_read_no_stale_piece_in_a_seeded_game(monkeypatch):
    monkeypatch.setattr(Batch, "check_stale", True)
    from ffl.games.ffl.options import BY_ID

    assert _play("ffl/basic", 4, 150, BY_ID) == 150


SELF_PLAY = [("ffl/basic", 1, ()), ("ffl/basic", 6, "all"), ("ffl/basic", 7, "all"),
             ("ffl/les-allemands", 1, ()), ("ffl/negotiations", 1, ()),
             ("ffl/night-attack", 1, ()), ("ffl/returning-patrol", 1, ()),
             ("ffl/treachery", 1, ()), ("card_game/4p", 1, ()), ("card_game/2p", 2, ()),
             ("phantom_fury/jolan", 1, ()), ("limits_of_glory/campaign", 2, ()),
             ("legend_begins/compass", 1, ())]


@pytest.mark.slow
@pytest.mark.parametrize("scenario_id, seed, options", SELF_PLAY, ids=str)
def test_whole_games_read_no_stale_piece(monkeypatch, scenario_id, seed, options):
    monkeypatch.setattr(Batch, "check_stale", True)
    if options == "all":
        from ffl.games.ffl.options import BY_ID

        options = tuple(BY_ID)
    assert _play(scenario_id, seed, 4000, options) > 0


#: (scenario, seed, every optional rule on) -> (final state hash, digest of the log,
#: events) of seeded random self-play, recorded before the copy on write (issue 12)
#: and unchanged by it; The Legend Begins is left out (its rules are being extended)
BEFORE_COPY_ON_WRITE = {
    # FFL log digests and event counts moved by log lines only (same final states
    # in all fourteen): no "8 nobody is stunned" line every turn (a73300d), 17.12
    # said only when a unit is held (71576fb), counts as sentences (e10f593,
    # e06157d), 23.3's Negotiation Phase logged before the mixing (5a1b931)
    ("ffl/basic", 1, False): ("82c9086aec21791c3814b29f1e759fd1",
        "238986c9629c85f2b58fb58527d61c5bd88d5b26a5d834ca1641865a830f8d83", 2998),
    ("ffl/basic", 2, False): ("ffef9144263c30bf1b8f3833a4fc42aa",
        "0f1bda06d741f0bb7ce23f8bcc5a6d1c4494ffe4e4a5d5ff02669b21348875ce", 2980),
    ("ffl/basic", 3, False): ("343c36ac5c5f3547e2fa7ba838d6a867",
        "045e41f10fb3b92ea3194114bd79023a340241b50e3679a374eb1f6b4111a78c", 2930),
    ("ffl/basic", 4, False): ("9a7f5f051622d0c262735b2d9955866b",
        "9a1c2be82b9d542fee11a3eaa99f5be6e2b1ddc49e0f28bed2a2af1122834bbc", 3084),
    ("ffl/basic", 5, False): ("94cd8842015e72d30952df61eca58214",
        "b483a9a0ea51e3f8aace193975335ff073ab0c7c722ed89356ff4a3351da58c2", 3073),
    ("ffl/basic", 4, True): ("477ccbc71a8a53fcfb69c1e6314ca547",
        "7a632eafd8675b8004ca411f640ef6fae12cbb55c4e5ced63199cde2c60e7346", 2555),
    # 17.32 Le Cafard names any one drawn unit, not only one of the squad whose phase
    # begins (test_17_32_le_cafard_any_drawn_unit.py): more offers, other random games
    # (were e379b5fb/25134b03 3132, 59e236ee/1ea6ac66 3355, 3ed8b33a/b36113e4 2269)
    ("ffl/basic", 6, True): ("b22996f201c3a3a0ff99a2d2f6f2c894",
        "d1a2ddc78fd6c2f0ae16bac47560c8a2ce476d942b0dafcafc60088abef5ce0b", 3109),
    ("ffl/basic", 7, True): ("f31302f2cb195538324f8f6a4680deb9",
        "2e9e2dc6a4b607e3a909b08b98284139d54a39de8a6d0f8436cfd7d092ebb085", 3370),
    ("ffl/basic", 8, True): ("6ba9e05dc52e0b47426fbafcc5707c60",
        "29def990bce29b70507a4bcf678352324b7bdc808b2b9c604ae16d7f47518d58", 2391),
    ("ffl/les-allemands", 1, False): ("d2f54363134a6874152631422c4717b5",
        "403249dba6baa2aeb24b2936c54b6bda0b91cb1c491edc0f7c263e55e6d2f1da", 1821),
    # 20.1-23.1 a tribe left out neither rides in nor carries a rope or dynamite
    # (test_23_1_left_out_tribes.py): fewer set-up offers, other random games (were
    # 99eb5e77/364a912b 2990, 76864c95/f82510c5 1519, 04d7a306/969fef74 2494)
    ("ffl/negotiations", 1, False): ("a8cbe8a962790be689f28f1c586bd214",
        "a8cd9e4215f8ff665c8ae10d3a899c20ea6f7fecd295c762b6b857d01795c392", 2757),
    ("ffl/night-attack", 1, False): ("5b91de60d81f42de376a14bf8d8627eb",
        "b6ef879794ae4c92510d457d3def828c54e3401fa2525579814b6c84245e3c2d", 1324),
    ("ffl/returning-patrol", 1, False): ("6b558918834a597dbbf19d76bd8922af",
        "598cbb13f5127bd6c1e02ed6be587b0ec85b3a9bc7d02eae2d75e8d1fa1fd3fc", 2478),
    # 23.4 the turn-limit line names "all three sides" (was "both sides"; text only,
    # 2539 events; was 55f32fcd/afb6548f, then e62a9645/0882beb0); 23.1 a tribe left out
    # neither rides nor carries (as above): another random game
    ("ffl/treachery", 1, False): ("4358f9460a4ce1020c22ae92fa7e3e04",
        "39ae49d391d7f46afec856f9265dab35e0af08301fe54c71a837625d7e0974dc", 2782),
    # card game log texts only (same states and event counts): "First Player 2
    # (contacts): Player 1 lays ..." (was "First Player 2 — Player 1 lays ...")
    ("card_game/4p", 1, False): ("550bd3b40f34a8e31bd58760dc3d549f",
        "4aba48bd8be594eacab25a6a296820164f985ca5166d6d551cb24add3a1e7488", 23),
    ("card_game/4p", 2, False): ("aa656cfb7aded842cdcbcb6268e95a07",
        "9669fc7032540784b9d0b76624995458b9041715feb64973cec1376d39737f44", 24),
    ("card_game/4p", 3, False): ("43e4fef262360ae3980ef11d8e95542f",
        "6f0ea544cee6f06e8df23dec0f895971569dbbb8d2976ec4c183b5540317b3c6", 38),
    ("card_game/4p", 4, False): ("c0da26c1e21f3c5bfe957a23abc918df",
        "14bf934f6321bd6ec687785f9cb9e2ae0b3f26a0c0f84ff321bada02cc12c6b0", 18),
    ("card_game/2p", 1, False): ("6703884b3119ac5831e7f5ca6dbc1640",
        "1643b18bed43b7a8dda498bca7998d33606ce3b99c0c15050ec4e0bd1cf3bbfc", 48),
    ("card_game/2p", 2, False): ("57eedba37fca09f54933807a6b97f1ba",
        "c7fd5034e0cfdf86bec76e8fe1165a504986a90f9165f182f12d2fc4f65508b1", 37),
    ("card_game/2p", 3, False): ("7b4a90496dc6c4075e710a6bb6f2e7f2",
        "086da0a57bce56d66b48d67d1ac6014e9368cc8128f16d2d7b3e3eb2bcc11b3b", 16),
    # Phantom Fury log texts only (same states and event counts; were e8248867, 821f22c1):
    # "Zone 7, Location 1", and the Assault line names who takes the Step Loss
    ("phantom_fury/jolan", 1, False): ("a7ac2750ce2397dc614692fac0f543a1",
        "c5c18e23deeea290fae84537ececaa508968e49e530246015674746dfaaf6b3d", 1502),
    ("phantom_fury/jolan", 2, False): ("f0a0da264e87a371dd2715b2a1e9da7e",
        "76fd51176efe2e598d7b61c1b1e5567fa6fb3aa36931bd764588e44b52464bed", 1572),
    # Limits of Glory's log since c6ff7ab: a test settled at once is one line
    # (its dice event carries the result), an activation that moved nothing says
    # so; the final states are the same as before (523 -> 491, 988 -> 896 events);
    # log digests again: answers in plain words, a detaching junior named on his move
    # line, "moved": false in a new activation, a colon after a roll's rule (same
    # states; were af2489fd, 1ce13061); "the Grand Vizir" with the article and
    # "Brueys' glory" (3815dfc, 377af12: texts only, same states and event counts;
    # were b9180e94, 925c82c4).  Then Invasion: Invasion fleet destination enforced (the
    # real fleet must try for the Egyptian coast): random play chooses among fewer
    # invasion moves, so both games differ (new games, both ended by the Peace of
    # Amiens; were 3d7e6e3d/491 and 103a2ec5/896 events)
    ("limits_of_glory/campaign", 1, False): ("9ec133f942411d16eafe6d858d3c93d8",
        "59d6ff9e16d9c2c882c2002ce267d640ab0ca7ff0b1bd837596b16963afd6caa", 733),
    ("limits_of_glory/campaign", 2, False): ("cafb8e4aa787c04a19d73cab00bb86c6",
        "83eaccd11041bf71375a618490d601d70f536e0ccf42723e1b9583429753099d", 439),
}


@pytest.mark.slow
@pytest.mark.parametrize("scenario_id, seed, optional", list(BEFORE_COPY_ON_WRITE), ids=str)
def test_seeded_self_play_is_the_game_it_was_before_copy_on_write(scenario_id, seed, optional):
    from ffl.games.ffl.options import BY_ID
    from ffl.selfplay import play_game

    options = dict(game_of(scenario_id).selfplay_options)
    if optional:
        options.update({name: True for name in BY_ID})
    session = new_session(scenario_id, seed=seed, options=options)
    result = play_game(session, random.Random(seed))
    log = json.dumps([e.to_json() for e in session.log.events], sort_keys=True)
    digest = hashlib.sha256(log.encode()).hexdigest()
    assert (result.state_hash, digest, len(session.log.events)) == \
        BEFORE_COPY_ON_WRITE[(scenario_id, seed, optional)]


def test_the_ffl_batch_context_takes_over_the_lookups_and_takes_in_copied_pieces():
    from ffl.games.ffl.rules.context import Batch as FFLBatch

    session = new_session("ffl/basic", seed=2, options=dict(game_of("ffl/basic")
                                                          .selfplay_options))
    ctx = session.controller.ctx(session.state)
    before = [p.id for p in ctx.characters("legion")]
    by_kind = ctx.__dict__["_by_kind"]
    batch = FFLBatch(ctx)
    assert batch.ctx.__dict__["_by_kind"] is by_kind        # handed over, not rebuilt
    pid = before[0]
    batch.add("x", "2.31", "2.31 placed", [Change.set(pid, "space", "K12"),
                                           Change.set(pid, "status", "active")])
    mine = batch.ctx.characters("legion")
    assert mine[0] is batch.state.pieces[pid] and mine[0].space == "K12"
    assert [p.id for p in mine] == before
    assert batch.ctx.occupant("K12", 0) is batch.state.pieces[pid]
    # the context the batch came from still reads its own state's pieces
    assert ctx.characters("legion")[0] is session.state.pieces[pid]
    (kept,) = [p for p in by_kind["character"] if p.id == pid]
    assert kept is session.state.pieces[pid] and kept.space is None
