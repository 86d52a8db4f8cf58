"""Edits of a board's spaces: attributes, keys, outlines and their vertices
(each function returns the ``(path, value)`` changes of one edit, see
:mod:`editor.edits`)."""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from typing import Any

import shapely
from shapely.geometry import Polygon

from .document import DELETE, Change, Document, Insert
from .edit_core import InUse, _naming, check_key, pieces_on, wkt


def paint(doc: Document, bi: int, keys: Iterable[str], values: Mapping[str, Any],
          remove: Iterable[str] = ()) -> list[Change]:
    """Set attributes ``values`` (and drop ``remove``) on every space in ``keys``."""
    index = doc.space_indexes(bi)
    out: list[Change] = []
    for key in dict.fromkeys(keys):
        i = index.get(key)
        if i is None:
            continue
        old = doc.data["boards"][bi]["spaces"][i]["attrs"]
        new = {k: v for k, v in old.items() if k not in set(remove)}
        new.update(copy.deepcopy(dict(values)))
        if new != old:
            out.append((("boards", bi, "spaces", i, "attrs"), new))
    return out


def set_space_field(doc: Document, bi: int, key: str, name: str, value: Any) -> list[Change]:
    """Change one field (``kind``, ``label``, ``attrs``, ``wkt``) of a space."""
    i = doc.space_index(bi, key)
    if doc.data["boards"][bi]["spaces"][i].get(name) == value:
        return []
    return [(("boards", bi, "spaces", i, name), copy.deepcopy(value))]


def rename_space(doc: Document, bi: int, old: str, new: str) -> list[Change]:
    """Give a space a new key, and every side, link and placement naming it too."""
    new = check_key(new)
    if old == new:
        return []
    board = doc.data["boards"][bi]
    if new in doc.space_indexes(bi):
        raise ValueError(f"Key {new!r} is already used on this board")
    out: list[Change] = [(("boards", bi, "spaces", doc.space_index(bi, old), "key"), new)]
    for si, side in enumerate(board["sides"]):
        for end in ("a", "b"):
            if side[end] == old:
                out.append((("boards", bi, "sides", si, end), new))
    for li, link in enumerate(board["links"]):
        for end in ("a", "b"):
            if link[end] == old:
                out.append((("boards", bi, "links", li, end), new))
    for sci, sc in enumerate(doc.data["scenarios"]):
        if sc["board"] != board["name"]:
            continue
        for pi, p in enumerate(sc["placements"]):
            if p["space"] == old:
                out.append((("scenarios", sci, "placements", pi, "space"), new))
    return out


def add_space(doc: Document, bi: int, key: str, polygon: Polygon, kind: str = "zone",
              attrs: Mapping[str, Any] | None = None) -> list[Change]:
    spaces = doc.data["boards"][bi]["spaces"]
    entry = {"key": key, "kind": kind, "label": key, "attrs": dict(attrs or {}),
             "wkt": wkt(polygon)}
    return [(("boards", bi, "spaces", len(spaces)), Insert(entry))]


def delete_space(doc: Document, bi: int, key: str, cascade: bool = False) -> list[Change]:
    """Remove a space with the sides and links that name it.

    A space with pieces placed on it is refused (``InUse`` naming them) unless
    ``cascade``: then those pieces are taken off the map in the same step."""
    board = doc.data["boards"][bi]
    held = pieces_on(doc, bi, key)
    if held and not cascade:
        raise InUse(f"Space {key} holds {_naming(doc, held)}: deleting it takes "
                    f"{'that piece' if len(held) == 1 else 'those pieces'} off the map")
    out: list[Change] = []
    for sci, pi, _ in held:
        p = doc.data["scenarios"][sci]["placements"][pi]
        out.append((("scenarios", sci, "placements", pi),
                    dict(p, space=None, level=0, facing=None, status="off")))
    for li in reversed(range(len(board["links"]))):
        if key in (board["links"][li]["a"], board["links"][li]["b"]):
            out.append((("boards", bi, "links", li), DELETE))
    for si in reversed(range(len(board["sides"]))):
        if key in (board["sides"][si]["a"], board["sides"][si]["b"]):
            out.append((("boards", bi, "sides", si), DELETE))
    out.append((("boards", bi, "spaces", doc.space_index(bi, key)), DELETE))
    return out


def free_key(doc: Document, bi: int, prefix: str = "Z") -> str:
    taken = set(doc.space_indexes(bi))
    n = 1
    while f"{prefix}{n}" in taken:
        n += 1
    return f"{prefix}{n}"


def set_polygons(doc: Document, bi: int, polygons: Mapping[str, Polygon]) -> list[Change]:
    index = doc.space_indexes(bi)
    out = []
    for key, poly in polygons.items():
        text = wkt(poly)
        if doc.data["boards"][bi]["spaces"][index[key]]["wkt"] != text:
            out.append((("boards", bi, "spaces", index[key], "wkt"), text))
    return out


def vertex_owners(doc: Document, bi: int, point: tuple[float, float],
                  tol: float = 1e-6) -> dict[str, Polygon]:
    """Spaces having a vertex at ``point`` (so moving it keeps shared borders shared)."""
    out = {}
    for s in doc.data["boards"][bi]["spaces"]:
        poly = shapely.from_wkt(s["wkt"])
        if any(abs(x - point[0]) <= tol and abs(y - point[1]) <= tol
               for x, y in poly.exterior.coords):
            out[s["key"]] = poly
    return out


def moved_vertex(polygons: Mapping[str, Polygon], old: tuple[float, float],
                 new: tuple[float, float], tol: float = 1e-6) -> dict[str, Polygon]:
    """The polygons with every vertex at ``old`` moved to ``new``."""
    out = {}
    for key, poly in polygons.items():
        ring = [(new if abs(x - old[0]) <= tol and abs(y - old[1]) <= tol else (x, y))
                for x, y in poly.exterior.coords]
        holes = [list(h.coords) for h in poly.interiors]
        out[key] = Polygon(ring, holes)
    return out


#: an outline smaller than this (board units) has no area to speak of
MIN_OUTLINE_AREA = 1e-9


def polygon_problem(polygon: Polygon) -> str | None:
    """A plain explanation of why ``polygon`` is not a valid space, or None."""
    if len(polygon.exterior.coords) < 4:
        return "a space needs at least three corners"
    if polygon.is_valid and polygon.area > 0:
        return None
    if polygon.convex_hull.area <= MIN_OUTLINE_AREA:
        return "the corners lie on one line, so the outline has no area"
    back = _turns_back(list(polygon.exterior.coords)[:-1])
    if back is not None:
        return (f"three corners in a row lie on one line and the outline turns straight "
                f"back at {back[0]:g} {back[1]:g}; take that corner out or move it off the "
                "line")
    reason = shapely.is_valid_reason(polygon)
    if "Self-intersection" in reason:
        at = reason.split("[", 1)[-1].rstrip("]")
        return f"the outline crosses itself (at {at}); move a corner so the edges do not cross"
    if polygon.area <= 0:
        return "the outline has no area"
    return f"the outline is not a valid polygon ({reason})"


def _turns_back(ring: list[tuple[float, float]], tol: float = 1e-9
                ) -> tuple[float, float] | None:
    """The corner where an outline doubles back along a line (its two
    neighbours on the same side of it, all three in a row), or None."""
    n = len(ring)
    for i in range(n):
        (ax, ay), (bx, by), (cx, cy) = ring[i - 1], ring[i], ring[(i + 1) % n]
        ux, uy, vx, vy = ax - bx, ay - by, cx - bx, cy - by
        if abs(ux * vy - uy * vx) <= tol * max(1.0, abs(ux) + abs(uy) + abs(vx) + abs(vy)) \
                and ux * vx + uy * vy > tol:
            return (bx, by)
    return None
