"""Edits as data: each function returns the ``(path, value)`` changes of one edit.

Pure functions over a :class:`~editor.document.Document` (no Qt); the window
wraps what they return in an undo command.  An edit that would change nothing
returns an empty list.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from typing import Any

import shapely
from shapely.geometry import Polygon

from ffl.engine import features
from ffl.engine.grids import hex_grid, square_grid

from .document import DELETE, Change, Document, Insert

#: the Sides tool's list of features (``ffl.engine.features``)
SIDE_FEATURES = features.COMMON
LINK_KINDS = ("stairway", "tower-stairway", "egress", "door-symbol", "roof-symbol",
              "line-of-fire", "inset")


class InUse(ValueError):
    """The edit is refused: something still uses what would be removed."""


def wkt(polygon: Polygon) -> str:
    return str(shapely.to_wkt(polygon, rounding_precision=-1))


# -- spaces ---------------------------------------------------------------------------


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


def check_key(key: str, what: str = "A space key") -> str:
    """``key`` stripped, or ValueError: empty, or with a comma or a space (a
    set-up restriction lists squares as ``A1, B2`` and could never name it)."""
    key = key.strip()
    if not key:
        raise ValueError(f"{what} cannot be empty")
    bad = [c for c in key if c == "," or c.isspace()]
    if bad:
        raise ValueError(f"{what} cannot hold {'a comma' if bad[0] == ',' else 'a space'} "
                         f"({key!r}): set-up restrictions list keys as A1, B2")
    return key


def pieces_on(doc: Document, bi: int, key: str) -> list[tuple[int, int, str]]:
    """(scenario index, placement index, piece id) of every piece placed on ``key``."""
    name = doc.data["boards"][bi]["name"]
    return [(sci, pi, p["piece"]) for sci, sc in enumerate(doc.data["scenarios"])
            if sc["board"] == name for pi, p in enumerate(sc["placements"])
            if p["space"] == key]


def _naming(doc: Document, found: list[tuple[int, int, str]]) -> str:
    """``piece-1, piece-2 (Skirmish); rope-3 (Raid)``: pieces grouped by scenario."""
    groups: dict[int, list[str]] = {}
    for sci, _, piece in found:
        groups.setdefault(sci, []).append(piece)
    return "; ".join(f"{', '.join(ps[:8])}{' ...' if len(ps) > 8 else ''} "
                     f"({doc.data['scenarios'][sci]['title'] or doc.data['scenarios'][sci]['id']})"
                     for sci, ps in groups.items())


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

    if kind == "square":
        board = square_grid(columns, rows, name=name,
                            attrs=lambda c, r: {"terrain": terrain})
    elif kind == "hex":
        board = hex_grid(columns, rows, name=name, attrs=lambda c, r: {"terrain": terrain})
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


# -- pieces and scenarios ---------------------------------------------------------------


def set_at(doc: Document, path: tuple, value: Any) -> list[Change]:
    """Replace the value at ``path`` (no change if equal)."""
    try:
        if doc.get(path) == value:
            return []
    except (KeyError, IndexError):
        pass
    return [(path, copy.deepcopy(value))]


def insert_at(doc: Document, path: tuple, value: Any) -> list[Change]:
    return [(path, Insert(copy.deepcopy(value)))]


def delete_at(path: tuple) -> list[Change]:
    return [(path, DELETE)]


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


def delete_placement(doc: Document, sci: int, piece: str) -> list[Change]:
    """Remove one piece from a scenario."""
    placements = doc.data["scenarios"][sci]["placements"]
    pi = next((i for i, p in enumerate(placements) if p["piece"] == piece), None)
    return [] if pi is None else [(("scenarios", sci, "placements", pi), DELETE)]


def new_scenario(doc: Document, title: str, board: str, sides: Iterable[str],
                 scenario_id: str = "") -> list[Change]:
    """Add an empty scenario (no placements yet) on ``board`` for ``sides``.

    Without ``scenario_id`` the id is ``<game>/<title as a slug>`` made unique.
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
    entry = {"id": scenario_id, "game": game, "title": title, "board": board,
             "description": "", "sides": list(sides), "options": {}, "setup": {},
             "placements": []}
    return [(("scenarios", len(data["scenarios"])), Insert(entry))]


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
