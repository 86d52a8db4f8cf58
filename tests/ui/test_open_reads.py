"""Opening reads each file once (issue 12): a module file chosen in File › Open
(or named on the command line) is read from disk and checked once, not once to
list its scenarios, again to check the one named and a third time to start it;
a saved game is read once.  The real store reads real files; the spy only counts
the reads and passes them on."""

from __future__ import annotations

from ui_tiny_game import build_module

import ffl.store.files as store_files
from ffl.engine import Action
from ffl.store import save_module


def count_reads(monkeypatch) -> list:
    reads = []
    real = store_files.read_bytes

    def counted(path):
        reads.append(path.name)
        return real(path)

    monkeypatch.setattr(store_files, "read_bytes", counted)
    return reads


def test_a_module_file_with_one_scenario_is_read_once(make_window, tmp_path, monkeypatch):
    module = build_module()
    module.scenarios = {"tiny/squares": module.scenarios["tiny/squares"]}
    path = tmp_path / "one.ffl"
    save_module(module, path)
    w = make_window()
    reads = count_reads(monkeypatch)
    assert w.open_path(path)
    assert w.session.scenario.id == "tiny/squares"
    assert reads == ["one.ffl"]
    reads.clear()
    w.start(path=path, recover=False)         # the command line's way in
    assert w.session.scenario.id == "tiny/squares" and reads == ["one.ffl"]


def test_a_saved_game_is_read_once(window, make_window, tmp_path, monkeypatch):
    window.session.do(Action.make("move", "blue", piece="b1", to="A2"))
    target = tmp_path / "game.fflsave"
    assert window.save_as(target)
    other = make_window()
    reads = count_reads(monkeypatch)
    assert other.open_path(target)
    assert other.session.state.hash() == window.session.state.hash()
    assert reads == ["game.fflsave"]
