"""Dynamite (15.1, optional rule ``siege``); tunnels (15.2) are :mod:`.tunnels`.

State: the Dynamite units ``dynamite-1..3``; ``vars["siege_secret"]["dynamite"]``
(dynamite -> its first carrier, secret: only the Bedouin's view has it);
``vars["siege"]`` (public): ``breached`` sides, ``collapsed`` squares,
``gates_gone`` (the fort as the siege left it, :mod:`.overlay`).  A Dynamite
unit on the board has ``data["carrier"]`` while a unit carries it openly,
``data["lit"]`` (``{"turn", "org", "side"}``) once its fuse burns and
``data["faulty"]`` after a faulty fuse.

* 15.11 the Bedouin give the three bundles to three units in secret
  (``assign-dynamite``);
* 15.12 carried like a rope; the first carrier is secret, and once he leaves
  it (``drop-dynamite``) it stays on the board, where any unit may pick it up
  (``carry-dynamite``) and carry it openly;
* 15.131 a unit hit by fire on a modified 6 or more in a square with dynamite
  (its own, carried in secret, too) sets it off; a bundle alone in a square is
  fired at (``fire-dynamite``) and goes off on a modified 6 or more;
* 15.132 its carrier lights the fuse in its movement phase (``light``, no MF;
  a secret bundle is then shown): in that organization's fire phase a roll of
  1-5 sets it off; 6 a faulty fuse, lit again on a later turn but never moved;
* 15.14 the bundle is spent; 15.141 a Gate unit on a side of its square is
  destroyed (the side open, the rampart above unharmed); 15.142 the player who
  lit it or whose fire set it off chooses which wall side of its square to
  breach, or none (``breach``): a thick outer wall is blown through its whole
  square, ramparts and all; a thin building or tower wall brings down every
  floor of the square behind it; a breach is open at level 0;
* 15.143 the 3x3 blast zone, as a shell's (14.62) from the bundle's square,
  reaching through the breach or the gate it opened: 15.1431 units on the
  floors and ramparts that fell are eliminated; 15.1432 each unit in the
  zone rolls: 1-2 nothing, 3-4 two Stun units, 5-6 hit (as by fire: the
  Wounds Table's fire-or-dynamite part, 18); 15.144 a Weapon unit there is
  eliminated where a unit would be hit.
"""

from __future__ import annotations

from ffl.engine import Action, Change, Verdict
from ffl.engine.features import CRENEL, GATE, THICK_WALL, THIN_WALL

from .. import tables
from .context import BEDOUIN, Batch, Ctx

KINDS = ("assign-dynamite", "drop-dynamite", "carry-dynamite", "light", "fire-dynamite",
         "breach")
SECRET = "siege_secret"
WALL_SIDES = frozenset({THICK_WALL, THIN_WALL, CRENEL})


def dynamite(ctx: Ctx) -> list:
    return list(ctx.pieces_of("dynamite")) if ctx.option("siege") else []


def secret_carrier(ctx: Ctx, did: str) -> str | None:
    return ((ctx.var(SECRET) or {}).get("dynamite") or {}).get(did)


def _secret(ctx: Ctx, **changes) -> Change:
    secret = dict(ctx.var(SECRET) or {})
    secret.update(changes)
    return Change.var(SECRET, secret)


def _public(ctx: Ctx, **changes) -> Change:
    siege = dict(ctx.var("siege") or {})
    siege.update(changes)
    return Change.var("siege", siege)


def bundles_of(ctx: Ctx, pid: str) -> list[str]:
    """The dynamite ``pid`` carries, in secret or openly."""
    secret = (ctx.var(SECRET) or {}).get("dynamite") or {}
    return sorted([d for d, c in secret.items() if c == pid] +
                  [d.id for d in dynamite(ctx) if d.data.get("carrier") == pid])


# -- legality -----------------------------------------------------------------------------


def legal(ctx: Ctx, action: Action) -> Verdict:
    from .movement import may_act

    if not ctx.option("siege"):
        return Verdict.no("the siege option is not in play", "15")
    kind = action.kind
    if kind == "breach":
        return _breach_ok(ctx, action)
    did = action.get("dynamite")
    if did not in ctx.state.pieces or ctx.kind(did) != "dynamite":
        return Verdict.no(f"no Dynamite unit {did!r}", "15.1")
    bundle = ctx.state.pieces[did]
    if kind == "assign-dynamite":
        pid = action.get("piece")
        if ctx.phase != "setup-bedouin" or action.side != BEDOUIN:
            return Verdict.no("the Bedouin choose the carriers in their preparation", "15.11")
        if pid not in ctx.state.pieces or ctx.kind(pid) != "character" or \
                ctx.state.pieces[pid].side != BEDOUIN:
            return Verdict.no("a Bedouin unit carries it", "15.11")
        if any(c == pid and d != did for d, c in
               ((ctx.var(SECRET) or {}).get("dynamite") or {}).items()):
            return Verdict.no("one bundle a unit", "15.1")
        return Verdict.yes()
    if kind == "fire-dynamite":
        from .siege_fire import fire_ok

        return fire_ok(ctx, action)
    pid = action.get("piece")
    verdict = may_act(ctx, action.side, pid)
    if not verdict:
        return verdict
    piece = ctx.state.pieces[pid]
    if not piece.on_board:
        return Verdict.no("the unit is not on the board", "15.12")
    mine = secret_carrier(ctx, did) == pid or bundle.data.get("carrier") == pid
    if kind == "drop-dynamite":
        return Verdict.yes() if mine else Verdict.no("it does not carry that bundle", "15.12")
    if kind == "carry-dynamite":
        if mine:
            return Verdict.no("it carries it already", "15.12")
        if not bundle.on_board or bundle.position != piece.position or \
                bundle.data.get("carrier"):
            return Verdict.no("the bundle must lie in the unit's square", "15.12")
        if bundle.data.get("lit") or bundle.data.get("faulty"):
            return Verdict.no("a lit or faulty bundle is never moved again", "15.132")
        if bundles_of(ctx, pid):
            return Verdict.no("one bundle a unit", "15.1")
        return Verdict.yes()
    # light: its carrier, or a unit with a faulty bundle in its square on a later turn
    if bundle.data.get("lit"):
        return Verdict.no("the fuse burns already", "15.132")
    if not mine:
        faulty = bundle.data.get("faulty")
        if not (faulty and bundle.on_board and bundle.position == piece.position
                and faulty != ctx.turn):
            return Verdict.no("the carrier lights it (a faulty one, a unit in its square on "
                              "a later turn)", "15.132")
    return Verdict.yes()


def _breach_ok(ctx: Ctx, action: Action) -> Verdict:
    pending = ctx.var("pending") or {}
    if pending.get("kind") != "breach":
        return Verdict.no("no explosion waits for its breach", "15.142")
    if action.side != pending["side"]:
        return Verdict.no("the player who set it off chooses", "15.142")
    if action.get("toward") not in pending["options"] + ["none"]:
        return Verdict.no("one of the wall sides of its square, or none", "15.142")
    return Verdict.yes()


# -- resolving ---------------------------------------------------------------------------------


def resolve(batch: Batch, action: Action) -> None:
    from .movement import start

    ctx = batch.ctx
    kind = action.kind
    if kind == "assign-dynamite":
        table = dict((ctx.var(SECRET) or {}).get("dynamite") or {})
        table[action["dynamite"]] = action["piece"]
        batch.add("assign-dynamite", "15.11", "15.11 The Bedouin note a dynamite carrier in "
                  "secret", [_secret(ctx, dynamite=table)], BEDOUIN)
        return
    if kind == "breach":
        _after_breach_choice(batch, action["toward"])
        return
    if kind == "fire-dynamite":
        from .siege_fire import resolve_fire

        resolve_fire(batch, action)
        return
    pid, did = action["piece"], action["dynamite"]
    start(batch, pid)
    ctx = batch.ctx
    piece = ctx.state.pieces[pid]
    if kind == "carry-dynamite":
        batch.add("carry-dynamite", "15.12", f"15.12 {ctx.name(pid)} picks up the dynamite in "
                  f"{piece.space}", [Change.set(did, "data.carrier", pid)], piece.side, piece=pid,
                  dynamite=did)
        return
    changes = _place(ctx, did, piece)
    if kind == "drop-dynamite":
        batch.add("drop-dynamite", "15.12", f"15.12 Dynamite is left in {piece.space}",
                  changes, piece.side, piece=pid, dynamite=did)
        return
    lit = {"turn": ctx.turn, "org": ctx.org(pid), "side": piece.side}
    batch.add("light", "15.132", f"15.132 {ctx.name(pid)} lights the fuse of the dynamite in "
              f"{piece.space} (no MF)", changes + [Change.set(did, "data.lit", lit),
                                                   Change.set(did, "data.faulty", None)],
              piece.side, piece=pid, dynamite=did)


def _place(ctx: Ctx, did: str, piece) -> list[Change]:
    """15.12 the bundle is put down in the unit's square, for all to see."""
    changes = [Change.set(did, "status", "active"), Change.set(did, "space", piece.space),
               Change.set(did, "level", piece.level), Change.set(did, "data.carrier", None)]
    table = dict((ctx.var(SECRET) or {}).get("dynamite") or {})
    if did in table:
        table.pop(did)
        changes.append(_secret(ctx, dynamite=table))
    return changes


def follow(ctx: Ctx, pid: str, key, level: int) -> list[Change]:
    """15.12 openly carried bundles go where their carrier goes."""
    return [c for d in dynamite(ctx) if d.data.get("carrier") == pid
            for c in (Change.set(d.id, "space", key), Change.set(d.id, "level", level))]


def dropped(ctx: Ctx, pid: str, piece) -> list[Change]:
    """A carrier eliminated: its bundles fall in its square, in view (our reading)."""
    out = []
    for did in bundles_of(ctx, pid):
        out += _place(ctx, did, piece) if piece.space else []
    return out


# -- explosions (15.13, 15.14) ------------------------------------------------------------------


def fire_on_dynamite(batch: Batch, target: str | None, space: str | None, total: int) -> None:
    """15.131 a unit hit by fire on a modified 6 or more sets off the dynamite in
    its square (a bundle it carries in secret too)."""
    ctx = batch.ctx
    if not ctx.option("siege") or space is None or total < tables.DYNAMITE_FIRE_ROLL:
        return
    here = [d.id for d in dynamite(ctx) if d.on_board and d.space == space]
    if target is not None:
        here += [d for d, c in ((ctx.var(SECRET) or {}).get("dynamite") or {}).items()
                 if c == target]
    for did in sorted(set(here)):
        if batch.ctx.state.pieces[did].status != "eliminated":
            explode(batch, did, batch.ctx.var("active") or "legion", space, "15.131")


def fuse_checks(batch: Batch) -> None:
    """15.132 at the start of an organization's fire phase, the fuses it lit
    this turn: 1-5 the bundle explodes, 6 a faulty fuse."""
    ctx = batch.ctx
    if not ctx.option("siege"):
        return
    for d in dynamite(ctx):
        lit = d.data.get("lit") or {}
        if lit.get("turn") != ctx.turn or lit.get("org") != ctx.chit or not d.on_board:
            continue
        roll = batch.die("15.132", f"Lit fuse in {d.space}", side=lit.get("side", BEDOUIN))
        if tables.LIT_FUSE[tables.clamp(roll)] == tables.TRY_LATER:
            batch.add("fuse-faulty", "15.132", f"15.132 Roll {roll}: a faulty fuse; the "
                      f"dynamite in {d.space} may be lit again on a later turn",
                      [Change.set(d.id, "data.lit", None),
                       Change.set(d.id, "data.faulty", ctx.turn)], dynamite=d.id)
            continue
        explode(batch, d.id, lit.get("side", BEDOUIN), d.space, "15.132")


def explode(batch: Batch, did: str, chooser: str, space: str, rule: str) -> None:
    """15.14 one explosion: the bundle is spent, gates go, then the breach is
    chosen (pending) or the blast follows at once."""
    ctx = batch.ctx
    bundle = ctx.state.pieces[did]
    level = bundle.level if bundle.on_board else min(
        (p.level for p in ctx.occupants(space, 0)), default=0)
    table = dict((ctx.var(SECRET) or {}).get("dynamite") or {})
    changes = [Change.set(did, "status", "eliminated"), Change.set(did, "space", None)]
    if did in table:
        table.pop(did)
        changes.append(_secret(ctx, dynamite=table))
    batch.add("explosion", "15.14", f"15.14 The dynamite in {space} explodes ({rule})",
              changes, dynamite=did, square=space)
    _gates(batch, space)
    options = wall_sides(batch.ctx, space)
    if options:
        batch.add("breach-pending", "15.142", f"15.142 The {chooser.capitalize()} player "
                  f"chooses which wall of {space} is breached, if any",
                  [Change.var("pending", {"kind": "breach", "side": chooser, "square": space,
                                          "level": level, "options": options,
                                          "rule": "15.142"})], chooser)
        return
    blast(batch, space, level, frozenset())


def _gates(batch: Batch, space: str) -> None:
    """15.141 a Gate unit on a side of the square is destroyed."""
    ctx = batch.ctx
    gone = [list(s) for s in (ctx.var("siege") or {}).get("gates_gone") or ()]
    for g in ctx.state.pieces.values():
        side = g.data.get("side") if g.type == "gate" else None
        if not side or g.status == "eliminated" or space not in side:
            continue
        gone.append(sorted(side))
        batch.add("gate-destroyed", "15.141", f"15.141 The Gate unit of {g.space} is "
                  "destroyed; the rampart above stands", [
                      Change.set(g.id, "status", "eliminated"), Change.set(g.id, "space", None),
                      _public(batch.ctx, gates_gone=gone)], piece=g.id)


def wall_sides(ctx: Ctx, space: str) -> list[str]:
    """15.142 the squares across the wall sides of ``space`` (a breach's choices)."""
    out = []
    for n in sorted(ctx.board.orthogonal(space)):
        feats = set()
        for lv in set(ctx.fort.levels(space)) | set(ctx.fort.levels(n)):
            feats |= ctx.fort.side_features(space, n, lv)
        if feats & WALL_SIDES and GATE not in feats:    # the gate is no wall (15.141)
            out.append(n)
    return out


def _after_breach_choice(batch: Batch, toward: str) -> None:
    ctx = batch.ctx
    pending = ctx.var("pending")
    space, level = pending["square"], pending["level"]
    what = "No breach" if toward == "none" else f"The wall between {space} and {toward} goes"
    batch.add("breach-chosen", "15.142", f"15.142 {what}", [Change.var("pending", None)],
              pending["side"], square=space, toward=toward)
    opened = frozenset()
    if toward != "none":
        opened = breach(batch, space, toward)
    blast(batch, space, level, opened)


def breach(batch: Batch, space: str, toward: str) -> frozenset:
    """15.142 blow the wall between ``space`` and ``toward``: a thick outer wall
    through its whole square; a thin wall brings down the floors behind it.
    15.1431 units on fallen floors and ramparts are eliminated.  Returns the
    sides opened."""
    from .stun import eliminate

    ctx = batch.ctx
    fort = ctx.fort
    feats = set()
    for lv in set(fort.levels(space)) | set(fort.levels(toward)):
        feats |= fort.side_features(space, toward, lv)
    area = {space: fort.area(space), toward: fort.area(toward)}
    if THICK_WALL in feats:
        wall = next((k for k in (toward, space) if area[k] in ("wall", "gate", "tower")), toward)
        sides = [tuple(sorted((wall, n))) for n in ctx.board.orthogonal(wall)
                 if fort.area(n) not in ("wall",)]
        falls, what = wall, f"the rampart of {wall} is blown through"
    else:
        inner = next((k for k in (toward, space) if area[k] in ("building", "tower")), toward)
        sides = [tuple(sorted((space, toward)))]
        falls, what = inner, f"the floors of {inner} come down"
    siege = ctx.var("siege") or {}
    breached = sorted({tuple(s) for s in siege.get("breached") or ()} | set(sides))
    collapsed = sorted(set(siege.get("collapsed") or ()) | {falls})
    doomed = [p for lv in fort.levels(falls) if lv > 0 for p in ctx.occupants(falls, lv)]
    batch.add("breach", "15.142", f"15.142 Breach: {what}; it is open at level 0",
              [_public(ctx, breached=[list(s) for s in breached], collapsed=collapsed)],
              square=space, toward=toward)
    for p in doomed:
        eliminate(batch, p.id, "15.1431", f"The floor under {ctx.name(p.id)} falls")
    return frozenset(sides)


def blast(batch: Batch, space: str, level: int, opened: frozenset) -> None:
    """15.143 the blast zone: 15.1432 a roll for each unit, 15.144 each weapon."""
    from .stun import apply_result
    from .weapon_fire import blast_zone, shell_targets

    ctx = batch.ctx
    targets = shell_targets(ctx, space, opened, burst_level=level)
    for pid in targets:
        if not batch.ctx.state.pieces[pid].on_board:
            continue
        piece = batch.ctx.state.pieces[pid]
        roll = batch.die("15.1432", f"Blast on {ctx.name(pid)}", side=piece.side, piece=pid)
        result = tables.BLAST_ZONE[tables.clamp(roll)]
        if result == tables.HIT:
            from .stun import hit

            hit(batch, pid, "15.1432", f"Blast, roll {roll}", "dynamite")
        else:
            apply_result(batch, pid, result, "15.1432", f"Blast, roll {roll}")
    zone = set(blast_zone(ctx, space))
    for w in [w for w in batch.ctx.pieces_of("weapon") if w.on_board and w.space in zone]:
        roll = batch.die("15.144", f"Blast on the {w.type}")
        if tables.BLAST_ZONE[tables.clamp(roll)] == tables.HIT:
            batch.add("weapon-lost", "15.144", f"15.144 Blast, roll {roll}: the {w.type} is "
                      "destroyed", [Change.set(w.id, "status", "eliminated"),
                                    Change.set(w.id, "space", None)], piece=w.id)
        else:
            batch.add("no-effect", "15.144", f"15.144 Blast, roll {roll}: the {w.type} "
                      "stands", piece=w.id)


# -- listing -------------------------------------------------------------------------------------


def setup_actions(ctx: Ctx) -> list[Action]:
    if not ctx.option("siege") or ctx.phase != "setup-bedouin":
        return []
    table = (ctx.var(SECRET) or {}).get("dynamite") or {}
    free = [d.id for d in dynamite(ctx) if d.id not in table]
    if not free:
        return []
    carriers = [p.id for p in ctx.characters(BEDOUIN) if p.id not in table.values()][::9]
    return [Action.make("assign-dynamite", BEDOUIN, dynamite=free[0], piece=p)
            for p in carriers]


def unit_actions(ctx: Ctx, pid: str) -> list[Action]:
    if not ctx.option("siege"):
        return []
    piece = ctx.state.pieces[pid]
    out = []
    for did in bundles_of(ctx, pid):
        out += [Action.make(k, piece.side, piece=pid, dynamite=did)
                for k in ("drop-dynamite", "light")]
    for d in dynamite(ctx):
        if d.on_board and d.position == piece.position:
            out += [Action.make(k, piece.side, piece=pid, dynamite=d.id)
                    for k in ("carry-dynamite", "light")]
    return [a for a in out if legal(ctx, a)]


def pending_actions(ctx: Ctx) -> list[Action]:
    pending = ctx.var("pending") or {}
    return [Action.make("breach", pending["side"], toward=t)
            for t in pending.get("options", []) + ["none"]]
