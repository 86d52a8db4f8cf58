"""Firing the machinegun and the cannon in the play window (14.2-14.62).

A click on a Weapon unit in a fire phase starts aiming it and opens a small
panel over the map:

* the crew (14.2): a check box for every unit of the side that may crew the
  weapon now (the crew the controller offers first is ticked; at most the
  full crew, 2 for the machinegun and 3 for the cannon) and, greyed out, the
  near units that cannot, each with the reason in its tooltip.  Clicking a
  unit on the map ticks or unticks it too.  A short crew shows its modifier
  (14.43: -1 a man short);
* the machinegun (14.5): its arc is shaded, every target the controller
  accepts for this crew shows the roll needed; a click on a target gives it
  one more of the five shots (Shift+click: all the shots left), a right-click
  takes one off.  The panel lists the shots by target in the order they will
  be rolled; the map draws a line to each target with its number of shots.
  Fire (or Enter) announces them all at once; Cancel (or Esc) puts the
  weapon down;
* the cannon (14.6): Canister (14.61) fires at once; for Shell (14.62) click
  the square the shell is to burst in.

The controller decides everything: who may crew (``weapon_crew``), which
targets and with which number (``weapon_targets``), and the announcement
itself (``legal``).  The panel never lets a refused announcement through
silently: the Fire button's tooltip and the status line say why, with the
rule.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QColor, QKeySequence, QShortcut

from ffl.engine import Action
from ffl.games.ffl.tables import modifier_text
from ffl.ui.style import UNIT

from .counters import ACTIVE, NORMAL, SELECTED, TARGET, FFLCounterItem
from .fire import BLOCKED_LINE, CLEAR_LINE, FireMode
from .layers import ARC_SHADE
from .weapon_panel import BadgeLayer, WeaponPanel

SHOTS = 5                                   # 14.5 the machinegun's five shots
SHOT_LINE = QColor(200, 20, 20, 230)
CREW_LINE = QColor(40, 80, 160, 220)
NAMES = {"weapon-mg": "Machinegun", "weapon-cannon": "Cannon"}


@dataclass
class Aim:
    """The weapon being aimed: the crew ticked and the shots placed so far."""

    weapon: str
    crew: list[str] = field(default_factory=list)
    #: target id -> shots, in the order the targets were first clicked
    shots: dict[str, int] = field(default_factory=dict)

    @property
    def placed(self) -> int:
        return sum(self.shots.values())

    def targets(self) -> tuple[str, ...]:
        """14.5 the announcement: each target's shots together, first clicked first."""
        return tuple(t for t, n in self.shots.items() for _ in range(n))


class WeaponFireMode(FireMode):
    """Fire mode with the Weapon units aimed and fired from the map (14)."""

    def __init__(self, ui) -> None:
        super().__init__(ui)
        self.aim: Aim | None = None
        self.panel: WeaponPanel | None = None
        self.badges = BadgeLayer(ui.scene)
        self.accepted: dict = {}            # target id -> WeaponTarget the controller accepts
        self.infos_mg: dict = {}            # target id -> every WeaponTarget
        self.crew_info = None
        self.keys: list[QShortcut] = []

    # -- starting and stopping -------------------------------------------------------

    def start(self, wid: str) -> bool:
        """14 a click on a Weapon unit: aim it with the crew offered first."""
        info = self.ui.controller.weapon_crew(self.state, wid)
        if not info.able:
            why = "; ".join(f"{self.ui.name(p)}: {v.reason} ({v.rule})"
                            for p, v in list(info.unable.items())[:3])
            self.ui.status("The weapon has no crew now: a unit of the side must be in or next "
                           "to its square, on its level, facing its way (14.2)"
                           + (f" — {why}" if why else "") + ".")
            return True
        crew = list(info.default or info.able[:info.full])
        mode = "canister" if self.state.pieces[wid].type == "cannon" else "mg"
        probe = self.ui.controller.legal(self.state, Action.make(
            "weapon-fire", self.ui.side(), weapon=wid, crew=tuple(crew), mode=mode))
        if not probe and probe.rule in ("14.1", "14.7", "17.41"):
            self.ui.status(f"The weapon cannot fire now: {probe.reason} ({probe.rule}).")
            return True
        self.aim = Aim(wid, crew)
        self.selected = []
        self._panel()
        self._keys(True)
        self.refresh()
        return True

    def cancel(self) -> None:
        """Esc: put the weapon down, nothing fired."""
        self._stop()
        self.ui.status("The weapon is not fired.")
        self.refresh()

    def _stop(self) -> None:
        self.aim = None
        self.accepted, self.infos_mg, self.crew_info = {}, {}, None
        self.badges.clear()
        if self.panel is not None:
            self.panel.hide()
        self._keys(False)

    def leave(self) -> None:
        self._stop()
        super().leave()

    def _keys(self, on: bool) -> None:
        if on and not self.keys:
            parent = self.ui.host.parent_widget()
            for seq, slot in (("Return", self.fire), ("Enter", self.fire),
                              ("Escape", self.cancel)):
                key = QShortcut(QKeySequence(seq), parent)
                key.setContext(Qt.ShortcutContext.WindowShortcut)
                key.activated.connect(slot)
                self.keys.append(key)
        for key in self.keys:
            key.setEnabled(on)

    def _map_view(self):
        """The play window's map view, if the host has one (the panel floats over it)."""
        return getattr(getattr(self.ui.host, "window", None), "map", None)

    def _panel(self) -> None:
        if self.panel is None:
            view = self._map_view()
            parent = view if view is not None else self.ui.host.parent_widget()
            self.panel = WeaponPanel(self, parent)
        self.panel.show()
        self.panel.raise_()

    def _place_panel(self) -> None:
        """Over the map's top right corner, or its top left when the weapon is
        under that corner."""
        panel = self.panel
        panel.adjustSize()
        area = panel.parentWidget().rect()
        x, y = area.right() - panel.width() - 12, area.top() + 12
        w = self.state.pieces[self.aim.weapon]
        at = panel.parentWidget().mapFromGlobal(
            self.ui.host.global_pos(self.scene.space_centre(w.space)))
        if x - 40 < at.x() and at.y() < y + panel.height() + 40:
            x = area.left() + 12
        panel.move(QPoint(max(0, x), max(0, y)))

    # -- the mouse -------------------------------------------------------------------

    def press(self, pos, button, modifiers) -> bool:
        if self.aim is None:
            weapon = self.counter_at(pos, types=("weapon",))
            if weapon is not None:
                return self.start(weapon.piece_id)
            return super().press(pos, button, modifiers)
        weapon = self.counter_at(pos, types=("weapon",))
        if weapon is not None and weapon.piece_id != self.aim.weapon:
            self._stop()
            return self.start(weapon.piece_id)
        item = self.counter_at(pos)
        if item is None:
            if self._is_cannon() and button == Qt.MouseButton.LeftButton:
                key = self.square_at(pos)
                if key is not None:
                    self.fire_shell(key)
                    return True
            return weapon is not None
        pid, right = item.piece_id, button == Qt.MouseButton.RightButton
        if item.piece.side == self.ui.side():
            self._crew_click(pid)
            return True
        if self._is_cannon():
            if not right:
                self.fire_shell(item.piece.space)
            return True
        if right:
            self.take_shot(pid)
        else:
            shift = bool(modifiers & Qt.KeyboardModifier.ShiftModifier)
            self.add_shot(pid, SHOTS if shift else 1)
        return True

    def move(self, pos) -> bool:
        if self.aim is None:
            return super().move(pos)
        item = self.counter_at(pos)
        info = self.infos_mg.get(item.piece_id) if item is not None else None
        self.sight_layer.clear()
        if info is not None:
            verdict = info.verdict
            gun = self.scene.counter(self.aim.weapon)
            if gun is not None:       # the line to the target: solid if accepted
                self.sight_layer.polyline(
                    [gun.sceneBoundingRect().center(), item.sceneBoundingRect().center()],
                    CLEAR_LINE if verdict else BLOCKED_LINE, 0.04, dashed=not verdict)
            self.ui.status(f"{self.ui.name(info.target)}: range {info.range}, "
                           f"{modifier_text(info.modifiers)}, needs {info.needed}+"
                           + ("" if verdict else f" · no shot: {verdict.reason} "
                                                 f"({verdict.rule})"))
        return False

    def _crew_click(self, pid: str) -> None:
        info = self.crew_info
        if pid in info.able:
            self.set_crewman(pid, pid not in self.aim.crew)
            return
        v = info.unable.get(pid)
        self.ui.status(f"{self.ui.name(pid)} cannot crew: {v.reason} ({v.rule})" if v else
                       f"{self.ui.name(pid)} is not next to the weapon (14.2).")

    # -- the crew (14.2) ---------------------------------------------------------------

    def set_crewman(self, pid: str, on: bool) -> None:
        aim = self.aim
        if aim is None or (pid in aim.crew) == on:
            return
        if on:
            if len(aim.crew) >= self.crew_info.full:
                self.ui.status(f"The crew is full ({self.crew_info.full}, 14.2): untick one "
                               "first.")
                self._draw()
                return
            aim.crew.append(pid)
        else:
            aim.crew.remove(pid)
        self._draw()

    # -- the machinegun's shots (14.5) -----------------------------------------------

    def add_shot(self, target: str, n: int = 1) -> None:
        aim = self.aim
        info = self.infos_mg.get(target)
        if info is None:
            self.ui.status(f"{self.ui.name(target)} is not a target of the weapon.")
            return
        if not info.verdict:
            self.ui.status(f"Cannot fire at {self.ui.name(target)}: {info.verdict.reason} "
                           f"({info.verdict.rule})")
            return
        room = SHOTS - aim.placed
        if room <= 0:
            self.ui.status("All five shots are placed (14.5): right-click a target to take "
                           "one off, or Fire.")
            return
        aim.shots[target] = aim.shots.get(target, 0) + min(n, room)
        self._draw()

    def take_shot(self, target: str) -> None:
        aim = self.aim
        if aim is None or target not in aim.shots:
            return
        aim.shots[target] -= 1
        if not aim.shots[target]:
            del aim.shots[target]
        self._draw()

    def action(self) -> Action | None:
        aim = self.aim
        if aim is None:
            return None
        return Action.make("weapon-fire", self.ui.side(), weapon=aim.weapon,
                           crew=tuple(aim.crew), mode="mg", targets=aim.targets())

    def fire(self) -> None:
        """Fire / Enter: the announcement goes to the controller as it stands."""
        if self.aim is None:
            return
        if self._is_cannon():
            self.ui.status("Fire the cannon with Canister, or click the square for Shell "
                           "(14.6).")
            return
        action = self.action()
        verdict = self.ui.controller.legal(self.state, action)
        if not verdict:
            self.ui.status(f"Not yet: {verdict.reason} ({verdict.rule})")
            return
        self._send(action)

    def fire_canister(self) -> None:
        if self.aim is not None:
            self._send(Action.make("weapon-fire", self.ui.side(), weapon=self.aim.weapon,
                                   crew=tuple(self.aim.crew), mode="canister"))

    def fire_shell(self, key: str) -> None:
        self._send(Action.make("weapon-fire", self.ui.side(), weapon=self.aim.weapon,
                               crew=tuple(self.aim.crew), mode="shell", square=key))

    def _send(self, action: Action) -> None:
        verdict = self.ui.controller.legal(self.state, action)
        if not verdict:
            self.ui.status(f"Cannot fire: {verdict.reason} ({verdict.rule})")
            return
        self._stop()
        self.ui.do(action)
        self.ui.refresh([])

    def _is_cannon(self) -> bool:
        return self.aim is not None and self.state.pieces[self.aim.weapon].type == "cannon"

    # -- drawing -----------------------------------------------------------------------

    def refresh(self) -> None:
        if self.aim is None:
            super().refresh()
            return
        w = self.state.pieces.get(self.aim.weapon)
        if w is None or not w.on_board or self.ui.prompt().phase != "fire":
            self._stop()
            super().refresh()
            return
        self._draw()

    def _draw(self) -> None:
        """Ask the controller again for this crew, then redraw map and panel."""
        aim, ctrl, state = self.aim, self.ui.controller, self.state
        self.crew_info = ctrl.weapon_crew(state, aim.weapon)
        aim.crew = [p for p in aim.crew if p in self.crew_info.able]
        cannon = self._is_cannon()
        self.infos_mg = {} if cannon else {
            t.target: t for t in ctrl.weapon_targets(state, aim.weapon, aim.crew)}
        self.accepted = {t: i for t, i in self.infos_mg.items() if i.verdict}
        aim.shots = {t: n for t, n in aim.shots.items() if t in self.accepted}
        self.layer.clear()
        self.sight_layer.clear()
        self.badges.clear()
        for key in ctrl.firing_arc(state, aim.weapon):
            self.layer.shade(key, ARC_SHADE)
        able = set(self.crew_info.able)
        for pid, item in self.scene.counters.items():
            if not isinstance(item, FFLCounterItem):
                continue
            if pid in aim.crew:
                item.set_highlight(SELECTED)
            elif pid in able:
                item.set_highlight(ACTIVE)
            elif pid in self.accepted:
                item.set_highlight(TARGET, str(self.accepted[pid].needed))
            else:
                item.set_highlight(NORMAL)
        w = state.pieces[aim.weapon]
        gun = self.scene.counter(aim.weapon)
        origin = gun.sceneBoundingRect().center() if gun is not None else \
            self.scene.space_centre(w.space)
        for pid in aim.crew:
            self.layer.outline(state.pieces[pid].space, CREW_LINE, 0.05)
        for target, n in aim.shots.items():
            item = self.scene.counter(target)
            centre = item.sceneBoundingRect().center() if item is not None else \
                self.scene.space_centre(state.pieces[target].space)
            self.badges.polyline([origin, centre], SHOT_LINE, 0.05)
            # the shots at the lower right corner (the number needed is at the upper left)
            corner = item.sceneBoundingRect().bottomRight() if item is not None else centre
            self.badges.badge(corner + QPointF(-0.08 * UNIT, -0.08 * UNIT), f"×{n}")
        self._fill_panel(cannon)

    def _fill_panel(self, cannon: bool) -> None:
        aim, panel, name = self.aim, self.panel, self.ui.name
        info = self.crew_info
        short = max(0, info.full - len(aim.crew))
        kind = "canister at 3, shell at 4 (14.6)" if cannon else \
            "five shots at Fire Number 4 (14.5)"
        panel.title.setText(f"{NAMES.get(aim.weapon, 'Weapon')} — {kind}")
        panel.show_crew(info, aim.crew, name)
        panel.short_label.setText(
            "no crew: it cannot fire (14.43)" if not aim.crew else
            f"{short} short of a full crew: {-short} on every roll (14.43)" if short else
            "full crew: no modifier (14.43)")
        panel.canister.setVisible(cannon)
        panel.fire.setVisible(not cannon)
        if cannon:
            panel.shots_label.setText("")
            panel.show_shots([])
            v = self.ui.controller.legal(self.state, Action.make(
                "weapon-fire", self.ui.side(), weapon=aim.weapon, crew=tuple(aim.crew),
                mode="canister"))
            panel.canister.setEnabled(bool(v))
            panel.canister.setToolTip("Fire canister at every unit in the arc, 1-6 squares, "
                                      "friend or foe (14.61)" if v else
                                      f"{v.reason} ({v.rule})")
            panel.hint.setText("Shell: click the square it is to burst in, four or more "
                               "squares away (14.62). Esc cancels.")
        else:
            left = SHOTS - aim.placed
            panel.shots_label.setText(f"Shots placed {aim.placed} of {SHOTS}"
                                      + (f" — {left} to place" if left else " — ready"))
            rows = []
            for k, (target, n) in enumerate(aim.shots.items()):
                t = self.accepted[target]
                first = sum(list(aim.shots.values())[:k]) + 1
                order = f"shot {first}" if n == 1 else f"shots {first}-{first + n - 1}"
                rows.append((target, f"{name(target)} ×{n} · needs {t.needed}+ · {order}",
                             modifier_text(t.modifiers)))
            panel.show_shots(rows)
            v = self.ui.controller.legal(self.state, self.action())
            panel.fire.setEnabled(bool(v))
            panel.fire.setToolTip("Announce the five shots and roll them (Enter)" if v else
                                  f"Not yet: {v.reason} ({v.rule})")
            panel.hint.setText(
                "Click a numbered target: +1 shot (Shift: all left); right-click: −1. "
                "Click your units to change the crew. Enter fires, Esc cancels."
                if self.accepted else
                "No target this crew may fire at now (arc, range, line of sight: 7.2-7.5).")
        self._place_panel()
