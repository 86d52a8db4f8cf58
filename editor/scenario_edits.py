"""Edits of pieces, piece types and scenarios (each function returns the
``(path, value)`` changes of one edit, see :mod:`editor.edits`)."""

from __future__ import annotations

import copy
from collections.abc import Iterable

from .document import DELETE, Change, Document, Insert
from .edit_core import InUse, _naming, check_key


def place(doc: Document, sci: int, piece: str, space: str | None, level: int = 0,
          facing: int | None = None) -> list[Change]:
    """Put a scenario's placement on a space (active) or off the board."""
    placements = doc.data["scenarios"][sci]["placements"]
    pi = next(i for i, p in enumerate(placements) if p["piece"] == piece)
    old = placements[pi]
    new = dict(old, space=space, level=level, facing=facing,
               status="active" if space is not None else old["status"])
    if new == old:
        return []
    return [(("scenarios", sci, "placements", pi), new)]


def add_each_type(doc: Document, sci: int) -> list[Change]:
    """One piece, off the map, of every piece type scenario ``sci`` has none of
    (a new card-game scenario gets its whole pack in one step); the piece id is
    the type id, or ``<type>-<n>`` when that is taken.  A type of a side the
    scenario does not have is left out (French Foreign Legion's mutineers in a
    scenario of the Legion and the Bedouin); a type of no side is not."""
    sc = doc.data["scenarios"][sci]
    have = {p["type"] for p in sc["placements"]}
    taken = {p["piece"] for p in sc["placements"]}
    sides = set(sc.get("sides", []))
    out: list[Change] = []
    for pt in doc.data["piece_types"]:
        if pt["id"] in have or (pt.get("side") and pt["side"] not in sides):
            continue
        piece, n = pt["id"], 1
        while piece in taken:
            piece, n = f"{pt['id']}-{n}", n + 1
        taken.add(piece)
        entry = new_placement(doc, piece, pt)
        out.append((("scenarios", sci, "placements", len(sc["placements"]) + len(out)),
                    Insert(entry)))
    return out


def new_placement(doc: Document, piece: str, pt: dict) -> dict:
    """A new piece ``piece`` of the piece type ``pt``, off the map.  Its data
    (and its status, off or unused) start as the module's first placement of
    that type off the map has them, else its first placement's data: what a
    game keeps per piece that the dock does not edit (Phantom Fury's pools,
    a vehicle's ammunition) comes with it, so the piece plays as it does in
    the module's own scenarios."""
    status, data = "off", {}
    like = [p for sc in doc.data["scenarios"] for p in sc["placements"]
            if p["type"] == pt["id"]]
    off = next((p for p in like if p["space"] is None), None)
    if off is not None:               # off or unused (an "active" piece off the map: off)
        status, data = ("off" if off["status"] == "active" else off["status"]), off["data"]
    elif like:
        data = like[0]["data"]
    return {"piece": piece, "type": pt["id"], "side": pt.get("side", ""), "space": None,
            "level": 0, "facing": None, "status": status, "data": copy.deepcopy(data)}


def delete_placement(doc: Document, sci: int, piece: str) -> list[Change]:
    """Remove one piece from a scenario."""
    placements = doc.data["scenarios"][sci]["placements"]
    pi = next((i for i, p in enumerate(placements) if p["piece"] == piece), None)
    return [] if pi is None else [(("scenarios", sci, "placements", pi), DELETE)]


def new_scenario(doc: Document, title: str, board: str, sides: Iterable[str],
                 scenario_id: str = "") -> list[Change]:
    """Add an empty scenario (no placements yet) on ``board`` for ``sides``.

    Without ``scenario_id`` the id is ``<game>/<title as a slug>`` made unique.
    Its set-up data starts as that of the module's first scenario of the same
    game and sides (:func:`set_up_like`), since a game may not start a
    scenario without its set-up data (French Foreign Legion: how many
    Legionnaires set up and where, the board sides the Bedouin enter by).
    """
    data = doc.data
    game = data["module"]["game"] or data["module"]["id"]
    taken = {sc["id"] for sc in data["scenarios"]}
    if not scenario_id:
        slug = "-".join("".join(c if c.isalnum() else " " for c in title.lower()).split())
        base = f"{game}/{slug or 'scenario'}"
        scenario_id, n = base, 1
        while scenario_id in taken:
            n += 1
            scenario_id = f"{base}-{n}"
    like = set_up_like(doc, game, sides)
    entry = {"id": scenario_id, "game": game, "title": title, "board": board,
             "description": "", "sides": list(sides), "options": {},
             "setup": copy.deepcopy(like["setup"]) if like is not None else {},
             "placements": []}
    return [(("scenarios", len(data["scenarios"])), Insert(entry))]


def set_up_like(doc: Document, game: str, sides: Iterable[str]) -> dict | None:
    """The module's first scenario of ``game`` for the same ``sides`` that has
    set-up data (a new scenario's set-up starts as its), or None."""
    sides = list(sides)
    return next((sc for sc in doc.data["scenarios"] if sc.get("game") == game
                 and list(sc.get("sides", [])) == sides and sc.get("setup")), None)


def copy_scenario(doc: Document, sci: int) -> list[Change]:
    """Add a copy of scenario ``sci`` (board, sides, options, set-up, every
    placement) right after it, titled "<title> (copy)" with an id of its own:
    the start of a variant of a scenario that already plays."""
    data = doc.data
    entry = copy.deepcopy(data["scenarios"][sci])
    taken = {sc["id"] for sc in data["scenarios"]}
    base = f"{entry['id']}-copy"
    scenario_id, n = base, 1
    while scenario_id in taken:
        n += 1
        scenario_id = f"{base}-{n}"
    entry["id"] = scenario_id
    entry["title"] = f"{entry.get('title') or data['scenarios'][sci]['id']} (copy)"
    return [(("scenarios", sci + 1), Insert(entry))]


def delete_scenario(doc: Document, sci: int) -> list[Change]:
    return [(("scenarios", sci), DELETE)]


def type_users(doc: Document, type_id: str) -> list[tuple[int, int, str]]:
    """(scenario index, placement index, piece id) of every piece of ``type_id``."""
    return [(sci, pi, p["piece"]) for sci, sc in enumerate(doc.data["scenarios"])
            for pi, p in enumerate(sc["placements"]) if p["type"] == type_id]


def delete_piece_type(doc: Document, ti: int, cascade: bool = False) -> list[Change]:
    """Remove a piece type.  Refused (``InUse``, naming the pieces) while a
    scenario places pieces of it, unless ``cascade``: then those pieces go too."""
    type_id = doc.data["piece_types"][ti]["id"]
    users = type_users(doc, type_id)
    if users and not cascade:
        raise InUse(f"Piece type {type_id!r} is placed in scenarios: {_naming(doc, users)}")
    out: list[Change] = [(("scenarios", sci, "placements", pi), DELETE)
                         for sci, pi, _ in sorted(users, reverse=True)]
    return [*out, (("piece_types", ti), DELETE)]


def rename_piece_type(doc: Document, ti: int, new: str) -> list[Change]:
    """Give a piece type a new id, and every placement of it too (ValueError for
    an empty id, one with a comma or space, or one another type has)."""
    new = check_key(new, "A piece type id")
    old = doc.data["piece_types"][ti]["id"]
    if new == old:
        return []
    if any(pt["id"] == new for pt in doc.data["piece_types"]):
        raise ValueError(f"Piece type id {new!r} is already used by another piece type")
    out: list[Change] = [(("piece_types", ti, "id"), new)]
    for sci, pi, _ in type_users(doc, old):
        out.append((("scenarios", sci, "placements", pi, "type"), new))
    return out


def set_scenario_id(doc: Document, path: tuple, new: str) -> list[Change]:
    """Change a scenario's (or draft's) id; ValueError if empty or already used."""
    new = new.strip()
    if not new:
        raise ValueError("A scenario needs an id")
    if any(c.isspace() for c in new):
        raise ValueError(f"{new!r} has a space: an id is one word, typed after --scenario "
                         "(use - between words, e.g. ffl/night-attack)")
    entry = doc.get(path)
    if entry.get("id") == new:
        return []
    drafts = doc.data["module"].get("attrs", {}).get("draft_scenarios", [])
    taken = [sc.get("id") for sc in [*doc.data["scenarios"], *drafts]
             if isinstance(sc, dict) and sc is not entry]
    if new in taken:
        raise ValueError(f"Scenario id {new!r} is already used by another scenario")
    return [((*path, "id"), new)]


def set_scenario_board(doc: Document, sci: int, board: str) -> list[Change]:
    """Move a scenario to another board; refused (``InUse``) while pieces stand on
    spaces that board does not have."""
    sc = doc.data["scenarios"][sci]
    if sc["board"] == board:
        return []
    if board not in doc.board_names():
        raise ValueError(f"There is no board {board!r}")
    keys = {s["key"] for s in doc.data["boards"][doc.board_index(board)]["spaces"]}
    stranded = [p["piece"] for p in sc["placements"] if p["space"] is not None
                and p["space"] not in keys]
    if stranded:
        raise InUse(f"Board {board!r} has no space for {', '.join(stranded[:8])}"
                    f"{' ...' if len(stranded) > 8 else ''}: take those pieces off the map "
                    "first")
    return [(("scenarios", sci, "board"), board)]
