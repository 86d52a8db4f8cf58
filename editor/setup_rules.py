"""Scenario set-up restrictions as table rows, read from and written back to the
scenario's ``setup`` data (plain dicts, no Qt).

A scenario's ``setup`` is free data.  The rows this module understands live in
one section per side (``setup[side]``), either as keys of the section itself
(``"off_board": true``, ``"one_per_square_level": true``, ``"terrain": "fort"``,
``"where": {"terrain": "fort"}``, ``"squares": [...]``, ``"facing": "outward"``)
or as items of its ``restrictions`` list (``{"rule": "19.111", "org":
"legion-cmd", "building": "Officer's Quarters"}``), which is the shape of the
French Foreign Legion module's set-up data.  Everything else is left in the
"other" data, untouched.

Reading gives the rows and that "other" part; writing puts the rows back.  A
row that was not changed is written back exactly as it was read (same keys,
same place), so reading and writing an unchanged set-up gives it back equal.
Changed and new rows are written in the plain shapes above.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from typing import Any

#: restriction kinds: (id, what the table shows)
KINDS = (
    ("inside", "inside area/building"),
    ("squares", "on squares"),
    ("off-board", "off board"),
    ("facing-out", "facing out"),
    ("one-per-square", "one per square and level"),
    ("other", "other (see More)"),
)
KIND_LABELS = dict(KINDS)
#: the keys naming where pieces go, singular (one value) or plural (a list)
WHERE_KEYS = ("building", "buildings", "area", "areas", "terrain")
#: the keys naming which pieces a restriction is about
WHO_KEYS = ("org", "orgs", "pieces", "squads")
#: values of ``facing`` that mean "facing out of the fort / off the map edge"
OUTWARD = ("outward", "out")
#: the parameter text's default key for "inside" (no "key:" prefix given)
DEFAULT_WHERE = "area"


@dataclass(frozen=True)
class Source:
    """Where a row was read from: the section itself or its restrictions list,
    the exact keys it came from, and the row as it was first shown."""

    level: str                 # "section" or "item"
    fragment: dict[str, Any]
    shown: tuple


@dataclass
class Restriction:
    """One set-up restriction: which side and pieces, what kind, its parameter."""

    side: str
    who: str = ""              # "" for the whole side; "org: squad-1", "pieces: a, b", ...
    kind: str = "inside"
    param: str = ""            # "building: Barracks", "terrain: fort", "A1, B2"
    rule: str = ""
    more: dict[str, Any] = field(default_factory=dict)
    source: Source | None = None

    def shown(self) -> tuple:
        return (self.side, self.who.strip(), self.kind, self.param.strip(), self.rule.strip(),
                json.dumps(self.more, sort_keys=True))


# -- reading ----------------------------------------------------------------------------


def _text(value: Any) -> str:
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return str(value)


def _texts(value: Any) -> bool:
    """A string, or a non-empty list of strings (what a where/who value may be)."""
    return isinstance(value, str) or (isinstance(value, list) and bool(value)
                                      and all(isinstance(v, str) for v in value))


def _section_rows(side: str, sec: dict[str, Any]) -> list[Restriction]:
    """Take the keys of a side's section that are restrictions out of ``sec``."""
    rule = sec.get("rule", "") if isinstance(sec.get("rule", ""), str) else ""
    found: list[tuple[str, str, dict]] = []
    if sec.get("off_board") is True:
        found.append(("off-board", "", {"off_board": True}))
    if sec.get("one_per_square_level") is True:
        found.append(("one-per-square", "", {"one_per_square_level": True}))
    where = sec.get("where")
    if isinstance(where, dict) and len(where) == 1:
        (key, value), = where.items()
        if key in WHERE_KEYS and _texts(value):
            found.append(("inside", f"{key}: {_text(value)}", {"where": where}))
        elif key == "squares" and _texts(value):
            found.append(("squares", _text(value), {"where": where}))
    for key in WHERE_KEYS:
        if _texts(sec.get(key)):
            found.append(("inside", f"{key}: {_text(sec[key])}", {key: sec[key]}))
    if _texts(sec.get("squares")):
        found.append(("squares", _text(sec["squares"]), {"squares": sec["squares"]}))
    if sec.get("facing") in OUTWARD:
        found.append(("facing-out", "", {"facing": sec["facing"]}))
    rows = []
    for kind, param, fragment in found:
        for key in fragment:
            sec.pop(key, None)
        row = Restriction(side, "", kind, param, rule)
        row.source = Source("section", copy.deepcopy(fragment), row.shown())
        rows.append(row)
    return rows


def _item_row(side: str, item: dict[str, Any]) -> Restriction:
    """One item of a side's restrictions list as a row (nothing is lost: what the
    columns cannot show goes to ``more``)."""
    rest = copy.deepcopy(item)
    rule = rest.pop("rule", "") if isinstance(rest.get("rule", ""), str) else ""
    who = ""
    for key in WHO_KEYS:
        if key in rest and (_texts(rest[key]) or isinstance(rest[key], int)):
            who = f"{key}: {_text(rest.pop(key))}"
            break
    kind, param = "other", ""
    where = next((k for k in WHERE_KEYS if _texts(rest.get(k))), None)
    if where is not None:
        kind, param = "inside", f"{where}: {_text(rest.pop(where))}"
    elif _texts(rest.get("squares")):
        kind, param = "squares", _text(rest.pop("squares"))
    elif rest.get("others") == "off-board":
        rest.pop("others")
        kind, who = "off-board", who or "others"
    elif rest.get("off_board") is True:
        rest.pop("off_board")
        kind = "off-board"
    elif rest.get("facing") in OUTWARD and len(rest) == 1:
        kind = "facing-out"
        rest.pop("facing")
    elif rest.get("one_per_square_level") is True:
        rest.pop("one_per_square_level")
        kind = "one-per-square"
    row = Restriction(side, who, kind, param, rule, rest)
    row.source = Source("item", copy.deepcopy(item), row.shown())
    return row


def read_setup(setup: dict[str, Any], sides: list[str]) -> tuple[list[Restriction], dict]:
    """The restriction rows of ``setup`` (for the scenario's ``sides``) and the rest."""
    other = copy.deepcopy(setup)
    rows: list[Restriction] = []
    for side in sides:
        sec = other.get(side)
        if not isinstance(sec, dict):
            continue
        rows += _section_rows(side, sec)
        items = sec.get("restrictions")
        if isinstance(items, list) and items and all(isinstance(i, dict) for i in items):
            del sec["restrictions"]
            rows += [_item_row(side, item) for item in items]
        if not sec and setup[side]:
            del other[side]       # everything in it became rows: written back from them
    return rows, other


# -- writing ----------------------------------------------------------------------------


def _value(key: str, text: str) -> Any:
    """``"squads: 1"`` -> 1; a plural key gives a list; otherwise the text."""
    text = text.strip()
    if key == "squads" or text.isdigit():
        try:
            return int(text)
        except ValueError:
            raise ValueError(f"{key} must be a whole number, not {text!r}") from None
    if key.endswith("s"):
        return [p.strip() for p in text.split(",") if p.strip()]
    return text


def _split(text: str, default: str, allowed: tuple[str, ...], what: str) -> tuple[str, Any]:
    key, sep, value = text.partition(":")
    if not sep:
        key, value = default, text
    key = key.strip()
    if key not in allowed:
        raise ValueError(f"{what} {key!r} is not one of {', '.join(allowed)}")
    if not value.strip():
        raise ValueError(f"{what} {key!r} needs a value after the colon")
    return key, _value(key, value)


def _place(row: Restriction) -> dict[str, Any]:
    """The keys that say what kind of restriction ``row`` is."""
    if row.kind == "inside":
        if not row.param.strip():
            raise ValueError(f"{row.side}: 'inside' needs a place, e.g. building: Barracks")
        key, value = _split(row.param, DEFAULT_WHERE, WHERE_KEYS, "place")
        return {key: value}
    if row.kind == "squares":
        squares = [p.strip() for p in row.param.split(",") if p.strip()]
        if not squares:
            raise ValueError(f"{row.side}: 'on squares' needs square keys, e.g. A1, B2")
        return {"squares": squares}
    if row.kind == "facing-out":
        return {"facing": "outward"}
    if row.kind == "one-per-square":
        return {"one_per_square_level": True}
    if row.kind == "off-board":
        return {"off_board": True}
    return {}


def _render_item(row: Restriction) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if row.rule.strip():
        out["rule"] = row.rule.strip()
    who = row.who.strip()
    if who == "others" and row.kind == "off-board":
        out["others"] = "off-board"
        return {**out, **copy.deepcopy(row.more)}
    if who and who != "all":
        key, value = _split(who, "org", WHO_KEYS + ("others",), "who")
        out[key] = value
    out.update(_place(row))
    out.update(copy.deepcopy(row.more))
    return out


def write_setup(rows: list[Restriction], other: dict[str, Any]) -> dict[str, Any]:
    """The set-up data: ``other`` with every row put back in its side's section.

    Raises ValueError (with a message for the designer) for a row that cannot be
    written, e.g. "inside" with no place.
    """
    setup = copy.deepcopy(other)
    for row in rows:
        if not row.side.strip():
            raise ValueError("every restriction needs a side")
        sec = setup.setdefault(row.side, {})
        if not isinstance(sec, dict):
            raise ValueError(f"set-up key {row.side!r} holds {type(sec).__name__}, not an "
                             "object: edit it in Other first")
        if row.source is not None and row.shown() == row.source.shown:
            level, fragment = row.source.level, copy.deepcopy(row.source.fragment)
        elif (row.source is not None and row.source.level == "section" and not row.who.strip()
              and row.kind != "other" and row.rule.strip() == row.source.shown[4]):
            level, fragment = "section", {**_place(row), **copy.deepcopy(row.more)}
        else:
            level, fragment = "item", _render_item(row)
        if level == "section":
            sec.update(fragment)
        else:
            items = sec.setdefault("restrictions", [])
            if not isinstance(items, list):
                raise ValueError(f"{row.side}: 'restrictions' in Other must be a list")
            items.append(fragment)
    return setup
