"""What a counter dropped on the Phantom Fury map does, by what the prompt opens:
place a start squad (6.3), attach a CAAT support (5.1.1), bring a reinforcement in
(10), or move along the controller's plan (12), one undo step for the whole drag.

When the controller's ``secure_plans`` says the squad may leave its Security
Element in a Location C or R on the drag (12.3.2.1: where it stands, one it passes
in the Zone it goes to, or on arriving, before any Defensive Fire), a menu asks how:
the plain move, or one line per Location the marker may be left in.  The rule is
the controller's; every step is asked again when it is made.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF

from ffl.engine import Action, IllegalAction, Plan

#: the menu line of the move that detaches the Security Element on arrival
SECURE_TEXT = ("Move there and detach its Security Element on arrival, before any "
               "Defensive Fire (12.3.2.1: {cost} MP in all, CF -1)")


def drop(ui, pid: str, pos: QPointF) -> None:
    """``pid`` dragged to ``pos``."""
    kinds = ui.prompt().kinds
    mouse = ui.mouse
    if "place" in kinds and ui.kind_of(pid) == "squad":
        zone = mouse.zone_at(pos)
        if zone is not None:
            ui.do(Action.make("place", "usmc", piece=pid, zone=zone))
        return
    if "attach" in kinds and ui.kind_of(pid) == "caat":
        target = mouse.counter_at(pos, exclude=pid)
        squad = target.piece_id if target is not None else None
        if squad is None:
            key = mouse.space_at(pos, ("box",))
            squads = [p.id for p in ui.state.pieces.values() if p.space == key
                      and ui.kind_of(p.id) == "squad"]
            squad = squads[0] if squads else None
        if squad is not None:
            ui.do(Action.make("attach", "usmc", caat=pid, piece=squad))
        return
    if "reinforce" in kinds:
        to = mouse.space_at(pos, ("street",)) if ui.kind_of(pid) == "abrams" \
            else mouse.zone_at(pos)
        if to is not None:
            ui.do(Action.make("reinforce", "usmc", piece=pid, to=to))
        return
    if "move" in kinds:
        move(ui, pid, mouse.space_at(pos, ("box", "street")), pos)


def move(ui, pid: str, to: str | None, pos: QPointF) -> None:
    """A unit dragged to the Location or street ``to`` in the Movement Phase."""
    state, ctrl = ui.state, ui.controller
    if to is None or to == state.pieces[pid].space:
        return
    plan = ctrl.plan(state, pid, to)
    if plan is None:
        why = ctrl.why_not_move(state, pid, to)
        if ui.session.advising:      # advise mode: the player may insist
            ui.ask_breach(Action.make("move", "usmc", piece=pid, to=to),
                          IllegalAction(why.reason, why.rule))
            return
        ui.host.show_status(f"{ui.name(pid)} cannot go to {ctrl.label(state, to)}: "
                            f"{why.rule} {why.reason}")
        return
    secures = ui.secure_plans(pid, to)      # 12.3.2.1, the controller's say (kept)
    if secures:
        entries = [(f"Move to {ctrl.label(state, to)}", lambda: play(ui, plan))]
        for at, secure in secures.items():
            entries.append((secure_text(ui, pid, at, to, secure),
                            lambda secure=secure: play(ui, secure)))
        ui.mouse.choose(pos, entries)
        return
    play(ui, plan)


def play(ui, plan: Plan) -> None:
    """The plan's steps one by one, as one undo step; it stops where the state turns
    out otherwise (a refusal, Pinned, a Step Loss sent it back, eliminated)."""
    if ui.session is None:
        return
    pid = plan.piece
    ui.mission_pick = ""
    with ui.session.grouped(), ui.one_view():     # one undo step, the view laid out once
        for step in plan.steps:
            if ui.do(step.action) is None:
                return
            now = ui.state.pieces[pid]
            if now.space != step.position[0] or now.status != "active" or \
                    now.data.get("fp") == "pinned":
                return


def secure_text(ui, pid: str, at: str, to: str, secure: Plan) -> str:
    """The menu line of a drag that leaves the Security Element in ``at``."""
    if at == to:
        return SECURE_TEXT.format(cost=secure.cost)
    where = ui.controller.label(ui.state, at).split(", ")[-1]
    if at == ui.state.pieces[pid].space:
        return (f"Detach its Security Element here in {where} first, then move there "
                f"(12.3.2.1: {secure.cost} MP in all, CF -1)")
    return (f"Move there, leaving its Security Element in {where} on the way "
            f"(12.3.2.1: {secure.cost} MP in all, CF -1)")
