"""Help > About content: version, licence, credits for the five games, and the
note that this is a fan project; shown through a real Qt rich-text document."""

from pathlib import Path

from PySide6.QtGui import QTextDocument

import ffl
from ffl.about import CREDITS, about_text, icon_path, resources_dir

ROOT = Path(__file__).resolve().parents[2]
RULEBOOK_TITLES = (
    "French Foreign Legion", "Phantom Fury", "The Legend Begins",
    "Limits of Glory", "Foreign Legion Card Game",
)


def _plain(html: str) -> str:
    doc = QTextDocument()
    doc.setHtml(html)
    return doc.toPlainText()


def test_about_shows_version_and_licence(qapp):
    text = _plain(about_text())
    assert f"ffl {ffl.__version__}" in text
    assert "Licence: MIT" in text


def test_about_credits_every_game(qapp):
    text = _plain(about_text())
    assert len(CREDITS) == 5
    for title in RULEBOOK_TITLES:
        assert title in text
    assert "Yaquinto" in text            # French Foreign Legion's publisher
    # makers we could not confirm are not guessed at
    assert all(c.credit for c in CREDITS)


def test_about_says_it_is_an_unofficial_fan_implementation(qapp):
    text = _plain(about_text())
    assert "unofficial fan implementation" in text
    assert "keep every right" in text


def test_about_escapes_titles_as_html(qapp):
    html = about_text()
    assert "Bonaparte&#x27;s" in html
    assert "Bonaparte's Eastern Empire" in _plain(html)


def test_icon_path_points_at_the_shipped_svgs():
    assert resources_dir() == ROOT / "resources"
    assert icon_path().is_file() and icon_path().suffix == ".svg"
    assert icon_path("ffl-editor").is_file()
