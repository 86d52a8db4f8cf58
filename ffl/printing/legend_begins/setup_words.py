"""The Legend Begins' set-up data as sentences for the set-up sheet, each with
its rule number (the shared sheet asks ``words(key, setup, write, board)``; a
key answered None is printed the shared way)."""

from __future__ import annotations

from typing import Any

from ..setup_text import Writer, listing, number

#: keys read with another key's sentence (the turns say the years, first and last)
QUIET = ("year", "first_turn", "last_turn")
#: the order the sheet says them in: the turns, then the map, then the forces
ORDER = ("turns", "first_player", "control_west_of", "permanent_forts", "field_works",
         "railhead", "rail_extension", "air", "rp", "malta", "luftwaffe", "crete", "special",
         "schedule", "victory")
WORKS = {"ip": "Improved Position", "fort": "Fortification"}


def _hex(board, hex_id: str) -> str:
    """``2845 (Bardia)``: a hex's number and, if it has one, its name."""
    space = board[hex_id] if hex_id in board else None
    name = space.attrs.get("name") if space is not None else None
    return f"{hex_id} ({name})" if name else str(hex_id)


def _by_side(write: Writer, board, places: dict[str, Any], what) -> list[str]:
    """``{hex: side}`` as one line a side: ``Axis: 2845 (Bardia) and 3037.``"""
    sides: dict[str, list[str]] = {}
    for hex_id, side in places.items():
        sides.setdefault(what(side), []).append(_hex(board, hex_id))
    return [f"{write.side(side)}: {listing(sorted(hexes))}." for side, hexes in sides.items()]


def words(key: str, setup: dict[str, Any], write: Writer, board) -> tuple[str, list[str]] | None:
    """The heading and sentences for one set-up key, [] for a key said elsewhere,
    None for a key this module does not know."""
    value = setup[key]
    if key in QUIET:
        return "", []
    if key == "turns" and isinstance(value, list) and value:
        first = setup.get("first_turn", 0)
        last = setup.get("last_turn", len(value) - 1)
        played = value[first:last + 1] if isinstance(first, int) and isinstance(last, int) \
            else value
        said = f"{number(len(played)).capitalize()} game turns, {played[0]} to {played[-1]}"
        return "Turns (31.0)", [f"{said}: {listing(played)}." if len(played) <= 12
                                else f"{said}."]
    if key == "first_player" and isinstance(value, str):
        return "First player (3.1)", [f"The {write.side(value)} player is the first player."]
    if key == "malta":
        return "Malta (26.2)", [f"The Malta Track's Interdiction Value starts at {value}."]
    if key == "luftwaffe":
        return "The Luftwaffe (26.0)", [
            "The German Luftwaffe marker is " + ("available" if value else "not available")
            + " at the start."]
    if key == "crete" and isinstance(value, str):
        return "Crete (27.6)", [f"The {write.side(value)} player controls Crete."]
    if key == "permanent_forts" and isinstance(value, dict):
        return "Permanent Fortifications (18A)", _by_side(write, board, value, lambda s: s)
    if key == "field_works" and isinstance(value, dict):
        lines = []
        kinds: dict[tuple[str, str], list[str]] = {}
        for hex_id, work in value.items():
            if isinstance(work, dict):
                kinds.setdefault((work.get("side", ""), work.get("type", "")), []).append(hex_id)
        for (side, kind), hexes in kinds.items():
            lines.append(f"{write.side(side)} {WORKS.get(kind, kind)}s in "
                         f"{listing([_hex(board, h) for h in sorted(hexes)])}.")
        return "Field works (18.0)", lines
    if key == "control_west_of" and isinstance(value, dict) and "column" in value:
        return "Control of hexes (8.1)", [
            f"At the start the {write.side(value.get('west', ''))} player controls the hexes "
            f"west of hex column {value['column']}, the {write.side(value.get('east', ''))} "
            "player those east of it."]
    if key == "rp" and isinstance(value, dict):
        return "Resource Points (30.0)", [
            "At the start: " + listing([f"{write.side(s)} {n}" for s, n in value.items()]) + "."]
    if key == "air" and isinstance(value, dict):
        lines = []
        for side, part in value.items():
            if not isinstance(part, dict):
                continue
            bits = [f"{write.names(hq)} in hex {_hex(board, h)}"
                    for h, hq in (part.get("hq") or {}).items()]
            if part.get("ready"):
                bits.append(f"ready: {write.names(part['ready'])}")
            lines.append(f"{write.side(side)}: {'; '.join(bits)}.")
        return "Air units (40.2, 40.11)", lines
    if key == "schedule" and isinstance(value, dict):
        turns = setup.get("turns") if isinstance(setup.get("turns"), list) else []
        lines = []
        for turn in sorted(value, key=lambda t: int(t) if str(t).isdigit() else 0):
            n = int(turn) if str(turn).isdigit() else None
            when = f"{turns[n]}" if n is not None and n < len(turns) else f"Turn {turn}"
            for side, what in (value[turn] or {}).items():
                if not isinstance(what, dict):
                    continue
                acts = [f"{verb} {write.names(pieces)}" for verb, pieces in what.items()
                        if pieces]
                lines.append(f"{when}, {write.side(side)}: {'; '.join(acts)}.")
        return "Reinforcements and withdrawals (31.1, 31.2, 31.6)", lines
    if key == "victory" and isinstance(value, dict) and isinstance(value.get("text"), str):
        return "Victory", [value["text"]]
    if key == "special" and isinstance(value, list):
        rules = [str(r) for r in value]
        return "Special rules", [f"Rule{'s' if len(rules) > 1 else ''} {listing(rules)} "
                                 f"appl{'y' if len(rules) > 1 else 'ies'} in this scenario."]
    if key == "railhead" and isinstance(value, str | int):
        return "Railhead (42.2)", [f"The Allied railhead starts in hex {_hex(board, str(value))}."]
    if key == "rail_extension" and isinstance(value, list):
        return "Rail extension (42.1)", [
            f"The hexes the Allied player may build the railway on, in order: "
            f"{listing([_hex(board, str(h)) for h in value])}."]
    return None
