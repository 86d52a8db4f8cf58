"""The "Pieces" tray of free play: every piece off the map, grouped by side
(the scenario's order, each row marked with its side's colour), then by kind
and name; a filter narrows the list.

Drag a piece from the list onto any space of the map (the shared hand-made
drag of :class:`~ffl.ui.tray.TrayList`); clicking one chooses it, so Ctrl+F or
"Add marker" act on it before it is on the map.
"""

from __future__ import annotations

from collections import Counter

from PySide6.QtCore import QPoint
from PySide6.QtGui import QIcon, QPainter, QPixmap
from PySide6.QtWidgets import QLabel, QLineEdit, QListWidgetItem, QVBoxLayout, QWidget

from ffl.ui.counters import is_flipped
from ffl.ui.tray import PID_ROLE, TrayList


def kind_of(types, type_id: str) -> str:
    ptype = types.get(type_id)
    return ptype.kind if ptype else ""


class PieceTray(QWidget):
    """The list of pieces off the map; ``ui`` is the :class:`FreePlayUI`."""

    def __init__(self, ui) -> None:
        super().__init__()
        self.setObjectName("freePieceTray")
        self.ui = ui
        self.title = QLabel()
        self.title.setObjectName("freeTrayTitle")
        self.title.setWordWrap(True)
        self.list = TrayList(self)
        self.list.setToolTip("Pieces off the map: drag one onto any space of the map")
        self.list.currentItemChanged.connect(self._chosen)
        self.filter = QLineEdit()
        self.filter.setObjectName("freeTrayFilter")
        self.filter.setPlaceholderText("filter by name, side or kind")
        self.filter.setClearButtonEnabled(True)
        self.filter.setToolTip("Show only the pieces whose name, id, side or kind holds this text")
        self.filter.textChanged.connect(lambda _text: self.refresh())
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.title)
        layout.addWidget(self.filter)
        layout.addWidget(self.list, 1)
        self._filling = False

    # -- contents -----------------------------------------------------------------------

    def refresh(self) -> None:
        state, module = self.ui.state, self.ui.session.module
        types = module.piece_types
        current = self.current_pid()
        names = {p.id: self.ui.piece_name(p.id) for p in state.pieces.values()}
        repeated = Counter(names.values())
        all_off = [p for p in state.pieces.values() if not p.on_board]
        wanted = self.filter.text().strip().lower()
        off = [p for p in all_off if not wanted or any(
            wanted in str(text).lower() for text in (names[p.id], p.id, p.side,
                                                     kind_of(types, p.type)))]
        order = {side: i for i, side in enumerate(self.ui.session.scenario.sides)}
        # by side (the scenario's order), characters first, then by name
        off.sort(key=lambda p: (order.get(p.side, len(order)), p.side,
                                kind_of(types, p.type) != "character",
                                kind_of(types, p.type), names[p.id], p.id))
        icons: dict[str, QIcon] = {}
        self._filling = True
        try:
            self.list.clear()
            for piece in off:
                side = piece.side or "no side"
                text = names[piece.id]
                if repeated[text] > 1:
                    text += f"  ({piece.id})"
                extra = [s for s in (piece.status if piece.status not in ("off", "active")
                                     else "", "flipped" if is_flipped(piece) else "") if s]
                if extra:
                    text += f" — {', '.join(extra)}"
                item = QListWidgetItem(f"{side} · {text}")
                item.setData(PID_ROLE, piece.id)
                if side not in icons:
                    icons[side] = self._icon(piece.side)
                item.setIcon(icons[side])
                item.setToolTip(f"{names[piece.id]} ({piece.id}), "
                                f"{kind_of(types, piece.type) or 'piece'} of {side}: "
                                "drag it onto the map")
                self.list.addItem(item)
                if piece.id == current:
                    self.list.setCurrentItem(item)
        finally:
            self._filling = False
        on = len(state.pieces) - len(all_off)
        counts = Counter(p.side or "no side" for p in off)
        by_side = ", ".join(f"{side} {n}" for side, n in counts.items())
        shown = " shown" if wanted else ""
        detail = f" ({by_side}{shown})" if by_side else ""
        hint = " Drag a piece onto any space." if all_off else ""
        self.title.setText(f"<b>{len(all_off)}</b> off the map{detail}, {on} on it.{hint}")

    def _icon(self, side: str) -> QIcon:
        """A small square of the side's colour, so the sides read as groups."""
        pixmap = QPixmap(12, 12)
        colour = self.ui.scene.style.side_colour(side)
        pixmap.fill(colour)
        painter = QPainter(pixmap)
        painter.setPen(colour.darker(170))
        painter.drawRect(0, 0, 11, 11)
        painter.end()
        return QIcon(pixmap)

    def item_for(self, pid: str) -> QListWidgetItem | None:
        for i in range(self.list.count()):
            if self.list.item(i).data(PID_ROLE) == pid:
                return self.list.item(i)
        return None

    def pids(self) -> list[str]:
        """The pieces listed, top to bottom."""
        items = (self.list.item(i) for i in range(self.list.count()))
        return [it.data(PID_ROLE) for it in items if it.data(PID_ROLE)]

    def sides(self) -> list[str]:
        """The side of each piece listed, top to bottom (grouped, scenario order)."""
        return [self.ui.state.pieces[pid].side for pid in self.pids()]

    def current_pid(self) -> str | None:
        item = self.list.currentItem()
        return item.data(PID_ROLE) if item is not None else None

    def _chosen(self, item: QListWidgetItem | None, _previous=None) -> None:
        if not self._filling and item is not None and item.data(PID_ROLE):
            self.ui.select(item.data(PID_ROLE))

    # -- dragging onto the map (called by TrayList) ----------------------------------------

    def drag_over(self, pid: str, global_pos: QPoint) -> None:
        self.ui.mouse.tray_hover(pid, self.ui.host.scene_pos_at(global_pos))

    def drop(self, pid: str, global_pos: QPoint) -> None:
        self.ui.mouse.tray_drop(pid, self.ui.host.scene_pos_at(global_pos))
