"""Tunnels (15.2, optional rule ``siege``).

The tunnels plotted are secret: ``vars["siege_secret"]["tunnels"]``, a list of
``{"label", "squares", "collapsed", "roll"}``; a tunnel shown by its exit is
public: ``vars["siege"]["revealed"][label] = {"squares", "exit"}``.  The
squares of a tunnel that did not collapse have a level -1 (the fort as the
game left it, :mod:`.overlay`).

* 15.21 in their preparation the Bedouin mark up to sixteen squares of tunnels
  in secret (``plot-tunnel``: the squares and the tunnel's number,
  ``clear-tunnels`` to start again): each from a board edge straight inward,
  never diagonal, one square wide, ending anywhere but in a square of the
  thick outer walls (walls, towers, the gate);
* 15.22 then one roll for each number up to the highest (15.22 NOTE: numbers
  left out are rolls for tunnels that do not exist, so the Legion cannot tell
  which count); 15.221 the line of the number of tunnels, 15.222 the column of
  its length: that or more and it collapses; 15.223 two or more, all
  collapsed: the Bedouin keep one (``keep-tunnel``);
* 15.23 a Bedouin organization may enter the board into a tunnel's first
  square (level -1, its edge its side of entry); units move through tunnel
  squares as usual; 3 MF when starting in one (6.121's rate); no mounted unit
  enters one (12.2);
* 15.24 once a unit stands at a tunnel's last square the Bedouin may reveal
  its exit (``reveal-tunnel``): a hole (level -1) climbed in and out of for the
  cost of a square; the Legion learns the tunnel's path and may go down it;
* 15.25 units in tunnel squares other than a revealed exit are hidden from the
  Legion (the view, and the Legion's fire); fire and melee are otherwise
  normal.
"""

from __future__ import annotations

from ffl.engine import Action, Change, Verdict

from .. import tables
from .context import BEDOUIN, Batch, Ctx
from .entry import square_edges

KINDS = ("plot-tunnel", "clear-tunnels", "keep-tunnel", "reveal-tunnel")
SECRET = "siege_secret"
NO_END = ("wall", "tower", "gate")     # 15.21 the squares of the thick outer walls
STEP = {"N": (0, 1), "S": (0, -1), "W": (1, 0), "E": (-1, 0)}   # inward from each edge


def tunnels(ctx: Ctx) -> list[dict]:
    return list((ctx.var(SECRET) or {}).get("tunnels") or ())


def revealed(ctx: Ctx) -> dict:
    return dict((ctx.var("siege") or {}).get("revealed") or {})


def in_secret_tunnel(ctx: Ctx, piece) -> bool:
    """15.25 the unit stands in a tunnel square that is not a revealed exit."""
    if piece.level >= 0 or not piece.on_board:
        return False
    return piece.space not in {t["exit"] for t in revealed(ctx).values()}


def _secret(ctx: Ctx, **changes) -> Change:
    secret = dict(ctx.var(SECRET) or {})
    secret.update(changes)
    return Change.var(SECRET, secret)


# -- plotting (15.21) ---------------------------------------------------------------------------


def straight_inward(ctx: Ctx, squares: list[str]) -> bool:
    """15.21 from an edge square straight inward, orthogonally, one square at a time."""
    first = squares[0]
    for edge in square_edges(ctx, first):
        dc, dr = STEP[edge]
        c, r = ctx.fort.coords(first)
        if all(ctx.fort.coords(k) == (c + i * dc, r + i * dr) for i, k in enumerate(squares)):
            return True
    return False


def plot_ok(ctx: Ctx, action: Action) -> Verdict:
    squares = list(action.get("squares") or ())
    label = action.get("label")
    if ctx.phase != "setup-bedouin" or action.side != BEDOUIN:
        return Verdict.no("the Bedouin plot tunnels in their preparation", "15.21")
    if not squares or any(k not in ctx.board for k in squares):
        return Verdict.no("a tunnel is a line of board squares", "15.21")
    if not straight_inward(ctx, squares):
        return Verdict.no("each tunnel starts at the board's edge and runs straight inward, "
                          "never diagonally", "15.21")
    if ctx.fort.area(squares[-1]) in NO_END:
        return Verdict.no("a tunnel may not end under the thick outer walls", "15.21")
    used = {k for t in tunnels(ctx) for k in t["squares"]}
    if used & set(squares):
        return Verdict.no("tunnels do not cross or share squares", "15.21")
    if len(used) + len(squares) > tables.TUNNEL_SQUARES:
        return Verdict.no(f"{tables.TUNNEL_SQUARES} squares of tunnels at most", "15.2")
    if not isinstance(label, int) or not 1 <= label <= 9 or \
            label in {t["label"] for t in tunnels(ctx)}:
        return Verdict.no("number each tunnel differently, 1 to 9", "15.22")
    return Verdict.yes()


def legal(ctx: Ctx, action: Action) -> Verdict:
    if not ctx.option("siege"):
        return Verdict.no("the siege option is not in play", "15")
    kind = action.kind
    if kind == "plot-tunnel":
        return plot_ok(ctx, action)
    if kind == "clear-tunnels":
        if ctx.phase != "setup-bedouin" or action.side != BEDOUIN or not tunnels(ctx):
            return Verdict.no("the Bedouin may redraw their tunnels in their preparation",
                              "15.21")
        return Verdict.yes()
    if kind == "keep-tunnel":
        pending = ctx.var("pending") or {}
        if pending.get("kind") != "keep-tunnel" or action.side != BEDOUIN:
            return Verdict.no("only when every tunnel collapsed", "15.223")
        if action.get("label") not in [t["label"] for t in tunnels(ctx)]:
            return Verdict.no("one of the tunnels plotted", "15.223")
        return Verdict.yes()
    # reveal-tunnel
    label = action.get("label")
    if ctx.phase != "movement" or action.side != BEDOUIN or ctx.var("active") != BEDOUIN:
        return Verdict.no("the Bedouin reveal a tunnel in a movement phase of theirs", "15.24")
    tunnel = next((t for t in tunnels(ctx) if t["label"] == label), None)
    if tunnel is None or tunnel.get("collapsed") or str(label) in revealed(ctx):
        return Verdict.no("a tunnel of theirs that stands and is not yet known", "15.24")
    end = tunnel["squares"][-1]
    if not any(p.level < 0 and p.space == end for p in ctx.characters(BEDOUIN)):
        return Verdict.no("first a unit must reach the tunnel's end", "15.24")
    return Verdict.yes()


def resolve(batch: Batch, action: Action) -> None:
    ctx = batch.ctx
    kind = action.kind
    if kind == "plot-tunnel":
        entry = {"label": action["label"], "squares": list(action["squares"])}
        batch.add("plot-tunnel", "15.21", "15.21 The Bedouin mark a tunnel in secret",
                  [_secret(ctx, tunnels=tunnels(ctx) + [entry])], BEDOUIN)
    elif kind == "clear-tunnels":
        batch.add("clear-tunnels", "15.21", "15.21 The Bedouin rub out their tunnels",
                  [_secret(ctx, tunnels=[])], BEDOUIN)
    elif kind == "keep-tunnel":
        kept = [dict(t, collapsed=False) if t["label"] == action["label"] else t
                for t in tunnels(ctx)]
        batch.add("keep-tunnel", "15.223", "15.223 The Bedouin settle their tunnels in secret",
                  [_secret(ctx, tunnels=kept), Change.var("pending", None)], BEDOUIN)
        from .setup import start_turn_one

        start_turn_one(batch)
    else:
        tunnel = next(t for t in tunnels(ctx) if t["label"] == action["label"])
        shown = dict(revealed(ctx))
        shown[str(tunnel["label"])] = {"squares": tunnel["squares"], "exit": tunnel["squares"][-1]}
        siege = dict(ctx.var("siege") or {})
        siege["revealed"] = shown
        path = "-".join(tunnel["squares"])
        batch.add("reveal-tunnel", "15.24", f"15.24 A tunnel exit opens in "
                  f"{tunnel['squares'][-1]}; the tunnel ran {path}",
                  [Change.var("siege", siege)], BEDOUIN, squares=tunnel["squares"])


def plot(ctx: Ctx, side: str) -> list[dict]:
    """15.21 the Bedouin's own tunnels as pencilled on their copy of the reduced
    gameboard (24): one mark a square, ``T<number>`` (``tunnel``: the number),
    no level (a tunnel square lies under the ground) nor facing; ``collapsed``
    once its roll is made (15.22: ``roll``).  Nothing for any other side (and
    nothing from a view that has no secret tunnels in it)."""
    if side != BEDOUIN:
        return []
    out = []
    for t in tunnels(ctx):
        for key in t.get("squares") or ():
            out.append({"piece": None, "mark": f"T{t['label']}", "space": key, "level": None,
                        "facing": None, "tunnel": t["label"], "length": len(t["squares"]),
                        "roll": t.get("roll"), "collapsed": bool(t.get("collapsed"))})
    return out


# -- the collapse rolls (15.22) -----------------------------------------------------------------


def collapse_rolls(batch: Batch) -> bool:
    """15.22 one roll for each tunnel number up to the highest; True when the
    Bedouin must now keep one of them (15.223), which holds the game's start."""
    ctx = batch.ctx
    plotted = tunnels(ctx)
    if not ctx.option("siege") or not plotted:
        return False
    count = len(plotted)
    out = [dict(t) for t in plotted]
    for number in range(1, max(t["label"] for t in plotted) + 1):
        roll = batch.die("15.22", f"Tunnel roll for number {number}", side=BEDOUIN)
        for t in out:
            if t["label"] == number:
                t["roll"] = roll
                t["collapsed"] = tables.tunnel_collapses(count, len(t["squares"]), roll)
    changes = [_secret(batch.ctx, tunnels=out)]
    keep = count >= 2 and all(t["collapsed"] for t in out)
    if keep:
        changes.append(Change.var("pending", {"kind": "keep-tunnel", "side": BEDOUIN,
                                              "rule": "15.223"}))
    batch.add("tunnel-rolls", "15.222", "15.222 The tunnel rolls are noted on the Bedouin's "
              "copy of the board", changes, BEDOUIN)
    return keep


# -- movement (15.23, 15.24) --------------------------------------------------------------------


def entry_steps(ctx: Ctx, pid: str, edges) -> list:
    """15.23 entering the board into the first square of a standing tunnel."""
    from .movement import Step

    if not ctx.option("siege") or ctx.state.pieces[pid].side != BEDOUIN:
        return []
    out = []
    for t in tunnels(ctx):
        first = t["squares"][0]
        if not t.get("collapsed") and set(square_edges(ctx, first)) & set(edges):
            out.append(Step("enter", first, -1, ctx.tables.enter, "15.23", "tunnel"))
    return out


def exit_steps(ctx: Ctx, key: str, level: int) -> list:
    """15.24 in and out of a revealed exit's hole, for the cost of a square."""
    from .movement import Step

    out = []
    for t in revealed(ctx).values():
        if t["exit"] != key:
            continue
        ground = min(lv for lv in ctx.fort.levels(key) if lv >= 0)
        if level < 0:
            out.append(Step("climb", key, ground, ctx.tables.enter, "15.24", "tunnel",
                            up=True, frm=key))
        elif level == ground:
            out.append(Step("climb", key, -1, ctx.tables.enter, "15.24", "tunnel", frm=key))
    return out


def setup_actions(ctx: Ctx) -> list[Action]:
    """Self-play: a first short tunnel from the west edge, when none is plotted."""
    if not ctx.option("siege") or ctx.phase != "setup-bedouin" or tunnels(ctx):
        return []
    out = []
    for row, length in ((5, 6), (11, 5)):
        squares = [f"{chr(ord('A') + c)}{row}" for c in range(length)]
        a = Action.make("plot-tunnel", BEDOUIN, squares=tuple(squares), label=1)
        if plot_ok(ctx, a):
            out.append(a)
    return out


def unit_actions(ctx: Ctx) -> list[Action]:
    if not ctx.option("siege"):
        return []
    out = [Action.make("reveal-tunnel", BEDOUIN, label=t["label"]) for t in tunnels(ctx)]
    return [a for a in out if legal(ctx, a)]


def pending_actions(ctx: Ctx) -> list[Action]:
    return [Action.make("keep-tunnel", BEDOUIN, label=t["label"]) for t in tunnels(ctx)]
