"""Edits of a board's sides and links, and of the boards themselves (each
function returns the ``(path, value)`` changes of one edit, see
:mod:`editor.edits`)."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from ffl.engine import features
from ffl.engine.grids import hex_grid, square_grid

from .document import DELETE, Change, Document, Insert
from .edit_core import InUse

#: the Sides tool's list of features (``ffl.engine.features``)
SIDE_FEATURES = features.COMMON
LINK_KINDS = ("stairway", "tower-stairway", "egress", "door-symbol", "roof-symbol",
              "line-of-fire", "inset")


# -- sides ------------------------------------------------------------------------------


def toggle_side_feature(doc: Document, bi: int, a: str, b: str, feature: str,
                        level: int | None = None) -> list[Change]:
    """Add or remove ``feature`` on the side a|b (at one ``level``, or at all levels).

    Per-level features use ``attrs["levels"][feature]`` (the FFL convention): a
    feature missing from that mapping is present at every level.
    """
    a, b = (a, b) if a <= b else (b, a)
    sides = doc.data["boards"][bi]["sides"]
    pos = next((i for i, s in enumerate(sides) if (s["a"], s["b"]) == (a, b)), None)
    if pos is None:
        entry = {"a": a, "b": b, "features": [], "attrs": {}}
    else:
        entry = copy.deepcopy(sides[pos])
    features = set(entry["features"])
    per_level = dict(entry["attrs"].get("levels", {}))
    if level is None:
        if feature in features and feature not in per_level:
            features.discard(feature)
        else:
            features.add(feature)
        per_level.pop(feature, None)
    else:
        if feature in features and feature not in per_level:
            # present at every level: keep it everywhere but this level is not
            # expressible without knowing the levels; switch it to this level only
            per_level[feature] = [level]
            features.add(feature)
        else:
            levels = set(per_level.get(feature, []))
            levels ^= {level}
            if levels:
                per_level[feature] = sorted(levels)
                features.add(feature)
            else:
                per_level.pop(feature, None)
                features.discard(feature)
    attrs = dict(entry["attrs"])
    if per_level:
        attrs["levels"] = per_level
    else:
        attrs.pop("levels", None)
    entry = {"a": a, "b": b, "features": sorted(features), "attrs": attrs}
    path = ("boards", bi, "sides")
    if pos is None:
        pos = sum(1 for s in sides if (s["a"], s["b"]) < (a, b))
        return [((*path, pos), Insert(entry))]
    if not entry["features"] and not entry["attrs"]:
        return [((*path, pos), DELETE)]
    return [((*path, pos), entry)]


# -- links ----------------------------------------------------------------------------


def add_link(doc: Document, bi: int, a: str, b: str, kind: str, directed: bool = False,
             attrs: Mapping[str, Any] | None = None) -> list[Change]:
    links = doc.data["boards"][bi]["links"]
    entry = {"a": a, "b": b, "kind": kind, "directed": bool(directed),
             "attrs": dict(attrs or {})}
    return [(("boards", bi, "links", len(links)), Insert(entry))]


def delete_link(doc: Document, bi: int, index: int) -> list[Change]:
    return [(("boards", bi, "links", index), DELETE)]


# -- boards ---------------------------------------------------------------------------


def grid_board(kind: str, name: str, columns: int = 0, rows: int = 0,
               terrain: str = "clear") -> dict[str, Any]:
    """A new board's dump: ``square`` or ``hex`` grid, or an empty ``polygons`` canvas."""
    from ffl.engine import Module
    from ffl.store import module_dump

    def attrs(_c, _r):          # no terrain for a game that reads none
        return {"terrain": terrain} if terrain else {}

    if kind == "square":
        board = square_grid(columns, rows, name=name, attrs=attrs)
    elif kind == "hex":
        board = hex_grid(columns, rows, name=name, attrs=attrs)
    else:
        from ffl.engine import Board
        board = Board([], name=name, attrs={"grid": "polygons", "width": columns,
                                            "height": rows})
    return module_dump(Module("x", "", "x", boards={name: board}))["boards"][0]


def add_board(doc: Document, board: dict[str, Any]) -> list[Change]:
    """Add a board (ValueError if the module has a board of that name)."""
    if board["name"] in doc.board_names():
        raise ValueError(f"The module already has a board named {board['name']!r}")
    return [(("boards", len(doc.data["boards"])), Insert(board))]


def delete_board(doc: Document, bi: int) -> list[Change]:
    """Remove a board; refused (``InUse``) while a scenario is set on it."""
    name = doc.data["boards"][bi]["name"]
    users = [sc["id"] for sc in doc.data["scenarios"] if sc["board"] == name]
    if users:
        raise InUse(f"Board {name!r} is used by scenario{'s' if len(users) > 1 else ''} "
                    f"{', '.join(users)}: delete those scenarios or move them to another "
                    "board first")
    return [(("boards", bi), DELETE)]


def set_link(doc: Document, bi: int, index: int, kind: str, directed: bool,
             attrs: Mapping[str, Any]) -> list[Change]:
    """Change a link's kind, direction and attributes in place (its ends stay)."""
    old = doc.data["boards"][bi]["links"][index]
    new = dict(old, kind=kind, directed=bool(directed), attrs=copy.deepcopy(dict(attrs)))
    return [] if new == old else [(("boards", bi, "links", index), new)]
