"""HandOver: an opaque screen over the whole play window while the computer
passes to the other player (hot-seat).

It covers everything, map, docks, event log and tool bars, so nothing of the
other side's game shows through until the player clicks the button; mouse and
keyboard input to the window below is blocked meanwhile.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

BACKGROUND = "#2d3530"


class HandOver(QWidget):
    """An opaque cover over ``window`` with a "ready" button."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.setObjectName("handOver")
        # a plain QWidget paints a style-sheet background only with this attribute
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setAutoFillBackground(True)
        self.setStyleSheet(f"#handOver {{ background: {BACKGROUND}; }} "
                           "QLabel { color: #f4ecd9; }")
        self.label = QLabel()
        self.label.setObjectName("handOverLabel")
        self.label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.label.setWordWrap(True)
        font = self.label.font()
        font.setPointSize(font.pointSize() + 8)
        self.label.setFont(font)
        self.button = QPushButton("I am ready")
        self.button.setObjectName("handOverButton")
        self.button.clicked.connect(self.hide)
        layout = QVBoxLayout(self)
        layout.addStretch(1)
        layout.addWidget(self.label)
        layout.addWidget(self.button, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addStretch(1)
        self.text = ""
        window.installEventFilter(self)
        self.hide()

    def show_for(self, text: str, button: str = "I am ready") -> None:
        self.text = text
        self.label.setText(text)
        self.button.setText(button)
        self.setGeometry(self.parentWidget().rect())
        self.show()
        self.raise_()
        self.button.setFocus()

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.Resize and self.isVisible():
            self.setGeometry(self.parentWidget().rect())
        return False
