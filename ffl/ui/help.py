"""Help on board: How to play a game, its Game Card on screen, and the rule
behind a line of the event log.

Each game keeps its help as data in the module its manifest names
(``GameManifest.help``, read as a :class:`~ffl.games.manifest.GameHelp`):
How to play (turn order, counters, how to win, mouse and keys), a one-line
hint of what to do next for each action kind, and an index of its rules by
number, in our own words.  This module only lays that out:

* :class:`HowToPlayDialog` (Help › How to play ...): the sections, then the
  rule index;
* :class:`GameCardViewer` (Help › Game Card): the printed Game Card's pages,
  drawn on screen by the printing package's own ``render`` through a print
  preview, so the screen shows exactly what prints;
* :func:`rule_note_html`: what the event log shows under itself when a line is
  clicked;
* :class:`HelpMenuMixin`: the play window's Help menu entries and the hint of
  what to do next after the status bar's prompt.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QResizeEvent
from PySide6.QtPrintSupport import QPrinter, QPrintPreviewWidget
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from ffl.engine import Prompt
from ffl.games import manifest
from ffl.games.manifest import GameHelp, GameManifest, RuleNote

from .dialogs import busy_cursor

#: the sheet the Game Card viewer shows (a game that prints one has it)
GAME_CARD = "game-card"


# -- which help ---------------------------------------------------------------------------

def help_manifest(session) -> GameManifest | None:
    """The manifest whose help serves ``session``: the game it is played as,
    else the module's own game (a game played with the rules off is still
    played by its rules, at the table), else free play."""
    from .game_ui import look_of, manifest_of

    played = manifest_of(session)
    if played.game_help() is not None and played.id != "free":
        return played
    look = look_of(session)
    if look is not None and look.game_help() is not None:
        return look
    return played if played.game_help() is not None else None


def game_card_manifest(session) -> GameManifest | None:
    """The game whose printed Game Card ``session`` can show (None: it has none)."""
    from .game_ui import look_of

    for game in (look_of(session), manifest(session.controller.game_id)):
        if game is not None and game.sheet(GAME_CARD) is not None:
            return game
    return None


# -- text to HTML -------------------------------------------------------------------------

def text_html(text: str) -> str:
    """A help text as HTML: paragraphs at empty lines, ``- `` lines as a list."""
    out: list[str] = []
    for block in text.strip().split("\n\n"):
        items: list[str] = []
        para: list[str] = []
        for line in block.splitlines():
            stripped = line.strip()
            if stripped.startswith("- "):
                items.append(stripped[2:])
            elif items:
                items[-1] += " " + stripped     # a list item going on
            else:
                para.append(stripped)
        if para:
            out.append(f"<p>{escape(' '.join(para))}</p>")
        if items:
            out.append("<ul>" + "".join(f"<li>{escape(i)}</li>" for i in items) + "</ul>")
    return "\n".join(out)


def how_to_play_html(title: str, game_help: GameHelp) -> str:
    """The whole How to play page: every section, then the rule index."""
    parts = [f"<h2>How to play {escape(title)}</h2>"]
    for heading, text in game_help.how_to_play:
        parts.append(f"<h3>{escape(heading)}</h3>")
        parts.append(text_html(text))
    if game_help.rules:
        parts.append("<h3>The rules by number</h3>")
        parts.append("<p><i>Short summaries in our own words to find one's way; the "
                     "rulebook is the reference.</i></p>")
        rows = "".join(
            f"<tr><td valign='top'><b>{escape(number)}</b></td>"
            f"<td valign='top'><b>{escape(name)}</b>: {escape(summary)}</td></tr>"
            for number, (name, summary) in game_help.rules.items())
        parts.append(f"<table cellspacing='0' cellpadding='3'>{rows}</table>")
    return "\n".join(parts)


def rule_note_html(note: RuleNote | None, rule: str) -> str:
    """What the log shows for a line citing ``rule``."""
    if not rule:
        return ""
    if note is None:
        return f"<b>{escape(rule)}</b>: this game's help has no summary of this rule."
    head = f"<b>{escape(note.number)} {escape(note.title)}</b>"
    if note.entry != note.number:
        head = (f"<b>{escape(note.number)}</b>, under <b>{escape(note.entry)} "
                f"{escape(note.title)}</b>")
    return f"{head}<br>{escape(note.summary)}"


# -- the dialogs --------------------------------------------------------------------------

class HowToPlayDialog(QDialog):
    """Help › How to play: a readable page of the game's help (non-modal)."""

    def __init__(self, parent: QWidget, title: str, game_help: GameHelp) -> None:
        super().__init__(parent)
        self.setObjectName("howToPlayDialog")
        self.setWindowTitle(f"How to play {title}")
        self.resize(660, 760)
        self.browser = QTextBrowser()
        self.browser.setObjectName("howToPlayText")
        self.browser.setOpenExternalLinks(False)
        font = self.browser.font()
        font.setPointSizeF(font.pointSizeF() + 1)
        self.browser.setFont(font)
        self.browser.setHtml(how_to_play_html(title, game_help))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser, 1)
        layout.addWidget(buttons)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

    def text(self) -> str:
        return self.browser.toPlainText()


class GameCardViewer(QDialog):
    """Help › Game Card: the game's printed Game Card, page by page on screen.

    The pages are drawn by :func:`ffl.printing.sheets.render`, the same call
    that prints them, into a print preview (pictures of the pages, zoomable);
    nothing is sent to a printer.
    """

    def __init__(self, parent: QWidget, source, sheet_id: str = GAME_CARD,
                 paper: str = "A4") -> None:
        super().__init__(parent)
        from ffl.printing.sheets import sheets_for

        self.setObjectName("gameCardViewer")
        sheet = sheets_for(source.module.game)[sheet_id]
        self.setWindowTitle(f"{sheet.title} — {source.module.title}")
        self.resize(900, 820)
        self.source, self.sheet_id, self.paper = source, sheet_id, paper
        self.pages = 0
        self.printer = QPrinter(QPrinter.PrinterMode.ScreenResolution)
        self.preview = QPrintPreviewWidget(self.printer, self)
        self.preview.setObjectName("gameCardPages")
        self.preview.paintRequested.connect(self._paint)
        self.preview.setViewMode(QPrintPreviewWidget.ViewMode.SinglePageView)
        self.preview.setZoomMode(QPrintPreviewWidget.ZoomMode.FitToWidth)
        bar = QHBoxLayout()
        for text, name, slot in (
                ("Fit width", "fitWidthButton", self.preview.fitToWidth),
                ("Whole page", "fitPageButton", self.preview.fitInView),
                ("Zoom in", "zoomInButton", lambda: self.preview.zoomIn(1.25)),
                ("Zoom out", "zoomOutButton", lambda: self.preview.zoomOut(1.25)),
                ("All pages", "allPagesButton", self.preview.setAllPagesViewMode),
                ("One page", "onePageButton", self.preview.setSinglePageViewMode)):
            button = QPushButton(text)
            button.setObjectName(name)
            button.clicked.connect(lambda _=False, s=slot: s())
            bar.addWidget(button)
        bar.addStretch(1)
        close = QPushButton("Close")
        close.clicked.connect(self.close)
        bar.addWidget(close)
        layout = QVBoxLayout(self)
        layout.addLayout(bar)
        layout.addWidget(self.preview, 1)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.preview.updatePreview()

    def _paint(self, device) -> None:
        from ffl.printing.sheets import render

        self.pages = render(self.sheet_id, device, self.source, self.paper)


# -- the play window's part -----------------------------------------------------------

class HelpMenuMixin:
    """Help › How to play <game> (F1) and Help › Game Card for the game shown,
    the event log's rule notes, and the hint of what to do next after the
    prompt.  Mixed into the play window (``_action``, ``session``, ``event_log``)."""

    def _build_help_actions(self) -> None:
        self.how_to_action = self._action("How to &play…", self.show_how_to_play,
                                          [QKeySequence("F1")], "howToPlayAction",
                                          "The game's turn, counters, how to win, mouse "
                                          "and keys, and its rules by number")
        self.game_card_action = self._action("&Game Card", self.show_game_card, (),
                                             "gameCardAction",
                                             "The printed Game Card's tables on screen")
        self._help_for: object = None
        self.how_to_dialog: HowToPlayDialog | None = None
        self.game_card_viewer: GameCardViewer | None = None

    def _update_help(self, session) -> None:
        """The Help menu and the event log's rule notes follow the game shown."""
        game = help_manifest(session) if session is not None else None
        card = game_card_manifest(session) if session is not None else None
        self.how_to_action.setEnabled(game is not None)
        self.how_to_action.setText(f"How to &play {game.title}…" if game is not None
                                   else "How to &play…")
        self.game_card_action.setEnabled(card is not None)
        self.game_card_action.setText(f"&Game Card of {card.title}" if card is not None
                                      else "&Game Card")
        if self._help_for is not session:
            self._help_for = session
            found = game.game_help() if game is not None else None
            self.event_log.set_rule_lookup(found.rule if found is not None else None)

    @staticmethod
    def help_hint(session, prompt: Prompt) -> str:
        """What to do next, in words, for the action kinds the prompt opens."""
        game = help_manifest(session) if session is not None else None
        return game.game_help().hint(prompt.kinds) if game is not None else ""

    def show_how_to_play(self) -> HowToPlayDialog | None:
        """Help › How to play: the game's own help, non-modal."""
        game = help_manifest(self.session) if self.session is not None else None
        if game is None:
            return None
        dialog = HowToPlayDialog(self, game.title, game.game_help())
        dialog.show()
        self.how_to_dialog = dialog
        return dialog

    def show_game_card(self) -> GameCardViewer | None:
        """Help › Game Card: the printed Game Card on screen, non-modal."""
        if self.session is None or game_card_manifest(self.session) is None:
            return None
        from ffl.printing.source import PrintSource

        with busy_cursor():
            viewer = GameCardViewer(self, PrintSource.from_session(self.session))
        viewer.show()
        self.game_card_viewer = viewer
        return viewer


class ElidedLabel(QLabel):
    """A one-line label that never asks for more width than it gets: a text too
    long for it ends in "…" and shows whole in its tooltip."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.setMinimumWidth(40)
        self._full = ""
        self.setText(text)

    def setText(self, text: str) -> None:  # noqa: N802
        self._full = text
        self._elide()

    def full_text(self) -> str:
        return self._full

    def text(self) -> str:
        """The whole text (what shows may end in "…")."""
        return self._full

    def shown_text(self) -> str:
        return super().text()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        self._elide()

    def _elide(self) -> None:
        width = max(0, self.contentsRect().width())
        shown = self.fontMetrics().elidedText(self._full, Qt.TextElideMode.ElideRight, width)
        super().setText(shown)
        self.setToolTip(self._full if shown != self._full else "")
