"""Issue 12 (every click answered quickly): the map's stacks are redrawn on every move
and phase, so the Stack badges' rider counts (6.1 units on an HQ's display, 21.1 units
carried by a truck) are counted once per redraw instead of once per counter.  The
badges must say exactly what a plain count of the riders says."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from ffl.engine import GameLog
from ffl.session import GameSession
from ffl.ui.legend_begins.counters import LegendCounterItem

SCENARIO = "legend_begins/compass"


def _expected(window) -> dict[str, str | None]:
    """Each shown counter's badge the plain way: for every piece of each hex, the
    pieces riding on it (its display or its cargo), and on the top one of a hex with
    more than three pieces drawn, how many are not drawn."""
    ui, state = window.game_ui, window.session.state
    hidden = ui.hidden()
    by_hex: dict[str, list[str]] = {}
    for pid, item in window.scene.counters.items():
        p = state.pieces[pid]
        if (p.data.get("hq") or p.data.get("carried_by") or pid in hidden
                or not isinstance(item, LegendCounterItem) or p.status != "active"):
            continue
        if getattr(item.ptype, "kind", "") == "air":
            continue
        by_hex.setdefault(p.space, []).append(pid)
    out = {}
    for pids in by_hex.values():
        top = max(pids, key=lambda q: window.scene.counters[q].zValue())
        for pid in pids:
            riders = sum(1 for o, q in state.pieces.items() if q.status == "active" and (
                q.data.get("hq") == pid or q.data.get("carried_by") == pid)
                and o not in hidden)
            more = len(pids) - 3 if pid == top and len(pids) > 3 else 0
            out[pid] = "+".join(str(n) for n in (more, riders) if n) or None
    return out


@pytest.mark.parametrize("seed", [3, 11])
def test_answer_the_stack_badges_count_every_rider(game_window, seed):
    window = game_window(SCENARIO, seed=seed)
    state = window.session.state.copy()
    # a unit carried by a truck beside the HQ displays of the opening (21.1)
    truck = next(k for k, p in state.pieces.items()
                 if p.type.startswith("truck-allied") or k.startswith("truck-allied"))
    rider = next(k for k, p in state.pieces.items() if p.status == "active"
                 and p.side == "allied" and not p.data.get("hq")
                 and window.session.module.piece_types[p.type].kind == "combat")
    state.pieces[truck].status = "active"
    state.pieces[truck].space = state.pieces[rider].space
    state.pieces[rider].data["carried_by"] = truck
    s = window.session
    assert window.set_session(GameSession(s.controller, s.scenario, dict(s.options), s.seed,
                                          GameLog(state)))
    QApplication.processEvents()
    want = _expected(window)
    assert any(v and "+" not in v for v in want.values()), "no stack with riders"
    assert want[truck] and int(want[truck].split("+")[-1]) >= 1
    got = {pid: window.scene.counters[pid].piece.data.get("badge") for pid in want}
    assert got == want
