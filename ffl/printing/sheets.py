"""The printable sheets and how to render one to a printer or a PDF file."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtGui import QGuiApplication, QPagedPaintDevice, QPdfWriter

from . import character_sheet, game_card, gameboard, setup_sheet
from .page import Doc, page_layout
from .source import PrintSource, SheetError


@dataclass(frozen=True)
class Sheet:
    id: str
    title: str                      # shown in the sheet chooser and the page header
    rule: str                       # the FFL rule that describes it ("" if none)
    layout: Callable[..., None]     # layout(doc, source, **options)
    landscape: Callable[[PrintSource, str], bool] = lambda source, paper: False
    columns: int = 1


SHEETS: dict[str, Sheet] = {s.id: s for s in (
    Sheet("character-sheet", "Character Unit Sheet", "25", character_sheet.layout),
    Sheet("setup-sheet", "Set-up sheet", "", setup_sheet.layout),
    Sheet("gameboard", "Reduced gameboard", "24", gameboard.layout, gameboard.landscape),
    Sheet("game-card", "Game Card", "", game_card.layout, columns=2),
)}


def problem(sheet_id: str, source: PrintSource) -> str | None:
    """Why a sheet cannot be printed from ``source`` (None: it can)."""
    if sheet_id not in SHEETS:
        return f"unknown sheet {sheet_id!r} (choose {', '.join(SHEETS)})"
    if sheet_id == "character-sheet" and not character_sheet.characters(source):
        return f"{source.scenario.id} has no Character units to list"
    if sheet_id == "game-card" and source.module.game not in game_card.GAMES:
        return f"there is no game card for {source.module.title}"
    return None


def ensure_gui() -> None:
    """Text layout needs a QGuiApplication: make an off-screen one if there is none."""
    if QGuiApplication.instance() is None:
        QGuiApplication(["ffl-print", "-platform", "offscreen"])


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
    sheet = SHEETS[sheet_id]
    device.setPageLayout(page_layout(paper, sheet.landscape(source, paper)))
    module, scenario = source.module, source.scenario
    title = f"{module.title}: {sheet.title}"
    if sheet.rule and module.game == "ffl":
        title += f" ({sheet.rule})"
    if sheet_id == "gameboard" and blank_grid:
        title += " - blank grid"
    doc = Doc(device, title, f"{scenario.title} ({scenario.id})", columns=sheet.columns)
    sheet.layout(doc, source, blank_grid=blank_grid)
    footer = f"{module.title} {module.version} - {scenario.id}"
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
        writer.setTitle(f"{source.module.title}: {SHEETS[sheet_id].title}"
                        if sheet_id in SHEETS else sheet_id)
        writer.setCreator("ffl")
        pages = render(sheet_id, writer, source, paper, blank_grid)
        del writer      # flushes and closes the file
        os.replace(tmp, out)
    finally:
        tmp.unlink(missing_ok=True)
    return pages
