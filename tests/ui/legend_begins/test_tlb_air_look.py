"""The Legend Begins window: air units flying over a hex where ground units stand
(40.2) are drawn beside the ground stack, which steps left, so that the air column
covers neither the ground counters' unit symbols nor their size marks; every air
counter stays inside its hex; over an empty hex the column is centred."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF
from real_games import shown_window
from shapely.geometry import Point

from ffl.engine import Action

SCENARIO = "legend_begins/compass"
MISSIONS = ("gs", "escort", "interdict", "intercept")


@pytest.fixture
def air_window(qtbot, tmp_path):
    window = shown_window(qtbot, tmp_path, (1366, 768), autosave=False)
    assert window.open_scenario(SCENARIO, seed=3, options={"air_game": True})
    session = window.session
    ctl = session.controller
    for _ in range(200):                 # on to the first air sub-phase (ending phases)
        item = ctl.prompt(session.state).info.get("pending") or {}
        if item.get("kind") == "air" and item.get("step") == "attacker":
            break
        acts = list(ctl.legal_actions(session.state))
        ends = [a for a in acts if a.kind.startswith("end") or a.kind == "supply"]
        session.do(ends[0] if ends else acts[0])
    else:
        raise AssertionError("no air sub-phase")
    window.refresh()
    return window


def _fly_over(window, want_ground: bool) -> tuple[str, list[str]]:
    """Fly as many ready air units as may go over one hex (with or without visible
    ground counters of the flying side there); its key and the units flown."""
    session = window.session
    ctl, state = session.controller, session.state
    side = ctl.prompt(state).side
    types = session.module.piece_types
    ready = [pid for pid, p in sorted(state.pieces.items()) if p.side == side
             and p.status == "ready" and types[p.type].kind == "air"]
    occupied = {p.space for pid, p in state.pieces.items() if p.status == "active"
                and types[p.type].kind != "air" and window.scene.counters[pid].isVisible()}
    best: tuple[str, list[Action]] | None = None
    for key in sorted(occupied) if want_ground else sorted(window.scene.board.keys()):
        if not want_ground and key in occupied:
            continue
        flights = []
        for pid in ready:
            action = next((a for m in MISSIONS for a in [Action.make(
                "fly", side, unit=pid, hex=key, mission=m)] if ctl.legal(state, a)), None)
            if action is not None:
                flights.append(action)
        if flights and (best is None or len(flights) > len(best[1])):
            best = (key, flights)
        if best and len(best[1]) >= 2:
            break
    assert best is not None, "no hex to fly over"
    key, flights = best
    for action in flights[:3]:
        session.do(action)
    window.refresh()
    return key, [a["unit"] for a in flights[:3]]


def _body(item) -> QRectF:
    size = item._size
    return item.mapRectToScene(QRectF(-size / 2, -size / 2, size, size))


def _inside(window, key: str, rect: QRectF) -> bool:
    hexagon = window.scene.board[key].polygon
    return all(hexagon.contains(Point(c.x() / 100, c.y() / 100)) for c in (
        rect.topLeft(), rect.topRight(), rect.bottomLeft(), rect.bottomRight()))


def test_40_2_air_units_beside_a_ground_stack_leave_its_symbol_and_size_mark_clear(
        qtbot, air_window):
    from ffl.ui.legend_begins.counters import SYMBOL_BOX

    window = air_window
    key, flown = _fly_over(window, want_ground=True)
    state = window.session.state
    air = [window.scene.counters[pid] for pid in flown]
    assert all(item.isVisible() for item in air)
    ground = [item for pid, item in window.scene.counters.items() if pid not in flown
              and item.isVisible() and state.pieces[pid].space == key
              and state.pieces[pid].status == "active"]
    assert ground, key
    centre = window.scene.space_centre(key)
    front = max(ground, key=lambda item: item.zValue())   # the others lie under it
    assert front.pos().x() < centre.x() - 5               # the ground stack stepped left
    symbol = front.mapRectToScene(front.part_rect(SYMBOL_BOX))
    mark = front.mapRectToScene(front.size_mark_ink())
    for over in air:
        assert not _body(over).intersects(symbol), key
        assert mark.isEmpty() or not _body(over).intersects(mark), key
    for item in air:
        assert _inside(window, key, _body(item)), key
        assert item.pos().x() > centre.x()             # in the hex's right part


def test_40_2_over_an_empty_hex_the_air_column_is_centred(qtbot, air_window):
    window = air_window
    key, flown = _fly_over(window, want_ground=False)
    centre = window.scene.space_centre(key)
    for pid in flown:
        item = window.scene.counters[pid]
        assert item.isVisible() and abs(item.pos().x() - centre.x()) < 1
        assert _inside(window, key, _body(item))


@pytest.mark.slow          # the window played on to an air step: several seconds
def test_40_2_18_0_air_units_leave_every_field_works_tag_clear(qtbot, air_window):
    """Field Works (18.0) in the hex flown over and in all six around it: no air counter
    covers any of their tags (the column stays in its hex's right part; a tag sits at
    its own hex's left corner, above the ground counters)."""
    from ffl.ui.legend_begins.works import WorksTag

    window = air_window
    key, flown = _fly_over(window, want_ground=True)
    near = [key, *window.session.controller.ctx(window.session.state).hexmap.neighbours(key)]
    window.session.state.vars["works"] = {k: {"type": "ip", "side": "allied"} for k in near}
    window.refresh()
    tags = [item for item in window.scene.items() if isinstance(item, WorksTag)]
    assert {t.key for t in tags} >= set(near)
    for pid in flown:
        body = _body(window.scene.counters[pid])
        for tag in tags:
            assert not body.intersects(tag.tag_rect()), (pid, tag.key)
