"""Checks of a module being edited: pure functions over its dump (no Qt).

:func:`validate` takes module dump data (``ffl.store.module_dump`` shape) and
returns :class:`Problem` records, each naming the board and spaces (or the
scenario and piece) it is about so the window can show where it is.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import shapely
from shapely.geometry import Polygon

from ffl.engine import Board, BoardError, Link, Space

from . import setup_checks
from .board_cache import GeometryCache, build_board, geometry_key

#: terrain names any game may use (the play window has a colour for each)
GENERIC_TERRAINS = frozenset({
    "clear", "open", "sand", "desert", "road", "street", "building", "interior",
    "courtyard", "parade", "wall", "fort", "tower", "rough", "hill", "woods", "forest",
    "oasis", "palm", "water", "river", "marsh", "town", "rubble", "tunnel",
})
#: space kinds that sit apart from the map (never part of a tiling, may be alone)
APART_KINDS = frozenset({"box", "track"})
#: smallest overlap or gap area (board units) worth reporting
MIN_AREA = 1e-6
#: how far (board units) a drawn shape may miss the outline of a hole it fills
DRAWN_TOLERANCE = 1e-3
#: problem codes that block saving: the store would refuse the file (or keep
#: only one of two items with the same id)
ERRORS = frozenset({"duplicate-key", "invalid-polygon", "dangling-side", "dangling-link",
                    "board", "side-no-border", "missing-board", "unknown-piece-type",
                    "missing-space", "bad-id", "game-rules"})
#: the most problems listed from one game's check of the module (the rest summed up)
MOST_GAME_PROBLEMS = 12


@dataclass(frozen=True)
class Problem:
    """One thing wrong with the module, and where it is."""

    code: str          # duplicate-key, overlap, gap, no-neighbour, setup-restriction, ...
    message: str
    board: str = ""
    keys: tuple[str, ...] = ()
    point: tuple[float, float] | None = None   # board units, for click-to-locate
    scenario: str = ""
    extra: dict[str, Any] = field(default_factory=dict, compare=False)

    @property
    def error(self) -> bool:
        """An error: the file would be refused on opening, or would lose data
        (Save is blocked while there is one); anything else is a warning."""
        return self.code in ERRORS


def validate(data: dict[str, Any], geometry: GeometryCache | None = None) -> list[Problem]:
    """Every problem found in the module dump ``data``.

    With a ``geometry`` cache (the document's), what depends on the outlines only
    (adjacency, overlaps and gaps) is reused from the last check of the same
    geometry, so checking after a paint stroke or a wall does not redo it.
    """
    out: list[Problem] = []
    terrains = known_terrains(data)
    boards: dict[str, Board | None] = {}
    names = Counter(b["name"] for b in data.get("boards", []))
    for name, n in names.items():
        if n > 1:
            out.append(Problem("duplicate-key", f"board name {name!r} is used {n} times",
                               board=name))
    for b in data.get("boards", []):
        boards[b["name"]] = _check_board(b, terrains, out, geometry)
    _check_pieces(data, out)
    _check_scenarios(data, boards, out)
    out += setup_checks.check(data, boards, Problem)
    return out


def validate_document(doc) -> list[Problem]:
    """Every problem of a :class:`~editor.document.Document`: :func:`validate`,
    then, when the module can be built, what its game's rules find
    (:func:`game_problems`)."""
    problems = validate(doc.data, doc.geometry)
    if errors(problems):
        return problems
    try:
        module = doc.module()
    except Exception:       # noqa: BLE001 - the checks above say what is wrong
        return problems
    return problems + game_problems(module)


def game_problems(module) -> list[Problem]:
    """What keeps the module's game from playing it, as its rules say
    (``ffl.session.check_module``: the player refuses to open such a file, so
    each one is an error).  A module of no registered game is free play and
    has none.  A space key the message names is what a click shows."""
    from ffl.games import manifest
    from ffl.session import check_module

    found = check_module(module)
    if not found:
        return []
    board_of = {}
    for sc in module.scenarios.values():
        board_of.setdefault(sc.board, sc.id)
    keys = {key: name for name, board in module.boards.items() for key in board.keys()}
    games = [manifest(sc.game) or manifest(sc.id.split("/", 1)[0])
             for sc in module.scenarios.values()]
    title = next((g.title for g in games if g is not None), module.game)
    out = []
    for text in found[:MOST_GAME_PROBLEMS]:
        words = [w.strip(".,;:()'\"") for w in text.split()]
        key = next((w for w in words if w in keys), None)
        # a piece type named (a card's number, letter or colour): a click chooses it
        kind = next((w for w in words if w in module.piece_types), "")
        # a scenario named (its set-up data): a click chooses it in the Scenario dock
        sid = next((w for w in words if w in module.scenarios), "")
        where = ""
        if sid and not module.scenarios[sid].placements:
            where = (" (the scenario has no pieces yet: add them in the Scenario dock, "
                     "Add piece or Add each type)")
        elif sid and "setup." in text:
            where = " (the scenario's set-up data: Set-up in the Scenario dock)"
        out.append(Problem("game-rules", f"the rules of {title} cannot play this module: "
                           f"{text}{where}", board=keys.get(key, ""),
                           keys=(key,) if key else (), scenario=sid,
                           extra={"piece_type": kind} if kind and not key else {}))
    if len(found) > MOST_GAME_PROBLEMS:
        out.append(Problem("game-rules", f"... and {len(found) - MOST_GAME_PROBLEMS} more "
                           f"the rules of {title} find (choose another game in the Module "
                           "dock, or none for free play)"))
    return out


def start_problems(module, scenario_id: str) -> list[Problem]:
    """Why the scenario ``scenario_id`` would not start in the player (as
    File › Play this scenario checks it): its game sets it up and checks the
    start (placements, facings, set-up data).  A warning: a scenario being
    built may be saved unfinished.  It names the piece (a click chooses it) and
    the space, when the reason names them."""
    from ffl.session import GameSession

    from .start_reasons import missing_pieces, missing_text

    def start(mod, sid) -> None:
        GameSession.new(mod, sid, seed=1)

    try:
        start(module, scenario_id)
    except Exception as exc:  # noqa: BLE001 - whatever the game refuses, said in words
        sc = module.scenarios.get(scenario_id)
        board = module.boards.get(sc.board) if sc is not None else None
        reason = re.split(r" cannot be (?:played|set up): ", str(exc), maxsplit=1)[-1]
        missing = missing_pieces(module, scenario_id, exc, start) if sc is not None else []
        if missing:                     # a piece the set-up looks up by its id
            return [Problem("scenario-start", f"{scenario_id} would not start: "
                            f"{missing_text(module, missing)}", scenario=scenario_id,
                            extra={"add_type": missing[0].type})]
        # the piece and space the reason names (not the title's words: "Operation
        # Compass (1940)" would read as hex 1940)
        words = [w.strip(".,;:()'\"") for w in reason.split()]
        pieces = {p.piece for p in sc.placements} if sc is not None else set()
        piece = next((w for w in words if w in pieces), "")
        keys = tuple(k for k in words if board is not None and k in board.spaces)[:1]
        return [Problem("scenario-start", f"{scenario_id} would not start: {reason}",
                        board=sc.board if keys else "", keys=keys, scenario=scenario_id,
                        extra={"piece": piece} if piece else {})]
    return []


def errors(problems: list[Problem]) -> list[Problem]:
    """The problems that block saving."""
    return [p for p in problems if p.error]


def known_terrains(data: dict[str, Any]) -> frozenset[str]:
    """The terrain names a module may use: its own list (``attrs["terrains"]``,
    the Module dock's Terrains) together with its game's
    (``GameManifest.terrains``), or with the generic ones for a module of no
    registered game."""
    from ffl.games import manifest

    head = data.get("module", {})
    listed = head.get("attrs", {}).get("terrains")
    own = frozenset(str(k) for k in listed) if isinstance(listed, dict | list) else frozenset()
    game = manifest(head.get("game", ""))
    if game is not None and game.terrains:
        return own | frozenset(game.terrains)
    return own | GENERIC_TERRAINS


# -- boards ---------------------------------------------------------------------------


def _check_board(b: dict[str, Any], terrains: frozenset[str], out: list[Problem],
                 geometry: GeometryCache | None = None) -> Board | None:
    name = b["name"]
    spaces = b.get("spaces", [])
    keys = Counter(s["key"] for s in spaces)
    if "" in keys:
        out.append(Problem("bad-id", f"{name}: a space has no key", board=name))
    for key, n in keys.items():
        if n > 1:
            out.append(Problem("duplicate-key",
                               f"{name}: space key {key!r} is used {n} times",
                               board=name, keys=(key,)))
    polys: dict[str, Polygon] = {}
    def parse():
        return list(shapely.from_wkt([s["wkt"] for s in spaces])) if spaces else []

    parsed = parse() if geometry is None else geometry.memo(("wkt", geometry_key(b)), parse)
    for s, poly in zip(spaces, parsed, strict=True):
        if not poly.is_valid or poly.area <= 0:
            reason = shapely.is_valid_reason(poly)
            out.append(Problem("invalid-polygon",
                               f"{name}: space {s['key']} has a broken outline ({reason})",
                               board=name, keys=(s["key"],), point=_centre(poly)))
            continue
        polys.setdefault(s["key"], poly)
        terrain = s.get("attrs", {}).get("terrain")
        if terrain is not None and terrain not in terrains:
            out.append(Problem("unknown-terrain",
                               f"{name}: space {s['key']} has unknown terrain {terrain!r} "
                               f"(known: {', '.join(sorted(terrains))})",
                               board=name, keys=(s["key"],), point=_centre(poly)))
    for side in b.get("sides", []):
        missing = [k for k in (side["a"], side["b"]) if k not in keys]
        if missing:
            out.append(Problem("dangling-side",
                               f"{name}: side {side['a']}|{side['b']} names missing space "
                               f"{', '.join(missing)}", board=name,
                               keys=tuple(k for k in (side["a"], side["b"]) if k in keys)))
    for link in b.get("links", []):
        missing = [k for k in (link["a"], link["b"]) if k not in keys]
        if missing:
            out.append(Problem("dangling-link",
                               f"{name}: {link['kind']} link {link['a']}->{link['b']} names "
                               f"missing space {', '.join(missing)}", board=name,
                               keys=tuple(k for k in (link["a"], link["b"]) if k in keys)))
    kinds = {s["key"]: s.get("kind", "square") for s in spaces}
    tiling = {k: p for k, p in polys.items() if kinds.get(k) not in APART_KINDS}
    if b.get("attrs", {}).get("tiles", True):
        drawn = _drawn(b)
        if geometry is None:
            _check_tiling(name, tiling, out, drawn)
        else:
            memo_key = ("tiling", name, geometry_key(b), tuple(k in tiling for k in polys),
                        tuple(d.wkt for d in drawn))
            out += geometry.memo(memo_key, lambda: _tiling_problems(name, tiling, drawn))
    board = _engine_board(b, polys, keys, out, geometry)
    if board is not None:
        for key in board.keys():
            if kinds.get(key) in APART_KINDS:
                continue
            if not board.neighbours(key):
                out.append(Problem("no-neighbour",
                                   f"{name}: space {key} touches no other space and has no "
                                   "link", board=name, keys=(key,),
                                   point=_centre(polys[key])))
    return board


def _drawn(b: dict[str, Any]) -> list[Polygon]:
    """The shapes drawn on the board's picture that are not played on (its
    ``attrs["decor"]``: name -> ``{"kind", "points"}``; on Limits of Glory's
    area map the islands, coasts and seas around the areas)."""
    out = []
    decor = b.get("attrs", {}).get("decor", {})
    for d in decor.values() if isinstance(decor, dict) else ():
        try:
            poly = Polygon(d["points"])
        except (KeyError, TypeError, ValueError):
            continue
        if poly.is_valid and poly.area > MIN_AREA:
            out.append(poly)
    return out


def _tiling_problems(name: str, polys: dict[str, Polygon],
                     drawn: list[Polygon] = ()) -> list[Problem]:
    found: list[Problem] = []
    _check_tiling(name, polys, found, drawn)
    return found


def _check_tiling(name: str, polys: dict[str, Polygon], out: list[Problem],
                  drawn: list[Polygon] = ()) -> None:
    """Overlaps between spaces, and holes left inside the area they cover.

    A hole that a shape of the board's drawing fills (``drawn``: an island
    not played on, ringed by sea areas) is the map as printed, not a gap; only
    what is left of a hole outside the drawing is one."""
    keys = list(polys)
    if len(keys) < 2:
        return
    geoms = [polys[k] for k in keys]
    tree = shapely.STRtree(geoms)
    left, right = tree.query(geoms, predicate="intersects")
    for i, j in zip(left.tolist(), right.tolist(), strict=True):
        if i >= j:
            continue
        inter = geoms[i].intersection(geoms[j])
        if inter.area > MIN_AREA:
            out.append(Problem("overlap",
                               f"{name}: spaces {keys[i]} and {keys[j]} overlap "
                               f"(area {inter.area:.3g})", board=name,
                               keys=(keys[i], keys[j]), point=_centre(inter)))
    union = shapely.union_all(shapely.set_precision(geoms, 1e-6))
    parts = getattr(union, "geoms", [union])
    # the drawing's outlines are rounded (1e-4): a hole it fills leaves no more
    # than slivers that wide
    picture = shapely.union_all(drawn) if len(drawn) else None
    for part in parts:
        for hole in getattr(part, "interiors", []):
            gap = Polygon(hole)
            if picture is not None and gap.area > MIN_AREA and gap.intersects(picture):
                if gap.difference(picture.buffer(DRAWN_TOLERANCE)).area <= MIN_AREA:
                    continue
                gap = gap.difference(picture)
            if gap.area > MIN_AREA:
                around = [keys[i] for i in tree.query(gap, predicate="touches").tolist()]
                out.append(Problem("gap",
                                   f"{name}: a gap of area {gap.area:.3g} is left between "
                                   f"{', '.join(sorted(around)[:6]) or 'spaces'}",
                                   board=name, keys=tuple(sorted(around)),
                                   point=_centre(gap)))


def _engine_board(b: dict[str, Any], polys: dict[str, Polygon], keys: Counter,
                  out: list[Problem], geometry: GeometryCache | None = None) -> Board | None:
    """The board as the engine builds it, or None (with a problem) if it cannot be."""
    if any(n > 1 for n in keys.values()) or len(polys) != len(keys):
        return None
    if geometry is not None:
        try:
            board = build_board(b, geometry, sides=[], links=[
                lk for lk in b.get("links", []) if lk["a"] in polys and lk["b"] in polys])
        except BoardError as exc:
            out.append(Problem("board", f"{b['name']}: {exc}", board=b["name"]))
            return None
        _sides_without_border(b, board, polys, out)
        return board
    spaces = [Space(s["key"], polys[s["key"]], s.get("kind", "square"), s.get("attrs", {}),
                    s.get("label", "")) for s in b.get("spaces", [])]
    links = [Link(lk["a"], lk["b"], lk["kind"], lk.get("attrs", {}),
                  bool(lk.get("directed", False))) for lk in b.get("links", [])
             if lk["a"] in polys and lk["b"] in polys]
    try:
        board = Board(spaces, [], links, name=b["name"], attrs=b.get("attrs", {}))
    except BoardError as exc:
        out.append(Problem("board", f"{b['name']}: {exc}", board=b["name"]))
        return None
    _sides_without_border(b, board, polys, out)
    return board


def _sides_without_border(b: dict[str, Any], board: Board, polys: dict[str, Polygon],
                          out: list[Problem]) -> None:
    for side in b.get("sides", []):
        a, c = side["a"], side["b"]
        if a in polys and c in polys and board.side(a, c) is None:
            out.append(Problem("side-no-border",
                               f"{b['name']}: side {a}|{c} has features but the "
                               "two spaces share no border", board=b["name"], keys=(a, c)))


# -- pieces and scenarios ---------------------------------------------------------------


def _check_pieces(data: dict[str, Any], out: list[Problem]) -> None:
    ids = Counter(pt["id"] for pt in data.get("piece_types", []))
    if "" in ids:
        out.append(Problem("bad-id", "a piece type has no id", extra={"piece_type": ""}))
    for pid, n in ids.items():
        if n > 1:
            out.append(Problem("duplicate-key", f"piece type id {pid!r} is used {n} times",
                               extra={"piece_type": pid}))


def _check_scenarios(data: dict[str, Any], boards: dict[str, Board | None],
                     out: list[Problem]) -> None:
    types = {pt["id"]: pt for pt in data.get("piece_types", [])}
    ids = Counter(sc["id"] for sc in data.get("scenarios", []))
    if "" in ids:
        out.append(Problem("bad-id", "a scenario has no id"))
    for sid, n in ids.items():
        if n > 1:
            out.append(Problem("duplicate-key", f"scenario id {sid!r} is used {n} times",
                               scenario=sid))
    for sc in data.get("scenarios", []):
        sid, bname = sc["id"], sc["board"]
        if bname not in boards:
            out.append(Problem("missing-board", f"{sid}: board {bname!r} does not exist",
                               scenario=sid))
        board = boards.get(bname)
        spaces = ({s["key"] for b in data["boards"] if b["name"] == bname
                   for s in b["spaces"]})
        pieces = Counter(p["piece"] for p in sc.get("placements", []))
        for pid, n in pieces.items():
            if n > 1:
                out.append(Problem("duplicate-key", f"{sid}: piece {pid!r} is placed {n} times",
                                   scenario=sid, extra={"piece": pid}))
        held: dict[tuple[str, int], str] = {}
        for p in sc.get("placements", []):
            if p["type"] not in types:
                out.append(Problem("unknown-piece-type",
                                   f"{sid}: piece {p['piece']} has unknown type {p['type']!r}",
                                   scenario=sid, extra={"piece": p["piece"]}))
            sides = sc.get("sides") or []
            if p.get("side") and sides and p["side"] not in sides:
                out.append(Problem("unknown-side",
                                   f"{sid}: piece {p['piece']} is on side {p['side']!r}, "
                                   f"not one of the scenario's sides ({', '.join(sides)})",
                                   scenario=sid, extra={"piece": p["piece"]}))
            if p["space"] is None:
                continue
            if p["space"] not in spaces:
                out.append(Problem("missing-space",
                                   f"{sid}: piece {p['piece']} is placed on {p['space']}, "
                                   f"which board {bname} does not have", board=bname,
                                   scenario=sid, extra={"piece": p["piece"]}))
                continue
            kind = types.get(p["type"], {}).get("kind", "character")
            if kind != "character" or p.get("status", "active") != "active":
                continue
            where = (p["space"], int(p.get("level", 0)))
            if where in held:
                point = board[p["space"]].centre if board is not None else None
                out.append(Problem("stacked-characters",
                                   f"{sid}: {held[where]} and {p['piece']} are both on "
                                   f"{where[0]} at level {where[1]}", board=bname,
                                   keys=(where[0],), point=point, scenario=sid,
                                   extra={"piece": p["piece"]}))
            else:
                held[where] = p["piece"]


def _centre(geom) -> tuple[float, float] | None:
    if geom.is_empty:
        return None
    p = geom.representative_point()
    return (p.x, p.y)
