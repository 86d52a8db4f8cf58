"""Shared test set-up: Qt offscreen, and user folders (settings, saves,
autosave) redirected to a temporary directory so tests never touch the real
home folder, and every Qt test checked to end with no mouse button held."""

import os
import sys
import tempfile

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
_home = tempfile.mkdtemp(prefix="ffl-test-home-")
for var, sub in (("XDG_DATA_HOME", "data"), ("XDG_CONFIG_HOME", "config"),
                 ("XDG_CACHE_HOME", "cache"), ("XDG_STATE_HOME", "state")):
    os.environ[var] = os.path.join(_home, sub)


@pytest.fixture(autouse=True)
def no_button_left_held():
    """Every test ends with no mouse button held: QTest keeps a press that was never
    released as held for all later tests in the process, and Qt then sends their
    clicks to the widget of an earlier press (the card-game tests lost map clicks
    to a right-click released with the left button in tests/ui/ffl). Tests that
    never load Qt pay nothing."""
    yield
    gui = sys.modules.get("PySide6.QtGui")
    if gui is None or gui.QGuiApplication.instance() is None:
        return
    from PySide6.QtCore import Qt

    held = gui.QGuiApplication.mouseButtons()
    if held != Qt.MouseButton.NoButton:
        _release(held)      # so only the test that left it held fails, not all after it
        pytest.fail(f"the test ends with {held} held: release what it pressed")


def _release(held) -> None:
    """Release every held button on a throwaway widget (QTest forgets them then)."""
    from PySide6.QtCore import QPoint, Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QWidget

    widget = QWidget()
    widget.show()
    for button in (Qt.MouseButton.LeftButton, Qt.MouseButton.RightButton,
                   Qt.MouseButton.MiddleButton):
        if held & button:
            QTest.mouseRelease(widget, button, Qt.KeyboardModifier.NoModifier, QPoint(1, 1))
    widget.close()
    widget.deleteLater()
