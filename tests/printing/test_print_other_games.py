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


def test_log_setup_sheet_counts_pieces_alike_and_keeps_the_header_whole(tmp_path):
    """Limits of Glory's 106 starting pieces: pieces alike on one space make one
    row and one counter with their number (2 pages, were 5); its numbers under one
    heading; the scenario beside the long title printed whole on every page."""
    out = tmp_path / "setup.pdf"
    assert write_pdf("setup-sheet", out, PrintSource.for_scenario("limits_of_glory/campaign")) == 2
    pages = _pages(out)
    text = " ".join(pages)
    assert "Pieces that start on the map (106)" in text
    assert "16 × Ottoman infantry Allied Acre" in text              # the table's row
    assert text.count("16 × Ottoman infantry") == 2                 # and the counter
    assert "The numbers of this scenario Allied momentum: 1. Bedouin: 8. " \
           "French momentum: 3." in text
    for page in pages:
        assert "Bonaparte's Eastern Empire, 1798-1801 (limits_of_glory/campaign)" in page
        assert "(limits_of_glory/campaign) page" in page           # the footer's end kept


def test_lb_setup_sheet_says_the_scenario_data_in_sentences(tmp_path):
    """The Legend Begins' set-up data in sentences with their rule numbers, hexes
    with their names, in the order of play (was: "Rp Allied: 1.", "Year 0: 1940.",
    "2349: side axis; type ip.", "Map: map")."""
    out = tmp_path / "setup.pdf"
    write_pdf("setup-sheet", out, PrintSource.for_scenario("legend_begins/compass"))
    text = pdf_text(out)
    assert "Map: The Legend Begins: North Africa, 1940-42" in text
    assert ("Turns (31.0) Five game turns, Dec I 1940 to Feb I 1941: Dec I 1940, Dec II 1940, "
            "Jan I 1941, Jan II 1941 and Feb I 1941.") in text
    assert "Permanent Fortifications (18A) Allied: 2560 (Mersa Matruh). Axis: 2845 (Bardia)" in text
    assert "Axis Improved Positions in 2349 (Sofafi), 2451 (Nibeiwa)" in text
    assert "Resource Points (30.0) At the start: Allied 1 and Axis 1." in text
    assert "Air HQ Western Desert (RAF) in hex 2264 (Fuka)" in text
    assert "Dec II 1940, Allied: arrive 6th Australian Division HQ" in text
    assert "Rule 44 applies in this scenario." in text
    assert text.index("Turns (31.0)") < text.index("Control of hexes (8.1)") \
        < text.index("Reinforcements and withdrawals") < text.index("Victory")
    for raw in ("Rp", "Year", "type ip", "First turn", "Last turn", "scenario Victory",
                "Map: map", "Air HQ Air HQ"):
        assert raw not in text, raw


def test_lb_campaign_sets_out_the_railway_and_its_turns_briefly(tmp_path):
    out = tmp_path / "setup.pdf"
    write_pdf("setup-sheet", out, PrintSource.for_scenario("legend_begins/campaign"))
    text = pdf_text(out)
    assert "Railhead (42.2) The Allied railhead starts in hex 2560 (Mersa Matruh)." in text
    assert "Rail extension (42.1)" in text and "Rail extension:" not in text
    assert "game turns, Sep I 1940 to Jan II 1943." in text
    assert "Sep II 1940, Oct I 1940" not in text           # 58 turns: not listed one by one
    assert "Rules 42, 43, 44" in text and "apply in this scenario" in text


def test_lb_player_aid_on_one_page_with_whole_words_and_headings(tmp_path):
    """The Legend Begins' aid card: one page (its Resource Chart side by side, was
    a second page holding its last rows), a long heading wrapped rather than cut at
    the column's edge, no word broken inside a narrow column ("Di e", "terrai n")."""
    out = tmp_path / "aid.pdf"
    assert write_pdf("player-aid", out, PrintSource.for_scenario("legend_begins/compass")) == 1
    text = pdf_text(out)
    assert "Demolition, Replacements, Malta (20.5, 24.3, 28.3, 26.2)" in text
    assert "Resource Chart (30.0) Use RP Use RP" in text and "U boat 3" in text
    words = set(text.split())
    assert {"Die", "Motorized", "terrain", "A2/D1"} <= words
    assert not {"Di", "terrai", "Motoriz"} & words


def test_log_gameboard_tells_sea_from_land(tmp_path):
    """Limits of Glory's reduced map: its sea spaces drawn with waves and named in
    the legend (they printed as blank as the land), the land left white.  Ink is
    sampled just below the names of a sea space and a land space, found with
    pdftotext -bbox, on the page pdftoppm renders."""
    import re
    import subprocess

    from print_helpers import first_page_png

    out = tmp_path / "board.pdf"
    write_pdf("gameboard", out, PrintSource.for_scenario("limits_of_glory/campaign"))
    text = pdf_text(out)
    assert "sea space" in text and "river" in text
    html = subprocess.run(["pdftotext", "-bbox", str(out), "-"], check=True,
                          capture_output=True, text=True).stdout
    boxes = {m[4]: tuple(float(v) for v in m[:4]) for m in re.findall(
        r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]+)<', html)}
    dpi = 100
    image = first_page_png(out, dpi=dpi)

    def ink_below(word: str) -> float:
        x0, _, x1, y1 = boxes[word]
        px = [(x, y) for x in range(int(x0 * dpi / 72), int(x1 * dpi / 72))
              for y in range(int((y1 + 4) * dpi / 72), int((y1 + 12) * dpi / 72))]
        return sum(image.pixelColor(x, y).lightness() < 180 for x, y in px) / len(px)

    assert ink_below("Ionian") > 0.08          # waves
    assert ink_below("Fayum") < 0.02           # land: white


def test_lb_39_fog_of_war_org_cards_printed_for_nobody_show_no_hidden_unit(tmp_path):
    """39.0 with Fog of War, a game in progress printed for nobody is nobody's
    view (every side's hidden units left out): the 4th Indian Division's
    brigades on its Organization Card are the Allied player's secret from the
    Axis, so a sheet printed for nobody does not show them; printed for the
    Allied player it does, and for the Axis player it does not."""
    from ffl.catalog import new_session
    from ffl.games.legend_begins.rules import fog

    session = new_session("legend_begins/compass", seed=3, options={fog.FOG: True})
    texts = {}
    for side in ("", "axis", "allied"):
        out = tmp_path / f"cards-{side or 'nobody'}.pdf"
        write_pdf("org-cards", out, PrintSource.from_session(session, side))
        texts[side] = pdf_text(out)
    shown = "4th Indian Division HQ (4 Ind) — 2458 Box Unit types Boxes Units on the display " \
            "inf bde. inf, mot_inf, mg 3 5 Ind, 11 Ind"
    assert shown in texts["allied"]
    assert shown not in texts["axis"] and "5 Ind, 11 Ind" not in texts["axis"]
    assert "5 Ind, 11 Ind" not in texts[""]
    assert "4th Indian Division HQ (4 Ind) — 2458" in texts[""]      # the HQ itself is in view


def test_lb_reduced_map_of_2417_hexes_is_an_overview_not_a_blot(tmp_path):
    """The Legend Begins' whole map on one page: its hexes are too small for their
    numbers, so none is printed (they overlapped into a blot, with 'sea' written
    in every sea hex); the boxes keep their names, the sea is drawn and named in
    the legend, and a line sends the reader to the Map sections sheet."""
    out = tmp_path / "board.pdf"
    assert write_pdf("gameboard", out, PrintSource.for_scenario("legend_begins/compass")) == 1
    text = pdf_text(out)
    words = text.split()
    assert "2417 spaces are too small at this size to be numbered" in text
    assert "the Map sections sheet prints them readable" in text
    assert {"Crete", "Italy", "Tripoli", "Sirte"} <= set(words) and "Nile Delta" in text
    assert "4001" not in words and "2845" not in words
    assert words.count("sea") == 1          # the legend's "sea space" only
    assert "sea space" in text


def test_ffl_gameboard_still_numbers_every_square(tmp_path):
    out = tmp_path / "board.pdf"
    write_pdf("gameboard", out, PrintSource.for_scenario("ffl/basic"))
    words = set(pdf_text(out).split())
    assert {"A1", "P14", "AF16"} <= words
    assert "too small" not in pdf_text(out)


def test_pf_4_jolan_map_words_do_not_overlap(tmp_path):
    """4.1.3, 12.7: on the Jolan map a Zone's Egress Routes stay inside its Control
    box (were cut off: '5 17 1') and the distant Zones its line of fire reaches are
    written beside its number, one a line (were over it: Zone 17's '45 46').
    Words located with pdftotext -bbox; no two overlap (the Location tags side
    by side in one box, R10 R11, fitted to their chips: they ran into each other)."""
    import re
    import subprocess

    out = tmp_path / "map.pdf"
    write_pdf("jolan-map", out, PrintSource.for_scenario("phantom_fury/jolan"))
    html = subprocess.run(["pdftotext", "-bbox", str(out), "-"], check=True,
                          capture_output=True, text=True).stdout
    words = [(m[4], *map(float, m[:4])) for m in re.findall(
        r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]+)<', html)]
    tag = re.compile(r"^[RD]\d+$")
    clashes = []
    for i, a in enumerate(words):
        for b in words[i + 1:]:
            across = min(a[3], b[3]) - max(a[1], b[1])
            if min(a[4], b[4]) - max(a[2], b[2]) <= 0.3:
                continue
            # two Location tags side by side: their boxes only touch (text
            # extraction's slack; they ran 2.8 points into each other)
            if across > (1.0 if tag.match(a[0]) and tag.match(b[0]) else 0.3):
                clashes.append((a[0], b[0]))
    assert clashes == []
    assert {"45", "46", "47"} <= {w[0] for w in words}
