"""File > Print... (Ctrl+P) and File > Export PDF... in the play window."""

from __future__ import annotations

import pytest
from print_helpers import page_sizes, pdf_text
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtPrintSupport import QPrintPreviewDialog, QPrintPreviewWidget

from ffl.engine import Action


@pytest.fixture
def window(qtbot, tmp_path):
    from ffl.ui.app import create_app, main_window

    create_app()
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    w = main_window(settings=settings, data_folder=tmp_path / "data", autosave=False)
    qtbot.addWidget(w)
    w.resize(1000, 700)
    w.show()
    qtbot.waitExposed(w)
    assert w.open_scenario("ffl/basic", seed=4)
    return w


def file_menu(window):
    return next(a.menu() for a in window.menuBar().actions() if a.text() == "&File")


def test_file_menu_has_print_with_ctrl_p_and_export_pdf(window):
    texts = [a.text() for a in file_menu(window).actions()]
    assert "&Print…" in texts and "&Export PDF…" in texts
    assert texts.index("&Export PDF…") < texts.index("&Quit")
    action = window.print_actions.print_action
    assert action.shortcut() == QKeySequence(QKeySequence.StandardKey.Print)
    assert action.shortcut().toString() == "Ctrl+P"


def test_ctrl_p_chooses_a_sheet_and_shows_the_print_preview(window, qtbot):
    qtbot.keyClick(window, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
    dialog = window.print_actions.dialog
    assert dialog is not None and dialog.isVisible()
    dialog.choose("gameboard")
    assert dialog.blank.isEnabled() and not dialog.current.isEnabled()
    dialog.accept()
    preview = window.print_actions.preview
    assert preview is not None
    qtbot.waitUntil(preview.isVisible)
    widget = preview.findChild(QPrintPreviewWidget)
    qtbot.waitUntil(lambda: widget.pageCount() == 1)
    preview.close()


def test_export_pdf_of_the_game_in_progress(window, qtbot, tmp_path, monkeypatch):
    window.session.do(Action.make("place", "legion", piece="L-2-Novak", space="O8", level=0,
                                  facing=6))
    target = tmp_path / "sheet.pdf"
    monkeypatch.setattr("ffl.printing.ui.QFileDialog.getSaveFileName",
                        lambda *a, **k: (str(target), "PDF files (*.pdf)"))
    window.print_actions.export_action.trigger()
    dialog = window.print_actions.dialog
    dialog.choose("character-sheet")
    assert dialog.current.isChecked()                # a game with moves: current positions
    dialog.paper.setCurrentText("Letter")
    dialog.accept()
    assert set(page_sizes(target)) == {(612, 792)}
    assert "O8, level 0, faces W" in pdf_text(target)
    assert "Wrote" in window.statusBar().currentMessage()


def test_export_into_a_missing_folder_shows_a_message(window, tmp_path, monkeypatch):
    shown = []
    monkeypatch.setattr("ffl.printing.ui.QMessageBox.warning",
                        lambda parent, title, text: shown.append((title, text)))
    target = tmp_path / "no-such-folder" / "card.pdf"
    assert window.print_actions.export(target, "game-card") is None
    assert shown and shown[0][0] == "Export PDF"
    assert not target.parent.exists()


def test_closed_sheet_choosers_and_previews_are_freed(window, qtbot):
    from ffl.printing.ui import SheetDialog

    for _ in range(3):
        window.print_actions.print_action.trigger()
        window.print_actions.dialog.choose("game-card")
        window.print_actions.dialog.accept()
        preview = window.print_actions.preview
        qtbot.waitUntil(preview.isVisible)
        preview.close()
    # neither the choosers nor the previews (with their pages) pile up in the window
    qtbot.waitUntil(lambda: not window.findChildren(SheetDialog)
                    and not window.findChildren(QPrintPreviewDialog))
