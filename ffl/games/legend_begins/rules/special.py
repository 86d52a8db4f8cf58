"""Special rules of particular scenarios (``Ctx.special``): 42.0 railroad construction,
43.0 the Littorio's strategic reserve, 44.0 the Italian 5th Army, 45.0 Sonderverband
288, 46.0 French coastal waters, 47.0 6 pounders, 48.0 vicissitudes of war, 50.0 the
invasion of Malta, and the advanced rule 52.0 lulls (``Ctx.option``).

Actions (the side's Organization Segment unless said otherwise):

``purchase`` (what: rail | air-transport | amphibious | malta-invasion, unit)
                                 42.1, 49.2, 51.1, 50.2 bought with Resource Points
``six-pounder`` (unit)           47.0 an anti-tank unit or divisional HQ to its 1²-12 side
``build-rail`` (hex)             42.1 one rail hex a friendly segment (Movement Phase)
``release`` (unit)               43.3 a Littorio unit out of reserve for Resource Points
                                 (any friendly Movement Phase)

Readings (docs/games/legend_begins-reconstructions.md): the purchases of the
Replacement/Reinforcement Segment are made in the side's Organization Segment (the
first decision of the turn); a reserve unit may pass within six hexes of the enemy but
may not end a move there (43.1, 43.3); the two 5th Army divisions allowed forward may
go no further east than Cyrene's column (44.0).
"""

from __future__ import annotations

from ffl.engine import Action, Change, Verdict

from .. import hexgeo as g
from ..tables import ALLIED, AXIS
from .context import ACTIVE, CADRE, ENTRY_BOX, OFF, POOL, REMOVED, Ctx, RBatch, enemy

KINDS = ("purchase", "six-pounder", "build-rail", "release", "raid", "evacuate", "airlift")
PURCHASES = {"rail": ("42", ALLIED, 1), "air-transport": ("49", AXIS, 1),
             "amphibious": ("51", None, 1), "malta-invasion": ("50", AXIS, 4)}
#: the paragraph that sets each purchase's price in Resource Points
COST_RULES = {"rail": "42.1", "air-transport": "49.1", "amphibious": "51.1",
              "malta-invasion": "50.1"}
RESERVE_RANGE = 6                     # 43.1
CYRENE, TMIMI = "3722", "3331"        # 44.0


def _rp(ctx: Ctx, side: str) -> int:
    return int((ctx.var("rp") or {}).get(side, 0))


def _pay(ctx: Ctx, side: str, n: int) -> Change:
    rp = dict(ctx.var("rp") or {})
    rp[side] = _rp(ctx, side) - n
    return Change.var("rp", rp)


# -- 42.0 railroad construction ---------------------------------------------------------------

def rail_built(ctx: Ctx) -> list[str]:
    return list(ctx.var("rail_built") or [])


def rail_hexes(ctx: Ctx) -> set[str]:
    """22.1 / 42.0 the railroad as built now: the printed line and the hexes added."""
    return set(ctx.hexmap.rail_hexes) | set(rail_built(ctx))


def rail_links(ctx: Ctx) -> dict[str, set[str]]:
    """Rail hexes joined by track built in the game (42.0: the extension in order)."""
    line = [ctx.setup.get("railhead") or "2560"] + rail_built(ctx)
    out: dict[str, set[str]] = {}
    for a, b in zip(line, line[1:], strict=False):
        out.setdefault(a, set()).add(b)
        out.setdefault(b, set()).add(a)
    return out


def next_rail_hex(ctx: Ctx) -> str | None:
    plan = list(ctx.setup.get("rail_extension") or [])
    built = rail_built(ctx)
    return plan[len(built)] if len(built) < len(plan) else None


# -- purchases, 6 pounders, rail building, releases ---------------------------------------------

def legal(ctx: Ctx, action: Action) -> Verdict:
    side, k = action.side, action.kind
    if k in ("raid", "evacuate"):
        from .raids import legal as raid_legal

        return raid_legal(ctx, action)
    if k == "airlift":
        from .airlift import legal as airlift_legal

        return airlift_legal(ctx, action)
    if k == "purchase":
        return _purchase_ok(ctx, action)
    if k == "six-pounder":
        pid = action.get("unit")
        if ctx.phase != "organization":
            return Verdict.no("6 pounders are issued in the Initial Phase", "47.0")
        if side != ALLIED or int(ctx.var("six_pdr") or 0) <= 0:
            return Verdict.no("the Reinforcement Schedule has issued no 6 pounders to use",
                              "47.0")
        if pid not in ctx.state.pieces or ctx.piece(pid).side != side or \
                ctx.piece(pid).status != ACTIVE:
            return Verdict.no("one of your units in play", "47.0")
        if ctx.value(pid, "aer6") is None or ctx.piece(pid).data.get("six"):
            return Verdict.no("an anti-tank unit or divisional HQ with a 6 pounder side", "47.0")
        return Verdict.yes()
    if k == "build-rail":
        if side != ALLIED or not ctx.special("42"):
            return Verdict.no("the Allied player builds railroad in the Campaign Game", "42.0")
        if int(ctx.var("rail_turn", -1)) != ctx.turn:
            return Verdict.no("a Resource Point must be spent on construction this turn", "42.1")
        if ctx.seg.get("id") in (ctx.var("rail_segs") or []):
            return Verdict.no("one rail hex a friendly segment", "42.1")
        key = next_rail_hex(ctx)
        if key is None or action.get("hex") != key:
            return Verdict.no(f"the next hex of the line is {key}", "42.2")
        from .zoc import zoc_map

        if zoc_map(ctx, AXIS).of(key) or ctx.units_at(key, AXIS):
            return Verdict.no("no rail hex is built in an enemy ZOC", "42.1")
        return Verdict.yes()
    if k == "release":
        pid = action.get("unit")
        if pid not in ctx.state.pieces or ctx.piece(pid).side != side or \
                ctx.piece(pid).data.get("reserve") != "littorio":
            return Verdict.no("a Littorio unit in Strategic Reserve", "43.3")
        cost = 1 if ctx.value(pid, "littorio") == "lz" else 2
        if _rp(ctx, side) < cost:
            return Verdict.no(f"releasing it costs {cost} Resource Point(s)", "43.3")
        return Verdict.yes()
    return Verdict.no("unknown action", "42.0")


def _purchase_ok(ctx: Ctx, action: Action) -> Verdict:
    side, what = action.side, action.get("what")
    if what not in PURCHASES:
        return Verdict.no("buy railroad construction, Air Transport, an amphibious unit or "
                          "the invasion of Malta", "30.2")
    rule, who, cost = PURCHASES[what]
    if not ctx.special(rule):
        return Verdict.no(f"rule {rule}.0 is not part of this scenario", f"{rule}.0")
    if who is not None and side != who:
        return Verdict.no("the other player's purchase", f"{rule}.0")
    if ctx.phase != "organization":
        return Verdict.no("bought at the start of the turn", f"{rule}.0")
    if _rp(ctx, side) < cost:
        return Verdict.no(f"it costs {cost} Resource Point(s)", COST_RULES[what])
    if what == "rail":
        if int(ctx.var("rail_turn", -1)) == ctx.turn:
            return Verdict.no("one Resource Point a turn on railroad construction", "42.1")
        if next_rail_hex(ctx) is None:
            return Verdict.no("the railroad is finished", "42.2")
    elif what == "air-transport":
        if int(ctx.var("malta", 0)) < 2:
            return Verdict.no("Malta's Interdiction Value must be +2 or +3", "49.1")
        if int(ctx.var("air_transport", -1)) == ctx.turn:
            return Verdict.no("the Air Transport counter is bought already", "49.2")
    elif what == "amphibious":
        pid = action.get("unit")
        if pid not in ctx.state.pieces or ctx.piece(pid).side != side or \
                not ctx.value(pid, "amphibious"):
            return Verdict.no("your amphibious unit", "51.1")
        if ctx.piece(pid).status not in (OFF, CADRE) or ctx.piece(pid).data.get("arrives"):
            return Verdict.no("it is in play or in training already", "51.1")
        if not _infantry_repl(ctx, side):
            return Verdict.no("it costs an infantry Replacement as well", "51.1")
    elif what == "malta-invasion":
        if ctx.var("malta_invaded"):
            return Verdict.no("Malta has been invaded once", "50.0")
        if int(ctx.var("malta", 0)) != -3 or not ctx.var("luftwaffe"):
            return Verdict.no("Malta must stand at -3 with the Luftwaffe up", "50.1")
        if ctx.since(ctx.table("rule_dates")["malta_invasion"]):
            return Verdict.no("the invasion must come before the Jul I 1942 turn", "50.1")
    return Verdict.yes()


def _infantry_repl(ctx: Ctx, side: str) -> str | None:
    return next((p for p, q in sorted(ctx.state.pieces.items())
                 if q.side == side and q.status == ACTIVE and ctx.kind(p) == "repl"
                 and ctx.value(p, "infantry")), None)


def apply(rb: RBatch, action: Action) -> None:
    ctx = rb.ctx
    side, k = action.side, action.kind
    if k in ("raid", "evacuate"):
        from .raids import apply as raid_apply

        raid_apply(rb, action)
        return
    if k == "airlift":
        from .airlift import apply as airlift_apply

        airlift_apply(rb, action)
        return
    if k == "purchase":
        what = action["what"]
        rule, _who, cost = PURCHASES[what]
        changes = [_pay(ctx, side, cost)]
        if what == "rail":
            changes.append(Change.var("rail_turn", ctx.turn))
            text = "railroad construction: one hex each friendly segment this turn"
        elif what == "air-transport":
            changes.append(Change.var("air_transport", ctx.turn))
            text = "the Air Transport counter is bought for this turn"
        elif what == "amphibious":
            pid = action["unit"]
            repl = _infantry_repl(ctx, side)
            changes += [Change.set(repl, "status", POOL), Change.set(repl, "space", None),
                        Change.set(repl, "data.carried_by", None),
                        Change.set(pid, "status", OFF), Change.set(pid, "space", None),
                        Change.set(pid, "data.arrives", ctx.turn + 2),
                        Change.set(pid, "data.steps", int(ctx.value(pid, "steps", 1)))]
            text = f"{ctx.label(pid)} is raised: two turns of training on the Turn Record Track"
        else:
            changes.append(Change.var("malta_invasion", ctx.turn))
            text = "the invasion of Malta is prepared for this turn's Malta Segment"
        rb.add("purchase", f"{rule}.0", f"{cost} Resource Point(s): {text}", changes, side)
    elif k == "six-pounder":
        pid = action["unit"]
        rb.add("six-pounder", "47.0", f"{ctx.label(pid)} turns to its 6 pounder side "
               f"(rating {ctx.value(pid, 'aer6')})",
               [Change.set(pid, "data.six", True),
                Change.var("six_pdr", int(ctx.var("six_pdr") or 0) - 1)], side)
    elif k == "build-rail":
        key = action["hex"]
        rb.add("rail-built", "42.1", f"the railroad reaches {ctx.hexmap.name(key)}: the "
               "Railhead moves on (42.2)",
               [Change.var("rail_built", rail_built(ctx) + [key]),
                Change.var("rail_segs", list(ctx.var("rail_segs") or []) + [ctx.seg.get("id")])],
               side)
    elif k == "release":
        pid = action["unit"]
        cost = 1 if ctx.value(pid, "littorio") == "lz" else 2
        rb.add("release", "43.3", f"{ctx.label(pid)} is released from Strategic Reserve for "
               f"{cost} Resource Point(s)",
               [_pay(ctx, side, cost), Change.set(pid, "data.reserve", None)], side)


# -- 43.0 / 44.0 strategic reserves ---------------------------------------------------------------

def reserve_move_ok(ctx: Ctx, side: str, members: list[str], start: str, end: str) -> str:
    """'' when reserve units among ``members`` may end a move at ``end``, else why not."""
    reserves = {ctx.piece(p).data.get("reserve") for p in members if ctx.is_combat(p)}
    reserves.discard(None)
    if not reserves:
        return ""
    if "littorio" in reserves and end in ctx.hexmap.terrain and end != start:
        foes = ctx.occupied[enemy(side)]["combat"]
        if any(g.distance(end, f) <= RESERVE_RANGE for f in foes):
            return "43.1 a unit in Strategic Reserve may not move within six hexes of the enemy"
    if "5army" in reserves and end != start:
        if end in ctx.hexmap.boxes and end != "Tripoli":
            return "44.0 the 5th Army's reserve divisions stay in Tripoli or go to Cyrene"
        if end in ctx.hexmap.terrain:
            if g.parse(end)[1] > g.parse(CYRENE)[1]:
                return "44.0 a reserve division may not go east of Cyrene until released"
            divs = {ctx.value(p, "div") for p in members if ctx.piece(p).data.get("reserve")}
            forward = forward_divisions(ctx) | divs
            if len(forward) > 2:
                return "44.0 only two reserve divisions may leave the Tripoli Box"
    return ""


def forward_divisions(ctx: Ctx) -> set[str]:
    """44.0 the reserve divisions that have left the Tripoli Box."""
    out = set()
    for pid, p in ctx.state.pieces.items():
        if p.status == ACTIVE and p.data.get("reserve") == "5army" and p.space != "Tripoli":
            out.add(ctx.value(pid, "div"))
    return out


def reserve_attack_ok(ctx: Ctx, attackers: list[str]) -> str:
    for pid in attackers:
        if ctx.piece(pid).data.get("reserve"):
            return f"43.1 {ctx.label(pid)} is in Strategic Reserve and may not fight"
    return ""


def after_action(rb: RBatch) -> None:
    """Releases (43.2, 44.0) and the falls of Tobruk and Benghazi (48.0) that the last
    action brought about (checked after every action)."""
    ctx = rb.ctx
    reserved = [p for p, q in ctx.state.pieces.items() if q.data.get("reserve")]
    if reserved:
        _releases(rb, reserved)
    if ctx.special("48"):
        _vicissitudes(rb)


def _releases(rb: RBatch, reserved: list[str]) -> None:
    ctx = rb.ctx
    tobruk = ctx.hexmap.by_name.get("Tobruk")
    bardia = ctx.hexmap.by_name.get("Bardia")
    lit = [p for p in reserved if ctx.piece(p).data.get("reserve") == "littorio"]
    free = []
    if lit:
        if tobruk and ctx.control(tobruk) == AXIS:
            free = lit
        else:
            for p in lit:
                here = ctx.piece(p).space
                if here in ctx.hexmap.terrain and any(
                        ctx.units_at(n, ALLIED) for n in ctx.hexmap.neighbours(here)):
                    free.append(p)
        if free:
            rb.add("release", "43.2", "released from Strategic Reserve: "
                   + ", ".join(ctx.label(p) for p in free),
                   [Change.set(p, "data.reserve", None) for p in free], AXIS)
    fifth = [p for p in reserved if ctx.piece(p).data.get("reserve") == "5army"]
    if not fifth:
        return
    allied_west = any(g.parse(k)[1] < g.parse(TMIMI)[1] for k in ctx.occupied[ALLIED]["combat"])
    if (tobruk and ctx.control(tobruk) == ALLIED) or allied_west:
        rb.add("release", "44.0", "the Italian 5th Army is released (Tobruk taken or the "
               "Allies west of Tmimi)", [Change.set(p, "data.reserve", None) for p in fifth],
               AXIS)
        return
    if bardia and ctx.control(bardia) == ALLIED and not ctx.var("fifth_a"):
        pending = list(ctx.pending) + [{"kind": "release", "side": AXIS, "n": 2}]
        rb.add("pending", "44.0", "Bardia has fallen: the Axis player releases two divisions "
               "of the 5th Army", [Change.var("fifth_a", True), Change.var("pending", pending)],
               AXIS)


def reserve_divisions(ctx: Ctx) -> list[str]:
    return sorted({ctx.value(p, "div") for p, q in ctx.state.pieces.items()
                   if q.data.get("reserve") == "5army"})


def release_options(ctx: Ctx, item: dict) -> list[Action]:
    return [Action.make("release", AXIS, div=d) for d in reserve_divisions(ctx)]


def release_division(rb: RBatch, item: dict, div: str) -> dict:
    ctx = rb.ctx
    units = [p for p, q in ctx.state.pieces.items()
             if q.data.get("reserve") == "5army" and ctx.value(p, "div") == div]
    rb.add("release", "44.0", f"the {div} Division is released from the 5th Army's reserve",
           [Change.set(p, "data.reserve", None) for p in units], AXIS)
    item = dict(item)
    item["n"] = int(item["n"]) - 1
    return item


# -- 48.0 vicissitudes of war --------------------------------------------------------------------

def _vicissitudes(rb: RBatch) -> None:
    ctx = rb.ctx
    dates = ctx.table("rule_dates")
    tobruk = ctx.hexmap.by_name.get("Tobruk")
    benghazi = ctx.hexmap.by_name.get("Benghazi")
    if tobruk and not ctx.var("tobruk_fell") and ctx.control(tobruk) == AXIS and \
            ctx.date() > _date(dates["tobruk_falls"]):
        surge = _surge(ctx, ALLIED, "repl-tank-allied", 8, ctx.turn + 5)
        changes = [Change.var("tobruk_fell", ctx.turn), Change.var("surge", surge)]
        changes += [Change.set(p, "data.reserve", None) for p, q in ctx.state.pieces.items()
                    if q.data.get("reserve") == "littorio"]
        rb.add("tobruk-falls", "48.1", "Tobruk has fallen: eight tank Replacements for the "
               "Allies in five turns, the 200th and 361st regiments motorized, the Littorio "
               "released", changes, AXIS)
        _convert_now(rb)
    ctx = rb.ctx
    if benghazi and not ctx.var("benghazi_fell") and ctx.control(benghazi) == ALLIED and \
            ctx.date() > _date(dates["benghazi_falls"]):
        surge = _surge(ctx, AXIS, "repl-tank-ger", 4, ctx.turn + 1)
        rb.add("benghazi-falls", "48.2", "Benghazi has fallen: four German tank Replacements "
               "arrive next turn", [Change.var("benghazi_fell", ctx.turn),
                                    Change.var("surge", surge)], ALLIED)


def _date(name: str) -> int:
    from ..tables import date_index

    return date_index(name)


def _surge(ctx: Ctx, side: str, kind: str, n: int, turn: int) -> list:
    """48.0 extra Replacements (temporary markers: the spare counters set aside for it)."""
    spare = [p for p, q in sorted(ctx.state.pieces.items())
             if q.status == "surge" and q.type == kind and not q.data.get("due")]
    surge = list(ctx.var("surge") or [])
    surge.append({"side": side, "turn": turn, "pieces": spare[:n]})
    return surge


def _convert_now(rb: RBatch) -> None:
    """48.1 the 200th and 361st become motorized as soon as Tobruk falls (one not yet
    arrived comes as its motorized version)."""
    from .reinforce import convert

    for old, new in (("ger-200", "ger-200m"), ("ger-361", "ger-361m")):
        ctx = rb.ctx
        if old in ctx.state.pieces and new in ctx.state.pieces and \
                ctx.piece(new).status == OFF and ctx.piece(old).status != REMOVED:
            convert(rb, old, new)


def surge_arrivals(rb: RBatch, side: str) -> None:
    """48.0 extra Replacements due this turn arrive in the Entry Box."""
    ctx = rb.ctx
    left = []
    changes = []
    got = []
    for s in ctx.var("surge") or []:
        if s["side"] == side and int(s["turn"]) <= ctx.turn:
            for p in s["pieces"]:
                changes += [Change.set(p, "status", ACTIVE),
                            Change.set(p, "space", ENTRY_BOX[side])]
                got.append(p)
        else:
            left.append(s)
    if changes:
        rb.add("replacements", "48.0", f"{len(got)} extra Replacement(s) arrive in "
               f"{ENTRY_BOX[side]}", changes + [Change.var("surge", left)], side)


# -- 50.0 the invasion of Malta -------------------------------------------------------------------

def malta_invasion(rb: RBatch) -> bool:
    """50.2 resolved in the Malta Segment when it was bought this turn; True when Malta
    is Axis (no more Malta rolls)."""
    ctx = rb.ctx
    if ctx.var("malta_taken"):
        return True
    if int(ctx.var("malta_invasion", -1)) != ctx.turn:
        return False
    die = rb.die("50.2", "the invasion of Malta (1-4 succeeds)", side=AXIS)
    ok = die <= 4
    force = [p for p, q in ctx.state.pieces.items() if ctx.value(p, "malta_force")
             and q.status not in (REMOVED,)]
    changes = [Change.var("malta_invaded", True)]
    for p in force:
        changes += [Change.set(p, "status", REMOVED), Change.set(p, "space", None),
                    Change.set(p, "data.hq", None), Change.set(p, "data.carried_by", None)]
    if ok:
        changes += [Change.var("malta_taken", True), Change.var("malta", -3)]
    rb.add("malta-invasion", "50.2", f"the invasion of Malta: rolled {die}: "
           + ("Malta falls; the Malta Status stays at -3 for the rest of the game" if ok
              else "the assault fails; Malta stays British")
           + "; the Ramcke and Folgore parachutists leave the game", changes, AXIS)
    return ok


# -- 52.0 lulls ------------------------------------------------------------------------------------

#: actions that are land or air movement or combat (52.0): a Primary Segment with one of
#: them is no lull
BUSY = frozenset({"move", "assault", "attack", "rail", "transfer", "load", "unload",
                  "build", "absorb", "deploy", "limber", "break-rail", "repair-rail",
                  "airlift", "raid", "evacuate", "fly", "place-ahq", "build-rail", "rebuild",
                  "disband"})


def lull_supply(rb: RBatch, side: str) -> None:
    """52.0 a Primary Segment without land or air movement or combat: a Supply Point
    with the Army HQ (if not Isolated) or in the Entry Box."""
    from .supply import army_hq, isolated

    ctx = rb.ctx
    if not ctx.option("lulls") or ctx.seg_type != "primary" or ctx.var("busy"):
        return
    spare = next((p for p, q in sorted(ctx.state.pieces.items())
                  if q.side == side and q.status == POOL and ctx.kind(p) == "sp"), None)
    if spare is None:
        rb.add("lull", "52.0", "a lull: no Supply Point left to receive", [], side)
        return
    hq = army_hq(ctx, side)
    where = ENTRY_BOX[side]
    if hq and ctx.on_map(hq) and not isolated(ctx, hq):
        where = ctx.piece(hq).space
    rb.add("lull", "52.0", f"a lull: an extra Supply Point at "
           f"{ctx.hexmap.name(where) if where in ctx.hexmap.terrain else where}",
           [Change.set(spare, "status", ACTIVE), Change.set(spare, "space", where)], side)
