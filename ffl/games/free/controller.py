"""FreePlayController: every move is allowed; the log records what the players did.

Actions (``side`` is whoever acts; free play does not check turns)::

    Action.make("move", piece="P1", space="0304", level=0)   # onto any space
    Action.make("remove", piece="P1")                         # back off the map
    Action.make("face", piece="P1", facing=2)                 # 0..5 on hexes, 0..7 on squares
    Action.make("flip", piece="P1")                           # the counter's other side
    Action.make("mark", piece="P1", marker="disrupted", count=1)   # 0 takes it off
    Action.make("roll", dice=2, sides=6)                      # the values go to the log

The checks are only about the data (the piece and space exist, the facing is
one the board has); no rule of any game is applied.  Every event cites the
rule ``"free"`` (free play: no rulebook decided it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ffl.engine import (
    Action,
    BaseController,
    Change,
    Dice,
    Event,
    GameState,
    Outcome,
    Phase,
    Piece,
    Prompt,
    Scenario,
    Verdict,
)
from ffl.engine.dice import ROLLS_VAR
from ffl.engine.pieces import FACINGS, HEX_FACINGS

RULE = "free"
KINDS = ("move", "remove", "face", "flip", "mark", "roll")
PHASE = Phase("free", "Free play", RULE, "any player", KINDS)
MAX_DICE, MAX_SIDES, MAX_MARKER = 20, 100, 99


class FreePlayController(BaseController):
    """Free play on any module (see the module docstring)."""

    game_id = "free"
    phases = (PHASE,)

    # -- set-up ---------------------------------------------------------------------

    def setup(self, scenario: Scenario, options: Mapping[str, Any], seed: int) -> GameState:
        """Every piece where the scenario places it; those without a space wait
        off the map until a player drags them on."""
        n = self.module.board_for(scenario).facings
        pieces = {pl.piece: Piece(pl.piece, pl.type, pl.side, pl.space, pl.level,
                                  None if pl.facing is None else pl.facing % n,
                                  pl.status, {}, dict(pl.data))
                  for pl in scenario.placements}
        return GameState(scenario.game or self.module.game, scenario.id, int(seed), pieces,
                         {ROLLS_VAR: 0, "phase": PHASE.id})

    # -- reading ----------------------------------------------------------------------

    def facings(self, state: GameState) -> int:
        """How many facings a counter has on this board (6 on hexes, else 8)."""
        return self.board(state).facings

    def facing_name(self, state: GameState, facing: int) -> str:
        names = HEX_FACINGS if self.facings(state) == 6 else FACINGS
        return names[facing % len(names)]

    def name(self, state: GameState, pid: str) -> str:
        piece = state.pieces[pid]
        ptype = self.module.piece_types.get(piece.type)
        return ptype.name if ptype and ptype.name else pid

    def prompt(self, state: GameState) -> Prompt:
        return Prompt("", PHASE.id, "Free play: move, turn, flip and mark counters, roll "
                                    "dice; no rules are checked", KINDS)

    def outcome(self, state: GameState) -> Outcome | None:
        return None     # the players decide when a free game is over

    # -- checking ---------------------------------------------------------------------

    def legal(self, state: GameState, action: Action) -> Verdict:
        kind = action.kind
        if kind == "roll":
            n, sides = action.get("dice", 1), action.get("sides", 6)
            if not (_int(n) and 1 <= n <= MAX_DICE and _int(sides) and 2 <= sides <= MAX_SIDES):
                return Verdict.no(f"roll 1 to {MAX_DICE} dice of 2 to {MAX_SIDES} sides", RULE)
            return Verdict.yes()
        if kind not in KINDS:
            return Verdict.no(f"free play has no action {kind!r}", RULE)
        pid = action.get("piece")
        if pid not in state.pieces:
            return Verdict.no(f"there is no piece {pid!r}", RULE)
        piece = state.pieces[pid]
        if kind == "move":
            space, level = action.get("space"), action.get("level", 0)
            if space not in self.board(state):
                return Verdict.no(f"there is no space {space!r} on this board", RULE)
            if not _int(level):
                return Verdict.no("the level must be a whole number", RULE)
            return Verdict.yes()
        if kind == "remove":
            return Verdict.yes() if piece.space is not None else Verdict.no(
                "that piece is not on the map", RULE)
        if kind == "face":
            facing, n = action.get("facing"), self.facings(state)
            if not (_int(facing) and 0 <= facing < n):
                return Verdict.no(f"a facing here is a number from 0 to {n - 1}", RULE)
            if piece.space is None:
                return Verdict.no("only a counter on the map can be turned", RULE)
            return Verdict.yes()
        if kind == "mark":
            marker, count = action.get("marker"), action.get("count", 1)
            if not isinstance(marker, str) or not marker.strip() or len(marker) > 30:
                return Verdict.no("a marker needs a name of 1 to 30 characters", RULE)
            if not (_int(count) and 0 <= count <= MAX_MARKER):
                return Verdict.no(f"a marker counts 0 to {MAX_MARKER}", RULE)
            return Verdict.yes()
        return Verdict.yes()    # flip

    def legal_actions(self, state: GameState) -> Sequence[Action]:
        """A small sample for random play and tests (``legal`` accepts far more):
        each piece one step to each neighbouring space (or onto the first space
        from off the map), a turn, a flip, a marker, and one die."""
        board = self.board(state)
        first = next(iter(board.spaces), None)
        out: list[Action] = []
        for pid in sorted(state.pieces):
            piece = state.pieces[pid]
            if piece.space is None or piece.space not in board:
                if first is not None:
                    out.append(Action.make("move", piece.side, piece=pid, space=first, level=0))
                continue
            for key in sorted(board.neighbours(piece.space)):
                out.append(Action.make("move", piece.side, piece=pid, space=key,
                                       level=piece.level))
            facing = ((piece.facing or 0) + 1) % self.facings(state)
            out += [Action.make("face", piece.side, piece=pid, facing=facing),
                    Action.make("flip", piece.side, piece=pid),
                    Action.make("mark", piece.side, piece=pid, marker="hit",
                                count=(piece.markers.get("hit", 0) + 1) % 3),
                    Action.make("remove", piece.side, piece=pid)]
        out.append(Action.make("roll", "", dice=1, sides=6))
        return out

    # -- resolving ---------------------------------------------------------------------

    def resolve(self, state: GameState, action: Action) -> list[Event]:
        kind, side = action.kind, action.side
        if kind == "roll":
            n, sides = int(action.get("dice", 1)), int(action.get("sides", 6))
            purpose = str(action.get("purpose") or "").strip()[:40]
            label = f"{n}d{sides}" + (f" for {purpose}" if purpose else "")
            event = Dice.for_state(state).roll(RULE, label, n, sides, side)
            total = f" (total {sum(event.dice)})" if n > 1 else ""
            shown = ", ".join(map(str, event.dice))
            # the text starts like every free-play event's ("Free play: ...")
            return [Event(event.kind, event.rule, f"Free play: roll {label}: {shown}{total}",
                          event.changes, event.dice, side,
                          {**event.info, "purpose": purpose, "label": label})]
        pid = action["piece"]
        piece, name = state.pieces[pid], self.name(state, pid)
        if kind == "move":
            space, level = action["space"], int(action.get("level", 0))
            label = self.board(state)[space].label or space
            changes = [Change.set(pid, "space", space), Change.set(pid, "level", level)]
            if piece.status != "active":
                changes.append(Change.set(pid, "status", "active"))
            where = f"{label}" + (f" level {level}" if level else "")
            return [self._event("move", f"{name} to {where}", changes, side, pid)]
        if kind == "remove":
            return [self._event("remove", f"{name} taken off the map",
                                [Change.set(pid, "space", None),
                                 Change.set(pid, "status", "off")], side, pid)]
        if kind == "face":
            facing = int(action["facing"])
            return [self._event("face", f"{name} faces {self.facing_name(state, facing)}",
                                [Change.set(pid, "facing", facing)], side, pid)]
        if kind == "flip":
            flipped = not piece.data.get("flipped")
            face = "its back" if flipped else "its front"
            return [self._event("flip", f"{name} flipped to {face}",
                                [Change.set(pid, "data.flipped", True if flipped else None)],
                                side, pid)]
        marker, count = action["marker"].strip(), int(action.get("count", 1))
        text = (f"{name}: marker {marker} x{count}" if count else
                f"{name}: marker {marker} removed")
        return [self._event("mark", text, [Change.set(pid, f"markers.{marker}", count)],
                            side, pid)]

    @staticmethod
    def _event(kind: str, text: str, changes: list[Change], side: str, pid: str) -> Event:
        return Event(kind, RULE, f"Free play: {text}", tuple(changes), side=side,
                     info={"piece": pid})

    # -- checks -------------------------------------------------------------------------

    def invariants(self, state: GameState) -> list[str]:
        board, n = self.board(state), self.facings(state)
        out = []
        for piece in state.pieces.values():
            if piece.type not in self.module.piece_types:
                out.append(f"{piece.id} is of an unknown type {piece.type}")
            if piece.space is not None and piece.space not in board:
                out.append(f"{piece.id} on unknown space {piece.space}")
            if piece.facing is not None and not 0 <= piece.facing < n:
                out.append(f"{piece.id} has facing {piece.facing}")
            for name, count in piece.markers.items():
                if not 0 < count <= MAX_MARKER:
                    out.append(f"{piece.id} has {count} x {name}")
        return out


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
