"""A canonical, JSON-able dump of a module, and the way back.

Used for the review export beside each shipped module (``<file>.json``) and for
round-trip comparisons in tests.  Lists keep the module's own order (spaces,
piece types, scenarios, placements); mappings are plain dicts that
``json.dumps(..., sort_keys=True)`` prints sorted; geometry is WKT at full
precision, so ``module_from_dump(module_dump(m))`` gives back the same shapes.
Only sides carrying features or attributes are listed: the rest are derived
from the geometry.
"""

from __future__ import annotations

from typing import Any

import shapely

from ..engine import Board, Link, Module, PieceType, Placement, Scenario, Side, Space
from . import SCHEMA_VERSION
from .jsondata import plain
from .rows import stored_sides

FORMAT = "ffl-module"


def module_dump(module: Module) -> dict[str, Any]:
    """Everything in ``module`` as plain JSON data (raises NotJsonData if it is not)."""
    return plain({
        "format": FORMAT,
        "schema": SCHEMA_VERSION,
        "module": {"id": module.id, "game": module.game, "title": module.title,
                   "version": str(module.version), "attrs": module.attrs},
        "boards": [_board(name, b) for name, b in module.boards.items()],
        "piece_types": [pt.to_json() for pt in module.piece_types.values()],
        "scenarios": [_scenario(sc) for sc in module.scenarios.values()],
    }, f"module {module.id}")


def _board(name: str, board: Board) -> dict[str, Any]:
    keys = board.keys()
    wkts = shapely.to_wkt([board.spaces[k].polygon for k in keys], rounding_precision=-1)
    return {
        "name": name,
        "attrs": board.attrs,
        "spaces": [{"key": k, "kind": board.spaces[k].kind, "label": board.spaces[k].label,
                    "attrs": board.spaces[k].attrs, "wkt": str(w)}
                   for k, w in zip(keys, wkts, strict=True)],
        "sides": [{"a": s.a, "b": s.b, "features": sorted(s.features), "attrs": s.attrs}
                  for s in stored_sides(board)],
        "links": [{"a": lk.a, "b": lk.b, "kind": lk.kind, "directed": lk.directed,
                   "attrs": lk.attrs} for lk in board.links],
    }


def _scenario(sc: Scenario) -> dict[str, Any]:
    return {
        "id": sc.id, "game": sc.game, "title": sc.title, "board": sc.board,
        "description": sc.description, "sides": list(sc.sides), "options": sc.options,
        "setup": sc.setup,
        "placements": [{"piece": p.piece, "type": p.type, "side": p.side, "space": p.space,
                        "level": p.level, "facing": p.facing, "status": p.status,
                        "data": p.data} for p in sc.placements],
    }


def module_from_dump(data: dict[str, Any]) -> Module:
    """Rebuild a :class:`Module` from :func:`module_dump` output."""
    head = data["module"]
    module = Module(head["id"], head["game"], head["title"], head.get("version", "1"),
                    attrs=dict(head.get("attrs", {})))
    for b in data.get("boards", []):
        polys = shapely.from_wkt([s["wkt"] for s in b["spaces"]]) if b["spaces"] else []
        spaces = [Space(s["key"], poly, s.get("kind", "square"), s.get("attrs", {}),
                        s.get("label", ""))
                  for s, poly in zip(b["spaces"], polys, strict=True)]
        sides = [Side(s["a"], s["b"], features=frozenset(s.get("features", ())),
                      attrs=s.get("attrs", {})) for s in b.get("sides", [])]
        links = [Link(lk["a"], lk["b"], lk["kind"], lk.get("attrs", {}),
                      bool(lk.get("directed", False))) for lk in b.get("links", [])]
        module.boards[b["name"]] = Board(spaces, sides, links, name=b["name"],
                                         attrs=b.get("attrs", {}))
    for pt in data.get("piece_types", []):
        module.piece_types[pt["id"]] = PieceType.from_json(pt)
    for s in data.get("scenarios", []):
        module.scenarios[s["id"]] = Scenario(
            s["id"], s["game"], s["title"], s["board"], s.get("description", ""),
            tuple(s.get("sides", ())), dict(s.get("options", {})), dict(s.get("setup", {})),
            [Placement(p["piece"], p["type"], p.get("side", ""), p.get("space"),
                       p.get("level", 0), p.get("facing"), p.get("status", "active"),
                       dict(p.get("data", {}))) for p in s.get("placements", [])])
    return module
