"""The Game Card prints the movement tables of the module it is printed from
(``module.attrs["tables"]``: what the editor edits and play reads), read back
from the PDF with pypdf."""

from __future__ import annotations

import pytest
from print_helpers import pdf_text

from ffl.games.ffl.module import build_module
from ffl.printing import PrintSource, SheetError, write_pdf
from ffl.store import load_module, save_module


def card_text(tmp_path, change) -> str:
    module = build_module()
    change(module)
    save_module(module, tmp_path / "changed.ffl")
    loaded = load_module(tmp_path / "changed.ffl")
    out = tmp_path / "card.pdf"
    write_pdf("game-card", out, PrintSource(loaded, loaded.scenarios["ffl/basic"]))
    return pdf_text(out)


def test_6_1242_the_game_card_prints_a_changed_cost_and_rate(tmp_path):
    def change(m):
        m.attrs["tables"]["mf_costs"]["enter"] = 4
        m.attrs["tables"]["movement_rates"]["foot"]["fort"] = 6
    text = card_text(tmp_path, change)
    assert "Enter a new square 4 6.1242" in text
    assert "On foot 3 6 Mounted (12, OP) 5 7" in text
    assert "Climb or descend a stairway 1 6.1243" in text


def test_6_121_the_game_card_shows_a_different_off_board_rate(tmp_path):
    text = card_text(tmp_path, lambda m: m.attrs["tables"]["movement_rates"]["foot"].update(
        off=2))
    assert "On foot 3 (off board 2) 5" in text


def test_6_124_a_module_without_tables_prints_the_defaults(tmp_path):
    text = card_text(tmp_path, lambda m: m.attrs.pop("tables"))
    assert "On foot 3 5 Mounted (12, OP) 5 7" in text
    assert "Enter a new square 1 6.1242" in text


def test_6_124_malformed_tables_are_not_printed(tmp_path):
    with pytest.raises(SheetError, match=r"tables\.mf_costs\.enter must be a whole number"):
        card_text(tmp_path, lambda m: m.attrs["tables"]["mf_costs"].update(enter=-2))
    assert not (tmp_path / "card.pdf").exists()
