"""The printed Game Card carries every table and note the optional rules use
(issue 15): read back from a real PDF, still two pages."""

from __future__ import annotations

import pypdf

from ffl.games.ffl.module import build_module
from ffl.printing import PrintSource, write_pdf


def test_10_18_the_game_card_prints_the_optional_rules_tables_and_notes(tmp_path, qapp):
    module = build_module()
    out = tmp_path / "card.pdf"
    write_pdf("game-card", out, PrintSource(module, module.scenarios["ffl/basic"]))
    reader = pypdf.PdfReader(str(out))
    assert len(reader.pages) == 2
    text = " ".join(" ".join(p.extract_text().split()) for p in reader.pages)
    for words in (
            "Forcing and Breaking Doors and Windows (10.2)",     # the chart
            "Sequence of Play with all options", "6. Bedouin Morale Phase (17.2, OP)",
            "Two wounds = eliminated (18.15)", "Ungrappling is automatic",
            "Mounted units never climb ropes or stairways, jump, take full cover",
            "only a straight arc out of its slot", "Wounded melee losers are moved",
            "The fuse is lit in a movement phase", "one Le Cafard a turn",
            "+ saving roll (OP)", "Enter or leave full cover (the old card printed 2) (OP) 1"):
        assert words in text, words
