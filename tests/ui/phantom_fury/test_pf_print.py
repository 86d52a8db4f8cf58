"""Phantom Fury's print-outs: the map, the set-up sheet, the player aid card and the
turn record, written to real PDFs and read back (4, 6, 7-14)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "printing"))

from print_helpers import first_page_png, ink, page_sizes, pdf_text  # noqa: E402

from ffl.catalog import new_session  # noqa: E402
from ffl.games import manifest  # noqa: E402
from ffl.printing.sheets import write_pdf  # noqa: E402
from ffl.printing.source import PrintSource  # noqa: E402
from ffl.selfplay import play_game  # noqa: E402


def source(state=None):
    from ffl import catalog

    module = catalog.load_module("phantom_fury")
    return PrintSource(module, module.scenarios["phantom_fury/jolan"], state=state)


def test_the_manifest_offers_four_sheets():
    assert [s.id for s in manifest("phantom_fury").sheets] == [
        "jolan-map", "setup-sheet", "player-aid", "turn-record"]


def test_4_the_map_prints_landscape_with_every_zone_number_and_the_exit(tmp_path):
    out = tmp_path / "map.pdf"
    write_pdf("jolan-map", out, source())
    (w, h), = page_sizes(out)
    assert w > h
    text = pdf_text(out)
    words = set(text.split())
    assert {str(n) for n in range(1, 62)} <= words
    assert "EXIT" in text and "no entry" in text
    assert ink(first_page_png(out)) > 0.05


def test_9_to_14_the_player_aid_prints_every_table(tmp_path):
    out = tmp_path / "aid.pdf"
    write_pdf("player-aid", out, source())
    text = " ".join(pdf_text(out).split())
    for needle in ("Support Missions (9.3)", "Insurgent Reaction (9.4)", "Dragon Eye",
                   "Fortified Zone", "M1A1 Movement Capacity (12.6.1)", "Defensive Fire (12.7)",
                   "USMC Events (13.4.3.1)", "IIF Events in the mosque (13.4.3.4)",
                   "Victory Points (7.2.1)", "Suicide Bomber"):
        assert needle in text, needle


def test_7_the_turn_record_of_a_game_in_progress(tmp_path):
    session = new_session("phantom_fury/jolan", seed=2, options={"turn_limit": 3})
    play_game(session, random.Random(2))
    out = tmp_path / "record.pdf"
    write_pdf("turn-record", out, source(session.state))
    text = pdf_text(out)
    assert "Zones (4.1.3, 14.1)" in text and "insurgents" in text
    out = tmp_path / "map-now.pdf"
    write_pdf("jolan-map", out, source(session.state))
    assert "?" in pdf_text(out) or "G" in pdf_text(out)
