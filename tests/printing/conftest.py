"""Printing tests: the helpers module on the path, and the QApplication from
pytest-qt (so later widget tests find a full QApplication, not the bare
QGuiApplication printing would make on its own)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))


@pytest.fixture(autouse=True)
def _qt_app(qapp):
    return qapp
