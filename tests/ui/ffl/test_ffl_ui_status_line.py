"""The status line: a message and the prompt never overlap.  A message takes the
prompt's place while it shows (the prompt comes back when it goes), also when
the message came before the window was shown (a file opened from the command
line, a recovered autosave): showing the window used to bring the prompt back
under the message, the two texts drawn over each other."""

from __future__ import annotations

from PySide6.QtCore import QSettings


def window(qtbot, tmp_path):
    from ffl.ui.app import create_app, main_window

    create_app()
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    w = main_window(settings=settings, data_folder=tmp_path / "data", autosave=False)
    qtbot.addWidget(w)
    w.resize(1366, 768)
    assert w.open_scenario("ffl/basic", seed=3)
    w._closing_confirmed = True
    return w


def overlap(w) -> bool:
    return bool(w.statusBar().currentMessage()) and w.prompt_label.isVisible()


def test_a_message_shown_before_the_window_never_lies_over_the_prompt(qtbot, tmp_path):
    w = window(qtbot, tmp_path)
    w.show_status("Opened a game", 10_000)
    w.show()
    qtbot.waitExposed(w)
    qtbot.wait(20)
    assert w.statusBar().currentMessage() == "Opened a game"
    assert not overlap(w)
    w.statusBar().clearMessage()
    qtbot.waitUntil(w.prompt_label.isVisible, timeout=1000)     # the prompt back


def test_the_status_bar_hidden_and_shown_keeps_the_message_alone(qtbot, tmp_path):
    w = window(qtbot, tmp_path)
    w.show()
    qtbot.waitExposed(w)
    w.show_status("A message", 10_000)
    assert not overlap(w)
    w.hide()
    w.show()
    qtbot.waitExposed(w)
    assert not overlap(w)
    w.statusBar().clearMessage()
    assert w.prompt_label.isVisible() and w.prompt_label.text()
