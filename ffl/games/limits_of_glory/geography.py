"""The map of Limits of Glory, reconstructed: outlines, the Nile, and the spaces.

The rulebook describes the map board but does not print it, so the map is our
reconstruction (docs/games/limits_of_glory-reconstructions.md).  It is drawn in
board units (x to the right, y downwards) on a 32 x 21 sheet: the Mediterranean
across the top, Egypt below it with the Nile and its delta, Sinai and Syria on
the right, and an inset of Upper Egypt in the lower left corner.

How the spaces are made: the land and the sea are split into *regions* by the
coastlines, the Nile and its two branches and the Egypt/Syria border; each
region is then divided among its spaces by a Voronoi diagram of one seed point
per space.  So every pair of neighbouring spaces shares its border exactly and
the Nile always runs along borders (a space is never split by the river).  The
polygons are computed once by :func:`polygons` and then stored in the module
as plain data, where the editor can change them.

Decoration (the coasts of Europe, Africa and Anatolia, islands, the Red Sea) is
not part of the board: it is listed in :data:`DECOR` for the map's style to draw.
"""

from __future__ import annotations

from collections.abc import Iterable

import shapely
from shapely.geometry import LineString, MultiPoint, Point, Polygon, box
from shapely.ops import split, unary_union

#: the sheet (board units)
WIDTH, HEIGHT = 32.0, 21.0

#: The outlines below are sketched on a plain sheet; the map then stretches Egypt
#: and Syria (where most of the play is) and squeezes the western Mediterranean:
#: x and y go through these piecewise-linear scales (sketch -> map).
WARP_X = ((0.0, 0.0), (14.0, 10.5), (32.0, 32.0))
WARP_Y = ((0.0, 0.0), (12.0, 9.0), (21.0, 21.0))


def _scale(v: float, table) -> float:
    for (a, fa), (b, fb) in zip(table, table[1:], strict=False):
        if v <= b or (b, fb) == table[-1]:
            return fa + (v - a) * (fb - fa) / (b - a)
    return v


def warp(point: tuple[float, float]) -> tuple[float, float]:
    """A sketch point on the map."""
    return (round(_scale(point[0], WARP_X), 6), round(_scale(point[1], WARP_Y), 6))


def warped(points):
    return [warp(p) for p in points]

# -- decoration: land that is not played on ----------------------------------------------

EUROPE = [(0, 0), (0, 5.6), (0.9, 5.9), (1.6, 5.6), (2.6, 5.0), (3.4, 3.9), (4.1, 2.8),
          (5.2, 2.0), (6.3, 1.75), (7.4, 1.55), (8.4, 1.0), (9.1, 1.05), (9.7, 1.6),
          (10.3, 2.5), (11.0, 3.1), (11.8, 3.7), (12.5, 4.4), (13.3, 5.3), (13.7, 6.2),
          (14.25, 6.55), (14.45, 6.0), (14.3, 5.4), (15.0, 5.0), (15.8, 4.75), (16.1, 4.35),
          (15.6, 3.95), (14.9, 3.2), (14.1, 2.3), (13.4, 1.2), (13.1, 0)]
BALKANS = [(14.6, 0), (15.3, 1.0), (16.3, 2.0), (17.1, 3.1), (17.4, 4.3), (17.9, 5.2),
           (18.3, 6.0), (18.9, 5.75), (19.2, 6.05), (19.6, 5.5), (19.5, 4.8), (20.2, 4.5),
           (20.0, 3.7), (20.6, 3.0), (21.6, 2.7), (22.5, 2.6), (23.1, 2.9), (23.0, 3.6),
           (23.6, 4.2), (24.4, 4.45), (25.2, 4.15), (26.0, 4.6), (27.0, 4.9), (28.2, 4.75),
           (29.3, 5.05), (30.3, 5.55), (31.1, 5.75), (32, 5.6), (32, 0)]
AFRICA = [(0, 6.9), (1.0, 6.7), (2.2, 7.3), (3.6, 7.6), (5.0, 7.9), (6.4, 7.75),
          (7.6, 7.5), (8.4, 7.05), (8.9, 7.3), (9.0, 8.2), (9.6, 9.3), (10.1, 10.1),
          (10.9, 10.7), (11.8, 11.5), (12.6, 11.75), (13.1, 11.3), (13.8, 11.0),
          (14.5, 11.7), (14.9, 12.7), (15.2, 13.55), (15.2, HEIGHT), (0, HEIGHT)]
SICILY = [(11.9, 6.2), (13.4, 6.0), (14.15, 6.75), (13.6, 7.35), (12.4, 7.1)]
SARDINIA = [(8.2, 3.6), (9.0, 3.5), (9.1, 4.9), (8.7, 5.6), (8.1, 5.2)]
CORSICA = [(8.5, 2.2), (9.0, 2.1), (9.1, 3.2), (8.6, 3.3)]
CRETE = [(19.2, 7.55), (20.5, 7.35), (21.9, 7.45), (21.8, 7.8), (20.4, 7.9), (19.3, 7.9)]
RHODES = [(24.1, 5.35), (24.5, 5.2), (24.6, 5.75), (24.2, 5.9)]
CYPRUS = [(26.4, 7.05), (27.2, 6.75), (28.4, 6.5), (27.9, 7.1), (27.3, 7.55), (26.6, 7.5)]
ARABIA = [(32, 16.2), (25.75, 16.6), (25.85, 17.6), (26.3, 18.3), (26.5, 19.4), (27.1, HEIGHT),
          (32, HEIGHT)]
RED_SEA = [(23.1, 17.0), (23.55, 16.95), (24.2, 17.35), (24.9, 18.7), (25.3, 19.55),
           (25.85, 17.6), (26.3, 18.3), (26.5, 19.4), (27.1, HEIGHT), (23.7, HEIGHT),
           (23.25, 19.1)]
ADRIATIC = [(13.1, 0), (13.4, 1.2), (14.1, 2.3), (14.9, 3.2), (15.6, 3.95), (16.1, 4.35),
            (17.4, 4.3), (17.1, 3.1), (16.3, 2.0), (15.3, 1.0), (14.6, 0)]
#: name -> (outline, what it is): drawn by the style under the board
DECOR: dict[str, tuple[list[tuple[float, float]], str]] = {
    "Europe": (EUROPE, "land"), "Balkans and Anatolia": (BALKANS, "land"),
    "Africa": (AFRICA, "land"), "Sicily": (SICILY, "land"), "Sardinia": (SARDINIA, "land"),
    "Corsica": (CORSICA, "land"), "Crete": (CRETE, "land"), "Rhodes": (RHODES, "land"),
    "Cyprus": (CYPRUS, "land"), "Arabia": (ARABIA, "land"), "Red Sea": (RED_SEA, "water"),
    "Adriatic": (ADRIATIC, "water"),
}

# -- the played land -----------------------------------------------------------------------

#: the Mediterranean coast of Egypt and Syria, west to north
COAST = [(15.2, 13.55), (16.0, 13.45), (16.7, 13.3), (17.3, 13.1), (17.9, 13.15),
         (18.5, 12.95), (19.2, 12.8), (19.45, 12.75), (20.1, 12.65), (20.9, 12.6),
         (21.6, 12.7), (22.3, 12.8), (23.0, 13.05), (23.7, 13.15), (24.5, 13.2),
         (25.3, 13.25), (26.2, 13.15), (27.1, 12.8), (27.6, 12.35), (28.1, 11.7),
         (28.5, 11.05), (28.85, 10.2), (29.15, 9.35), (29.45, 8.5), (29.8, 7.6),
         (30.25, 6.6), (30.7, 5.95), (31.1, 5.75)]
#: the Nile: the apex of the delta, the Rosetta and Damietta branches, the river south
APEX = (20.3, 15.9)
ROSETTA_BRANCH = [APEX, (20.05, 15.0), (19.7, 14.0), (19.45, 12.75)]
DAMIETTA_BRANCH = [APEX, (20.95, 15.0), (21.7, 13.9), (22.3, 12.8)]
NILE_SOUTH = [APEX, (20.4, 16.8), (20.25, 18.0), (20.45, 19.5), (20.3, HEIGHT)]
#: the Egypt/Syria border (the double line by El Arish)
BORDER = [(25.3, 13.25), (25.6, 15.0), (25.75, 16.6), (25.85, 17.6)]

#: the Upper Egypt inset: its frame and its stretch of the Nile (top to bottom)
INSET = (0.5, 13.9, 9.6, 20.7)
INSET_NILE = [(5.2, 13.9), (5.0, 15.0), (5.6, 15.9), (6.3, 16.3), (5.9, 17.2), (5.1, 17.8),
              (4.8, 18.9), (5.2, 20.7)]
INSET_RED_SEA = [(8.9, 13.9), (9.6, 13.9), (9.6, 20.7), (9.2, 20.7), (9.0, 18.5), (8.7, 16.0)]

#: Malta: the island inside its sea space
MALTA_ISLAND = [(12.95, 8.55), (13.55, 8.45), (13.75, 8.8), (13.35, 9.05), (12.9, 8.9)]

# -- spaces: region -> {key: seed point} -------------------------------------------------------

SEA_SEEDS = {
    "gibraltar": (0.9, 6.3), "balearic": (4.2, 5.6), "toulon": (6.2, 2.7),
    "genoa": (8.0, 1.75), "civitavecchia": (10.4, 3.6), "tyrrhenian": (10.6, 5.6),
    "sicilian-channel": (10.2, 8.3), "malta": (13.3, 8.8), "ionian": (16.2, 7.2),
    "libyan-sea": (15.4, 11.3), "crete": (20.6, 9.3), "aegean": (21.5, 5.3),
    "rhodes": (24.3, 6.6), "marmaris": (26.0, 5.5), "cyprus": (28.6, 6.4),
    "levant": (26.9, 10.9), "pelusium": (24.1, 11.6), "delta-coast": (21.1, 11.6),
    "aboukir-bay": (18.3, 11.6),
}
#: west of the Rosetta branch and the Nile
WEST_SEEDS = {
    "marabout": (15.8, 13.95), "alexandria": (17.05, 13.55), "rosetta": (18.8, 13.3),
    "damanhur": (18.6, 14.6), "wadi-natrun": (16.9, 15.6), "giza": (19.5, 16.3),
    "western-desert": (16.6, 18.6), "fayum": (18.4, 17.9), "beni-suef": (19.6, 18.3),
    "minya": (19.3, 20.1),
}
#: between the two branches
DELTA_SEEDS = {
    "burullus": (20.8, 13.05), "rahmaniya": (19.95, 13.7), "mahalla": (21.1, 14.0),
    "menouf": (20.4, 15.0),
}
#: east of the Damietta branch and the Nile, and Sinai (Egypt)
EAST_SEEDS = {
    "damietta": (22.4, 13.35), "mansura": (21.8, 14.5), "salahieh": (23.2, 14.1),
    "belbeis": (21.9, 15.6), "cairo": (20.95, 16.6), "atfih": (21.05, 18.4),
    "eastern-desert": (22.6, 17.7), "suez": (23.35, 16.3), "east-bank": (21.2, 20.2),
    "sinai": (24.5, 14.4),
}
SYRIA_SEEDS = {
    "el-arish": (25.95, 13.75), "gaza": (27.1, 13.1), "jaffa": (28.1, 11.9),
    "ramla": (28.9, 13.6), "acre": (29.0, 9.6), "tabor": (30.3, 11.0),
    "sidon": (29.9, 7.4), "damascus": (31.3, 8.7),
}
INSET_WEST_SEEDS = {
    "asyut": (3.1, 14.6), "dendera": (3.3, 16.3), "valley-of-the-kings": (3.3, 18.0),
    "esna": (3.0, 19.8),
}
INSET_EAST_SEEDS = {
    "girga": (6.9, 14.6), "keneh": (7.6, 16.2), "kosseir": (8.2, 18.0),
    "luxor": (6.3, 18.2), "aswan": (6.7, 20.0),
}


def _poly(points: Iterable[tuple[float, float]]) -> Polygon:
    return Polygon(warped(points))


def _frame() -> Polygon:
    return box(0, 0, WIDTH, HEIGHT)


def _egypt_and_syria() -> Polygon:
    """All played land of the main map: below the coast, east of Africa, above
    Arabia and the Red Sea."""
    outline = [*COAST, (32, 5.6), (32, HEIGHT), (15.2, HEIGHT)]
    land = _poly(outline)
    return land.difference(_poly(ARABIA)).difference(_poly(RED_SEA))


def _cut(region: Polygon, line: list[tuple[float, float]]) -> list[Polygon]:
    """``region`` split along ``line`` (a sketch line)."""
    parts = split(region, LineString(warped(line)))
    return [g for g in parts.geoms if g.area > 1e-6]


def _pick(parts: list[Polygon], point: tuple[float, float]) -> Polygon:
    p = Point(warp(point))
    return next(g for g in parts if g.contains(p))


def regions() -> dict[str, Polygon]:
    """The regions: sea, west bank, delta, east bank with Sinai, Syria, the inset's
    two banks, and Malta."""
    land = _egypt_and_syria()
    egypt_side = _cut(land, [(25.25, 12.5), *BORDER, (25.85, HEIGHT + 0.1)])
    syria = _pick(egypt_side, (29.0, 10.0))
    egypt = _pick(egypt_side, (20.0, 16.0))
    west_line = [(19.45, 12.0), *ROSETTA_BRANCH[::-1][:-1], *NILE_SOUTH, (20.3, HEIGHT + 0.1)]
    halves = _cut(egypt, west_line)
    west = _pick(halves, (17.0, 15.0))
    rest = _pick(halves, (22.0, 16.0))
    delta_parts = _cut(rest, [(22.3, 12.0), *DAMIETTA_BRANCH[::-1]])
    delta = _pick(delta_parts, (20.5, 14.0))
    east = unary_union([g for g in delta_parts if g is not delta])
    sea = _frame()
    for outline, _what in DECOR.values():
        sea = sea.difference(_poly(outline))
    x0, y0, x1, y1 = INSET
    inset_box = _poly([(x0, y0), (x1, y0), (x1, y1), (x0, y1)])
    sea = sea.difference(land).difference(inset_box)
    inset = inset_box.difference(_poly(INSET_RED_SEA))
    inset_halves = _cut(inset, [(INSET_NILE[0][0], y0 - 0.1), *INSET_NILE,
                                (INSET_NILE[-1][0], y1 + 0.1)])
    return {
        "sea": sea, "west": west, "delta": delta, "east": east, "syria": syria,
        "inset-west": _pick(inset_halves, (2.0, 17.0)),
        "inset-east": _pick(inset_halves, (8.0, 17.0)),
    }


REGION_SEEDS = {
    "sea": SEA_SEEDS, "west": WEST_SEEDS, "delta": DELTA_SEEDS, "east": EAST_SEEDS,
    "syria": SYRIA_SEEDS, "inset-west": INSET_WEST_SEEDS, "inset-east": INSET_EAST_SEEDS,
}


def _largest(geom) -> Polygon:
    if isinstance(geom, Polygon):
        return geom
    return max(geom.geoms, key=lambda g: g.area)


def _voronoi(region: Polygon, seeds: dict[str, tuple[float, float]]) -> dict[str, Polygon]:
    """``region`` divided among ``seeds`` (nearest seed wins), one polygon each."""
    points = MultiPoint([Point(warp(p)) for p in seeds.values()])
    cells = shapely.voronoi_polygons(points, extend_to=_frame().buffer(10))
    out: dict[str, Polygon] = {}
    cut_off: list[Polygon] = []
    for key, seed in seeds.items():
        cell = next(c for c in cells.geoms if c.contains(Point(warp(seed))))
        part = cell.intersection(region)
        out[key] = _largest(part)
        cut_off += [g for g in getattr(part, "geoms", ()) if g is not out[key]]
    # a cell an island or a gulf cuts in two keeps its seed's part; the far part
    # (Sardinia leaves a sliver of sea west of it, the Gulf of Suez the tip of
    # Sinai) joins the space it shares the longest border with, so no water or
    # land is left belonging to no space (each of those borders was one already)
    for piece in cut_off:
        best = max(out, key=lambda k: piece.intersection(out[k]).length)
        out[best] = _largest(unary_union([out[best], piece]))
    return out


def _round(poly: Polygon, digits: int = 4) -> Polygon:
    ext = [(round(x, digits), round(y, digits)) for x, y in poly.exterior.coords]
    holes = [[(round(x, digits), round(y, digits)) for x, y in r.coords] for r in poly.interiors]
    return Polygon(ext, holes)


def polygons() -> dict[str, Polygon]:
    """Every space's polygon (rounded to 1/10000 of a unit), Malta's island included."""
    out: dict[str, Polygon] = {}
    for name, region in regions().items():
        out.update(_voronoi(region, REGION_SEEDS[name]))
    island = _poly(MALTA_ISLAND)
    out["malta"] = out["malta"].difference(island)
    out["malta-island"] = island
    # every vertex of a space is put on its neighbours' borders too, so shared
    # borders are made of the same vertices and stay shared after rounding
    corners = MultiPoint(shapely.get_coordinates(list(out.values())))
    return {k: _round(shapely.snap(v, corners, 1e-5)) for k, v in out.items()}


def river_lines() -> list[list[tuple[float, float]]]:
    """The Nile as map lines (for the style): the two branches, the river, the inset's."""
    return [warped(line) for line in (ROSETTA_BRANCH, DAMIETTA_BRANCH, NILE_SOUTH, INSET_NILE)]


def decor() -> dict[str, tuple[list[tuple[float, float]], str]]:
    """The decoration outlines on the map: name -> (points, "land" or "water")."""
    return {name: (warped(points), what) for name, (points, what) in DECOR.items()}


def border_line() -> list[tuple[float, float]]:
    """The Egypt/Syria border on the map."""
    return warped(BORDER)


def inset_frame() -> tuple[float, float, float, float]:
    """The Upper Egypt inset's frame on the map (x0, y0, x1, y1)."""
    x0, y0 = warp(INSET[:2])
    x1, y1 = warp(INSET[2:])
    return (x0, y0, x1, y1)
