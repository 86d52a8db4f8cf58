"""CardGameUI: playing the Foreign Legion Card Game in the play window, hot-seat.

Docks: the hand (a fan of cards, hidden behind a hand-over screen between
players) with the turn controls at the bottom; the table (pack, discards,
each player's row of laid cards) and the score sheet on the left; a second
copy of the map turned round for the far side of the table (View menu).

Only the current player's hand is ever drawn, and it is taken from
``controller.view(state, player)``.  Every click is checked with the
controller (``legal`` and its queries); a refusal shows its reason and rule
number under the controls and in the status bar.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QScrollArea

from ffl.engine import Action, GameState, IllegalAction, Verdict
from ffl.session import GameSession
from ffl.ui.dialogs import OptionsDialog
from ffl.ui.game_ui import GameUI, manifest_of

from .clicks import CardClicksMixin, ruled
from .faces import face_of
from .hand import CONTACT, DIM, DRAWN, PLAYABLE
from .map_items import CONTACT as CONTACT_SECTION
from .map_items import OPTION, TARGET, FarSideView, SectionItem, add_section_items
from .panel import HandPanel
from .scores import EndOfGameDialog, ScoreSheet, player_title
from .style import CardGameStyle
from .table import TableRow, TableWidget

HOT_SEAT_KEY = "card_game/hand_over"
#: the stages of a match, as the UI reads them off the prompt's action kinds
PLAYING, DISCARDING, BETWEEN, OVER = "playing", "discarding", "between", "over"
NOTICE_MS = 12_000


class CardGameUI(CardClicksMixin, GameUI):
    """The card game's docks, Game menu and map clicks (see the module docstring)."""

    def __init__(self, host, session) -> None:
        super().__init__(host, session)
        self.ctrl = session.controller
        self.revealed: str | None = None   # whose hand is unlocked on screen
        self.selected: str | None = None   # card picked in the hand
        self.end_dialog: EndOfGameDialog | None = None
        self.match_dialog: OptionsDialog | None = None
        self.sections: dict[str, SectionItem] = {}
        self._scene = None
        self._seen_hash = ""
        self.hot_seat = bool(host.settings.value(HOT_SEAT_KEY, True, type=bool))

    # -- building -------------------------------------------------------------------

    def attach(self) -> None:
        self._scene = scene = self.scene
        if not isinstance(scene.style, CardGameStyle):
            self._restyle(scene)
        self.sections = add_section_items(scene, self.section_clicked)
        self.panel = HandPanel()
        self.panel.hand.cardClicked.connect(self.card_clicked)
        self.panel.screen.button.clicked.connect(self.screen_clicked)
        self.panel.draw_button.clicked.connect(self.draw)
        self.panel.discard_button.clicked.connect(self.discard)
        self.panel.next_button.clicked.connect(self.next_game)
        add_dock = self.host.add_dock
        self.hand_dock = add_dock("Hand", self.panel, "cardHandDock",
                                  Qt.DockWidgetArea.BottomDockWidgetArea, size=230)
        self.table = TableWidget()
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.table)
        scroll.setMinimumWidth(400)
        self.table_dock = add_dock("Table", scroll, "cardTableDock")
        self.scores = ScoreSheet()
        self.score_dock = add_dock("Score sheet", self.scores, "cardScoreDock")
        self.far_view = FarSideView(scene)
        self.far_dock = add_dock("Map from across the table", self.far_view,
                                 "cardFarSideDock", Qt.DockWidgetArea.RightDockWidgetArea)
        self.far_dock.hide()
        self.host.stack_docks([self.table_dock, self.score_dock], [560, 170])
        self._build_menu()

    def _restyle(self, scene) -> None:
        """Give a scene built with another style the card game's look."""
        scene.style = CardGameStyle(tuple(self.session.scenario.sides))
        scene.setBackgroundBrush(scene.style.background)
        for key, item in scene.space_items.items():
            item.setBrush(scene.style.space_brush(scene.board[key]))
            item.setPen(scene.style.space_pen(scene.board[key]))
        for label in scene.labels:
            label.setBrush(scene.style.label_colour(scene.board[label.data(0)]))

    def _build_menu(self) -> None:
        add = self.host.add_action
        self.draw_action = add("&Draw from the pack", self.draw, ["D"], name="cardDrawAction",
                               tip="Take the top card of the pack instead of laying one")
        self.next_action = add("Deal the &next game", self.next_game, ["N"],
                               name="cardNextAction",
                               tip="Shuffle and deal the next game of the match")
        self.match_action = add("New &match of several games…", lambda: self.new_match(),
                                name="cardMatchAction",
                                tip="Start this scenario again as a match of several games, "
                                    "won on total score or on games won")
        self.host.add_separator()
        self.hot_seat_action = add("&Hide hands between turns (hot-seat)", self.set_hot_seat,
                                   name="cardHotSeatAction", checkable=True,
                                   checked=self.hot_seat,
                                   tip="Cover the hand until its player clicks, so others "
                                       "sharing the screen do not see it")
        self.host.add_menu_action(self.far_dock.toggleViewAction())

    def detach(self) -> None:
        for dialog in (self.end_dialog, self.match_dialog):
            if dialog is not None:
                dialog.close()      # their buttons would reach this UI once released
        for item in self.sections.values():
            if item.scene() is not None:
                item.scene().removeItem(item)
        self.sections.clear()

    def release(self) -> None:
        """Also drop the controller kept as ``ctrl`` (see :meth:`GameUI.release`)."""
        super().release()
        self.ctrl = None

    # -- reading the state ----------------------------------------------------------

    def stage(self) -> str:
        """Where the match stands, read from the actions the prompt opens:
        ``PLAYING`` (lay or draw), ``DISCARDING``, ``BETWEEN`` games or ``OVER``."""
        kinds = self.prompt().kinds
        if "discard" in kinds:
            return DISCARDING
        if "next_game" in kinds:
            return BETWEEN
        if "play" in kinds or "draw" in kinds:
            return PLAYING
        return OVER

    def active(self) -> str | None:
        """The player whose turn it is, or None between and after games."""
        prompt = self.prompt()
        return prompt.side if {"play", "draw", "discard"} & set(prompt.kinds) else None

    def shown_view(self) -> GameState | None:
        """The current player's view, when that player's hand is unlocked."""
        active = self.active()
        if active is None or self.revealed != active:
            return None
        return self.ctrl.view(self.state, active)

    def name(self, card: str) -> str:
        return face_of(self.session.module, card).name

    # -- following the game ---------------------------------------------------------

    def refresh(self, events) -> None:
        digest = self.state.hash()
        if digest != self._seen_hash:
            self._seen_hash = digest
            self.selected = None
            self.panel.set_notice("")
        active = self.active()
        if active is None or (self.hot_seat and self.revealed != active):
            self.revealed = None
        # a seat the program plays is never shown; a lone player facing the
        # program needs no hand-over screen (ffl.opponents)
        from ffl.opponents import program_sides

        program = program_sides(self.session.options)
        people = [p for p in self.state.vars["players"] if p not in program]
        if active is not None and active not in program and (not self.hot_seat
                                                             or people == [active]):
            self.revealed = active
        self.render()
        if any(e.kind == "score" for e in events):
            self.show_end_dialog()

    def set_hot_seat(self, on: bool) -> None:
        self.hot_seat = bool(on)
        self.host.settings.setValue(HOT_SEAT_KEY, self.hot_seat)
        self.refresh([])

    def render(self) -> None:
        """Redraw every card-game widget from the state (and the shown view)."""
        view = self.shown_view()
        self._render_panel(view)
        self._render_map(view)
        self._render_table()
        self._render_scores()

    def _render_panel(self, view: GameState | None) -> None:
        state, panel, active = self.state, self.panel, self.active()
        phase = self.stage()
        if view is None:
            self.selected = None
            program = self._program_level(active)
            if active is not None and program:
                # the program's seat: its hand is never shown, and nobody at the
                # screen has to look away or hand over (only people do)
                who = player_title(active)
                panel.show_screen(f"{who} is played by the program ({program}); its "
                                  f"cards stay face down.")
                panel.title.setText(f"{who} (the program) to play")
                panel.status.setText(self.ctrl.prompt(state).text)
            elif active is not None:
                who = player_title(active)
                panel.show_screen(f"{who}'s turn. Everyone else, look away.",
                                  f"Pass to {who} — click when ready")
                panel.title.setText(f"{who} to play")
                panel.status.setText("The hand stays hidden until its player is at the screen.")
            elif phase == BETWEEN:
                dealer = self.ctrl.prompt(state).side
                panel.show_screen(f"Game {state.vars['game']} of {state.vars['games']} is "
                                  f"over; see the score sheet.",
                                  f"{player_title(dealer)}: deal the next game")
                panel.title.setText("Between games")
                panel.status.setText(self.ctrl.prompt(state).text)
            else:
                out = self.ctrl.outcome(state)
                panel.show_screen(f"The match is over. {out.text if out else ''}",
                                  "Play a new match…")
                panel.title.setText("Game over")
                panel.status.setText("")
        else:
            self._render_hand(view, active)
        # Note 1: Draw is open only when the prompt opens it (no card can be laid)
        can_draw = view is not None and phase == PLAYING and self.can("draw")
        panel.draw_button.setEnabled(can_draw)
        panel.draw_button.setToolTip(self._draw_tip(active, can_draw))
        panel.draw_button.setVisible(phase in (PLAYING, DISCARDING))
        panel.discard_button.setVisible(phase == DISCARDING)
        panel.discard_button.setEnabled(view is not None and self.selected is not None)
        panel.discard_button.setText(f"Discard {self.name(self.selected)}"
                                     if phase == DISCARDING and self.selected else "Discard")
        panel.next_button.setVisible(phase == BETWEEN)
        self.draw_action.setEnabled(can_draw)
        self.draw_action.setToolTip(panel.draw_button.toolTip())
        self.next_action.setEnabled(phase == BETWEEN)

    def _program_level(self, side: str | None) -> str:
        """The level of the program playing ``side`` ("" for a person's seat)."""
        from ffl.opponents import LEVEL_TITLES, program_sides

        level = program_sides(self.session.options).get(side or "", "")
        return LEVEL_TITLES.get(level, level)

    def _draw_tip(self, active: str | None, can_draw: bool) -> str:
        """Why Draw is open or closed (Note 1), for its tooltip."""
        if can_draw:
            return "Take the top card of the pack (no card of the hand can be laid)"
        if active is None:
            return "No one is drawing now"
        if self._program_level(active):
            return "The program is playing this seat"
        if self.revealed != active:
            return "The hand is hidden: click the hand-over button first"
        verdict = self.ctrl.legal(self.state, Action.make("draw", active))
        return ruled(verdict.reason, verdict.rule) if not verdict else ""

    def _render_hand(self, view: GameState, player: str) -> None:
        ctrl, module, phase = self.ctrl, self.session.module, self.stage()
        cards = list(view.vars["hands"][player])
        marks: dict[str, set[str]] = {c: set() for c in cards}
        playable = ctrl.playable_cards(view, player)
        if phase == PLAYING:
            for c in playable:
                marks[c].add(PLAYABLE)
            if self.selected is not None:
                contacts = set(ctrl.contact_cards(view, player, self.selected))
                for c in cards:
                    if c in contacts:
                        marks[c].add(CONTACT)
                    elif c != self.selected:
                        marks[c].add(DIM)
        drawn = view.vars.get("drawn")
        if phase == DISCARDING and drawn in marks:
            marks[drawn].add(DRAWN)
        self.panel.hand.set_cards([face_of(module, c) for c in cards], marks, self.selected)
        self.panel.show_hand()
        laid = self.ctrl.laid(view, player)
        self.panel.title.setText(f"{player_title(player)}'s hand · laid {laid} of "
                                 f"{view.vars['required']}")
        self.panel.status.setText(self._instructions(view, player, playable))

    def _instructions(self, view: GameState, player: str, playable: list[str]) -> str:
        phase, sel = self.stage(), self.selected
        if phase == DISCARDING:
            text = self.ctrl.prompt(view).text
            return (f"{text}.\nClick a card, then Discard (the card just drawn may go too)."
                    if not sel else f"Discard {self.name(sel)}? Click Discard to confirm, "
                                    f"or pick another card.")
        if sel is not None:
            section = self.ctrl.section_of(view, sel)
            if sel in playable:
                return (f"{self.name(sel)} belongs to section {section} (gold on the map). "
                        f"Click a contact card (green frame) or a green section to lay it.")
            return (f"{self.name(sel)} (section {section}) cannot be laid now. "
                    f"Pick another card.")
        if not playable:
            return "No card can be laid: click Draw from the pack."
        if all(face_of(self.session.module, c).category == "spy" for c in playable):
            return ("Only your SPY can be laid: lay it (click it, then a contact) or draw "
                    "from the pack instead.")
        return (f"Click a card to lay ({len(playable)} can be laid: green dot; their "
                f"sections are ringed in gold on the map).")

    def _render_map(self, view: GameState | None) -> None:
        state, ctrl = self.state, self.ctrl
        modes: dict[str, str] = {}
        if view is not None and self.stage() == PLAYING:
            player = self.active()
            if self.selected is not None:
                for key in ctrl.contacts(view, player, self.selected):
                    modes[key] = CONTACT_SECTION
                modes[ctrl.section_of(view, self.selected)] = TARGET
            else:
                for card in ctrl.playable_cards(view, player):
                    modes[ctrl.section_of(view, card)] = OPTION
        chips: dict[str, list] = {}
        style = self._scene.style
        for p in state.vars["players"]:
            for card in state.vars["table"][p]:
                chips.setdefault(ctrl.section_of(state, card), []).append(
                    (f"P{p[1:]}", style.side_colour(p)))
        for key, item in self.sections.items():
            item.set_look(modes.get(key, ""), chips.get(key, []))

    def _render_table(self) -> None:
        state, module = self.state, self.session.module
        v = state.vars
        rows = []
        final = v.get("scores") or {}     # Scoring, once a game is over: with the bonus
        for p in v["players"]:
            faces = [face_of(module, c) for c in v["table"][p]]
            running = self.ctrl.score(state, p)
            rows.append(TableRow(
                p, player_title(p), self._scene.style.side_colour(p), faces,
                score=running,
                laid=self.ctrl.laid(state, p), required=v["required"],
                to_play=p == self.active(), holding=len(v["hands"][p]),
                bonus=final.get(p, running) - running))
        self.table.set_table(rows, len(v["pack"]), [face_of(module, c) for c in v["discard"]])

    def _render_scores(self) -> None:
        v = self.state.vars
        playing = self.stage() in (PLAYING, DISCARDING)
        current = ({p: self.ctrl.score(self.state, p) for p in v["players"]}
                   if playing else None)
        won = (self.ctrl.games_won(self.state)
               if self.ctrl.match_mode(self.state) == "wins" else None)
        self.scores.set_scores(v["players"], v["history"], current, v["totals"], v["games"],
                               won)

    # -- telling the player -----------------------------------------------------------

    def notice(self, text: str) -> None:
        """Show why a click was refused (under the controls and in the status bar)."""
        self.panel.set_notice(text)
        if text:
            self.host.show_status(text, NOTICE_MS)

    def refuse(self, verdict: Verdict, lead: str = "") -> None:
        self.notice(lead + ruled(verdict.reason, verdict.rule))

    # -- actions ----------------------------------------------------------------------

    def act(self, action: Action) -> bool:
        """Send ``action``; a refusal shows its reason and rule under the controls
        (in the advise mode the player may go on anyway)."""
        return self.do(action) is not None

    def refused(self, exc: IllegalAction) -> None:
        if self.session is None:
            return      # released: its panel is gone
        self.notice(ruled(exc.reason, exc.rule))

    def screen_clicked(self) -> None:
        if self.stage() == BETWEEN:
            self.next_game()
            return
        if self.stage() == OVER:
            self.new_match()        # the players choose the games and how it is won
            return
        self.revealed = self.active()
        self.panel.set_notice("")
        self.render()

    def draw(self) -> None:
        if self.shown_view() is None:
            return
        self.act(Action.make("draw", self.active()))

    def discard(self) -> None:
        if self.shown_view() is None or self.selected is None:
            return
        self.act(Action.make("discard", self.active(), card=self.selected))

    def next_game(self) -> None:
        if self.stage() != BETWEEN:
            self.refuse(self.ctrl.legal(self.state, Action.make("next_game", "p1")))
            return
        if self.end_dialog is not None:
            self.end_dialog.close()
        self.act(Action.make("next_game", self.ctrl.prompt(self.state).side))

    def new_match(self, games: int | None = None, match: str | None = None,
                  ) -> GameSession | None:
        """Start this scenario afresh for an agreed number of games, won on the
        highest total or the most games won (Scoring).  Without ``games`` the
        players choose both in a dialog (``self.match_dialog``)."""
        if games is None:
            dialog = OptionsDialog(self.host.parent_widget(), "New match",
                                   manifest_of(self.session).options,
                                   {"games": 3, "match": self.ctrl.match_mode(self.state)})
            dialog.accepted.connect(lambda: self.new_match(**dialog.values()))
            self.match_dialog = dialog
            dialog.open()
            return None
        options = {"games": int(games)}
        if match is not None:
            options["match"] = match
        session = GameSession.new(self.session.module, self.session.scenario.id,
                                  options=options)
        # the window replaces this UI when it shows the new session: after this call
        self.host.replace_session(session)
        return session

    # -- end of a game ----------------------------------------------------------------

    def show_end_dialog(self) -> EndOfGameDialog:
        v = self.state.vars
        finisher, scores, totals = v["finisher"], v["scores"], v["totals"]
        lines = []
        won = self.ctrl.games_won(self.state)
        by_wins = self.ctrl.match_mode(self.state) == "wins"
        for p in v["players"]:
            bonus = f" (with the {v['bonus']} bonus)" if p == finisher else ""
            total = (f" — games won {won[p]}" if by_wins else
                     f" — total {totals[p]}" if v["games"] > 1 else "")
            lines.append(f"<b>{player_title(p)}</b>: {scores[p]}{bonus}{total}")
        out = self.ctrl.outcome(self.state)
        lines.append("")
        lines.append(out.text if out else self.ctrl.prompt(self.state).text)
        heading = f"{player_title(finisher)} completed the mission: game {v['game']} is over."
        if self.end_dialog is not None:
            self.end_dialog.close()
        dialog = EndOfGameDialog(self.host.parent_widget(), heading, lines,
                                 self.stage() == BETWEEN)
        if dialog.next_button is not None:
            dialog.next_button.clicked.connect(self.next_game)
        dialog.destroyed.connect(lambda *_: self._forget_dialog(dialog))
        self.end_dialog = dialog
        dialog.open()
        return dialog

    def _forget_dialog(self, dialog) -> None:
        if self.end_dialog is dialog:
            self.end_dialog = None
