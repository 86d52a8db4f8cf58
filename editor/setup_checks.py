"""Placements checked against their scenario's set-up restrictions (no Qt).

The restrictions are the rows :mod:`editor.setup_rules` reads from a
scenario's ``setup`` data (the list in the Scenario dock).  Each row is about
some pieces of one side (who: the whole side, ``org: squad-1``, ``orgs: a,
b``, ``pieces: id1, id2``, or ``others``: the side's pieces no other row names)
and says where they start:

* *inside* an area, building or terrain: the space's attribute ``area``,
  ``building`` or ``terrain`` is one of the names given (``squares``: its key);
  ``levels`` in More limits the level, ``facing: outward`` in More the facing;
* *on squares*: one of the keys given;
* *off board*: not on the map;
* *facing out*: the piece faces away from the middle of the map (its facing is
  less than a right angle from the line out from the map's centre through its
  space: our reading of "facing out of the fort" for any map);
* *one per square and level*: no two of them share a space and level.

A row about a number of squads (``squads: 1``) or of kind *other* names no
pieces one by one and is not checked here.  Every breach is a warning (the
file opens; the game may still refuse the set-up) naming the piece, its space,
the restriction and its rule, and points at the space so a click shows it.
"""

from __future__ import annotations

import math
from typing import Any

from ffl.engine import Board

from .setup_rules import OUTWARD, Restriction, _place, read_setup

#: a space attribute each place key is read from (``squares``: the space's key)
PLACE_ATTRS = {"building": "building", "buildings": "building", "area": "area",
               "areas": "area", "terrain": "terrain", "squares": "key"}
#: the problem code of a breach (a warning)
CODE = "setup-restriction"


def check(data: dict[str, Any], boards: dict[str, Board | None], problem) -> list:
    """The breaches of every scenario's set-up restrictions by its placements;
    ``problem(code, message, **where)`` makes each problem record."""
    types = {pt["id"]: pt for pt in data.get("piece_types", [])}
    out = []
    for sc in data.get("scenarios", []):
        rows, _ = read_setup(sc.get("setup", {}) or {}, list(sc.get("sides", [])))
        if not rows or not sc.get("placements"):
            continue
        spaces = {s["key"]: s for b in data.get("boards", []) if b["name"] == sc["board"]
                  for s in b.get("spaces", [])}
        checker = _Scenario(sc, spaces, boards.get(sc["board"]), types, problem)
        for row in rows:
            out += checker.row(row, rows)
    return out


def _who(row: Restriction) -> tuple[str, list[str]]:
    """(``org``/``pieces``/``squads``/``others``/``""``, the names given)."""
    text = row.who.strip()
    if not text or text == "all":
        return "", []
    key, sep, value = text.partition(":")
    if not sep:
        return key.strip(), []
    key = {"orgs": "org"}.get(key.strip(), key.strip())
    return key, [v.strip() for v in value.split(",") if v.strip()]


class _Scenario:
    """One scenario's placements, looked up for its rows."""

    def __init__(self, sc: dict, spaces: dict, board: Board | None, types: dict,
                 problem) -> None:
        self.sc, self.spaces, self.board, self.types = sc, spaces, board, types
        self.problem = problem

    # -- who ------------------------------------------------------------------------------

    def pieces(self, row: Restriction, rows: list[Restriction]) -> list[dict] | None:
        """The placements a row is about (None: it names no pieces one by one)."""
        side = [p for p in self.sc["placements"] if p.get("side") == row.side]
        key, names = _who(row)
        if key == "":
            return side
        if key == "org":
            return [p for p in side if self.types.get(p["type"], {}).get("org") in names]
        if key == "pieces":
            return [p for p in self.sc["placements"] if p["piece"] in names]
        if key == "others":
            named = set()
            for other in rows:
                if other is row or other.side != row.side:
                    continue
                found = self.pieces(other, []) if _who(other)[0] in ("org", "pieces") else None
                named |= {p["piece"] for p in found or ()}
            return [p for p in side if p["piece"] not in named]
        return None

    # -- checks -------------------------------------------------------------------------

    def row(self, row: Restriction, rows: list[Restriction]) -> list:
        pieces = self.pieces(row, rows)
        if pieces is None or row.kind == "other":
            return []
        try:
            place = _place(row)
        except ValueError:       # the form says what is missing
            return []
        place.update({k: v for k, v in row.more.items() if k in ("levels", "facing")})
        on_map = [p for p in pieces if p.get("space") is not None
                  and p.get("status", "active") == "active" and p["space"] in self.spaces]
        out = []
        if row.kind == "off-board":
            for p in on_map:
                out.append(self._breach(row, p, "should start off the board"))
            return out
        if row.kind == "one-per-square":
            held: dict[tuple[str, int], str] = {}
            for p in on_map:
                where = (p["space"], int(p.get("level", 0)))
                if where in held:
                    out.append(self._breach(row, p, f"shares it with {held[where]}: one per "
                                            "square and level"))
                else:
                    held[where] = p["piece"]
            return out
        for p in on_map:
            reason = self._where(place, p)
            if reason:
                out.append(self._breach(row, p, reason))
        return out

    def _where(self, place: dict, p: dict) -> str:
        """Why a placement breaks ``place`` ("" if it does not)."""
        space = self.spaces[p["space"]]
        attrs = space.get("attrs", {})
        for key, attr in PLACE_ATTRS.items():
            if key not in place:
                continue
            wanted = place[key] if isinstance(place[key], list) else [place[key]]
            have = space["key"] if attr == "key" else attrs.get(attr)
            if have not in wanted:
                what = "squares" if attr == "key" else (
                    f"{attr}s" if len(wanted) > 1 else attr)
                return f"is not on {what} {' or '.join(map(str, wanted))}"
        levels = place.get("levels")
        if isinstance(levels, list) and levels and int(p.get("level", 0)) not in levels:
            return f"is at level {p.get('level', 0)}, not {' or '.join(map(str, levels))}"
        if place.get("facing") in OUTWARD:
            return self._outward(p)
        return ""

    def _outward(self, p: dict) -> str:
        if p.get("facing") is None:
            return "has no facing: it must face out"
        board = self.board
        if board is None or p["space"] not in board:
            return ""
        minx, miny, maxx, maxy = board.bounds
        px, py = board[p["space"]].centre
        ox, oy = px - (minx + maxx) / 2, py - (miny + maxy) / 2
        n = board.facings
        angle = 2 * math.pi * (int(p["facing"]) % n) / n
        if math.sin(angle) * ox - math.cos(angle) * oy > 1e-9:
            return ""
        return "does not face out (away from the middle of the map)"

    def _breach(self, row: Restriction, p: dict, reason: str):
        sid = self.sc["id"]
        space = self.spaces.get(p.get("space"), {})
        label = space.get("label") or p.get("space")
        where = f"{label} level {p.get('level', 0)}"
        rule = f" ({row.rule.strip()})" if row.rule.strip() else ""
        point = None
        if self.board is not None and p.get("space") in self.board:
            point = self.board[p["space"]].centre
        return self.problem(
            CODE, f"{sid}: {p['piece']} on {where} {reason}{rule}", board=self.sc["board"],
            keys=(p["space"],), point=point, scenario=sid, extra={"piece": p["piece"]})
