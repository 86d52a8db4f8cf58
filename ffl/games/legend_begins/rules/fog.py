"""39.0 Fog of war (an advanced rule, switched per game): what one side may see of the
other's army.

With the rule on, a player sees of each enemy stack on the map only its top piece and
none of the enemy's Organization Cards: the pieces under the top and every unit on a
division's display are left out of ``view(state, side)`` (their ids too, wherever the
state's variables name them).  A stack that the player has attacked at 1-3 or better
this segment is shown whole (39.0: revealed by the attack).  Pieces off the map (the
Off Map Boxes, the Cadre Box, the schedule) stay as they are: the Turn Record Track
and the boxes are open to both players.

Readings (docs/games/legend_begins-reconstructions.md): the top of a stack is its HQ
(an HQ marker or a division HQ, 39.0 urges their use), else its largest unit by
stacking points, then by counter id; a stack stays revealed until the end of the
segment in which it was attacked.  The dice seed is blanked in a fogged view (the
rolls to come could otherwise be foreseen).
"""

from __future__ import annotations

from typing import Any

from ffl.engine import GameState

from .context import ACTIVE, Ctx

FOG = "fog_of_war"
#: var: the hexes revealed this segment by an attack at 1-3 or better
SEEN = "fog_seen"
#: the Combat Table column from which an attack reveals the stack (index of 1-3)
REVEAL_FROM = "1-3"


def top(ctx: Ctx, pids: list[str]) -> str | None:
    """The piece a stack shows on top (see the module's readings)."""
    if not pids:
        return None

    def rank(pid: str) -> tuple:
        hq = ctx.kind(pid) == "hq_marker" or ctx.utype(pid) in ("div_hq", "army_hq")
        return (0 if hq else 1, -ctx.stack_points(pid) if ctx.is_combat(pid) else 1, pid)

    return min(pids, key=rank)


def hidden(ctx: Ctx, side: str) -> list[str]:
    """The enemy pieces ``side`` may not see now (empty when 39.0 is not in play)."""
    if not ctx.option(FOG):
        return []
    seen = set(ctx.var(SEEN) or [])
    out: list[str] = []
    stacks: dict[str, list[str]] = {}
    for pid, p in sorted(ctx.state.pieces.items()):
        if p.side == side or p.side not in ("axis", "allied") or p.status != ACTIVE:
            continue
        if p.data.get("hq") and ctx.piece(p.data["hq"]).space not in seen:
            out.append(pid)                      # on an Organization Card
            continue
        if ctx.kind(pid) == "air":
            continue                             # 40.2 air units fly above, in the open
        if p.space in ctx.hexmap.terrain and p.space not in seen:
            stacks.setdefault(p.space, []).append(pid)
    for _key, pids in sorted(stacks.items()):
        shown = top(ctx, pids)
        out.extend(p for p in pids if p != shown)
    return sorted(out)


def view(ctx: Ctx, side: str) -> GameState:
    out = ctx.state.copy()
    gone = set(hidden(ctx, side))
    if not ctx.option(FOG):
        return out
    out.seed = 0
    for pid in gone:
        out.pieces.pop(pid, None)
    for p in out.pieces.values():
        for name in ("hq", "carried_by"):
            if p.data.get(name) in gone:
                p.data[name] = None
    out.vars = _scrub(out.vars, gone)
    return out


def secrets(ctx: Ctx, side: str) -> list[str]:
    """The hidden pieces' ids as they would be written in the state's JSON."""
    return [f'"{p}"' for p in hidden(ctx, side)]


def _scrub(value: Any, gone: set[str]) -> Any:
    if isinstance(value, str):
        return "?" if value in gone else value
    if isinstance(value, list):
        return [_scrub(v, gone) for v in value if not (isinstance(v, str) and v in gone)]
    if isinstance(value, dict):
        return {k: _scrub(v, gone) for k, v in value.items() if k not in gone}
    return value


def reveal(rb, attack, column: str) -> None:
    """39.0 an attack at 1-3 or better shows the defending stacks for the segment."""
    ctx = rb.ctx
    if not ctx.option(FOG):
        return
    cols = list(ctx.tables["crt"]["columns"])
    if column not in cols or cols.index(column) < cols.index(REVEAL_FROM):
        return
    seen = list(ctx.var(SEEN) or [])
    new = [t for t in attack.targets if t not in seen]
    if new:
        rb.add("reveal", "39.0", "the defending stack is revealed: "
               + ", ".join(ctx.hexmap.name(t) for t in new),
               [_var(SEEN, seen + new)], attack.side)


def _var(name: str, value: Any):
    from ffl.engine import Change

    return Change.var(name, value)
