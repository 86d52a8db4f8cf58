"""File > Print... and File > Export PDF... in the play window.

:func:`install_print_actions` adds both actions to the window's File menu.
A small dialog chooses the sheet (and paper, blank grid, current positions);
printing goes through the print preview (whose Print button opens the
system print dialog), exporting writes a PDF file.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QMainWindow,
    QMessageBox,
    QWidget,
)

from ffl.ui.dialogs import busy_cursor

if TYPE_CHECKING:   # the sheets are imported when first asked for, not with the menu
    from .sheets import Sheet
    from .source import PrintSource


class SheetDialog(QDialog):
    """Which sheet to print, on which paper, and how."""

    def __init__(self, title: str, parent: QWidget | None = None,
                 in_progress: bool = False, sheets: dict[str, Sheet] | None = None,
                 sides: dict[str, str] | None = None) -> None:
        super().__init__(parent)
        from .page import PAPERS
        from .sheets import sheets_for

        self.setObjectName("printSheetDialog")
        self.setWindowTitle(title)
        form = QFormLayout(self)
        self.sheet = QComboBox()
        self.sheet.setObjectName("sheetCombo")
        for sheet in (sheets if sheets is not None else sheets_for("")).values():
            self.sheet.addItem(sheet.title, sheet.id)
        self.paper = QComboBox()
        self.paper.setObjectName("paperCombo")
        self.paper.addItems(list(PAPERS))
        self.blank = QCheckBox("Blank grid for secret plots (15.21, 21.11)")
        self.blank.setObjectName("blankGridCheck")
        self.current = QCheckBox("Current positions and wounds")
        self.current.setObjectName("currentCheck")
        self.current.setChecked(in_progress)
        form.addRow("Sheet", self.sheet)
        form.addRow("Paper", self.paper)
        form.addRow("", self.blank)
        form.addRow("", self.current)
        # a game with secrets prints them only for their owner (issue 16); the
        # default prints nobody's
        self.side = QComboBox()
        self.side.setObjectName("printSideCombo")
        self.side.addItem("Nobody (no secret printed)", "")
        for side, name in (sides or {}).items():
            self.side.addItem(f"The {name} player (his own secrets)", side)
        self.side.setVisible(bool(sides))
        if sides:
            form.addRow("Printed for", self.side)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.sheet.currentIndexChanged.connect(self._sync)
        self._sync()

    def _sync(self) -> None:
        sheet = self.sheet_id
        self.blank.setEnabled(sheet == "gameboard")
        self.current.setEnabled(sheet == "character-sheet")
        # 21.11 a side's reduced gameboard carries its own secret plot
        self.side.setEnabled(sheet in ("character-sheet", "gameboard"))

    @property
    def sheet_id(self) -> str:
        return str(self.sheet.currentData())

    def choose(self, sheet_id: str) -> None:
        self.sheet.setCurrentIndex(self.sheet.findData(sheet_id))

    def options(self) -> dict:
        side = str(self.side.currentData() or "") if self.side.isEnabled() else ""
        return {"sheet_id": self.sheet_id, "paper": self.paper.currentText(),
                "blank_grid": self.blank.isEnabled() and self.blank.isChecked(),
                # the gameboard printed for a side: the game as that side sees it (21.11)
                "current": (self.current.isEnabled() and self.current.isChecked())
                or (self.sheet_id == "gameboard" and bool(side)),
                "side": side}


class PrintActions:
    """The print and export actions of one play window."""

    def __init__(self, window: QMainWindow) -> None:
        self.window = window
        self.print_action = QAction("&Print…", window)
        self.print_action.setObjectName("printAction")
        self.print_action.setShortcut(QKeySequence(QKeySequence.StandardKey.Print))
        self.print_action.triggered.connect(lambda: self.ask("print"))
        self.export_action = QAction("&Export PDF…", window)
        self.export_action.setObjectName("exportPdfAction")
        self.export_action.triggered.connect(lambda: self.ask("export"))
        for action, tip in ((self.print_action, "Print a sheet of this game (with a preview)"),
                            (self.export_action, "Write a sheet of this game to a PDF file")):
            action.setToolTip(tip)
            action.setStatusTip(tip)
            window.addAction(action)    # the shortcut works with the menu bar hidden
        self.dialog: SheetDialog | None = None
        self.preview: QPrintPreviewDialog | None = None

    # -- the source -----------------------------------------------------------------------

    def source(self, current: bool, side: str = "") -> PrintSource:
        from .source import PrintSource, SheetError

        session = getattr(self.window, "session", None)
        if session is None:
            raise SheetError("no game is open")
        src = PrintSource.from_session(session, side)
        if not current:
            src.state = None
        return src

    # -- flows --------------------------------------------------------------------------

    def ask(self, what: str) -> SheetDialog | None:
        """Open the sheet chooser (non-blocking); on OK print or export."""
        session = getattr(self.window, "session", None)
        if session is None:
            QMessageBox.information(self.window, "Print", "Open a game first.")
            return None
        from .sheets import sheets_for

        title = "Print" if what == "print" else "Export PDF"
        ctrl = session.controller
        named = getattr(ctrl, "scenario_side_name", None)      # 19.1 the Mutineer player
        sides = {s: named(session.state, s) if named else ctrl.side_name(s)
                 for s in session.scenario.sides} \
            if has_secrets(ctrl) else None
        dialog = SheetDialog(title, self.window, in_progress=bool(len(session.log)),
                             sheets=sheets_for(session.module.game), sides=sides)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)  # one per request
        dialog.accepted.connect(lambda: self._chosen(what, dialog.options()))
        self.dialog = dialog
        dialog.open()
        return dialog

    def _chosen(self, what: str, options: dict) -> None:
        if what == "print":
            self.open_preview(**options)
        else:
            name = f"{options['sheet_id']}.pdf"
            path, _ = QFileDialog.getSaveFileName(self.window, "Export PDF", name,
                                                  "PDF files (*.pdf)")
            if path:
                self.export(Path(path), **options)

    def export(self, path: Path, sheet_id: str, paper: str = "A4", blank_grid: bool = False,
               current: bool = False, side: str = "") -> int | None:
        """Write the sheet to ``path`` (for ``side``: see :meth:`PrintSource.from_session`);
        errors are shown, not raised."""
        from .sheets import write_pdf
        from .source import SheetError

        try:
            with busy_cursor():
                pages = write_pdf(sheet_id, path, self.source(current, side), paper,
                                  blank_grid)
        except (SheetError, OSError) as exc:
            QMessageBox.warning(self.window, "Export PDF", str(exc))
            return None
        self.window.statusBar().showMessage(f"Wrote {path} ({pages} pages)", 5000)
        return pages

    def open_preview(self, sheet_id: str, paper: str = "A4", blank_grid: bool = False,
                     current: bool = False, side: str = "") -> QPrintPreviewDialog | None:
        """The print preview of a sheet; its Print button asks for the printer."""
        from .sheets import problem, render, sheets_for
        from .source import SheetError

        try:
            source = self.source(current, side)
            reason = problem(sheet_id, source)
            if reason:
                raise SheetError(reason)
        except SheetError as exc:
            QMessageBox.warning(self.window, "Print", str(exc))
            return None
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        printer.setDocName(f"{source.module.title} "
                           f"{sheets_for(source.module.game)[sheet_id].title}")
        preview = QPrintPreviewDialog(printer, self.window)
        preview.setObjectName("printPreview")
        preview.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)  # frees its rendered pages
        preview.paintRequested.connect(
            lambda device: render(sheet_id, device, source, paper, blank_grid))
        self.preview = preview
        preview.open()
        return preview


def install_print_actions(window: QMainWindow) -> PrintActions:
    """Add File > Print... (Ctrl+P) and File > Export PDF... to a play window.

    They go just before Quit in the File menu (or at its end).
    """
    actions = PrintActions(window)
    window.print_actions = actions
    file_menu = next((a.menu() for a in window.menuBar().actions()
                      if a.menu() is not None and a.text().replace("&", "") == "File"), None)
    if file_menu is None:
        file_menu = window.menuBar().addMenu("&File")
    quit_action = getattr(window, "quit_action", None)
    before = quit_action if quit_action in file_menu.actions() else None
    if before is not None:
        file_menu.insertAction(before, actions.print_action)
        file_menu.insertAction(before, actions.export_action)
        file_menu.insertSeparator(before)
    else:
        file_menu.addAction(actions.print_action)
        file_menu.addAction(actions.export_action)
    return actions


def has_secrets(controller) -> bool:
    """A game with hidden information (its controller says what a side may not
    see: ``secrets``, or FFL's ``event_for``): its sheets are printed for a side."""
    return any(callable(getattr(controller, name, None)) for name in ("secrets", "event_for"))
