"""Regression guard: PySide6 6.12.0 on Python 3.11 drops a reference to None on
every call returning nothing, until the interpreter aborts (none_dealloc).
pyproject pins PySide6-Essentials<6.12; this test catches a future upgrade that
brings the bug back."""

import sys

from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QGraphicsRectItem


def test_void_calls_do_not_steal_none_references(qapp):
    item = QGraphicsRectItem(0, 0, 10, 10)
    brush = QBrush(QColor("tan"))
    before = sys.getrefcount(None)
    for i in range(20_000):
        item.setPos(i % 7, i % 5)
        item.setZValue(i % 3)
        item.setBrush(brush)
    after = sys.getrefcount(None)
    # Allow a little noise from the interpreter; the bug loses ~60,000 here.
    assert after >= before - 100, f"None refcount fell from {before} to {after}"
