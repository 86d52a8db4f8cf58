"""A seed made by both players of an e-mail game (issue 22, ffl/seed_commit.py),
through the command line with real files: offer, answer, start, the first turn
file checked by the other player; a record changed in the file, an answer
swapped for another and a game whose seed was chosen alone are named."""

from __future__ import annotations

import json
import random
import sqlite3

import pytest

from ffl.cli import main
from ffl.seed_commit import commitment, joint_seed
from ffl.session import GameSession
from ffl.store import StoreError
from ffl.turnfile import open_turn, write_turn


def _play(session, n):
    rng = random.Random(1)
    for _ in range(n):
        session.do(rng.choice(list(session.controller.legal_actions(session.state))))


def test_a_seed_made_by_both_players(tmp_path, capsys):
    offer, answer, game = tmp_path / "offer.json", tmp_path / "answer.json", \
        tmp_path / "game.fflsave"
    assert main(["email-seed", "offer", "-o", str(offer)]) == 0
    secret = tmp_path / "offer.json.secret"
    assert "a" not in json.loads(offer.read_text())          # the offer holds only the hash
    a = json.loads(secret.read_text())["a"]
    assert json.loads(offer.read_text())["commit"] == commitment(a)
    assert main(["email-seed", "answer", str(offer), "-o", str(answer)]) == 0
    b = json.loads(answer.read_text())["b"]
    assert main(["email-seed", "start", str(answer), "ffl/basic", "--secret", str(secret),
                 "-o", str(game)]) == 0
    alice = GameSession.open(game)
    assert alice.seed == joint_seed(a, b) and alice.extra["seed_commit"]["b"] == b
    _play(alice, 10)
    turn = write_turn(alice, tmp_path / "turn-1.fflturn")
    capsys.readouterr()
    assert main(["email-seed", "check", str(turn), "--answer", str(answer)]) == 0
    assert "made by both players" in capsys.readouterr().out
    assert open_turn(turn).session.seed == joint_seed(a, b)

    # another answer than the one sent: named
    other = tmp_path / "other.json"
    assert main(["email-seed", "answer", str(offer), "-o", str(other)]) == 0
    capsys.readouterr()
    assert main(["email-seed", "check", str(turn), "--answer", str(other)]) == 2
    assert "does not use your answer" in capsys.readouterr().err

    # the record changed in the file (another b, the seed kept): refused on opening
    conn = sqlite3.connect(turn)
    meta = json.loads(conn.execute("SELECT meta FROM game").fetchone()[0])
    meta["seed_commit"]["b"] = json.loads(other.read_text())["b"]
    conn.execute("UPDATE game SET meta = ?", (json.dumps(meta),))
    conn.commit()
    conn.close()
    with pytest.raises(StoreError, match="does not give the game's seed"):
        open_turn(turn)


def test_a_seed_chosen_alone_is_named(tmp_path, capsys):
    from ffl import catalog

    offer, answer = tmp_path / "offer.json", tmp_path / "answer.json"
    assert main(["email-seed", "offer", "-o", str(offer)]) == 0
    assert main(["email-seed", "answer", str(offer), "-o", str(answer)]) == 0
    alone = catalog.new_session("ffl/basic", seed=7)
    turn = write_turn(alone, tmp_path / "turn-1.fflturn")
    capsys.readouterr()
    assert main(["email-seed", "check", str(turn), "--answer", str(answer)]) == 2
    assert "chosen by the player who started" in capsys.readouterr().err
    assert main(["email-seed", "start", str(answer), "ffl/basic", "--secret",
                 str(offer), "-o", str(tmp_path / "g.fflsave")]) == 2
    assert "is not a secret file" in capsys.readouterr().err


def test_start_takes_the_rules_mode_and_options(tmp_path, capsys):
    offer, answer, game = tmp_path / "offer.json", tmp_path / "answer.json", tmp_path / "g"
    assert main(["email-seed", "offer", "-o", str(offer)]) == 0
    assert main(["email-seed", "answer", str(offer), "-o", str(answer)]) == 0
    secret = tmp_path / "offer.json.secret"
    assert main(["email-seed", "start", str(answer), "ffl/basic", "--secret", str(secret),
                 "-o", str(game), "--rules", "advise", "--option", "heavy_weapons",
                 "--option", "wounds=yes"]) == 0
    saved = GameSession.open(tmp_path / "g.fflsave")          # .fflsave added
    assert saved.rules == "advise"
    assert saved.options["heavy_weapons"] is True and saved.options["wounds"] is True
    capsys.readouterr()
    assert main(["email-seed", "start", str(answer), "ffl/basic", "--secret", str(secret),
                 "-o", str(tmp_path / "h.fflsave"), "--option", "flying"]) == 2
    assert "unknown option 'flying'" in capsys.readouterr().err
    assert not (tmp_path / "h.fflsave").exists()
    # the game never goes over one of the seed files, nor under a module's name
    assert main(["email-seed", "start", str(answer), "ffl/basic", "--secret", str(secret),
                 "-o", str(secret)]) == 2
    assert "is one of the seed files" in capsys.readouterr().err
    assert json.loads(secret.read_text())["format"] == "ffl-seed-secret/1"
    assert main(["email-seed", "start", str(answer), "ffl/basic", "--secret", str(secret),
                 "-o", str(tmp_path / "m.ffl")]) == 2
    assert "module file" in capsys.readouterr().err


def test_an_offer_names_the_game_and_it_cannot_be_changed(tmp_path, capsys):
    offer, answer = tmp_path / "offer.json", tmp_path / "answer.json"
    secret = tmp_path / "offer.json.secret"
    assert main(["email-seed", "offer", "-o", str(offer), "--scenario", "ffl/basic",
                 "--rules", "advise", "--option", "heavy_weapons"]) == 0
    assert json.loads(offer.read_text())["game"] == {
        "scenario": "ffl/basic", "rules": "advise", "options": {"heavy_weapons": True}}
    assert main(["email-seed", "answer", str(offer), "-o", str(answer)]) == 0
    capsys.readouterr()
    # once the seed can be worked out, another scenario or options are refused
    assert main(["email-seed", "start", str(answer), "ffl/treachery", "--secret",
                 str(secret), "-o", str(tmp_path / "x.fflsave")]) == 2
    assert "cannot be changed now" in capsys.readouterr().err
    assert not (tmp_path / "x.fflsave").exists()
    # an answer whose game was edited is not the offer's answer
    edited = json.loads(answer.read_text())
    edited["game"]["options"] = {}
    other = tmp_path / "edited.json"
    other.write_text(json.dumps(edited))
    assert main(["email-seed", "start", str(other), "--secret", str(secret),
                 "-o", str(tmp_path / "x.fflsave")]) == 2
    assert "names another game than the one offered" in capsys.readouterr().err
    # the game offered, no scenario needed
    game = tmp_path / "game.fflsave"
    assert main(["email-seed", "start", str(answer), "--secret", str(secret),
                 "-o", str(game)]) == 0
    alice = GameSession.open(game)
    assert alice.rules == "advise" and alice.options["heavy_weapons"] is True
    turn = write_turn(alice, tmp_path / "turn-1.fflturn")
    capsys.readouterr()
    assert main(["email-seed", "check", str(turn), "--answer", str(answer)]) == 0
    # a game of the same seed with other options: named by the check
    from ffl.seed_commit import start_session

    bare = start_session(answer, secret, None)
    bare.options["heavy_weapons"] = False
    changed = write_turn(bare, tmp_path / "turn-x.fflturn")
    capsys.readouterr()
    assert main(["email-seed", "check", str(changed), "--answer", str(answer)]) == 2
    assert "other options than offered (heavy_weapons)" in capsys.readouterr().err


def test_a_kept_secret_is_never_written_over(tmp_path, capsys):
    offer, secret = tmp_path / "offer.json", tmp_path / "offer.json.secret"
    assert main(["email-seed", "offer", "-o", str(offer)]) == 0
    kept = secret.read_bytes()
    capsys.readouterr()
    assert main(["email-seed", "offer", "-o", str(offer)]) == 2       # a second offer
    assert "already keeps the secret of an earlier offer" in capsys.readouterr().err
    assert main(["email-seed", "answer", str(offer), "-o", str(secret)]) == 2
    assert "keeps the secret of an offer" in capsys.readouterr().err
    assert secret.read_bytes() == kept
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []
