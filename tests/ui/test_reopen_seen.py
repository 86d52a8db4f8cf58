"""File › Open over a game shown (issue 12): what the player sees afterwards is
exactly what a window that opened the file alone shows: the title, the prompt,
undo and redo, the menus, every dock and tool bar with what they hold (their
widgets' texts, states and visibility, their lists' rows), the event log's
lines and the counters on the map, hidden ones hidden (secrets: a hidden unit
of the game before must not show, nor one of the game opened).  Saves of the
same scenario, of another scenario of the same game and of another game, each
way.  Real windows, real files, real games."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QModelIndex
from PySide6.QtWidgets import QAbstractItemView, QDockWidget, QScrollBar, QToolBar, QWidget
from real_games import shown_window

from ffl.catalog import new_session
from ffl.games import game_of

SIZE = (1400, 900)


def played(path, scenario_id: str, seed: int, actions: int):
    """A game of ``scenario_id`` played at random (seeded), saved to ``path``."""
    options = dict(game_of(scenario_id).selfplay_options or {})
    session = new_session(scenario_id, seed=seed, options=options)
    rng = random.Random(seed)
    controller = session.controller
    for _ in range(actions):
        if controller.outcome(session.state) is not None:
            break
        session.do(rng.choice(list(controller.legal_actions(session.state))))
    session.save(path)
    return path


#: the saves: (scenario, seed, random actions played)
SAVES = {"basic-a": ("ffl/basic", 11, 120), "basic-b": ("ffl/basic", 12, 160),
         "night": ("ffl/night-attack", 5, 90), "jolan": ("phantom_fury/jolan", 3, 40)}
SCENARIOS = {name: save[0] for name, save in SAVES.items()}


@pytest.fixture(scope="module")
def saves(tmp_path_factory):
    folder = tmp_path_factory.mktemp("reopen-saves")
    return {name: played(folder / f"{name}.fflsave", *save) for name, save in SAVES.items()}


def settle(qtbot) -> None:
    """Let the window lay out and paint, and run the deletions it asked for."""
    qtbot.wait(30)
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    qtbot.wait(10)


def widget_state(w: QWidget, top: QWidget) -> tuple:
    """What the player sees of one widget: its kind, name, shown or not, enabled,
    its text, check, value, choice and tip, and the rows of a list."""
    bits: list = [type(w).__name__, w.objectName(), w.isVisibleTo(top), w.isEnabled(),
                  w.toolTip()]
    for name in ("text", "isChecked", "value", "currentText", "currentIndex", "title",
                 "windowTitle"):
        if name == "value" and isinstance(w, QScrollBar):
            continue    # where a list is scrolled: with the layout (seen's "layout")
        read = getattr(w, name, None)
        if callable(read):
            try:
                value = read()
            except TypeError:
                continue
            if isinstance(value, QModelIndex):      # a view's current row
                value = (value.row(), value.column()) if value.isValid() else None
            bits.append((name, value))
    if isinstance(w, QAbstractItemView) and w.model() is not None:
        model = w.model()
        bits.append(tuple(str(model.data(model.index(r, 0)))
                          for r in range(model.rowCount())))
    return tuple(bits)


def contents(top: QWidget | None) -> list[tuple]:
    if top is None:
        return []
    return [widget_state(w, top) for w in [top, *top.findChildren(QWidget)]]


def seen(window) -> dict:
    """Everything the player sees in the window but the map's pixels."""
    docks = [d for d in window.findChildren(QDockWidget)]
    bars = [b for b in window.findChildren(QToolBar)]
    log = window.event_log.list.model()
    scene = window.scene
    return {
        "title": (window.windowTitle(), window.isWindowModified()),
        "prompt": window.prompt_label.text(),
        "undo": [(a.text(), a.isEnabled(), a.statusTip())
                 for a in (window.undo_action, window.redo_action)],
        "menus": [[(a.text(), a.isEnabled(), a.isCheckable() and a.isChecked(), a.isVisible())
                   for a in menu.actions()] for menu in (window.view_menu, window.game_menu)],
        "game menu shown": window.game_menu.menuAction().isVisible(),
        "docks": [(d.objectName(), d.windowTitle(), d.isVisible(), window.dockWidgetArea(d),
                   d.isFloating(), contents(d.widget())) for d in docks],
        "bars": [(b.objectName(), b.isVisible(), contents(b)) for b in bars],
        # where the docks, tool bars and map stand and how large they are
        "layout": [w.geometry().getRect() for w in (*docks, *bars, window.map)
                   if w.isVisible()] + [(b.value(), b.maximum()) for b in
                                        window.findChildren(QScrollBar) if b.isVisible()],
        "log": [str(log.data(log.index(r, 0))) for r in range(log.rowCount())],
        "counters": sorted((pid, item.isVisible(), round(item.pos().x(), 2),
                            round(item.pos().y(), 2), item.zValue())
                           for pid, item in scene.counters.items()),
        "hover": window.hover_label.text(),
    }


def first_difference(got, expected, where=()):
    """Where two nested values first differ, and how (for the assertion's message)."""
    if isinstance(got, list | tuple) and isinstance(expected, list | tuple):
        for i, (g, e) in enumerate(zip(got, expected, strict=False)):
            if g != e:
                return first_difference(g, e, (*where, i))
        return where, f"lengths {len(got)} != {len(expected)}"
    return where, got, expected


def fresh(qtbot, tmp_path, path) -> dict:
    alone = shown_window(qtbot, tmp_path / "alone", SIZE, autosave=False)
    assert alone.open_path(path)
    settle(qtbot)
    return seen(alone)


def over(qtbot, tmp_path, first, then) -> dict:
    """``then`` opened in a window that showed ``first`` (a save, or a scenario id)."""
    w = shown_window(qtbot, tmp_path / "over", SIZE, autosave=False)
    if str(first).endswith(".fflsave"):
        assert w.open_path(first)
    else:
        assert w.open_scenario(str(first), seed=2)
    settle(qtbot)
    assert w.open_path(then)
    settle(qtbot)
    return seen(w)


SLOW = pytest.mark.slow


@pytest.mark.parametrize("first,then", [
    ("basic-a", "basic-b"),                             # the same scenario
    ("basic-a", "night"),                               # another scenario, with secrets
    ("jolan", "basic-a"),                               # another game
    pytest.param("basic-b", "basic-b", marks=SLOW),     # the same file again
    pytest.param("night", "basic-a", marks=SLOW),
    pytest.param("basic-a", "jolan", marks=SLOW),
])
def test_a_save_opened_over_a_game_shows_what_it_shows_alone(first, then, saves, qtbot,
                                                            tmp_path):
    expected = fresh(qtbot, tmp_path, saves[then])
    got = over(qtbot, tmp_path, saves[first], saves[then])
    if game_of(SCENARIOS[first]) is not game_of(SCENARIOS[then]):
        # the dock areas keep the sizes the game before left (as ever: a window
        # keeps its layout from game to game), and the lists scroll to their
        # ends in them; everything the docks hold is as fresh
        del got["layout"], expected["layout"]
    assert got.keys() == expected.keys()
    for key in expected:
        assert got[key] == expected[key], (key, first_difference(got[key], expected[key]))
    if then == "night":     # the night attack hides units from the side at the screen
        hidden = [c[0] for c in expected["counters"] if not c[1]]
        assert hidden and [c[0] for c in got["counters"] if not c[1]] == hidden
