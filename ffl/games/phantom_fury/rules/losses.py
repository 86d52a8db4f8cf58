"""Step losses, eliminations, Pinned results and the Victory Points they cost.

5.1.1.1 a USMC squad's first Step Loss flips it, the second eliminates it;
5.1.1.2 with a CAAT support attached the player says which takes it (his
standing order ``caat_first``, set with the ``loss-order`` action); 5.1.4.3 a
CAAT support is eliminated by a Step Loss and goes with its squad; 5.2.1 an
'Insurgents' unit is eliminated by one and goes back in its container; 7.2.1
every change of the VP total as it happens.
"""

from __future__ import annotations

from ....engine import Change, Piece
from .. import tables as T
from .context import Turn
from .draws import to_pool


def remove_caat(t: Turn, caat: Piece, rule: str, why: str, vp: bool) -> None:
    """A CAAT support leaves the game with its 'Ammo' and 'Explosives' markers."""
    squad = caat.data.get("squad")
    changes = [Change.set(caat.id, "status", "eliminated"), Change.set(caat.id, "space", None),
               Change.set(caat.id, "data.ammo", 0), Change.set(caat.id, "data.explosives", None)]
    if squad:
        changes.append(Change.set(squad, "data.caat", None))
    t.add("caat", rule, f"{caat.id} is removed: {why}", changes, piece=caat.id)
    if vp:
        t.vp(T.VP_TABLE["caat_eliminated"], T.VICTORY_POINTS, f"{caat.id} eliminated")


def eliminate_squad(t: Turn, pid: str, rule: str, why: str, direct: bool = False,
                    vp_key: str | None = None) -> None:
    """A squad is eliminated (its CAAT and 'Hero' marker go with it, 5.1.4.3, 5.1.5)."""
    ctx = t.ctx
    squad = ctx.piece(pid)
    caat = ctx.caat_of(squad)
    if caat is not None:
        remove_caat(t, caat, T.CAAT_REMOVED, f"its squad {squad.type} is eliminated", vp=False)
    t.add("eliminated", rule, f"{ctx.name(pid)} is eliminated ({why})",
          [Change.set(pid, "status", "eliminated"), Change.set(pid, "space", None),
           Change.set(pid, "data.hero", None), Change.set(pid, "data.fp", None)],
          piece=pid)
    if ctx.is_iif(squad):
        t.vp(T.VP_TABLE["iif_eliminated"], T.VICTORY_POINTS, f"IIF squad {squad.type} eliminated")
    else:
        key = vp_key or "squad_eliminated"
        t.vp(T.VP_TABLE[key], T.VICTORY_POINTS,
             f"USMC squad {squad.type} {'withdrawn' if key != 'squad_eliminated' else 'eliminated'}"
             + (" directly" if direct else ""))


def step_loss(t: Turn, pid: str, rule: str, why: str) -> bool:
    """One Step Loss for a USMC/IIF squad (or its CAAT support, 5.1.1.2).  True if the
    squad itself was eliminated."""
    ctx = t.ctx
    squad = ctx.piece(pid)
    if squad.status != "active":
        return True
    caat = ctx.caat_of(squad)
    if caat is not None and squad.data.get("caat_first"):
        remove_caat(t, caat, T.CAAT_LOSS, f"it takes the Step Loss of {squad.type} ({why}; "
                                          f"the player's order)", vp=True)
        return False
    if squad.data.get("reduced"):
        eliminate_squad(t, pid, rule, f"a second Step Loss: {why}")
        return True
    t.add("step-loss", rule, f"{ctx.name(pid)} suffers a Step Loss ({why}) and is flipped",
          [Change.set(pid, "data.reduced", True)], piece=pid)
    if not ctx.is_iif(squad):
        t.vp(T.VP_TABLE["squad_reduced"], T.VICTORY_POINTS, f"USMC squad {squad.type} reduced")
    return False


def pin(t: Turn, pid: str, rule: str, why: str) -> None:
    """11.5: the squad is Pinned (a Pinned squad ignores further Pinned results)."""
    p = t.ctx.piece(pid)
    if p.status != "active" or p.data.get("fp") == "pinned":
        return
    t.add("pinned", rule, f"{t.ctx.name(pid)} is Pinned ({why})",
          [Change.set(pid, "data.fp", "pinned")], piece=pid)


def eliminate_insurgent(t: Turn, pid: str, rule: str, why: str) -> None:
    """5.2.1: an 'Insurgents' unit's Step Loss eliminates it; it goes back in its
    container; a 'Guerillas' unit is worth +1 VP (7.2.1)."""
    ctx = t.ctx
    unit = ctx.piece(pid)
    face = ctx.face(unit)
    name, loc = ctx.name(pid), unit.space
    t.add("eliminated", rule, f"{name} in {t.map.label(loc)} is eliminated ({why})",
          to_pool(pid, "insurgents"), piece=pid)
    if face == T.GUERILLAS:
        t.vp(T.VP_TABLE["guerillas_eliminated"], T.VICTORY_POINTS, "'Guerillas' unit eliminated")


def remove_suspect(t: Turn, pid: str, rule: str, why: str) -> None:
    loc = t.ctx.piece(pid).space
    t.add("suspect", rule, f"the 'Suspect' marker in {t.map.label(loc)} is removed ({why})",
          to_pool(pid, "suspects"), piece=pid)


def move_stack(t: Turn, pid: str, to: str, rule: str, text: str,
               extra: list[Change] | None = None, **info) -> None:
    """Move a squad with its CAAT support (5.1.4: always stacked with it)."""
    ctx = t.ctx
    squad = ctx.piece(pid)
    changes = [Change.set(pid, "space", to), *(extra or [])]
    caat = ctx.caat_of(squad)
    if caat is not None:
        changes.append(Change.set(caat.id, "space", to))
    t.add("move", rule, text, changes, piece=pid, to=to, **info)
