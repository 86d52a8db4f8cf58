"""Rule 25's sheet as a player keeps it: a group split by a page break repeats its
heading, small groups are not split, a location printed from a game stays on
one line, a game in progress fits the blank sheet's three pages, and the footer
names the module's version and the scenario."""

from __future__ import annotations

import random

from print_helpers import pdf_text
from pypdf import PdfReader

from ffl import catalog
from ffl.printing import PrintSource, write_pdf


def test_25_blank_sheet_repeats_group_headings_and_keeps_tribes_whole(tmp_path):
    out = tmp_path / "blank.pdf"
    assert write_pdf("character-sheet", out, PrintSource.for_scenario("ffl/basic")) == 3
    pages = [" ".join(p.extract_text().split()) for p in PdfReader(str(out)).pages]
    # the side's heading never alone at the foot of a page (before: on page 1 with
    # nothing under it, 'continued' on page 2): it opens page 2 with its first group
    assert "Bedouin (62 units)" not in pages[0]
    assert pages[1].split("Wounds (18.2) ")[1].startswith("Bedouin (62 units) BC Bedouin")
    assert "Bedouin (62 units) (continued)" in pages[2]
    # each tribe (and the Bedouin commanders) on one page, its heading with it
    for tribe, members in (("A Arab", ("Ch. Yusuf", "Zayed")), ("R Riff", ("Ch. Al Kabar", "Zia")),
                           ("BC Bedouin Commanders", ("Sh. Al Krim", "Sgt. Kulm"))):
        holding = [i for i, text in enumerate(pages) if tribe in text]
        assert len(holding) == 1, tribe
        assert all(m in pages[holding[0]] for m in members), tribe
    footer = pages[0]
    assert "French Foreign Legion (module version 1) - Basic Game (ffl/basic)" in footer
    assert "French Foreign Legion 1 " not in footer


def test_25_sheet_of_a_game_in_progress_fits_three_pages_one_line_a_unit(tmp_path):
    session = catalog.new_session("ffl/basic", seed=5)
    rng = random.Random(5)
    for _ in range(400):
        actions = session.controller.legal_actions(session.state)
        if not actions:
            break
        session.do(rng.choice(actions))
    source = PrintSource.from_session(session)
    out = tmp_path / "mid.pdf"
    assert write_pdf("character-sheet", out, source) == 3
    text = pdf_text(out)
    placed = [p for p in session.state.pieces.values() if p.on_board and p.type.startswith("L-")]
    assert placed
    for piece in placed:        # "R13, level 0, faces SE" unbroken in the text
        assert f"{piece.space}, level {piece.level}" in text, piece.id
