"""Set-up sheets (2, 19-23 drafts) and the FFL Game Card."""

from __future__ import annotations

import pytest
from print_helpers import A4, LETTER, first_page_png, ink, margins_clear, page_sizes, pdf_text

from ffl.games import games
from ffl.games.ffl import tables as T
from ffl.printing import PrintSource, SheetError, write_pdf


def test_2_setup_sheet_of_the_basic_game(tmp_path):
    out = tmp_path / "setup.pdf"
    write_pdf("setup-sheet", out, PrintSource.for_scenario("ffl/basic"), paper="Letter")
    assert page_sizes(out) == [LETTER]
    text = pdf_text(out)
    assert "Basic Game" in text and "thirty men set up anywhere inside" in text
    assert "Optional rules in force" in text and "None: the standard rules only." in text
    for heading in ("2.31 Legion", "2.32 Bedouin", "2.2 The map", "6.21 Coming onto the board"):
        assert heading in text
    # each limit is a sentence a player reads, with ids shown as names
    for sentence in (
            "First leave out one unit of each of 1st Squad, 2nd Squad and 3rd Squad (the "
            "Legion player chooses which).",
            "The Legion sets up 30 of its 33 character units inside the fort.",
            "No two of its units may share a square at the same level.",
            "The Bedouin starts off the board and comes on during play.",
            "The Bedouin has ten ropes; before play its player gives any number of them to "
            "its character units to carry.",
            "Doors and windows start open and stay so all game.",
            "The gates start closed and stay so all game.",
            "The Bedouin must bring a new organization onto the board every turn."):
        assert sentence in text, sentence
    # no data dump: no raw keys, piece ids or yes/no values
    for dump in ("Count per org", "New org each turn", "rope-01", "gate-P14", "Status closed",
                 "Facing: required", "fixed: yes", "Place: 30"):
        assert dump not in text, dump
    # the fixed part of the set-up: the Gate units on their squares (2.2)
    assert "Pieces that start on the map (2)" in text
    assert "on the side P14 | P15, closed" in text and "Q14" in text
    assert "33 character units set up by their player before play, as above (2.31)" in text
    assert "62 character units wait off the board and come on during play (2.32)" in text
    image = first_page_png(out)
    assert ink(image) > 0.01 and margins_clear(image)


def test_20_setup_sheet_prints_the_scenarios_limits_in_words(tmp_path):
    out = tmp_path / "negotiations.pdf"
    write_pdf("setup-sheet", out, PrintSource.for_scenario("ffl/negotiations"))
    text = pdf_text(out)
    assert "The Negotiations" in text and "not playable yet" not in text
    assert "20.111 Capt. LeJeune and Lt. Briere stand inside the Officer's Quarters." in text
    assert "20.114 The last squad stands anywhere in the fort" in text
    assert "20.124 Sgt. Kulm stands outside the fort next to a gate square." in text
    assert "20.3 Truce" in text and "On Turn 1 no Legion unit may start a melee" in text
    assert "{'" not in text and "L-LC-" not in text and "Special" not in text


def test_21_setup_sheet_shows_the_options_in_force(tmp_path):
    out = tmp_path / "night.pdf"
    write_pdf("setup-sheet", out, PrintSource.for_scenario("ffl/night-attack"))
    text = pdf_text(out)
    assert "Night: yes" in text and "21.11 Legion" in text
    # the plot's secrecy in words (before: a bare "Hidden: yes" under the same words)
    assert "in secret: the Bedouin player sees none of them" in text
    assert "Hidden: yes" not in text


def test_19_23_setup_sheets_name_the_mutineer_player_and_dump_no_data(tmp_path):
    out = tmp_path / "allemands.pdf"
    write_pdf("setup-sheet", out, PrintSource.for_scenario("ffl/les-allemands"))
    text = " ".join(pdf_text(out).split())
    # 19.1 the second player is the Mutineer player, in the Bedouin seat; the Bedouin
    # units sit the game out (before: "Bedouin, 62 character units, kept aside, used
    # during play")
    assert "Sides: Legion and Mutineer (in the Bedouin seat)" in text
    assert "62 character units not in this scenario (19.1)" in text
    assert "used during play" in text          # the Sequence units do play (19.3)
    assert "then the map, then Mutineer" in text and "then Board" not in text
    # naming data is no set-up step (before: "Phase names: Setup bedouin: ...")
    for dump in ("Phase names", "Side names", "Setup bedouin"):
        assert dump not in text, dump
    out = tmp_path / "treachery.pdf"
    write_pdf("setup-sheet", out, PrintSource.for_scenario("ffl/treachery"))
    text = " ".join(pdf_text(out).split())
    assert "23.12 Mutineer The Mutineer player then marks twelve privates" in text
    # 23.12's numbers are in its sentence (before: also "Corporals: 1. Max per squad: 5.
    # Not: Sgt. Maj. Kolb. Privates: 12. Sergeants: 1." and "Org names: ...")
    for dump in ("Corporals: 1", "Max per squad", "Privates: 12", "Org names",
                 "Mutineers 1:"):
        assert dump not in text, dump


def test_game_card_prints_every_table_with_its_rule_number(tmp_path):
    out = tmp_path / "card.pdf"
    pages = write_pdf("game-card", out, PrintSource.for_scenario("ffl/basic"))
    assert pages == 2 and page_sizes(out) == [A4, A4]
    text = pdf_text(out)
    for title in ("Movement (6.12, 6.124)", "Line of Sight Chart (7.53)", "Melee (6.7)",
                  "Fire (7)", "Jump Table (6.51)", "Jump Impact Table (6.52)",
                  "Grappling Table (6.33)", "Saving Roll Table (7.82)", "Wounds Tables (18.1)",
                  "Dynamite Tables (15.1)", "Tunnel Collapse Table (15.22)",
                  "Bedouin Morale Table (17.2)", "Command Control (17.1)"):
        assert title in text, title
    for rule in ("6.1242", "6.1245", "6.721", "6.725", "7.71", "7.73", "10.162"):
        assert rule in text, rule
    # a row of the LOS chart as printed: firing level 0, targets -1..3 (7.53)
    row = " ".join(" ".join(f"{v}+" for v in T.LOS_CHART[0][t]) for t in range(-1, 4))
    assert f"0 {row}" in text
    assert "JUMPER HIT" in text and "TRY AGAIN LATER" in text
    image = first_page_png(out)
    assert ink(image) > 0.03 and margins_clear(image)


def test_game_card_and_character_sheet_refuse_a_game_without_them(tmp_path):
    module = games()["card_game"].build_module()
    source = PrintSource(module, module.scenarios["card_game/4p"])
    # the card game's manifest lists neither sheet
    with pytest.raises(SheetError, match="no Game Card for Foreign Legion Card Game"):
        write_pdf("game-card", tmp_path / "x.pdf", source)
    with pytest.raises(SheetError, match="no Character Unit Sheet for Foreign Legion"):
        write_pdf("character-sheet", tmp_path / "y.pdf", source)
    assert not list(tmp_path.iterdir())                      # nothing half-written



def test_20_setup_sheet_says_each_thing_once_and_as_it_is(tmp_path):
    """20's sheet: the Legion's last unit named in the order (before: 'After the
    bedouin'); no 'The Bedouin starts off the board' over the sentence that sets
    Al Krim, the Berbers and Kulm up on it; 20.2 in its own words only (before:
    also 'stay so all game', untrue with rule 10 in force); the Bedouin units some
    on the board, the others off it."""
    out = tmp_path / "negotiations.pdf"
    write_pdf("setup-sheet", out, PrintSource.for_scenario("ffl/negotiations"))
    text = " ".join(pdf_text(out).split())
    assert "then Bedouin, then the Legion's last unit." in text
    assert "20.115 The Legion's last unit" in text and "After the bedouin" not in text
    assert "The Bedouin starts off the board" not in text
    assert "20.2 The map Both gates and every door and window start open. 6.21" in text
    assert "stay so all game" not in text
    assert "62 character units some set up as above, the others wait off the board" in text
    # the basic game keeps its generated sentences
    out = tmp_path / "basic.pdf"
    write_pdf("setup-sheet", out, PrintSource.for_scenario("ffl/basic"))
    assert "The Bedouin starts off the board and comes on during play." in pdf_text(out)
