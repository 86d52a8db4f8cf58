"""Crowded spaces on the Limits of Glory map (see :mod:`.markers`): a space with
many markers shows one summary per side (the leader's disc, name and glory; how
many of each kind), so what is printed for it stays readable, and a click on a
summary shows every marker on a card beside the space, where each can be pointed
at and dragged to move.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QBrush, QColor, QFontMetricsF, QPen
from PySide6.QtWidgets import QGraphicsRectItem, QGraphicsSimpleTextItem

from ffl.ui.style import UNIT

from .marker_item import (
    KIND_ORDER,
    PRINT_WEIGHT,
    SIZE,
    WORDS,
    Marker,
    _bold_font,
    layout,
    short_name,
    sub_font,
)

#: a space with this many markers or more is shown summed up (a marker per side);
#: with CROWDED_IF_COVERING or more, when no layout of them in full is clear (of
#: what is printed, of other spaces' markers, and inside the space)
CROWDED = 8
CROWDED_IF_COVERING = 5
#: the card of a crowded space's markers in full: markers to a row, ground, height
CARD_PER_ROW = 5
CARD_GROUND = QColor(250, 244, 226)
Z_CARD = 30


def summaries(layer, key: str, pieces: list, markers: list[Marker], types,
               active: bool) -> list[Marker]:
    """A crowded space's markers summed up: one marker per side (and per level:
    inside the BUA or out) with the side's leader (seniority number, name and
    glory under it) and how many of each kind, the Bedouin counted with the
    Allies in the open; fleet markers and the Muiron keep their own marker.  A
    click on a summary shows the markers in full (:meth:`toggle`)."""
    out: list[Marker] = []
    groups: dict[tuple[str, bool], list[Marker]] = {}
    for m in markers:
        if m.ptype in ("fleet", "muiron"):
            out.append(m)
            continue
        if m.ptype != "bedouin":
            groups.setdefault((m.side, m.inside), []).append(m)
    bedouin = [m for m in markers if m.ptype == "bedouin"]
    if bedouin:             # with the Allies in the open, else inside, else alone
        allied = [k for k in (("allied", False), ("allied", True)) if k in groups]
        groups.setdefault(allied[0] if allied else ("allied", False), []).extend(bedouin)
    for (side, inside), group in sorted(groups.items(), key=lambda kv: (
            kv[0][0] != "french", kv[0][1])):
        pids = tuple(pid for m in group for pid in m.pids)
        ps = [layer._state.pieces[pid] for pid in pids]
        cmds = [p for p in ps if types[p.type].kind == "commander"]
        lead = leader(cmds, types, layer.scene.board[key].kind == "sea")
        kinds: dict[str, int] = {}
        nations: dict[str, int] = {}
        for p in ps:
            t = types[p.type]
            if t.kind == "commander":
                kinds["sq"] = kinds.get("sq", 0) + int(p.data.get("squadrons", 0))
                continue
            if t.kind == "bedouin":
                kinds["bedouin"] = kinds.get("bedouin", 0) + 1
                continue
            kind = "sq" if t.get("kind") == "squadron" else str(t.get("kind"))
            kinds[kind] = kinds.get(kind, 0) + 1
            nations[str(t.get("nation"))] = nations.get(str(t.get("nation")), 0) + 1
        entries = [(k, kinds[k]) for k in KIND_ORDER if kinds.get(k)] or \
            ([("commander", len(cmds))] if cmds else [])      # commanders alone
        text = ", ".join(f"{n} {WORDS[k]}" for k, n in entries)
        nation = max(nations, key=lambda n: (nations[n], n)) if nations else \
            (str(types[lead.type].get("nation")) if lead else side)
        sub, lead_nation, lead_text = "", "", ""
        if lead is not None:
            t = types[lead.type]
            g = lead.data.get("glory")
            six = lead.data.get("auto6", 0)
            glory = "" if g is None else f"{g}" + (f"+{six}" if six else "")
            more = len(cmds) - 1
            sub = f"{short_name(t.name)} {glory}".strip() + (f" and {more} more" if more else "")
            lead_nation, lead_text = str(t.get("nation")), str(t.get("seniority"))
        tip = "\n".join(m.toolTip() for m in group) + "\n(click to show them all)"
        chip = Marker(space=key, side=side, nation=nation, shape="stack", symbol="",
                      text=text, sub=sub, pids=pids, ptype="", inside=inside,
                      highlight=active, tip=tip)
        chip.make_stack(entries, lead_nation, lead_text)
        out.append(chip)
    return out


def card(layer, key: str) -> None:
    """Every marker of the crowded space ``key`` on a card beside it (titled with
    the space's name), where each can be pointed at, dragged to move (from the
    activated space) and read; the summary stays on the map."""
    markers = layer.crowded[key]
    for m in markers:           # the lines under them, even where the map had no room
        m.sub, m.sub_width = m.whole_sub
    board = layer.scene.board
    groups: dict[tuple[str, bool], list[Marker]] = {}
    for m in markers:       # a row (or more) for each side, out in the open or inside
        groups.setdefault((m.side, m.inside), []).append(m)
    font = _bold_font()
    line = QFontMetricsF(sub_font()).height()
    area, top, captions = QRectF(), 0.0, []
    for (side, inside), group in sorted(groups.items(), key=lambda kv: (
            kv[0][0] != "french", kv[0][1])):
        caption = QGraphicsSimpleTextItem(f"{side.title()}"
                                          f"{' inside the BUA' if inside else ''}")
        caption.setFont(sub_font())
        caption.setPos(0.0, top)
        captions.append(caption)
        top += line + 0.1 * SIZE * UNIT + SIZE * UNIT / 2     # the markers' centres
        per_row = min(len(group), CARD_PER_ROW)
        spots, rows, shifts = layout(0.0, top, group, per_row)
        part = QRectF(0.0, top - SIZE * UNIT / 2, 1.0, 1.0)
        for m, spot, row, shift in zip(group, spots, rows, shifts, strict=True):
            m.sub_row, m.sub_shift = row, shift
            m.setPos(spot)
            part = part.united(m.mapRectToScene(m.boundingRect()))
        area = area.united(part).united(caption.sceneBoundingRect())
        top = part.bottom() + 0.08 * UNIT
    area = area.united(QRectF(area.left(), 0.0, 1.0, 1.0))
    title = QGraphicsSimpleTextItem(board[key].label)
    title.setFont(font)
    head = QFontMetricsF(font).height() + 4
    pad = 0.08 * UNIT
    width = max(area.width(), title.boundingRect().width()) + 2 * pad
    height = area.height() + head + 2 * pad
    x, y = place_card(layer, key, width, height)
    moved = layer.card_at.get(key)
    if moved is not None:       # where the player dragged it
        x, y = moved.x(), moved.y()
    card = QGraphicsRectItem(QRectF(x, y, width, height))
    card.setBrush(QBrush(CARD_GROUND))
    card.setPen(QPen(QColor("#5a4630"), 1.5))
    card.setZValue(Z_CARD)
    card.setToolTip(f"{board[key].label}: every marker (drag the card to move it; click "
                    "the summary to fold them)")
    layer.add(card)
    layer.card = card
    title.setPos(x + pad, y + pad)
    title.setBrush(QColor("#2a2016"))
    title.setZValue(Z_CARD + 0.5)
    layer.add(title)
    dx = x + pad - area.left() + (width - 2 * pad - area.width()) / 2
    dy = y + pad + head - area.top()
    for caption in captions:
        caption.setPos(x + pad, caption.pos().y() + dy)
        caption.setBrush(QColor("#5a4630"))
        caption.setZValue(Z_CARD + 0.5)
        layer.add(caption)
    for i, m in enumerate(markers):
        m.setPos(m.pos() + QPointF(dx, dy))
        m.setZValue(Z_CARD + 1 + i * 0.01)
        layer.add(m)


#: how much worse covering what the player may click next (a space his choices name,
#: a neighbour the activated space's markers may move to) is than other print
TARGET_WEIGHT = 25.0
#: ... and covering the crowded space's own print and summaries (what folds the card)
OWN_WEIGHT = 100.0
#: a card farther from its space is a little worse (per scene unit, against areas)
FAR_WEIGHT = 2.0


def place_card(layer, key: str, width: float, height: float) -> tuple[float, float]:
    """Where the card (``width`` x ``height``) of crowded space ``key`` goes: beside
    the space (right, left, above or below it, in a few alignments), kept in the map's
    view where it fits, at the place covering least: the space's own name, value and
    summaries not at all if it can, then the names of the spaces the player may click
    next (``layer.targets``), then other spaces' print and markers."""
    board = layer.scene.board
    minx, miny, maxx, maxy = (v * UNIT for v in board[key].polygon.bounds)
    own = [layer.avoid.get(key, QRectF())] + [m.body().translated(m.scenePos())
                                              for m in layer.by_space.get(key, [])]
    box = QRectF(minx, miny, maxx - minx, maxy - miny)
    for r in own:
        if not r.isNull():
            box = box.united(r)
    gap = 0.1 * UNIT
    cx, cy = box.center().x(), box.center().y()
    xs_side = (box.right() + gap, box.left() - gap - width)
    ys_side = (box.top(), cy - height / 2, box.bottom() - height)
    xs_over = (cx - width / 2, box.left(), box.right() - width)
    ys_over = (box.bottom() + gap, box.top() - gap - height)
    spots = [(x, y) for x in xs_side for y in ys_side] + \
        [(x, y) for y in ys_over for x in xs_over]
    bound = layer.scene.sceneRect()
    view = _view_rect(layer.scene)
    if view is not None and view.width() > width and view.height() > height:
        bound = view.intersected(bound) if view.intersects(bound) else bound
        bound = bound.adjusted(2, 2, -2, -2)        # the card's rim stays in sight too
    if view is not None:    # and anywhere in the view, a little worse the farther off
        for i in range(9):
            for j in range(9):
                spots.append((view.left() + i * (view.width() - width) / 8,
                              view.top() + j * (view.height() - height) / 8))
    weighed = [(r, OWN_WEIGHT) for r in own if not r.isNull()]
    for k, r in layer.avoid.items():
        if k != key:
            weighed.append((r, TARGET_WEIGHT if k in layer.targets else PRINT_WEIGHT))
    weighed += [(r, 1.0) for r in layer._placed]
    best = None
    for x, y in spots:
        x = min(max(x, bound.left()), bound.right() - width)
        y = min(max(y, bound.top()), bound.bottom() - height)
        rect = QRectF(x, y, width, height)
        far = QPointF(x + width / 2, y + height / 2) - box.center()
        cost = far.manhattanLength() * FAR_WEIGHT
        for r, weight in weighed:
            if rect.intersects(r):
                cut = rect.intersected(r)
                cost += cut.width() * cut.height() * weight
        if best is None or cost < best[0] - 1e-6:
            best = (cost, x, y)
    return best[1], best[2]


def click_targets(ui, activated: str | None) -> set[str]:
    """The spaces the player at the screen may click next (a card keeps off their
    names): those his choices name, and the neighbours the activated space's markers
    may be dragged to.  None while the program plays."""
    if ui._program_turn():
        return set()
    out = {a.get(k) for a in ui.controller.legal_actions(ui.state)
           for k in ("space", "to", "sea", "harbour") if a.get(k)}
    if activated and "move" in ui.prompt().kinds:
        board = ui.scene.board
        out |= {k for k in board.spaces if board.adjacent(activated, k)}
        out |= set(board.linked(activated))
    return out


def _view_rect(scene) -> QRectF | None:
    """The part of the map the main view shows (None without one)."""
    for view in scene.views():
        if view.objectName() == "mapView":
            return view.mapToScene(view.viewport().rect()).boundingRect()
    return None


def leader(cmds: list, types, at_sea: bool):
    """The commander a summary names first (for the eye only; the rules' seniority
    is the controller's): naval commanders first at sea and last on land, then the
    lowest seniority number, or among Allies of several nations the most glory."""
    if not cmds:
        return None
    mixed = len({types[p.type].get("nation") for p in cmds}) > 1 and cmds[0].side != "french"

    def key(p):
        naval = bool(types[p.type].get("naval"))
        first = (not naval) if at_sea else naval
        glory = int(p.data.get("glory", 0) or 0) + int(p.data.get("auto6", 0) or 0)
        rank = -glory if mixed else int(types[p.type].get("seniority", 99))
        return (first, rank, p.id)

    return min(cmds, key=key)
