"""The catalog: where module files live and which games and scenarios are installed.

No Qt here.  Each registered game (``ffl.games.games()``) has one module file in
the scenarios folder (the repository's ``scenarios/``, or ``$FFL_SCENARIOS_DIR``).
``build`` writes those files from each game's ``build_module()``, with a
readable JSON export beside each for review in version control.

Command line::

    python -m ffl.catalog build [GAME...]   # write scenarios/<file> and <file>.json
    python -m ffl.catalog list              # installed scenarios
"""

from __future__ import annotations

import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .engine import Module
from .games import game_of, games
from .shipped import shipped_dir
from .store import StoreError, module_dump, save_module
from .store import load_module as _load_file

if TYPE_CHECKING:
    from .session import GameSession

ENV_DIR = "FFL_SCENARIOS_DIR"

_cache: dict[Path, tuple[tuple[int, int, int], Module]] = {}
#: the scenario list of each module file (``ffl list``), by the same stamp
_titles: dict[Path, tuple[tuple[int, int, int], list[tuple[str, str, str]]]] = {}


def scenarios_dir() -> Path:
    """The folder holding the module files (``$FFL_SCENARIOS_DIR`` overrides)."""
    override = os.environ.get(ENV_DIR)
    if override:
        return Path(override).expanduser()
    return shipped_dir("scenarios")     # checkout, desktop bundle or installed wheel


def module_path(game_id: str) -> Path:
    """The module file of a registered game (KeyError for an unknown game)."""
    known = games()
    if game_id not in known or not known[game_id].module_file:
        raise KeyError(f"unknown game {game_id!r} (known: {', '.join(sorted(known))})")
    return scenarios_dir() / known[game_id].module_file


def load_module(game_id: str) -> Module:
    """The game's module, read once and kept until its file is replaced or changed.

    The same object is returned while the file is unchanged: treat it as read-only.
    """
    path = module_path(game_id)
    try:
        st = path.stat()
    except OSError:
        raise StoreError(path, "does not exist (run: python -m ffl.catalog build "
                               f"{game_id})") from None
    stamp = _stamp(st)
    hit = _cache.get(path)
    if hit is not None and hit[0] == stamp:
        return hit[1]
    module = _load_file(path, shared=True)     # a save of this module shares it
    from .store.files import pin_shared  # (and keeps it, however many come after)

    pin_shared(module, replaces=hit[1] if hit is not None else None)
    _cache[path] = (stamp, module)
    return module


def _stamp(st: os.stat_result) -> tuple[int, int, int]:
    return (st.st_ino, st.st_mtime_ns, st.st_size)  # a save is a new file (new inode)


def _scenario_rows(game_id: str) -> list[tuple[str, str, str]]:
    """The id, title and description of each scenario of a game's module file,
    read without building its boards (the module itself when already read)."""
    from .store.files import read_scenario_list

    path = module_path(game_id)
    st = path.stat()
    hit = _cache.get(path)
    if hit is not None and hit[0] == _stamp(st):
        return [(sc.id, sc.title, sc.description) for sc in hit[1].scenarios.values()]
    seen = _titles.get(path)
    if seen is not None and seen[0] == _stamp(st):
        return seen[1]
    _, rows = read_scenario_list(path)
    _titles[path] = (_stamp(st), rows)
    return rows


def has_scenario(scenario_id: str) -> bool:
    """Whether an installed game's module file has the scenario ``scenario_id``:
    only that game's file is read (StoreError if it is broken; False if missing)."""
    game = scenario_id.split("/", 1)[0]
    if "/" not in scenario_id or game not in games() or not module_path(game).is_file():
        return False
    return any(sid == scenario_id for sid, _, _ in _scenario_rows(game))


@dataclass(frozen=True)
class ScenarioInfo:
    id: str
    title: str
    game: str
    game_title: str
    description: str


def list_scenarios() -> list[ScenarioInfo]:
    """Every scenario of every installed game, in registry then module order.

    Games whose module file is missing are skipped; a broken file raises StoreError.
    Only the scenario rows are read (after every check of the file itself).
    """
    out = []
    for game_id, info in games().items():
        if not module_path(game_id).is_file():
            continue
        for sid, title, description in _scenario_rows(game_id):
            out.append(ScenarioInfo(sid, title, game_id, info.title, description))
    return out


def new_session(
    scenario_id: str, seed: int | None = None, options: dict[str, Any] | None = None,
    rules: str | None = None,
) -> GameSession:
    """A new game of an installed scenario (``"ffl/basic"``), in ``rules`` mode
    (``enforce`` by default, ``advise`` or ``off``)."""
    from .session import GameSession

    module = load_module(game_of(scenario_id).id)
    return GameSession.new(module, scenario_id, seed=seed, options=options, rules=rules)


@dataclass(frozen=True)
class BuildResult:
    game: str
    path: Path | None       # the module file written, None if skipped
    message: str


def build(game_ids: list[str] | None = None) -> list[BuildResult]:
    """Write each game's module file (and its ``.json`` export) from ``build_module()``.

    A game whose builder cannot be imported yet is reported and skipped.
    """
    results = []
    known = games()
    for game_id in game_ids or list(known):
        if game_id not in known:
            results.append(BuildResult(game_id, None, f"{game_id}: unknown game, skipped"))
            continue
        try:
            module = known[game_id].build_module()
        except ImportError as exc:
            results.append(BuildResult(game_id, None,
                                       f"{game_id}: builder not available ({exc}), skipped"))
            continue
        path = module_path(game_id)
        path.parent.mkdir(parents=True, exist_ok=True)
        save_module(module, path)
        export = path.with_name(path.name + ".json")
        text = json.dumps(module_dump(module), indent=1, sort_keys=True, ensure_ascii=False)
        tmp = export.with_name(f".{export.name}.tmp")
        tmp.write_text(text + "\n", encoding="utf-8")
        os.replace(tmp, export)
        n_spaces = sum(len(b) for b in module.boards.values())
        results.append(BuildResult(game_id, path, (
            f"{game_id}: wrote {path} ({len(module.boards)} boards, {n_spaces} spaces, "
            f"{len(module.piece_types)} piece types, {len(module.scenarios)} scenarios)")))
    return results


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    command = args.pop(0) if args else "list"
    try:
        if command == "build":
            results = build(args or None)
            for r in results:
                print(r.message)
            return 0 if any(r.path for r in results) or not results else 1
        if command == "list":
            for info in list_scenarios():
                print(f"{info.id:24} {info.title}  [{info.game_title}]")
            return 0
    except StoreError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print("usage: python -m ffl.catalog build [GAME...] | list", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
