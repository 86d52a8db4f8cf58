"""Drawing The Legend Begins' game on the map: the lit hexes (reach, targets, choices,
enemy ZOCs), the Stack dock's rows, the stacks with their badges, the air units above
their hexes and the Field Works labels.  Hidden pieces (39.0 Fog of War) are never
drawn."""

from __future__ import annotations

import weakref

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem

from ffl.ui.board_scene import polygon_path
from ffl.ui.style import UNIT

from .counters import LegendCounterItem, factor_text

LIT = {"reach": QColor(255, 255, 255, 120), "target": QColor(230, 60, 40, 80),
       "chosen": QColor(255, 220, 0, 90), "option": QColor(40, 200, 90, 90),
       "zoc2": QColor(200, 30, 30, 45), "zoc1": QColor(240, 150, 30, 40),
       "decide": QColor(255, 150, 0, 70), "retreat": QColor(40, 110, 230, 90)}
#: the outline of a lit hex, so a tint reads as a highlight and not as the terrain's colour
EDGE = {"reach": QColor(20, 90, 200, 200), "target": QColor(190, 30, 20, 220),
        "chosen": QColor(200, 150, 0, 255), "decide": QColor(235, 110, 0, 255)}


#: a hex's outline (scene units) and its bounds by board, made once: a stack's reach
#: lights hundreds of hexes at every click, and every game shown on that board the same
_PATHS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
#: the brush and outline of a tint, by its colours (made once)
_LOOKS: dict[tuple, tuple[QBrush, QPen]] = {}


def hex_path(board, key: str) -> tuple[QPainterPath, QRectF]:
    paths = _PATHS.get(board)
    if paths is None:
        paths = _PATHS[board] = {}
    found = paths.get(key)
    if found is None:
        path = polygon_path(board[key].polygon)
        found = paths[key] = (path, path.controlPointRect())
    return found


def tint_look(colour: QColor, edge: QColor | None) -> tuple[QBrush, QPen]:
    look_key = (colour.rgba(), None if edge is None else edge.rgba())
    look = _LOOKS.get(look_key)
    if look is None:
        if edge is None:
            pen = QPen(Qt.PenStyle.NoPen)
        else:
            pen = QPen(edge, 2.0)
            pen.setCosmetic(True)
        look = _LOOKS[look_key] = (QBrush(colour), pen)
    return look


class TintLayer(QGraphicsItem):
    """The lit hexes of one stacking level drawn by one item, each hex filled and
    outlined in turn as a path item of its own would be (the same picture): a reach
    of hundreds of hexes as hundreds of items cost a repaint ~20 ms more (issue 12).
    ``entries``: (path, brush, pen, the path's bounds), in the order lit."""

    def __init__(self, z: float, entries: list[tuple]) -> None:
        super().__init__()
        self.entries = entries
        rect = QRectF()
        for _path, _brush, pen, bounds in entries:
            # as a path item's: its outline's half width (scene units) around the path
            grow = 0.0 if pen.style() == Qt.PenStyle.NoPen else pen.widthF() / 2
            rect = rect.united(bounds.adjusted(-grow, -grow, grow, grow))
        self._rect = rect
        self._shape: QPainterPath | None = None
        self.setZValue(z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        # the part to draw (option.exposedRect): a repaint of a few hexes' area, the
        # overview's kept picture brought up to date in tiles, draws only theirs
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self._rect

    def shape(self) -> QPainterPath:
        if self._shape is None:
            self._shape = QPainterPath()
            for path, _brush, _pen, _bounds in self.entries:
                self._shape.addPath(path)
        return self._shape

    def paint(self, painter, option, widget=None) -> None:
        exposed = option.exposedRect
        # an outline's width (2 pixels, cosmetic) and its antialiasing, in scene units
        scale = painter.worldTransform().mapRect(QRectF(0, 0, 1, 1)).width() or 1.0
        grow = 3.0 / scale
        exposed = exposed.adjusted(-grow, -grow, grow, grow)
        for path, brush, pen, bounds in self.entries:
            if exposed.intersects(bounds):
                painter.setPen(pen)
                painter.setBrush(brush)
                painter.drawPath(path)


class MapDrawing:
    """Mixin for :class:`~.game_ui.LegendGameUI`: what it draws on the map and lists in
    the Stack dock."""

    def _clear(self, items: list) -> None:
        for item in items:
            self.scene.removeItem(item)
        items.clear()

    @property
    def overlay(self) -> list[QGraphicsPathItem]:
        """The hexes lit now, one (unshown) path item each, as the tint layers draw
        them (for readers: the layers draw the map)."""
        items = []
        for layer in self._layers.values():
            for path, brush, pen, _bounds in layer.entries:
                item = QGraphicsPathItem(path)
                item.setBrush(brush)
                item.setPen(pen)
                item.setZValue(layer.zValue())
                items.append(item)
        return items

    def _tint(self, key: str, colour: QColor, z: float = 5, edge: QColor | None = None) -> None:
        """Light hex ``key`` at stacking level ``z`` (drawn by that level's
        :class:`TintLayer` that :meth:`_light` makes, in the order lit)."""
        board = self.scene.board
        if key not in board:
            return
        path, bounds = hex_path(board, key)
        brush, pen = tint_look(colour, edge)
        self._lit.setdefault(z, []).append((path, brush, pen, bounds))

    def _light(self) -> None:
        self._clear(list(self._layers.values()))
        self._layers.clear()
        self._lit: dict[float, list[tuple]] = {}
        if self.zoc_action.isChecked():
            foe = {"axis": "allied", "allied": "axis"}.get(self.actor(), "axis")
            for key, lvl in self.controller.zoc(self.state, foe).items():
                self._tint(key, LIT["zoc2" if lvl == 2 else "zoc1"], 4.5)
        for key in self.reach:
            self._tint(key, LIT["reach"], edge=EDGE["reach"])
        for key in self.targets:
            self._tint(key, LIT["target"], edge=EDGE["target"])
        for key, action in self.options.items():    # 12.0 advance green, 11.0 retreat blue
            self._tint(key, LIT["retreat" if action.kind == "retreat" else "option"])
        if self.chosen:
            self._tint(self.chosen, LIT["chosen"], 5.5, edge=EDGE["chosen"])
        if self.target:
            self._tint(self.target, QColor(230, 30, 30, 120))
        from .decisions import decision_hex

        where = decision_hex(self)          # 5.3, 5.5, 20.5: the hex the decision is about
        if where:
            self._tint(where, LIT["decide"], 5.6, edge=EDGE["decide"])
        for z, entries in self._lit.items():
            layer = self._layers[z] = TintLayer(z, entries)
            self.scene.addItem(layer)

    def _show_stack(self) -> None:
        key = self.chosen
        if key is None:
            return
        state, types = self.state, self.session.module.piece_types
        prompt = self.prompt()
        tickable = bool({"move", "attack", "assault", "react"} & set(prompt.kinds))
        rows = []
        from .decisions import ASIDE_ROW, PICKS, STAKE_ROW, about, picks

        pick, offered = picks(self)          # 9.5, 5.3, 5.5: the units the choice offers
        stake, stake_hint = about(self)      # 20.5 / 24.3 what a demolition decides
        item = prompt.info.get("pending") or {}
        aside = set(item.get("aside") or []) if item.get("kind") == "seven" else set()
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
            if pid in offered:          # the action first: the dock is narrow
                text = f"{PICKS[pick][1]} {PICKS[pick][2]}: {text}"
            elif pid in aside:
                text = ASIDE_ROW + text
            elif pid in stake:
                text = STAKE_ROW + text
            top = indent == 0 and p.side == side and t.kind not in ("sp", "repl")
            rows.append((pid, text, (True if top and tickable else None), indent))
            for other in riders.get(pid, ()):
                row(other, indent + 1)

        riders: dict[str, list[str]] = {}       # HQ or truck -> its display, its cargo
        for other, q in sorted(state.pieces.items()):
            if q.status == "active":
                for boss in {q.data.get("hq"), q.data.get("carried_by")} - {None}:
                    riders.setdefault(boss, []).append(other)
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
        if stake_hint and key == (item.get("hex") or ""):
            hint = stake_hint
        if pick is not None:
            here = any(r[0] in offered for r in rows)
            hint = PICKS[pick][3] if here else (
                f"{PICKS[pick][0]}: no unit here to choose; click the hex the decision is "
                "about (key D).")
        self.stack_panel.list.blockSignals(True)
        self.stack_panel.show_stack(title, rows, hint, set(offered), aside)
        self.stack_panel.list.blockSignals(False)

    def hidden(self) -> set[str]:
        """The pieces the player now acting may not see (39.0 Fog of War, when the
        game plays it): what the controller's view of his side leaves out."""
        side = self.host.reader_side(self.prompt().side)   # never a program's view
        if not side:
            return set()
        return set(self.controller.unseen(self.state, side))

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
            under = p.data.get("hq") or p.data.get("carried_by") or pid in hidden
            if isinstance(item, LegendCounterItem):
                data = dict(p.data)
                data["isolated"] = pid in isolated or None
                if under or (p.status == "active" and item.ptype is not None
                             and item.ptype.kind == "air"):
                    data["badge"] = None        # (the stacks below and place_air set theirs)
                piece = p.copy()
                piece.data = data
                item.update_piece(piece, item.ptype)
            if under:
                item.setVisible(False)
                continue
            kind = getattr(getattr(item, "ptype", None), "kind", "")
            if p.status == "active" and kind == "air":
                flying.append(pid)                   # 40.2 above the hex, not in it
                continue
            by_hex.setdefault(p.space, []).append(pid)
        riding: dict[str, int] = {}
        seen_riders: dict[str, int] = {}     # the badge's count: riders not hidden (39.0)
        for o, q in state.pieces.items():
            if q.status != "active":
                continue
            boss = q.data.get("hq") or q.data.get("carried_by")
            if boss:
                riding[boss] = riding.get(boss, 0) + 1
            if o not in hidden:
                for b in {q.data.get("hq"), q.data.get("carried_by")} - {None}:
                    seen_riders[b] = seen_riders.get(b, 0) + 1

        def rank(q: str) -> tuple:
            """The combat units on top of a stack (an HQ with its display first, then
            the strongest), Supply Points, Trucks and the like under them."""
            item = self.scene.counters[q]
            t = getattr(item, "ptype", None)
            combat = t is not None and t.kind == "combat"
            values = self.controller.unit_values(state, q) if combat else {}
            power = values.get("attack", 0) + values.get("defence", 0)
            return (combat, riding.get(q, 0), power, item.zValue(), q)

        for key, pids in by_hex.items():
            pids.sort(key=rank)
            if len(pids) > 1:
                low = min(self.scene.counters[q].zValue() for q in pids)
                for i, q in enumerate(pids):          # drawn in that order, the top last
                    self.scene.counters[q].setZValue(low + i * 0.001)
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
                riders = seen_riders.get(pid, 0)
                more = len(pids) - 3 if pid == pids[-1] and len(pids) > 3 else 0
                badge = "+".join(str(n) for n in (more, riders) if n)
                item.set_badge(badge)
        from .air import place_air

        place_air(self, flying)

    def _works(self) -> None:
        """18.0 a tag for each Field Work, above the counters at the hex's left corner
        (see :mod:`.works`)."""
        from .works import works_tags

        works = self.state.vars.get("works") or {}
        if self.works_items and works == self._works_shown:
            return          # the same Field Works: their tags stay (issue 12)
        self._clear(self.works_items)
        self.works_items.extend(works_tags(self.scene, works))
        self._works_shown = {key: dict(work) for key, work in works.items()}
