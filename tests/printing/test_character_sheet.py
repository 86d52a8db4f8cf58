"""Rule 25: the Character Unit Sheet, blank and from a game in progress (18.2)."""

from __future__ import annotations

from print_helpers import A4, LETTER, first_page_png, ink, margins_clear, page_sizes, pdf_text

from ffl import catalog
from ffl.engine import Action
from ffl.games.ffl import roster
from ffl.printing import PrintSource, write_pdf


def test_25_character_sheet_lists_every_character_by_side_and_organization(tmp_path):
    out = tmp_path / "characters.pdf"
    pages = write_pdf("character-sheet", out, PrintSource.for_scenario("ffl/basic"))
    sizes = page_sizes(out)
    assert pages == len(sizes) >= 2                       # 95 units do not fit one page
    assert set(sizes) == {A4}
    text = pdf_text(out)
    for c in roster.CHARACTERS:
        assert c.display in text, c.display
    for org in roster.ORGS.values():
        assert org.name in text, org.name
    # printed details where the sheet has them, and the pencil columns (18.2)
    assert "Acrobat (off for adventure)" in text and "Belgian" in text
    assert "Location" in text and "Wounds (18.2)" in text
    assert f"page 1 of {pages}" in text and f"page {pages} of {pages}" in text
    # order: Legion before Bedouin, commanders before the squads
    assert text.index("Capt. LeJeune") < text.index("Sgt. DeGroot") < text.index("Sh. Al Krim")
    image = first_page_png(out)
    assert ink(image) > 0.02
    assert margins_clear(image)


def test_25_character_sheet_on_letter_paper(tmp_path):
    out = tmp_path / "characters.pdf"
    write_pdf("character-sheet", out, PrintSource.for_scenario("ffl/basic"), paper="Letter")
    assert set(page_sizes(out)) == {LETTER}
    assert margins_clear(first_page_png(out))


def test_18_2_character_sheet_of_a_game_in_progress_shows_positions_and_stuns(tmp_path):
    session = catalog.new_session("ffl/basic", seed=3)
    adler, cole, evans = "L-1-Adler", "L-1-Cole", "L-1-Evans"
    session.do(Action.make("place", "legion", piece=adler, space="N8", level=0, facing=0))
    session.do(Action.make("place", "legion", piece=cole, space="M4", level=1, facing=2))
    session.do(Action.make("leave-out", "legion", piece=evans))
    source = PrintSource.from_session(session)
    source.state = session.state.copy()
    source.state.pieces[adler].markers["stun"] = 2
    out = tmp_path / "in-progress.pdf"
    write_pdf("character-sheet", out, source)
    text = pdf_text(out)
    assert "N8, level 0, faces N" in text and "stunned x2" in text
    assert "M4, level 1, faces E" in text
    assert "not in play" in text                     # Evans, left out (2.31)
    assert "off the board" in text                   # the Bedouin wait to enter


def test_19_12_the_sheet_of_les_allemands_marks_the_mutineers_and_leaves_the_bedouin_out(
        tmp_path):
    """19.12 the fourteen mutineers noted beside their location (before: nothing
    told them from the loyal men); 19.1 the Bedouin units, none of which plays, in
    one line (before: two pages of 'not in play')."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "games" / "ffl"))
    from test_19_les_allemands import MUTINEERS, legion_placed, marked, start
    from test_19_les_allemands import do as done

    from ffl.engine import GameLog
    from ffl.session import GameSession

    state = done(marked(done(legion_placed(start()), "end-setup")), "end-setup", "bedouin")
    base = catalog.new_session("ffl/les-allemands", seed=1)
    session = GameSession(base.controller, base.scenario, dict(base.options), state.seed,
                          GameLog(state))
    out = tmp_path / "allemands.pdf"
    write_pdf("character-sheet", out, PrintSource.from_session(session, "legion"))
    text = " ".join(pdf_text(out).split())
    assert text.count("mutineer (19.12)") == len(MUTINEERS) == 14
    assert "Bedouin (62 units): not in this scenario (19.1)" in text
    assert "Sh. Al Krim" not in text and "not in play" not in text
    assert len(page_sizes(out)) <= 2


def test_21_11_the_bedouin_sheet_says_the_plotted_legion_is_out_of_sight_not_off_the_board(
        tmp_path):
    """21.11 printed for the Bedouin before the alert, the Legion's units are in
    play where the Bedouin cannot see them (before: 'off the board', which they
    are not); printed for the Legion, their squares."""
    session = catalog.new_session("ffl/night-attack", seed=1)
    session.do(Action.make("choose-side", session.state.vars["side_roll"]["high"],
                           take="legion"))
    session.do(Action.make("place", "legion", piece="L-1-Cole", space="M9", level=0,
                           facing=0))
    bedouin, legion = tmp_path / "b.pdf", tmp_path / "l.pdf"
    write_pdf("character-sheet", bedouin, PrintSource.from_session(session, "bedouin"))
    write_pdf("character-sheet", legion, PrintSource.from_session(session, "legion"))
    theirs = " ".join(pdf_text(bedouin).split())
    assert "Pvt. Cole R 3 3 Austrian Lawyer (Dis-barred) in play, out of your sight" in theirs
    assert "M9" not in theirs.split()
    assert "M9, level 0, faces N" in " ".join(pdf_text(legion).split())
