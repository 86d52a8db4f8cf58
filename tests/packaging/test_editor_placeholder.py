"""The placeholder ffl-editor (until the real editor replaces editor/app.py):
the entry point answers --version and opens a window titled "ffl-editor"."""

import subprocess
import sys
from pathlib import Path

import ffl

ROOT = Path(__file__).resolve().parents[2]


def test_placeholder_editor_reports_its_version():
    result = subprocess.run([sys.executable, "-m", "editor.app", "--version"], cwd=ROOT,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"ffl-editor {ffl.__version__}"


def test_placeholder_editor_window_is_titled_ffl_editor(qtbot):
    from editor.app import make_window

    window = make_window("scenarios/french-foreign-legion.ffl")
    qtbot.addWidget(window)
    window.show()
    assert window.windowTitle() == "ffl-editor"
    assert "french-foreign-legion.ffl" in window.centralWidget().text()
