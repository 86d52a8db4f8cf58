"""The air game (40.0) and Reaction (41.0) in the play window: what a right-click on a
hex offers for them, and the Game menu's "Take an Air HQ off the map" (key H, 40.11: in
any phase of the player's own segment).  The controller decides: the menus keep only
the actions it calls legal (``LegendGameUI.context_menu``, :func:`hq_removals`)."""

from __future__ import annotations

from ffl.engine import Action

MISSION_TEXT = {"gs": "Ground Support", "interdict": "Interdiction", "escort": "Escort",
                "intercept": "Interception"}
#: the tooltip of every "take an Air HQ off the map" entry (the Game menu and hex menus)
AIR_HQ_OFF_TIP = ("40.11: take one of your Air HQs off the map, back to its base. Allowed "
                  "in any phase of your own segment; the air units it supports come home "
                  "too. Placing or moving one waits for the air step of a Primary Segment.")


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
                    out.append((f"{ui.label(pid)}: take off the map (40.11)",
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


def tip(action: Action) -> str:
    """The tooltip of a hex menu entry ("" for most)."""
    if action.kind == "air-hq" and action.get("hex") is None:
        return AIR_HQ_OFF_TIP
    return ""


def hq_removals(ui) -> list[Action]:
    """40.11 the acting player's Air HQs on the map that the controller lets him take
    off now (none when the Prompt does not open ``air-hq``)."""
    prompt = ui.prompt()
    if "air-hq" not in prompt.kinds:
        return []
    types = ui.session.module.piece_types
    out = []
    for pid, p in sorted(ui.state.pieces.items()):
        if p.side == prompt.side and p.status == "active" \
                and types[p.type].get("utype") == "air_hq":
            action = Action.make("air-hq", prompt.side, unit=pid, hex=None)
            if ui.controller.legal(ui.state, action):
                out.append(action)
    return out


def air_hq_menu(ui) -> None:
    """The Game menu's "Take an Air HQ off the map" (key H): a menu of the Air HQs that
    may come off now, at the first one's hex, its first entry active (Enter takes it,
    the arrow keys choose another)."""
    from PySide6.QtWidgets import QMenu

    actions = hq_removals(ui)
    if not actions:
        ui.host.show_status("40.11 none of your Air HQs can come off the map now")
        return
    menu = QMenu(ui.host.parent_widget())
    menu.setObjectName("tlbAirHqMenu")
    menu.setToolTipsVisible(True)
    for action in actions:
        pid = action["unit"]
        entry = menu.addAction(f"{ui.label(pid)} at {ui.state.pieces[pid].space}: take off "
                               "the map (40.11)", lambda a=action: ui.do(a))
        entry.setToolTip(AIR_HQ_OFF_TIP)
    menu.setActiveAction(menu.actions()[0])
    ui.air_hq_popup = menu
    ui.host.popup(menu, ui.scene.space_centre(ui.state.pieces[actions[0]["unit"]].space))


#: the air units over a hex: how many are drawn (the rest counted on a badge, all of
#: them listed in the Stack dock) and their scale
AIR_SHOWN = 3
AIR_SCALE = 0.40
#: the air column, from the hex centre in UNITs: its x beside a ground stack (over an
#: empty hex it is centred), the centre of its first counter (a little above the
#: hex centre, below the hex number) and the step down to each further one (the
#: front one lowest); so placed the column stays inside the (flat-topped) hex
AIR_X = 0.21
AIR_Y = -0.01
AIR_STEP = 0.045
#: while air units fly over its hex a ground stack makes room: its front counter
#: stands GROUND_X from the hex centre and the stack rises GROUND_UP, so that the air
#: column covers neither the front counter's unit symbol nor its size mark
GROUND_X = -0.09
GROUND_UP = 0.03


def place_air(ui, pids: list[str]) -> None:
    """Draw the air units flying a mission (40.2) above their hexes: a short column in
    the hex, below the hex number and inside the hex; where ground units stand, the
    column takes the hex's right part and the ground stack steps left, so that neither
    covers the other's symbol and numbers; at most :data:`AIR_SHOWN` of them, the front
    one badged with how many more there are."""
    from PySide6.QtCore import QPointF

    from ffl.ui.style import UNIT

    by_hex: dict[str, list[str]] = {}
    for pid in pids:
        by_hex.setdefault(ui.state.pieces[pid].space, []).append(pid)
    flying = set(pids)
    for key, group in by_hex.items():
        centre = ui.scene.space_centre(key)
        ground = [item for pid, item in ui.scene.counters.items() if pid not in flying
                  and item.isVisible() and ui.state.pieces[pid].space == key
                  and ui.state.pieces[pid].status == "active"]
        if ground:
            front = max(ground, key=lambda item: item.zValue())
            step = QPointF(centre.x() + GROUND_X * UNIT - front.pos().x(), -GROUND_UP * UNIT)
            for item in ground:
                item.setPos(item.pos() + step)
        x = AIR_X if ground else 0.0
        group = sorted(group)
        shown = group[-AIR_SHOWN:]
        for pid in group[:-AIR_SHOWN]:
            ui.scene.counters[pid].setVisible(False)
        for i, pid in enumerate(shown):
            item = ui.scene.counters[pid]
            item.setVisible(True)
            item.setScale(AIR_SCALE)
            item.setZValue(40 + i)
            item.setPos(centre + QPointF(x * UNIT, (AIR_Y + AIR_STEP * i) * UNIT))
            more = len(group) - len(shown) if i == len(shown) - 1 else 0
            if hasattr(item, "set_badge"):
                item.set_badge(f"+{more}" if more else "")


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
