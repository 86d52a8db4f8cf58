"""Mounted Bedouin organizations (12, optional rule ``mounted``).

* 12 in the Bedouin preparation up to three Bedouin organizations are marked
  mounted (only those that ride onto the board: not one set up on it, 20.12) (``mount`` / ``unmount``, kept in ``vars["mounted"]``): 5 MF in the
  desert or off the board, 7 in the fort (the Game Card's mounted rates);
* 12.1 a mounted attacker +1 in melee; 12.3 a mounted firer -1;
* 12.2 costs as on foot, but no full cover, no climbing ropes or stairways, no
  jumps, no tunnel squares (the checks live with each of those steps);
* 12.4 the whole organization dismounts at the start of its movement phase
  (``dismount``, before any of its units acts): no MF, foot rates from then
  on, for the rest of the game.
"""

from __future__ import annotations

from ffl.engine import Action, Change, Verdict

from .. import tables
from .context import BEDOUIN, BEDOUIN_ORGS, Batch, Ctx

KINDS = ("mount", "unmount", "dismount")


def mounted_orgs(ctx: Ctx) -> list[str]:
    return list(ctx.var("mounted") or ()) if ctx.option("mounted") else []


def is_mounted(ctx: Ctx, pid: str) -> bool:
    return ctx.option("mounted") and ctx.org(pid) in (ctx.var("mounted") or ())


def fire_modifiers(ctx: Ctx, pid: str) -> list[tuple[str, int]]:
    """12.3 a mounted firer -1."""
    return [("12.3", tables.FIRE_MODIFIERS["12.3"])] if is_mounted(ctx, pid) else []


def set_up_on_the_board(ctx: Ctx, org: str) -> bool:
    """12 an organization rides in when it enters the board; one whose units the
    scenario sets up on the board (20.12: the Berber escort and the Bedouin
    Commanders of The Negotiations) or that stands on it already never does."""
    from .scenario_limits import limits

    if any(p.on_board for p in ctx.characters(org=org)):
        return True
    for item in limits(ctx, BEDOUIN):
        if org in (item.get("org"), *(item.get("orgs") or ())):
            return True
        if any(ctx.org(pid) == org for pid in item.get("pieces") or ()
               if pid in ctx.state.pieces):
            return True
    return False


def legal(ctx: Ctx, action: Action) -> Verdict:
    org = action.get("org")
    if not ctx.option("mounted"):
        return Verdict.no("the mounted option is not in play", "12")
    if action.side != BEDOUIN or org not in BEDOUIN_ORGS:
        return Verdict.no("only Bedouin organizations ride", "12")
    orgs = mounted_orgs(ctx)
    if action.kind in ("mount", "unmount"):
        if ctx.phase != "setup-bedouin":
            return Verdict.no("organizations are marked mounted in the Bedouin preparation",
                              "12")
        if action.kind == "unmount":
            return Verdict.yes() if org in orgs else Verdict.no("not marked mounted", "12")
        if org in orgs:
            return Verdict.no("already mounted", "12")
        if set_up_on_the_board(ctx, org):
            return Verdict.no(f"{ctx.org_name(org)} is set up on the board: only an "
                              "organization that rides onto it is mounted", "12")
        if len(orgs) >= tables.MOUNTED_ORGS_MAX:
            return Verdict.no(f"at most {tables.MOUNTED_ORGS_MAX} organizations ride", "12")
        return Verdict.yes()
    # 12.4 dismount
    if ctx.phase != "movement" or ctx.chit != org:
        return Verdict.no("an organization dismounts at the start of its own movement "
                          "phase", "12.4")
    if org not in orgs:
        return Verdict.no(f"{ctx.org_name(org)} is not mounted", "12.4")
    if ctx.mover or ctx.done or any(p.data.get("mf_left") is not None
                                    for p in ctx.characters(org=org)):
        return Verdict.no("only at the start of the movement phase, before any unit acts",
                          "12.4")
    return Verdict.yes()


def resolve(batch: Batch, action: Action) -> None:
    ctx = batch.ctx
    org = action["org"]
    orgs = mounted_orgs(ctx)
    name = ctx.org_name(org)
    if action.kind == "mount":
        batch.add("mount", "12", f"12 The {name} ride in mounted",
                  [Change.var("mounted", orgs + [org])], BEDOUIN, org=org)
    elif action.kind == "unmount":
        batch.add("unmount", "12", f"12 The {name} will come on foot",
                  [Change.var("mounted", [o for o in orgs if o != org])], BEDOUIN, org=org)
    else:
        rest = [o for o in orgs if o != org]
        batch.add("dismount", "12.4", f"12.4 The {name} dismount for the rest of the game",
                  [Change.var("mounted", rest)], BEDOUIN, org=org)
        from .movement import start_mf

        ctx = batch.ctx
        start = dict(ctx.var("phase_mf") or {})
        for p in ctx.characters(org=org):
            start.pop(p.id, None)
        start.update({p.id: start_mf(ctx, p.id) for p in ctx.characters(org=org)
                      if p.status in ("active", "off")})
        batch.add("phase-mf", "12.4", f"12.4 The {name} move on foot from now on",
                  [Change.var("phase_mf", start)], BEDOUIN, org=org)


def actions(ctx: Ctx) -> list[Action]:
    if not ctx.option("mounted"):
        return []
    out = []
    if ctx.phase == "setup-bedouin":
        out = [Action.make(k, BEDOUIN, org=o) for o in BEDOUIN_ORGS for k in ("mount", "unmount")]
    elif ctx.phase == "movement" and ctx.chit:
        out = [Action.make("dismount", BEDOUIN, org=ctx.chit)]
    return [a for a in out if legal(ctx, a)]
