"""LegendGameUI: The Legend Begins in the play window.

Mouse: click a hex to choose its stack (the Stack dock lists it; tick the units that
go together); in a Movement Phase the hexes the stack can reach are lit and a click on
one moves it there; in a Combat Phase the enemy hexes it can attack are lit, a click on
one shows the odds, shifts and Magnitude in the Combat dock and a second click (or
Attack) resolves it; a pending retreat or advance lights its destinations; a loss
(9.5), a unit eliminated from an overstacked hex (5.3) or set aside from its defence
(5.5) is chosen by double-clicking (or Enter on) its marked row in the Stack dock, the
hex outlined on the map and the Segment dock saying what to do (key D brings the
decision back; :mod:`.decisions` says where each decision is answered).  Right-click a hex for everything
else its pieces may do now (Field Works, artillery, trucks, displays, Direct Support,
demolition, rail and sea movement, Mobile Assault): the menu lists only what the
controller says is legal.  Every rule question goes to the controller.  The hex menu
is in :mod:`.hexmenu`, the map's clicks in :mod:`.map_clicks`, the drawing in
:mod:`.drawing`, the air game's parts in :mod:`.air`.
"""

from __future__ import annotations

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtWidgets import QMessageBox

from ffl.engine import Action, Event
from ffl.ui.counters import HEX_COUNTER_SIZE
from ffl.ui.game_ui import GameUI
from ffl.ui.opening import open_on, reading_zoom
from ffl.ui.style import UNIT

from .counters import NAME_TEXT
from .decor import MapDecor
from .drawing import MapDrawing
from .hexmenu import HexMenu
from .map_clicks import MapClicks, seven_text  # noqa: F401  (seven_text: read from here too)
from .panels import CombatPanel, OrgPanel, SegmentPanel, StackPanel

END_KINDS = ("end-movement", "end-combat", "end-organization", "end-recovery", "end-arrange",
             "supply", "end-air", "end-reaction")
SIDE_NAMES = {"axis": "Axis", "allied": "Allied"}
#: the map opens on the units within this many hexes (centre to centre) of an enemy,
#: zoomed at most so far that a counter's factors read (opening.reading_zoom)
FRONT_REACH = 4
#: the counters' names on the screen at the opening zoom (pixels): as large as this when
#: the whole front fits, never smaller than the least
OPEN_NAME_PX = 13.0
LEAST_NAME_PX = 11.0
#: the width the left docks are brought down to when Qt gave them too much (pixels)
LEFT_DOCK = 300


class LegendGameUI(MapClicks, HexMenu, MapDrawing, GameUI):
    """The Legend Begins play interface (hot-seat, two players)."""

    def attach(self) -> None:
        host = self.host
        self.decor = MapDecor(self.scene, self.scene.board)
        self._layers: dict = {}          # the lit hexes: drawing.TintLayer by stacking level
        self.works_items: list = []
        self._works_shown: dict = {}     # the Field Works the tags show
        self.segment = SegmentPanel()
        self.stack_panel = StackPanel()
        self.combat = CombatPanel()
        self.orgs = OrgPanel()
        right = Qt.DockWidgetArea.RightDockWidgetArea
        self.segment_dock = host.add_dock("Segment", self.segment, "tlbSegmentDock", size=300)
        self.stack_dock = host.add_dock("Stack", self.stack_panel, "tlbStackDock", right, 280)
        self.combat_dock = host.add_dock("Combat", self.combat, "tlbCombatDock", right)
        self.org_dock = host.add_dock("Organization Cards", self.orgs, "tlbOrgDock")
        host.stack_docks([self.stack_dock, self.combat_dock], [420, 220])
        # the segment's few lines above, the (long) Organization Cards below
        host.stack_docks([self.segment_dock, self.org_dock], [300, 420])
        self.segment.end_button.clicked.connect(self.end_phase)
        self.segment.attack_button.clicked.connect(self.attack)
        self.segment.stay_button.clicked.connect(lambda: self.do(Action.make("stay", self.actor())))
        self.segment.yes_button.clicked.connect(
            lambda: self.do(Action.make("demolish", self.actor())))
        self.segment.no_button.clicked.connect(
            lambda: self.do(Action.make("decline", self.actor())))
        self.segment.release_button.clicked.connect(self.release_menu)
        self.stack_panel.list.itemChanged.connect(lambda _i: self._selection_changed())
        self.stack_panel.picked.connect(self._picked)
        add = host.add_action
        self.end_action = add("&End phase", self.end_phase, ["E"], "tlbEndAction",
                              "End the current phase (or answer the Supply Phase)")
        self.zoc_action = add("Show enemy &ZOCs", lambda _on: self.refresh([]), ["Z"],
                              "tlbZocAction", "Tint the hexes in the enemy's Active and "
                              "Limited ZOCs (7.0)", checkable=True)
        self.supply_action = add("Mark &Isolated units", lambda _on: self.refresh([]), ["I"],
                                 "tlbIsolatedAction", "Mark the units that cannot trace a LOC "
                                 "(8.4)", checkable=True, checked=True)
        from .air import AIR_HQ_OFF_TIP, air_hq_menu

        self.air_hq_action = add("Take an &Air HQ off the map…", lambda: air_hq_menu(self),
                                 ["H"], "tlbAirHqOffAction", AIR_HQ_OFF_TIP)
        self.decision_action = add("Show the &decision", self.show_decision, ["D"],
                                   "tlbDecisionAction", "Choose the hex a decision is "
                                   "about (5.3, 5.5, 20.5) and put the keyboard on its units: "
                                   "arrows pick a row, Enter answers")
        self._decided: tuple | None = None       # the decision last brought forward
        host.set_map_input(self)
        host.on_hover(self._hover)
        self.chosen: str | None = None
        self.reach: dict[str, list[str]] = {}
        self.targets: list[str] = []
        self.target: str | None = None
        self.options: dict[str, Action] = {}
        self._victory_shown = self.controller.outcome(self.state) is not None

    def default_view(self, view) -> None:
        """How the map opens (the window calls this after fitting the whole map): on the
        front, the units drawn on the map within FRONT_REACH of an enemy unit (all of
        them when none is), with a hex to spare, when that shows them larger (the whole
        map stays in the Overview dock; View › Fit shows it)."""
        drawn: dict[str, list[QPointF]] = {}
        for pid, item in self.scene.counters.items():
            p = self.state.pieces[pid]
            if item.isVisible() and str(p.space or "").isdigit():     # a hex, not a box
                drawn.setdefault(p.side, []).append(item.pos())
        near = [a for side, mine in drawn.items() for a in mine
                if any(QLineF(a, b).length() <= FRONT_REACH * UNIT
                       for other, theirs in drawn.items() if other != side for b in theirs)]
        points = near or [a for mine in drawn.values() for a in mine]
        if not points:
            return
        self._narrow_left_docks()
        xs, ys = [p.x() for p in points], [p.y() for p in points]
        area = QRectF(min(xs) - UNIT, min(ys) - UNIT, max(xs) - min(xs) + 2 * UNIT,
                      max(ys) - min(ys) + 2 * UNIT)
        port = view.viewport().rect()
        names = NAME_TEXT * HEX_COUNTER_SIZE * UNIT          # the names' type, scene units
        zoom = min((port.width() - 16) / area.width(), (port.height() - 16) / area.height(),
                   reading_zoom(names, OPEN_NAME_PX))
        # never smaller than readable: the densest part of a long front is shown then
        zoom = min(max(zoom, reading_zoom(names, LEAST_NAME_PX)), view.zoom_limits()[1])
        open_on(view, points, zoom, margin=UNIT)        # the area fits: centred on it

    def _narrow_left_docks(self) -> None:
        """The Segment and Organization Cards docks no wider than a quarter of the
        window (at least :data:`LEFT_DOCK` pixels, and what they need): a window laid
        out by Qt at a laptop's size gives them far more than their lines need, and the
        map, with its counters, less."""
        win = self.host.parent_widget()
        dock = self.segment_dock
        if win is None or not dock.isVisible() or dock.isFloating():
            return
        want = max(LEFT_DOCK, dock.minimumSizeHint().width(),
                   self.org_dock.minimumSizeHint().width())
        if dock.width() > max(want, win.width() // 4):
            win.resizeDocks([dock], [want], Qt.Orientation.Horizontal)
            layout = win.layout()
            if layout is not None:
                layout.activate()

    # -- reading ----------------------------------------------------------------------------

    def actor(self) -> str:
        return self.prompt().side

    def label(self, pid: str) -> str:
        t = self.session.module.piece_types[self.state.pieces[pid].type]
        return str(t.get("label") or t.name)

    def own(self, key: str) -> list[str]:
        """The acting side's top pieces in a hex (not on a display, not carried)."""
        side = self.actor()
        out = []
        for pid in self.controller.stack(self.state, key):
            p = self.state.pieces[pid]
            if p.side == side and not p.data.get("hq") and not p.data.get("carried_by"):
                out.append(pid)
        return out

    # -- acting -------------------------------------------------------------------------------

    def end_phase(self) -> None:
        kinds = self.prompt().kinds
        for k in END_KINDS:
            if k in kinds:
                self.do(Action.make(k, self.actor()))
                return
        self.host.show_status("Nothing to end now: " + self.prompt().text)

    def selection(self) -> list[str]:
        return self.stack_panel.ticked()

    def attack(self) -> None:
        units, target = self.selection(), self.target
        if not units or not target:
            self.host.show_status("Choose the attacking units, then an enemy hex")
            return
        sp = self._supply_for(units)
        self.do(Action.make("attack", self.actor(), attackers=units, targets=[target],
                            supply=sp))

    def _supply_for(self, units: list[str]) -> str | None:
        from ffl.games.legend_begins.rules import fight

        return fight.best_supply(self.controller.ctx(self.state), self.actor(), units)

    def _picked(self, pid: str) -> None:
        """A row double-clicked (or Entered) in the Stack dock: the loss (9.5), the
        unit eliminated (5.3) or set aside (5.5) it answers, if the controller offers
        it; else the status line says why not."""
        from .decisions import PICKS, picks

        kind, offered = picks(self)
        if kind is None:
            return
        if pid in offered:
            self.do(offered[pid])
        else:
            self.host.show_status(f"{PICKS[kind][0]}: {self.label(pid)} is not one of the "
                                  f"units to choose from (they are marked {PICKS[kind][1]})")

    def show_decision(self) -> None:
        """Key D: choose the hex a pending decision is about and put the keyboard on the
        first unit it offers (Enter answers)."""
        from .decisions import decision_hex, picks, todo

        kind, offered = picks(self)
        where = decision_hex(self)
        if where is None and offered:
            where = self.state.pieces[next(iter(offered))].space
        if where is None:
            self.host.show_status(todo(self) or "No decision waits: " + self.prompt().text)
            return
        self.choose(where)
        self._into_view(where)
        first = next((pid for pid in offered if self.state.pieces[pid].space == where), None)
        if first is not None:
            self.stack_panel.focus_row(first)
        self.host.show_status(todo(self))

    def release_menu(self) -> None:
        """44.0 / 43.3 the Segment dock's Release… button: the divisions (or Littorio
        units) that may be released."""
        from PySide6.QtWidgets import QMenu

        from .decisions import release_choices

        menu = QMenu(self.host.parent_widget())
        menu.setObjectName("tlbReleaseMenu")
        for text, action in release_choices(self):
            menu.addAction(text, lambda a=action: self.do(a))
        self.release_popup = menu
        button = self.segment.release_button
        menu.popup(button.mapToGlobal(button.rect().bottomLeft()))

    # -- following the game -------------------------------------------------------------------

    def refresh(self, events: list[Event]) -> None:
        prompt = self.prompt()
        state = self.state
        ctl = self.controller
        info = prompt.info
        seg = info.get("segment") or {}
        self.segment.turn.setText(f"{info.get('turn_name', '')}")
        chits = ctl.chits(state)
        names = chits["names"]
        segtext = (f"Segment {seg.get('n')} of 7: {names.get(seg.get('chit'), '')}"
                   if seg.get("chit") else "Initial Phase")
        self.segment.segment.setText(f"{segtext} · {ctl.phase(prompt.phase).title}")
        who = SIDE_NAMES.get(prompt.side, prompt.side)
        self.segment.prompt.setText(f"<b>{who}</b>: {prompt.text}" if who else prompt.text)
        self.segment.cup.setText("In the cup: " + (", ".join(names[c] for c in chits["cup"])
                                                   or "empty"))
        self.segment.history.clear()
        for turn, chit in chits["history"][-14:]:
            self.segment.history.addItem(f"turn {turn + 1}: {names.get(chit, chit)}")
        self.segment.show_history()
        rp = info.get("rp") or {}
        self.segment.status.setText(
            f"Resource Points: Axis {rp.get('axis', 0)}, Allied {rp.get('allied', 0)} · "
            f"Malta {int(info.get('malta', 0)):+d}")
        kinds = prompt.kinds
        self.segment.end_button.setEnabled(any(k in kinds for k in END_KINDS))
        self.segment.attack_button.setEnabled("attack" in kinds)
        self.segment.stay_button.setVisible("stay" in kinds)
        self.segment.yes_button.setVisible("demolish" in kinds and "decline" in kinds)
        self.segment.no_button.setVisible("decline" in kinds)
        from .decisions import release_choices

        # 44.0 / 43.3 only while a release is open (a Movement Phase lists the kind always)
        self.segment.release_button.setVisible("release" in kinds
                                               and bool(release_choices(self)))
        self._bring_decision(prompt)
        self.end_action.setEnabled(any(k in kinds for k in END_KINDS))
        from .air import hq_removals

        self.air_hq_action.setEnabled(bool(hq_removals(self)))     # 40.11
        self.options = {}
        if {"retreat", "advance"} & set(kinds):
            for a in ctl.legal_actions(state):
                if a.kind in ("retreat", "advance"):
                    self.options.setdefault(list(a["path"])[-1], a)
        last = state.vars.get("last_combat")
        if last:
            word = last.get("result")
            if word == "-":                  # 14.4 an Advance ends a Mobile Assault
                word = "Mobile Assault: no Overrun (14.4)"
            self.combat.last.setText(f"Last combat: {last.get('odds')}, column "
                                     f"{last.get('column')}, A{last.get('a')}/D{last.get('d')} "
                                     f"{word}")
        cards = []
        types = self.session.module.piece_types
        hidden = self.hidden()
        for pid, p in sorted(state.pieces.items()):
            if p.status == "active" and types[p.type].get("boxes") and pid not in hidden:
                cards.append((f"{self.label(pid)} ({SIDE_NAMES.get(p.side)})", str(p.space),
                              [self.label(u) for u in ctl.display(state, pid)
                               if u not in hidden]))
        self.orgs.show_cards(cards)
        if self.chosen:
            self._show_stack()
            self._selection_changed()
        else:
            self._preview()
            self._light()
        self._stacks()
        self._works()
        self._check_victory()
        self._lay_out_now()

    def _lay_out_now(self) -> None:
        """Lay the docks out now, before the repaint (issue 12): a dock whose lines the
        refresh made wider (a longer segment line) widens and narrows the map, which
        then paints once, after it, instead of once before and once again resized (~20
        ms of an End phase click).  Each layout asks its parent's in turn."""
        from PySide6.QtCore import QCoreApplication, QEvent

        for _ in range(4):      # a label's, its panel's, its dock's, the window's layout
            QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)

    def _bring_decision(self, prompt) -> None:
        """Say in the Segment dock how to answer a pending decision; when one about a
        hex (5.3, 5.5, 20.5) comes up, choose that hex so its units are listed, marked (for
        a step loss, 9.5, the hex of a unit that may take it unless the chosen hex has
        one)."""
        from .decisions import decision_hex, pick_kind, picks, todo

        item = prompt.info.get("pending")
        key = (prompt.side, prompt.text) if item else None
        if key == self._decided:
            self.segment.show_todo(todo(self))
            return
        self._decided = key
        where = decision_hex(self)
        if where is None and pick_kind(prompt.kinds) == "loss":
            spaces = [self.state.pieces[pid].space for pid in picks(self)[1]]
            if spaces and self.chosen not in spaces:
                where = spaces[0]
        if where and self.chosen != where:          # 5.3, 5.5, 20.5: the hex it is about
            self.chosen = where
            self.target = None
            self._into_view(where)
        self.segment.show_todo(todo(self))          # says which hex is chosen

    def _into_view(self, key: str) -> None:
        """Scroll the map to a hex off the screen (the window's map view, when there is
        one)."""
        view = getattr(self.host.parent_widget(), "map", None)
        if view is None or not hasattr(view, "visible_scene_rect"):
            return
        centre = self.scene.space_centre(key)
        if not view.visible_scene_rect().contains(centre):
            view.centre_on(centre)

    def _hover(self, key: str) -> None:
        if not key or key not in self.scene.board:
            return
        space = self.scene.board[key]
        bits = [key]
        if space.get("name"):
            bits.append(str(space.get("name")))
        bits.append(str(space.get("terrain")))
        for k in ("port", "airfield", "fort"):
            if space.get(k):
                bits.append(k)
        self.host.set_hover_text(" · ".join(bits))

    def _check_victory(self) -> None:
        outcome = self.controller.outcome(self.state)
        if outcome is None:
            self._victory_shown = False
            return
        if self._victory_shown:
            return
        self._victory_shown = True
        winner = SIDE_NAMES.get(outcome.winner or "", "Nobody")
        box = QMessageBox(QMessageBox.Icon.Information, "Game over",
                          f"<b>{winner} wins.</b><br><br>{outcome.text}",
                          QMessageBox.StandardButton.Ok, self.host.parent_widget())
        box.setObjectName("victoryBox")
        box.setWindowModality(Qt.WindowModality.NonModal)
        box.show()
        self.victory_box = box
