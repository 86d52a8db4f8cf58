"""41.0 Reaction (an advanced rule, ``options["reaction"]``; the 4th edition drops it).

Two things open a Reaction for the player who is not about to act (41.1, 41.2):

* an attack declared in the Combat Phase: before it is resolved the defender may react
  with units within 3 MPs of the defending hex (:func:`before_combat`); the attack waits
  in the pending item and is resolved when the Reaction is over -- against what is left
  in the hex, or, when it was left empty, not at all: the attacker may then advance as
  after an Overrun (41.4);
* a segment chit giving a player his second segment in a row: between the two segments
  the other player may react with any units (:func:`between_segments`).

The Reaction Player rolls a die and halves it, rounding down (41.3: 0, 1, 1, 2, 2, 3
MPs); a 1 gives no Reaction.  The pending item ``{"kind": "reaction", "side", "left",
"mps", "trigger", "center", "attack"}`` then takes ``react`` (units, path: one stack that
started together, moving under the movement, stacking and ZOC rules, motorized only;
the MPs it uses come off ``left``) and ``end-reaction``.
"""

from __future__ import annotations

import heapq
import math

from ffl.engine import Action, Change, Verdict

from .context import Ctx, RBatch, enemy

KINDS = ("react", "end-reaction")
#: 41.4 a Reaction to a combat: units within this many MPs of the defending hex
REACH_MPS = 3


def kinds(item: dict) -> tuple[str, ...]:
    return ("end-reaction", "react")


def text(ctx: Ctx, item: dict) -> str:
    where = f" near {ctx.hexmap.name(item['center'])}" if item.get("center") else ""
    return (f"41.3 Reaction: {item['left']} MP(s) left to move motorized units{where}, "
            "then end the Reaction")


# -- who may react --------------------------------------------------------------------------------

def _mover_ok(ctx: Ctx, pid: str) -> bool:
    from .movement import motorized_move

    p = ctx.piece(pid)
    if not ctx.on_map(pid) or p.data.get("hq") or p.data.get("carried_by"):
        return False
    if ctx.kind(pid) in ("sp", "repl"):
        return False
    if ctx.ma(pid) <= 0 and ctx.kind(pid) not in ("hq_marker",):
        return False
    return motorized_move(ctx, pid)


def within(ctx: Ctx, center: str, mps: int = REACH_MPS) -> set[str]:
    """The hexes from which a motorized unit reaches ``center`` for ``mps`` MPs or less
    (the map's motorized costs, roads and tracks included, before any ZOC)."""
    limit = mps * 6
    best = {center: 0}
    heap = [(0, center)]
    into = ctx.hexmap.into
    while heap:
        cost, key = heapq.heappop(heap)
        if cost > best.get(key, 1 << 30):
            continue
        for frm, step, _route, _desert in into.get(key, ()):
            c = cost + step
            if c <= limit and c < best.get(frm, 1 << 30):
                best[frm] = c
                heapq.heappush(heap, (c, frm))
    return set(best)


def near_hexes(ctx: Ctx, item: dict) -> set[str] | None:
    """41.4 where a unit must be to react to a combat (None: anywhere)."""
    centers = item.get("centers") or ([item["center"]] if item.get("center") else [])
    if not centers:
        return None
    out: set[str] = set()
    for c in centers:
        out |= within(ctx, c)
    return out


def groups(ctx: Ctx, item: dict) -> list[list[str]]:
    """The stacks that may react: each hex's reacting units together, and each alone."""
    side = item["side"]
    near = near_hexes(ctx, item)
    by_hex: dict[str, list[str]] = {}
    for pid, q in sorted(ctx.state.pieces.items()):
        if q.side != side or q.status != "active" or q.space not in ctx.hexmap.terrain:
            continue
        if near is not None and q.space not in near:
            continue
        if _mover_ok(ctx, pid):
            by_hex.setdefault(q.space, []).append(pid)
    out = []
    for _key, units in sorted(by_hex.items()):
        out.append(units)
        if len(units) > 1:
            out += [[p] for p in units]
    return out


# -- the triggers ----------------------------------------------------------------------------------

def _start(rb: RBatch, side: str, trigger: str, center: str | None,
           attack: dict | None, centers: list[str] | None = None) -> bool:
    """41.3 step one: the roll; True when a Reaction item was opened."""
    ctx = rb.ctx
    probe = {"side": side, "center": center, "centers": centers}
    if not groups(ctx, probe):
        return False
    who = "Axis" if side == "axis" else "Allied"
    why = "an attack is declared" if trigger == "combat" else "two segments in a row"
    die = rb.die("41.3", f"Reaction ({why})", side=side)
    mps = die // 2
    if mps <= 0:
        rb.add("reaction", "41.4", f"41.4 {who} Reaction: rolled {die}: no MPs, no Reaction",
               [], side, mps=0)
        return False
    item = {"kind": "reaction", "side": side, "mps": mps, "left": mps, "trigger": trigger,
            "center": center, "centers": centers, "attack": attack}
    rb.add("reaction", "41.3", f"{who} Reaction ({why}): rolled {die}: {mps} MP(s)",
           [Change.var("pending", [item] + list(rb.ctx.pending))], side, mps=mps)
    return True


def before_combat(rb: RBatch, action: Action) -> bool:
    """41.2 an attack was declared: the defender may react before it is resolved (True:
    the attack waits for the Reaction)."""
    if action.get("reacted") or not action.get("targets"):
        return False
    attack = {"side": action.side, **action.to_json()["args"]}
    targets = list(action["targets"])
    return _start(rb, enemy(action.side), "combat", targets[0], attack, targets)


def between_segments(rb: RBatch, side: str) -> None:
    """41.2 the chit drawn gives the other player a second segment in a row: ``side``
    reacts before it begins, with any of his units."""
    _start(rb, side, "segments", None, None)


# -- one Reaction move -----------------------------------------------------------------------------

def _check(ctx: Ctx, item: dict, units: list[str], path: list[str]) -> tuple[Verdict, int]:
    """Whether the stack may react along ``path`` and the MPs it uses."""
    from .movement import Group, _end_checks

    side = item["side"]
    if not units or not path:
        return Verdict.no("name the units and where they go", "41.3"), 0
    for pid in units:
        if pid not in ctx.state.pieces or ctx.piece(pid).side != side:
            return Verdict.no("your own units react", "41.3"), 0
    start = ctx.piece(units[0]).space
    if any(ctx.piece(p).space != start for p in units):
        return Verdict.no("a group that reacts started stacked together and moves together",
                          "41.4"), 0
    if not all(_mover_ok(ctx, p) for p in units):
        return Verdict.no("only motorized units (and Trucks with their loads) react", "41.4"), 0
    near = near_hexes(ctx, item)
    if near is not None and start not in near:
        return Verdict.no(f"only units within {REACH_MPS} MPs of the hex attacked react",
                          "41.4"), 0
    group = Group(ctx, units)
    group.allow = {p: int(item["left"]) * 6 for p in group.members}
    if any(p not in group.mot or not group.mot[p] for p in group.members):
        return Verdict.no("only motorized units (and Trucks with their loads) react", "41.4"), 0
    recs = {p: [0, 0, 0, 0, 0] for p in group.members}
    here = start
    hm = ctx.hexmap
    for nxt in path:
        if nxt not in hm.terrain or here not in hm.terrain:
            return Verdict.no("Reaction is movement over the map", "41.4"), 0
        verdict, recs = group.advance(recs, here, nxt)
        if not verdict:
            return verdict, 0
        here = nxt
    verdict = _end_checks(ctx, side, group.members, start, here, group.zm, group.riders)
    if not verdict:
        return verdict, 0
    from .stacking import points

    arriving = [p for p in group.members if ctx.is_combat(p)]
    if points(ctx, here, side, ctx.units_at(here, side) + arriving) > int(
            ctx.tables["stack_limit"]):
        return Verdict.no("the hex would be overstacked", "5.1"), 0
    spent = max(r[0] for r in recs.values())
    return Verdict.yes(), max(1, math.ceil(spent / 6))


def reach(ctx: Ctx, item: dict, units: list[str], cap: int = 300) -> dict[str, list[str]]:
    """Where a stack may react to now, each hex with one legal path (fewest MPs first;
    for the UI's menu)."""
    if not units or not _check_start(ctx, item, units):
        return {}
    start = ctx.piece(units[0]).space
    out: dict[str, list[str]] = {}
    best = {start: 0}
    heap = [(0, 0, start, [])]
    tick = 0
    while heap and cap > 0:
        _spent, _t, here, path = heapq.heappop(heap)
        for n in ctx.hexmap.neighbours(here):
            if n == start or n in path or not ctx.hexmap.is_land(n):
                continue
            cap -= 1
            verdict, mps = _check(ctx, item, units, path + [n])
            if not verdict or best.get(n, 1 << 30) <= mps:
                continue
            best[n] = mps
            out[n] = path + [n]
            tick += 1
            heapq.heappush(heap, (mps, tick, n, path + [n]))
    return out


def _check_start(ctx: Ctx, item: dict, units: list[str]) -> bool:
    side = item["side"]
    if any(pid not in ctx.state.pieces or ctx.piece(pid).side != side for pid in units):
        return False
    return all(_mover_ok(ctx, p) for p in units)


def legal(ctx: Ctx, item: dict, action: Action) -> Verdict:
    if action.side != item["side"]:
        return Verdict.no(f"the {item['side']} player reacts now", "41.3")
    if action.kind == "end-reaction":
        return Verdict.yes()
    if action.kind != "react":
        return Verdict.no(text(ctx, item), "41.3")
    verdict, _mps = _check(ctx, item, list(action.get("units") or []),
                           list(action.get("path") or []))
    return verdict


def options(ctx: Ctx, item: dict) -> list[Action]:
    """Ending the Reaction first, then a few moves of a few stacks (self-play samples
    them; any legal move is accepted)."""
    side = item["side"]
    out = [Action.make("end-reaction", side)]
    center = item.get("center")
    for units in groups(ctx, item)[:4]:
        start = ctx.piece(units[0]).space
        targets = [n for n in ctx.hexmap.neighbours(start)
                   if ctx.hexmap.is_land(n) and not ctx.units_at(n, enemy(side))]
        if center and center in targets:
            targets = [center] + [t for t in targets if t != center]
        n = 0
        for key in targets:
            a = Action.make("react", side, units=list(units), path=[key])
            if legal(ctx, item, a):
                out.append(a)
                n += 1
                if n >= 2:
                    break
    return out[:9]


def apply(rb: RBatch, action: Action) -> None:
    from .ops import move

    ctx = rb.ctx
    item = dict(ctx.pending[0])
    rest = list(ctx.pending[1:])
    if action.kind == "end-reaction":
        _finish(rb, item, rest, "41.3 the Reaction is over")
        return
    units, path = list(action["units"]), list(action["path"])
    _ok, mps = _check(ctx, item, units, path)
    move(rb, units, path, "41.3", f"Reaction: {', '.join(ctx.label(p) for p in units)} move "
         f"to {ctx.hexmap.name(path[-1])} ({mps} MP)", kind="react")
    item["left"] = int(item["left"]) - mps
    if item["left"] <= 0:
        _finish(rb, item, rest, "41.3 the Reaction MPs are used up")
        return
    rb.add("pending", "41.3", f"41.3 {item['left']} Reaction MP(s) left",
           [Change.var("pending", [item] + rest)], item["side"])


def can_react(ctx: Ctx, item: dict) -> bool:
    """Whether any stack that may react can still take a step (every path begins with
    one)."""
    side = item["side"]
    for units in groups(ctx, item):
        start = ctx.piece(units[0]).space
        for n in ctx.hexmap.neighbours(start):
            if ctx.hexmap.is_land(n) and not ctx.units_at(n, enemy(side)) and \
                    _check(ctx, item, units, [n])[0]:
                return True
    return False


def settle(rb: RBatch) -> bool:
    ctx = rb.ctx
    item = ctx.pending[0]
    if not can_react(ctx, item):
        _finish(rb, dict(item), list(ctx.pending[1:]), "41.3 no unit can react any more")
        return True
    return False


def _finish(rb: RBatch, item: dict, rest: list, words: str) -> None:
    """The Reaction is over: the attack that waited for it is resolved (41.2), against
    the hexes still held; with every one of them left empty there is no combat and the
    attacker may advance as after an Overrun (41.4)."""
    rb.add("pending", words.split()[0], words, [Change.var("pending", rest)], item["side"])
    attack = item.get("attack")
    if not attack:
        return
    from .combat import vacant_fort

    ctx = rb.ctx
    side = attack["side"]
    params = {k: v for k, v in attack.items() if k != "side"}
    targets = list(params.get("targets") or [])
    held = [t for t in targets if ctx.units_at(t, enemy(side)) or vacant_fort(ctx, side, t)]
    attackers = [p for p in params.get("attackers") or [] if ctx.on_map(p)]
    if not held:
        attacked = list(ctx.var("attacked") or [])
        attacked += [p for p in attackers if p not in attacked]
        adv = {"kind": "advance", "side": side, "units": attackers, "into": targets,
               "overrun": True, "mobile": False, "combat": int(ctx.var("combat_no", 0))}
        rb.add("reaction", "41.4", "41.4 the defenders reacted out of "
               f"{', '.join(ctx.hexmap.name(t) for t in targets)}: no combat; the attacker "
               "may advance as after an Overrun",
               [Change.var("attacked", attacked),
                Change.var("pending", [adv] + list(ctx.pending))], side)
        return
    declared = {k: v for k, v in params.items() if k != "reacted"}
    from .fight import legal_attack

    verdict = legal_attack(ctx, Action.make("attack", side, **{**declared, "targets": held}))
    action = Action.make("attack", side, **{**declared, "targets": held, "reacted": True})
    if not verdict:
        rb.add("reaction", "41.4", f"41.4 after the Reaction the attack as declared is no "
               f"longer possible ({verdict.reason}): it is called off", [], side)
        return
    from .fight import apply_attack

    apply_attack(rb, action)
