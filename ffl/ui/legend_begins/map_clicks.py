"""The map's clicks in The Legend Begins' play window (a mixin of
:class:`~.game_ui.LegendGameUI`, moved out of ``game_ui.py`` as it was): a click
chooses a hex's stack, moves it to a lit hex or picks the enemy hex to attack,
and the Combat dock's preview of the odds (the controller's ``odds`` query; the
UI decides no rule).
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt

from ffl.engine import Action


def seven_text(od: dict) -> str:
    """5.5 the odds preview's line for an overstacked defender: the defence shown
    counts every unit, the defender will keep only seven points (the controller's
    range of his choices)."""
    seven = od.get("seven")
    if not seven:
        if any(n.startswith("5.5") for n in od.get("notes") or []):
            # no range worked out (no choice the rules would accept): the choice still comes
            return ("<br><b>5.5</b> he picks the seven points that defend: the defence "
                    "shown counts them all")
        return ""
    (low, high), (col_low, col_high) = seven["defence"], seven["column"]
    a = od["attack"]
    ends = (f"{a} to {low} ({col_low})" if low == high else
            f"{a} to {high} ({col_high}) at worst, {a} to {low} ({col_low}) at best")
    return f"<br><b>5.5</b> he picks the seven points that defend: {ends}"


class MapClicks:
    """Mixin for :class:`~.game_ui.LegendGameUI`: the map's clicks and the odds preview."""

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
        item = self.prompt().info.get("pending") or {}
        if item.get("kind") == "seven":            # 5.5 the attack waits for the choice
            what = "Mobile Assault" if item.get("assault") else "attack"
            self.combat.preview.setText(
                f"<b>5.5</b> The {what} on {item['hex']} waits while the defender sets "
                f"units aside ({len(item.get('aside') or [])} so far); it is resolved as "
                "soon as seven stacking points or fewer defend.")
            return
        if item and "attack" not in self.prompt().kinds:
            self.combat.preview.setText("No attack now: first the decision the Segment dock "
                                        "shows.")
            return
        kinds = self.prompt().kinds
        if "attack" not in kinds:
            self.combat.preview.setText(self._no_combat_text(kinds))
            return
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
            f"{od['steps'][1]})<br>{notes}{seven_text(od)}<br><i>Click the hex again or "
            "press Attack.</i>")

    def _no_combat_text(self, kinds) -> str:
        """The Combat dock outside a Combat Phase: when attacks come, or that none will."""
        if self.prompt().phase == "over":
            return "The game is over: no more combats."
        if "assault" in kinds:
            return ("Attacks come in the Combat Phase. Now a Mobile Assault (14.0): tick "
                    "motorized units, right-click the enemy hex.")
        return "No combat now: attacks are made in a Combat Phase."
