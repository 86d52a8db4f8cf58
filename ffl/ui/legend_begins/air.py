"""The air game (40.0) and Reaction (41.0) in the play window: what a right-click on a
hex offers for them.  The controller decides: the menu keeps only the actions it calls
legal (``LegendGameUI.context_menu``)."""

from __future__ import annotations

from ffl.engine import Action

MISSION_TEXT = {"gs": "Ground Support", "interdict": "Interdiction", "escort": "Escort",
                "intercept": "Interception"}


def candidates(ui, key: str) -> list[tuple[str, Action]]:
    """Air missions, Air HQ moves, interceptions, the air unit lost with an Air HQ and
    Reaction moves that might be made at ``key`` now."""
    prompt = ui.prompt()
    kinds = set(prompt.kinds)
    side = prompt.side
    state = ui.state
    types = ui.session.module.piece_types
    out: list[tuple[str, Action]] = []
    own = [(pid, p) for pid, p in sorted(state.pieces.items()) if p.side == side]
    if "fly" in kinds:
        for pid, p in own:
            if types[p.type].kind == "air" and p.status == "ready":
                for mission, text in MISSION_TEXT.items():
                    out.append((f"{ui.label(pid)}: {text} over {key}",
                                Action.make("fly", side, unit=pid, hex=key, mission=mission)))
    if "air-hq" in kinds:
        for pid, p in own:
            if types[p.type].get("utype") == "air_hq":
                out.append((f"{ui.label(pid)}: set up here",
                            Action.make("air-hq", side, unit=pid, hex=key)))
                if p.space == key:
                    out.append((f"{ui.label(pid)}: take off the map",
                                Action.make("air-hq", side, unit=pid, hex=None)))
    if "intercept" in kinds:
        mine = [pid for pid, p in own if p.status == "active" and
                p.data.get("mission") == "intercept"]
        for tid, t in sorted(state.pieces.items()):
            if t.side != side and t.status == "active" and t.space == key \
                    and types[t.type].kind == "air":
                for pid in mine:
                    out.append((f"{ui.label(pid)} attacks {ui.label(tid)}",
                                Action.make("intercept", side, unit=pid, target=tid)))
    if "air-lost" in kinds:
        for pid, p in own:
            if types[p.type].kind == "air" and p.status in ("ready", "active"):
                out.append((f"{ui.label(pid)} is caught on the ground",
                            Action.make("air-lost", side, unit=pid)))
    if "air-replace" in kinds:                  # 40.9 out of the Cadre Box
        for pid, p in own:
            if types[p.type].kind == "air" and p.status == "cadre":
                out.append((f"{ui.label(pid)} comes out of the Cadre Box",
                            Action.make("air-replace", side, unit=pid)))
    units = ui.selection()
    if "react" in kinds and units:
        path = ui.controller.reaction_reach(state, units).get(key)
        if path:
            out.append((f"React: move the ticked units to {key}",
                        Action.make("react", side, units=units, path=path)))
    return out


def place_air(ui, pids: list[str]) -> None:
    """Draw the air units flying a mission (40.2) above their hexes: a small fan at the
    hex's upper right, apart from the ground stack, each with its mission marked."""
    from PySide6.QtCore import QPointF

    from ffl.ui.style import UNIT

    by_hex: dict[str, list[str]] = {}
    for pid in pids:
        by_hex.setdefault(ui.state.pieces[pid].space, []).append(pid)
    for key, group in by_hex.items():
        centre = ui.scene.space_centre(key)
        for i, pid in enumerate(sorted(group)):
            item = ui.scene.counters[pid]
            item.setVisible(True)
            item.setScale(0.6)
            item.setZValue(40 + i)
            step = min(0.08, 0.5 / max(1, len(group)))
            item.setPos(centre + QPointF((0.3 + step * i) * UNIT, (-0.3 + step * i) * UNIT))


def stack_rows(ui, key: str) -> list[tuple[str, str, None, int]]:
    """Rows for the Stack dock: the air units flying over ``key`` and their missions."""
    from .counters import factor_text

    state = ui.state
    types = ui.session.module.piece_types
    hidden = ui.hidden()
    rows = []
    for pid, p in sorted(state.pieces.items()):
        t = types[p.type]
        if p.status == "active" and p.space == key and t.kind == "air" and pid not in hidden:
            what = MISSION_TEXT.get(p.data.get("mission") or "", "")
            rows.append((pid, f"✈ {t.get('label') or t.name}  {factor_text(t, p)}  ({what}, "
                              f"{'Axis' if p.side == 'axis' else 'Allied'})", None, 0))
    return rows
