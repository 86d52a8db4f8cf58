"""Crowded spaces in the play window, with real mouse events: a space with many
markers (ten to thirteen in Cairo, Alexandria, Burullus in play) shows one summary
per side (the leader, his glory, how many of each kind) so that the space's name,
value and banners stay readable; a click on a summary shows every marker on a card
beside the space, where each can be pointed at and dragged to move; a summary of
the activated space dragged onto a neighbour moves the whole stack.  At 1366x768
and 1920x1080."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QPointF, QSettings, Qt

from ffl import catalog
from ffl.engine import GameLog
from ffl.session import GameSession
from ffl.ui.style import UNIT

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "games" / "limits_of_glory"))
from log_helpers import commander, conquest, crowded_cairo, forget, put  # noqa: E402

SHOTS = Path("/tmp/lg-shots")


@pytest.fixture(params=[(1366, 768), (1920, 1080)], ids=["1366x768", "1920x1080"])
def window(request, qtbot, tmp_path):
    from ffl.ui.app import create_app, main_window

    create_app()
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    settings.setValue("opponents/pace_ms", 0)
    w = main_window(settings=settings, data_folder=tmp_path / "data", autosave=False)
    qtbot.addWidget(w)
    w.resize(*request.param)
    w.show()
    qtbot.waitExposed(w)
    w._closing_confirmed = True
    w.size_name = request.param_index
    return w


def _show(window, qtbot, state):
    module = catalog.load_module("limits_of_glory")
    from ffl.games.limits_of_glory.controller import GloryController

    scenario = module.scenarios["limits_of_glory/campaign"]
    session = GameSession(GloryController(module), scenario, dict(scenario.options),
                          state.seed, GameLog(state))
    window.set_session(session)
    qtbot.wait(20)
    window.map.centerOn(window.scene.space_centre("cairo"))
    qtbot.wait(20)
    return window.game_ui


def _rect(m):
    return m.body().translated(m.scenePos())


def _summary(ui, side="french"):
    return next(m for m in ui.markers.by_space["cairo"] if m.form == "stack" and m.side == side)


def _click(qtbot, window, point):
    qtbot.mouseClick(window.map.viewport(), Qt.MouseButton.LeftButton,
                     pos=window.map.mapFromScene(point))


def _shot(window, name):
    SHOTS.mkdir(exist_ok=True)
    window.grab().save(str(SHOTS / f"{name}-{window.width()}x{window.height()}.png"))


def test_a_crowded_space_shows_a_summary_per_side_and_its_name_stays_readable(window, qtbot):
    ui = _show(window, qtbot, crowded_cairo())
    shown = ui.markers.by_space["cairo"]
    assert "cairo" in ui.markers.crowded and len(ui.markers.crowded["cairo"]) == 13
    chips = [m for m in shown if m.form == "stack"]
    assert [(m.side, m.inside) for m in chips] == [("french", False), ("allied", True)]
    french, allied = chips
    assert french.entries == [("infantry", 18), ("cavalry", 2), ("artillery", 1),
                              ("savants", 1)]
    assert french.text == "18 infantry, 2 cavalry, 1 artillery, 1 savants"
    assert french.sub == "Bonaparte 39+7" and french.lead_text == "1"
    assert allied.entries == [("infantry", 10), ("cavalry", 4), ("artillery", 1),
                              ("bedouin", 2)]
    assert allied.sub == "Murad 16 and 1 more" and allied.inside
    assert len(french.pids) == 23 and len(allied.pids) == 19
    assert len(shown) == 2
    _shot(window, "cairo-summary")
    printed = ui.decor.print_rects
    for m in shown:           # nothing printed for any space lies under a summary
        for r in (_rect(m), *([m.sub_rect().translated(m.scenePos())] if m.sub else [])):
            assert not [k for k, pr in printed.items() if r.intersects(pr)]
    view = window.map.visible_scene_rect()
    assert all(view.contains(_rect(m)) for m in shown)


def test_cairos_summaries_stand_on_land_clear_of_the_nile(window, qtbot):
    """Cairo is narrow and the Nile (drawn 0.09 wide) is its western border: no
    summary, nor the leader's name under it, touches the river (the French one stood
    half over it), each stands mostly in Cairo, and they stay off everything
    printed."""
    from shapely import box
    from shapely.geometry import LineString

    from ffl.ui.style import UNIT

    ui = _show(window, qtbot, crowded_cairo())
    board = window.scene.board
    nile = [LineString(line).buffer(0.045) for line in board.attrs["rivers"]]
    cairo = board["cairo"].polygon
    shown = ui.markers.by_space["cairo"]
    _shot(window, "cairo-summary-land")
    for m in shown:
        rects = [_rect(m)] + ([m.sub_rect().translated(m.scenePos())] if m.sub else [])
        for r in rects:
            shape = box(r.left() / UNIT, r.top() / UNIT, r.right() / UNIT, r.bottom() / UNIT)
            assert not [n for n in nile if shape.intersects(n)], (m.side, r)
        body = box(*(v / UNIT for v in (rects[0].left(), rects[0].top(), rects[0].right(),
                                         rects[0].bottom())))
        assert body.intersection(cairo).area > 0.5 * body.area, m.side
    printed = ui.decor.print_rects
    for m in shown:
        for r in (_rect(m), *([m.sub_rect().translated(m.scenePos())] if m.sub else [])):
            assert not [k for k, pr in printed.items() if r.intersects(pr)]


def test_clicking_a_summary_shows_every_marker_on_a_card_and_folds_it_again(window, qtbot):
    ui = _show(window, qtbot, crowded_cairo())
    _click(qtbot, window, _summary(ui).scenePos())
    assert ui.markers.expanded == "cairo" and ui.markers.card is not None
    card = ui.markers.card.sceneBoundingRect()
    full = ui.markers.crowded["cairo"]
    assert len(full) == 13 and all(m.scene() is window.scene for m in full)
    for m in full:            # each marker on the card answers the mouse
        assert card.contains(_rect(m))
        assert ui.markers.marker_at(m.scenePos()) is m
    printed = ui.decor.print_rects
    assert not card.intersects(printed["cairo:name"]) if "cairo:name" in printed else True
    names = [k for k, pr in printed.items() if k.startswith("cairo") and card.intersects(pr)]
    assert not names          # Cairo's own name, value and banners stay in sight
    assert window.map.visible_scene_rect().intersects(card)
    assert window.session.state.vars.get("activation") is None     # a look, not an order
    _shot(window, "cairo-card")
    _click(qtbot, window, _summary(ui).scenePos())
    assert ui.markers.expanded is None and ui.markers.card is None


def test_a_marker_dragged_off_the_card_opens_the_move_dialog(window, qtbot):
    ui = _show(window, qtbot, crowded_cairo(activated=True))
    _click(qtbot, window, _summary(ui).scenePos())
    art = next(m for m in ui.markers.crowded["cairo"] if m.ptype == "fr-art")
    viewport = window.map.viewport()
    start = window.map.mapFromScene(art.scenePos())
    end = window.map.mapFromScene(window.scene.space_centre("atfih"))
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(viewport, pos=end)
    assert ui.markers.card.opacity() < 1           # the map shows through while dragging
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=end)
    dialog = ui.move_dialog
    assert dialog is not None and dialog.isVisible()
    assert dialog.windowTitle() == "Move from Cairo to Atfih"
    assert dialog.spins["fr-art"].value() == 1
    # only what was dragged starts chosen: the one artillery, nobody else
    assert dialog.spins["fr-inf"].value() == 0 and dialog.spins["fr-cav"].value() == 0
    assert dialog.spins["fr-sav"].value() == 0
    assert not dialog.cmd_boxes["bonaparte"].isChecked()
    assert "what you dragged" in dialog.hint.text()
    dialog.reject()


def test_a_commander_dragged_off_the_card_starts_alone_in_the_move_dialog(window, qtbot):
    ui = _show(window, qtbot, crowded_cairo(activated=True))
    _click(qtbot, window, _summary(ui).scenePos())
    bonaparte = next(m for m in ui.markers.crowded["cairo"] if m.ptype == "bonaparte")
    viewport = window.map.viewport()
    start = window.map.mapFromScene(bonaparte.scenePos())
    end = window.map.mapFromScene(window.scene.space_centre("atfih"))
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(viewport, pos=end)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=end)
    dialog = ui.move_dialog
    assert dialog is not None and dialog.isVisible()
    assert dialog.cmd_boxes["bonaparte"].isChecked()
    assert all(spin.value() == 0 for spin in dialog.spins.values())
    _shot(window, "move-dialog-commander")
    dialog.reject()


def test_the_activated_summary_dragged_onto_a_neighbour_moves_the_whole_stack(window, qtbot):
    ui = _show(window, qtbot, crowded_cairo(activated=True))
    french = _summary(ui)
    assert french.highlight
    viewport = window.map.viewport()
    start = window.map.mapFromScene(french.scenePos())
    end = window.map.mapFromScene(window.scene.space_centre("atfih"))
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(viewport, pos=end)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=end)
    dialog = ui.move_dialog
    assert dialog is not None and dialog.isVisible()
    assert dialog.spins["fr-inf"].value() == 18 and dialog.spins["fr-art"].value() == 1
    assert dialog.spins["fr-cav"].value() == 2 and dialog.spins["fr-sav"].value() == 1
    assert dialog.cmd_boxes["bonaparte"].isChecked()        # the side's whole stack
    dialog.reject()


def test_the_card_keeps_off_the_names_the_player_may_click_next(window, qtbot):
    """Cairo activated: its neighbours are where its markers may be dragged; the card
    of its markers covers none of their names and values (Belbeis, Salahieh, Suez
    and the Eastern Desert among them), nor Cairo's own print or summaries, and
    stays in the view."""
    ui = _show(window, qtbot, crowded_cairo(activated=True))
    _click(qtbot, window, _summary(ui).scenePos())
    card = ui.markers.card.sceneBoundingRect()
    _shot(window, "cairo-card-activated")
    board = window.scene.board
    targets = ui.markers.targets
    assert {k for k in board.spaces if board.adjacent("cairo", k)} <= targets
    printed = ui.decor.print_rects
    covered = [k for k in targets - {"cairo"} if k in printed and card.intersects(printed[k])]
    assert covered == []
    assert not card.intersects(printed["cairo"])
    assert not [m for m in ui.markers.by_space["cairo"] if card.intersects(_rect(m))]
    assert window.map.visible_scene_rect().contains(card)


def test_the_card_can_be_dragged_by_its_ground_and_stays_there(window, qtbot):
    """A card hiding something the player wants to see is dragged aside by its
    ground; it stays there when the map is redrawn (a marker on it still answers)."""
    ui = _show(window, qtbot, crowded_cairo(activated=True))
    _click(qtbot, window, _summary(ui).scenePos())
    card = ui.markers.card.sceneBoundingRect()
    title_y = card.top() + 0.04 * UNIT
    grip = card.topRight() + QPointF(-0.1 * UNIT, 0.04 * UNIT)
    assert ui.markers.marker_at(grip) is None and ui.markers.on_card(grip)
    viewport = window.map.viewport()
    start = window.map.mapFromScene(grip)
    end = start + QPoint(-60, -40)
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(viewport, pos=start + QPoint(-30, -20))
    qtbot.mouseMove(viewport, pos=end)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=end)
    moved = ui.markers.card.sceneBoundingRect()
    d = window.map.mapToScene(end) - window.map.mapToScene(start)
    assert abs(moved.left() - card.left() - d.x()) < 2 and abs(moved.top() - card.top() - d.y()) < 2
    assert ui.move_dialog is None and ui.markers.expanded == "cairo"
    assert title_y < card.bottom()
    ui.markers.rebuild(ui.markers._state, real=ui.markers._real,
                       activated=ui.markers._activated)         # the map redrawn
    again = ui.markers.card.sceneBoundingRect()
    assert abs(again.left() - moved.left()) < 2 and abs(again.top() - moved.top()) < 2
    art = next(m for m in ui.markers.crowded["cairo"] if m.ptype == "fr-art")
    assert again.contains(_rect(art)) and ui.markers.marker_at(art.scenePos()) is art
    _shot(window, "cairo-card-dragged")


def test_a_summary_of_commanders_alone_counts_them(window, qtbot):
    """Bonaparte and five generals with no troops in Menouf, beside Mamluks and the
    Bedouin: the French summary counts six commanders (it showed his disc alone)."""
    state = conquest(seed=62)
    commander(state, "bonaparte", "menouf", 41, auto6=4)
    for cid in ("kleber", "desaix", "reynier", "menou", "bon"):
        commander(state, cid, "menouf", 8)
    put(state, "menouf", {"ma-inf": 3, "ma-cav": 1, "bedouin": 1})
    forget(state)
    ui = _show(window, qtbot, state)
    french = next(m for m in ui.markers.by_space["menouf"] if m.side == "french")
    assert french.form == "stack" and french.entries == [("commander", 6)]
    assert french.sub == "Bonaparte 41+4 and 5 more"
