"""The player aid card printed to a real PDF and read back."""

from __future__ import annotations

import pypdf

from ffl.printing.sheets import write_pdf
from ffl.printing.source import PrintSource


def test_player_aid_prints_the_set_up_the_combat_table_and_the_command_charts(tmp_path):
    out = tmp_path / "aid.pdf"
    pages = write_pdf("player-aid", out, PrintSource.for_scenario("limits_of_glory/campaign"))
    assert pages == 3
    text = " ".join(page.extract_text() for page in pypdf.PdfReader(str(out)).pages)
    text = " ".join(text.split())          # the PDF's tabs and line breaks as spaces
    for words in ("Set-up", "Jezzar Pasha", "12 Ottoman cavalry", "Combat table",
                  "French with or without commander", "13 3/4", "Mamluk commander",
                  "French command chart", "accompanies Kléber", "Baird", "4+3d6",
                  "Event clock", "Peace of Amiens", "Disembarkation table", "17 inf"):
        assert words in text, words
