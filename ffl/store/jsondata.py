"""Strict JSON for the store: plain data only, canonical text, clear failures.

Reading is bounded, so nothing a file holds can exhaust the program: a text of
at most :data:`MAX_JSON_CHARS`, nested at most :data:`MAX_DEPTH` deep, numbers
finite and within :data:`MAX_NUMBER` (``1e999`` would otherwise parse as
infinity, play on and make every later save fail).
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import Any

#: the longest JSON text one column may hold
MAX_JSON_CHARS = 4_000_000
#: the deepest nesting of arrays and objects (real data is a few levels deep)
MAX_DEPTH = 40
#: the largest magnitude of a number (whole numbers stay exact up to here)
MAX_NUMBER = 2 ** 53


class NotJsonData(ValueError):
    """A value to be written is not plain JSON data (the message says where)."""


class BadJson(ValueError):
    """Stored text is not the JSON expected (the message says what)."""


def _default(value: Any) -> Any:
    if isinstance(value, Mapping):  # MappingProxyType of frozen engine objects
        return dict(value)
    if isinstance(value, (set, frozenset)):
        raise TypeError(f"a {type(value).__name__} is not JSON data (use a sorted list)")
    raise TypeError(f"a value of type {type(value).__name__} is not JSON data")


_ENCODER = json.JSONEncoder(default=_default, sort_keys=True, allow_nan=False,
                            separators=(",", ":"), ensure_ascii=False)


def dumps(value: Any, where: str = "") -> str:
    """Canonical JSON text (sorted keys, no NaN); NotJsonData if it is not data."""
    try:
        return _ENCODER.encode(value)
    except (TypeError, ValueError) as exc:
        raise NotJsonData(f"{where}: {exc}" if where else str(exc)) from None


def plain(value: Any, where: str = "") -> Any:
    """``value`` as JSON would give it back (tuples become lists, keys strings)."""
    return json.loads(dumps(value, where))


class _OutOfRange(ValueError):
    pass


def _no_constant(name: str) -> Any:
    raise _OutOfRange(f"{name} is not a number this program accepts")


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value) or abs(value) > MAX_NUMBER:
        raise _OutOfRange(f"the number {_short(text)} is out of range")
    return value


def _int(text: str) -> int:
    if len(text) <= 15:     # (a sign and 14 digits, or 15 digits: below 2 ** 53)
        return int(text)
    if len(text) > 17:
        raise _OutOfRange(f"the number {_short(text)} is out of range")
    value = int(text)
    if abs(value) > MAX_NUMBER:
        raise _OutOfRange(f"the number {_short(text)} is out of range")
    return value


def _short(text: str) -> str:
    return text if len(text) <= 24 else text[:20] + "..."


_DECODER = json.JSONDecoder(parse_float=_float, parse_int=_int, parse_constant=_no_constant)
_SCAN = _DECODER.scan_once


def depth(value: Any) -> int:
    """How deeply ``value`` nests arrays and objects (0 for a plain value)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        deepest = max(deepest, level)
        if level > MAX_DEPTH:
            return level
        stack.extend((child, level + 1) for child in children)
    return deepest


def loads(text: Any, where: str, expect: type | tuple[type, ...] = dict) -> Any:
    """Parse stored JSON text and check its size, depth, numbers and top-level
    type; BadJson (saying what and where) if any is wrong."""
    if type(text) is str and len(text) <= MAX_JSON_CHARS:
        # the usual case, text that is exactly one JSON value, straight to the
        # scanner (what ``_DECODER.decode`` does after its checks for blanks)
        try:
            value, end = _SCAN(text, 0)
        except Exception:   # noqa: BLE001 - parsed again below, which says what is wrong
            value, end = None, -1
        if end == len(text) and isinstance(value, expect) and not (
                text.count("[") + text.count("{") > MAX_DEPTH and depth(value) > MAX_DEPTH):
            return value
    if not isinstance(text, str):
        raise BadJson(f"{where} should be JSON text, found {_kind(text)}")
    if len(text) > MAX_JSON_CHARS:
        raise BadJson(f"{where} is too long ({len(text):,} characters; at most "
                      f"{MAX_JSON_CHARS:,})")
    try:
        value = _DECODER.decode(text)
    except _OutOfRange as exc:
        raise BadJson(f"{where}: {exc}") from None
    except RecursionError:
        raise BadJson(f"{where} is nested too deeply") from None
    except ValueError as exc:
        raise BadJson(f"{where} is not valid JSON ({exc})") from None
    if text.count("[") + text.count("{") > MAX_DEPTH and depth(value) > MAX_DEPTH:
        raise BadJson(f"{where} is nested too deeply (more than {MAX_DEPTH} levels)")
    if not isinstance(value, expect):
        names = expect.__name__ if isinstance(expect, type) else "/".join(
            t.__name__ for t in expect)
        raise BadJson(f"{where} should be a JSON {_json_name(names)}, "
                      f"found {_json_name(type(value).__name__)}")
    return value


def _kind(value: Any) -> str:
    if isinstance(value, bytes):
        return "binary data"
    return type(value).__name__


def _json_name(py: str) -> str:
    return {"dict": "object", "list": "array", "str": "string", "NoneType": "null"}.get(py, py)
