"""Printing: Character Unit Sheets, set-up sheets, reduced gameboards and game cards.

Every sheet is drawn with QPainter in points, so the same code prints to a
``QPrinter`` (the print dialog and preview) and to a ``QPdfWriter`` (a PDF
file).  Text stays text, so a PDF can be searched and read back.

    from ffl.printing import PrintSource, write_pdf
    write_pdf("gameboard", "fort.pdf", PrintSource.for_scenario("ffl/basic"), paper="A4")
"""

from .source import PrintSource, SheetError

__all__ = ["SHEETS", "PrintSource", "SheetError", "render", "write_pdf"]


def __getattr__(name):
    # Qt is imported only when a sheet is rendered
    if name in ("SHEETS", "render", "write_pdf"):
        from . import sheets

        return getattr(sheets, name)
    raise AttributeError(name)
