"""A seed made by both players of an e-mail game (``ffl email-seed``).

The dice of a game are fixed by its seed, and whoever starts a game chooses
the seed, so he could try seeds until his own rolls come out well.  With this
the seed is made by both, and neither can choose it:

1. ``ffl email-seed offer -o OFFER`` (the player who starts): a random secret
   ``a`` is kept in ``OFFER.secret`` (not to be mailed); ``OFFER`` holds only
   its hash (the commitment), and goes to the other player;
2. ``ffl email-seed answer OFFER -o ANSWER`` (the other player): his random
   ``b`` and the commitment go back in ``ANSWER`` (he keeps a copy);
3. ``ffl email-seed start ANSWER --secret OFFER.secret SCENARIO -o GAME``:
   the game's seed is the hash of ``a`` and ``b``; the record (commitment,
   ``a``, ``b``) is kept in the game and goes out with the first turn file;
4. ``ffl email-seed check TURNFILE --answer ANSWER`` (the other player): the
   record's ``a`` has the hash he was offered before he chose ``b``, his own
   ``b`` is in it, and the game's seed is the one they make.

Opening a whole-game turn file with such a record also checks that it gives
the game's seed.  What it does not change: once the game has started, both
players can work out the dice to come from the seed (docs/architecture.md,
"What a player can trust").  No Qt here.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
from pathlib import Path
from typing import Any

OFFER, SECRET, ANSWER = "ffl-seed-offer/1", "ffl-seed-secret/1", "ffl-seed-answer/1"
#: the key of the record in a game's meta (``GameSession.extra``)
RECORD = "seed_commit"


def commitment(a: str) -> str:
    return hashlib.sha256(f"ffl-seed-offer\n{a}".encode()).hexdigest()


def joint_seed(a: str, b: str) -> int:
    digest = hashlib.sha256(f"ffl-joint-seed\n{a}\n{b}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % (2 ** 31 - 1) + 1


def _hex(value: Any, length: int) -> bool:
    return isinstance(value, str) and len(value) == length and all(
        c in "0123456789abcdef" for c in value)


def record_ok(record: Any) -> bool:
    """Whether ``record`` has the shape of a seed record."""
    return (isinstance(record, dict) and set(record) == {"commit", "a", "b"}
            and _hex(record["commit"], 64) and _hex(record["a"], 32)
            and _hex(record["b"], 32))


def record_problem(record: Any, seed: int) -> str:
    """"" when ``record`` is a seed made by both that gives ``seed``; else why not."""
    if not record_ok(record):
        return "has a damaged record of the seed made by both players"
    if commitment(record["a"]) != record["commit"]:
        return ("has a seed record whose secret is not the one offered (its hash differs "
                "from the commitment)")
    if joint_seed(record["a"], record["b"]) != int(seed):
        return "has a seed record that does not give the game's seed"
    return ""


# -- the command line ------------------------------------------------------------------------


def _write(path: Path, doc: dict) -> None:
    path.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")


def _read(path: Path, kind: str) -> dict:
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ValueError(f"{path} cannot be read: {exc}") from None
    if not isinstance(doc, dict) or doc.get("format") != kind or not _hex(
            doc.get("commit"), 64):
        raise ValueError(f"{path} is not a {kind.split('/')[0].replace('ffl-seed-', '')} "
                         "file of ffl email-seed")
    return doc


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="ffl email-seed",
                                description="Make the seed of an e-mail game with the other "
                                            "player, so neither chooses it alone.")
    sub = p.add_subparsers(dest="step", required=True)
    o = sub.add_parser("offer", help="1. the player who starts: write the offer to mail")
    o.add_argument("-o", "--output", type=Path, required=True)
    a = sub.add_parser("answer", help="2. the other player: answer the offer")
    a.add_argument("offer", type=Path)
    a.add_argument("-o", "--output", type=Path, required=True)
    s = sub.add_parser("start", help="3. the player who starts: the game from the answer")
    s.add_argument("answer", type=Path)
    s.add_argument("scenario")
    s.add_argument("--secret", type=Path, required=True, help="the offer's .secret file")
    s.add_argument("-o", "--output", type=Path, required=True)
    c = sub.add_parser("check", help="4. the other player: check the first turn file")
    c.add_argument("turnfile", type=Path)
    c.add_argument("--answer", type=Path, required=True, help="the answer you sent")
    return p


def main(argv: list[str]) -> int:
    try:
        ns = parser().parse_args(argv)
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    try:
        message = _run(ns)
    except ValueError as exc:
        print(f"ffl: error: {exc}", file=sys.stderr)
        return 2
    print(message)
    return 0


def _run(ns) -> str:
    from .store import StoreError

    try:
        if ns.step == "offer":
            a = os.urandom(16).hex()
            secret = ns.output.with_name(ns.output.name + ".secret")
            _write(secret, {"format": SECRET, "commit": commitment(a), "a": a})
            _write(ns.output, {"format": OFFER, "commit": commitment(a)})
            return (f"wrote {ns.output} (mail it) and {secret} (keep it: do not mail it)")
        if ns.step == "answer":
            offer = _read(ns.offer, OFFER)
            _write(ns.output, {"format": ANSWER, "commit": offer["commit"],
                               "b": os.urandom(16).hex()})
            return f"wrote {ns.output}: mail it back and keep a copy"
        if ns.step == "start":
            return _start(ns)
        return _check(ns)
    except StoreError as exc:
        raise ValueError(str(exc)) from None
    except OSError as exc:
        raise ValueError(f"cannot write: {exc}") from None


def _start(ns) -> str:
    from . import catalog

    answer, secret = _read(ns.answer, ANSWER), _read(ns.secret, SECRET)
    if answer["commit"] != secret["commit"] or not _hex(secret.get("a"), 32) or \
            commitment(secret["a"]) != secret["commit"]:
        raise ValueError(f"{ns.answer} answers another offer than {ns.secret}")
    if not _hex(answer.get("b"), 32):
        raise ValueError(f"{ns.answer} is damaged: its answer is not what it should be")
    if not catalog.has_scenario(ns.scenario):
        raise ValueError(f"no scenario {ns.scenario!r} is installed (ffl list shows them)")
    seed = joint_seed(secret["a"], answer["b"])
    session = catalog.new_session(ns.scenario, seed=seed)
    session.extra[RECORD] = {"commit": secret["commit"], "a": secret["a"], "b": answer["b"]}
    session.save(ns.output)
    return (f"wrote {ns.output}: a new game of {ns.scenario} with the seed made by both "
            "players; open it, play your turn and send the turn file")


def _check(ns) -> str:
    from .store import load_game

    answer = _read(ns.answer, ANSWER)
    saved = load_game(ns.turnfile)
    record = saved.meta.get(RECORD)
    if record is None:
        raise ValueError(f"{ns.turnfile} has no seed made by both players: its seed was "
                         "chosen by the player who started the game")
    problem = record_problem(record, saved.seed)
    if problem:
        raise ValueError(f"{ns.turnfile} {problem}")
    if record["commit"] != answer["commit"] or record["b"] != answer["b"]:
        raise ValueError(f"{ns.turnfile} does not use your answer {ns.answer}: its seed was "
                         "not made with you")
    return (f"{ns.turnfile}: the seed was made by both players (the secret offered before "
            "your answer, and your answer)")
