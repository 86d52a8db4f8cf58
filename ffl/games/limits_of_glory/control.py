"""Who controls the BUAs, the victory points, and how the game is won.

How to Win: Controlling BUAs: when a BUA with a VP banner changes hands, the side
losing it loses the VPs of its colour and the side taking it gains those of its
colour.  Default control: the Allies hold every space without French elements;
the Mamluks the BUAs of Egypt, the Ottomans those of Syria.  French garrison:
the French hold a BUA only while something of theirs is there.  Malta garrison
(+2 French, +5 British on capture), Valley of the Kings (+6 with the savants and
an escort), Bonaparte returns (+9), Bonaparte exhausted, killed or captured
(-9).  Victory: French Total Victory, Allied Total Victory (checked at the end
of each turn), Partial Victory at the Peace of Amiens, Tie; Conceding.

``vars["control"]``: BUA space -> nationality holding it (``french``,
``mamluk``, ``ottoman``, ``british``); ``vars["vp"]``: side -> VPs (kept as
they are; the number track shows 0 to 50).  Among the Allies a BUA changes
hands only when it is taken from the French (by the nationality whose elements
are there then; the default holder if it was simply left): so the Allied total
victory needs British or Ottoman armies to take Cairo and Alexandria from the
French, not merely to walk into a Mamluk Cairo (our reading).
"""

from __future__ import annotations

from ...engine import Change, GameState, Outcome
from . import tables as T
from .flow import OVER, flag, set_flag
from .model import Ctx, pieces_in
from .tasks import GloryBatch, note, var_copy


def default_nation(ctx: Ctx, space: str) -> str:
    return "ottoman" if ctx.region(space) == "syria" else "mamluk"


def holder(ctx: Ctx, state: GameState, space: str) -> str:
    return state.vars.get("control", {}).get(space) or default_nation(ctx, space)


def vp_of(ctx: Ctx, space: str, nation: str) -> int:
    bua = ctx.bua(space) or {}
    vp = bua.get("vp", {})
    return int(vp.get("ottoman" if nation == "albanian" else nation, 0))


def _present(ctx: Ctx, state: GameState, space: str) -> str | None:
    """The nationality that holds the BUA as the pieces stand (None: unchanged)."""
    pieces = [p for p in pieces_in(state, space) if ctx.kind(p) in ("element", "commander")]
    french = [p for p in pieces if p.side == T.FRENCH]
    allied = [p for p in pieces if p.side == T.ALLIED]
    if french and allied:
        fin = any(p.level == 1 for p in french)
        ain = any(p.level == 1 for p in allied)
        if fin and not ain:
            return "french"
        if ain and not fin:
            return _allied_nation(ctx, [p for p in allied if p.level == 1])
        return None
    if french:
        return "french"
    if allied:
        return _allied_nation(ctx, allied)
    return ""


def _allied_nation(ctx: Ctx, pieces: list) -> str:
    nations = {ctx.nation(p) for p in pieces}
    for n in ("british", "ottoman", "albanian", "mamluk"):
        if n in nations:
            return "ottoman" if n == "albanian" else n
    return "mamluk"


def update(batch: GloryBatch, ctx: Ctx) -> None:
    """Bring the control of every BUA (and the VPs) in line with the pieces."""
    state = batch.state
    control = var_copy(state, "control", {})
    changed = False
    for space, s in ctx.board.spaces.items():
        bua = s.get("bua")
        if not bua or space == T.MALTA_LAND:
            continue
        old = holder(ctx, state, space)
        now = _present(ctx, state, space)
        if now is None:
            continue
        if now == "":
            now = default_nation(ctx, space) if old == "french" else old
        if old != "french" and now != "french":
            continue        # among the Allies a BUA changes hands only when taken from the French
        if now == old:
            continue
        control[space] = now
        changed = True
        _transfer(batch, ctx, space, old, now)
    if changed:
        batch.quiet([Change.var("control", control)])
    _valley(batch, ctx)


def _transfer(batch: GloryBatch, ctx: Ctx, space: str, old: str, new: str) -> None:
    vp = var_copy(batch.state, "vp", {T.FRENCH: 0, T.ALLIED: T.ALLIED_START_VP})
    lose, gain = vp_of(ctx, space, old), vp_of(ctx, space, new)
    vp[T.NATIONS.get(old, T.ALLIED)] -= lose
    vp[T.NATIONS.get(new, T.ALLIED)] += gain
    name = ctx.bua(space)["name"]
    note(batch, T.WIN_CONTROL, f"{T.WIN_CONTROL}: {name} passes from the "
         f"{T.NATION_NAMES[old]} ({-lose:+d} VP) to the {T.NATION_NAMES[new]} ({gain:+d} VP): "
         f"French {vp[T.FRENCH]}, Allies {vp[T.ALLIED]}", [Change.var("vp", vp)],
         space=space, old=old, new=new)


def add_vp(batch: GloryBatch, side: str, n: int, rule: str, why: str) -> None:
    vp = var_copy(batch.state, "vp", {T.FRENCH: 0, T.ALLIED: T.ALLIED_START_VP})
    vp[side] += n
    note(batch, rule, f"{rule}: the {T.NATION_NAMES.get(side, side)} {'gain' if n >= 0 else 'lose'} "
         f"{abs(n)} VP ({why}): French {vp[T.FRENCH]}, Allies {vp[T.ALLIED]}",
         [Change.var("vp", vp)], side=side)


def _valley(batch: GloryBatch, ctx: Ctx) -> None:
    """How to Win: Valley of the Kings: the savants with an escort there: +6."""
    state = batch.state
    here = [p for p in pieces_in(state, T.VALLEY, T.FRENCH)
            if ctx.kind(p) in ("element", "commander")]
    savants = any(p.type == "fr-sav" for p in here)
    held = savants and len(here) >= 2
    if held != bool(flag(state, "valley")):
        set_flag(batch, "valley", held)
        n = ctx.number("valley_vp", T.VALLEY_VP)
        add_vp(batch, T.FRENCH, n if held else -n, T.WIN_VALLEY,
               "the savants reach the Valley of the Kings" if held
               else "the savants are no longer in the Valley of the Kings")


def bonaparte_lost(batch: GloryBatch, ctx: Ctx, rule: str, why: str) -> None:
    """How to Win: Bonaparte exhausted (killed, captured): -9 VP, once."""
    if flag(batch.state, "bonaparte_lost") or flag(batch.state, "bonaparte_returned"):
        return
    set_flag(batch, "bonaparte_lost", True)
    add_vp(batch, T.FRENCH, -ctx.number("return_vp", T.RETURN_VP), rule, f"Bonaparte {why}")


# -- victory -----------------------------------------------------------------------------------

def french_total(ctx: Ctx, state: GameState) -> bool:
    return all(holder(ctx, state, s) == "french" for s in T.VP_BUAS) and bool(
        flag(state, "valley"))


def allied_total(ctx: Ctx, state: GameState) -> bool:
    return all(holder(ctx, state, s) in ("british", "ottoman") for s in ("cairo", "alexandria"))


def end_of_turn_victory(batch: GloryBatch, ctx: Ctx) -> bool:
    """Victory: the instant victories, checked at the end of a turn."""
    state = batch.state
    if french_total(ctx, state):
        finish(batch, T.FRENCH, T.VICTORY_FRENCH, "the French hold every BUA with a banner "
               "and the savants are in the Valley of the Kings: French total victory")
        return True
    if allied_total(ctx, state):
        finish(batch, T.ALLIED, T.VICTORY_ALLIED, "British and Ottoman armies hold Cairo and "
               "Alexandria: Allied total victory")
        return True
    return False


def peace(batch: GloryBatch, ctx: Ctx) -> None:
    """Event 14R with four dice: the Peace of Amiens; the most VPs wins, a tie goes to
    the side holding Cairo (Victory: Partial Victory, Tie)."""
    vp = batch.state.vars.get("vp", {})
    f, a = vp.get(T.FRENCH, 0), vp.get(T.ALLIED, 0)
    if f != a:
        winner = T.FRENCH if f > a else T.ALLIED
        finish(batch, winner, T.VICTORY_PARTIAL, f"the Peace of Amiens: French {f} VP, Allies "
               f"{a} VP: {T.NATION_NAMES[winner]} victory")
        return
    winner = T.FRENCH if holder(ctx, batch.state, "cairo") == "french" else T.ALLIED
    finish(batch, winner, T.VICTORY_TIE, f"the Peace of Amiens with {f} VP each: the side "
           f"holding Cairo wins: {T.NATION_NAMES[winner]} victory")


def finish(batch: GloryBatch, winner: str | None, rule: str, text: str) -> None:
    note(batch, rule, f"{rule}: {text}", [
        Change.var("phase", OVER), Change.var("result", {"winner": winner, "rule": rule,
                                                         "text": f"{rule}: {text}"}),
        Change.var("pending", []), Change.var("activation", None)], side=winner or "")


def outcome(state: GameState) -> Outcome | None:
    r = state.vars.get("result")
    if not r:
        return None
    return Outcome(r.get("winner"), r.get("text", ""), r.get("rule", ""))
