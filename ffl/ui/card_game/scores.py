"""The score sheet (one line per game, running totals) and the end-of-game dialog.

Scores are never computed here: finished games come from ``vars["history"]``
and ``vars["totals"]`` written by the controller's Scoring event, the game in
progress from ``controller.score`` (cards laid, without the bonus).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)


def player_title(player: str) -> str:
    """``"p2"`` -> ``"Player 2"``."""
    return f"Player {player[1:]}" if player[:1] == "p" and player[1:].isdigit() else player


class ScoreSheet(QTableWidget):
    """Rows: each finished game, the game in progress, the total; a column per player."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("scoreSheet")
        self.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
        self.verticalHeader().setDefaultSectionSize(22)
        # every player's column shares the width: four players fit without a scroll bar
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.horizontalHeader().setMinimumSectionSize(40)

    def set_scores(self, players: Sequence[str], history: Sequence[Mapping[str, int]],
                   current: Mapping[str, int] | None, totals: Mapping[str, int],
                   games: int, won: Mapping[str, int] | None = None) -> None:
        """``won``: the games each player has won, when the match is decided on
        games won (Scoring); its line comes last and decides."""
        rows: list[tuple[str, Mapping[str, int]]] = [
            (f"Game {i}", line) for i, line in enumerate(history, start=1)]
        if current is not None:
            rows.append((f"Game {len(history) + 1} (so far)", current))
        rows.append((f"Total ({len(history)} of {games})", totals))
        if won is not None:
            rows.append(("Games won", won))
        self.clear()
        self.setColumnCount(len(players))
        self.setRowCount(len(rows))
        self.setHorizontalHeaderLabels([player_title(p) for p in players])
        self.setVerticalHeaderLabels([name for name, _ in rows])
        bold = QFont()
        bold.setBold(True)
        for r, (_, line) in enumerate(rows):
            for c, p in enumerate(players):
                item = QTableWidgetItem(str(line.get(p, 0)))
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                if r == len(rows) - 1:
                    item.setFont(bold)
                self.setItem(r, c, item)

    def cell_text(self, row_title: str, player_column: int) -> str:
        for r in range(self.rowCount()):
            if self.verticalHeaderItem(r).text() == row_title:
                return self.item(r, player_column).text()
        raise KeyError(row_title)


class EndOfGameDialog(QDialog):
    """Says who finished, every player's score and, if more games follow, deals on."""

    def __init__(self, parent: QWidget, heading: str, lines: Sequence[str],
                 next_game: bool) -> None:
        super().__init__(parent)
        self.setObjectName("endOfGameDialog")
        self.setWindowTitle("End of the game")
        title = QLabel(heading)
        title.setObjectName("endHeading")
        title.setWordWrap(True)
        font = QFont()
        font.setPixelSize(16)
        font.setBold(True)
        title.setFont(font)
        body = QLabel("<br>".join(lines))
        body.setObjectName("endScores")
        body.setTextFormat(Qt.TextFormat.RichText)
        buttons = QDialogButtonBox()
        self.next_button: QPushButton | None = None
        if next_game:
            self.next_button = buttons.addButton("Deal the next game",
                                                 QDialogButtonBox.ButtonRole.AcceptRole)
            self.next_button.setObjectName("dialogNextGame")
        self.close_button = buttons.addButton(QDialogButtonBox.StandardButton.Close)
        self.close_button.setObjectName("dialogClose")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(title)
        layout.addWidget(body)
        layout.addWidget(buttons)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
