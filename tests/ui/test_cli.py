"""The ``ffl`` command line: list, screenshot, open, selfplay, version, help
and one-line errors with exit code 2.  ``main()`` runs in-process (the Qt
application of the test session is reused); ``python -m ffl`` in a subprocess."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from PySide6.QtGui import QImage

import ffl
from ffl.cli import main
from ffl.engine import Action

ROOT = Path(__file__).resolve().parents[2]


def test_list_prints_installed_games_and_scenarios(scenarios_dir, capsys):
    assert main(["list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == [
        "tiny", "tiny/squares", "tiny/hexes", "tiny/zones"]
    assert lines[1].split(None, 1)[1] == "Square skirmish"


def test_screenshot_of_a_scenario_writes_a_png_of_the_window(scenarios_dir, tmp_path, capsys):
    out = tmp_path / "shot.png"
    assert main(["tiny/squares", "--seed", "3", "--screenshot", str(out)]) == 0
    image = QImage(str(out))
    assert not image.isNull()
    assert (image.width(), image.height()) == (1400, 900)
    # not a blank picture: the map background and the board's colours are there
    colours = {image.pixel(x, y) for x in range(0, 1400, 50) for y in range(0, 900, 50)}
    assert len(colours) > 5
    assert capsys.readouterr().out.strip() == f"wrote {out}"
    assert not list(tmp_path.glob("*.ini"))  # its scratch settings are cleaned up


def test_screenshot_of_the_default_scenario(scenarios_dir, tmp_path, monkeypatch):
    monkeypatch.setattr("ffl.games.DEFAULT_SCENARIO", "tiny/hexes")
    out = tmp_path / "default.png"
    assert main(["--screenshot", str(out)]) == 0
    assert out.stat().st_size > 1000


def test_open_a_saved_game_with_screenshot(scenarios_dir, tmp_path):
    from ffl import catalog

    session = catalog.new_session("tiny/squares", seed=2)
    session.do(Action.make("move", "blue", piece="b1", to="A2"))
    saved = session.save(tmp_path / "g.fflsave")
    out = tmp_path / "g.png"
    assert main(["open", str(saved), "--screenshot", str(out)]) == 0
    assert out.stat().st_size > 1000


def test_a_file_given_in_place_of_a_scenario_is_opened(scenarios_dir, tmp_path, capsys):
    # file managers start `ffl FILE` for a double-clicked saved game
    from ffl import catalog

    session = catalog.new_session("tiny/squares", seed=2)
    session.do(Action.make("move", "blue", piece="b1", to="A2"))
    saved = session.save(tmp_path / "mailed.fflsave")
    out = tmp_path / "mailed.png"
    assert main([str(saved), "--screenshot", str(out)]) == 0
    assert out.stat().st_size > 1000
    assert main([str(tmp_path / "gone.fflsave")]) == 2
    assert "no such file" in capsys.readouterr().err


def test_unknown_scenario_is_a_one_line_error_with_code_2(scenarios_dir, tmp_path, capsys):
    assert main(["nosuch/game", "--screenshot", str(tmp_path / "x.png")]) == 2
    assert main(["tiny/nosuch", "--screenshot", str(tmp_path / "x.png")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 2
    assert err[0] == "ffl: error: unknown scenario 'nosuch/game' (see: ffl list)"
    assert err[1].startswith("ffl: error: There is no scenario 'tiny/nosuch'")
    assert not (tmp_path / "x.png").exists()


def test_missing_or_bad_file_is_a_one_line_error_with_code_2(scenarios_dir, tmp_path, capsys):
    assert main(["open", str(tmp_path / "none.fflsave")]) == 2
    bad = tmp_path / "bad.fflsave"
    bad.write_text("garbage")
    assert main(["open", str(bad), "--screenshot", str(tmp_path / "x.png")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[0] == f"ffl: error: no such file: {tmp_path / 'none.fflsave'}"
    assert len(err) == 2 and "bad.fflsave" in err[1]


def test_selfplay_prints_the_summary(scenarios_dir, capsys):
    assert main(["selfplay", "--scenario", "tiny/squares", "--games", "3", "--seed", "4"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("tiny/squares: 3 games (draw 3)")


def test_version_and_help(capsys):
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"ffl {ffl.__version__}"
    assert main(["--help"]) == 0
    text = capsys.readouterr().out
    assert "examples:" in text and "ffl selfplay --scenario" in text and "--screenshot" in text


def test_bad_option_exits_2(capsys):
    assert main(["--no-such-option"]) == 2
    assert "unrecognized arguments" in capsys.readouterr().err


def test_python_dash_m_ffl_works_and_does_not_load_the_database_layer_to_start():
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "ffl", "--version"], capture_output=True,
                          text=True, env=env, cwd=ROOT, timeout=60)
    assert done.returncode == 0 and done.stdout.strip() == f"ffl {ffl.__version__}"
    # the window module is importable without sqlmodel, so the window can show first
    probe = ("import sys, ffl.ui.app, ffl.cli; "
             "print(any(m.split('.')[0] in ('sqlmodel', 'sqlalchemy') for m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=60)
    assert done.stdout.strip() == "False", done.stderr


def _play_windows():
    from PySide6.QtWidgets import QApplication

    from ffl.ui.window import PlayWindow

    return [w for w in QApplication.topLevelWidgets()
            if isinstance(w, PlayWindow) and w.isVisible()]


def test_run_shows_the_window_first_then_loads_the_game(scenarios_dir, qtbot):
    from PySide6.QtCore import QTimer

    from ffl.ui.app import run

    seen = {}
    started = time.monotonic()

    def look():
        (window,) = _play_windows()
        if window.session is None and time.monotonic() - started < 20:
            QTimer.singleShot(50, look)     # still loading (a busy machine): look again
            return
        seen["title"] = window.windowTitle()
        seen["spaces"] = len(window.scene.space_items) if window.scene else 0
        window.close()

    QTimer.singleShot(300, look)
    assert run("tiny/squares", seed=1) == 0
    assert seen == {"title": "Square skirmish — new game[*] — FFL", "spaces": 24}


def test_run_exits_2_with_one_line_when_the_scenario_is_unknown(scenarios_dir, capsys):
    from ffl.ui.app import run

    assert run("tiny/nosuch") == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("ffl: error: There is no scenario 'tiny/nosuch'")
    assert _play_windows() == []


def test_screenshot_size_sets_the_window_size(scenarios_dir, tmp_path, capsys):
    out = tmp_path / "small.png"
    assert main(["tiny/squares", "--seed", "3", "--screenshot", str(out),
                 "--size", "1366x768"]) == 0
    image = QImage(str(out))
    assert (image.width(), image.height()) == (1366, 768)
    assert capsys.readouterr().out.strip() == f"wrote {out}"
    assert main(["tiny/squares", "--screenshot", str(out), "--size", "1024X700"]) == 0
    assert QImage(str(out)).size().toTuple() == (1024, 700)


def test_the_default_screenshot_size_is_the_windows_default():
    from ffl.cli import DEFAULT_SHOT_SIZE
    from ffl.ui.app import SCREENSHOT_SIZE

    assert SCREENSHOT_SIZE.toTuple() == DEFAULT_SHOT_SIZE


def test_a_bad_screenshot_size_is_a_one_line_error(scenarios_dir, tmp_path, capsys):
    out = tmp_path / "x.png"
    for bad in ("big", "1366", "1366x", "x768", "1366x768x2", "1366 x 768", "13.5x768"):
        assert main(["tiny/squares", "--screenshot", str(out), "--size", bad]) == 2
        assert capsys.readouterr().err.strip() == (
            f"ffl: error: --size {bad!r}: give the width and height in pixels as "
            "WIDTHxHEIGHT, e.g. 1366x768")
    for bad in ("100x100", "20000x768", "1366x0"):
        assert main(["tiny/squares", "--screenshot", str(out), "--size", bad]) == 2
        assert capsys.readouterr().err.strip() == (
            f"ffl: error: --size {bad}: the window can be from 640x480 to 7680x4320 pixels")
    assert main(["tiny/squares", "--size", "1366x768"]) == 2
    assert capsys.readouterr().err.strip() == (
        "ffl: error: --size sets the size of a --screenshot; give --screenshot OUT.png "
        "with it")
    assert not out.exists()


def test_help_documents_the_screenshot_size(capsys):
    assert main(["--help"]) == 0
    text = capsys.readouterr().out
    assert "--size WIDTHxHEIGHT" in text and "1366x768" in text
    assert main(["open", "--help"]) == 0
    assert "--size WIDTHxHEIGHT" in capsys.readouterr().out


def test_replay_screenshot_size(scenarios_dir, tmp_path, capsys):
    from ffl import catalog

    session = catalog.new_session("tiny/squares", seed=2)
    session.do(Action.make("move", "blue", piece="b1", to="A2"))
    saved = session.save(tmp_path / "r.fflsave")
    out = tmp_path / "replay.png"
    assert main(["replay", str(saved), "--screenshot", str(out), "--size", "1366x768"]) == 0
    assert QImage(str(out)).size().toTuple() == (1366, 768)
    assert main(["replay", str(saved), "--screenshot", str(out), "--size", "big"]) == 2
    assert main(["replay", str(saved), "--size", "1366x768"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["ffl: error: --size 'big': give the width and height in pixels as "
                   "WIDTHxHEIGHT, e.g. 1366x768",
                   "ffl: error: --size sets the size of a --screenshot; give --screenshot "
                   "OUT.png with it"]
