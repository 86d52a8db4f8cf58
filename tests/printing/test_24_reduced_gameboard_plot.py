"""24 / 21.11 the Legion's secret plot printed on its own reduced gameboard:
``ffl print gameboard --save FILE --side legion`` shows every plotted unit as
its mark ("R3") with a facing arrow; the same sheet printed for the Bedouin,
or for nobody, shows none of it.  Real saves, real PDFs read back and rendered
with pdftoppm."""

from __future__ import annotations

from pathlib import Path

from print_helpers import first_page_png, ink, page_sizes, pdf_text

from ffl.engine import Action
from ffl.games.ffl.module import build_module
from ffl.printing.command import run_print
from ffl.session import GameSession

SID = "ffl/night-attack"
#: a few plotted units: (piece, square, facing) -> the mark printed
PLOT = {("L-3-Romanov", "M9", 2): "R3", ("L-LC-Kolb", "N9", 4): "KLC",
        ("L-1-Cole", "O9", 0): "C1", ("L-2-Novak", "P9", 6): "N2"}


def _plotted_save(tmp_path: Path) -> Path:
    session = GameSession.new(build_module(), SID, seed=2)
    high = session.state.vars["side_roll"]["high"]
    session.do(Action.make("choose-side", high, take="legion"))
    for (pid, key, facing) in PLOT:
        session.do(Action.make("place", "legion", piece=pid, space=key, level=0,
                               facing=facing))
    return session.save(tmp_path / "night.ffl")


def test_24_the_legion_prints_its_plot_and_the_bedouin_do_not(tmp_path):
    save = _plotted_save(tmp_path)
    legion, bedouin = (tmp_path / f"{n}.pdf" for n in ("legion", "bedouin"))
    run_print("gameboard", legion, save=save, side="legion")
    run_print("gameboard", bedouin, save=save, side="bedouin")
    words = pdf_text(legion).split()
    assert "21.11" in pdf_text(legion) and "Legion player" in pdf_text(legion)
    text = pdf_text(bedouin).split()
    assert "KLC" not in text and "Legion player" not in pdf_text(bedouin)
    for mark in PLOT.values():       # R3, C1, N2 also name squares: one more each
        assert words.count(mark) == text.count(mark) + 1, mark
    # one page each, the map drawn (the plot's note keeps its room under the map)
    assert len(page_sizes(legion)) == len(page_sizes(bedouin)) == 1
    assert ink(first_page_png(legion, 30)) > 0.1


def test_24_printed_for_nobody_the_plot_is_not_there():
    from ffl.printing import plot_marks
    from ffl.printing.source import PrintSource

    session = GameSession.new(build_module(), SID, seed=2)
    session.do(Action.make("choose-side", session.state.vars["side_roll"]["high"],
                           take="legion"))
    session.do(Action.make("place", "legion", piece="L-LC-Kolb", space="N9", level=0,
                           facing=4))
    assert [m["mark"] for m in plot_marks.plot_for(PrintSource.from_session(session,
                                                                            "legion"))] == ["KLC"]
    for side in ("", "bedouin"):
        assert plot_marks.plot_for(PrintSource.from_session(session, side)) == []


def test_24_the_blank_grid_for_the_legion_carries_the_plot_too(tmp_path):
    save = _plotted_save(tmp_path)
    out = tmp_path / "grid.pdf"
    run_print("gameboard", out, save=save, side="legion", blank_grid=True)
    assert {"R3", "KLC"} <= set(pdf_text(out).split())


def test_24_the_windows_export_prints_the_plot_for_the_legion_only(qtbot, tmp_path,
                                                                  monkeypatch):
    from PySide6.QtCore import QSettings

    from ffl.ui.app import create_app, main_window

    create_app()
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    settings.setValue("ffl/handover", False)
    window = main_window(settings=settings, data_folder=tmp_path / "data", autosave=False)
    qtbot.addWidget(window)
    window.resize(1200, 800)
    window.show()
    qtbot.waitExposed(window)
    assert window.open_scenario(SID, seed=2)
    window._closing_confirmed = True
    session = window.session
    session.do(Action.make("choose-side", session.state.vars["side_roll"]["high"],
                           take="legion"))
    for (pid, key, facing) in PLOT:
        session.do(Action.make("place", "legion", piece=pid, space=key, level=0,
                               facing=facing))
    target = tmp_path / "legion.pdf"
    monkeypatch.setattr("ffl.printing.ui.QFileDialog.getSaveFileName",
                        lambda *a, **k: (str(target), "PDF files (*.pdf)"))
    window.print_actions.export_action.trigger()
    dialog = window.print_actions.dialog
    dialog.choose("gameboard")
    assert dialog.side.isEnabled()
    dialog.side.setCurrentIndex(dialog.side.findData("bedouin"))
    assert dialog.options()["side"] == "bedouin"        # the Bedouin's: no plot (above)
    dialog.side.setCurrentIndex(dialog.side.findData("legion"))
    dialog.accept()
    assert "KLC" in pdf_text(target).split()


def _tunnelled_save(tmp_path: Path, rolled: bool) -> Path:
    """Scenario 21 with the siege option: the Legion plotted, the Bedouin's tunnel
    1 (six squares along row 5 from the west edge) plotted, and, with ``rolled``,
    the preparation ended so that its collapse roll is made (15.22)."""
    session = GameSession.new(build_module(), SID, seed=1, options={"siege": True})
    high = session.state.vars["side_roll"]["high"]
    session.do(Action.make("choose-side", high, take="legion"))
    fort = session.controller.ctx(session.state).fort
    legion = sorted(p for p in session.state.pieces if p.startswith("L-"))
    for pid, key in zip(legion, fort.squares("parade"), strict=False):
        session.do(Action.make("place", "legion", piece=pid, space=key, level=0, facing=2))
    session.do(Action.make("end-setup", "legion"))
    session.do(Action.make("plot-tunnel", "bedouin", label=1,
                           squares=("A5", "B5", "C5", "D5", "E5", "F5")))
    if rolled:
        for org in ("riff", "tuareg"):
            session.do(Action.make("leave-out-tribe", "bedouin", org=org))
        session.do(Action.make("end-setup", "bedouin"))
    return session.save(tmp_path / "tunnels.ffl")


def test_15_21_the_bedouin_print_their_tunnels_and_the_legion_do_not(tmp_path):
    """15.21 the tunnels are marked on the Bedouin's copy of the reduced gameboard
    (before: the copy printed for the Bedouin from a save left them out, though
    the log says the rolls are noted on it)."""
    save = _tunnelled_save(tmp_path, rolled=False)
    bedouin, legion = (tmp_path / f"{n}.pdf" for n in ("bedouin", "legion"))
    run_print("gameboard", bedouin, save=save, side="bedouin")
    run_print("gameboard", legion, save=save, side="legion")
    words, text = pdf_text(bedouin).split(), " ".join(pdf_text(bedouin).split())
    others = pdf_text(legion).split()
    assert others.count("T1") == 1                 # square T1's label only
    assert words.count("T1") == 1 + 6              # and the tunnel's six squares
    assert "tunnels plotted in secret (15.21)" in text and "not rolled yet" in text
    assert "positions plotted" not in text and "KLC" not in words   # not the Legion's
    assert "15.21" not in pdf_text(legion) and "KLC" in others


def test_15_22_the_tunnels_collapse_roll_is_noted_on_the_bedouin_copy(tmp_path):
    save = _tunnelled_save(tmp_path, rolled=True)
    session = GameSession.load(save)
    tunnel = session.state.vars["siege_secret"]["tunnels"][0]
    out = tmp_path / "bedouin.pdf"
    run_print("gameboard", out, save=save, side="bedouin")
    text = " ".join(pdf_text(out).split())
    word = "collapsed" if tunnel["collapsed"] else "holds"
    assert f"T1, 6 squares: rolled {tunnel['roll']}, {word}" in text
