"""Combat strength, the combat table and who can be lost (no questions, no events).

Combat: Combat strength: infantry 1, cavalry 2, artillery 3; Combat: Naval
combats: a British squadron 4, French 2, Ottoman 1.  Combat: British mixed
forces: under a British commander only British and Albanian elements count in a
combat (Ottomans too in a siege); if less than half the land elements of a
besieging or besieged mixed force are British infantry, the majority
nationality's row is read.  Combat: Using the combat table: the column of the
side's total strength, the row of its nationality and command status.
Sieges: the walls add 5 to the defenders; cavalry counts only in the assault
round; Mamluks never count in a siege; naval squadrons next to the BUA add
their strength.  Mamluks Changing Sides: Mamluk cavalry then counts for a French
commander in a field combat.
"""

from __future__ import annotations

from ...engine import GameState
from ...engine.pieces import Piece
from . import tables as T
from .model import Ctx, commanders, elements, pieces_in, ranked, squadron_count, squadrons

FIELD, NAVAL, SIEGE, SALLY, RELIEF = "field", "naval", "siege", "sally", "relief"


def nation_row(nation: str) -> str:
    return {"albanian": "ottoman", "coalition": "british"}.get(nation, nation)


def siege_walls(ctx: Ctx) -> int:
    return ctx.number("walls", T.WALLS)


def naval_strength(ctx: Ctx, p: Piece) -> int:
    table = ctx.table("squadron_strength", T.SQUADRON_STRENGTH)
    return int(table.get(ctx.nation(p), 1)) * squadron_count(ctx, p)


def support_spaces(ctx: Ctx, space: str) -> tuple[str, ...]:
    """Sieges: Naval elements in sieges: the sea spaces next to a besieged BUA."""
    if space == T.MALTA_LAND:
        return (T.MALTA_SEA,)
    return ctx.coastal.get(space, ())


def support(ctx: Ctx, state: GameState, space: str, side: str) -> list[Piece]:
    out = []
    for sea in support_spaces(ctx, space):
        out += squadrons(ctx, state, sea, side)
    return out


def combatants(ctx: Ctx, state: GameState, task: dict, side: str) -> list[Piece]:
    """The elements of ``side`` taking part in the combat ``task``."""
    space, mode = task["space"], task["mode"]
    if mode == NAVAL:
        if space == T.MALTA_SEA and task.get("malta_assault") and side == T.FRENCH:
            return squadrons(ctx, state, space, side) + elements(ctx, state, T.MALTA_LAND,
                                                                 side)
        return [p for p in squadrons(ctx, state, space, side)
                if p.level == 0 or task.get("malta_assault")]
    if mode == SIEGE:
        inside = side == task["def"]
        level = 1 if inside else 0
        return [p for p in elements(ctx, state, space, side, level)
                if ctx.ekind(p) not in ("savants", "squadron") and ctx.nation(p) != "mamluk"]
    if mode == RELIEF and side == task["att"]:
        return [p for p in elements(ctx, state, space, side)
                if ctx.ekind(p) not in ("savants", "squadron")]
    if mode == SALLY and side == task["att"]:
        return [p for p in elements(ctx, state, space, side, 1)
                if ctx.ekind(p) not in ("savants", "squadron")]
    return [p for p in elements(ctx, state, space, side, 0)
            if ctx.ekind(p) not in ("savants", "squadron")]


def command(ctx: Ctx, state: GameState, task: dict, side: str, *,
            with_glory: bool = False) -> Piece | None:
    """The commander of ``side`` in the combat (the most senior present; at a siege
    the naval commanders next to it count, Sieges: Senior naval commanders; Mamluk
    commanders sheltering in a BUA never command, Sieges: Mamluk restrictions)."""
    space, mode = task["space"], task["mode"]
    if mode == NAVAL:
        cmds = [c for c in commanders(ctx, state, space, side) if ctx.naval(c)]
        if with_glory:
            from .model import total_glory

            cmds = [c for c in cmds if total_glory(c) > 0]
        return (ranked(ctx, state, cmds, space) or [None])[0]
    if mode == SIEGE:
        inside = side == task["def"]
        cmds = commanders(ctx, state, space, side, 1 if inside else 0)
        cmds = [c for c in cmds if ctx.nation(c) != "mamluk"]
        cmds += [c for c in support(ctx, state, space, side) if ctx.kind(c) == "commander"]
    elif mode in (SALLY, RELIEF) and side == task["att"]:
        levels = (1,) if mode == SALLY else (0, 1)
        cmds = [c for c in commanders(ctx, state, space, side) if c.level in levels]
    else:
        cmds = commanders(ctx, state, space, side, 0)
    if with_glory:
        from .model import total_glory

        cmds = [c for c in cmds if total_glory(c) > 0]
    return (ranked(ctx, state, cmds, space) or [None])[0]


def _british_led(ctx: Ctx, cmd: Piece | None) -> bool:
    return cmd is not None and ctx.nation(cmd) == "british"


def counting(ctx: Ctx, state: GameState, task: dict, side: str) -> list[Piece]:
    """The combatants whose strength counts (and who are lost first)."""
    mode = task["mode"]
    pieces = combatants(ctx, state, task, side)
    cmd = command(ctx, state, task, side)
    if mode == NAVAL:
        return pieces
    if side == T.ALLIED and _british_led(ctx, cmd) and mode != SIEGE:
        pieces = [p for p in pieces if ctx.nation(p) in ("british", "albanian")]
    if side == T.FRENCH:
        mamluk_ok = mode != SIEGE and cmd is not None
        pieces = [p for p in pieces if ctx.nation(p) != "mamluk"
                  or (mamluk_ok and ctx.ekind(p) == "cavalry")]
    elif side == T.ALLIED and mode == SIEGE:
        pieces = [p for p in pieces if ctx.nation(p) != "mamluk"]
    return pieces


def strength(ctx: Ctx, state: GameState, task: dict, side: str) -> int:
    """Total combat strength of ``side`` (Combat: Combat strength, Sieges)."""
    mode = task["mode"]
    pieces = counting(ctx, state, task, side)
    if mode == NAVAL:
        total = sum(naval_strength(ctx, p) for p in pieces if ctx.ekind(p) == "squadron"
                    or ctx.kind(p) == "commander")
        if task.get("malta_assault") and side == T.FRENCH:
            total += siege_walls(ctx) + sum(ctx.strength(p) for p in pieces
                                            if ctx.kind(p) == "element"
                                            and ctx.ekind(p) != "squadron")
        return total
    total = 0
    for p in pieces:
        if mode == SIEGE and not task.get("assault") and ctx.ekind(p) == "cavalry":
            continue        # Sieges: Cavalry in sieges
        total += ctx.strength(p)
    if mode == SIEGE:
        total += sum(naval_strength(ctx, p) for p in support(ctx, state, task["space"], side))
        if side == task["def"]:
            total += siege_walls(ctx)
    return total


def row(ctx: Ctx, state: GameState, task: dict, side: str) -> str:
    """The combat table row of ``side`` (Combat: Using the combat table)."""
    if task.get("malta_assault"):
        # Malta: Naval assault: the siege losses of the French and British boxes
        if side == T.FRENCH:
            return "french"
        return "british-commander" if command(ctx, state, task, side) else "british"
    if task["mode"] == NAVAL:
        return "naval"
    if side == T.FRENCH:
        return "french"
    cmd = command(ctx, state, task, side)
    pieces = counting(ctx, state, task, side)
    if task["mode"] == SIEGE and _british_led(ctx, cmd):
        land = [p for p in pieces if ctx.ekind(p) != "squadron"]
        british_inf = sum(1 for p in land if p.type == "br-inf")
        if land and british_inf * 2 < len(land):
            return f"{_majority(ctx, land)}-commander"
    if cmd is not None and ctx.kind(cmd) == "commander":
        return f"{nation_row(ctx.nation(cmd))}-commander"
    return _majority(ctx, pieces) if pieces else "ottoman"


def _majority(ctx: Ctx, pieces: list[Piece]) -> str:
    weight: dict[str, int] = {}
    for p in pieces:
        n = nation_row(ctx.nation(p))
        weight[n] = weight.get(n, 0) + max(1, ctx.strength(p))
    return max(sorted(weight), key=lambda n: weight[n])


def column(ctx: Ctx, total: int) -> str:
    cols = ctx.table("combat_columns", None)
    if cols:
        for name, span in cols.items():
            if int(span["from"]) <= total <= int(span["to"]):
                return name
        return list(cols)[0] if total < 1 else list(cols)[-1]
    for name, (a, b) in T.COMBAT_COLUMNS.items():
        if a <= total <= b:
            return name
    return "1-3" if total < 1 else "46+"


def cell(ctx: Ctx, row_name: str, col: str) -> dict:
    table = ctx.table("combat", T.COMBAT_TABLE)
    return dict(table.get(row_name, T.COMBAT_TABLE[row_name])[col])


def hits(ctx: Ctx, row_name: str, col: str, dice: list[int], siege: bool) -> tuple[int, int]:
    """(hits, the total needed): Combat: Score to inflict casualties."""
    c = cell(ctx, row_name, col)
    if sum(dice) < int(c["need"]):
        return 0, int(c["need"])
    five, six = ("siege5", "siege6") if siege else ("hit5", "hit6")
    return (sum(int(c[five]) for d in dice if d == 5) + sum(int(c[six]) for d in dice if d == 6),
            int(c["need"]))


def losable(ctx: Ctx, state: GameState, task: dict, side: str) -> list[Piece]:
    """The pieces of ``side`` that can be taken as losses, those to go first first
    (Combat: British casualties; Sieges: naval squadrons and Mamluks are never
    lost in a siege)."""
    mode = task["mode"]
    if mode == NAVAL:
        if task.get("malta_assault") and side == T.FRENCH:
            return [p for p in combatants(ctx, state, task, side)
                    if ctx.kind(p) in ("element", "commander")
                    and (ctx.kind(p) == "element" or ctx.naval(p))]
        return [p for p in combatants(ctx, state, task, side)
                if ctx.ekind(p) == "squadron" or ctx.kind(p) == "commander"]
    pieces = combatants(ctx, state, task, side)
    if mode == SIEGE:
        return [p for p in pieces if ctx.ekind(p) != "squadron" and ctx.nation(p) != "mamluk"]
    first = counting(ctx, state, task, side)
    rest = [p for p in pieces if p not in first]
    return first + rest


def capacity(ctx: Ctx, pieces: list[Piece]) -> int:
    """How many hits ``pieces`` can absorb (a two-squadron marker takes two)."""
    return sum(squadron_count(ctx, p) if ctx.kind(p) == "commander" else 1 for p in pieces)


def alone_defence(ctx: Ctx, state: GameState, task: dict) -> bool:
    """Sieges: Commanders defending on their own (no elements inside)."""
    return task["mode"] == SIEGE and not combatants(ctx, state, task, task["def"]) and bool(
        commanders(ctx, state, task["space"], task["def"], 1))


def everyone(state: GameState, space: str, side: str) -> list[Piece]:
    return pieces_in(state, space, side)
