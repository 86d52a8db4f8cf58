"""Edits of the module itself as data (no widgets): its id, title, version and game,
its own terrain list, its sides' names and colours and its counter layouts.

Each function returns the ``(path, value)`` changes of one edit (empty when
nothing changes) or raises ValueError with a message for the designer.  They
write the module attributes documented in docs/architecture.md:
``attrs["terrains"]`` (name -> colour, print pattern, legend),
``attrs["sides"]`` (side -> colour, printed name) and ``attrs["counters"]``
(piece kind -> counter layout).
"""

from __future__ import annotations

import copy
from typing import Any

from PySide6.QtGui import QColor

from ffl.printing.symbols import PATTERNS
from ffl.ui.counter_layout import COUNTERS, CounterLayout

from .document import DELETE, Change, Document

#: the longest id or name the store accepts
MAX_NAME = 200
#: where the module's own data lives in the document
ATTRS = ("module", "attrs")


def _attr(doc: Document, key: str) -> Any:
    return doc.data["module"].get("attrs", {}).get(key)


def _set_attr(doc: Document, key: str, value: Any) -> list[Change]:
    """Replace (or, for an empty value, remove) ``attrs[key]``."""
    attrs = doc.data["module"].get("attrs", {})
    if not value:
        return [((*ATTRS, key), DELETE)] if key in attrs else []
    if attrs.get(key) == value:
        return []
    return [((*ATTRS, key), copy.deepcopy(value))]


def check_colour(value: str) -> str:
    """``value`` if it names a colour (``red``, ``darkgreen``, ``#rrggbb``), else
    ValueError saying how to write one."""
    if not QColor.isValidColorName(value):
        raise ValueError(f"{value!r} is not a colour: write a colour name (red, darkgreen) "
                         "or #rrggbb")
    return value


def _id(text: str, what: str) -> str:
    text = text.strip()
    if not text:
        raise ValueError(f"{what} cannot be empty")
    if any(c.isspace() for c in text) or "," in text or "/" in text:
        raise ValueError(f"{what} cannot hold a space, a comma or a slash ({text!r})")
    if len(text) > MAX_NAME:
        raise ValueError(f"{what} is longer than {MAX_NAME} characters")
    return text


# -- id, title, version, game -----------------------------------------------------------


def set_module_field(doc: Document, name: str, text: str) -> list[Change]:
    """Change the module's ``id``, ``title`` or ``version``.  A module of no game
    gives its scenarios its id as their game (``<id>/raid``): they follow a new id."""
    if name == "id":
        value = _id(text, "A module id")
    elif name in ("title", "version"):
        value = text.strip()
        if not value:
            raise ValueError(f"A module needs a {name}")
    else:
        raise KeyError(name)
    data = doc.data
    if data["module"][name] == value:
        return []
    out: list[Change] = [(("module", name), value)]
    if name == "id" and not data["module"]["game"]:
        out += _scenarios_follow(data, data["module"]["id"], value)
    return out


def scenario_game(data: dict, game: str | None = None) -> str:
    """The game a new scenario of the module belongs to: its game, else its id."""
    module = data["module"]
    game = module["game"] if game is None else game
    return game or module["id"]


def set_game(doc: Document, text: str) -> list[Change]:
    """Make the module a module of game ``text`` ("" for none: free play).

    Its scenarios and draft scenarios follow: their game, and an id that
    starts with the old game (``old/raid``) is renamed ``new/raid`` (unless that
    id is taken), so the player plays each one by the new game's rules."""
    new = text.strip()
    if new:
        new = _id(new, "A game id")
    data = doc.data
    if data["module"]["game"] == new:
        return []
    return [(("module", "game"), new),
            *_scenarios_follow(data, scenario_game(data), scenario_game(data, new))]


def _scenarios_follow(data: dict, old_game: str, new_game: str) -> list[Change]:
    """The scenarios (and drafts) of game ``old_game`` made ``new_game``'s: their
    game, and their id where it starts ``old_game/``."""
    drafts = data["module"].get("attrs", {}).get("draft_scenarios")
    entries = [(("scenarios", i), sc) for i, sc in enumerate(data["scenarios"])]
    if isinstance(drafts, list):
        entries += [((*ATTRS, "draft_scenarios", i), d) for i, d in enumerate(drafts)
                    if isinstance(d, dict)]
    taken = {sc.get("id") for _, sc in entries}
    out: list[Change] = []
    for path, sc in entries:
        if sc.get("game", old_game) in (old_game, data["module"]["game"]):
            out.append(((*path, "game"), new_game))
        sid = str(sc.get("id", ""))
        if sid.startswith(f"{old_game}/"):
            renamed = f"{new_game}/{sid[len(old_game) + 1:]}"
            if renamed not in taken:
                taken.add(renamed)
                out.append(((*path, "id"), renamed))
    return out


# -- terrains ------------------------------------------------------------------------------


def own_terrains(data: dict) -> dict[str, dict[str, Any]]:
    """The module's own terrain list as ``{name: {"colour", "pattern", "legend"}}``
    (a plain list of names, an older shape, reads as names with nothing set)."""
    listed = data["module"].get("attrs", {}).get("terrains")
    if isinstance(listed, dict):
        return {str(k): dict(v) if isinstance(v, dict) else {} for k, v in listed.items()}
    if isinstance(listed, list):
        return {str(k): {} for k in listed}
    return {}


def terrain_users(doc: Document, name: str) -> list[tuple[int, int]]:
    """(board index, space index) of every space with terrain ``name``."""
    return [(bi, si) for bi, b in enumerate(doc.data["boards"])
            for si, s in enumerate(b["spaces"]) if s.get("attrs", {}).get("terrain") == name]


def add_terrain(doc: Document, name: str, colour: str = "", pattern: str = "",
                legend: str = "") -> list[Change]:
    """Add a terrain to the module's own list (ValueError if it is there)."""
    name = _terrain_name(name)
    table = own_terrains(doc.data)
    if name in table:
        raise ValueError(f"The module already lists terrain {name!r}")
    entry = {k: v for k, v in (("colour", colour), ("pattern", pattern), ("legend", legend))
             if v}
    return _set_attr(doc, "terrains", {**table, name: entry})


def set_terrain(doc: Document, name: str, field: str, value: str) -> list[Change]:
    """Set one field (``colour``, ``pattern``, ``legend``) of an own terrain; an
    empty value removes it."""
    if field not in ("colour", "pattern", "legend"):
        raise KeyError(field)
    table = own_terrains(doc.data)
    entry = dict(table[name])
    value = value.strip()
    if field == "colour" and value:
        check_colour(value)
    if field == "pattern" and value and value not in PATTERNS:
        raise ValueError(f"{value!r} is not a print pattern (one of {', '.join(PATTERNS)})")
    if value:
        entry[field] = value
    else:
        entry.pop(field, None)
    table[name] = entry
    return _set_attr(doc, "terrains", table)


def rename_terrain(doc: Document, old: str, new: str) -> list[Change]:
    """Rename an own terrain, and every space painted with it, in one step."""
    new = _terrain_name(new)
    if new == old:
        return []
    table = own_terrains(doc.data)
    if new in table:
        raise ValueError(f"The module already lists terrain {new!r}")
    renamed = {(new if k == old else k): v for k, v in table.items()}
    out = _set_attr(doc, "terrains", renamed)
    for bi, si in terrain_users(doc, old):
        attrs = dict(doc.data["boards"][bi]["spaces"][si]["attrs"], terrain=new)
        out.append((("boards", bi, "spaces", si, "attrs"), attrs))
    return out


def delete_terrain(doc: Document, name: str) -> list[Change]:
    """Take a terrain off the module's own list (spaces painted with it keep it)."""
    table = own_terrains(doc.data)
    if name not in table:
        return []
    del table[name]
    return _set_attr(doc, "terrains", table)


def _terrain_name(name: str) -> str:
    name = name.strip()
    if not name:
        raise ValueError("A terrain needs a name")
    if len(name) > MAX_NAME:
        raise ValueError(f"A terrain name is longer than {MAX_NAME} characters")
    return name


# -- sides ----------------------------------------------------------------------------------


def module_sides(data: dict) -> list[str]:
    """Every side the module knows: its scenarios', its piece types' and the
    ones its side list names, in that order."""
    out: list[str] = []
    for sc in data["scenarios"]:
        out += [s for s in sc.get("sides", []) if s and s not in out]
    out += [pt["side"] for pt in data["piece_types"] if pt.get("side") and pt["side"] not in out]
    listed = data["module"].get("attrs", {}).get("sides")
    if isinstance(listed, dict):
        out += [str(s) for s in listed if s not in out]
    return out


def set_side(doc: Document, side: str, field: str, value: str) -> list[Change]:
    """Set a side's ``colour`` (a colour name such as ``red``, or ``#rrggbb``) or
    printed ``name``; an empty value removes it."""
    if field not in ("colour", "name"):
        raise KeyError(field)
    value = value.strip()
    if field == "colour" and value:
        check_colour(value)
    listed = _attr(doc, "sides")
    table = copy.deepcopy(listed) if isinstance(listed, dict) else {}
    entry = dict(table.get(side)) if isinstance(table.get(side), dict) else {}
    if value:
        entry[field] = value
    else:
        entry.pop(field, None)
    if entry:
        table[side] = entry
    else:
        table.pop(side, None)
    return _set_attr(doc, "sides", table)


# -- counter layouts --------------------------------------------------------------------------


def set_counter_layout(doc: Document, kind: str, layout: CounterLayout | None) -> list[Change]:
    """Give the counters of piece kind ``kind`` a layout (None: the default)."""
    listed = _attr(doc, COUNTERS)
    table = copy.deepcopy(listed) if isinstance(listed, dict) else {}
    if layout is None:
        table.pop(kind, None)
    else:
        table[kind] = layout.to_json()
    return _set_attr(doc, COUNTERS, table)
