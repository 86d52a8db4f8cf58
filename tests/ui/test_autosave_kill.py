"""Kill the real program while it plays, start it again: the game is offered
back with at most the last action lost.  Two programs at once keep separate
autosaves.  Each program runs in a subprocess (offscreen Qt, its own home and
XDG folders) driven by ``autosave_driver.py``: one random legal action of the
FFL Basic Game every 100 ms, each printed once it is done."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ffl.session import GameSession

ROOT = Path(__file__).resolve().parents[2]
DRIVER = Path(__file__).with_name("autosave_driver.py")
pytestmark = [pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL"),
              pytest.mark.slow]   # about 10 s each: two or three programs started


def _env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("XDG_") and k != "FFL_SCENARIOS_DIR"}
    env.update({"QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT), "HOME": str(home),
                "XDG_DATA_HOME": str(home / "data"), "XDG_CONFIG_HOME": str(home / "config"),
                "XDG_CACHE_HOME": str(home / "cache"), "XDG_STATE_HOME": str(home / "state"),
                "PYTHONUNBUFFERED": "1"})
    return env


def _start(home: Path, mode: str, seed: int) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, str(DRIVER), mode, str(seed)], cwd=ROOT,
                            env=_env(home), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)


def _lines_until(proc: subprocess.Popen, done, timeout: float = 90.0) -> list[list[str]]:
    """Read the driver's lines until ``done(lines)`` (or fail after ``timeout``)."""
    lines: list[list[str]] = []
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        line = proc.stdout.readline()
        if not line:
            break
        lines.append(line.split())
        if done(lines):
            return lines
    proc.kill()
    raise AssertionError(f"the program stopped early: {lines[-3:]}\n{proc.stderr.read()}")


def _kill(proc: subprocess.Popen) -> list[list[str]]:
    """SIGKILL, then the lines it printed that were not read yet."""
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    rest = [line.split() for line in proc.stdout.read().splitlines()]
    proc.stdout.close()
    proc.stderr.close()
    return rest


def _actions(lines) -> list[tuple[int, str]]:
    """(undo steps, state hash) after each action printed."""
    return [(int(w[2]), w[3]) for w in lines if w[0] == "ACTION"]


def _lost(session: GameSession, played: list[tuple[int, str]]) -> int:
    """How many of the actions printed ``session`` lacks: 0 or 1 when it holds the
    last or the one before; -1 when it holds one more (done, then killed before
    it was printed: its game up to the step before must be the last printed)."""
    digest, steps = session.state.hash(), len(session.log.steps)
    hashes = [h for _, h in played]
    if digest in hashes:
        return len(hashes) - 1 - hashes.index(digest)
    last_steps, last_hash = played[-1]
    assert steps == last_steps + 1, (steps, played[-3:])
    assert session.log.state_at(session.log.steps[-2]).hash() == last_hash
    return -1


def test_killed_while_playing_10_actions_a_second_recovery_loses_at_most_the_last(tmp_path):
    home = tmp_path / "home"
    player = _start(home, "play", 7)
    lines = _lines_until(player, lambda ls: len(_actions(ls)) >= 25)
    time.sleep(random.Random(7).uniform(0.0, 0.1))      # somewhere in the next action
    lines += _kill(player)
    assert not any(w[0] == "OFFERED" for w in lines)
    played = _actions(lines)

    again = _start(home, "recover", 8)
    lines = _lines_until(again, lambda ls: ls[-1][0] == "RECOVERED")
    again.wait(timeout=30)
    again.stdout.close()
    again.stderr.close()
    assert lines[0][0] == "OFFERED"
    digest, autosave = lines[-1][2], Path(lines[-1][3])
    # the recovered game is already in the new program's own autosave
    recovered = GameSession.load(autosave)
    assert recovered.state.hash() == digest
    assert _lost(recovered, played) <= 1, "more than the last action was lost"
    leftovers = [p.name for p in autosave.parent.glob("*.fflsave") if p != autosave]
    assert leftovers == []            # the old autosave went once its game was safe
    assert not list(autosave.parent.glob(".*.tmp"))


def test_two_programs_at_once_keep_separate_autosaves(tmp_path):
    home = tmp_path / "home"
    first = _start(home, "play", 11)
    lines_a = _lines_until(first, lambda ls: len(_actions(ls)) >= 5)
    second = _start(home, "play", 12)
    lines_b = _lines_until(second, lambda ls: len(_actions(ls)) >= 8)
    lines_a += _lines_until(first, lambda ls: len(_actions(ls)) >= 3)
    lines_a += _kill(first)
    lines_b += _kill(second)
    assert not any(w[0] == "OFFERED" for w in lines_a + lines_b)   # never the live game
    path_a, path_b = Path(lines_a[-1][4]), Path(lines_b[-1][4])
    assert path_a != path_b and path_a.parent == path_b.parent
    for path, lines in ((path_a, lines_a), (path_b, lines_b)):
        assert _lost(GameSession.load(path), _actions(lines)) <= 1
