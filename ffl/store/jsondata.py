"""Strict JSON for the store: plain data only, canonical text, clear failures."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any


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


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not allowed")


def loads(text: Any, where: str, expect: type | tuple[type, ...] = dict) -> Any:
    """Parse stored JSON text and check its top-level type; BadJson if not."""
    if not isinstance(text, str):
        raise BadJson(f"{where} should be JSON text, found {type(text).__name__}")
    try:
        value = json.loads(text, parse_constant=_no_constant)
    except ValueError as exc:
        raise BadJson(f"{where} is not valid JSON ({exc})") from None
    if not isinstance(value, expect):
        names = expect.__name__ if isinstance(expect, type) else "/".join(
            t.__name__ for t in expect)
        raise BadJson(f"{where} should be a JSON {_json_name(names)}, "
                      f"found {_json_name(type(value).__name__)}")
    return value


def _json_name(py: str) -> str:
    return {"dict": "object", "list": "array", "str": "string", "NoneType": "null"}.get(py, py)
