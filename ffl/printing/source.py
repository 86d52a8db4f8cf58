"""What a sheet is printed from: a module and scenario, and maybe a game in progress."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ffl.engine import Board, GameState, Module, Scenario


class SheetError(ValueError):
    """A sheet cannot be printed from this source (one line, for the user)."""


@dataclass
class PrintSource:
    """A scenario of a module; ``state`` is set when printing a game in progress."""

    module: Module
    scenario: Scenario
    state: GameState | None = None
    board: Board | None = None
    origin: str = ""        # where it came from, for the footer (a file name)
    options: dict[str, Any] | None = None
    #: printed for this side: ``state`` is that side's view (its own secrets
    #: shown, no other side's); "" for nobody (every side's secrets hidden)
    side: str = ""

    @property
    def game_board(self) -> Board:
        return self.board or self.module.board_for(self.scenario)

    @property
    def options_in_force(self) -> dict[str, Any]:
        return dict(self.scenario.options if self.options is None else self.options)

    @classmethod
    def for_scenario(cls, scenario_id: str) -> PrintSource:
        """An installed scenario (``ffl/basic``); KeyError for an unknown one."""
        from ffl import catalog
        from ffl.games import game_of

        module = catalog.load_module(game_of(scenario_id).id)
        if scenario_id in module.scenarios:
            return cls(module, module.scenarios[scenario_id], origin=scenario_id)
        draft = draft_scenario(module, scenario_id)
        if draft is None:
            drafts = [d.get("id", "") for d in module.attrs.get("draft_scenarios", [])]
            known = ", ".join(sorted(module.scenarios) + drafts)
            raise KeyError(f"no scenario {scenario_id!r} in {module.title} (known: {known})")
        return cls(module, draft, origin=scenario_id)

    @classmethod
    def from_session(cls, session, side: str = "") -> PrintSource:
        """The game a :class:`~ffl.session.GameSession` is playing, as it stands,
        as ``side`` may see it (a game with secrets: ``controller.view``; for
        nobody, ``""``, every side's secrets are left out)."""
        state = session.state
        board = session.controller.board(state)
        # always the view: for nobody ("") every side's secrets go (a Legend Begins
        # game with Fog of War printed for nobody showed the units on every
        # Organization Card; only FFL's were asked for before)
        state = session.controller.view(state, side)
        origin = session.path.name if session.path else session.scenario.id
        return cls(session.module, session.scenario, state, board, origin,
                   dict(session.options), side)

    @classmethod
    def from_save(cls, path: str | Path, side: str = "") -> PrintSource:
        """A saved game file, as ``side`` may see it (raises store.StoreError for
        a bad file)."""
        from ffl.session import GameSession

        return cls.from_session(GameSession.load(Path(path)), side)


def draft_scenario(module: Module, scenario_id: str) -> Scenario | None:
    """A scenario kept as a draft in ``module.attrs["draft_scenarios"]`` (not yet
    playable, but its set-up sheet can be printed), or None."""
    for d in module.attrs.get("draft_scenarios", []):
        if isinstance(d, dict) and d.get("id") == scenario_id:
            board = d.get("board") or next(iter(module.boards), "")
            note = " (draft: not playable yet)"
            return Scenario(scenario_id, module.game, str(d.get("title", scenario_id)) + note,
                            board, str(d.get("description", "")), tuple(d.get("sides", ())),
                            dict(d.get("options", {})), dict(d.get("setup", {})))
    return None
