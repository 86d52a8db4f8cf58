"""The ``ffl`` command line: play, list, open, screenshot, self-play.

Bad arguments (unknown scenario, missing file) give a one-line error and exit
code 2.  Qt is imported only by the commands that open a window.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import ffl
from ffl.games.manifest import RULES_MODES

COMMANDS = ("list", "open", "selfplay", "print", "tournament")
# --screenshot's window size when --size is not given (ffl.ui.app.SCREENSHOT_SIZE; kept
# here as numbers so that --help needs no Qt), and the sizes --size accepts
DEFAULT_SHOT_SIZE = (1400, 900)
MIN_SHOT_SIZE = (640, 480)
MAX_SHOT_SIZE = (7680, 4320)


def print_sheets() -> tuple[str, ...]:
    """The sheets of ``ffl print``: every sheet a game's manifest lists (read
    from the manifests, so --help needs no Qt)."""
    from ffl.games import games
    from ffl.games.manifest import SHARED_SHEETS

    ids = [s.id for g in games().values() for s in g.sheets] + [s.id for s in SHARED_SHEETS]
    return tuple(dict.fromkeys(ids))


EXAMPLES = """\
commands:
  ffl [SCENARIO]              play a scenario (default: %(default)s)
  ffl FILE                    same as ffl open FILE
  ffl list                    installed games and scenarios
  ffl open FILE               open a saved game (.fflsave) or a module (.ffl);
                              --scenario ID picks a module's scenario
  ffl selfplay --scenario ID  random legal games, headless, with a summary
                              (--policy goal: play toward the victory rules)
  ffl tournament --scenario ID --levels easy,hard --games 50
                              computer opponents against each other: win rates,
                              actions a second, thinking time per action
  ffl print SHEET --scenario ID -o OUT.pdf
                              character-sheet, setup-sheet, gameboard or game-card
  ffl print SHEET --module FILE [--scenario ID] -o OUT.pdf
                              a sheet of a module file (one made in the editor)

examples:
  ffl                                  play the default scenario
  ffl ffl/basic --seed 7               the FFL basic game with dice seed 7
  ffl ffl/basic --rules advise         warn about illegal moves instead of refusing
  ffl open my-module.ffl --scenario mygame/first
  ffl list
  ffl open ~/game.fflsave
  ffl replay ~/game.fflsave --event 40  step through a saved game (bookmarks, branches)
  ffl replay turn-3.fflturn --game ~/game.fflsave   the moves of a turn file, on your game
  ffl email-seed offer -o offer.json   make an e-mail game's seed with the other player
  ffl ffl/basic --screenshot map.png   write a picture of the window and exit
  ffl ffl/basic --screenshot map.png --size 1366x768   ... of a window that size
  ffl selfplay --scenario ffl/basic --games 20 --seed 1
  ffl print gameboard --scenario ffl/basic -o fort.pdf --paper Letter
"""


class UsageError(Exception):
    """A bad argument: printed as one line, exit code 2."""


def _default_scenario() -> str:
    from ffl.games import DEFAULT_SCENARIO

    return DEFAULT_SCENARIO


def _play_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ffl", formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Play printed board wargames on screen, with the rules enforced.",
        epilog=EXAMPLES % {"default": _default_scenario()})
    parser.add_argument("scenario", nargs="?", help="scenario id, e.g. ffl/basic")
    _window_options(parser)
    parser.add_argument("--version", action="version", version=f"ffl {ffl.__version__}")
    return parser


def _window_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seed", type=int, default=None, help="dice seed of a new game")
    parser.add_argument("--rules", choices=RULES_MODES, default=None,
                        help="enforce the rules (default), advise (warn, then allow and "
                             "log a breach) or off (free play)")
    parser.add_argument("--screenshot", metavar="OUT.png", type=Path,
                        help="render the window to a PNG and exit instead of playing")
    parser.add_argument("--size", metavar="WIDTHxHEIGHT", default=None,
                        help="with --screenshot: the window's size in pixels, e.g. "
                             f"1366x768 (default {DEFAULT_SHOT_SIZE[0]}x"
                             f"{DEFAULT_SHOT_SIZE[1]})")


def _open_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="ffl open",
                                     description="Open a saved game or a module file.")
    parser.add_argument("file", type=Path)
    parser.add_argument("--scenario", default=None,
                        help="which scenario of a module file to play (default: ask when "
                             "it has several)")
    _window_options(parser)
    return parser


def _list_parser() -> argparse.ArgumentParser:
    return argparse.ArgumentParser(prog="ffl list",
                                   description="List installed games and scenarios.")


def _selfplay_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ffl selfplay", description="Play random legal games headless and summarise.")
    parser.add_argument("--scenario", default=None, help="scenario id (default: the default)")
    parser.add_argument("--games", type=int, default=10, help="how many games (default 10)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game")
    parser.add_argument("--max-actions", type=int, default=None,
                        help="give up a game after this many actions")
    parser.add_argument("--policy", choices=("random", "goal"), default="random",
                        help="random: uniform among the legal actions (default); goal: the "
                             "game's own policy toward its victory rules (FFL: enter, climb, "
                             "melee, fire at the nearest)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME",
                        help="switch a game option on (repeatable), e.g. heavy_weapons "
                             "for FFL's machinegun and cannon (14)")
    return parser


def _print_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ffl print", description="Write a play aid to a PDF file.")
    parser.add_argument("sheet", choices=print_sheets())
    parser.add_argument("--scenario", default=None, help="scenario id, e.g. ffl/basic")
    parser.add_argument("-o", "--output", required=True, type=Path, metavar="OUT.pdf")
    parser.add_argument("--paper", choices=("A4", "Letter"), default="A4")
    parser.add_argument("--blank-grid", action="store_true",
                        help="gameboard: a blank labelled grid for secret plots")
    parser.add_argument("--save", type=Path, metavar="FILE",
                        help="print from a saved game (current positions and wounds)")
    parser.add_argument("--module", type=Path, metavar="FILE",
                        help="print from a module file (.ffl), e.g. one made in the "
                             "editor; --scenario picks its scenario (default: the first)")
    parser.add_argument("--side", default="", metavar="SIDE",
                        help="with --save: print for this side (its own secrets shown, "
                             "never the other side's); without it no secret is printed")
    return parser


def cmd_print(ns: argparse.Namespace) -> int:
    from ffl.printing.command import run_print
    from ffl.printing.source import SheetError

    try:
        print(run_print(ns.sheet, ns.output, ns.scenario, ns.save, ns.paper, ns.blank_grid,
                        module=ns.module, side=ns.side))
    except SheetError as exc:
        raise UsageError(str(exc)) from exc
    return 0


# -- commands ---------------------------------------------------------------------------


def _check_scenario(scenario_id: str) -> None:
    """Cheap checks before a window opens (the full check follows on loading)."""
    from ffl.games import games

    game = scenario_id.split("/", 1)[0]
    if "/" not in scenario_id or game not in games():
        raise UsageError(f"unknown scenario {scenario_id!r} (see: ffl list)")


def _looks_like_file(arg: str) -> bool:
    """A path to open rather than a scenario id (``ffl/basic`` is an id)."""
    return arg.endswith((".ffl", ".fflsave")) or Path(arg).is_file()


def _check_file(path: Path) -> None:
    if not path.exists():   # a folder or a pipe is named as one when it is opened
        raise UsageError(f"no such file: {path}")


def cmd_list() -> int:
    from ffl import catalog
    from ffl.games import games

    scenarios = catalog.list_scenarios()
    if not scenarios:
        print(f"no games installed in {catalog.scenarios_dir()}")
        return 0
    width = max(len(s.id) for s in scenarios) + 2
    for game_id, info in games().items():
        mine = [s for s in scenarios if s.game == game_id]
        if not mine:
            continue
        print(f"{game_id:{width}}{info.title}")
        for s in mine:
            print(f"{s.id:{width}}{s.title}")
    return 0


def cmd_selfplay(args: argparse.Namespace) -> int:
    from ffl import selfplay

    scenario = args.scenario or _default_scenario()
    _check_scenario(scenario)
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    kwargs = {} if args.max_actions is None else {"max_actions": args.max_actions}
    if args.option:
        from ffl.games import game_of

        game = game_of(scenario)
        unknown = [name for name in args.option if game.option(name) is None]
        if unknown:
            raise UsageError(f"unknown option {unknown[0]!r} (choose from "
                             f"{', '.join(o.id for o in game.options)})")
        kwargs["options"] = {name: True for name in args.option}
    lines = selfplay.run(scenario, args.games, args.seed, policy=args.policy, **kwargs)
    for line in lines:
        print(line)
    return 1 if any(line.lstrip().startswith("error:") for line in lines) else 0


def parse_size(text: str) -> tuple[int, int]:
    """``--size``: ``1366x768`` as (width, height); UsageError for anything else."""
    width, sep, height = text.strip().lower().partition("x")
    if not (sep and width.isdigit() and height.isdigit()):
        raise UsageError(f"--size {text!r}: give the width and height in pixels as "
                         "WIDTHxHEIGHT, e.g. 1366x768")
    size = (int(width), int(height))
    low, high = MIN_SHOT_SIZE, MAX_SHOT_SIZE
    if not all(lo <= n <= hi for n, lo, hi in zip(size, low, high, strict=True)):
        raise UsageError(f"--size {text}: the window can be from {low[0]}x{low[1]} to "
                         f"{high[0]}x{high[1]} pixels")
    return size


def cmd_window(scenario: str | None, path: Path | None, seed: int | None,
               shot: Path | None, rules: str | None = None, size: str | None = None) -> int:
    """Open the play window on an installed scenario, or on a file (``scenario``
    then picks a module file's scenario); ``size`` (WIDTHxHEIGHT) goes with ``shot``."""
    if size is not None and shot is None:
        raise UsageError("--size sets the size of a --screenshot; give --screenshot "
                         "OUT.png with it")
    width, height = parse_size(size) if size is not None else DEFAULT_SHOT_SIZE
    if path is not None:
        _check_file(path)
    else:
        scenario = scenario or _default_scenario()
        _check_scenario(scenario)
    headless = _no_display()
    if shot is not None:
        from ffl.output_path import output_problem

        problem = output_problem(shot, "map.png")
        if problem:
            raise UsageError(problem)
        if headless:   # nothing to show a window on: render it offscreen instead
            os.environ["QT_QPA_PLATFORM"] = "offscreen"
        from PySide6.QtCore import QSize

        from ffl.ui.app import screenshot
        from ffl.ui.game_files import LoadError

        try:
            window = screenshot(shot, scenario, path, seed, size=QSize(width, height),
                                rules=rules)
        except LoadError as exc:
            raise UsageError(str(exc)) from exc
        got = window.size()
        if (got.width(), got.height()) != (width, height):   # the window's own minimum
            print(f"wrote {shot} ({got.width()}x{got.height()}: the window is no smaller "
                  f"than that)")
        else:
            print(f"wrote {shot}")
        return 0
    if headless:
        raise UsageError("there is no display to open a window on (DISPLAY is not set); "
                         "--screenshot OUT.png renders the window without one")
    from ffl.ui.app import run

    return run(scenario, path, seed, rules=rules)


def _no_display() -> bool:
    """True on Linux with no X11 or Wayland display and no Qt platform chosen."""
    if not sys.platform.startswith("linux") or os.environ.get("QT_QPA_PLATFORM"):
        return False
    return not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


# the exit code of a command whose reader went away: what a shell shows for a
# program ended by SIGPIPE (128 + 13), e.g. under `set -o pipefail`
BROKEN_PIPE_EXIT = 141


def main(argv: list[str] | None = None) -> int:
    """Run one command; a reader that closes the pipe early (``ffl list | head -3``)
    ends it quietly, with no traceback and no "Exception ignored" at exit."""
    try:
        code = _main(argv)
        sys.stdout.flush()   # a buffered rest fails here, not at interpreter exit
        return code
    except BrokenPipeError:
        _drop_stdout()
        return BROKEN_PIPE_EXIT


def _drop_stdout() -> None:
    """Point stdout at the null device, so that Python's own flush at exit finds
    nothing to write into the closed pipe (the recipe of Python's signal docs)."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):   # a stand-in stdout (tests): no pipe
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)


def _main(argv: list[str] | None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    command = next((a for a in args if not a.startswith("-")), None)
    if command == "replay" and args[0] == command:   # ffl replay FILE: ffl/replay_cli.py
        from ffl.replay_cli import main as replay

        return replay(args[1:])
    if command == "email-seed" and args[0] == command:     # ffl/seed_commit.py
        from ffl.seed_commit import main as email_seed

        return email_seed(args[1:])
    if command == "seal" and args[0] == command:       # ffl seal SAVE --for SIDE: seal_cli.py
        from ffl.seal_cli import main as seal

        return seal(args[1:])
    try:
        if command in COMMANDS and args[0] == command:
            rest = args[1:]
            if command == "list":
                _list_parser().parse_args(rest)
                return cmd_list()
            if command == "print":
                return cmd_print(_print_parser().parse_args(rest))
            if command == "open":
                ns = _open_parser().parse_args(rest)
                return cmd_window(ns.scenario, ns.file, ns.seed, ns.screenshot, ns.rules,
                                  ns.size)
            if command == "tournament":
                from ffl.opponents.tournament import main as tournament

                return tournament(rest)
            return cmd_selfplay(_selfplay_parser().parse_args(rest))
        ns = _play_parser().parse_args(args)
        if ns.scenario and _looks_like_file(ns.scenario):  # `ffl FILE`, as file managers call it
            return cmd_window(None, Path(ns.scenario), ns.seed, ns.screenshot, ns.rules,
                              ns.size)
        return cmd_window(ns.scenario, None, ns.seed, ns.screenshot, ns.rules, ns.size)
    except UsageError as exc:
        print(f"ffl: error: {exc}", file=sys.stderr)
        return 2
    except SystemExit as exc:  # argparse: --help, --version, bad options
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    except Exception as exc:  # a broken file or module: one line, not a traceback
        from ffl.store import StoreError

        if isinstance(exc, StoreError | KeyError):
            print(f"ffl: error: {exc.args[0] if isinstance(exc, KeyError) else exc}",
                  file=sys.stderr)
            return 2
        raise


if __name__ == "__main__":
    sys.exit(main())
