"""The sheets of Phantom Fury and the card game, read back from the real PDFs:
the turn record on one page, the set-up sheets in the game's own words."""

from __future__ import annotations

import pypdf
from print_helpers import pdf_text

from ffl.printing.sheets import write_pdf
from ffl.printing.source import PrintSource


def _pages(path) -> list[str]:
    return [" ".join(p.extract_text().split()) for p in pypdf.PdfReader(str(path)).pages]


def test_pf_7_turn_record_zones_follow_their_heading_on_one_page(tmp_path):
    """7-8, 14.1: the Zones table goes under its heading in two columns, not
    onto a page of its own leaving the heading alone at the foot of page 1."""
    out = tmp_path / "turn-record.pdf"
    assert write_pdf("turn-record", out, PrintSource.for_scenario("phantom_fury/jolan")) == 1
    (page,) = _pages(out)
    assert "Zones (4.1.3, 14.1)" in page
    assert "Turns (8)" in page and "Support Missions used (9.2)" in page
    words = page.split()
    assert {"1", "37", "38", "61"} <= set(words)
    assert page.count("Zone Circle Activated Control Markers") == 2     # two columns


def test_pf_setup_sheet_names_the_sides_and_flags_as_words(tmp_path):
    """Phantom Fury's sides as the game names them (USMC), a counter's flag as
    a word (not Python's True), no empty Level or Facing column, and the long
    name of the Abrams' box printed whole under its counter."""
    out = tmp_path / "setup.pdf"
    write_pdf("setup-sheet", out, PrintSource.for_scenario("phantom_fury/jolan"))
    text = pdf_text(out)
    assert "Sides: USMC and Insurgents" in text
    assert "Usmc" not in text
    assert "True" not in text and "False" not in text
    assert "ammo 4, explosives" in text
    assert "Level" not in text.split() and "Facing" not in text.split()
    assert "…" not in text and "..." not in text
    assert "M1A1 Abrams 1 M1A1 Abrams (10.2)" in text     # the counter, its box whole


def test_ffl_setup_sheet_keeps_its_level_column(tmp_path):
    out = tmp_path / "setup.pdf"
    write_pdf("setup-sheet", out, PrintSource.for_scenario("ffl/basic"))
    text = pdf_text(out)
    assert "Piece Side Space Level Notes" in text      # gates: a level, no facing
    assert "Sides: Legion and Bedouin" in text


def test_card_game_setup_sheet_deal_play_scoring(tmp_path):
    """The card game's numbers as sentences of its Deal, Play and Scoring, its
    players named by their seats, the pack as cards shared by all."""
    out = tmp_path / "setup.pdf"
    write_pdf("setup-sheet", out, PrintSource.for_scenario("card_game/3p"))
    text = pdf_text(out)
    assert "Sides: Player 1, Player 2 and Player 3" in text
    assert "Deal: each player is dealt 8 cards" in text
    assert "Play: the first to have 5 cards laid ends the game" in text
    assert "Scoring: the player who ends the game so scores 200 points extra" in text
    assert "Bonus: 200" not in text and "Hand size: 8" not in text
    assert "shared 36 cards the pack" in text
    assert "either side" not in text and "card pieces" not in text
