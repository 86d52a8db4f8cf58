"""HandOver: a screen hiding the map while the computer passes to the other
player (hot-seat), shown on a change of side when the preference is on."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget


class HandOver(QWidget):
    """An opaque cover over the map with a "ready" button."""

    def __init__(self, view) -> None:
        super().__init__(view)
        self.setObjectName("handOver")
        self.setAutoFillBackground(True)
        self.setStyleSheet("#handOver { background: #2d3530; } QLabel { color: #f4ecd9; }")
        self.label = QLabel()
        self.label.setObjectName("handOverLabel")
        self.label.setAlignment(Qt.AlignmentFlag.AlignCenter)
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
        self.side = ""
        view.installEventFilter(self)
        self.hide()

    def show_for(self, side: str) -> None:
        self.side = side
        self.label.setText(f"Pass the computer to the {side.capitalize()} player.\n"
                           "The other player looks away.")
        self.setGeometry(self.parentWidget().rect())
        self.show()
        self.raise_()

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.Resize and self.isVisible():
            self.setGeometry(self.parentWidget().rect())
        return False
