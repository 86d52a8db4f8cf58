"""The command line's edges (issue 13, point 10): where output may go, what a
bad file says, a screenshot without a display, a bad file opened as from a file
manager (an error box on the window, which stays open)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from ffl.cli import main

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _qt_app(qapp):
    """pytest-qt's full QApplication first (printing alone would make a bare one)."""
    return qapp


def _error(capsys) -> str:
    err = capsys.readouterr().err
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


def test_print_into_an_existing_folder_asks_for_a_file_name(tmp_path, capsys):
    assert main(["print", "game-card", "--scenario", "ffl/basic", "-o", str(tmp_path)]) == 2
    assert _error(capsys) == (f"ffl: error: {tmp_path} is a folder: give a file name, "
                              f"e.g. {tmp_path / 'game-card.pdf'}")
    assert list(tmp_path.iterdir()) == []


def test_print_to_a_place_that_cannot_be_written_is_one_line(tmp_path, capsys):
    plain = tmp_path / "notes.txt"
    plain.write_text("x")
    assert main(["print", "game-card", "--scenario", "ffl/basic",
                 "-o", str(plain / "card.pdf")]) == 2
    assert _error(capsys) == f"ffl: error: {plain} is not a folder"
    # /proc refuses new files even to root (where permission bits are not asked)
    assert main(["print", "game-card", "--scenario", "ffl/basic", "-o", "/proc/card.pdf"]) == 2
    assert _error(capsys).startswith("ffl: error: ")


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes through permission bits")
def test_print_into_a_write_protected_folder(tmp_path, capsys):
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        assert main(["print", "game-card", "--scenario", "ffl/basic",
                     "-o", str(locked / "card.pdf")]) == 2
        assert _error(capsys) == f"ffl: error: cannot write into {locked} (no permission)"
    finally:
        locked.chmod(0o700)


def test_screenshot_refuses_a_missing_folder_as_print_does(scenarios_dir, tmp_path, capsys):
    shot = tmp_path / "no" / "such" / "map.png"
    assert main(["tiny/squares", "--screenshot", str(shot)]) == 2
    assert _error(capsys) == f"ffl: error: no such folder: {shot.parent}"
    assert not (tmp_path / "no").exists()
    assert main(["tiny/squares", "--screenshot", str(tmp_path)]) == 2
    assert "is a folder: give a file name" in _error(capsys)


def test_a_file_that_is_no_game_says_so_in_words_a_player_reads(scenarios_dir, tmp_path,
                                                                 capsys):
    bad = tmp_path / "letter.fflsave"
    bad.write_text("Dear Sir,")
    assert main(["open", str(bad), "--screenshot", str(tmp_path / "x.png")]) == 2
    line = _error(capsys)
    assert line == f"ffl: error: {bad} is not a saved game or module of this program"
    assert "SQLite" not in line


def test_screenshot_without_a_display_renders_offscreen(tmp_path):
    out = tmp_path / "map.png"
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run([sys.executable, "-m", "ffl", "ffl/basic", "--seed", "1",
                           "--screenshot", str(out)], env=env, capture_output=True,
                          text=True, timeout=180)
    assert done.returncode == 0, done.stderr
    assert out.stat().st_size > 10_000


def test_playing_without_a_display_is_one_line_not_an_abort(tmp_path):
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run([sys.executable, "-m", "ffl", "ffl/basic"], env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert done.stderr.strip() == ("ffl: error: there is no display to open a window on "
                                   "(DISPLAY is not set); --screenshot OUT.png renders the "
                                   "window without one")


def test_a_bad_file_from_the_file_manager_shows_an_error_box_and_keeps_the_window(
        scenarios_dir, tmp_path, qtbot, capsys):
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QMessageBox

    from ffl.ui.app import run
    from ffl.ui.window import PlayWindow

    bad = tmp_path / "damaged.fflsave"
    bad.write_bytes(b"\x00" * 300)
    seen = {}

    def look():
        boxes = [w for w in QApplication.topLevelWidgets()
                 if isinstance(w, QMessageBox) and w.isVisible()]
        windows = [w for w in QApplication.topLevelWidgets()
                   if isinstance(w, PlayWindow) and w.isVisible()]
        seen["boxes"] = [(b.windowTitle(), b.text()) for b in boxes]
        seen["windows"] = len(windows)
        for b in boxes:
            b.close()
        for w in windows:
            seen["status"] = w.statusBar().currentMessage() or w.windowTitle()
            w.close()

    QTimer.singleShot(600, look)
    run(None, bad)
    assert seen["windows"] == 1
    assert seen["boxes"] == [("Cannot open the file",
                              f"{bad} is not a saved game or module of this program")]
    assert capsys.readouterr().err.strip().endswith(
        f"{bad} is not a saved game or module of this program")
