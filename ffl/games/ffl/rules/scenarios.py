"""The scenarios (19-23): the hooks through which a scenario's special rules
join the Basic Game's, and what several scenarios share.

A scenario's ``setup`` data names its rules module with ``"special"``
(``"20"`` -> :mod:`.scenario_20`).  Such a module may define any of:

``legal(ctx, action) -> Verdict | None``
    asked before the normal rules: its verdict is final (a refusal, or a
    ``yes`` for an action it resolves itself); None leaves the action to the
    normal rules;
``resolve(batch, action) -> bool``
    resolves an action itself (True) instead of the normal rules;
``after(batch, action)``
    what follows an action under the scenario's rules (rolls at the start of a
    turn, alerts, flags);
``victory(batch) -> bool | None``
    its own victory conditions, checked before rule 9's: True the game is
    over, False it goes on, None rule 9 decides;
``actions(ctx, actions) -> list``
    the finite list of legal actions adjusted (its own kinds added, the normal
    ones it forbids taken out);
``prompt(ctx, prompt) -> Prompt``
    the prompt with its own kinds and words;
``choices(ctx, side) -> list[tuple[str, Action]]``
    the scenario's own decisions open to ``side`` now, each with a label (the
    player's window shows them as buttons);
``opening(state) -> list[Event]``
    the game's opening events instead of 2.1's roll for two (23: three players);
``side_names -> dict``  (data, ``setup["side_names"]``)
    how the players read the sides (19: the seat ``bedouin`` is the Mutineer
    player's), for :func:`side_name` and the prompt's ``info["side_name"]``;
``phase_names -> dict``  (data, ``setup["phase_names"]``)
    a phase's title in this scenario (19: the Bedouin preparation is the
    Mutineer selection), the prompt's ``info["phase_title"]``.

What several scenarios share lives here: a Bedouin tribe or tribes left out
by the Bedouin player's choice (20.1, 21.1, 22.1, 23.1:
``setup["tribes_left_out"]``, kind ``leave-out-tribe``) and the cup that
holds only the Sequence units of organizations in the game.
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

from ffl.engine import Action, Change, Prompt, Verdict

from .context import BEDOUIN, Batch, Ctx
from .hidden import register_hidden_pieces

#: the action kinds the scenarios add (declared in the controller's phases)
TRIBE_KIND = "leave-out-tribe"
SCENARIO_KINDS = (TRIBE_KIND, "patrol", "mutineer", "assign-chit")


def special(ctx: Ctx) -> ModuleType | None:
    """The rules module of the scenario being played (None for the Basic Game)."""
    name = ctx.data.scenario.get("special") if ctx.data.scenario else None
    if not name:
        return None
    return import_module(f"{__package__}.scenario_{name}")


def _hook(ctx: Ctx, name: str):
    mod = special(ctx)
    return getattr(mod, name, None) if mod is not None else None


# -- the hooks the controller calls --------------------------------------------------------


def opening(ctx: Ctx) -> list | None:
    """The opening events of the scenario's own (None: 2.1's roll for two)."""
    hook = _hook(ctx, "opening")
    return hook(ctx.state) if hook else None


def side_name(scenario_setup, side: str) -> str:
    """How the players read ``side`` in this scenario (19.1 the Mutineer player
    sits in the Bedouin seat): ``setup["side_names"]``, else the id capitalised."""
    names = scenario_setup.get("side_names") if isinstance(scenario_setup, dict) else None
    if isinstance(names, dict) and names.get(side):
        return str(names[side])
    return side.replace("_", " ").replace("-", " ").capitalize()


def legal(ctx: Ctx, action: Action) -> Verdict | None:
    if action.kind == TRIBE_KIND:
        return tribe_ok(ctx, action)
    if ctx.phase == "setup-bedouin" and action.kind in LEFT_OUT_BARS:
        refused = left_out_refusal(ctx, action)
        if refused is not None:
            return refused
    if action.kind == "end-setup" and ctx.phase == "setup-bedouin" and action.side == BEDOUIN:
        verdict = tribes_end_ok(ctx)
        if not verdict:
            return verdict
    hook = _hook(ctx, "legal")
    return hook(ctx, action) if hook else None


def resolve(batch: Batch, action: Action) -> bool:
    if action.kind == TRIBE_KIND:
        leave_out_tribe(batch, action["org"])
        return True
    hook = _hook(batch.ctx, "resolve")
    return bool(hook(batch, action)) if hook else False


def after(batch: Batch, action: Action) -> None:
    hook = _hook(batch.ctx, "after")
    if hook and batch.ctx.phase != "over":
        hook(batch, action)


def victory(batch: Batch) -> bool | None:
    """True: the scenario ended the game; False: it goes on (rule 9 not asked);
    None: rule 9 decides."""
    hook = _hook(batch.ctx, "victory")
    return hook(batch) if hook else None


def actions(ctx: Ctx, out: list[Action]) -> list[Action]:
    if ctx.phase == "setup-bedouin" and tribes_rule(ctx):
        out = out + tribe_actions(ctx)
    hook = _hook(ctx, "actions")
    if hook is None and not tribes_rule(ctx):
        return out
    out = hook(ctx, out) if hook else out
    listed = []                       # what the scenario forbids is never listed
    vouched = getattr(special(ctx), "LISTED_LEGAL", ())   # kinds its hook lists checked
    for a in out:
        if a.kind in vouched:
            listed.append(a)
            continue
        verdict = legal(ctx, a)
        if verdict is None or verdict:
            listed.append(a)
    return listed


def prompt(ctx: Ctx, p: Prompt) -> Prompt:
    p = _prompt(ctx, p)
    if p.side and ctx.data.scenario.get("side_names"):     # 19.1 the Mutineer player
        p = Prompt(p.side, p.phase, p.text, p.kinds,
                   {**p.info, "side_name": side_name(ctx.data.scenario, p.side)})
    titles = ctx.data.scenario.get("phase_names")           # 19.12 Mutineer selection
    if isinstance(titles, dict) and titles.get(p.phase) and "phase_title" not in p.info:
        p = Prompt(p.side, p.phase, p.text, p.kinds,
                   {**p.info, "phase_title": str(titles[p.phase])})
    return p


def _prompt(ctx: Ctx, p: Prompt) -> Prompt:
    if p.phase == "setup-bedouin" and tribes_rule(ctx) and not ctx.var("pending"):
        rule = tribes_rule(ctx)
        out = [o for o in tribes_out(ctx)]
        left = int(rule.get("count", 0)) - len(out)
        text = p.text + (f"; {rule.get('rule', '')} leave out {left} more tribe"
                         f"{'s' if left != 1 else ''}" if left > 0 else "")
        p = Prompt(p.side, p.phase, text, (*p.kinds, TRIBE_KIND),
                   {**p.info, "tribes_out": out, "tribes_to_leave": max(0, left)})
    hook = _hook(ctx, "prompt")
    return hook(ctx, p) if hook else p


def choices(ctx: Ctx, side: str) -> list[tuple[str, Action]]:
    """The scenario's own decisions open to ``side`` now, labelled for buttons."""
    out: list[tuple[str, Action]] = []
    if ctx.phase == "setup-bedouin" and side == BEDOUIN and tribes_rule(ctx):
        rule = tribes_rule(ctx)
        for action in tribe_actions(ctx):
            org = action["org"]
            back = org in tribes_out(ctx)
            label = (f"{rule.get('rule', '')} Bring the {ctx.org_name(org)} back" if back else
                     f"{rule.get('rule', '')} Leave the {ctx.org_name(org)} out")
            out.append((label.strip(), action))
    hook = _hook(ctx, "choices")
    return out + (hook(ctx, side) if hook else [])


def target_refusals(ctx: Ctx, firer: str, infos: list) -> list:
    """23.3 the firer's target list with the scenario's own refusals (declared
    friends); unchanged elsewhere."""
    hook = _hook(ctx, "target_refusals")
    return hook(ctx, firer, infos) if hook else infos


def plot(ctx: Ctx, side: str) -> list[dict]:
    """21.11 ``side``'s own secret plot for its printed reduced gameboard (24):
    ``piece``, ``mark``, ``space``, ``level``, ``facing`` each; empty when the
    scenario has none for that side."""
    hook = _hook(ctx, "plot")
    return list(hook(ctx, side)) if hook else []


def hidden_pieces(ctx: Ctx, side: str) -> list[str]:
    """21.11 the pieces a scenario keeps out of ``side``'s view (the plotted
    positions), for ``hidden.view`` / ``secrets``."""
    hook = _hook(ctx, "hidden")
    return list(hook(ctx, side)) if hook else []


register_hidden_pieces(hidden_pieces, lambda ctx: _hook(ctx, "hidden") is not None)


def scenario_fort(setup, state, board, fort):
    """20.2 the gates a scenario fixes open (``setup["board"]``: ``gates`` "open",
    ``gates_fixed``) stay open all game.  With rule 10 in play the Gate units'
    status says so (``doors.gate_open``); without it the fort itself has the
    gate sides open (:class:`~.overlay.StateFort`'s ``opened``, as a gate the
    siege destroyed), so units pass through and see through the open gateway."""
    rule = setup.get("board")
    if not isinstance(rule, dict) or rule.get("gates") != "open" or not rule.get("gates_fixed") \
            or "doors" in (state.vars.get("options") or ()):
        return fort
    sides = frozenset(tuple(sorted(p.data["side"])) for p in state.pieces.values()
                      if p.type == "gate" and p.data.get("status") == "open"
                      and p.data.get("side"))
    if not sides:
        return fort
    from .overlay import StateFort, fort_for

    if isinstance(fort, StateFort):           # 15 a siege's changes kept
        return fort_for(board, closed=fort.closed, opened=fort.opened | sides,
                        breached=fort.breached, collapsed=fort.collapsed, tunnels=fort.tunnels)
    return fort_for(board, opened=sides)


def cup_orgs(ctx: Ctx, orgs: list[str]) -> list[str]:
    """3.1 the Sequence units mixed: those of organizations with a unit in the game."""
    if special(ctx) is None:
        return orgs                   # the Basic Game: all ten, always
    hook = _hook(ctx, "cup")
    if hook:
        return hook(ctx, orgs)
    return [o for o in orgs
            if any(p.status != "unused" for p in ctx.characters(org=o))]


# -- 20.1, 21.1, 22.1, 23.1 tribes left out by the Bedouin player's choice -------------------


def tribes_rule(ctx: Ctx) -> dict:
    rule = ctx.data.scenario.get("tribes_left_out") if ctx.data.scenario else None
    return rule if isinstance(rule, dict) else {}


def tribes_out(ctx: Ctx) -> list[str]:
    return list(ctx.var("tribes_out") or [])


def tribe_ok(ctx: Ctx, action: Action) -> Verdict:
    rule = tribes_rule(ctx)
    num = rule.get("rule", "2.32")
    if not rule:
        return Verdict.no("every tribe plays in this scenario", "2.32")
    if ctx.phase != "setup-bedouin" or ctx.var("pending"):
        return Verdict.no("the tribes left out are chosen in the Bedouin set-up", num)
    if action.side != BEDOUIN:
        return Verdict.no("the Bedouin player chooses the tribes left out", num)
    org = action.get("org")
    allowed = [o for o in roster_tribes() if o not in rule.get("not", ())]
    if org not in allowed:
        names = ", ".join(ctx.org_name(o) for o in allowed)
        return Verdict.no(f"the tribe left out is one of {names}", num)
    out = tribes_out(ctx)
    if org not in out and len(out) >= int(rule.get("count", 0)):
        count = int(rule.get("count", 0))
        many = "one tribe stays" if count == 1 else f"{count} tribes stay"
        return Verdict.no(f"only {many} out; bring one back first", num)
    if org not in out and any(p.status == "active" for p in ctx.characters(org=org)):
        return Verdict.no("a tribe already set up on the board plays", num)
    return Verdict.yes()


def roster_tribes() -> tuple[str, ...]:
    from ..roster import TRIBES

    return TRIBES


def tribe_actions(ctx: Ctx) -> list[Action]:
    out = []
    for org in roster_tribes():
        action = Action.make(TRIBE_KIND, BEDOUIN, org=org)
        if tribe_ok(ctx, action):
            out.append(action)
    return out


def leave_out_tribe(batch: Batch, org: str) -> None:
    """20.1 / 21.1 / 22.1 / 23.1 the tribe is left out (or brought back): its units
    do not play, their ropes go back to the pile, its mount mark (12) goes."""
    ctx = batch.ctx
    rule = tribes_rule(ctx).get("rule", "2.32")
    out = tribes_out(ctx)
    units = ctx.characters(BEDOUIN, org)
    if org in out:
        changes = [Change.set(p.id, "status", "off") for p in units if p.status == "unused"]
        changes.append(Change.var("tribes_out", [o for o in out if o != org] or None))
        batch.add("leave-out-tribe", rule, f"{rule} The {ctx.org_name(org)} play after all",
                  changes, BEDOUIN, org=org)
        return
    changes = []
    for p in units:
        for rope in ctx.carried(p.id):
            changes.append(Change.set(rope, "data.carrier", None))
        if p.data.get("ropes"):
            changes.append(Change.set(p.id, "data.ropes", None))
        if p.status == "off":
            changes.append(Change.set(p.id, "status", "unused"))
    mounted = list(ctx.var("mounted") or ())
    if org in mounted:                  # 12 a tribe that never enters does not ride in
        changes.append(Change.var("mounted", [o for o in mounted if o != org]))
    changes += _bundles_back(ctx, {p.id for p in units})
    changes.append(Change.var("tribes_out", out + [org]))
    # (said whenever the siege rule is on, whether or not one was noted: secret, 15.11)
    also = "; any dynamite noted for one of them goes back to the Bedouin player, to give to " \
        "another unit (15.1)" if ctx.option("siege") else ""
    batch.add("leave-out-tribe", rule, f"{rule} The {ctx.org_name(org)} are left out of this "
              f"fight{also}", changes, BEDOUIN, org=org)


def _bundles_back(ctx: Ctx, units: set[str]) -> list[Change]:
    """15.1 the Bedouin have three bundles for any of their units: one noted (in
    secret, 15.11) for a unit of a tribe now left out is unassigned again, in the
    Bedouin's hand to give to a unit that plays (not lost with the tribe)."""
    from .siege import SECRET as SIEGE_SECRET

    secret = ctx.var(SIEGE_SECRET) or {}
    table = secret.get("dynamite") or {}
    kept = {d: c for d, c in table.items() if c not in units}
    if len(kept) == len(table):
        return []
    return [Change.var(SIEGE_SECRET, {**secret, "dynamite": kept})]


#: what a tribe left out of the fight never does (20.1 / 21.1 / 22.1 / 23.1: it is
#: not used): ride in (12), carry a rope (2.32) or a bundle of dynamite (15.11)
LEFT_OUT_BARS = {"mount": "ride in (12)", "assign-rope": "carry a rope (2.32)",
                 "assign-dynamite": "carry dynamite (15.11)"}


def left_out_refusal(ctx: Ctx, action: Action) -> Verdict | None:
    """20.1-23.1 the refusal of a mount, rope or bundle for a tribe left out."""
    out = tribes_out(ctx)
    if not out:
        return None
    if action.kind == "mount":
        org = action.get("org")
    else:
        pid = action.get("piece")
        org = ctx.org(pid) if pid in ctx.state.pieces else None
    if org not in out:
        return None
    rule = tribes_rule(ctx).get("rule", "2.32")
    return Verdict.no(f"the {ctx.org_name(org)} are left out of this fight: none of them "
                      f"may {LEFT_OUT_BARS[action.kind]}", rule)


def tribes_end_ok(ctx: Ctx) -> Verdict:
    """The Bedouin set-up ends only once the scenario's tribes are left out."""
    rule = tribes_rule(ctx)
    if not rule or ctx.phase != "setup-bedouin":
        return Verdict.yes()
    left = int(rule.get("count", 0)) - len(tribes_out(ctx))
    if left > 0:
        return Verdict.no(f"leave out {left} more tribe{'s' if left != 1 else ''} first",
                          rule.get("rule", "2.32"))
    return Verdict.yes()
