"""GloryGameUI: playing Limits of Glory in the play window, hot-seat or against the program.

The map shows the state as the player at the screen may see it
(``controller.view``): in the hot-seat game, while the French hold a secret (the
real fleet), the hand-over screen covers the window each time the other player
must act.  The program may play either side (the New game dialog's Players, kept
under ``PROGRAM_KEY``; a save of the older "allied_player: program" option reads
as the Allies at the normal level): the window's shared runner
(:mod:`ffl.ui.opponent`) thinks off the GUI thread, holds the controls off, plays
its moves one by one at the chosen pace, follows them on the map and takes them
back with an undo; the map and the docks show the side played at the screen.

Mouse: click a space to activate it (or to answer a question about a space:
where the Bedouin go, where the army lands, where elements break off...);
drag a marker out of the activated space onto a neighbour to move (a dialog
chooses what goes); right-click a space for every action concerning it.
The Orders dock holds the dice (click faces to choose re-rolls) and the
answers as buttons; the Campaign dock the number track, momentum, the event
clock and the commanders' glory.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QGraphicsLineItem

from ffl.engine import Action, Event
from ffl.opponents import program_sides
from ffl.ui.game_ui import GameUI
from ffl.ui.opening import open_on, reading_zoom
from ffl.ui.style import UNIT

from .decor import NAME_TEXT, MapDecor
from .map_input import GloryMapInput
from .markers import MarkerLayer
from .move_dialog import MoveDialog
from .orders import OrdersPanel, answers_for
from .panel import CampaignPanel
from .stacks import click_targets
from .style import GloryStyle

SIDE_TITLES = {"french": "French", "allied": "Allied"}
#: the answers to French squadrons off Malta (Malta: Safe harbour)
HARBOUR_ANSWERS = {True: "Withdraw into Malta's harbour", False: "Fight them at sea"}


class GloryGameUI(GloryMapInput, GameUI):
    #: it adds items to the scene (the decor, kept with it as a part; the markers) and
    #: hides the board's own labels, as it does again on the scene kept: another game
    #: on the same board keeps the scene (BoardScene.clear_game; issue 12).  (Its
    #: restyling of the spaces is for a board drawn otherwise: never a kept scene's,
    #: whose look is the module's own GloryStyle.)
    keeps_board_scene = True
    #: its markers (markers.py) are the pieces: the window makes no engine counters
    draws_own_pieces = True

    def __init__(self, host, session) -> None:
        super().__init__(host, session)
        #: {side: level} of the sides the program plays (the contract's reading)
        upgrade = getattr(self.controller, "program_options", None)
        self.program = program_sides(upgrade(session.options) if callable(upgrade)
                                     else session.options)
        #: whether the program plays a side (the screen then is the other side's)
        self.solo = bool(self.program)
        self.viewer: str | None = None
        self.move_dialog: MoveDialog | None = None
        self._drag = None
        self._line: QGraphicsLineItem | None = None
        self._press: QPointF | None = None
        self._pressed = None        # the marker pressed on, if any
        self._card_at: QPointF | None = None    # where the card was last dragged to
        self._phase = None          # the phase last shown (the map opens again on a new one)

    # -- building ------------------------------------------------------------------------------

    def attach(self) -> None:
        scene = self.scene
        if not isinstance(scene.style, GloryStyle):
            scene.style = GloryStyle(tuple(self.session.scenario.sides))
            scene.setBackgroundBrush(scene.style.background)
            for key, item in scene.space_items.items():
                item.setBrush(scene.style.space_brush(scene.board[key]))
                item.setPen(scene.style.space_pen(scene.board[key]))
        for label in scene.labels:      # the decor writes names where they read best
            label.setVisible(False)
            label.setOpacity(0.0)
        decor = scene.part("glory.decor")       # drawn from the board alone: kept
        if decor is None:
            decor = MapDecor(scene, scene.board)
            scene.keep_part("glory.decor", decor, decor.items)
        self.decor = decor
        self.markers = MarkerLayer(scene, self.session.module)
        self.markers.avoid = self.decor.print_rects
        from ffl.games.limits_of_glory.tables import EVENT_TITLES

        self.campaign = CampaignPanel(EVENT_TITLES)
        self.orders = OrdersPanel(self.send)
        self.campaign_dock = self.host.add_dock("Campaign", self.campaign, "gloryCampaignDock",
                                                Qt.DockWidgetArea.LeftDockWidgetArea, size=330)
        self.orders_dock = self.host.add_dock("Orders", self.orders, "gloryOrdersDock",
                                              Qt.DockWidgetArea.LeftDockWidgetArea, size=330)
        self.host.stack_docks([self.campaign_dock, self.orders_dock], [470, 430])
        add = self.host.add_action
        self.end_action = add("&End my turn", self.end_turn, ("Ctrl+E",), "gloryEndTurn",
                              "Declare the end of your part of the turn (markers left in hand "
                              "are discarded)")
        self.done_action = add("&Finish moving", self.finish_moving, ("Ctrl+D",),
                               "gloryDone", "Stop moving elements out of the activated space")
        self.concede_action = add("&Concede…", self.concede, (), "gloryConcede",
                                  "Give the game to your opponent")
        self.host.set_map_input(self)
        self.host.on_hover(self._hover)

    def detach(self) -> None:
        if self.move_dialog is not None:
            self.move_dialog.close()
        if hasattr(self, "markers"):
            self.markers.clear()
        if self._line is not None and self._line.scene() is not None:
            self._line.scene().removeItem(self._line)

    def default_view(self, view) -> None:
        """How the map opens (the window calls this after fitting the whole map): zoomed
        until the space names read (NAME_TEXT at LEGIBLE_PX), on the part of the map
        holding most of the spaces the player at the screen now chooses among (where the
        Bedouin may go, which fleet to activate...) or, when the other side acts, most
        of that player's markers; moved towards the markers round about as far as those
        stay in sight.  View › Fit and the Overview show the whole map."""
        side, board = self.viewed_side(), self.scene.board
        keys: list[str] = []
        if self.acting() == side and not self._program_turn():
            for a in self.controller.legal_actions(self.state):
                keys += [a.get(k) for k in ("space", "to", "sea", "harbour")
                         if a.get(k) in board.spaces]
        points = [QPointF(*(c * UNIT for c in board[k].centre)) for k in keys]
        markers = [m for ms in self.markers.by_space.values() for m in ms]
        if not points:
            points = [m.pos() for m in markers if m.side == side]
        open_on(view, points, reading_zoom(NAME_TEXT * UNIT), margin=UNIT,
                context=[m.pos() for m in markers])

    # -- whose screen ----------------------------------------------------------------------------

    def acting(self) -> str:
        return self.prompt().side or ""

    def viewed_side(self) -> str:
        humans = [s for s in self.session.scenario.sides if s not in self.program]
        if self.program and len(humans) == 1:
            return humans[0]        # the program's secrets are never drawn
        # the screen's side: a computer opponent's secrets are never drawn
        return self.host.reader_side(self.acting()) or self.viewer or "french"

    def shown_state(self):
        return self.controller.view(self.state, self.viewed_side())

    def label(self, key: str) -> str:
        board = self.scene.board
        return board[key].label if key in board.spaces else str(key)

    def name(self, pid: str) -> str:
        types = self.session.module.piece_types
        if pid in self.state.pieces:
            pid = self.state.pieces[pid].type
        return types[pid].name if pid in types else str(pid)

    # -- refreshing ------------------------------------------------------------------------------

    def refresh(self, events: list[Event]) -> None:
        side = self.viewed_side()
        secret = bool(self.controller.secrets(self.state, "allied")) or \
            "choose-fleet" in self.prompt().kinds
        if not self.solo and self.viewer is not None and side != self.viewer and secret and side:
            self.host.hand_over(f"The {SIDE_TITLES.get(side, side)} player's turn.\n"
                                "The other player looks away.")
        self.viewer = side
        view = self.controller.view(self.state, side)
        act = view.vars.get("activation") or {}
        real = self.controller.real_fleet(view)
        self.markers.targets = click_targets(self, act.get("space"))
        self.markers.rebuild(view, real=real, activated=act.get("space"))
        self.campaign.show_state(view, self.session.module, self.label)
        self._orders(view)
        self._menu()
        self._new_phase(view.vars.get("phase"))
        self._thinking()

    def _new_phase(self, phase) -> None:
        """The war moves when a phase ends (the invasion is fought across the
        Mediterranean, the conquest in Egypt and Syria): the map opens again on what
        the player now chooses among or on his markers, as at the start of a game."""
        before, self._phase = self._phase, phase
        if before is None or phase == before:
            return
        view = next((v for v in self.scene.views() if v.objectName() == "mapView"), None)
        if view is not None:
            view.fit()          # as the window opens a game: the whole map, then closer
            self.default_view(view)

    def _menu(self) -> None:
        kinds = self.prompt().kinds
        mine = not self._program_turn()
        self.end_action.setEnabled(mine and "end-turn" in kinds)
        self.done_action.setEnabled(mine and "done" in kinds)
        self.concede_action.setEnabled(mine and "concede" in kinds)

    def _program_turn(self) -> bool:
        return self.acting() in self.program and self.controller.outcome(self.state) is None

    def _orders(self, view) -> None:
        prompt = self.prompt()
        outcome = self.controller.outcome(self.state)
        if outcome is not None:
            self.orders.ask(outcome.text, "", [])
            return
        actions = list(self.controller.legal_actions(self.state))
        task = self.controller.task(self.state)
        dice = self._dice(task, prompt.side) if task else None
        answers = [a for a in actions if a.kind not in ("reroll", "force", "move")
                   or dice is None and a.kind != "move"]
        detail = self._combat_detail() if task and task.get("kind") == "combat" else ""
        said = answers_for(answers, self.label, self.name)
        if task and task.get("stage") == "retire" and task.get("mode") == "naval":
            said = [(HARBOUR_ANSWERS[bool(a.get("go"))], a, key) for _text, a, key in said]
        self.orders.ask(prompt.text, prompt.side, said,
                        dice=dice, detail=detail, enabled=not self._program_turn())

    def _dice(self, task: dict, side: str) -> dict | None:
        kind = task.get("kind")
        if kind == "test" and task["stage"] in ("reroll", "force"):
            mine = task["stage"] == "reroll"
            cid = task.get("cmd") if mine else task.get("opp")
            glory, six = self._glory(cid)
            values = task["dice"]
            choosable = [i for i, d in enumerate(values) if (d < 5) == mine]
            return {"kind": task["stage"], "own": values if mine else [],
                    "other": [] if mine else values, "choosable": choosable, "glory": glory,
                    "six": six if mine else 0, "own_label": "Dice" if mine else "",
                    "other_label": "" if mine else "Their dice"}
        if kind == "momentum" and task.get("stage") == "reroll":
            s = task["order"][task["turn"]]
            values = task["dice"][s]
            glory, six = self._glory(task["cmds"].get(s))
            return {"kind": "reroll", "own": values, "other": [],
                    "choosable": [i for i, d in enumerate(values) if d < 5], "glory": glory,
                    "six": six, "own_label": "Momentum dice"}
        if kind == "combat" and task["stage"].startswith(("reroll", "force")):
            me = side
            them = "allied" if me == "french" else "french"
            cid = task.get("cmd", {}).get(me)
            glory, six = self._glory(cid)
            mine = task["stage"].startswith("reroll")
            own, other = task["dice"][me], task["dice"][them]
            choosable = [i for i, d in enumerate(own if mine else other) if (d < 5) == mine]
            return {"kind": "reroll" if mine else "force", "own": own, "other": other,
                    "choosable": choosable, "glory": glory, "six": six if mine else 0,
                    "own_label": "Your dice", "other_label": "Enemy dice"}
        return None

    def _glory(self, cid) -> tuple[int, int]:
        p = self.state.pieces.get(cid) if cid else None
        if p is None:
            return 0, 0
        return int(p.data.get("glory", 0)), int(p.data.get("auto6", 0))

    def _combat_detail(self) -> str:
        cv = self.controller.combat_view(self.state)
        if not cv or "info" not in cv:
            return ""
        from ffl.games.limits_of_glory.tables import COMBAT_ROWS

        table = self.controller.ctx(self.state).table("combat", {})
        lines = []
        for side in (cv["att"], cv["def"]):
            info = cv["info"][side]
            col = cv["columns"][side]
            need = table.get(info["row"], {}).get(col, {}).get("need")
            lines.append(f"{SIDE_TITLES[side]}: strength {info['strength']}, column {col}, "
                         f"row {COMBAT_ROWS.get(info['row'], info['row'])}"
                         + (f": needs a total of {need} or more on its four dice to hit" if need
                            else ""))
        return "\n".join(lines)

    # -- acting ----------------------------------------------------------------------------------

    def send(self, action: Action) -> None:
        if self._program_turn():
            return
        self.do(action)

    def end_turn(self) -> None:
        self.send(Action.make("end-turn", self.acting()))

    def finish_moving(self) -> None:
        self.send(Action.make("done", self.acting()))

    def concede(self) -> None:
        from ffl.ui.dialogs import ask

        side = self.acting()
        ask(self.host.parent_widget(), "gloryConcedeBox", "Concede",
            "Concede the game to your opponent?",
            lambda yes: yes and self.send(Action.make("concede", side)))

    # -- the program ------------------------------------------------------------------------------

    def _thinking(self) -> None:
        """The Orders dock says the program's commander is at work while it acts (the
        window's runner thinks and plays; the dock's answers are off meanwhile)."""
        on = self._program_turn()
        if on:
            self.orders.thinking.setFormat(
                f"The {SIDE_TITLES.get(self.acting(), self.acting())} commander is thinking…")
        self.orders.set_thinking(on)
