"""Every decision The Legend Begins puts to a player in the middle of play can be
answered in the play window: each pending item kind of the rules (``rules/pending.py``
and the advanced rules' modules) opens only action kinds the window answers
(``ui/legend_begins/decisions.ANSWERS``); 5.3 (eliminating units from an overstacked
hex) and 5.5 (setting units aside so seven stacking points defend) are answered with
real mouse and key events in a shown window, each marked in the Stack dock, on the map
and in the Segment dock and status line; so are 11.0 retreats and 12.0 advances (a
click on a lit hex), 12.0 Stay and 20.5 Demolish / Decline (the Segment dock's
buttons) and 44.0 releases (its Release menu)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtWidgets import QApplication
from real_games import shown_window

import ffl.games.legend_begins.rules as rules_pkg
from ffl.engine import GameLog
from ffl.games.legend_begins.rules import checks, pending, seven
from ffl.session import GameSession
from ffl.ui.legend_begins.decisions import ANSWERS, PICKS
from ffl.ui.legend_begins.drawing import LIT

SCENARIO = "legend_begins/compass"
HEX = "2455"
#: two Italian divisions' regiments (3 points each, 5.4) and the 64th's two (3): 9 points
STACK = ("ax-1ccnn-1", "ax-1ccnn-2", "ax-2ccnn-1", "ax-2ccnn-2", "ax-64cat-1", "ax-64cat-2")

#: every pending item the rules make, with the fields its kinds depend on
ITEMS = [{"kind": k} for k in ("loss", "retreat", "advance", "repulsed", "overstack",
                               "demolish", "release", "seven", "air-lost", "air-replace",
                               "reaction")] + \
    [{"kind": "air", "step": s} for s in ("attacker", "defender", "intercept", "fight-d",
                                          "fight-a")]


def test_every_pending_decision_opens_only_actions_the_window_answers():
    made = set()
    for path in Path(rules_pkg.__file__).parent.glob("*.py"):
        made |= set(re.findall(r'\{"kind": "([a-z-]+)"', path.read_text()))
    made.add(seven.KIND)
    listed = {item["kind"] for item in ITEMS}
    assert made <= listed, f"pending kinds not walked here: {made - listed}"
    assert checks.PENDING == listed          # the invariants know every one of them
    for item in ITEMS:
        for kind in pending.kinds(item):
            assert kind in ANSWERS, f"{item}: {kind!r} has no way to be answered"
    assert set(PICKS) == {k for k, where in ANSWERS.items() if where == "stack"}


# -- building a position in a shown window ---------------------------------------------------

@pytest.fixture
def window(qtbot, tmp_path):
    return shown_window(qtbot, tmp_path, (1400, 900), autosave=False)


def _position(window, side: str, phase: str, axis: tuple, allied: dict, data=None,
              **vars_):
    """The 1940 scenario with only the named units on the map (the Axis ones in HEX; a
    unit the scenario does not have is added), ``side``'s Primary Segment in ``phase``,
    opened in the window; ``data``: {unit: what its piece data gets}."""
    from ffl.catalog import new_session
    from ffl.engine import Piece

    base = new_session(SCENARIO, seed=5)
    st = base.state.copy()
    for pid in axis:
        if pid not in st.pieces:
            t = base.module.piece_types[pid]
            st.pieces[pid] = Piece(pid, pid, t.side, None, 0, None, "off", {},
                                   {"steps": int(t.values.get("steps", 1))})
    for p in st.pieces.values():
        if p.status == "active":
            p.status, p.space = "off", None
        p.data.pop("hq", None)
        p.data.pop("carried_by", None)
    for pid in axis:
        st.pieces[pid].status, st.pieces[pid].space = "active", HEX
    for pid, key in allied.items():
        st.pieces[pid].status, st.pieces[pid].space = "active", key
    st.vars.update(pending=[], works={}, mv={}, mover=None, done=None, attacked=None,
                   defended=None, retreated=None, quiet=None, regular=False, recovery={},
                   phase=phase, side=side, seg={"side": side, "type": "primary",
                                                "chit": f"{side}-P1", "n": 1, "id": 50})
    st.vars.update(vars_)
    for pid, more in (data or {}).items():
        st.pieces[pid].data.update(more)
    session = GameSession(base.controller, base.scenario, dict(base.options), st.seed,
                          GameLog(st))
    assert window.set_session(session)
    QApplication.processEvents()
    return session


def _show(window, key: str) -> None:
    c = window.scene.space_centre(key)
    window.map.fitInView(QRectF(c.x() - 500, c.y() - 350, 1000, 700))
    QApplication.processEvents()


def _click_hex(qtbot, window, key: str) -> None:
    _show(window, key)
    pos = window.map.mapFromScene(window.scene.space_centre(key))
    qtbot.mouseClick(window.map.viewport(), Qt.MouseButton.LeftButton, pos=pos)


def _double_click_row(qtbot, ui, pid: str) -> None:
    point = ui.stack_panel.item_point(pid)
    assert point is not None, f"{pid} is not listed in the Stack dock"
    view = ui.stack_panel.list.viewport()
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=point)
    qtbot.mouseDClick(view, Qt.MouseButton.LeftButton, pos=point)
    # QTest's double click leaves the button held (Qt 6 sends no last release): release it
    qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, pos=point)


def _rows(ui) -> dict[str, str]:
    lst = ui.stack_panel.list
    return {lst.item(i).data(Qt.ItemDataRole.UserRole): lst.item(i).text()
            for i in range(lst.count())}


# -- 5.3 --------------------------------------------------------------------------------------

def test_5_3_an_overstacked_hex_is_put_right_in_the_window_by_mouse_and_key(qtbot, window):
    session = _position(window, "axis", "movement", STACK, {})
    ui = window.game_ui
    _show(window, "4070")                             # the map far from the stack
    assert not window.map.visible_scene_rect().contains(window.scene.space_centre(HEX))
    qtbot.mouseClick(ui.segment.end_button, Qt.MouseButton.LeftButton)   # End phase
    prompt = ui.prompt()
    assert prompt.side == "axis" and prompt.kinds == ("eliminate",)
    assert "9 stacking points" in prompt.text
    # the decision is brought forward: the hex chosen, outlined and in view, its units
    # marked
    assert ui.chosen == HEX
    assert window.map.visible_scene_rect().contains(window.scene.space_centre(HEX))
    rows = _rows(ui)
    assert all(rows[p].startswith("✖ Eliminate: ") for p in STACK), rows
    assert "double-click" in ui.stack_panel.hint.text()
    assert ui.stack_panel.hint.text().startswith("5.3")
    assert ui.segment.todo.isVisible() and ui.segment.todo.text().startswith("5.3")
    assert "5.3" in window.prompt_label.text() and "Enter" in window.prompt_label.text()
    assert len(ui.overlay) >= 2                       # the chosen and the decision outline
    assert ui.combat.preview.text().startswith("No attack now")
    # a double-click on the 64th's first regiment eliminates it (the 64th's other now
    # counts 2: 8 points, still over)
    _show(window, HEX)
    steps = len(session.log.steps)
    _double_click_row(qtbot, ui, "ax-64cat-1")
    assert len(session.log.steps) == steps + 1
    assert session.state.pieces["ax-64cat-1"].status != "active"
    assert ui.prompt().kinds == ("eliminate",) and "8 stacking points" in ui.prompt().text
    # by key: D puts the keyboard on the first unit offered, Down, Enter eliminates
    ui.choose("2456")                                  # another hex chosen meanwhile
    assert "no unit here to choose" in ui.stack_panel.hint.text()
    qtbot.keyClick(window.map, Qt.Key.Key_D)
    assert ui.chosen == HEX and ui.stack_panel.list.hasFocus()
    first = ui.stack_panel.list.currentItem().data(Qt.ItemDataRole.UserRole)
    assert first in STACK and first != "ax-64cat-1"
    qtbot.keyClick(ui.stack_panel.list, Qt.Key.Key_Return)
    assert session.state.pieces[first].status != "active"
    assert "eliminate" not in ui.prompt().kinds       # within seven points: over
    assert not ui.segment.todo.isVisible()


# -- 5.5 --------------------------------------------------------------------------------------

def test_5_5_the_defender_sets_units_aside_in_the_window(qtbot, window):
    stack = STACK[:5]                                 # 3 + 3 + 2 = 8 points
    session = _position(window, "allied", "combat", stack,
                        {"al-16bde": "2456", "sp-allied-01": "2456"},
                        overstack_ok={HEX: "axis"})
    ui = window.game_ui
    _click_hex(qtbot, window, "2456")                 # the 16th Brigade, ticked
    assert ui.stack_panel.ticked() == ["al-16bde"]
    _click_hex(qtbot, window, HEX)                    # the odds first
    preview = ui.combat.preview.text()
    assert "5.5 overstacked defender: 1 right" in preview
    assert "<b>5.5</b> he picks the seven points that defend" in preview
    _click_hex(qtbot, window, HEX)                    # the attack is declared
    prompt = ui.prompt()
    assert prompt.side == "axis" and prompt.kinds == ("aside",)
    assert ui.chosen == HEX
    rows = _rows(ui)
    assert all(rows[p].startswith("▶ Set aside: ") for p in stack), rows
    assert ui.stack_panel.hint.text().startswith("5.5")
    assert ui.segment.todo.text().startswith("5.5")
    assert "5.5" in window.prompt_label.text()
    _show(window, HEX)
    _double_click_row(qtbot, ui, "ax-64cat-1")
    last = session.state.vars["last_combat"]
    assert "5.5 overstacked defender: 1 right" in last["notes"]
    values = session.controller.unit_values
    four = sum(values(session.state, p)["defence"] for p in stack[:4])
    assert last["odds"].endswith(f"to {four}")        # the 64th did not defend
    # 9.5 the step losses that follow: each brings its hex forward, its units marked
    losses = 0
    while "loss" in ui.prompt().kinds:
        offered = [a["unit"] for a in session.controller.legal_actions(session.state)]
        assert ui.chosen == session.state.pieces[offered[0]].space
        assert f"hex {ui.chosen} is chosen" in ui.segment.todo.text()    # not "click a hex"
        n = int(re.match(r"9\.5 Loss (\d+) of \d+ on the (Axis|Allied) units",
                         ui.prompt().text).group(1))
        assert ("the opponent picks the odd ones" if n % 2 else
                "the owner picks the even ones") in ui.prompt().text
        rows = _rows(ui)
        assert all(rows[p].startswith("▶ Take the loss: ") for p in offered), rows
        _show(window, ui.chosen)
        _double_click_row(qtbot, ui, offered[0])
        losses += 1
    assert losses, "the seeded dice gave no step loss to take"


# -- 44.0 -------------------------------------------------------------------------------------

def test_44_the_release_of_a_fifth_army_division_is_chosen_from_the_segment_dock(qtbot,
                                                                               window):
    from PySide6.QtWidgets import QMenu

    from ffl.catalog import new_session

    base = new_session(SCENARIO, seed=5)
    st = base.state.copy()
    st.vars["pending"] = [{"kind": "release", "side": "axis", "n": 2}]
    session = GameSession(base.controller, base.scenario, dict(base.options), st.seed,
                          GameLog(st))
    assert window.set_session(session)
    QApplication.processEvents()
    ui = window.game_ui
    divisions = [a["div"] for a in session.controller.legal_actions(session.state)]
    assert len(divisions) >= 2
    assert ui.segment.release_button.isVisible()
    assert ui.segment.todo.text().startswith("44.0")
    qtbot.mouseClick(ui.segment.release_button, Qt.MouseButton.LeftButton)
    menu = window.findChild(QMenu, "tlbReleaseMenu")
    assert menu is not None and [a.text() for a in menu.actions()] == [
        f"Release the {d} Division" for d in divisions]
    qtbot.waitUntil(menu.isVisible)
    qtbot.keyClick(menu, Qt.Key.Key_Down)
    qtbot.keyClick(menu, Qt.Key.Key_Return)
    assert ui.prompt().text.startswith("44.0 Release 1 ")
    left = [a["div"] for a in session.controller.legal_actions(session.state)]
    assert left == divisions[1:]                     # Down picked the first entry


def test_5_5_a_mobile_assault_shows_the_choice_to_come_and_waits_for_it(qtbot, window):
    from PySide6.QtWidgets import QMenu

    session = _position(window, "allied", "movement", STACK,
                        {"al-1rtr": "2456", "al-2rtr": "2456"}, overstack_ok={HEX: "axis"})
    ui = window.game_ui
    _click_hex(qtbot, window, "2456")                 # the two tank regiments, ticked
    assert ui.stack_panel.ticked() == ["al-1rtr", "al-2rtr"]
    _show(window, HEX)
    pos = window.map.mapFromScene(window.scene.space_centre(HEX))
    qtbot.mouseClick(window.map.viewport(), Qt.MouseButton.RightButton, pos=pos)
    menu = window.findChild(QMenu, "tlbContextMenu")
    entry = next(a for a in menu.actions() if a.text().startswith(f"Mobile Assault on {HEX}"))
    assert "5.5 the defender keeps seven points" in entry.text()
    entry.trigger()
    menu.close()
    prompt = ui.prompt()
    assert prompt.side == "axis" and prompt.kinds == ("aside",)
    assert "Mobile Assault" in prompt.text and ui.chosen == HEX
    assert "Mobile Assault on 2455 waits" in ui.combat.preview.text()
    _show(window, HEX)
    _double_click_row(qtbot, ui, "ax-64cat-1")        # 9 - 1 = 8: still over
    rows = _rows(ui)
    assert rows["ax-64cat-1"].startswith("— Set aside, does not defend: ")
    _double_click_row(qtbot, ui, "ax-64cat-2")        # 6: the assault is resolved
    last = session.state.vars["last_combat"]
    assert last["mobile"] is True and "5.5 overstacked defender: 1 right" in last["notes"]


# -- 11.0, 12.0, 20.5: the decisions answered on the map and by the Segment dock's buttons --

def test_11_0_the_defender_retreats_by_clicking_a_lit_hex(qtbot, window):
    units = ["ax-64cat-1", "ax-64cat-2"]
    session = _position(window, "allied", "combat", tuple(units), {"al-16bde": "2456"},
                        pending=[{"kind": "retreat", "side": "axis", "units": units,
                                  "from": HEX, "disrupt": True, "combat": 1}])
    ui = window.game_ui
    assert ui.prompt().side == "axis" and ui.prompt().kinds == ("retreat",)
    assert ui.segment.todo.text().startswith("11.0")
    ends = {list(a["path"])[-1] for a in session.controller.legal_actions(session.state)}
    assert set(ui.options) == ends and HEX not in ends
    assert all(_tints(window, k) & {LIT["retreat"].rgba()} for k in ends)     # blue
    end = sorted(ends)[0]
    _click_hex(qtbot, window, end)
    assert {session.state.pieces[p].space for p in units} == {end}
    assert "retreat" not in ui.prompt().kinds


def _tints(window, key: str) -> set[int]:
    """The colours lit over a hex (the overlay's fills at its centre)."""
    centre = window.scene.space_centre(key)
    return {item.brush().color().rgba() for item in window.game_ui.overlay
            if item.contains(item.mapFromScene(centre))}


def advanced_position(window):
    """The 64th's regiments have left 2455 before the 16th Brigade, which may advance
    into it (12.0), retreat (11.1) or stay."""
    return _position(window, "allied", "combat", (), {"al-16bde": "2456"},
                     pending=[{"kind": "advance", "side": "allied", "units": ["al-16bde"],
                               "into": [HEX], "overrun": False, "mobile": False,
                               "combat": 1}])


def test_12_0_the_attacker_advances_by_clicking_the_lit_hex(qtbot, window):
    session = advanced_position(window)
    ui = window.game_ui
    assert set(ui.prompt().kinds) == {"advance", "retreat", "stay"}
    assert ui.segment.stay_button.isVisible()
    assert ui.segment.todo.text().startswith("12.0")
    assert HEX in ui.options and ui.options[HEX].kind == "advance"
    back = [k for k, a in ui.options.items() if a.kind == "retreat"]        # 11.1
    assert back
    # an advance's hexes are lit green, a retreat's blue, and the docks say which is which
    assert _tints(window, HEX) & {LIT["option"].rgba()}
    assert not _tints(window, HEX) & {LIT["retreat"].rgba()}
    assert all(_tints(window, k) & {LIT["retreat"].rgba()} for k in back)
    assert "green hex to advance" in ui.segment.todo.text()
    assert "blue hex to retreat" in ui.segment.todo.text()
    assert "green hex to advance, a blue one to retreat" in window.prompt_label.text()
    _click_hex(qtbot, window, HEX)
    assert session.state.pieces["al-16bde"].space == HEX
    assert not ui.segment.stay_button.isVisible()


def test_12_0_the_stay_button_ends_the_advance(qtbot, window):
    session = advanced_position(window)
    ui = window.game_ui
    qtbot.mouseClick(ui.segment.stay_button, Qt.MouseButton.LeftButton)
    assert session.state.pieces["al-16bde"].space == "2456"
    assert not (session.state.vars.get("pending") or [])
    assert not ui.segment.stay_button.isVisible()


def demolition_position(window):
    """The 16th Brigade has entered 2455, where two Axis Supply Points lie (20.5)."""
    sps = ["sp-axis-01", "sp-axis-02"]
    session = _position(window, "allied", "movement", (), {"al-16bde": HEX},
                        pending=[{"kind": "demolish", "side": "axis", "hex": HEX,
                                  "captor": "allied", "sps": sps, "port": False}])
    for pid in sps:
        session.state.pieces[pid].status, session.state.pieces[pid].space = "active", HEX
    window.refresh()
    return session, sps


def test_20_5_the_owner_demolishes_or_declines_with_the_segment_docks_buttons(
        qtbot, window):
    """Demolish clicked (Decline, the same dock's button, is clicked in
    ``test_40_41_window.py::test_40_9_*``)."""
    button = "yes_button"
    session, sps = demolition_position(window)
    ui = window.game_ui
    assert ui.prompt().side == "axis" and set(ui.prompt().kinds) == {"demolish", "decline"}
    assert ui.segment.yes_button.isVisible() and ui.segment.no_button.isVisible()
    assert ui.segment.todo.text().startswith("20.5")
    steps, seen = len(session.log.steps), len(session.log.events)
    qtbot.mouseClick(getattr(ui.segment, button), Qt.MouseButton.LeftButton)
    assert len(session.log.steps) == steps + 1
    assert not (session.state.vars.get("pending") or [])
    texts = [e.text for e in session.log.events[seen:]]
    if button == "yes_button":
        assert any(t.startswith("20.5") for t in texts), texts   # the attempt is rolled
    assert not ui.segment.yes_button.isVisible()


def test_20_5_the_stack_dock_shows_the_hex_of_the_demolition_and_what_is_at_stake(
        qtbot, window):
    """The 16th Brigade moves from 2456 (chosen, listed in the Stack dock) into 2455,
    where two Axis Supply Points lie: the demolition the Axis player now decides is
    about 2455, so the dock lists 2455 with the two Supply Points marked and says
    what Demolish and Decline do (20.5: a roll less two for each, the rest captured)."""
    sps = ["sp-axis-01", "sp-axis-02"]
    session = _position(window, "allied", "movement", (), {"al-16bde": "2456"})
    for pid in sps:
        session.state.pieces[pid].status, session.state.pieces[pid].space = "active", HEX
    window.refresh()
    ui = window.game_ui
    _click_hex(qtbot, window, "2456")
    assert ui.stack_panel.ticked() == ["al-16bde"]
    _click_hex(qtbot, window, HEX)                    # the move into the Supply Points
    assert session.state.pieces["al-16bde"].space == HEX
    prompt = ui.prompt()
    assert prompt.side == "axis" and set(prompt.kinds) == {"demolish", "decline"}
    assert ui.chosen == HEX
    assert ui.stack_panel.title.text().startswith(HEX)
    rows = _rows(ui)
    assert all(rows[p].startswith("20.5 At stake: ") for p in sps), rows
    hint = ui.stack_panel.hint.text()
    assert hint.startswith("20.5") and "Demolish" in hint and "captured" in hint, hint
    qtbot.mouseClick(ui.segment.no_button, Qt.MouseButton.LeftButton)    # Decline
    assert not any(p.side == "axis" and p.status == "active" and p.space == HEX
                   for p in session.state.pieces.values())     # captured, none demolished
    assert not ui.stack_panel.hint.text().startswith("20.5")


# -- 43.3 / 44.0: the Release… button only while a release is open -------------------------

def test_44_0_no_release_button_or_hint_in_a_movement_phase_without_a_release(qtbot, window):
    _position(window, "allied", "movement", (), {"al-16bde": "2456"})
    ui = window.game_ui
    assert "release" in ui.prompt().kinds                  # the phase lists the kind
    assert not ui.segment.release_button.isVisible()
    assert "Release" not in window.prompt_label.text()
    assert "click a stack" in window.prompt_label.text()   # the Movement Phase's hint
    # the Combat dock: no attack to choose in a Movement Phase, a Mobile Assault may be
    text = ui.combat.preview.text()
    assert "Choose attackers" not in text and "Mobile Assault (14.0)" in text


def test_31_0_the_combat_dock_says_the_game_is_over(qtbot, window):
    _position(window, "allied", "over", (), {"al-16bde": "2456"},
              result={"winner": "axis", "text": "the scenario ends", "rule": "31.0"})
    ui = window.game_ui
    assert ui.prompt().phase == "over"
    assert ui.combat.preview.text() == "The game is over: no more combats."


def test_43_3_a_littorio_unit_leaves_strategic_reserve_from_the_release_button(qtbot,
                                                                              window):
    from PySide6.QtWidgets import QMenu

    session = _position(window, "axis", "movement", ("ax-lit-bers",), {},
                        data={"ax-lit-bers": {"reserve": "littorio"}},
                        rp={"axis": 3, "allied": 0})
    ui = window.game_ui
    assert ui.segment.release_button.isVisible()
    qtbot.mouseClick(ui.segment.release_button, Qt.MouseButton.LeftButton)
    menu = window.findChild(QMenu, "tlbReleaseMenu")
    label = ui.label("ax-lit-bers")
    assert [a.text() for a in menu.actions()] == [
        f"43.3 Release {label} from Strategic Reserve"]
    qtbot.waitUntil(menu.isVisible)
    qtbot.keyClick(menu, Qt.Key.Key_Down)
    qtbot.keyClick(menu, Qt.Key.Key_Return)
    assert "reserve" not in session.state.pieces["ax-lit-bers"].data
    assert not ui.segment.release_button.isVisible()


def test_5_5_the_preview_says_the_choice_comes_even_without_its_range():
    """An overstacked hex with no range worked out (``seven`` None) still shows that
    only seven points will defend; a hex not overstacked shows nothing."""
    from ffl.ui.legend_begins.game_ui import seven_text

    od = {"attack": 12, "defence": 40, "notes": ["5.5 overstacked defender: 1 right"],
          "seven": None}
    assert "<b>5.5</b> he picks the seven points that defend" in seven_text(od)
    assert seven_text({**od, "notes": []}) == ""


def test_14_4_the_combat_dock_says_a_mobile_assault_had_no_overrun(qtbot, window):
    """14.4 C: a Mobile Assault's Advance reads as '-': the Combat dock says what that
    means instead of a bare dash."""
    session = _position(window, "allied", "movement", (), {"al-16bde": "2456"})
    session.state.vars["last_combat"] = {"odds": "6 to 4", "column": "1-1", "a": 1,
                                         "d": 1, "result": "-", "mobile": True}
    window.refresh()
    text = window.game_ui.combat.last.text()
    assert text.endswith("A1/D1 Mobile Assault: no Overrun (14.4)"), text
