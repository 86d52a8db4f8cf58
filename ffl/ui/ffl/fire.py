"""Fire mode: selecting a unit of the drawn organization shades its firing arc
(7.3) and marks every target it may really fire at now with the number
needed to hit (7.6, 7.7): the controller must find the shot (or, with several
firers selected, their announcement, 7.13) legal, so a target already fired
at by other firers shows no number and a click on it says why; hovering a target draws the line of sight and outlines the square
that decides it (7.5); clicking a target fires.  Ctrl+click selects several
firers: clicking a target then announces them all at it before any rolls
(7.13) and fires them one after the other.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor

from ffl.engine import Action
from ffl.games.ffl.tables import modifier_text
from ffl.ui.style import UNIT

from .counters import ACTIVE, SELECTED, TARGET
from .interaction import Mode
from .layers import ARC_SHADE, BLOCK_SHADE, Layer
from .movement import describe

CLEAR_LINE, BLOCKED_LINE = QColor(40, 170, 60, 220), QColor(210, 30, 30, 220)


class FireMode(Mode):
    def __init__(self, ui) -> None:
        super().__init__(ui)
        self.selected: list[str] = []
        self.infos: dict = {}          # target id -> TargetInfo of the first firer
        self.sight_layer = Layer(ui.scene)
        self.hovered: str | None = None
        self.refusals: dict = {}       # target id -> Verdict: in arc and range, yet refused

    # -- queries ----------------------------------------------------------------------

    def firers(self) -> set[str]:
        """Units that have a legal shot (or rope to unhook) now (the controller's
        legal actions, asked once per state: a click that selects a firer asks here
        and again in the refresh it causes)."""
        return self.asked("firers", lambda: {a.get("piece") for a in self.legal_actions()
                                             if a.kind in ("fire", "ungrapple")})

    def targets_of(self, pid: str) -> dict:
        """Target id -> what the controller says about firing at it (7)."""
        return {t.target: t for t in self.ui.controller.targets(self.state, pid)}

    # -- mouse --------------------------------------------------------------------------

    def press(self, pos, button, modifiers) -> bool:
        weapon = self.counter_at(pos, types=("weapon",))
        if weapon is not None:
            return self._weapon_menu(weapon.piece_id, pos)
        bundle = self.counter_at(pos, types=("dynamite",))
        if bundle is not None and self.selected:       # 15.131 a shot at a lone bundle
            self.ui.do(Action.make("fire-dynamite", self.ui.side(), piece=self.selected[0],
                                   dynamite=bundle.piece_id))
            self.ui.refresh([])
            return True
        item = self.counter_at(pos)
        if item is None:
            return False
        pid = item.piece_id
        side = self.ui.side()
        if button == Qt.MouseButton.RightButton:
            actions = [a for a in self.legal_actions()
                       if a.get("piece") == pid and a.kind == "ungrapple"]
            self.popup(pos, [(describe(a, self.ui.name(pid)), a) for a in actions])
            return True
        if item.piece.side == side:
            if modifiers & Qt.KeyboardModifier.ControlModifier:
                if pid in self.selected:
                    self.selected.remove(pid)
                elif pid in self.firers():
                    self.selected.append(pid)
            elif pid in self.firers():
                self.selected = [pid]
            else:
                self.ui.status(f"{self.ui.name(pid)} has no shot now (7.1, 7.4, 6.53).")
            self.ui.refresh([])
            return True
        if self.selected:
            self.fire_at(pid)
            return True
        self.ui.status("Select one of your units first, then click its target.")
        return True

    def _weapon_menu(self, wid: str, pos) -> bool:
        """14.5-14.62 a click on a Weapon unit: its ways of firing now."""
        actions = [a for a in self.legal_actions()
                   if a.kind == "weapon-fire" and a.get("weapon") == wid]
        if not actions:
            self.ui.status("The weapon cannot fire now: a crew of this organization must be "
                           "next to it, facing its way, with a target (14.2, 14.7).")
            return True
        self.popup(pos, [(describe(a, self.ui.name), a) for a in actions])
        return True

    def move(self, pos) -> bool:
        item = self.counter_at(pos)
        pid = item.piece_id if item is not None and item.piece_id in self.infos else None
        if pid != self.hovered:
            self.hovered = pid
            self.draw_sight(pid)
        return False

    # -- firing -------------------------------------------------------------------------

    def shot_verdict(self, target: str):
        """The controller's verdict on the selected firer(s) shooting at ``target``
        (one firer: its ``fire``; several: their ``announce``, 7.13)."""
        side, legal = self.ui.side(), self.ui.controller.legal
        fires = [legal(self.state, Action.make("fire", side, piece=p, target=target))
                 for p in self.selected]
        if len(self.selected) == 1:
            return fires[0]
        announce = legal(self.state, Action.make("announce", side,
                                                 pieces=sorted(self.selected), target=target))
        # an announced group goes on firing shot by shot
        return announce if announce or not all(fires) else fires[0]

    def fire_at(self, target: str) -> None:
        refusal = self.refusals.get(target)
        if refusal is not None:
            self.ui.status(f"Cannot fire at {self.ui.name(target)}: {refusal.reason} "
                           f"({refusal.rule})")
            return
        info = self.infos.get(target)
        if info is not None and not info.possible:
            reason = (info.sight.reason if not info.sight.clear else
                      "outside the firing arc (7.3)" if not info.in_arc else
                      f"out of range ({info.range} squares, 7.22)")
            self.ui.status(f"Cannot fire at {self.ui.name(target)}: {reason}")
            return
        side = self.ui.side()
        firers = list(self.selected)
        if len(firers) > 1:
            if self.ui.do(Action.make("announce", side, pieces=sorted(firers),
                                      target=target)) is None:
                return
        for pid in firers:
            if not self.state.pieces[target].on_board:
                break
            self.ui.do(Action.make("fire", side, piece=pid, target=target))
        self.selected = [p for p in self.selected if p in self.firers()]
        self.ui.refresh([])

    # -- drawing -------------------------------------------------------------------------

    def draw_sight(self, target: str | None) -> None:
        self.sight_layer.clear()
        if target is None or not self.selected:
            return
        info = self.infos[target]
        firer = self.state.pieces[self.selected[0]]
        foe = self.state.pieces[target]
        a, b = self.scene.space_centre(firer.space), self.scene.space_centre(foe.space)
        self.sight_layer.polyline([a, b], CLEAR_LINE if info.sight.clear else BLOCKED_LINE,
                                  0.05, dashed=not info.sight.clear)
        deciding = info.sight.deciding
        if isinstance(deciding, str) and deciding in self.scene.board:
            self.sight_layer.outline(deciding, BLOCK_SHADE)
        elif isinstance(deciding, list | tuple) and len(deciding) == 2:
            x, y = deciding
            p = QPointF(float(x) * UNIT, float(y) * UNIT)
            self.sight_layer.polyline([p + QPointF(-12, -12), p + QPointF(12, 12)],
                                      BLOCK_SHADE, 0.06)
            self.sight_layer.polyline([p + QPointF(-12, 12), p + QPointF(12, -12)],
                                      BLOCK_SHADE, 0.06)
        verdict = "clear" if info.sight.clear else f"blocked: {info.sight.reason}"
        refusal = self.refusals.get(target)
        if refusal is not None:
            verdict += f" · no shot: {refusal.reason} ({refusal.rule})"
        mods = modifier_text(info.modifiers)
        self.ui.status(f"{self.ui.name(target)}: range {info.range}, {mods}, "
                       f"needs {info.needed}+ · line of sight {verdict}")

    def refresh(self) -> None:
        firers = self.firers()
        self.selected = [p for p in self.selected if p in firers]
        for pid, item in self.scene.counters.items():
            if hasattr(item, "set_highlight"):
                item.set_highlight(ACTIVE if pid in firers else "")
        self.layer.clear()
        self.sight_layer.clear()
        self.infos, self.refusals = {}, {}
        if not self.selected:
            return
        for key in self.ui.controller.firing_arc(self.state, self.selected[0]):
            self.layer.shade(key, ARC_SHADE)
        self.infos = self.targets_of(self.selected[0])
        for target, info in self.infos.items():
            if not info.possible:
                continue
            verdict = self.shot_verdict(target)
            if not verdict:
                self.refusals[target] = verdict
            else:
                item = self.scene.counter(target)
                if item is not None and hasattr(item, "set_highlight"):
                    item.set_highlight(TARGET, str(info.needed))
        self.ui.highlight(self.selected, SELECTED)

    def leave(self) -> None:
        super().leave()
        self.sight_layer.clear()
        self.selected, self.infos, self.hovered = [], {}, None
