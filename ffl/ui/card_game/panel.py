"""The bottom dock: the hand (or the hand-over screen) beside the turn controls.

In hot-seat play the hand is hidden between players behind a screen with one
big button ("Pass to Player 2 — click when ready"); the same screen says when
a game is over.  The controls column holds the instructions, the last refusal
(reason and rule) and the Draw and Discard buttons.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from .hand import HandWidget

SCREEN_STYLE = ("QWidget#handOverScreen { background: #3a2a22; }"
                "QLabel { color: #f2e6c8; }"
                "QPushButton { font-size: 17px; padding: 14px 26px; }")


class HandOverScreen(QWidget):
    """What covers the hand between turns: a message and one button."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("handOverScreen")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet(SCREEN_STYLE)
        self.message = QLabel()
        self.message.setObjectName("handOverMessage")
        self.message.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.message.setWordWrap(True)
        font = QFont()
        font.setPixelSize(15)
        self.message.setFont(font)
        self.button = QPushButton()
        self.button.setObjectName("readyButton")
        self.button.setCursor(Qt.CursorShape.PointingHandCursor)
        self.button.setAutoDefault(True)        # Return presses it too, as Space does
        layout = QVBoxLayout(self)
        layout.addStretch(1)
        layout.addWidget(self.message)
        layout.addWidget(self.button, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addStretch(1)

    def show_message(self, message: str, button: str = "") -> None:
        """Show ``message``, and ``button`` (if any) with the keyboard focus, so
        the player sitting down presses Return or Space instead of reaching
        for the mouse."""
        self.message.setText(message)
        self.button.setText(button)
        self.button.setVisible(bool(button))
        if button:
            self.button.setFocus(Qt.FocusReason.OtherFocusReason)


class HandPanel(QWidget):
    """The hand (or hand-over screen) on the left, the controls on the right."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("handPanel")
        self.hand = HandWidget()
        self.screen = HandOverScreen()
        self.stack = QStackedWidget()
        self.stack.addWidget(self.screen)
        self.stack.addWidget(self.hand)
        self.title = QLabel()
        self.title.setObjectName("handTitle")
        font = QFont()
        font.setPixelSize(15)
        font.setBold(True)
        self.title.setFont(font)
        self.status = QLabel()
        self.status.setObjectName("cardStatus")
        self.status.setWordWrap(True)
        self.status.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.notice = QLabel()
        self.notice.setObjectName("cardNotice")
        self.notice.setWordWrap(True)
        self.notice.setStyleSheet("color: #b3261e;")
        self.draw_button = QPushButton("Draw from the pack (D)")
        self.draw_button.setObjectName("drawButton")
        self.discard_button = QPushButton("Discard")
        self.discard_button.setObjectName("discardButton")
        self.next_button = QPushButton("Deal the next game")
        self.next_button.setObjectName("nextGameButton")
        controls = QVBoxLayout()
        controls.addWidget(self.title)
        controls.addWidget(self.status, 1)
        controls.addWidget(self.notice)
        controls.addWidget(self.draw_button)
        controls.addWidget(self.discard_button)
        controls.addWidget(self.next_button)
        side = QWidget()
        side.setLayout(controls)
        side.setFixedWidth(300)
        side.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Expanding)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addWidget(self.stack, 1)
        layout.addWidget(side)

    # -- which page -------------------------------------------------------------------

    def show_screen(self, message: str, button: str = "") -> None:
        """Cover the hand (nothing of it stays drawn)."""
        self.hand.set_cards([])
        self.screen.show_message(message, button)
        self.stack.setCurrentWidget(self.screen)

    def show_hand(self) -> None:
        self.stack.setCurrentWidget(self.hand)

    @property
    def screen_up(self) -> bool:
        return self.stack.currentWidget() is self.screen

    def set_notice(self, text: str) -> None:
        self.notice.setText(text)
