"""HandOver: an opaque screen over the whole play window while the computer
passes to the other player (hot-seat).

It covers everything, map, docks, event log, tool bars and menu bar, so
nothing of the other side's game shows through until the player clicks the
button.  Docks floating in windows of their own are hidden meanwhile and come
back afterwards.  Nothing behind it takes input: the mouse reaches only the
screen, and while it is up every keyboard shortcut of the window (Undo, Print,
the Game menu's keys, the menu bar's Alt keys) and every key press aimed at a
widget behind it does nothing; only the screen's own button (Enter or Space)
and the actions it is told to allow (Quit) still answer.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

BACKGROUND = "#2d3530"
#: keyboard events a covered window never receives
_KEYS = (QEvent.Type.Shortcut, QEvent.Type.KeyPress, QEvent.Type.KeyRelease,
         QEvent.Type.ShortcutOverride)


class HandOver(QWidget):
    """An opaque cover over ``window`` with a "ready" button; ``allow`` lists
    the window's actions whose shortcuts still work while it is up."""

    def __init__(self, window: QWidget, allow: Iterable[QAction | None] = ()) -> None:
        super().__init__(window)
        self.setObjectName("handOver")
        # a plain QWidget paints a style-sheet background only with this attribute
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setAutoFillBackground(True)
        self.setStyleSheet(f"#handOver {{ background: {BACKGROUND}; }} "
                           "QLabel { color: #f4ecd9; } "
                           "QPushButton { font-size: 16px; padding: 10px 28px; }")
        self.label = QLabel()
        self.label.setObjectName("handOverLabel")
        self.label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.label.setWordWrap(True)
        font = self.label.font()
        font.setPointSize(font.pointSize() + 8)
        self.label.setFont(font)
        self.button = QPushButton("I am ready")
        self.button.setObjectName("handOverButton")
        self.button.setDefault(True)
        self.button.clicked.connect(self.hide)
        layout = QVBoxLayout(self)
        layout.addStretch(1)
        layout.addWidget(self.label)
        layout.addWidget(self.button, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addStretch(1)
        self.text = ""
        self.allowed = {a for a in allow if a is not None}
        self._floating: list[QDockWidget] = []
        self._blocking = False
        window.installEventFilter(self)
        self.hide()

    def show_for(self, text: str, button: str = "I am ready") -> None:
        self.text = text
        self.label.setText(text)
        self.button.setText(button)
        self.setGeometry(self.parentWidget().rect())
        self._hide_floating_docks()
        self.show()
        self.raise_()
        self.button.setFocus()
        if not self._blocking:
            QApplication.instance().installEventFilter(self)
            self._blocking = True

    def hideEvent(self, event) -> None:  # noqa: N802
        super().hideEvent(event)
        if self._blocking:
            QApplication.instance().removeEventFilter(self)
            self._blocking = False
        for dock in self._floating:
            dock.show()
        self._floating.clear()

    def _hide_floating_docks(self) -> None:
        """Docks in windows of their own are not under the cover: hide them."""
        for dock in self.parentWidget().findChildren(QDockWidget):
            if dock.isFloating() and dock.isVisible() and dock not in self._floating:
                self._floating.append(dock)
                dock.hide()

    def focusNextPrevChild(self, next: bool) -> bool:  # noqa: N802, A002
        """Tab never leaves the screen for a widget behind it."""
        self.button.setFocus()
        return True

    # -- what is behind ----------------------------------------------------------------

    def behind(self, obj: QObject) -> bool:
        """Whether ``obj`` (a widget, or an action of one) is part of the covered
        window, not of this screen nor of another window (a dialog)."""
        if obj in self.allowed:
            return False
        widget = obj
        while widget is not None and not isinstance(widget, QWidget):
            widget = widget.parent()
        if widget is None:
            return False
        if widget is self or self.isAncestorOf(widget):
            return False
        return widget.window() is self.window()

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802
        t = event.type()
        if t == QEvent.Type.Resize and obj is self.parentWidget():
            if self.isVisible():
                self.setGeometry(self.parentWidget().rect())
            return False
        if self._blocking and t in _KEYS and self.isVisible():
            return self.behind(obj)
        return False
