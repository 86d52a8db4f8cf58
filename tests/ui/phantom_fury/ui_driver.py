"""The UI conformance test's driver for Phantom Fury: one legal action through
the window with real mouse events (see tests/ui/test_game_ui_conformance.py)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from pf_ui_helpers import centre, counter_point, drag  # noqa: E402


def drive(qtbot, window) -> None:
    """6.3: drag the first squad of the Start Zone box onto a free black-circle Zone."""
    state = window.session.state
    ctrl = window.session.controller
    pid = sorted(p.id for p in state.pieces.values() if p.space == "BOX-start")[0]
    zone = ctrl.setup_zones(state)[0]
    drag(qtbot, window, counter_point(window, pid), centre(window, ctrl.city(state).entry[zone]))
