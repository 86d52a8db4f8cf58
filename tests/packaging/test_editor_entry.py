"""The ffl-editor entry point answers --version (true of the placeholder in
editor/app.py and required of the real editor that replaces it)."""

import subprocess
import sys
from pathlib import Path

import ffl

ROOT = Path(__file__).resolve().parents[2]


def test_editor_reports_its_version():
    result = subprocess.run([sys.executable, "-m", "editor.app", "--version"], cwd=ROOT,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"ffl-editor {ffl.__version__}"
