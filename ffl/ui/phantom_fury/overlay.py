"""What changes on the map between steps: each Zone's markers and the highlights.

Zone markers sit on the Control box: USMC Control (a blue cover over the
circle), the activation marker (A Activated, S start Zone, SP Strong Point),
'Fanaticism' (F), 'Phantom Fury' (PF, 15 then 30), 'No Insurgents Event'
(NE), RUINS (its gone Locations cross-hatched).  One or two short tags fit
inside the box; more, or any under a printed target symbol (where the box has no room left),
stand on a tab along the box's top edge in type as large as the Egress Routes'
figures, so they read at the opening zoom.  Every tag names its marker and
rule in its tooltip.  Highlights ring the places a unit can reach
(with the MP it costs) or the Zones a Mission may target.  All read from the
controller's ``zone_status`` and the UI's queries.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QGraphicsSimpleTextItem

from ffl.ui.board_scene import polygon_path
from ffl.ui.phantom_fury.decor import BOX_FRAME, BOX_PAPER, EGRESS_BAND, EGRESS_TEXT
from ffl.ui.style import UNIT

Z_MARKERS, Z_HIGHLIGHT = 6, 8
#: the tab over a Control box lies above the counters (an M1A1 in the street above
#: would hide it), below a counter being dragged
Z_TAB = 25
TAGS = {"start": ("S", "#3a3a3a"), "normal": ("A", "#6b6b6b"), "fortified": ("SP", "#b3261e")}
#: what each tag stands for, with its rule (the tags' tooltips)
MEANING = {"start": "'Activated Start Zone' marker (6.2)",
           "normal": "'Activated Zone' marker: a Normal Zone (4.1.3)",
           "fortified": "'Activated Strong Point' marker: a Fortified Zone (4.1.3, 4.1.5)",
           "fan": "'Fanaticism' marker: its 'Insurgents' units -1 and no Retreat (13.4.3.3)",
           "pf": "'Phantom Fury' marker ({}): USMC squads here and around -1 (13.4.3.2, 14.5)",
           "noev": "'No Insurgents Event' marker: a Security Element holds the Zone (13.6.4)",
           "ruins": "a Ruins Zone: its Locations 2, 2' and R are rubble, gone; C +1 against "
                    "Defensive Fire (4.1.6)"}
#: the type size of the tags inside a Control box and on the tab over it (UNIT fractions)
INSIDE_TEXT, TAB_TEXT = 0.14, EGRESS_TEXT


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
        # 4.1.6: the 'Rubble' lies on the Locations that are gone (the controller's
        # ``rubble``), cross-hatched; the Locations left stay clear, and the Zone's
        # RUINS tag goes with its other markers (before, the whole Zone was hatched
        # alike and the tag sat on the R box's Egress Route chips)
        for key in st.get("rubble", ()):
            if key not in board:
                continue
            item = QGraphicsPathItem(polygon_path(board[key].polygon))
            item.setBrush(QBrush(QColor(90, 80, 70, 170), Qt.BrushStyle.DiagCrossPattern))
            item.setPen(QPen(QColor("#5a5048"), 1.2))
            item.setZValue(Z_MARKERS - 1)
            item.setToolTip("'Rubble': this Location no longer exists (4.1.6)")
            item.setData(0, f"rubble:{key}")
            self.scene.addItem(item)
            out.append(item)
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
        if st.get("ruins"):
            tags.append(("RUINS", "#5a5048", MEANING["ruins"]))
        if act in TAGS and not st.get("usmc"):
            tags.append((*TAGS[act], MEANING[act]))
        if st.get("fan"):
            tags.append(("F", "#8a1c12", MEANING["fan"]))
        if st.get("pf"):
            tags.append((f"PF{st['pf']}", "#2d6a2d", MEANING["pf"].format(st["pf"])))
        if st.get("noev"):
            tags.append(("NE", "#4a4a8a", MEANING["noev"]))
        items = self._flow([(text, colour) for text, colour, _ in tags], n, bx, by, bw, bh)
        for item, (_, _, meaning) in zip(items, tags, strict=False):   # the tab after
            item.setToolTip(f"Zone {n}: {meaning}")
        if len(items) > len(tags):          # the tab behind them: every marker at once
            items[-1].setToolTip(f"Zone {n}'s markers:<br>" + "<br>".join(
                f"{text}: {meaning}" for text, _, meaning in tags))
        return out + items

    def _flow(self, tags, n: int, bx: float, by: float, bw: float, bh: float) -> list:
        """The Zone's tags: one or two short ones in the Control box's right side,
        right-aligned, one under the other; otherwise, and always under a target
        symbol (whose box keeps no room a readable tag fits in), on a tab along the
        box's top edge, left to right from its left side, in :data:`TAB_TEXT` type
        (the Egress Routes' figures' size, 4.1.7).  None covers the chips, the
        symbol, the Zone's number, a Location or another."""
        if not tags:
            return []
        gap = 0.015 * UNIT
        if n not in self.targeted:
            items = [self._tag(text, QPointF(0, 0), colour, INSIDE_TEXT) for text, colour in tags]
            if len(items) <= 2 and max(i.boundingRect().width() for i in items) <= 0.21 * UNIT:
                return self._inside(items, bx, by, bw, bh, gap)
            for item in items:
                self.scene.removeItem(item)
        return self._tab(tags, bx, by, gap)

    def _tab(self, tags, bx: float, by: float, gap: float) -> list:
        """The tags in a row standing on the Control box's top edge (in the Zone's top
        margin and the street's edge above it), the first over the box's left side, on
        a strip of the box's own paper and frame so they read as part of it (returned
        last, after the tags)."""
        items = [self._tag(text, QPointF(0, 0), colour, TAB_TEXT, pad=0.18)
                 for text, colour in tags]
        x, bottom = (bx + 0.02) * UNIT, by * UNIT - gap
        for item in items:
            r = item.boundingRect()
            item.setPos(x - r.left(), bottom - r.bottom())
            x += r.width() + gap
        top = min(item.sceneBoundingRect().top() for item in items) - gap
        path = QPainterPath()
        path.addRect(QRectF(bx * UNIT, top, x - bx * UNIT, by * UNIT - top))
        strip = QGraphicsPathItem(path)
        strip.setBrush(QColor(BOX_PAPER))
        strip.setPen(QPen(QColor(BOX_FRAME), 1.0))
        strip.setZValue(Z_TAB)
        self.scene.addItem(strip)
        for item in items:
            item.setZValue(Z_TAB + 0.5)
        return items + [strip]

    def _inside(self, items, bx: float, by: float, bw: float, bh: float, gap: float) -> list:
        """One or two short tags in the box's right side, clear of the number's circle
        and above the Egress Routes' chips (4.1.7)."""
        right = (bx + bw - 0.02) * UNIT
        floor = (by + bh - EGRESS_BAND - 0.015) * UNIT - 0.5    # the chips' top
        high = max(item.boundingRect().height() for item in items)
        y = (by + 0.03) * UNIT
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

    def _tag(self, text: str, centre: QPointF, colour: str, size: float, pad: float = 0.25
             ) -> QGraphicsItem:
        label = _text_item(text, size, QColor("#ffffff"))
        r = label.boundingRect()
        pad = max(1.5, size * UNIT * pad)
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

    def highlight(self, places: dict[str, str], colour: str = "#2bb24c",
                  on_counter: bool = False, dashed: bool = False) -> None:
        """Ring each space (a Location, street or Zone) with an optional note (MP...):
        in its middle, or (``on_counter``: the space holds a counter, a fire target's
        roll needed) on a light chip across its foot, clear of the counter's figures.
        ``dashed``: a dashed ring, told apart from a solid one drawn near it (the
        shared ring round the program's latest doings)."""
        board = self.scene.board
        for key, note in places.items():
            if key not in board:
                continue
            item = QGraphicsPathItem(polygon_path(board[key].polygon))
            pen = QPen(QColor(colour), 3.0)
            pen.setCosmetic(True)
            if dashed:
                pen.setStyle(Qt.PenStyle.CustomDashLine)
                pen.setDashPattern([3.0, 2.0])
            item.setPen(pen)
            fill = QColor(colour)
            fill.setAlpha(45)
            item.setBrush(fill)
            item.setZValue(Z_HIGHLIGHT)
            item.setData(0, key)
            self.scene.addItem(item)
            self.highlights.append(item)
            if note and on_counter:
                self.highlights.append(self._foot_note(key, note, colour))
            elif note:        # in the middle: clear of the printed label, tags and door
                text = _text_item(note, 0.14, QColor("#0e4d1e"))
                minx, miny, maxx, maxy = board[key].polygon.bounds
                r = text.boundingRect()
                text.setPos((minx + maxx) / 2 * UNIT - r.width() / 2,
                            (miny + maxy) / 2 * UNIT - r.height() / 2)
                text.setZValue(Z_HIGHLIGHT + 20)     # above the counters
                self.scene.addItem(text)
                self.highlights.append(text)

    def _foot_note(self, key: str, note: str, colour: str) -> QGraphicsItem:
        """A note on a light chip centred on the foot edge of space ``key``, above the
        counters (before, dark green type in the middle lay over the counter's CF)."""
        minx, miny, maxx, maxy = self.scene.board[key].polygon.bounds
        label = _text_item(note, 0.15, QColor("#2a2208"))
        r = label.boundingRect()
        pad = 0.03 * UNIT
        chip = QRectF((minx + maxx) / 2 * UNIT - r.width() / 2 - pad,
                      maxy * UNIT - r.height() * 0.35, r.width() + 2 * pad, r.height())
        box = QGraphicsPathItem()
        path = QPainterPath()
        path.addRoundedRect(chip, 3, 3)
        box.setPath(path)
        box.setBrush(QColor("#fff8dc"))
        box.setPen(QPen(QColor(colour).darker(130), 1.2))
        box.setZValue(Z_HIGHLIGHT + 20)     # above the counters
        box.setData(0, key)
        label.setParentItem(box)
        label.setPos(chip.left() + pad, chip.top())
        self.scene.addItem(box)
        return box
