"""What the unit picked may fire at or Assault, for the map: read from the
controller's legal actions and its fire and Assault target queries."""

from __future__ import annotations


def show(ui) -> None:
    """The counters the unit picked may fire at or Assault now (``ui.targets``: target
    -> its actions), ringed with the roll each needs (11.2) or the Assault's type
    (13.1-13.3), all from the controller's queries."""
    ui.targets = {}
    pid = ui.selected
    if not pid:
        return
    kinds = ui.prompt().kinds
    legal = [a for a in ui.legal_actions() if a.get("piece") == pid]
    if "fire" in kinds:
        for a in legal:
            if a.kind == "fire" and not a.get("ammo"):
                ui.targets.setdefault(a["target"], []).append(a)
    elif "assault" in kinds:
        by_loc = {}
        for a in legal:
            if a.kind == "assault" and not a.get("explosives") and not (
                    a.get("flood") is False and ui.flood_choice(a)):
                by_loc.setdefault(a["target"], []).append(a)
        for loc, actions in by_loc.items():
            enemy = [p.id for p in ui.state.pieces.values() if p.space == loc
                     and ui.kind_of(p.id) in ("insurgents", "suspect")]
            if enemy:
                ui.targets[enemy[0]] = actions
    if "fire" in kinds and ui.targets:
        notes = {}
        for t in ui.controller.fire_targets(ui.state, pid):
            needed = t["needed"]
            notes[t["location"]] = ("needs 0-" + str(needed)) if needed >= 0 else "no chance"
        ui.overlay.highlight(notes, "#e0b020", on_counter=True)
    if "assault" in kinds and ui.targets:     # 13.1-13.3: the type, on the target
        names = {"top-down": "Top-Down (13.1)", "bottom-up": "Bottom-Up (13.2)",
                 "normal": "Normal (13.3)"}
        ui.overlay.highlight({t["location"]: names.get(t["type"], t["type"]) for t in
                              ui.controller.assault_targets(ui.state, pid)},
                             "#e0b020", on_counter=True)
