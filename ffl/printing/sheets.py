"""The printable sheets and how to render one to a printer or a PDF file.

Which sheets a game prints, with their titles and rule numbers, is in its
manifest (``GameManifest.sheets``): the shared set-up sheet and reduced
gameboard, and the game's own sheets by layout function (FFL's character
sheet and Game Card).  A module of a game without a manifest prints the
shared ones.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from PySide6.QtGui import QGuiApplication, QPagedPaintDevice, QPdfWriter
from PySide6.QtWidgets import QApplication

from ffl.games import games, manifest
from ffl.games.manifest import SHARED_SHEETS, PrintSheet, load

from . import gameboard, setup_sheet
from .page import MARGIN, Doc, page_layout
from .source import PrintSource, SheetError


@dataclass(frozen=True)
class Sheet:
    id: str
    title: str                      # shown in the sheet chooser and the page header
    rule: str                       # the game's rule that describes it ("" if none)
    layout: Callable[..., None]     # layout(doc, source, **options)
    landscape: Callable[[PrintSource, str], bool] = lambda source, paper: False
    columns: int = 1
    #: why it cannot be printed from a source (None: it can); a sheet's module
    #: may define ``problem(source)``
    problem: Callable[[PrintSource], str | None] = lambda source: None
    side_margin: float = MARGIN     # left and right margins (points)


#: the layouts of the sheets every game shares (a manifest lists them by id)
SHARED_LAYOUTS = {
    "setup-sheet": (setup_sheet.layout, None),
    "gameboard": (gameboard.layout, gameboard.landscape),
}
#: sheets printed with narrower left and right margins
SIDE_MARGINS = {"gameboard": gameboard.SIDE_MARGIN}


def _sheet(entry: PrintSheet) -> Sheet:
    """The printable sheet a manifest's entry names."""
    if entry.layout:
        layout = load(entry.layout)
        owner = importlib.import_module(entry.layout.partition(":")[0])
        check = getattr(owner, "problem", None)
    else:
        layout, check = SHARED_LAYOUTS[entry.id][0], None
    landscape = (load(entry.landscape) if entry.landscape
                 else SHARED_LAYOUTS.get(entry.id, (None, None))[1])
    sheet = Sheet(entry.id, entry.title, entry.rule, layout, columns=entry.columns,
                  side_margin=SIDE_MARGINS.get(entry.id, MARGIN))
    if landscape is not None:
        sheet = replace(sheet, landscape=landscape)
    return replace(sheet, problem=check) if check is not None else sheet


def sheets_for(game_id: str) -> dict[str, Sheet]:
    """The sheets a game's manifest offers (the shared ones for a free-play module)."""
    game = manifest(game_id)
    return {e.id: _sheet(e) for e in (game.sheets if game is not None else SHARED_SHEETS)}


def all_sheets() -> dict[str, Sheet]:
    """Every sheet any registered game offers, by id (the first game's wording)."""
    out: dict[str, Sheet] = {}
    for game_id in [*games(), ""]:
        for sid, sheet in sheets_for(game_id).items():
            out.setdefault(sid, sheet)
    return out


def __getattr__(name: str):
    if name == "SHEETS":        # every sheet id there is (``ffl print`` choices, tests)
        return all_sheets()
    raise AttributeError(name)


def problem(sheet_id: str, source: PrintSource) -> str | None:
    """Why a sheet cannot be printed from ``source`` (None: it can)."""
    offered = sheets_for(source.module.game)
    if sheet_id not in offered:
        if sheet_id in all_sheets():
            return f"there is no {all_sheets()[sheet_id].title} for {source.module.title}"
        return f"unknown sheet {sheet_id!r} (choose {', '.join(offered)})"
    return offered[sheet_id].problem(source)


_APP = []      # the application ensure_gui made (kept alive for the process)


def ensure_gui() -> None:
    """Text layout needs a QGuiApplication: use the one there is, or make an off-screen one.

    The one made is a full QApplication (a QGuiApplication too), so a window or widget
    made later in the same process (the program, a test run after a printing test)
    finds the kind of application it needs: a bare QGuiApplication would make it abort.
    """
    if QGuiApplication.instance() is None:
        _APP.append(QApplication(["ffl-print", "-platform", "offscreen"]))


def render(sheet_id: str, device: QPagedPaintDevice, source: PrintSource,
           paper: str = "A4", blank_grid: bool = False) -> int:
    """Draw a sheet on ``device`` (a QPdfWriter or QPrinter); returns the page count.

    Sets the device's page layout (paper, orientation, margins) first.
    Raises SheetError when the sheet does not apply to the source.
    """
    reason = problem(sheet_id, source)
    if reason:
        raise SheetError(reason)
    ensure_gui()
    sheet = sheets_for(source.module.game)[sheet_id]
    device.setPageLayout(page_layout(paper, sheet.landscape(source, paper), sheet.side_margin))
    module, scenario = source.module, source.scenario
    title = f"{module.title}: {sheet.title}"
    if sheet.rule:
        title += f" ({sheet.rule})"
    if sheet_id == "gameboard" and blank_grid:
        title += " - blank grid"
    doc = Doc(device, title, f"{scenario.title} ({scenario.id})", columns=sheet.columns)
    sheet.layout(doc, source, blank_grid=blank_grid)
    footer = f"{module.title} (module version {module.version}) - {scenario.title} ({scenario.id})"
    if source.state is not None and source.origin:
        footer += f" - game {source.origin}"
    return doc.paint(footer)


def write_pdf(sheet_id: str, out: str | Path, source: PrintSource, paper: str = "A4",
              blank_grid: bool = False) -> int:
    """Render a sheet to the PDF file ``out`` (written whole, then moved into place)."""
    ensure_gui()
    out = Path(out)
    tmp = out.with_name(f".{out.name}.tmp")
    try:
        writer = QPdfWriter(str(tmp))
        known = sheets_for(source.module.game)
        writer.setTitle(f"{source.module.title}: {known[sheet_id].title}"
                        if sheet_id in known else sheet_id)
        writer.setCreator("ffl")
        pages = render(sheet_id, writer, source, paper, blank_grid)
        del writer      # flushes and closes the file
        os.replace(tmp, out)
    finally:
        tmp.unlink(missing_ok=True)
    return pages
