"""``ffl replay FILE``: a saved game or turn file in the replay window.

Options: ``--event N`` shows the position after event N (default: the start,
or for a turn file of moves only, where its moves start); ``--game GAME``: the
game a turn file of moves only follows from (its moves are checked and shown
after GAME's events; neither file is changed);
``--screenshot OUT.png`` writes a picture of the replay window and exits (``--size
WIDTHxHEIGHT`` its window size).  The
arguments are read before Qt is imported; a bad file is one line on stderr
and exit code 2, as for every other command.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="ffl replay", description="Step through a saved game: board, log and dice as "
                                       "they were, bookmarks and notes, branches.")
    p.add_argument("file", type=Path, help="a saved game (.fflsave) or turn file (.fflturn)")
    p.add_argument("--event", type=int, default=None, metavar="N",
                   help="start at the position after event N (default 0, the start; "
                        "for a turn file with --game, where its moves start)")
    p.add_argument("--game", type=Path, metavar="GAME",
                   help="the saved game a turn file of moves only follows from")
    p.add_argument("--screenshot", metavar="OUT.png", type=Path,
                   help="render the replay window to a PNG and exit")
    p.add_argument("--size", metavar="WIDTHxHEIGHT", default=None,
                   help="with --screenshot: the window's size in pixels, e.g. 1366x768")
    return p


def fail(message: str) -> int:
    print(f"ffl: error: {message}", file=sys.stderr)
    return 2


def main(argv: list[str]) -> int:
    try:
        ns = parser().parse_args(argv)
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    for given in (ns.file, ns.game):
        if given is not None and not given.exists():
            return fail(f"no such file: {given}")
    from ffl.replay import Replay
    from ffl.store import StoreError

    size = None
    if ns.size is not None:
        from ffl.cli import UsageError, parse_size

        if ns.screenshot is None:
            return fail("--size sets the size of a --screenshot; give --screenshot "
                        "OUT.png with it")
        try:
            size = parse_size(ns.size)
        except UsageError as exc:
            return fail(str(exc))
    if ns.screenshot is not None:
        from ffl.output_path import output_problem

        problem = output_problem(ns.screenshot, "replay.png")
        if problem:
            return fail(problem)
        if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
                or os.environ.get("QT_QPA_PLATFORM")) and sys.platform.startswith("linux"):
            os.environ["QT_QPA_PLATFORM"] = "offscreen"
    elif sys.platform.startswith("linux") and not (
            os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
            or os.environ.get("QT_QPA_PLATFORM")):
        return fail("there is no display to open a window on (DISPLAY is not set); "
                    "--screenshot OUT.png renders the replay without one")
    try:
        replay = Replay.open(ns.file, ns.game)
    except (StoreError, ValueError) as exc:
        return fail(str(exc))
    if ns.event is not None:
        if not 0 <= ns.event <= replay.total:
            return fail(f"--event must be from 0 to {replay.total} (the game has "
                        f"{replay.total} events)")
        replay.goto(ns.event)
    from ffl.ui.replay_window import run_replay, screenshot_replay

    if ns.screenshot is not None:
        from PySide6.QtCore import QSize

        screenshot_replay(replay, ns.screenshot, QSize(*size) if size else None)
        print(f"wrote {ns.screenshot}")
        return 0
    return run_replay(replay)
