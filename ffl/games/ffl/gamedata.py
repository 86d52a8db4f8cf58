"""The numbers and names the FFL rules read from the module, checked once.

What the editor edits and the printer prints is what play uses:

``module.attrs["tables"]``
    The Game Card's movement tables (6.12, 6.124)::

        {"movement_rates": {"foot": {"sand": 3, "off": 3, "fort": 5},
                            "mounted": {"sand": 5, "off": 5, "fort": 7}},
         "mf_costs": {"enter": 1, "window": 1, "stairway": 1, "rope": 1, ...}}

    ``build_module()`` writes them from :mod:`.tables`, which stays the source
    of the defaults.  A module without ``tables`` (an older file) plays with
    those defaults, and so does a table or entry left out; an unknown key or a
    value that is not a whole number of 0 or more is refused.
``module.attrs["orgs"]``
    Organization id -> ``{"side", "code", "name", "sequence_name"}``
    (``roster.ORGS``): ``sequence_name`` is the name play messages use (the
    Sequence unit's, 1.24), ``name`` the one the printed sheets use.  An older
    module without ``sequence_name`` plays with ``roster.ORGS``' names.
``scenario.setup``
    The Basic Game's set-up (``module.basic_setup``): ``legion.place`` (2.31
    how many Legion units are set up), ``legion.leave_out`` (``orgs`` and
    ``count_per_org``: the units left out), where the Legion sets up
    (``legion.where`` or the section's own ``terrain``/``area``/``building``/
    ``squares`` keys, as the editor's set-up form writes them) and
    ``entry.edges`` (6.21 the board sides the Bedouin may enter from).

Malformed data raises ``ValueError`` naming the module or scenario and the key.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from . import roster, tables

TABLES = "tables"
EDGES = ("N", "S", "E", "W")
#: set-up keys naming where the Legion may be placed -> the square attribute read
WHERE_KEYS = {"terrain": "terrain", "area": "area", "areas": "area",
              "building": "building", "buildings": "building", "squares": "key"}


# -- the Game Card's movement tables ------------------------------------------------------


def default_tables() -> dict[str, Any]:
    """``module.attrs["tables"]`` as :mod:`.tables` defines it (plain JSON data)."""
    rates: dict[str, dict[str, int]] = {}
    for (mode, where), mf in tables.MOVEMENT_RATES.items():
        rates.setdefault(mode, {})[where] = mf
    return {"movement_rates": rates, "mf_costs": dict(tables.MF_COSTS)}


@dataclass(frozen=True)
class MovementTables:
    """The movement rates (mode -> where -> MF) and the MF cost of each task.

    The properties are the costs as the rules add them up (6.124)."""

    rates: Mapping[str, Mapping[str, int]]
    costs: Mapping[str, int]

    def rate(self, where: str, mounted: bool = False) -> int:
        """MF at the start of a movement phase in ``where`` (sand, off, fort) (6.12)."""
        return self.rates["mounted" if mounted else "foot"][where]

    @property
    def max_rate(self) -> int:
        """The most MF a unit on foot starts a movement phase with."""
        return max(self.rates["foot"].values())

    @property
    def enter(self) -> int:
        """6.1242 entering a new square (also a jump's landing and the board's first
        square, 6.21; leaving the board mirrors it, 6.22)."""
        return self.costs["enter"]

    @property
    def window(self) -> int:
        """6.1244 a step through a window: the square entered plus the window."""
        return self.costs["enter"] + self.costs["window"]

    @property
    def tower_climb(self) -> int:
        """6.61 / 6.1243 a climb inside one tower square."""
        return self.costs["stairway"]

    @property
    def stair_step(self) -> int:
        """6.62 a stair to another square: the square entered plus the climb."""
        return self.costs["enter"] + self.costs["stairway"]

    @property
    def rope_climb(self) -> int:
        """6.4 climbing a grappled rope plus the square entered."""
        return self.costs["rope"] + self.costs["enter"]

    @property
    def melee(self) -> int:
        """6.1245 resolving a melee (no more than the MF left: free after the last)."""
        return self.costs["melee"]

    @property
    def grapple(self) -> int:
        """6.1246 a grappling attempt."""
        return self.costs["grapple"]


def _merged(value: Any, default: Any, where: str) -> Any:
    """``value`` checked against the shape of ``default``; what it leaves out is
    taken from ``default``."""
    if isinstance(default, dict):
        if not isinstance(value, dict):
            raise ValueError(f"{where} must be an object, not {type(value).__name__}")
        unknown = sorted(set(value) - set(default))
        if unknown:
            raise ValueError(f"{where}: unknown key{'s' if len(unknown) > 1 else ''} "
                             f"{', '.join(map(repr, unknown))} (known: {', '.join(default)})")
        return {k: _merged(value[k], d, f"{where}.{k}") if k in value else d
                for k, d in default.items()}
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{where} must be a whole number of 0 or more, not {value!r}")
    return value


def movement_tables(data: Any, owner: str = "module") -> MovementTables:
    """The checked movement tables of ``module.attrs["tables"]`` (None: the defaults)."""
    full = _merged({} if data is None else data, default_tables(), f"{owner}: {TABLES}")
    return MovementTables(full["movement_rates"], full["mf_costs"])


# -- organization names ---------------------------------------------------------------------


def org_names(orgs: Any, owner: str = "module") -> dict[str, str]:
    """Organization id -> the name play messages use, from ``module.attrs["orgs"]``:
    its ``sequence_name``; without one (a module written before there was one) the
    default of :data:`roster.ORGS`, and for an organization the roster does not
    know, its ``name``."""
    out = {o.id: o.sequence_name for o in roster.ORGS.values()}
    if orgs is None:
        return out
    if not isinstance(orgs, dict):
        raise ValueError(f"{owner}: orgs must be an object, not {type(orgs).__name__}")
    for org, entry in orgs.items():
        if not isinstance(entry, dict):
            raise ValueError(f"{owner}: orgs.{org} must be an object")
        key = "sequence_name" if "sequence_name" in entry or org in out else "name"
        name = entry.get(key)
        if name is None:
            continue
        if not isinstance(name, str) or not name.strip():
            raise ValueError(f"{owner}: orgs.{org}.{key} must be a non-empty text, "
                             f"not {name!r}")
        out[org] = name
    return out


# -- the set-up --------------------------------------------------------------------------------


@dataclass(frozen=True)
class SetupRules:
    """2.31 and 6.21 as the scenario's set-up data says them."""

    place: int
    leave_out_orgs: tuple[str, ...]
    leave_out_count: int
    #: (square attribute or "key", allowed values): every one must hold
    where: tuple[tuple[str, frozenset[str]], ...]
    entry_edges: tuple[str, ...]

    def allows(self, board, key: str) -> bool:
        """May the Legion set up in square ``key`` (2.31)?"""
        attrs = board[key].attrs
        return all((key if attr == "key" else attrs.get(attr)) in values
                   for attr, values in self.where)

    def where_text(self) -> str:
        """``fort squares``: where the Legion sets up, for messages."""
        if not self.where:
            return "any squares"
        return " and ".join(" or ".join(sorted(v)) for _, v in self.where) + " squares"


def _whole(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{where} must be a whole number of 0 or more, not {value!r}")
    return value


def _texts(value: Any, where: str) -> tuple[str, ...]:
    items = [value] if isinstance(value, str) else value
    if not isinstance(items, list) or not all(isinstance(v, str) and v for v in items):
        raise ValueError(f"{where} must be a text or a list of texts, not {value!r}")
    return tuple(items)


def _section(setup: Mapping[str, Any], name: str, owner: str) -> Mapping[str, Any]:
    sec = setup.get(name)
    if sec is None:
        raise ValueError(f"{owner}: setup.{name} is missing")
    if not isinstance(sec, dict):
        raise ValueError(f"{owner}: setup.{name} must be an object, not {type(sec).__name__}")
    return sec


def _key(sec: Mapping[str, Any], key: str, owner: str) -> Any:
    if key not in sec:
        raise ValueError(f"{owner}: {key} is missing")
    return sec[key]


def setup_rules(setup: Any, owner: str = "scenario",
                legion: Mapping[str, int] | None = None) -> SetupRules:
    """The checked set-up data of a scenario.  ``legion`` (organization -> number of
    Legion characters in the scenario) also checks that the numbers add up: the
    units set up and left out are no more than there are, and each organization
    named has the units to leave out."""
    if not isinstance(setup, dict):
        raise ValueError(f"{owner}: setup must be an object, not {type(setup).__name__}")
    sec = _section(setup, "legion", owner)
    place = _whole(_key(sec, "place", f"{owner}: setup.legion"), f"{owner}: setup.legion.place")
    leave = _key(sec, "leave_out", f"{owner}: setup.legion")
    if not isinstance(leave, dict):
        raise ValueError(f"{owner}: setup.legion.leave_out must be an object")
    orgs = _texts(_key(leave, "orgs", f"{owner}: setup.legion.leave_out"),
                  f"{owner}: setup.legion.leave_out.orgs")
    count = _whole(_key(leave, "count_per_org", f"{owner}: setup.legion.leave_out"),
                   f"{owner}: setup.legion.leave_out.count_per_org")
    where = _where(sec, owner)
    entry = _section(setup, "entry", owner)
    edges = _texts(_key(entry, "edges", f"{owner}: setup.entry"), f"{owner}: setup.entry.edges")
    if not edges or any(e not in EDGES for e in edges) or len(set(edges)) != len(edges):
        raise ValueError(f"{owner}: setup.entry.edges must list board sides out of "
                         f"{', '.join(EDGES)}, each once, not {list(edges)!r}")
    if legion is not None:
        for org in orgs:
            if legion.get(org, 0) < count:
                raise ValueError(f"{owner}: setup.legion.leave_out.orgs names {org!r}, which "
                                 f"has {legion.get(org, 0)} Legion unit(s), not {count}")
        total = sum(legion.values())
        if place + count * len(orgs) > total:
            raise ValueError(f"{owner}: setup.legion.place ({place}) and the units left out "
                             f"({count * len(orgs)}) are more than the {total} Legion units")
    return SetupRules(place, orgs, count, where, edges)


def _where(sec: Mapping[str, Any], owner: str) -> tuple[tuple[str, frozenset[str]], ...]:
    found: list[tuple[str, frozenset[str]]] = []
    where = sec.get("where", {})
    if not isinstance(where, dict):
        raise ValueError(f"{owner}: setup.legion.where must be an object")
    items = [(f"where.{k}", k, v) for k, v in where.items()]
    items += [(k, k, sec[k]) for k in WHERE_KEYS if k in sec]
    for name, key, value in items:
        path = f"{owner}: setup.legion.{name}"
        if key not in WHERE_KEYS:
            raise ValueError(f"{path}: unknown (known: {', '.join(WHERE_KEYS)})")
        found.append((WHERE_KEYS[key], frozenset(_texts(value, path))))
    return tuple(found)


# -- everything a rules call reads ------------------------------------------------------------


@dataclass(frozen=True)
class GameData:
    """The module's and scenario's data the rules read (see the module docstring)."""

    tables: MovementTables
    setup: SetupRules
    org_names: Mapping[str, str]
    #: the scenario's whole ``setup`` data (19-23 read their special rules from it:
    #: ``rules/scenarios.py``); empty for a context made by hand
    scenario: Mapping[str, Any] = field(default_factory=dict)


def legion_counts(scenario, types: Mapping[str, Any]) -> dict[str, int]:
    """Organization -> Legion characters the scenario places."""
    out: dict[str, int] = {}
    for pl in scenario.placements:
        t = types.get(pl.type)
        if t is not None and t.kind == "character" and t.side == roster.LEGION:
            out[t.org] = out.get(t.org, 0) + 1
    return out


def game_data(module, scenario) -> GameData:
    """The checked data of one scenario of ``module`` (ValueError if malformed)."""
    owner = f"module {module.id!r}"
    return GameData(
        movement_tables(module.attrs.get(TABLES), owner),
        setup_rules(scenario.setup, f"scenario {scenario.id!r}",
                    legion_counts(scenario, module.piece_types)),
        {**org_names(module.attrs.get("orgs"), owner), **scenario_org_names(scenario)},
        dict(scenario.setup) if isinstance(scenario.setup, dict) else {})


def scenario_org_names(scenario) -> dict[str, str]:
    """23.3 the names of a scenario's own organizations (the mutineers' squads):
    ``setup["org_names"]``, organization id -> name (ValueError if malformed)."""
    names = (scenario.setup or {}).get("org_names") if isinstance(scenario.setup, dict) \
        else None
    if names is None:
        return {}
    where = f"scenario {scenario.id!r}: org_names"
    if not isinstance(names, dict) or not all(
            isinstance(k, str) and isinstance(v, str) and v.strip() for k, v in names.items()):
        raise ValueError(f"{where} must map organization ids to non-empty names")
    return dict(names)


@cache
def default_data() -> GameData:
    """The Basic Game's data as the builder writes it (for contexts made by hand)."""
    from .module import basic_setup

    return GameData(movement_tables(None), setup_rules(basic_setup(), "ffl/basic"),
                    org_names(None))

