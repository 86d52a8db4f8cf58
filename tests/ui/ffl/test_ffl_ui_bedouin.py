"""The Bedouin's repetitive steps (issue 13, point 6): a rope dragged onto the
character who carries it (2.32), several waiting units chosen in the tray and
dropped together along an edge (6.21); real mouse events throughout."""

from __future__ import annotations

from ffl_ui_helpers import do, finish_legion_setup, list_drag, square
from PySide6.QtCore import QPoint, Qt

from ffl.games.ffl.rules.context import org_side


def to_bedouin_setup(w):
    finish_legion_setup(w)
    do(w, "end-setup", "legion")
    assert w.session.state.vars["phase"] == "setup-bedouin"


def drag_between_lists(qtbot, source, item, target, target_item) -> None:
    """Press on ``item`` of the tray list, move onto ``target_item`` of another list, release."""
    source.scrollToItem(item)
    start = source.visualItemRect(item).center()
    end_global = target.viewport().mapToGlobal(target.visualItemRect(target_item).center())
    end = source.viewport().mapFromGlobal(end_global)
    qtbot.mousePress(source.viewport(), Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(source.viewport(), start + QPoint(30, 0))
    qtbot.mouseMove(source.viewport(), end)
    qtbot.mouseRelease(source.viewport(), Qt.MouseButton.LeftButton, pos=end)


def test_2_32_a_rope_dragged_onto_a_character_goes_with_him(open_ffl, qtbot):
    w = open_ffl()
    to_bedouin_setup(w)
    tray = w.game_ui.tray
    assert tray.carrier_list.isVisible()
    rope = tray.item_for("rope-01")
    assert rope.text() == "Rope 1: carried by nobody"          # no raw ids
    target = next(tray.carrier_list.item(i) for i in range(tray.carrier_list.count())
                  if tray.carrier_list.item(i).data(Qt.ItemDataRole.UserRole) == "B-A-Yusuf")
    drag_between_lists(qtbot, tray.list, rope, tray.carrier_list, target)
    assert w.session.state.pieces["rope-01"].data["carrier"] == "B-A-Yusuf"
    assert tray.item_for("rope-01").text() == "Rope 1: carried by Ch. Yusuf"
    yusuf = next(tray.carrier_list.item(i) for i in range(tray.carrier_list.count())
                 if tray.carrier_list.item(i).data(Qt.ItemDataRole.UserRole) == "B-A-Yusuf")
    assert yusuf.text().endswith("— Rope 1")
    # the combo boxes still serve the keyboard, with the ropes named
    assert tray.rope_box.itemText(0) == "Rope 1"


def test_6_21_several_bedouin_chosen_in_the_tray_enter_together_along_an_edge(open_ffl,
                                                                              qtbot):
    w = open_ffl()
    to_bedouin_setup(w)
    do(w, "end-setup", "bedouin")
    for _ in range(30):
        chit = w.session.state.vars.get("chit")
        if chit and org_side(chit) == "bedouin" and w.game_ui.tray.list.count() >= 3:
            break
        if "draw" in w.game_ui.prompt().kinds:
            do(w, "draw", w.game_ui.side())
        else:
            do(w, "end-phase", w.game_ui.side())
    tray = w.game_ui.tray
    assert tray.list.count() >= 3
    items = [tray.list.item(i) for i in range(3)]
    pids = [i.data(Qt.ItemDataRole.UserRole) for i in items]
    # Ctrl+click chooses three waiting units
    for item in items:
        qtbot.mouseClick(tray.list.viewport(), Qt.MouseButton.LeftButton,
                         Qt.KeyboardModifier.ControlModifier, tray.list.visualItemRect(item).center())
    assert {i.data(Qt.ItemDataRole.UserRole) for i in tray.list.selectedItems()} == set(pids)
    # where the first may enter (asked of the controller): drag one of them there
    reach = w.session.controller.reachable(w.session.state, pids[0])
    entry = sorted(k for (k, _lv), r in reach.items() if len(r[1]) == 1)[0]
    w.map.centerOn(square(w, entry))
    list_drag(qtbot, w, tray.list, items[0], square(w, entry))
    state = w.session.state
    assert all(state.pieces[p].on_board for p in pids), [state.pieces[p].space for p in pids]
    assert state.pieces[pids[0]].space == entry
    spaces = [state.pieces[p].space for p in pids]
    assert len(set(spaces)) == 3
    # the others stand near the first along the edge
    x0, y0 = w.scene.board[entry].centre
    for key in spaces[1:]:
        x, y = w.scene.board[key].centre
        assert abs(x - x0) + abs(y - y0) <= 3
    enters = [e for e in w.session.log.events if e.rule.startswith("6.21")]
    assert len(enters) >= 3
    assert "3 units entered along the edge." in w.statusBar().currentMessage()
