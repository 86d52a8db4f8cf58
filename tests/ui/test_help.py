"""Issue 13.8, help on board for every game through its manifest: Help › How to
play <game> (turn, counters, how to win, mouse and keys, the rules by number),
Help › Game Card (the printed card's pages on screen), the rule behind a
clicked line of the event log, and the prompt saying what to do next."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication, QPushButton

from ffl.catalog import new_session
from ffl.games import free_play, games, manifest
from ffl.games.manifest import GameHelp
from ffl.selfplay import play_game
from ffl.ui.help import ElidedLabel, how_to_play_html, text_html


def click_line(qtbot, window, row: int) -> None:
    lst = window.event_log.list
    rect = lst.row_rect(row)
    qtbot.mouseClick(lst.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


# -- the help data of every game ------------------------------------------------------------

@pytest.mark.parametrize("game_id", ["ffl", "card_game", "free"])
def test_every_game_has_how_to_play_with_mouse_and_keys(game_id):
    game = free_play() if game_id == "free" else manifest(game_id)
    found = game.game_help()
    assert isinstance(found, GameHelp) and found.how_to_play
    headings = [h for h, _ in found.how_to_play]
    assert "Mouse and keys" in headings
    if game_id != "free":
        assert any("win" in h.lower() for h in headings)
        assert any("turn" in h.lower() for h in headings)
    for _, text in found.how_to_play:
        assert text.strip() and "<" not in text      # plain text, laid out by the UI


def test_the_ffl_rule_index_covers_rules_1_to_25():
    rules = manifest("ffl").game_help().rules
    assert [str(n) for n in range(1, 26)] == [k for k in rules if "." not in k]
    for number, (title, summary) in rules.items():
        assert title and summary.endswith((".", ")")), number


@pytest.mark.parametrize("scenario_id, options", [("ffl/basic", {"turn_limit": 2}),
                                                  ("card_game/2p", {}),
                                                  ("card_game/4p", {"games": 2})])
def test_every_rule_the_log_cites_has_its_own_entry(scenario_id, options):
    session = new_session(scenario_id, seed=3, options=options)
    play_game(session, random.Random(3))
    found = manifest(scenario_id.split("/")[0]).game_help()
    cited = {e.rule for e in session.log.events if e.rule}
    missing = sorted(r for r in cited if r not in found.rules)
    assert missing == []


def test_a_rule_not_listed_is_answered_by_the_nearest_one_above():
    found = manifest("ffl").game_help()
    note = found.rule("6.3333")
    assert (note.number, note.entry, note.title) == ("6.3333", "6.333",
                                                     "Rolling for the grapple")
    assert found.rule("19.113").entry == "19.11"
    assert found.rule("7.532").entry == "7.53"
    assert found.rule("") is None and found.rule("99.1") is None
    cards = manifest("card_game").game_help()
    assert cards.rule("N.B. (a)").title == "Neighbouring sections"
    assert cards.rule("First Player 2").title == "Contacts"


def test_help_text_is_laid_out_as_paragraphs_and_lists():
    html = text_html("One line\ngoes on.\n\n- first item\n  carried on\n- second <b>")
    assert "<p>One line goes on.</p>" in html
    assert "<li>first item carried on</li>" in html and "second &lt;b&gt;" in html
    page = how_to_play_html("Test", GameHelp((("Aim", "Win."),), {"1": ("One", "First.")}))
    assert "<h3>Aim</h3>" in page and "<b>One</b>: First." in page


# -- the window -------------------------------------------------------------------------

def test_help_menu_how_to_play_ffl(game_window, qtbot):
    w = game_window("ffl/basic")
    assert w.how_to_action.isEnabled()
    assert w.how_to_action.text() == "How to &play French Foreign Legion…"
    assert w.how_to_action in w.help_menu.actions()
    qtbot.keyClick(w.map, Qt.Key.Key_F1)
    dialog = w.how_to_dialog
    assert dialog is not None and dialog.isVisible()
    text = dialog.text()
    for words in ("How to play French Foreign Legion", "How to win (9)", "A turn (3)",
                  "The counters", "Mouse and keys", "The rules by number",
                  "\n6.72\nMelee modifiers: ", "\n7.82\nThe saving roll: "):
        assert words in text, words
    assert not dialog.isModal()
    dialog.close()


def test_help_game_card_shows_the_printed_pages(game_window, qtbot):
    w = game_window("ffl/basic")
    assert w.game_card_action.isEnabled()
    w.game_card_action.trigger()
    viewer = w.game_card_viewer
    qtbot.waitUntil(lambda: viewer.pages > 0)
    from ffl.printing.sheets import sheets_for

    assert viewer.windowTitle().startswith(sheets_for("ffl")["game-card"].title)
    assert viewer.preview.pageCount() == viewer.pages >= 1
    qtbot.wait(50)
    shot = viewer.preview.grab().toImage()
    # a white page with black table text on the grey preview background
    colours = {shot.pixel(x, y) for x in range(0, shot.width(), 3)
               for y in range(0, shot.height(), 3)}
    assert QColor("white").rgb() in colours
    assert any(QColor(c).lightness() < 60 for c in colours)
    zoom = viewer.preview.zoomFactor()
    qtbot.mouseClick(viewer.findChild(QPushButton, "zoomInButton"), Qt.MouseButton.LeftButton)
    assert viewer.preview.zoomFactor() > zoom
    viewer.close()


def test_help_for_the_card_game_and_no_game_card(game_window):
    w = game_window("card_game/2p", seed=17)
    assert w.how_to_action.isEnabled()
    assert w.how_to_action.text() == "How to &play Foreign Legion Card Game…"
    assert not w.game_card_action.isEnabled()
    assert w.show_game_card() is None
    dialog = w.show_how_to_play()
    assert "contact" in dialog.text() and "Mouse and keys" in dialog.text()
    dialog.close()


def test_a_game_without_help_offers_none(window):
    assert not window.how_to_action.isEnabled() and not window.game_card_action.isEnabled()
    assert window.show_how_to_play() is None
    window.event_log.list.setCurrentIndex(QModelIndex())
    assert window.event_log.rule_note() == ""


def test_clicking_a_log_line_shows_its_rule(game_window, qtbot):
    w = game_window("card_game/2p", seed=17)
    s = w.session
    play = next(a for a in s.controller.legal_actions(s.state) if a.kind == "play")
    s.do(play)
    texts = w.event_log.texts()
    row = next(i for i, t in enumerate(texts) if t.startswith("First Player 2 (contacts): "))
    assert w.event_log.rule_note() == ""
    click_line(qtbot, w, row)
    note = w.event_log.rule_note()
    assert note.startswith("First Player 2 Contacts\n")
    assert "adjoining" in note
    assert w.event_log.note.isVisible()
    click_line(qtbot, w, 0)
    assert w.event_log.rule_note().startswith("Deal 2 The deal\n")
    # another game: the note goes
    assert w.open_scenario("ffl/basic", seed=7)
    assert w.event_log.rule_note() == ""
    click_line(qtbot, w, 0)
    assert w.event_log.rule_note().startswith("2.1 Side selection\n")


def test_the_prompt_says_what_to_do_next(game_window):
    w = game_window("card_game/2p", seed=17)
    text = w.prompt_label.text()
    assert text.endswith(" → click a card with a green dot, then a contact card or a "
                         "green section")
    w2 = game_window("ffl/basic")
    prompt = w2.session.controller.prompt(w2.session.state)
    hint = manifest("ffl").game_help().hint(prompt.kinds)
    assert hint and w2.prompt_label.text().endswith(" → " + hint)


def test_a_long_prompt_never_widens_the_window(game_window, qtbot):
    w = game_window("ffl/basic")
    label = w.prompt_label
    assert isinstance(label, ElidedLabel)
    narrowest = w.minimumSizeHint().width()
    label.setText("A very long prompt " * 30)
    qtbot.wait(20)
    assert w.minimumSizeHint().width() == narrowest
    assert label.shown_text().endswith("…") and label.toolTip() == "A very long prompt " * 30
    assert label.text() == "A very long prompt " * 30
    assert label.geometry().right() <= w.statusBar().width()
    label.setText("Short")
    assert label.shown_text() == "Short" and label.toolTip() == ""


def test_every_registered_game_manifest_reads_its_help():
    for game in [*games().values(), free_play()]:
        assert game.help and game.game_help() is not None, game.id
    assert QApplication is not None
