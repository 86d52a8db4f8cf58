"""27.0 Off Map Boxes: moving between the map and the boxes beside it.

Italy (Axis entry box, 27.4) is reached only by sea; Tripoli joins Sirte and Sirte
the Axis friendly map edge (27.5); the Nile Delta (Allied entry box, 27.3) joins the
Allied edge.  Entering a box from a friendly edge hex costs 1 MP (27.1); only motorized
units (or units carried by them) leave a box, paying the first hex's cost; a unit
moves one box per segment; a unit that left Sirte or the Nile Delta may not go back
into it the same segment.  Enemy units never enter a box (27.2); Crete is never
entered (27.6).
"""

from __future__ import annotations

from ffl.engine import Verdict

from .context import Ctx


def box_side(ctx: Ctx, box: str) -> str:
    return str(ctx.hexmap.boxes.get(box, {}).get("side", ""))


def boxes_from(ctx: Ctx, side: str, hexkey: str) -> list[str]:
    """Boxes a unit of ``side`` in ``hexkey`` may step into (27.1, 27.3, 27.5)."""
    out = []
    if hexkey not in ctx.hexmap.friendly_edge.get(side, []):
        return out
    for box, info in ctx.hexmap.boxes.items():
        if info.get("edge") == side and info.get("side") == side:
            out.append(box)
    return out


def exits(ctx: Ctx, box: str) -> list[str]:
    """Where a unit in ``box`` may step: its edge hexes and the boxes it joins."""
    info = ctx.hexmap.boxes.get(box, {})
    out = list(info.get("links") or [])
    edge = info.get("edge")
    if edge:
        out.extend(ctx.hexmap.friendly_edge.get(edge, []))
    return out


def box_step(ctx: Ctx, members: list[str], here: str, nxt: str, recs: dict) -> Verdict:
    """One step into, out of or between boxes; updates ``recs`` in place."""
    from .movement import LEFT_BOX, STOPPED, allowance, motorized_move

    hm = ctx.hexmap
    side = ctx.piece(members[0]).side
    if any(r[4] & STOPPED for r in recs.values()):
        return Verdict.no("the move must end where it is", "27.1")
    if nxt in hm.boxes:
        info = hm.boxes[nxt]
        if info.get("closed"):
            return Verdict.no(f"{nxt} can never be entered", "27.6")
        if info.get("side") != side:
            return Verdict.no(f"{nxt} is an enemy Off Map Box", "27.2")
        if here in hm.boxes:
            if nxt not in (hm.boxes[here].get("links") or []):
                return Verdict.no(f"{here} does not join {nxt}", "27.5")
            for pid in members:
                if not motorized_move(ctx, pid) and not ctx.piece(pid).data.get("carried_by"):
                    return Verdict.no("only motorized units move from box to box", "27.1")
                if recs[pid][0]:
                    return Verdict.no("a unit moves one box per segment", "27.1")
                recs[pid][0] = allowance(ctx, pid)
                recs[pid][4] |= STOPPED
            return Verdict.yes()
        if nxt not in boxes_from(ctx, side, here):
            return Verdict.no(f"{nxt} is reached only from the friendly map edge "
                              f"{'by sea' if info.get('entry') else ''}".strip(), "27.1")
        for pid in members:
            if recs[pid][4] & LEFT_BOX:
                return Verdict.no(f"a unit that left {nxt} may not go back this segment", "27.1")
            cost = int(ctx.tables["box_entry"])
            if recs[pid][0] + cost > allowance(ctx, pid):
                return Verdict.no(f"{ctx.label(pid)} has not the MP to enter {nxt}", "27.1")
            recs[pid][0] += cost
            recs[pid][4] |= STOPPED
        return Verdict.yes()
    # leaving a box onto the map
    if nxt not in exits(ctx, here):
        return Verdict.no(f"{here} does not join {hm.name(nxt)}", "27.1")
    foe = ctx.side_at(nxt)
    if foe is not None and foe != side and ctx.units_at(nxt):
        return Verdict.no(f"{hm.name(nxt)} holds enemy units", "4.1")
    for pid in members:
        if not motorized_move(ctx, pid) and not ctx.piece(pid).data.get("carried_by"):
            return Verdict.no("only motorized units move out of an Off Map Box", "27.1")
        key = "mot"
        cost = ctx.tables["terrain"][hm.terrain[nxt]][key]
        if cost is None:
            return Verdict.no("that hex is prohibited", "4.4")
        if recs[pid][0] + int(cost) > allowance(ctx, pid):
            return Verdict.no(f"{ctx.label(pid)} has not the MP to enter {hm.name(nxt)}", "27.1")
        recs[pid][0] += int(cost)
        recs[pid][1] += 1
        recs[pid][4] |= LEFT_BOX
    return Verdict.yes()
