"""The status bar's prompt label: the whole instruction on a small screen.

A prompt too long for one line of the status bar (French Foreign Legion's
set-up prompt on a 1366x768 screen) breaks between words onto a second line,
so it reads in full; only a text longer than two lines still ends in "…",
whole in its tooltip.  The label never asks for more width than it gets.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from .help import ElidedLabel

#: the most lines the prompt takes in the status bar
PROMPT_LINES = 2


class PromptLabel(ElidedLabel):
    """An :class:`~ffl.ui.help.ElidedLabel` that wraps onto up to PROMPT_LINES lines."""

    def __init__(self, text: str = "", lines: int = PROMPT_LINES) -> None:
        self._lines = max(1, lines)
        super().__init__(text)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)

    def shown_lines(self) -> list[str]:
        """The lines shown now (the last may end in "…")."""
        return self.shown_text().split("\n")

    def _elide(self) -> None:
        width = max(0, self.contentsRect().width())
        metrics = self.fontMetrics()
        words, lines = self._full.split(" "), []
        while words and len(lines) < self._lines - 1:
            line = words.pop(0)
            while words and metrics.horizontalAdvance(f"{line} {words[0]}") <= width:
                line = f"{line} {words.pop(0)}"
            if metrics.horizontalAdvance(line) > width:   # one word wider than the line
                words.insert(0, line)
                break
            lines.append(line)
        rest = " ".join(words)
        if rest or not lines:
            lines.append(metrics.elidedText(rest, Qt.TextElideMode.ElideRight, width))
        shown = "\n".join(lines)
        whole = " ".join(lines) == self._full
        if shown != QLabel.text(self):
            QLabel.setText(self, shown)
        self.setToolTip("" if whole else self._full)
