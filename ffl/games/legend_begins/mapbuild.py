"""Build the engine board of The Legend Begins from :mod:`.mapdata`.

Each hex is a :class:`~ffl.engine.Space` (kind ``hex``, key ``XXYY``) with attributes
``terrain`` (clear, rough, jebel, desert, sebakha, sea), ``xx``/``yy``, and where
they apply ``name``, ``place`` (city, town, village, oasis, landmark), ``port`` (the
Port Track), ``airfield``, ``fort`` (permanent Fortification), ``edge`` (the side
whose friendly map edge it is), ``coastal``.  Hexsides are :class:`~ffl.engine.Side`
features: ``escarpment`` and ``ridge`` (``attrs["high"]``: the hex on the high
ground; a ridge without it is up from both sides), ``road``, ``track``, ``rail``
(the route runs from one hex to the other across the side), ``pass`` and
``perimeter`` (the Tobruk Perimeter, 18A).  The Off Map Boxes are spaces of kind
``box`` beside the map.
"""

from __future__ import annotations

from shapely.geometry import LineString, Polygon, box

from ffl.engine import Board, Side, Space

from . import hexgeo as g
from . import mapdata as D
from .features import ESCARPMENT, PASS, PERIMETER, RAIL, RIDGE, ROAD, TRACK


def terrain_of(xx: int, yy: int) -> str:
    key = g.label(xx, yy)
    if xx > D.COAST[yy]:
        return "sea"
    if key in D.SEBAKHA or xx <= D.DEPRESSION.get(yy, 0):
        return "sebakha"
    lo, hi = D.JEBEL.get(yy, (99, 0))
    if lo <= xx <= hi:
        return "jebel"
    if key in D.ROUGH:
        return "rough"
    for (a, b), top in D.DESERT:
        if a <= yy <= b and xx <= top:
            return "desert"
    return "clear"


def hex_keys() -> list[tuple[int, int]]:
    missing = set(D.MISSING)
    return [(xx, yy) for yy in range(1, g.COLUMNS + 1)
            for xx in range(g.TOP_ROW, g.BOTTOM_ROW - 1, -1)
            if g.label(xx, yy) not in missing]


def _hex_attrs(xx: int, yy: int, terrain: dict[str, str]) -> dict:
    key = g.label(xx, yy)
    attrs: dict = {"terrain": terrain[key], "xx": xx, "yy": yy}
    place = D.PLACES.get(key)
    if place:
        if place["name"]:
            attrs["name"] = place["name"]
        attrs["place"] = place["kind"]
        for extra in ("port", "airfield", "fort"):
            if extra in place:
                attrs[extra] = place[extra]
    if terrain[key] != "sea":
        if any(terrain.get(g.label(*n)) == "sea" for n in g.neighbours(xx, yy)):
            attrs["coastal"] = True
        for side, edge in D.EDGES.items():
            if key in edge:
                attrs["edge"] = side
    return attrs


def _route_sides(routes: list[list[str]], feature: str) -> dict[tuple[str, str], set]:
    out: dict[tuple[str, str], set] = {}
    for waypoints in routes:
        hexes = g.path(waypoints)
        for a, b in zip(hexes, hexes[1:], strict=False):
            out.setdefault(tuple(sorted((a, b))), set()).add(feature)
    return out


def _crossed_sides(board: Board, line_uv: list[tuple[float, float]]) -> list[Side]:
    geom = LineString([g.xy(u, vv) for u, vv in line_uv])
    return [s for s in board.sides.values()
            if s.geometry is not None and s.geometry.intersects(geom)]


def _high_of(side: Side, line_uv: list[tuple[float, float]], hand: str) -> str:
    """The hex of ``side`` on the ``hand`` ("left" or "right") of the directed line, read
    at the line's segment nearest to the side."""
    from shapely.geometry import Point

    mid = Point(*[(p + q) / 2 for p, q in zip(*(_uv(k) for k in (side.a, side.b)),
                                                strict=True)])
    segs = [LineString([p, q]) for p, q in zip(line_uv, line_uv[1:], strict=False)]
    (x0, y0), (x1, y1) = min(segs, key=lambda s: s.distance(mid)).coords
    au, av = _uv(side.a)
    cross = (x1 - x0) * (av - y0) - (y1 - y0) * (au - x0)
    a_left = cross > 0
    return side.a if a_left == (hand == "left") else side.b


def _uv(key: str) -> tuple[float, float]:
    xx, yy = g.parse(key)
    return float(yy), g.v(xx, yy)


def build_board(name: str = "map") -> Board:
    cells = hex_keys()
    terrain = {g.label(xx, yy): terrain_of(xx, yy) for xx, yy in cells}
    spaces = [Space(g.label(xx, yy), g.polygon(xx, yy), "hex", _hex_attrs(xx, yy, terrain))
              for xx, yy in cells]
    for key, info in D.BOXES.items():
        x0, y0, x1, y1 = info["rect"]
        attrs = {k: v for k, v in info.items() if k != "rect"}
        spaces.append(Space(key, box(x0, y0, x1, y1), "box", {"terrain": "box", **attrs}))
    plain = Board(spaces, name=name)
    features: dict[tuple[str, str], set] = {}
    attrs: dict[tuple[str, str], dict] = {}

    def add(a: str, b: str, feature: str, **extra) -> None:
        key = tuple(sorted((a, b)))
        if terrain.get(a, "sea") == "sea" or terrain.get(b, "sea") == "sea":
            return
        features.setdefault(key, set()).add(feature)
        attrs.setdefault(key, {}).update(extra)

    for feature, routes in ((ROAD, D.ROADS), (TRACK, D.TRACKS), (RAIL, D.RAILROAD)):
        for key, found in _route_sides(routes, feature).items():
            for f in found:
                add(*key, f)
    # the faces of the Jebel Akhdar towards the coast and the Benghazi plain, and the rim
    # of the Qattara Depression: escarpments with the high ground on the upper side
    for side in plain.sides.values():
        a, b = side.a, side.b
        if plain[a].kind != "hex" or plain[b].kind != "hex":
            continue
        ta, tb = terrain[a], terrain[b]
        for up, down, tu, td in ((a, b, ta, tb), (b, a, tb, ta)):
            uxx, uyy = g.parse(up)
            dxx, dyy = g.parse(down)
            if tu == "jebel" and td not in ("jebel", "sea"):
                lo, hi = D.JEBEL[uyy]
                below = dxx > D.JEBEL.get(dyy, (99, 0))[1] or (dyy <= 11 and dxx >= 27)
                if below and dxx >= lo:
                    add(up, down, ESCARPMENT, high=up)
            if (td == "sebakha" and dxx <= D.DEPRESSION.get(dyy, 0)
                    and not uxx <= D.DEPRESSION.get(uyy, 0) and tu != "sea"):
                add(up, down, ESCARPMENT, high=up)
    for esc in D.ESCARPMENTS:
        for side in _crossed_sides(plain, esc["line"]):
            if plain[side.a].kind == "hex" and plain[side.b].kind == "hex":
                add(side.a, side.b, ESCARPMENT, high=_high_of(side, esc["line"], esc["high"]))
    for ridge in D.RIDGES:
        for side in _crossed_sides(plain, ridge["line"]):
            if plain[side.a].kind == "hex" and plain[side.b].kind == "hex":
                add(side.a, side.b, RIDGE)
    for a, b in D.PASSES:
        add(a, b, PASS)
    inside = set(D.TOBRUK_PERIMETER)
    for key in D.TOBRUK_PERIMETER:
        for n in g.neighbours(*g.parse(key)):
            other = g.label(*n)
            if other not in inside and terrain.get(other, "sea") != "sea":
                add(key, other, PERIMETER, inside=key)
    sides = [Side(a, b, features=frozenset(f), attrs=attrs.get((a, b), {}))
             for (a, b), f in sorted(features.items())]
    board_attrs = {"grid": "hex", "columns": g.COLUMNS, "rows": g.TOP_ROW - g.BOTTOM_ROW + 1,
                   "numbering": "XXYY: YY the column from the west, XX the row from the south",
                   "top_row": g.TOP_ROW, "bottom_row": g.BOTTOM_ROW,
                   "edges": D.EDGES, "railhead": D.RAILHEAD,
                   "tobruk_perimeter": D.TOBRUK_PERIMETER}
    return Board(spaces, sides, name=name, attrs=board_attrs, same_geometry_as=plain)


def outline() -> Polygon:
    """The map's land and sea area (for drawing a frame)."""
    return Polygon(box(*build_board().bounds))
