"""The Legend Begins module: the map, the counters and the scenarios as data.

``build_module()`` is what ``python -m ffl.catalog build legend_begins`` writes to
``scenarios/the-legend-begins.ffl``.  The rules read the map from the board, the
counters' values from the piece types, the tables from ``module.attrs["tables"]`` and
the scenario's instructions from its ``setup`` -- all editable in the editor.
"""

from __future__ import annotations

from ffl.engine.module import Module

from . import battles, campaign, compass, units
from .air_units import air_order
from .mapbuild import build_board
from .tables import default_tables

GAME = "legend_begins"


def build_module() -> Module:
    scenario = compass.scenario()
    later = battles.scenarios() + [campaign.scenario()]
    for sc in [scenario] + later:          # 40.0 each scenario's air units (advanced rule)
        if air_order(sc.id):
            sc.setup["air"] = air_order(sc.id)
    return Module(
        id=GAME, game=GAME, title="The Legend Begins: North Africa, 1940-42", version="1",
        boards={"map": build_board("map")},
        piece_types=units.piece_types(),
        scenarios={scenario.id: scenario, **{sc.id: sc for sc in later}},
        attrs={"tables": default_tables(),
               "scale": "one hex about 14 km; a Game Turn two weeks (3.0)",
               "notes": "Map, counters, Combat Table and scenario reconstructed: see "
                        "docs/games/legend_begins-reconstructions.md"},
    )
