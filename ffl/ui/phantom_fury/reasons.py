"""Why the player cannot do something now, in words and with the rule: the
controller's refusals (``legal``, ``why_not_move``) for what the player clicked.
Nothing here decides a rule; it asks the controller and words its answer."""

from __future__ import annotations

from ffl.engine import Action


def why_not_target(ui, pid: str) -> str:
    """Why the unit picked cannot fire at or Assault ``pid`` (an enemy counter the
    player clicked that is not ringed): the controller's refusal with its rule ("" if
    there is none to tell)."""
    sel, kinds, state = ui.selected, ui.prompt().kinds, ui.state
    if not sel or ui.kind_of(pid) not in ("insurgents", "suspect") or \
            ui.kind_of(sel) not in ("squad", "iif", "abrams"):
        return ""
    if "fire" in kinds:
        verb = "fire at"
        why = ui.controller.legal(state, Action.make("fire", "usmc", piece=sel,
                                                       target=pid, ammo=False))
    elif "assault" in kinds:
        verb = "Assault"
        why = ui.controller.legal(state, Action.make(
            "assault", "usmc", piece=sel, target=state.pieces[pid].space,
            explosives=False, flood=False))
    else:
        return ""
    if why:
        return ""
    return f"{ui.name(sel)} cannot {verb} {ui.target_name(pid)}: {why.rule} {why.reason}"

def why_idle(ui, pid: str) -> str:
    """Why one of the player's units has nothing to do in this phase (it cannot
    fire, Assault or move now), with the rule; "" when it can."""
    kinds, state, ctrl = ui.prompt().kinds, ui.state, ui.controller
    p = state.pieces[pid]
    if p.side != "usmc" or p.status != "active" or \
            ui.kind_of(pid) not in ("squad", "iif", "abrams") or \
            not p.space or ui.scene.board[p.space].get("holding"):
        return ""
    if "fire" in kinds:
        why = ctrl.legal(state, Action.make("fire", "usmc", piece=pid, target="", ammo=False))
        if pid in ctrl.firers(state):
            return "" if ctrl.fire_targets(state, pid) else \
                f"Nothing to fire at from here ({why.rule}: no enemy counter it may target)"
        return f"Cannot fire now: {why.rule} {why.reason}"
    if "assault" in kinds:
        why = ctrl.legal(state, Action.make("assault", "usmc", piece=pid, target="",
                                            explosives=False, flood=False))
        if pid in ctrl.assaulters(state):
            return "" if ctrl.assault_targets(state, pid) else \
                f"Nothing to Assault from here ({why.rule}: no enemy in an Adjacent Location)"
        return f"Cannot Assault now: {why.rule} {why.reason}"
    if "move" in kinds and pid not in ctrl.movable(state):
        why = ctrl.why_not_move(state, pid, p.space)
        return f"Cannot move now: {why.rule} {why.reason}" if not why else ""
    return ""
