"""A tiny game for the play-window tests: three boards (squares with side
features, hexes, free polygons with links) and a controller whose only rules
are "move a piece to an orthogonal neighbour" (T.1) and "end the turn" (T.2).
The game ends after turn 3 (T.3)."""

from __future__ import annotations

from ffl.engine import (
    Action,
    BaseController,
    Change,
    Event,
    GameState,
    Link,
    Module,
    Outcome,
    Piece,
    PieceType,
    Placement,
    Prompt,
    Scenario,
    Side,
    Verdict,
)
from ffl.engine.grids import hex_grid, polygon_board, square_grid

GAME = "tiny"
LAST_TURN = 3


def _terrain(c: int, r: int) -> dict:
    if c >= 4:
        return {"terrain": "building", "level": 1}
    if r == 3:
        return {"terrain": "water"}
    return {"terrain": "sand" if (c + r) % 3 else "clear"}


def build_module() -> Module:
    squares = square_grid(6, 4, attrs=_terrain, name="squares", sides=[
        Side("A1", "B1", features={"thick-wall"}),
        Side("B2", "C2", features={"door"}),
        Side("C1", "C2", features={"window", "thin-wall"}),
        Side("D3", "D4", features={"river"}),
    ], links=[Link("A1", "F4", "stairway")])
    hexes = hex_grid(5, 4, name="hexes", attrs=lambda c, r: {"terrain": "woods" if c == 2 else "clear"})
    zones = polygon_board({
        "north": [(0, 0), (4, 0), (4, 2), (0, 2)],
        "south": [(0, 2), (2, 2), (2, 4), (0, 4)],
        "east": [(2, 2), (4, 2), (4, 4), (2, 4)],
        "box": [(5, 0), (6, 0), (6, 1), (5, 1)],
    }, name="zones", links=[Link("north", "box", "inset", directed=True)])
    types = {
        "rifle": PieceType("rifle", "Pvt. Adler", "blue", values={"label": "F3 M2"}),
        "sgt": PieceType("sgt", "Sgt. Kurtz", "blue"),
        "raider": PieceType("raider", "Raider", "red"),
    }
    placements = [
        Placement("b1", "rifle", "blue", "B2", facing=2),
        Placement("b2", "sgt", "blue", "B2", facing=4),
        Placement("r1", "raider", "red", "E3", facing=6),
    ]
    scenarios = {
        "tiny/squares": Scenario("tiny/squares", GAME, "Square skirmish", "squares",
                                 "Two legionnaires and a raider on a small square grid.",
                                 ("blue", "red"), placements=placements),
        "tiny/hexes": Scenario("tiny/hexes", GAME, "Hex patrol", "hexes",
                               "A patrol on hexes.", ("blue", "red"),
                               placements=[Placement("b1", "rifle", "blue", "0202", facing=0)]),
        "tiny/zones": Scenario("tiny/zones", GAME, "Zones", "zones", "Areas and a box.",
                               ("blue", "red"),
                               placements=[Placement("r1", "raider", "red", "east")]),
    }
    return Module("tiny", GAME, "Tiny Test Game", boards={
        "squares": squares, "hexes": hexes, "zones": zones,
    }, piece_types=types, scenarios=scenarios)


class TinyController(BaseController):
    game_id = GAME

    def setup(self, scenario: Scenario, options, seed: int) -> GameState:
        pieces = {p.piece: Piece(p.piece, p.type, p.side, p.space, p.level, p.facing)
                  for p in scenario.placements}
        return GameState(GAME, scenario.id, seed, pieces, {"turn": 1})

    def prompt(self, state: GameState) -> Prompt:
        side = "blue" if state.vars["turn"] % 2 else "red"
        return Prompt(side, "movement", "move a piece or end the turn", ("move", "end_turn"))

    def legal_actions(self, state: GameState) -> list[Action]:
        if self.outcome(state):
            return []
        board = self.board(state)
        side = self.prompt(state).side
        out = [Action.make("end_turn", side)]
        for p in sorted(state.active(), key=lambda p: p.id):
            if p.side == side:
                out += [Action.make("move", side, piece=p.id, to=n)
                        for n in sorted(board.orthogonal(p.space))]
        return out

    def legal(self, state: GameState, action: Action) -> Verdict:
        if self.outcome(state):
            return Verdict.no("the game is over", "T.3")
        if action.kind == "end_turn":
            return Verdict.yes()
        if action.kind != "move":
            return Verdict.no(f"unknown action {action.kind}", "T.1")
        piece = state.pieces.get(action.get("piece"))
        if piece is None or not piece.on_board:
            return Verdict.no("no such piece on the board", "T.1")
        if action.get("to") not in self.board(state).orthogonal(piece.space):
            return Verdict.no("a piece moves to an orthogonal neighbour only", "T.1")
        return Verdict.yes()

    def resolve(self, state: GameState, action: Action) -> list[Event]:
        if action.kind == "end_turn":
            turn = state.vars["turn"] + 1
            return [Event("turn", "T.2", f"T.2 Turn {turn} begins", (Change.var("turn", turn),))]
        piece = state.pieces[action["piece"]]
        name = self.module.piece_types[piece.type].name
        return [Event("move", "T.1", f"T.1 Move {name} {piece.space} -> {action['to']}",
                      (Change.set(piece.id, "space", action["to"]),), side=action.side)]

    def outcome(self, state: GameState) -> Outcome | None:
        if state.vars["turn"] > LAST_TURN:
            return Outcome(None, f"T.3 The game ends after turn {LAST_TURN}: a draw", "T.3")
        return None
