"""Building a scenario of The Legend Begins from plain data (the scenario booklet is not
in the rulebook we have: every scenario is reconstructed from the historical orders of
battle; sources and choices in docs/games/legend_begins-reconstructions.md).

A :class:`Spec` holds what a booklet page gives: the turns, who sets up where (hex or
Off Map Box -> units; an HQ's Organization Card display), Supply Points, Trucks, the
Replacement Pool, the Reinforcement Schedule (arrivals, withdrawals, removals, returns,
6 pounders, the track's Luftwaffe and Crete markers), the special rules in play and the
victory conditions.  :func:`build` turns it into the engine's Scenario; the rules read
the scenario's ``setup`` (editable in the editor) and never these constants.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ffl.engine import Placement, Scenario

from .tables import ALLIED, AXIS

#: the Replacement Pool's kinds and their side (28.4)
POOL_SIDE = {"brit-inf": ALLIED, "aus-inf": ALLIED, "ind-inf": ALLIED, "tank-allied": ALLIED,
             "ita-inf": AXIS, "tank-ita": AXIS, "ger-inf": AXIS, "tank-ger": AXIS}


@dataclass
class Spec:
    id: str
    title: str
    description: str
    turns: list[str]
    axis: dict[str, list[str]]
    allied: dict[str, list[str]]
    displays: dict[str, list[str]] = field(default_factory=dict)
    supply: dict[str, dict[str, int]] = field(default_factory=dict)
    trucks: dict[str, list[str]] = field(default_factory=dict)
    pool: dict[str, int] = field(default_factory=dict)
    schedule: dict[int, dict[str, dict]] = field(default_factory=dict)
    special: list[str] = field(default_factory=list)
    malta: int = 0
    luftwaffe: bool = False
    crete: str = ALLIED
    rp: dict[str, int] = field(default_factory=lambda: {AXIS: 1, ALLIED: 1})
    control: dict[str, Any] = field(default_factory=dict)
    permanent_forts: dict[str, str] = field(default_factory=dict)
    field_works: dict[str, dict] = field(default_factory=dict)
    victory: dict[str, Any] = field(default_factory=dict)
    #: units starting in a Strategic Reserve (43.0 "littorio", 44.0 "5army")
    reserve: dict[str, str] = field(default_factory=dict)
    #: 48.0 spare Replacement counters set aside for the surges (kind -> count)
    surge: dict[str, int] = field(default_factory=dict)
    #: 42.0 the hexes the railroad may be extended through, in order
    rail_extension: list[str] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)
    #: the HQ markers (6.4) the sides may use
    markers: list[str] = field(default_factory=list)


def setup_data(spec: Spec) -> dict:
    out = {
        "turns": list(spec.turns),
        "year": {str(i): int(t.split()[-1]) for i, t in enumerate(spec.turns)},
        "first_turn": 0,
        "last_turn": len(spec.turns) - 1,
        "first_player": AXIS,
        "malta": spec.malta, "luftwaffe": spec.luftwaffe, "crete": spec.crete,
        "permanent_forts": dict(spec.permanent_forts),
        "field_works": {k: dict(v) for k, v in spec.field_works.items()},
        "control_west_of": dict(spec.control),
        "rp": dict(spec.rp),
        "schedule": {str(k): v for k, v in sorted(spec.schedule.items())},
        "victory": dict(spec.victory),
    }
    if spec.special:
        out["special"] = sorted(spec.special)
    if spec.rail_extension:
        out["rail_extension"] = list(spec.rail_extension)
        out["railhead"] = "2560"
    out.update(spec.extra)
    return out


def placements(spec: Spec) -> list[Placement]:
    out: list[Placement] = []
    placed: set[str] = set()

    def put(pid: str, side: str, space: str | None, status: str = "active", **data) -> None:
        if pid in placed:
            raise ValueError(f"{spec.id}: {pid} is placed twice")
        out.append(Placement(pid, pid, side, space, 0, None, status, dict(data)))
        placed.add(pid)

    for side, where in ((AXIS, spec.axis), (ALLIED, spec.allied)):
        for key, units in where.items():
            for pid in units:
                extra = {"reserve": spec.reserve[pid]} if pid in spec.reserve else {}
                put(pid, side, key, **extra)
                for sub in spec.displays.get(pid, []):
                    more = {"reserve": spec.reserve[sub]} if sub in spec.reserve else {}
                    put(sub, side, key, hq=pid, **more)
    for turn, sides in sorted(spec.schedule.items()):
        for side, what in sides.items():
            if side not in (AXIS, ALLIED):
                continue
            for pid in what.get("arrive", []):
                if pid not in placed:
                    put(pid, side, None, "off", arrives=turn)
            for _old, pid in what.get("convert", []):
                if pid not in placed:
                    put(pid, side, None, "off")                # 31.7 its new counter
    for side in (AXIS, ALLIED):
        n = 0
        for where, count in (spec.supply.get(side) or {}).items():
            for _ in range(count):
                n += 1
                out.append(Placement(f"sp-{side}-{n:02d}", f"sp-{side}", side, where))
        while n < 24:
            n += 1
            out.append(Placement(f"sp-{side}-{n:02d}", f"sp-{side}", side, None, 0, None,
                                 "pool"))
        for i, where in enumerate(spec.trucks.get(side) or [], 1):
            out.append(Placement(f"truck-{side}-{i}", f"truck-{side}", side, where))
    for kind, count in spec.pool.items():
        side = POOL_SIDE[kind]
        for i in range(1, count + 1):
            out.append(Placement(f"repl-{kind}-{i}", f"repl-{kind}", side, None, 0, None,
                                 "pool"))
    for kind, count in spec.surge.items():
        side = POOL_SIDE[kind]
        for i in range(1, count + 1):
            out.append(Placement(f"surge-{kind}-{i}", f"repl-{kind}", side, None, 0, None,
                                 "surge"))
    for marker in spec.markers:
        side = ALLIED if marker.startswith("al-") else AXIS
        out.append(Placement(marker, marker, side, None, 0, None, "off"))
    return out


def build(spec: Spec) -> Scenario:
    return Scenario(id=spec.id, game="legend_begins", title=spec.title, board="map",
                    description=spec.description, sides=(AXIS, ALLIED), options={},
                    setup=setup_data(spec), placements=placements(spec))
