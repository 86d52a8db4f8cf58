"""The real ``ffl`` command writing into a pipe whose reader has gone
(``ffl list | head -3``): it ends quietly, with SIGPIPE's usual exit code."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from ffl.cli import BROKEN_PIPE_EXIT

ROOT = Path(__file__).resolve().parents[1]


def _env(unbuffered: bool) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    env["PYTHONPATH"] = str(ROOT)
    if unbuffered:
        env["PYTHONUNBUFFERED"] = "1"
    return env


@pytest.mark.parametrize("unbuffered", [False, True], ids=["buffered", "unbuffered"])
@pytest.mark.parametrize("args", [["list"], ["--help"]], ids=["list", "help"])
def test_writing_into_a_closed_pipe_ends_quietly(args, unbuffered):
    read_end, write_end = os.pipe()
    os.close(read_end)   # the reader is gone before the command writes a byte
    try:
        done = subprocess.run([sys.executable, "-m", "ffl", *args], stdout=write_end,
                              stderr=subprocess.PIPE, text=True, env=_env(unbuffered),
                              cwd=ROOT, timeout=60)
    finally:
        os.close(write_end)
    assert done.stderr == ""   # no traceback, no "Exception ignored ... BrokenPipeError"
    if args == ["--help"] and unbuffered:
        # argparse itself drops a help text it cannot write, and exits as after help
        assert done.returncode == 0
    else:
        assert done.returncode == BROKEN_PIPE_EXIT


def test_a_reader_that_takes_one_line_then_closes():
    # the shell's own pipe, as a user types it
    done = subprocess.run(["sh", "-c", f"'{sys.executable}' -m ffl list | head -n 1"],
                          capture_output=True, text=True, env=_env(False), cwd=ROOT,
                          timeout=60)
    assert done.returncode == 0
    assert done.stderr == ""
    assert done.stdout.split()[0] == "ffl"


def test_a_reader_that_reads_everything_sees_no_change():
    done = subprocess.run([sys.executable, "-m", "ffl", "list"], capture_output=True,
                          text=True, env=_env(False), cwd=ROOT, timeout=60)
    assert done.returncode == 0 and done.stderr == ""
    assert "legend_begins" in done.stdout
