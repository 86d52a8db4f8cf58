"""Module <-> table rows, in bulk with SQLAlchemy Core.

Writing builds each table's rows and inserts them with one executemany;
reading selects each table whole (all spaces of a file in one query), checks
every value, and builds the engine objects.  Problems in the data raise
:class:`RowError` saying which row and what is wrong.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable
from typing import Any

import numpy as np
import shapely
from sqlalchemy import Connection, select

from ..engine import Board, BoardError, Link, Module, PieceType, Placement, Scenario, Side, Space
from . import SCHEMA_VERSION
from .jsondata import BadJson, dumps, loads
from .schema import (
    BoardRow,
    LinkRow,
    ModuleRow,
    PieceTypeRow,
    PlacementRow,
    ScenarioRow,
    SideRow,
    SpaceRow,
)


class RowError(ValueError):
    """A row of the file does not make sense (unknown space, wrong type...)."""


# -- writing ----------------------------------------------------------------------------


def stored_sides(board: Board) -> list[Side]:
    """The sides worth storing: those carrying features or attributes."""
    return [s for key, s in sorted(board.sides.items()) if s.features or s.attrs]


def write_module(conn: Connection, module: Module, kind: str) -> None:
    """Insert every row of ``module`` (one executemany per table)."""
    conn.execute(ModuleRow.__table__.insert(), [{
        "id": module.id, "game": module.game, "title": module.title,
        "version": str(module.version), "kind": kind, "schema_version": SCHEMA_VERSION,
        "attrs": dumps(module.attrs, "module attributes"),
    }])
    boards, spaces, sides, links = [], [], [], []
    for name, board in module.boards.items():
        where = f"board {name!r}"
        boards.append({"name": name, "attrs": dumps(board.attrs, f"{where} attributes")})
        polys = [board.spaces[k].polygon for k in board.keys()]
        wkbs = shapely.to_wkb(polys) if polys else []
        for key, wkb in zip(board.keys(), wkbs, strict=True):
            sp = board.spaces[key]
            spaces.append({"board": name, "key": key, "kind": sp.kind, "label": sp.label,
                           "geometry": wkb, "attrs": dumps(sp.attrs, f"{where} space {key}")})
        for side in stored_sides(board):
            sides.append({"board": name, "a": side.a, "b": side.b,
                          "features": dumps(sorted(side.features)),
                          "attrs": dumps(side.attrs, f"{where} side {side.a}|{side.b}")})
        for link in board.links:
            links.append({"board": name, "a": link.a, "b": link.b, "kind": link.kind,
                          "directed": bool(link.directed),
                          "attrs": dumps(link.attrs, f"{where} link {link.a}->{link.b}")})
    _insert(conn, BoardRow, boards)
    _insert(conn, SpaceRow, spaces)
    _insert(conn, SideRow, sides)
    _insert(conn, LinkRow, links)
    _insert(conn, PieceTypeRow, [{
        "id": pt.id, "name": pt.name, "side": pt.side, "kind": pt.kind, "org": pt.org,
        "values": dumps(pt.values, f"piece type {pt.id}"),
    } for pt in module.piece_types.values()])
    scenarios, placements = [], []
    for sid, sc in module.scenarios.items():
        where = f"scenario {sid}"
        scenarios.append({
            "id": sid, "game": sc.game, "title": sc.title, "board": sc.board,
            "description": sc.description, "sides": dumps(list(sc.sides), f"{where} sides"),
            "options": dumps(sc.options, f"{where} options"),
            "setup": dumps(sc.setup, f"{where} setup"),
        })
        for p in sc.placements:
            placements.append({
                "scenario": sid, "piece": p.piece, "type": p.type, "side": p.side,
                "space": p.space, "level": p.level, "facing": p.facing, "status": p.status,
                "data": dumps(p.data, f"{where} placement {p.piece}"),
            })
    _insert(conn, ScenarioRow, scenarios)
    _insert(conn, PlacementRow, placements)


def _insert(conn: Connection, table: Any, rows: list[dict[str, Any]]) -> None:
    if rows:
        conn.execute(table.__table__.insert(), rows)


# -- reading ----------------------------------------------------------------------------


def _rows(conn: Connection, table: Any, *names: str) -> list[tuple]:
    t = table.__table__
    return [tuple(r) for r in conn.execute(select(*(t.c[n] for n in names)).order_by(t.c.seq))]


def text(value: Any, where: str, *, empty: bool = True) -> str:
    if not isinstance(value, str) or (not empty and not value):
        raise RowError(f"{where} should be {'a' if empty else 'a non-empty'} text, "
                       f"found {value!r}")
    return value


def integer(value: Any, where: str, *, none: bool = False) -> int | None:
    if value is None and none:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise RowError(f"{where} should be a whole number, found {value!r}")
    return value


def read_module_row(conn: Connection) -> dict[str, Any]:
    """The single ``module`` row as a dict (RowError if there is not exactly one)."""
    t = ModuleRow.__table__
    rows = conn.execute(select(t)).mappings().all()
    if len(rows) != 1:
        raise RowError(f"the module table should hold one row, found {len(rows)}")
    return dict(rows[0])


def read_module(conn: Connection) -> Module:
    """Build the module from the tables, checking every row."""
    head = read_module_row(conn)
    module = Module(
        text(head["id"], "module id", empty=False), text(head["game"], "module game"),
        text(head["title"], "module title"), text(head["version"], "module version"),
        attrs=loads(head["attrs"], "module attributes"),
    )
    module.boards = _read_boards(conn)
    for pid, name, side, kind, org, values in _rows(
            conn, PieceTypeRow, "id", "name", "side", "kind", "org", "values"):
        where = f"piece type {pid!r}"
        text(pid, "piece type id", empty=False)
        module.piece_types[pid] = PieceType(
            pid, text(name, f"{where} name"), text(side, f"{where} side"),
            text(kind, f"{where} kind"), text(org, f"{where} org"),
            loads(values, f"{where} values"))
    module.scenarios = _read_scenarios(conn, module)
    return module


def _read_boards(conn: Connection) -> dict[str, Board]:
    names: list[str] = []
    battrs: dict[str, dict] = {}
    for name, attrs in _rows(conn, BoardRow, "name", "attrs"):
        text(name, "board name", empty=False)
        battrs[name] = loads(attrs, f"board {name!r} attributes")
        names.append(name)
    spaces: dict[str, list[Space]] = {n: [] for n in names}
    rows = _rows(conn, SpaceRow, "board", "key", "kind", "label", "geometry", "attrs")
    polygons = _geometries([r[4] for r in rows], [f"space {r[1]!r}" for r in rows])
    for (board, key, kind, label, _, attrs), poly in zip(rows, polygons, strict=True):
        where = f"space {key!r}"
        if board not in spaces:
            raise RowError(f"{where} is on board {board!r}, which the file does not have")
        spaces[board].append(Space(
            text(key, "space key", empty=False), poly, text(kind, f"{where} kind"),
            loads(attrs, f"{where} attributes"), text(label, f"{where} label")))
    sides: dict[str, list[Side]] = {n: [] for n in names}
    for board, a, b, features, attrs in _rows(conn, SideRow, "board", "a", "b", "features",
                                              "attrs"):
        where = f"side {a}|{b}"
        feats = loads(features, f"{where} features", list)
        if not all(isinstance(f, str) for f in feats):
            raise RowError(f"{where} features should be names, found {feats!r}")
        _board_of(sides, board, where).append(Side(
            text(a, f"{where} first space"), text(b, f"{where} second space"),
            features=frozenset(feats), attrs=loads(attrs, f"{where} attributes")))
    links: dict[str, list[Link]] = {n: [] for n in names}
    for board, a, b, kind, directed, attrs in _rows(
            conn, LinkRow, "board", "a", "b", "kind", "directed", "attrs"):
        where = f"link {a}->{b}"
        if directed not in (0, 1):
            raise RowError(f"{where} 'directed' should be 0 or 1, found {directed!r}")
        _board_of(links, board, where).append(Link(
            text(a, f"{where} start"), text(b, f"{where} end"), text(kind, f"{where} kind"),
            loads(attrs, f"{where} attributes"), bool(directed)))
    boards = {}
    for name in names:
        try:
            boards[name] = Board(spaces[name], sides[name], links[name], name=name,
                                 attrs=battrs[name])
        except (BoardError, shapely.errors.GEOSException) as exc:
            raise RowError(f"board {name!r}: {exc}") from None
    return boards


def _board_of(groups: dict[str, list], board: Any, where: str) -> list:
    if board not in groups:
        raise RowError(f"{where} is on board {board!r}, which the file does not have")
    return groups[board]


#: Coordinates beyond this are not a board (units are squares or hexes).
MAX_COORDINATE = 1e6


def _geometries(blobs: list[Any], wheres: list[str]) -> list[Any]:
    """Decode WKB polygons in one call; on any problem find the row at fault."""
    if not blobs:
        return []
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        try:
            geoms = shapely.from_wkb(blobs)
        except (shapely.errors.GEOSException, TypeError, ValueError):
            geoms = None
        if geoms is not None and _usable(geoms).all():
            return list(geoms)
        for blob, where in zip(blobs, wheres, strict=True):
            try:
                geom = shapely.from_wkb(blob)
            except (shapely.errors.GEOSException, TypeError, ValueError):
                raise RowError(f"{where} has an unreadable geometry") from None
            if geom is None or geom.geom_type != "Polygon":
                kind = "nothing" if geom is None else f"a {geom.geom_type}"
                raise RowError(f"{where} geometry should be a polygon, found {kind}")
            if not _usable(np.array([geom]))[0]:
                raise RowError(f"{where} geometry is empty or has impossible coordinates")
    raise RowError("a space geometry is unreadable")  # pragma: no cover - defensive


def _usable(geoms: np.ndarray) -> np.ndarray:
    """Which geometries are non-empty polygons with finite, board-sized coordinates."""
    ok = (shapely.get_type_id(geoms) == 3) & ~shapely.is_empty(geoms)
    for i in np.flatnonzero(ok):
        coords = shapely.get_coordinates(geoms[i])
        ok[i] = bool(np.isfinite(coords).all() and (np.abs(coords) < MAX_COORDINATE).all())
    return ok


def _read_scenarios(conn: Connection, module: Module) -> dict[str, Scenario]:
    scenarios: dict[str, Scenario] = {}
    for sid, game, title, board, desc, sides, options, setup in _rows(
            conn, ScenarioRow, "id", "game", "title", "board", "description", "sides",
            "options", "setup"):
        where = f"scenario {sid!r}"
        text(sid, "scenario id", empty=False)
        if board not in module.boards:
            raise RowError(f"{where} is played on board {board!r}, which the file does not have")
        side_list = loads(sides, f"{where} sides", list)
        if not all(isinstance(s, str) for s in side_list):
            raise RowError(f"{where} sides should be names, found {side_list!r}")
        scenarios[sid] = Scenario(
            sid, text(game, f"{where} game"), text(title, f"{where} title"), board,
            text(desc, f"{where} description"), tuple(side_list),
            loads(options, f"{where} options"), loads(setup, f"{where} setup"))
    for row in _rows(conn, PlacementRow, "scenario", "piece", "type", "side", "space", "level",
                     "facing", "status", "data"):
        _place(scenarios, module, row)
    return scenarios


def _place(scenarios: dict[str, Scenario], module: Module, row: Iterable) -> None:
    """Check one placement row and add it to its scenario."""
    sid, piece, ptype, side, space, level, facing, status, data = row
    where = f"placement of {piece!r} in scenario {sid!r}"
    if sid not in scenarios:
        raise RowError(f"{where}: the file has no such scenario")
    sc = scenarios[sid]
    text(piece, f"{where} piece id", empty=False)
    if ptype not in module.piece_types:
        raise RowError(f"{where} names an unknown piece type {ptype!r}")
    if space is not None and space not in module.boards[sc.board]:
        raise RowError(f"{where} names an unknown space {space!r} "
                       f"(not on board {sc.board!r})")
    facing = integer(facing, f"{where} facing", none=True)
    if facing is not None and not 0 <= facing <= 7:
        raise RowError(f"{where} facing should be 0 to 7, found {facing}")
    sc.placements.append(Placement(
        piece, ptype, text(side, f"{where} side"), space, integer(level, f"{where} level"),
        facing, text(status, f"{where} status"), loads(data, f"{where} data")))


__all__ = ["BadJson", "RowError", "read_module", "read_module_row", "write_module"]
