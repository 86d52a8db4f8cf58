"""What changes on the map between steps: each Zone's markers and the highlights.

Zone markers sit on the Control box: USMC Control (a blue cover over the
circle), the activation marker (A Activated, S start Zone, SP Strong Point),
'Fanaticism' (F), 'Phantom Fury' (PF, 15 then 30), 'No Insurgents Event'
(NE); a Ruins Zone is hatched.  Highlights ring the places a unit can reach
(with the MP it costs) or the Zones a Mission may target.  All read from the
controller's ``zone_status`` and the UI's queries.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QGraphicsSimpleTextItem

from ffl.ui.board_scene import polygon_path
from ffl.ui.phantom_fury.decor import EGRESS_BAND
from ffl.ui.style import UNIT

Z_MARKERS, Z_HIGHLIGHT = 6, 8
TAGS = {"start": ("S", "#3a3a3a"), "normal": ("A", "#6b6b6b"), "fortified": ("SP", "#b3261e")}


def _text_item(text: str, size: float, colour: QColor, bold: bool = True
               ) -> QGraphicsSimpleTextItem:
    item = QGraphicsSimpleTextItem(text)
    font = QFont()
    font.setPixelSize(max(1, int(size * UNIT)))
    font.setBold(bold)
    item.setFont(font)
    item.setBrush(colour)
    return item


class Overlay:
    def __init__(self, scene, targeted: set[int] = frozenset()) -> None:
        self.scene = scene
        #: the Zones whose Control box shows a target symbol (the markers go under it)
        self.targeted = set(targeted)
        self.zone_items: dict[int, list[QGraphicsItem]] = {}
        self.zone_keys: dict[int, tuple] = {}
        self.highlights: list[QGraphicsItem] = []

    # -- zone markers -------------------------------------------------------------------

    def show_zones(self, status: dict[int, dict]) -> None:
        for n, st in status.items():
            key = tuple(sorted((k, str(v)) for k, v in st.items()))
            if self.zone_keys.get(n) == key:
                continue
            self.zone_keys[n] = key
            for item in self.zone_items.pop(n, []):
                self.scene.removeItem(item)
            self.zone_items[n] = self._zone_items(n, st)

    def _zone_items(self, n: int, st: dict) -> list[QGraphicsItem]:
        board = self.scene.board
        space = board[f"Z{n}"]
        bx, by, bw, bh = space.get("control_box", [0, 0, 0.7, 0.7])
        out: list[QGraphicsItem] = []
        if st.get("ruins"):
            item = QGraphicsPathItem(polygon_path(space.polygon))
            item.setBrush(QBrush(QColor(90, 80, 70, 110), Qt.BrushStyle.BDiagPattern))
            item.setPen(Qt.PenStyle.NoPen)
            item.setZValue(Z_MARKERS - 1)
            self.scene.addItem(item)
            out.append(item)
            out.append(self._tag("RUINS", QPointF((bx + bw) * UNIT + 0.45 * UNIT,
                                                  (by + bh - 0.1) * UNIT), "#5a5048", 0.12))
        if st.get("usmc"):
            path = QPainterPath()
            c = QPointF((bx + bw * 0.36) * UNIT, (by + bh * 0.36) * UNIT)
            path.addEllipse(c, bw * 0.33 * UNIT, bw * 0.33 * UNIT)
            item = QGraphicsPathItem(path)
            item.setBrush(QColor("#2f5ea8"))
            item.setPen(QPen(QColor("#ffffff"), 1.5))
            item.setZValue(Z_MARKERS)
            item.setToolTip(f"Zone {n}: under USMC Control (14.1)")
            self.scene.addItem(item)
            out.append(item)
            text = _text_item(str(n), 0.2, QColor("#ffffff"))
            r = text.boundingRect()
            text.setPos(c.x() - r.width() / 2, c.y() - r.height() / 2)
            text.setZValue(Z_MARKERS + 0.5)
            self.scene.addItem(text)
            out.append(text)
        act = st.get("act")
        tags = []
        if act in TAGS and not st.get("usmc"):
            tags.append(TAGS[act])
        if st.get("fan"):
            tags.append(("F", "#8a1c12"))
        if st.get("pf"):
            tags.append((f"PF{st['pf']}", "#2d6a2d"))
        if st.get("noev"):
            tags.append(("NE", "#4a4a8a"))
        out += self._flow(tags, n, bx, by, bw, bh)
        return out

    def _flow(self, tags, n: int, bx: float, by: float, bw: float, bh: float) -> list:
        """The Zone's tags in the Control box's right side, right-aligned, one under
        the other while there is room above the Egress Routes' chips (4.1.7), then
        leftwards along the last row; under a target symbol there is room for one row
        only, just above the chips, in type as large as the row allows; one or two
        short tags elsewhere a size larger.  None covers the chips, the symbol, the
        Zone's number or another."""
        if not tags:
            return []
        gap = 0.015 * UNIT
        right = (bx + bw - 0.02) * UNIT
        floor = (by + bh - EGRESS_BAND - 0.015) * UNIT - 0.5    # the chips' top
        targeted = n in self.targeted
        for size in ((0.09, 0.08, 0.07, 0.06) if targeted else (0.14, 0.11)):
            items = [self._tag(text, QPointF(0, 0), colour, size) for text, colour in tags]
            widths = [item.boundingRect().width() for item in items]
            if targeted and sum(w + gap for w in widths) <= (bw - 0.04) * UNIT:
                break       # the one row under a target symbol fits the box
            if not targeted and len(items) <= 2 and max(widths) <= 0.21 * UNIT:
                break       # one or two short tags: larger, still right of the circle
            if size in (0.06, 0.11):
                break
            for item in items:
                self.scene.removeItem(item)
        high = max(item.boundingRect().height() for item in items)
        y = floor - high if targeted else (by + 0.03) * UNIT
        x = right
        for i, item in enumerate(items):
            r = item.boundingRect()
            if i and y + 2 * high + gap <= floor:        # room for another row
                y += high + gap
                x = right
            elif i:
                x -= gap
            item.setPos(x - r.right(), y - r.top())
            x -= r.width()
        return items

    def _tag(self, text: str, centre: QPointF, colour: str, size: float) -> QGraphicsItem:
        label = _text_item(text, size, QColor("#ffffff"))
        r = label.boundingRect()
        pad = max(1.5, size * UNIT * 0.25)
        box = QGraphicsPathItem()
        path = QPainterPath()
        path.addRoundedRect(QRectF(centre.x() - r.width() / 2 - pad, centre.y() - r.height() / 2,
                                   r.width() + 2 * pad, r.height()), 3, 3)
        box.setPath(path)
        box.setBrush(QColor(colour))
        box.setPen(QPen(QColor("#ffffff"), 0.8))
        box.setZValue(Z_MARKERS + 1)
        label.setParentItem(box)
        label.setPos(centre.x() - r.width() / 2, centre.y() - r.height() / 2)
        self.scene.addItem(box)
        return box

    # -- highlights --------------------------------------------------------------------------

    def clear_highlights(self) -> None:
        for item in self.highlights:
            if item.scene() is not None:
                self.scene.removeItem(item)
        self.highlights.clear()

    def highlight(self, places: dict[str, str], colour: str = "#2bb24c") -> None:
        """Ring each space (a Location, street or Zone) with an optional note (MP...)."""
        board = self.scene.board
        for key, note in places.items():
            if key not in board:
                continue
            item = QGraphicsPathItem(polygon_path(board[key].polygon))
            pen = QPen(QColor(colour), 3.0)
            pen.setCosmetic(True)
            item.setPen(pen)
            fill = QColor(colour)
            fill.setAlpha(45)
            item.setBrush(fill)
            item.setZValue(Z_HIGHLIGHT)
            item.setData(0, key)
            self.scene.addItem(item)
            self.highlights.append(item)
            if note:        # in the middle: clear of the printed label, tags and door
                text = _text_item(note, 0.14, QColor("#0e4d1e"))
                minx, miny, maxx, maxy = board[key].polygon.bounds
                r = text.boundingRect()
                text.setPos((minx + maxx) / 2 * UNIT - r.width() / 2,
                            (miny + maxy) / 2 * UNIT - r.height() / 2)
                text.setZValue(Z_HIGHLIGHT + 20)     # above the counters
                self.scene.addItem(text)
                self.highlights.append(text)
