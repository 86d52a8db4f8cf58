"""Sample modules and a tiny rules controller shared by the store tests."""

from __future__ import annotations

from ffl.engine import (
    Action,
    BaseController,
    Change,
    Dice,
    Event,
    GameState,
    Link,
    Module,
    Piece,
    PieceType,
    Placement,
    Prompt,
    Scenario,
    Side,
    Verdict,
)
from ffl.engine.grids import hex_grid, polygon_board, square_grid


def sample_module() -> Module:
    """A square map with walls, doors and stairways, a hex map and a zone map."""
    walls = [
        Side("B2", "C2", features={"thick-wall"}, attrs={"levels": [0, 1]}),
        Side("B2", "B3", features={"door", "thin-wall"}),
        Side("D4", "E4", features={"window"}),
    ]
    links = [
        Link("A1", "A1", "stairway", {"levels": (0, 1)}),
        Link("B2", "E5", "egress", {"cost": 2}, directed=True),
    ]

    def terrain(c: int, r: int) -> dict:
        attrs = {"terrain": "rooftop" if (c + r) % 3 == 0 else "open"}
        if c == 2 and r == 2:
            attrs["dot"] = (2.25, 2.75)
        return attrs

    fort = square_grid(6, 5, attrs=terrain, sides=walls, links=links, name="fort",
                       board_attrs={"title": "Fort Zinderneuf", "scale": 0.5})
    desert = hex_grid(5, 4, attrs=lambda c, r: {"elevation": (c * r) % 3}, name="desert",
                      sides=[Side("0101", "0102", features={"river"})])
    africa = polygon_board(
        {"north": [(0, 0), (4, 0), (4, 2), (0, 2)],
         "south": [(0, 2), (4, 2), (4, 4), (0, 4)],
         "oasis": [(4, 2), (5, 2), (5, 3), (4, 3)]},
        attrs={"oasis": {"value": 3, "names": ["Bir", "Hakeim"]}},
        links=[Link("north", "oasis", "caravan")],
        name="africa",
    )
    types = {
        "leg-rifle": PieceType("leg-rifle", "Legionnaire", "legion", "character", "1 Sec",
                               {"fire": 3, "melee": 2, "weapons": ["rifle", "bayonet"]}),
        "bed-chief": PieceType("bed-chief", "Sheikh", "bedouin", "leader", "",
                               {"command": 2, "morale": None}),
        "camel": PieceType("camel", "Camel", "bedouin", "marker"),
    }
    basic = Scenario(
        "demo/basic", "demo", "Basic", "fort", "A short fight at the fort.",
        ("legion", "bedouin"), {"night": False}, {"legion": {"zone": ["A1", "B2"]}},
        [
            Placement("L1", "leg-rifle", "legion", "B2", 1, 2),
            Placement("L2", "leg-rifle", "legion", "C3", 0, None, data={"rope": True}),
            Placement("S1", "bed-chief", "bedouin", None, 0, None, "off", {"enters": 3}),
        ],
    )
    desert_sc = Scenario("demo/desert", "demo", "Desert march", "desert",
                         sides=("legion", "bedouin"),
                         placements=[Placement("C1", "camel", "bedouin", "0304")])
    return Module("demo", "demo", "Demo module", "3",
                  boards={"fort": fort, "desert": desert, "africa": africa},
                  piece_types=types,
                  scenarios={"demo/basic": basic, "demo/desert": desert_sc},
                  attrs={"publisher": "test", "year": 2024})


class TinyController(BaseController):
    """Move a piece to a neighbouring square, or shoot (one die, 6.72 in these tests)."""

    game_id = "demo"

    def setup(self, scenario, options, seed):
        state = GameState(self.game_id, scenario.id, seed)
        for p in scenario.placements:
            state.pieces[p.piece] = Piece(p.piece, p.type, p.side, p.space, p.level,
                                          p.facing, p.status, {}, dict(p.data))
        state.vars["turn"] = 1
        return state

    def prompt(self, state):
        return Prompt("legion", "move", "move or shoot", ("move", "shoot"))

    def outcome(self, state):
        return None

    def legal_actions(self, state):
        board = self.board(state)
        return [Action.make("move", "legion", piece=p.id, to=to)
                for p in state.pieces.values() if p.on_board
                for to in sorted(board.orthogonal(p.space))]

    def legal(self, state, action):
        piece = state.pieces.get(action.get("piece"))
        if piece is None or not piece.on_board:
            return Verdict.no("no such piece on the board", "1.0")
        if action.kind == "move":
            board = self.board(state)
            if action.get("to") not in board.orthogonal(piece.space):
                return Verdict.no("not next to the piece", "5.1")
        return Verdict.yes()

    def resolve(self, state, action):
        if action.kind == "move":
            return [Event("move", "5.1", f"5.1 {action['piece']} moves to {action['to']}",
                          [Change.set(action["piece"], "space", action["to"])])]
        dice = Dice.for_state(state)
        roll = dice.roll("6.72", "shot")
        hit = roll.dice[0] >= 4
        result = Event("shot", "6.72", f"6.72 shot: {'hit' if hit else 'miss'}",
                       [Change.set(action["target"], "markers.stun", 1)] if hit else [],
                       info={"need": 4})
        return [roll, result, Event("turn", "2.1", "2.1 next turn",
                                    [Change.var("turn", state.vars["turn"] + 1)])]


def play(controller: TinyController, scenario_id: str, seed: int) -> tuple[GameState, list]:
    """A few actions of the tiny game: the initial state and every event."""
    module = controller.module
    initial = controller.setup(module.scenarios[scenario_id], {}, seed)
    state, events = initial, []
    for action in (Action.make("move", "legion", piece="L2", to="C4"),
                   Action.make("shoot", "legion", piece="L1", target="L2"),
                   Action.make("move", "legion", piece="L1", to="A2"),
                   Action.make("shoot", "legion", piece="L2", target="L1"),
                   Action.make("shoot", "legion", piece="L2", target="L1")):
        state, new = controller.step(state, action)
        events.extend(new)
    return initial, events
