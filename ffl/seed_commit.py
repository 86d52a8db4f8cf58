"""A seed made by both players of an e-mail game (``ffl email-seed``).

The dice of a game are fixed by its seed, and whoever starts a game chooses
the seed, so he could try seeds until his own rolls come out well.  With this
the seed is made by both, and neither can choose it:

1. ``ffl email-seed offer -o OFFER [--scenario ID --rules R --option NAME]``
   (the player who starts): a random secret ``a`` is kept in ``OFFER.secret``
   (not to be mailed); ``OFFER`` holds only its hash (the commitment), and the
   game offered if one is named (so the seed, once known, cannot be tried on
   other scenarios or options), and goes to the other player;
2. ``ffl email-seed answer OFFER -o ANSWER`` (the other player): his random
   ``b`` and the commitment go back in ``ANSWER`` (he keeps a copy);
3. ``ffl email-seed start ANSWER --secret OFFER.secret SCENARIO -o GAME``
   (with ``--rules`` and ``--option NAME[=VALUE]`` as the New game dialog's):
   the game's seed is the hash of ``a`` and ``b``; the record (commitment,
   ``a``, ``b``) is kept in the game and goes out with the first turn file;
4. ``ffl email-seed check TURNFILE --answer ANSWER`` (the other player): the
   record's ``a`` has the hash he was offered before he chose ``b``, his own
   ``b`` is in it, and the game's seed is the one they make.

Opening a whole-game turn file with such a record also checks that it gives
the game's seed.  What it does not change: once the game has started, both
players can work out the dice to come from the seed (docs/architecture.md,
"What a player can trust").  The play window's File › E-mail game
(``ffl/ui/email_seed.py``) calls the same steps (:func:`make_offer`,
:func:`make_answer`, :func:`start_game`, :func:`check_turn`).  Every seed file
is written atomically and read back before it replaces anything; a game is
read back and its record checked once saved.  No Qt here.
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


# -- the steps (the command line and File › E-mail game call these) ---------------------------


def _write(path: Path, doc: dict, kind: str) -> None:
    """Write ``doc`` atomically, then read it back as :func:`_read` would: a file
    this module would refuse is never left in place of what was there."""
    path = Path(path)
    _not_over_a_secret(path)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        tmp.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
        _read(tmp, kind)
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


def _not_over_a_secret(path: Path) -> None:
    """A kept secret is never written over (its offer could not be started)."""
    try:
        _read(path, SECRET)
    except ValueError:
        return
    raise ValueError(f"{path} keeps the secret of an offer: it is not written over; "
                     "choose another name")


def _read(path: Path, kind: str) -> dict:
    path = Path(path)
    name = {OFFER: "an offer", SECRET: "a secret", ANSWER: "an answer"}[kind]
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ValueError(f"{path} cannot be read as {name} file of ffl email-seed: "
                         f"{exc}") from None
    if not isinstance(doc, dict) or doc.get("format") != kind or not _hex(
            doc.get("commit"), 64):
        raise ValueError(f"{path} is not {name} file of ffl email-seed")
    if "game" in doc and not game_ok(doc["game"]):
        raise ValueError(f"{path} is damaged: the game it names is not what it should be")
    return doc


def game_ok(game: Any) -> bool:
    """Whether ``game`` has the shape of the game an offer names: ``{"scenario":
    id, "rules": mode or None, "options": {id: value}}``."""
    from .games.manifest import RULES_MODES

    return (isinstance(game, dict) and set(game) == {"scenario", "rules", "options"}
            and isinstance(game["scenario"], str) and game["scenario"]
            and (game["rules"] is None or game["rules"] in RULES_MODES)
            and isinstance(game["options"], dict)
            and all(isinstance(k, str) and isinstance(v, (bool, int, str))
                    for k, v in game["options"].items()))


def offered_game(scenario: str, rules: str | None = None,
                 options: dict | None = None) -> dict:
    """The game an offer names (checked: an installed scenario, a rules mode and
    options its game allows), so the seed cannot be tried on other games once
    it is known."""
    from . import catalog
    from .games import game_of

    if not catalog.has_scenario(scenario):
        raise ValueError(f"no scenario {scenario!r} is installed (ffl list shows them)")
    game = game_of(scenario)
    if rules is not None and rules not in game.rules_modes:
        raise ValueError(f"{game.title} cannot be played with the rules {rules!r}")
    out = {}
    for key, value in (options or {}).items():
        option = game.option(key)
        if option is None:
            raise ValueError(f"unknown option {key!r} for {scenario}")
        out[key] = option.check(value)
    return {"scenario": scenario, "rules": rules, "options": out}


def secret_path(offer: Path) -> Path:
    """Where the offer's secret is kept (beside it, never mailed)."""
    return Path(offer).with_name(Path(offer).name + ".secret")


def make_offer(path: Path, game: dict | None = None) -> tuple[Path, Path]:
    """Step 1: a random secret ``a`` into ``path.secret`` and its hash alone into
    ``path`` (the file to mail), with the ``game`` offered (:func:`offered_game`)
    if one is named; returns both paths."""
    path = Path(path)
    secret = secret_path(path)
    if secret.exists():
        raise ValueError(f"{secret} already keeps the secret of an earlier offer: choose "
                         "another name for this one (or delete it if that offer is dead)")
    if game is not None and not game_ok(game):
        raise ValueError("the game offered is not what it should be")
    named = {} if game is None else {"game": game}
    a = os.urandom(16).hex()
    _write(secret, {"format": SECRET, "commit": commitment(a), "a": a, **named}, SECRET)
    _write(path, {"format": OFFER, "commit": commitment(a), **named}, OFFER)
    return path, secret


def make_answer(offer: Path, path: Path) -> Path:
    """Step 2: the other player's random ``b`` with the offer's commitment (and
    the game it names, copied: what the first turn file is checked against)."""
    doc = _read(offer, OFFER)
    named = {"game": doc["game"]} if "game" in doc else {}
    _write(Path(path), {"format": ANSWER, "commit": doc["commit"],
                        "b": os.urandom(16).hex(), **named}, ANSWER)
    return Path(path)


def answer_game(answer: Path) -> dict | None:
    """The game the answered offer names, or None (ValueError naming a bad file)."""
    return _read(answer, ANSWER).get("game")


def answer_commit(answer: Path) -> str:
    """The commitment an answer file answers (ValueError naming a bad file)."""
    return _read(answer, ANSWER)["commit"]


def find_secret(answer: Path, folders) -> Path | None:
    """The kept secret (``*.secret``) in ``folders`` whose commitment the answer
    answers, if there is one."""
    commit = answer_commit(answer)
    for folder in folders:
        for path in sorted(Path(folder).glob("*.secret")):
            try:
                if _read(path, SECRET)["commit"] == commit:
                    return path
            except ValueError:
                continue
    return None


def parse_options(scenario: str, items) -> dict:
    """``--option NAME`` (a yes/no option switched on) or ``NAME=VALUE`` for the
    game of ``scenario``, checked against the options its manifest declares."""
    from .games import game_of

    game = game_of(scenario)
    out: dict[str, Any] = {}
    for item in items:
        name, has_value, text = item.partition("=")
        option = game.option(name)
        if option is None:
            known = ", ".join(o.id for o in game.options) or "none"
            raise ValueError(f"unknown option {name!r} for {scenario} (choose from {known})")
        value: Any = True
        if has_value:
            if option.kind == "bool":
                value = text.lower() in ("1", "yes", "on", "true")
            elif option.kind == "int":
                value = int(text) if text.lstrip("-").isdigit() else text
            else:
                value = next((v for v, _ in option.choices if str(v) == text), text)
        out[name] = option.check(value)
    return out


def start_session(answer: Path, secret: Path, scenario: str | None, rules: str | None = None,
                  options: dict | None = None):
    """Step 3 without writing: a new game of ``scenario`` (in ``rules`` mode, with
    ``options``) whose seed is made of the secret and the answer, the record kept
    in it.  A bad file, an answer to another offer or an unknown scenario raise
    ValueError naming the file."""
    from . import catalog

    answer, secret = Path(answer), Path(secret)
    ans, sec = _read(answer, ANSWER), _read(secret, SECRET)
    if ans["commit"] != sec["commit"] or not _hex(sec.get("a"), 32) or \
            commitment(sec["a"]) != sec["commit"]:
        raise ValueError(f"{answer} answers another offer than {secret}")
    if not _hex(ans.get("b"), 32):
        raise ValueError(f"{answer} is damaged: its answer is not what it should be")
    if ans.get("game") != sec.get("game"):
        raise ValueError(f"{answer} names another game than the one offered in {secret}")
    game = ans.get("game")
    if game is not None:          # the game offered, before the seed could be known
        if scenario not in (None, game["scenario"]) or \
                (rules is not None and rules != game["rules"]) or \
                (options is not None and options != game["options"]):
            raise ValueError(f"{answer} answers an offer of {game['scenario']} with its own "
                             "rules and options: the game cannot be changed now")
        scenario, rules, options = game["scenario"], game["rules"], game["options"]
    if scenario is None:
        raise ValueError(f"{answer} names no game: say which scenario to start")
    if not catalog.has_scenario(scenario):
        raise ValueError(f"no scenario {scenario!r} is installed (ffl list shows them)")
    seed = joint_seed(sec["a"], ans["b"])
    session = catalog.new_session(scenario, seed=seed, rules=rules, options=options)
    session.extra[RECORD] = {"commit": sec["commit"], "a": sec["a"], "b": ans["b"]}
    return session


def start_game(answer: Path, secret: Path, scenario: str | None, output: Path,
               rules: str | None = None, options: dict | None = None):
    """Step 3: :func:`start_session` saved to ``output`` (``.fflsave`` added when it
    has no suffix), then read back and its record checked; returns the session."""
    from .session import GameSession
    from .store import StoreError, load_game

    output = Path(output)
    if not output.suffix:
        output = output.with_suffix(".fflsave")
    if output.suffix.lower() == ".ffl":
        raise ValueError(f"{output} would be taken for a module file: end the game's "
                         "name in .fflsave")
    inputs = {Path(answer).resolve(), Path(secret).resolve()}
    if output.resolve() in inputs:
        raise ValueError(f"{output} is one of the seed files: choose another name for the game")
    session = start_session(answer, secret, scenario, rules, options)
    _not_over_a_secret(output)
    # written beside, opened as the players' programs will open it, then put in place
    tmp = output.with_name(f".{output.stem}.{os.getpid()}.tmp{output.suffix}")
    try:
        session.save(tmp)
        saved = load_game(tmp)
        problem = record_problem(saved.meta.get(RECORD), saved.seed)
        if problem:
            raise ValueError(f"{output} {problem}")
        GameSession.open(tmp)
        os.replace(tmp, output)
    except StoreError as exc:
        raise ValueError(str(exc).replace(str(tmp), str(output))) from None
    finally:
        tmp.unlink(missing_ok=True)
    session.path = output
    return session


def check_turn(turnfile: Path, answer: Path) -> str:
    """Step 4: that the first turn file's seed was made with ``answer``; a message,
    or ValueError naming the file and why not."""
    from .store import load_game

    turnfile = Path(turnfile)
    ans = _read(answer, ANSWER)
    saved = load_game(turnfile)
    record = saved.meta.get(RECORD)
    if record is None:
        raise ValueError(f"{turnfile} has no seed made by both players: its seed was "
                         "chosen by the player who started the game")
    problem = record_problem(record, saved.seed)
    if problem:
        raise ValueError(f"{turnfile} {problem}")
    if record["commit"] != ans["commit"] or record["b"] != ans["b"]:
        raise ValueError(f"{turnfile} does not use your answer {answer}: its seed was "
                         "not made with you")
    game = ans.get("game")
    if game is not None:
        changed = [key for key, value in game["options"].items()
                   if saved.options.get(key) != value]
        if saved.scenario_id != game["scenario"]:
            raise ValueError(f"{turnfile} is a game of {saved.scenario_id}, not of "
                             f"{game['scenario']} as offered")
        if game["rules"] is not None and saved.meta.get("rules") != game["rules"]:
            raise ValueError(f"{turnfile} is played with the rules {saved.meta.get('rules')}"
                             f", not {game['rules']} as offered")
        if changed:
            raise ValueError(f"{turnfile} has other options than offered ({changed[0]})")
    return (f"{turnfile}: the seed was made by both players (the secret offered before "
            "your answer, and your answer)")


# -- the command line ------------------------------------------------------------------------


def parser() -> argparse.ArgumentParser:
    from .games.manifest import RULES_MODES

    p = argparse.ArgumentParser(prog="ffl email-seed",
                                description="Make the seed of an e-mail game with the other "
                                            "player, so neither chooses it alone.")
    sub = p.add_subparsers(dest="step", required=True)
    o = sub.add_parser("offer", help="1. the player who starts: write the offer to mail")
    o.add_argument("-o", "--output", type=Path, required=True)
    o.add_argument("--scenario", default=None,
                   help="the game offered (then start plays it, and check compares it)")
    o.add_argument("--rules", choices=RULES_MODES, default=None,
                   help="the rules mode offered (with --scenario)")
    o.add_argument("--option", action="append", default=[], metavar="NAME[=VALUE]",
                   help="a game option offered (repeatable, with --scenario)")
    a = sub.add_parser("answer", help="2. the other player: answer the offer")
    a.add_argument("offer", type=Path)
    a.add_argument("-o", "--output", type=Path, required=True)
    s = sub.add_parser("start", help="3. the player who starts: the game from the answer")
    s.add_argument("answer", type=Path)
    s.add_argument("scenario", nargs="?", default=None,
                   help="the scenario (not needed when the offer named the game)")
    s.add_argument("--secret", type=Path, required=True, help="the offer's .secret file")
    s.add_argument("-o", "--output", type=Path, required=True)
    s.add_argument("--rules", choices=RULES_MODES, default=None,
                   help="enforce the rules (default), advise or off")
    s.add_argument("--option", action="append", default=[], metavar="NAME[=VALUE]",
                   help="a game option (repeatable): NAME switches a yes/no option on")
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
            game = None
            if ns.scenario is not None:
                game = offered_game(ns.scenario, ns.rules, parse_options(ns.scenario,
                                                                         ns.option))
            elif ns.rules is not None or ns.option:
                raise ValueError("--rules and --option name the game offered: give "
                                 "--scenario too")
            offer, secret = make_offer(ns.output, game)
            return f"wrote {offer} (mail it) and {secret} (keep it: do not mail it)"
        if ns.step == "answer":
            return f"wrote {make_answer(ns.offer, ns.output)}: mail it back and keep a copy"
        if ns.step == "start":
            options = parse_options(ns.scenario, ns.option) \
                if ns.option and ns.scenario else None
            if ns.option and not ns.scenario:
                raise ValueError("--option needs the scenario it is an option of")
            session = start_game(ns.answer, ns.secret, ns.scenario, ns.output,
                                 rules=ns.rules, options=options)
            return (f"wrote {session.path}: a new game of {session.scenario.id} with the seed "
                    "made by both players; open it, play your turn and send the turn file")
        return check_turn(ns.turnfile, ns.answer)
    except StoreError as exc:
        raise ValueError(str(exc)) from None
    except KeyError as exc:
        raise ValueError(str(exc.args[0]) if exc.args else str(exc)) from None
    except OSError as exc:
        raise ValueError(f"cannot write: {exc}") from None
