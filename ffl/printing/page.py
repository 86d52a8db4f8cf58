"""Page layout in points for every printed sheet.

A :class:`Doc` is laid out first (text, tables and pictures flow down one or
more columns and onto new pages) as a list of drawing operations per page;
:meth:`Doc.paint` then draws the pages onto any paged device (``QPdfWriter``
for a file, ``QPrinter`` for a printer or the print preview), with a header and
"page i of n" in the footer.  All coordinates are PostScript points (1/72 in)
inside the page margins, whatever the device's resolution.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from PySide6.QtCore import QMarginsF, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPagedPaintDevice,
    QPageLayout,
    QPageSize,
    QPainter,
    QPen,
)

PAPERS = {"A4": QPageSize.PageSizeId.A4, "Letter": QPageSize.PageSizeId.Letter}
MARGIN = 36.0           # points: half an inch all round
HEADER = 30.0           # space the header takes at the top of each page
FOOTER = 16.0           # space the footer takes at the bottom
FAMILY = "DejaVu Sans"

Op = Callable[[QPainter], None]


def page_layout(paper: str, landscape: bool, side_margin: float = MARGIN) -> QPageLayout:
    """The page layout of a sheet: paper, orientation and our margins (points;
    ``side_margin`` left and right)."""
    if paper not in PAPERS:
        raise ValueError(f"unknown paper {paper!r} (choose {', '.join(PAPERS)})")
    orientation = (QPageLayout.Orientation.Landscape if landscape
                   else QPageLayout.Orientation.Portrait)
    return QPageLayout(QPageSize(PAPERS[paper]), orientation,
                       QMarginsF(side_margin, MARGIN, side_margin, MARGIN),
                       QPageLayout.Unit.Point)


@dataclass
class Column:
    """One table column: title, width (a share of the table's width) and alignment."""

    title: str
    weight: float = 1.0
    align: str = "left"     # left, center, right


@dataclass
class Heading:
    """A table row spanning every column (a side or organization heading)."""

    text: str
    level: int = 1


@dataclass
class Doc:
    """A document being laid out in points, page by page, column by column."""

    device: QPagedPaintDevice
    title: str
    subtitle: str = ""
    columns: int = 1
    gap: float = 18.0
    pages: list[list[Op]] = field(default_factory=list)

    def __post_init__(self) -> None:
        rect = self.device.pageLayout().paintRectPoints()
        self.width, self.height = float(rect.width()), float(rect.height())
        self.dpi = float(self.device.logicalDpiY())
        self.top, self.bottom = HEADER, self.height - FOOTER
        self._frame = 0
        self.pages.append([])
        self.y = self.top

    # -- fonts and text -------------------------------------------------------------

    def font(self, size: float, bold: bool = False, italic: bool = False) -> QFont:
        """A font ``size`` points high once painted in our point coordinates."""
        font = QFont(FAMILY)
        font.setPointSizeF(size * 72.0 / self.dpi)
        font.setBold(bold)
        font.setItalic(italic)
        font.setFeature(QFont.Tag("liga"), 0)     # "fi" stays two letters in the PDF text
        return font

    def metrics(self, font: QFont) -> QFontMetricsF:
        return QFontMetricsF(font, self.device)

    def wrap(self, text: str, font: QFont, width: float) -> list[str]:
        """``text`` broken into lines no wider than ``width`` (words kept whole
        where they fit)."""
        fm = self.metrics(font)
        out: list[str] = []
        for para in str(text).split("\n"):
            line = ""
            for word in para.split(" "):
                trial = f"{line} {word}" if line else word
                if fm.horizontalAdvance(trial) <= width or not line:
                    line = trial
                else:
                    out.append(line)
                    line = word
                while fm.horizontalAdvance(line) > width and len(line) > 1:
                    cut = len(line)
                    while cut > 1 and fm.horizontalAdvance(line[:cut]) > width:
                        cut -= 1
                    out.append(line[:cut])
                    line = line[cut:]
            out.append(line)
        return out

    # -- frames -----------------------------------------------------------------------

    @property
    def frame_width(self) -> float:
        return (self.width - self.gap * (self.columns - 1)) / self.columns

    @property
    def x(self) -> float:
        return self._frame * (self.frame_width + self.gap)

    def left(self) -> float:
        """Points left in the current column."""
        return self.bottom - self.y

    def next_frame(self) -> None:
        """Continue in the next column, or at the top of a new page."""
        self._frame += 1
        if self._frame >= self.columns:
            self.new_page()
        else:
            self.y = self.top

    def new_page(self) -> None:
        self.pages.append([])
        self._frame = 0
        self.top = HEADER
        self.y = self.top

    def set_columns(self, columns: int, same_page: bool = False) -> None:
        """Lay out what follows in ``columns`` columns: on a new page, or with
        ``same_page`` below what this page already holds (its columns start there)."""
        if self.pages[-1] and not same_page:
            self.new_page()
        elif self.pages[-1] and self._frame == 0:
            self.top = self.y
        self.columns = columns
        self._frame = 0
        self.y = self.top

    def ensure(self, height: float) -> None:
        """Move on to the next column or page unless ``height`` points fit here."""
        if self.y > self.top and self.y + height > self.bottom:
            self.next_frame()

    def add(self, op: Op) -> None:
        self.pages[-1].append(op)

    # -- content ------------------------------------------------------------------------

    def paragraph(self, text: str, size: float = 9.5, bold: bool = False,
                  italic: bool = False, space_after: float = 4.0, indent: float = 0.0) -> None:
        font = self.font(size, bold, italic)
        line_h = self.metrics(font).lineSpacing()
        for line in self.wrap(text, font, self.frame_width - indent):
            self.ensure(line_h)
            self.text_at(self.x + indent, self.y, line, font)
            self.y += line_h
        self.y += space_after

    def heading(self, text: str, size: float = 12.0, keep: float = 40.0) -> None:
        """A bold heading kept together with ``keep`` points of what follows."""
        font = self.font(size, bold=True)
        h = self.metrics(font).lineSpacing()
        lines = self.wrap(text, font, self.frame_width)    # a long one wraps, never cut off
        self.ensure(h * len(lines) + keep)
        for line in lines:
            self.text_at(self.x, self.y, line, font)
            self.y += h
        self.y += 2.0

    def text_at(self, x: float, y: float, text: str, font: QFont,
                colour: QColor | None = None) -> None:
        """Draw one line with its top at ``y``."""
        ascent = self.metrics(font).ascent()

        def op(p: QPainter) -> None:
            p.setFont(font)
            p.setPen(colour or QColor("black"))
            p.drawText(QPointF(x, y + ascent), text)
        self.add(op)

    def block(self, height: float, draw: Callable[[QPainter, QRectF], None]) -> None:
        """Reserve ``height`` points in the flow and draw a picture into it."""
        self.ensure(height)
        rect = QRectF(self.x, self.y, self.frame_width, height)
        self.add(lambda p: draw(p, rect))
        self.y += height

    def fit_widths(self, columns: Sequence[Column], rows, font: QFont, bold: QFont,
                   pad: float) -> list[float]:
        """Column widths from what they hold: each column gets the width of its
        longest cell (its header's longest word at least); room left over is
        shared by the weights, and when there is too little the widest columns
        give way first."""
        fm, bfm = self.metrics(font), self.metrics(bold)
        need = []
        for i, col in enumerate(columns):
            words = max((bfm.horizontalAdvance(w) for w in col.title.split()), default=0)
            cells = max((fm.horizontalAdvance(str(r[i])) for r in rows
                         if not isinstance(r, Heading)), default=0)
            need.append(max(words, cells) + 2 * pad + 1)
        spare = self.frame_width - sum(need)
        total = sum(c.weight for c in columns)
        if spare >= 0:
            return [n + spare * c.weight / total for n, c in zip(need, columns, strict=True)]
        widths = list(need)
        while sum(widths) > self.frame_width + 0.01:     # trim the widest a step at a time
            i = max(range(len(widths)), key=lambda k: widths[k])
            widths[i] -= min(widths[i] * 0.05 + 0.5, sum(widths) - self.frame_width)
        return widths

    def whole_words(self, widths: list[float], columns: Sequence[Column], rows, font: QFont,
                    bold: QFont, pad: float) -> list[float]:
        """Widths by weight, widened where a column's longest word (its header's in
        bold) would be broken ("Di e", "terrai n"), taken from the columns with
        room to spare beyond their own longest word; as they were if it cannot be."""
        fm, bfm = self.metrics(font), self.metrics(bold)
        heads, cells = [], []
        for i, col in enumerate(columns):
            heads.append(max((bfm.horizontalAdvance(w) for w in col.title.split()),
                             default=0) + 2 * pad + 1)
            cells.append(max([heads[-1], *(fm.horizontalAdvance(w) + 2 * pad + 1 for r in rows
                                           if not isinstance(r, Heading) and i < len(r)
                                           for w in str(r[i]).split())]))
        for least in (cells, heads):        # every word whole, else the headers' at least
            short = sum(max(0.0, m - w) for m, w in zip(least, widths, strict=True))
            # room is taken only where a column is wider than all its words
            slack = [max(0.0, w - c) for c, w in zip(cells, widths, strict=True)]
            if short <= 0:
                return widths
            if sum(slack) >= short:
                return [m if w < m else w - s * short / sum(slack)
                        for m, w, s in zip(least, widths, slack, strict=True)]
        return widths

    def table(self, columns: Sequence[Column], rows: Sequence[Sequence[str] | Heading],
              size: float = 8.0, pad: float = 2.5, space_after: float = 8.0,
              shade_every: int = 2, fit: bool = False, keep_groups: bool = False) -> None:
        """A ruled table; the header row repeats on every page or column it spans,
        and so do the headings of the group a break falls in ("continued").
        ``fit`` sizes the columns by what they hold; ``keep_groups`` starts a
        group (a level-2 heading and its rows) on the next column or page when
        it would be split and fits there whole."""
        font, bold = self.font(size), self.font(size, bold=True)
        line_h = self.metrics(font).lineSpacing()
        total = sum(c.weight for c in columns)
        widths = (self.fit_widths(columns, rows, font, bold, pad) if fit
                  else self.whole_words([self.frame_width * c.weight / total for c in columns],
                                        columns, rows, font, bold, pad))
        header = [c.title for c in columns]
        header_lines = [self.wrap(t, bold, w - 2 * pad) for t, w in zip(header, widths, strict=True)]
        header_h = max(len(x) for x in header_lines) * line_h + 2 * pad

        def draw_header() -> None:
            self._row(columns, widths, header_lines, bold, line_h, pad, header_h, QColor("#d9d9d9"))
            self.y += header_h

        def heading_h(row: Heading) -> tuple[QFont, float]:
            hfont = self.font(size + (1.0 if row.level == 1 else 0.5), bold=True)
            return hfont, self.metrics(hfont).lineSpacing() + 2 * pad

        def row_h(row) -> float:
            if isinstance(row, Heading):
                return heading_h(row)[1]
            return max(len(self.wrap(str(t), font, w - 2 * pad))
                       for t, w in zip(row, widths, strict=True)) * line_h + 2 * pad

        current: dict[int, Heading] = {}

        def break_here() -> None:
            """A new column or page, with the table header and the open groups' headings."""
            self.next_frame()
            draw_header()
            for level in sorted(current):
                hfont, h = heading_h(current[level])
                self._span(f"{current[level].text} (continued)", hfont, h, pad,
                           QColor("#efefef") if level == 1 else QColor("white"))
                self.y += h

        self.ensure(header_h + line_h + 2 * pad)
        draw_header()
        shade = 0
        page_room = self.bottom - self.top - header_h
        for i, row in enumerate(rows):
            if isinstance(row, Heading):
                hfont, h = heading_h(row)
                nxt = rows[i + 1] if i + 1 < len(rows) else None
                need = h + (line_h + 2 * pad if nxt is not None else 0)
                if keep_groups and row.level == 2:
                    group = h
                    for later in rows[i + 1:]:
                        if isinstance(later, Heading):
                            break
                        group += row_h(later)
                    if group <= page_room - h:
                        need = max(need, group)
                elif keep_groups and isinstance(nxt, Heading) and nxt.level == 2:
                    # a level-1 heading never ends a page alone: it goes with the
                    # first group under it when that group moves on whole
                    group = row_h(nxt)
                    for later in rows[i + 2:]:
                        if isinstance(later, Heading):
                            break
                        group += row_h(later)
                    if h + group <= page_room - h:
                        need = max(need, h + group)
                for level in [lv for lv in current if lv >= row.level]:
                    del current[level]
                if self.y + need > self.bottom:
                    break_here()
                current[row.level] = row
                fill = QColor("#efefef") if row.level == 1 else QColor("white")
                self._span(row.text, hfont, h, pad, fill)
                self.y += h
                shade = 0
                continue
            cells = [self.wrap(str(t), font, w - 2 * pad)
                     for t, w in zip(row, widths, strict=True)]
            h = max(len(c) for c in cells) * line_h + 2 * pad
            if self.y + h > self.bottom:
                break_here()
            elif (1 <= i == len(rows) - 2 and not isinstance(rows[-1], Heading)
                  and not isinstance(rows[i - 1], Heading)
                  and self.y + h + row_h(rows[-1]) > self.bottom):
                break_here()        # the last row never goes on alone: this one goes with it
            fill = QColor("#f5f5f5") if shade_every and shade % shade_every == 1 else None
            self._row(columns, widths, cells, font, line_h, pad, h, fill)
            self.y += h
            shade += 1
        self.y += space_after

    def _row(self, columns, widths, cells, font, line_h, pad, h, fill) -> None:
        x0, y0 = self.x, self.y
        ascent = self.metrics(font).ascent()
        fm = self.metrics(font)

        def op(p: QPainter) -> None:
            x = x0
            pen = QPen(QColor("#555555"), 0.5)
            for col, w, lines in zip(columns, widths, cells, strict=True):
                rect = QRectF(x, y0, w, h)
                if fill is not None:
                    p.fillRect(rect, fill)
                p.setPen(pen)
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawRect(rect)
                p.setFont(font)
                p.setPen(QColor("black"))
                for n, line in enumerate(lines):
                    tw = fm.horizontalAdvance(line)
                    if col.align == "center":
                        tx = x + (w - tw) / 2
                    elif col.align == "right":
                        tx = x + w - pad - tw
                    else:
                        tx = x + pad
                    p.drawText(QPointF(tx, y0 + pad + n * line_h + ascent), line)
                x += w
        self.add(op)

    def _span(self, text, font, h, pad, fill) -> None:
        rect = QRectF(self.x, self.y, self.frame_width, h)
        ascent = self.metrics(font).ascent()

        def op(p: QPainter) -> None:
            p.fillRect(rect, fill)
            p.setPen(QPen(QColor("#555555"), 0.5))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRect(rect)
            p.setFont(font)
            p.setPen(QColor("black"))
            p.drawText(QPointF(rect.x() + pad, rect.y() + pad + ascent), text)
        self.add(op)

    # -- painting -----------------------------------------------------------------------

    def paint(self, footer: str = "") -> int:
        """Draw every page on the device; returns the number of pages."""
        painter = QPainter()
        if not painter.begin(self.device):
            raise OSError("could not start painting (is the output file writable?)")
        try:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
            scale = self.dpi / 72.0
            n = len(self.pages)
            for i, ops in enumerate(self.pages):
                if i:
                    self.device.newPage()
                painter.resetTransform()
                painter.scale(scale, scale)
                self._paint_frame(painter, i + 1, n, footer)
                for op in ops:
                    painter.save()
                    op(painter)
                    painter.restore()
        finally:
            painter.end()
        return len(self.pages)

    def _header(self) -> tuple[QFont, QFont, list[str]]:
        """The title's font, the subtitle's and its lines: the subtitle on one line
        beside the title, else on two smaller lines, the title made smaller (down
        to 10 points) until it fits (a long module title such as Limits of Glory's)."""
        small = self.font(8)
        if not self.subtitle:
            return self.font(13, bold=True), small, []
        two = self.font(7)
        for size in (13.0, 12.0, 11.0, 10.0):
            title_font = self.font(size, bold=True)
            room = self.width - self.metrics(title_font).horizontalAdvance(self.title) - 12
            if self.metrics(small).horizontalAdvance(self.subtitle) <= room:
                return title_font, small, [self.subtitle]
            if size == 13.0:
                continue
            lines = self.wrap(self.subtitle, two, room) if room > 40 else []
            if lines and len(lines) <= 2 and all(
                    self.metrics(two).horizontalAdvance(w) <= room
                    for w in self.subtitle.split()):
                return title_font, two, lines
        return title_font, two, [self.metrics(two).elidedText(
            self.subtitle, Qt.TextElideMode.ElideMiddle, max(room, 40.0))]

    def _paint_frame(self, p: QPainter, page: int, pages: int, footer: str) -> None:
        title_font, sub_font, lines = self._header()
        small = self.font(8)
        fm = self.metrics(title_font)
        p.setPen(QColor("black"))
        p.setFont(title_font)
        p.drawText(QPointF(0, fm.ascent()), self.title)
        if lines:
            p.setFont(sub_font)
            sfm = self.metrics(sub_font)
            for k, line in enumerate(lines):      # the last on the title's baseline
                p.drawText(QPointF(self.width - sfm.horizontalAdvance(line),
                                   fm.ascent() - (len(lines) - 1 - k) * sfm.lineSpacing()),
                           line)
        p.setPen(QPen(QColor("black"), 0.8))
        p.drawLine(QPointF(0, HEADER - 8), QPointF(self.width, HEADER - 8))
        p.setFont(small)
        sfm = self.metrics(small)
        base = self.height - sfm.descent()
        p.setPen(QPen(QColor("#444444"), 0.5))
        p.drawLine(QPointF(0, self.height - FOOTER + 3), QPointF(self.width, self.height - FOOTER + 3))
        p.setPen(QColor("black"))
        if footer:
            # cut in the middle: the module's version and the scenario id at the end stay
            p.drawText(QPointF(0, base), sfm.elidedText(footer, Qt.TextElideMode.ElideMiddle,
                                                        self.width - 90))
        number = f"page {page} of {pages}"
        p.drawText(QPointF(self.width - sfm.horizontalAdvance(number), base), number)
