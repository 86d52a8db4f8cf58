"""The hex menu of The Legend Begins' play window: a right-click on a hex lists what
its pieces may do now (Field Works, artillery, trucks, displays, Direct Support,
demolition, rail and sea movement, Mobile Assault, the air game and Reaction).  The
candidates are made up here; the controller decides which are legal and the menu shows
only those."""

from __future__ import annotations

from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QMenu

from ffl.engine import Action


class HexMenu:
    """Mixin for :class:`~.game_ui.LegendGameUI`: the right-click menu of a hex."""

    def context_menu(self, key: str, pos: QPointF) -> None:
        menu = QMenu(self.host.parent_widget())
        menu.setObjectName("tlbContextMenu")
        from .air import tip

        for text, action in self.candidates(key):
            if self.controller.legal(self.state, action):
                entry = menu.addAction(text, lambda a=action: self.do(a))
                if tip(action):                 # 40.11 taking an Air HQ off the map
                    entry.setToolTip(tip(action))
                    menu.setToolTipsVisible(True)
        if not menu.actions():
            menu.addAction("Nothing to do here now").setEnabled(False)
        self.menu = menu
        self.host.popup(menu, pos)

    def assault_odds(self, units: list[str], key: str) -> str:
        """14.4 the odds a Mobile Assault on ``key`` would have, for its menu entry
        (with the range the defender's choice of seven points leaves, 5.5)."""
        od = self.controller.odds(self.state, units, [key], mobile=True)
        if not od.get("ok"):
            return ""
        text = f" ({od['attack']} to {od['defence']}, column {od['column']}"
        seven = od.get("seven")
        if seven:
            low, high = seven["defence"]
            text += (f"; 5.5 the defender keeps seven points: {od['attack']} to "
                     f"{low if low == high else f'{low}-{high}'}")
        return text + ")"

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
            out.append((f"Mobile Assault on {key}{self.assault_odds(sel, key)}",
                        Action.make("assault", side, units=sel, target=key)))
            out.append((f"Rail to {key}", Action.make("rail", side, units=sel, to=key)))
            out.append((f"Sail to {key}", Action.make("sea", side, units=sel, to=key)))
            out.append((f"Special Transfer to {key}",
                        Action.make("transfer", side, unit=sel[0], to=key)))
        for track in ("brit", "aus", "ind", "ita", "ger", "tank"):
            out.append((f"Turn a recovered {track} step into a Replacement",
                        Action.make("convert", side, track=track)))
        from .air import candidates as air_candidates

        return out + air_candidates(self, key)          # 40.0 and 41.0
