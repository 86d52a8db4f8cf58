"""The common ground of the edits (:mod:`editor.edits`): the refusal ``InUse``,
key checks, naming what an edit would strand, and the plain set/insert/delete
of one value at a path.  Pure functions over a
:class:`~editor.document.Document` (no Qt)."""

from __future__ import annotations

import copy
from typing import Any

import shapely
from shapely.geometry import Polygon

from .document import DELETE, Change, Document, Insert


class InUse(ValueError):
    """The edit is refused: something still uses what would be removed."""


def wkt(polygon: Polygon) -> str:
    return str(shapely.to_wkt(polygon, rounding_precision=-1))


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
