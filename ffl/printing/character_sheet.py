"""The Character Unit Sheet (FFL rule 25): every Character unit by side and organization.

Blank Location and Wounds columns are for pencil during play (18.2: wounds,
15.23 and 15.25: tunnel squares); printed from a game in progress they hold
each unit's current position and its stun and wound markers instead.
"""

from __future__ import annotations

from ffl.engine import FACINGS, Piece, PieceType

from .page import Column, Doc, Heading
from .source import PrintSource, SheetError

COLUMNS = (
    Column("Org.", 0.55, "center"), Column("Name", 1.75), Column("Wpn", 0.5, "center"),
    Column("Fire", 0.5, "center"), Column("Melee", 0.7, "center"),
    Column("Nationality", 1.05), Column("Former profession", 1.8),
    Column("Location", 1.6), Column("Wounds (18.2)", 1.35),
)
STATUS_TEXT = {"off": "off the board", "eliminated": "eliminated", "exited": "left the board",
               "unused": "not in play",
               # a unit out of the viewer's sight (15.25 in a tunnel, 21.11 plotted in
               # secret): in play, but where it is is not printed (before: 'off the
               # board', untrue)
               "active": "in play, out of your sight"}


def problem(source: PrintSource) -> str | None:
    """25: there must be Character units to list."""
    return None if characters(source) else f"{source.scenario.id} has no Character units to list"


def characters(source: PrintSource) -> list[tuple[str, PieceType]]:
    """(piece id, type) of every Character unit of the scenario, in module order."""
    types = source.module.piece_types
    placed = [(p.piece, types[p.type]) for p in source.scenario.placements
              if p.type in types and types[p.type].kind == "character"]
    if placed:
        return placed
    return [(t.id, t) for t in types.values() if t.kind == "character"]


def _org_names(source: PrintSource) -> dict[str, str]:
    orgs = source.module.attrs.get("orgs", {})
    return {k: str(v.get("name", k)) for k, v in orgs.items() if isinstance(v, dict)}


def location_text(piece: Piece | None) -> str:
    """Where a unit is now: square and level (and facing), or why it is not on the map."""
    if piece is None:
        return "not in play"
    if not piece.on_board:
        return STATUS_TEXT.get(piece.status, piece.status)
    text = f"{piece.space}, level {piece.level}"
    if piece.facing is not None:
        text += f", faces {FACINGS[piece.facing % 8]}"
    return text


def own_secrets(state) -> dict[str, list[str]]:
    """The secrets a sheet printed for their owner shows beside each unit
    (``state`` is the printed side's view, so it holds only its own): 15.11 a
    dynamite carrier, 15.25 a unit in a tunnel, 17.31 a unit drawn for Le
    Cafard."""
    out: dict[str, list[str]] = {}
    siege = state.vars.get("siege_secret") or {}
    for did, pid in sorted((siege.get("dynamite") or {}).items()):
        bundle = did.rsplit("-", 1)[-1]
        out.setdefault(pid, []).append(f"carries dynamite bundle {bundle} in secret (15.11)")
    for pid in (state.vars.get("cafard_secret") or {}).get("units") or ():
        out.setdefault(pid, []).append("drawn for Le Cafard (17.31)")
    for piece in state.pieces.values():
        if piece.on_board and piece.level < 0:
            out.setdefault(piece.id, []).append("in a tunnel (15.25)")
    return out


def tunnel_lines(state) -> list[str]:
    """15.21 the tunnels plotted, for the sheet printed for the Bedouin."""
    out = []
    for t in (state.vars.get("siege_secret") or {}).get("tunnels") or ():
        how = "collapsed" if t.get("collapsed") else (
            "stands" if t.get("collapsed") is False else "not rolled yet")
        out.append(f"Tunnel {t.get('label')}: {'-'.join(t.get('squares') or ())} ({how})")
    return out


def mutineer_notes(source: PrintSource) -> dict[str, str]:
    """19.12 / 23.12 the Legionnaires who turned mutineer (an open mark on the
    unit), as the sheet notes them beside their location."""
    state = source.state
    if state is None:
        return {}
    setup = source.scenario.setup if isinstance(source.scenario.setup, dict) else {}
    sec = setup.get("mutineer") if isinstance(setup.get("mutineer"), dict) else {}
    rule = str(sec.get("rule") or "19.12")
    return {pid: f"mutineer ({rule})" for pid, piece in state.pieces.items()
            if piece.markers.get("mutineer")}


def unused_sides(source: PrintSource) -> dict[str, str]:
    """Side -> " (rule)" for a side none of whose Character units play in the
    scenario (19.1: the Bedouin units of Les Allemands)."""
    types = source.module.piece_types
    status: dict[str, set[str]] = {}
    for pl in source.scenario.placements:
        t = types.get(pl.type)
        if t is not None and t.kind == "character":
            status.setdefault(t.side, set()).add(pl.status)
    setup = source.scenario.setup if isinstance(source.scenario.setup, dict) else {}
    out = {}
    for side, seen in status.items():
        if seen == {"unused"}:
            sec = setup.get(side) if isinstance(setup.get(side), dict) else {}
            out[side] = f" ({sec['rule']})" if sec.get("rule") else ""
    return out


def wounds_text(piece: Piece | None) -> str:
    """Stun units (5.1) and any wound (18.2) on a unit; empty when unhurt."""
    if piece is None:
        return ""
    bits = []
    stun = int(piece.markers.get("stun", 0) or 0)
    if stun:
        bits.append(f"stunned x{stun}")
    wound = piece.markers.get("wound") or piece.data.get("wound")
    if wound:
        bits.append(f"wound {wound}" if not isinstance(wound, bool) else "wounded")
    return ", ".join(bits)


def layout(doc: Doc, source: PrintSource, **_options) -> None:
    """Lay out the sheet: a key, then one table with a heading per side and organization."""
    chars = characters(source)
    if not chars:
        raise SheetError(f"{source.scenario.id} has no Character units to list")
    state = source.state
    if state is None:
        doc.paragraph("Pencil in each unit's square (and tunnel squares, 15.23) under "
                      "Location, and its wounds under Wounds: '-1,-1' for a wound that "
                      "costs one MF and one on fire rolls, '-1,0' for one that costs one "
                      "MF and stops its fire (18.2).", size=8.5)
    else:
        turn = state.vars.get("turn")
        when = f"turn {turn}" if turn is not None else "the current position"
        doc.paragraph(f"Positions and stuns as of {when} of the game {source.origin}. "
                      "Levels: 0 ground, 1 rooftop, 2 parapet, 3 tower top, -1 tunnel.",
                      size=8.5)
        who = source.side.capitalize() if source.side else ""
        tunnels = tunnel_lines(state)
        if who and (own_secrets(state) or tunnels):
            doc.paragraph(f"Printed for the {who} player: his secrets are shown; keep "
                          "this sheet out of the other player's sight.", size=8.5)
        for line in tunnels:
            doc.paragraph(f"15.21 {line}", size=8.5)
    doc.paragraph("Wpn: R rifle (short range 1-6, long 7+, 7.21), P pistol (1-3, two "
                  "shots a turn, 7.22). Fire and Melee: the numbers printed on the unit.",
                  size=8.5, space_after=8.0)
    org_names = _org_names(source)
    sides = list(source.scenario.sides) or []
    for _, t in chars:
        if t.side not in sides:
            sides.append(t.side)
    rows: list = []
    secret = own_secrets(state) if state is not None else {}
    for pid, note in mutineer_notes(source).items():
        secret[pid] = [note, *secret.get(pid, ())]
    left_out = unused_sides(source)
    for side in sides:
        mine = [(pid, t) for pid, t in chars if t.side == side]
        if not mine:
            continue
        heading = f"{side.capitalize() or 'Neutral'} ({len(mine)} units)"
        if side in left_out:       # 19.1: one line, not a page of 'not in play'
            rows.append(Heading(f"{heading}: not in this scenario{left_out[side]}", 1))
            continue
        rows.append(Heading(heading, 1))
        orgs: list[str] = []
        for _, t in mine:
            if t.org not in orgs:
                orgs.append(t.org)
        for org in orgs:
            members = [(pid, t) for pid, t in mine if t.org == org]
            code = members[0][1].get("code", "")
            name = org_names.get(org, org)
            rows.append(Heading(f"{code}  {name}" if code else name, 2))
            for pid, t in members:
                piece = state.pieces.get(pid) if state is not None else None
                rows.append([
                    str(t.get("code", "")), t.name, str(t.get("weapon", "")),
                    str(t.get("fire", "")), str(t.get("melee", "")),
                    str(t.get("nationality", "")), str(t.get("profession", "")),
                    "; ".join([location_text(piece), *secret.get(pid, ())])
                    if state is not None else "",
                    wounds_text(piece) if state is not None else "",
                ])
    # a blank sheet keeps its pencil columns wide; positions printed from a game
    # are sized by what they hold, so a location stays on one line
    doc.table(COLUMNS, rows, size=8.0, pad=2.8, fit=state is not None, keep_groups=True)
