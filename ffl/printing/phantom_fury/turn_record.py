"""The Phantom Fury turn record: the turn and VP tracks, the Missions used and a line
per Zone to tick its Control, filled in from a game in progress when printed from
one (6.1, 7.2.1, 9.2, 14.1)."""

from __future__ import annotations

from ffl.games.phantom_fury import mapdata as M
from ffl.games.phantom_fury import tables as T

from ..page import Column, Doc
from ..source import PrintSource


def layout(doc: Doc, source: PrintSource, **_options) -> None:
    state = source.state
    vars_ = state.vars if state is not None else {}
    turn = int(vars_.get("turn", 0) or 0)
    last = int(vars_.get("max_turn", T.TURNS) or T.TURNS)
    doc.heading("Turns (8)", size=11)
    doc.table([Column(str(i), 1.0, "center") for i in range(1, 17)],
              [["X" if i == turn else ("-" if i > last else "") for i in range(1, 17)]],
              size=8)
    doc.heading("Victory Points (7.2.1)", size=11)
    doc.paragraph(f"Total now: {vars_.get('vp', 0)}" if state is not None else
                  "Total: ______", size=9)
    doc.heading("Support Missions used (9.2)", size=11)
    used = vars_.get("missions", {})
    doc.table([Column("Mission", 3.0), Column("Most", 0.7, "center"),
               Column("Used", 0.7, "center")],
              [[m["name"], str(m["max"]), str(used.get(k, "")) if state is not None else ""]
               for k, m in T.MISSION_TABLE.items()], size=8.5)
    doc.heading("Zones (4.1.3, 14.1)", size=11, keep=60)
    zones = vars_.get("zones", {})
    rows = []
    for blocks in M.ROWS:
        for block in blocks:
            for n, _ in block:
                rec = zones.get(str(n), {})
                circle = ("black" if n in M.BLACK_CIRCLES else "red" if n == M.MOSQUE
                          else "-" if n == M.NO_ENTRY else "white")
                nature = {"start": "start", "normal": "Activated",
                          "fortified": "Strong Point"}.get(rec.get("act"), "")
                control = "USMC" if rec.get("usmc") else ("" if state is None else "insurgents")
                rows.append([str(n), circle, nature, control,
                             " ".join(k for k in ("ruins", "fan", "pf", "noev") if rec.get(k))])
    rows.sort(key=lambda r: int(r[0]))
    doc.set_columns(2, same_page=True)     # the Zones beside each other under their heading
    doc.table([Column("Zone", 0.6, "center"), Column("Circle", 0.8), Column("Activated", 1.2),
               Column("Control", 1.0), Column("Markers", 1.2)], rows, size=7.5)
