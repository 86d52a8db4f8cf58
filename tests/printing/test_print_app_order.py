"""Printing first, a window after, in one process: the application printing makes
must serve widgets too (a bare QGuiApplication made a later QWidget abort the run)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
from ffl.printing.sheets import write_pdf
from ffl.printing.source import PrintSource
import sys
pages = write_pdf("setup-sheet", sys.argv[1], PrintSource.for_scenario("ffl/basic"))
from PySide6.QtWidgets import QApplication, QLabel
app = QApplication.instance()
assert isinstance(app, QApplication), type(app)
label = QLabel("after printing")
label.show()
print("ok", pages, label.text())
"""


def test_printing_before_any_window_leaves_an_application_widgets_can_use(tmp_path):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", SCRIPT, str(tmp_path / "setup.pdf")],
                          capture_output=True, text=True, env=env, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split()[0] == "ok"
    assert (tmp_path / "setup.pdf").stat().st_size > 0
