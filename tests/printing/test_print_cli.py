"""``ffl print SHEET``: end to end in-process, and one run in a fresh interpreter."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from print_helpers import A4, LETTER, first_page_png, ink, page_sizes, pdf_text

from ffl import catalog
from ffl.cli import main, print_sheets
from ffl.engine import Action
from ffl.printing import SHEETS

ROOT = Path(__file__).resolve().parents[2]


def test_the_cli_offers_every_sheet():
    assert print_sheets() == tuple(SHEETS)


@pytest.mark.parametrize("sheet", print_sheets())
def test_print_each_sheet_to_a_pdf(tmp_path, capsys, sheet):
    out = tmp_path / f"{sheet}.pdf"
    from ffl.games import games

    # a game's own sheet prints from one of its scenarios
    owner = next((g for g, m in games().items() if m.sheet(sheet)), "ffl")
    scenario = "ffl/basic" if owner == "ffl" or sheet in ("gameboard", "setup-sheet") else \
        next(s.id for s in catalog.list_scenarios() if s.game == owner)
    assert main(["print", sheet, "--scenario", scenario, "-o", str(out)]) == 0
    assert capsys.readouterr().out.startswith(f"wrote {out} (")
    assert set(page_sizes(out)) == {A4} or page_sizes(out) == [(842, 595)]
    assert ink(first_page_png(out)) > 0.01


def test_print_gameboard_on_letter_with_blank_grid(tmp_path):
    out = tmp_path / "grid.pdf"
    assert main(["print", "gameboard", "--scenario", "ffl/basic", "-o", str(out),
                 "--paper", "Letter", "--blank-grid"]) == 0
    assert page_sizes(out) == [(LETTER[1], LETTER[0])]
    assert "blank grid" in pdf_text(out)


def test_18_2_print_character_sheet_from_a_saved_game(tmp_path):
    session = catalog.new_session("ffl/basic", seed=9)
    session.do(Action.make("place", "legion", piece="L-LC-Kolb", space="V5", level=0,
                           facing=4))
    saved = session.save(tmp_path / "game.fflsave")
    out = tmp_path / "sheet.pdf"
    assert main(["print", "character-sheet", "--save", str(saved), "-o", str(out)]) == 0
    text = pdf_text(out)
    assert "V5, level 0, faces S" in text and "game.fflsave" in text


@pytest.mark.parametrize(("args", "message"), [
    (["gameboard", "--scenario", "nope/x"], "unknown scenario 'nope/x'"),
    (["gameboard", "--scenario", "ffl/nope"], "no scenario 'ffl/nope'"),
    (["gameboard"], "--scenario ID, --module FILE or --save FILE"),
    (["setup-sheet", "--scenario", "ffl/basic", "--blank-grid"], "--blank-grid"),
    (["gameboard", "--save", "missing.fflsave"], "no such file"),
    (["gameboard", "--scenario", "ffl/basic", "--paper", "A3"], "invalid choice: 'A3'"),
    (["poster", "--scenario", "ffl/basic"], "invalid choice: 'poster'"),
])
def test_bad_print_arguments_are_one_line_errors_with_code_2(tmp_path, capsys, args, message):
    out = tmp_path / "out.pdf"
    assert main(["print", *args, "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    assert not out.exists()


def test_print_into_a_missing_folder_is_an_error(tmp_path, capsys):
    out = tmp_path / "no" / "such" / "out.pdf"
    assert main(["print", "game-card", "--scenario", "ffl/basic", "-o", str(out)]) == 2
    assert "no such folder" in capsys.readouterr().err


def test_print_a_damaged_save_is_an_error(tmp_path, capsys):
    bad = tmp_path / "bad.fflsave"
    bad.write_bytes(b"not a database")
    assert main(["print", "character-sheet", "--save", str(bad), "-o",
                 str(tmp_path / "o.pdf")]) == 2
    assert str(bad) in capsys.readouterr().err


def test_python_m_ffl_print_without_a_display(tmp_path):
    out = tmp_path / "card.pdf"
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "QT_QPA_PLATFORM")}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run([sys.executable, "-m", "ffl", "print", "game-card", "--scenario",
                           "ffl/basic", "-o", str(out)], env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert page_sizes(out) == [A4, A4]
