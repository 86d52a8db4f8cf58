"""LegendGameUI: The Legend Begins in the play window.

Mouse: click a hex to choose its stack (the Stack dock lists it; tick the units that
go together); in a Movement Phase the hexes the stack can reach are lit and a click on
one moves it there; in a Combat Phase the enemy hexes it can attack are lit, a click on
one shows the odds, shifts and Magnitude in the Combat dock and a second click (or
Attack) resolves it; a pending retreat or advance lights its destinations; a loss is
taken by double-clicking the unit in the Stack dock.  Right-click a hex for everything
else its pieces may do now (Field Works, artillery, trucks, displays, Direct Support,
demolition, rail and sea movement, Mobile Assault): the menu lists only what the
controller says is legal.  Every rule question goes to the controller.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPen
from PySide6.QtWidgets import QGraphicsSimpleTextItem, QMenu, QMessageBox

from ffl.engine import Action, Event
from ffl.ui.board_scene import polygon_path, static_item
from ffl.ui.game_ui import GameUI
from ffl.ui.style import UNIT

from .counters import LegendCounterItem, factor_text
from .decor import MapDecor
from .panels import CombatPanel, OrgPanel, SegmentPanel, StackPanel

END_KINDS = ("end-movement", "end-combat", "end-organization", "end-recovery", "end-arrange",
             "supply", "end-air", "end-reaction")
LIT = {"reach": QColor(255, 255, 255, 120), "target": QColor(230, 60, 40, 80),
       "chosen": QColor(255, 220, 0, 90), "option": QColor(40, 200, 90, 90),
       "zoc2": QColor(200, 30, 30, 45), "zoc1": QColor(240, 150, 30, 40)}
#: the outline of a lit hex, so a tint reads as a highlight and not as the terrain's colour
EDGE = {"reach": QColor(20, 90, 200, 200), "target": QColor(190, 30, 20, 220),
        "chosen": QColor(200, 150, 0, 255)}
SIDE_NAMES = {"axis": "Axis", "allied": "Allied"}


class LegendGameUI(GameUI):
    """The Legend Begins play interface (hot-seat, two players)."""

    def attach(self) -> None:
        host = self.host
        self.decor = MapDecor(self.scene, self.scene.board)
        self.overlay: list = []
        self.works_items: list = []
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
        self.segment.end_button.clicked.connect(self.end_phase)
        self.segment.attack_button.clicked.connect(self.attack)
        self.segment.stay_button.clicked.connect(lambda: self.do(Action.make("stay", self.actor())))
        self.segment.yes_button.clicked.connect(
            lambda: self.do(Action.make("demolish", self.actor())))
        self.segment.no_button.clicked.connect(
            lambda: self.do(Action.make("decline", self.actor())))
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
        host.set_map_input(self)
        host.on_hover(self._hover)
        self.chosen: str | None = None
        self.reach: dict[str, list[str]] = {}
        self.targets: list[str] = []
        self.target: str | None = None
        self.options: dict[str, Action] = {}
        self._victory_shown = self.controller.outcome(self.state) is not None

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
        if "loss" in self.prompt().kinds:
            self.do(Action.make("loss", self.actor(), unit=pid))

    # -- the map ------------------------------------------------------------------------------

    def map_press(self, pos: QPointF, button, modifiers) -> bool:
        space = self.scene.space_at(pos)
        if space is None:
            return False
        key = space.key
        if button == Qt.MouseButton.RightButton:
            self.context_menu(key, pos)
            return True
        if button != Qt.MouseButton.LeftButton:
            return False
        return self.click(key)

    def map_move(self, pos: QPointF) -> bool:
        return False

    def map_release(self, pos: QPointF, button) -> bool:
        return False

    def map_wheel(self, pos: QPointF, steps: int) -> bool:
        return False

    def click(self, key: str) -> bool:
        prompt = self.prompt()
        kinds = prompt.kinds
        if key in self.options:
            self.do(self.options[key])
            return True
        if "move" in kinds and self.chosen and key in self.reach and self.selection():
            self.do(Action.make("move", self.actor(), units=self.selection(),
                                path=self.reach[key]))
            return True
        if "attack" in kinds and key in self.targets and self.selection():
            if self.target == key:
                self.attack()
            else:
                self.target = key
                self._preview()
                self._light()
            return True
        self.choose(key)
        return True

    def choose(self, key: str) -> None:
        self.chosen = key
        self.target = None
        self._show_stack()
        self._selection_changed()

    def _selection_changed(self) -> None:
        kinds = self.prompt().kinds
        units = self.selection()
        self.reach, self.targets = {}, []
        if units and "move" in kinds:
            self.reach = self.controller.reachable(self.state, units)
        if units and "attack" in kinds:
            self.targets = self.controller.attackable(self.state, units)
        self._preview()
        self._light()

    def _preview(self) -> None:
        units = self.selection()
        if not units or not self.target:
            self.combat.preview.setText("Choose attackers (tick them in the Stack dock), "
                                        "then click an enemy hex.")
            return
        od = self.controller.odds(self.state, units, [self.target],
                                  supply=self._supply_for(units))
        if not od["ok"]:
            self.combat.preview.setText(f"<b>Not allowed</b>: {od['rule']} {od['reason']}")
            return
        shifts = od["shifts"]
        mag = od["magnitude"] or "Sub-one"
        notes = "<br>".join(od["notes"])
        self.combat.preview.setText(
            f"<b>{od['attack']} to {od['defence']}</b> &rarr; column <b>{od['column']}</b>"
            f" (net shift {shifts:+d})<br>Magnitude {mag} (steps {od['steps'][0]} vs "
            f"{od['steps'][1]})<br>{notes}<br><i>Click the hex again or press Attack.</i>")

    def context_menu(self, key: str, pos: QPointF) -> None:
        menu = QMenu(self.host.parent_widget())
        menu.setObjectName("tlbContextMenu")
        for text, action in self.candidates(key):
            if self.controller.legal(self.state, action):
                menu.addAction(text, lambda a=action: self.do(a))
        if not menu.actions():
            menu.addAction("Nothing to do here now").setEnabled(False)
        self.menu = menu
        self.host.popup(menu, pos)

    def candidates(self, key: str) -> list[tuple[str, Action]]:
        """Actions the pieces of a hex might take now (the controller decides which are
        legal: the menu shows those only)."""
        side = self.actor()
        state = self.state
        out: list[tuple[str, Action]] = []
        here = self.controller.stack(state, key)
        mine = [p for p in here if state.pieces[p].side == side]
        types = self.session.module.piece_types
        hqs = [p for p in mine if types[state.pieces[p].type].get("boxes")]
        carriers = [p for p in mine if types[state.pieces[p].type].kind == "truck"
                    or types[state.pieces[p].type].get("transport")]
        repls = [p for p in mine if types[state.pieces[p].type].kind == "repl"]
        for pid in mine:
            name = self.label(pid)
            mk = lambda kind, text, **kw: out.append((text, Action.make(kind, side, **kw)))  # noqa: E731
            mk("build", f"{name}: build an Improved Position", unit=pid, work="ip")
            mk("build", f"{name}: build a Fortification (1 RP)", unit=pid, work="fort")
            mk("deploy", f"{name}: deploy to the zero-MA side", unit=pid)
            mk("limber", f"{name}: turn to the mobile side", unit=pid)
            mk("detach", f"{name}: leave the display", unit=pid)
            mk("support", f"{name}: Direct Support", unit=pid, on=True)
            mk("support", f"{name}: act independently", unit=pid, on=False)
            mk("unload", f"{name}: unload", cargo=pid)
            mk("demolish", f"{name}: attempt demolition", target=pid)
            mk("disband", f"{name}: disband into an Off Map Box", unit=pid)
            mk("restore", f"{name}: take a recovered step", unit=pid)
            for hq in hqs:
                mk("attach", f"{name}: join the {self.label(hq)} display", unit=pid, hq=hq)
            for c in carriers:
                mk("load", f"{self.label(c)}: pick up {name}", carrier=c, cargo=pid)
            for r in repls:
                mk("absorb", f"{name}: absorb a Replacement", unit=pid, replacement=r)
            for m, q in sorted(state.pieces.items()):
                if q.side == side and q.status == "off" and types[q.type].kind == "hq_marker":
                    mk("marker", f"{name}: use the {self.label(m)} marker", marker=m, unit=pid)
        out.append(("Attempt to demolish this port", Action.make("demolish", side, target=key)))
        out.append(("Repair this rail hex", Action.make("repair-rail", side, hex=key)))
        sel = self.selection()
        if sel:
            out.append((f"Mobile Assault on {key}", Action.make("assault", side, units=sel,
                                                               target=key)))
            out.append((f"Rail to {key}", Action.make("rail", side, units=sel, to=key)))
            out.append((f"Sail to {key}", Action.make("sea", side, units=sel, to=key)))
            out.append((f"Special Transfer to {key}",
                        Action.make("transfer", side, unit=sel[0], to=key)))
        for track in ("brit", "aus", "ind", "ita", "ger", "tank"):
            out.append((f"Turn a recovered {track} step into a Replacement",
                        Action.make("convert", side, track=track)))
        from .air import candidates as air_candidates

        return out + air_candidates(self, key)          # 40.0 and 41.0

    # -- drawing ------------------------------------------------------------------------------

    def _clear(self, items: list) -> None:
        for item in items:
            self.scene.removeItem(item)
        items.clear()

    def _tint(self, key: str, colour: QColor, z: float = 5, edge: QColor | None = None) -> None:
        if key not in self.scene.board:
            return
        item = static_item(polygon_path(self.scene.board[key].polygon))
        item.setBrush(QBrush(colour))
        if edge is None:
            item.setPen(QPen(Qt.PenStyle.NoPen))
        else:
            pen = QPen(edge, 2.0)
            pen.setCosmetic(True)
            item.setPen(pen)
        item.setZValue(z)
        item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.scene.addItem(item)
        self.overlay.append(item)

    def _light(self) -> None:
        self._clear(self.overlay)
        if self.zoc_action.isChecked():
            foe = {"axis": "allied", "allied": "axis"}.get(self.actor(), "axis")
            for key, lvl in self.controller.zoc(self.state, foe).items():
                self._tint(key, LIT["zoc2" if lvl == 2 else "zoc1"], 4.5)
        for key in self.reach:
            self._tint(key, LIT["reach"], edge=EDGE["reach"])
        for key in self.targets:
            self._tint(key, LIT["target"], edge=EDGE["target"])
        for key in self.options:
            self._tint(key, LIT["option"])
        if self.chosen:
            self._tint(self.chosen, LIT["chosen"], 5.5, edge=EDGE["chosen"])
        if self.target:
            self._tint(self.target, QColor(230, 30, 30, 120))

    def _show_stack(self) -> None:
        key = self.chosen
        if key is None:
            return
        state, types = self.state, self.session.module.piece_types
        prompt = self.prompt()
        tickable = bool({"move", "attack", "assault", "react"} & set(prompt.kinds))
        rows = []
        losers = []
        item = prompt.info.get("pending")
        if item and item.get("kind") == "loss":
            losers = [a.get("unit") for a in self.controller.legal_actions(state)
                      if a.kind == "loss"]
        side = prompt.side
        hidden = self.hidden()

        def row(pid: str, indent: int) -> None:
            if pid in hidden:
                return
            p = state.pieces[pid]
            t = types[p.type]
            marks = [m for m, f in (("Disrupted", "disrupted"), ("Out of Supply", "oos"),
                                    ("Direct Support", "support")) if p.data.get(f)]
            text = f"{t.get('label') or t.name}  {factor_text(t, p)}"
            if t.kind == "combat":
                text += f"  ({p.data.get('steps')} of {t.get('steps')} steps)"
            if marks:
                text += "  [" + ", ".join(marks) + "]"
            if pid in losers:
                text = "▶ " + text + "  (double-click: take the loss)"
            top = indent == 0 and p.side == side and t.kind not in ("sp", "repl")
            rows.append((pid, text, (True if top and tickable else None), indent))
            for other, q in sorted(state.pieces.items()):
                if q.status == "active" and (q.data.get("hq") == pid
                                             or q.data.get("carried_by") == pid):
                    row(other, indent + 1)

        for pid in self.controller.stack(state, key):
            p = state.pieces[pid]
            if not p.data.get("hq") and not p.data.get("carried_by"):
                row(pid, 0)
        from .air import stack_rows

        rows += stack_rows(self, key)                 # 40.2 the air units above the hex
        space = self.scene.board[key]
        title = f"{key}" + (f" {space.get('name')}" if space.get("name") else "")
        title += f" · {space.get('terrain')}"
        hint = "Tick the units that move or attack together." if tickable else ""
        if losers:
            hint = "Double-click the unit that takes the loss (9.5)."
        self.stack_panel.list.blockSignals(True)
        self.stack_panel.show_stack(title, rows, hint)
        self.stack_panel.list.blockSignals(False)

    def hidden(self) -> set[str]:
        """The pieces the player now acting may not see (39.0 Fog of War, when the
        game plays it): what the controller's view of his side leaves out."""
        state = self.state
        side = self.prompt().side
        if not side:
            return set()
        return set(state.pieces) - set(self.controller.view(state, side).pieces)

    def _stacks(self) -> None:
        """Hide display units and cargo under their HQ or truck and all but the top
        three pieces of a big stack; badges say how many more there are.  Pieces the
        acting player may not see (39.0) are not drawn."""
        by_hex: dict[str, list[str]] = {}
        flying: list[str] = []
        state = self.state
        hidden = self.hidden()
        isolated = set()
        if self.supply_action.isChecked():
            for side in ("axis", "allied"):
                isolated |= set(self.controller.supply_state(state, side)["isolated"])
        for pid, item in self.scene.counters.items():
            p = state.pieces[pid]
            if isinstance(item, LegendCounterItem):
                data = dict(p.data)
                data["isolated"] = pid in isolated or None
                piece = p.copy()
                piece.data = data
                item.update_piece(piece, item.ptype)
            if p.data.get("hq") or p.data.get("carried_by") or pid in hidden:
                item.setVisible(False)
                continue
            kind = getattr(getattr(item, "ptype", None), "kind", "")
            if p.status == "active" and kind == "air":
                flying.append(pid)                   # 40.2 above the hex, not in it
                continue
            by_hex.setdefault(p.space, []).append(pid)
        for key, pids in by_hex.items():
            pids.sort(key=lambda q: self.scene.counters[q].zValue())
            shown = pids[-3:]
            centre = self.scene.space_centre(key)
            for i, pid in enumerate(shown):
                item = self.scene.counters[pid]
                item.setVisible(True)
                off = (i - (len(shown) - 1) / 2) * 0.06 * UNIT
                item.setPos(centre + QPointF(off, -off))
            for pid in pids[:-3]:
                self.scene.counters[pid].setVisible(False)
            for pid in pids:
                item = self.scene.counters[pid]
                if not isinstance(item, LegendCounterItem):
                    continue
                riders = sum(1 for o, q in state.pieces.items() if q.status == "active" and (
                    q.data.get("hq") == pid or q.data.get("carried_by") == pid)
                    and o not in hidden)
                more = len(pids) - 3 if pid == pids[-1] and len(pids) > 3 else 0
                badge = "+".join(str(n) for n in (more, riders) if n)
                item.set_badge(badge)
        from .air import place_air

        place_air(self, flying)

    def _works(self) -> None:
        self._clear(self.works_items)
        font = QFont()
        font.setBold(True)
        font.setPixelSize(int(0.16 * UNIT))
        for key, w in (self.state.vars.get("works") or {}).items():
            if key not in self.scene.board:
                continue
            x, y = self.scene.board[key].centre
            text = ("FORT" if w.get("type") == "fort" else "IP") + ("*" if w.get("permanent")
                                                                   else "")
            item = QGraphicsSimpleTextItem(text)
            item.setFont(font)
            item.setBrush(QColor("#6b2e1a") if w.get("side") == "axis" else QColor("#1f3f66"))
            item.setPos(x * UNIT - 0.3 * UNIT, y * UNIT - 0.42 * UNIT)
            item.setZValue(6)
            self.scene.addItem(item)
            self.works_items.append(item)

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
        self.end_action.setEnabled(any(k in kinds for k in END_KINDS))
        self.options = {}
        if {"retreat", "advance"} & set(kinds):
            for a in ctl.legal_actions(state):
                if a.kind in ("retreat", "advance"):
                    self.options.setdefault(list(a["path"])[-1], a)
        last = state.vars.get("last_combat")
        if last:
            self.combat.last.setText(f"Last combat: {last.get('odds')}, column "
                                     f"{last.get('column')}, A{last.get('a')}/D{last.get('d')} "
                                     f"{last.get('result')}")
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
            self._light()
        self._stacks()
        self._works()
        self._check_victory()

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
