"""The printed Player Aid Card's sequence of play holds the steps the advanced and special
rules add where the book's Expanded Sequence of Play puts them (read back from the PDF)."""

from __future__ import annotations

import pypdf

from ffl.printing.sheets import write_pdf
from ffl.printing.source import PrintSource


def test_expanded_sequence_of_play_the_advanced_steps_are_printed(tmp_path):
    out = tmp_path / "aid.pdf"
    assert write_pdf("player-aid", out, PrintSource.for_scenario("legend_begins/compass")) >= 1
    text = " ".join(" ".join(page.extract_text().split())
                    for page in pypdf.PdfReader(str(out)).pages)
    assert "Sequence of play (3.0)" in text
    assert "Advanced and special rules in the sequence" in text
    # the air sub-phase (40.4) with its four steps, before the ground attacks
    for words in ("Air sub-phase first, not in a Tertiary Segment (40.4)",
                  "the attacker places Ground Support, Interdiction and Escorts",
                  "Escorts and Interceptors", "the attacker places his Interceptors",
                  "air-to-air combat", "count double in a Primary Segment (40.6)"):
        assert words in text, words
    # the Initial Phase's additions and the Primary-only list
    for words in ("lay rail hexes (42.0)", "Air Transport (49.0)", "amphibious units (51.0)",
                  "for each friendly Air HQ on the map (40.9)", "Combat Motorize",
                  "(37.0)", "conversions (31.7)", "Primary Segment only:",
                  "Air HQs built or moved"):
        assert words in text, words
    assert text.index("Air sub-phase") > text.index("E. Supply Phase")
