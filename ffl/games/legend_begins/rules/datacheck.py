"""Checks of an edited module's data before it is played (``LegendController
.check_module``): the tables the rules read, the counters' printed values, the map's
edges and the scenarios' placements.  Each problem is one sentence."""

from __future__ import annotations

from ..tables import LATER_TABLES, default_tables

WORDS = {"Repulsed", "Engaged", "Advance", "Overrun"}


def problems(module) -> list[str]:
    out: list[str] = []
    tables = module.attrs.get("tables")
    if not isinstance(tables, dict):
        return ["the module has no game tables (attrs['tables'])"]
    missing = sorted(set(default_tables()) - set(tables) - set(LATER_TABLES))
    if missing:
        out.append(f"the game tables lack {', '.join(missing)}")
        return out
    crt = tables["crt"]
    if len(crt.get("columns", [])) != len(crt.get("ratios", [])):
        out.append("the Combat Table has not one odds ratio per column")
    for col in crt.get("columns", []):
        rows = crt.get("rows", {}).get(col)
        if not isinstance(rows, list) or len(rows) != 6:
            out.append(f"the Combat Table's column {col} needs six rows")
            continue
        for row in rows:
            if (not isinstance(row, list) or len(row) != 3 or row[2] not in WORDS
                    or any(v is not None and not isinstance(v, int) for v in row[:2])):
                out.append(f"the Combat Table's column {col} has a bad row {row!r}")
                break
    for tid, t in module.piece_types.items():
        if t.kind != "combat":
            continue
        factors = t.values.get("factors")
        if not isinstance(factors, list) or not factors or any(
                not isinstance(f, list) or len(f) != 2 for f in factors):
            out.append(f"the counter {tid} has no factors per step ([attack, defence] each)")
        if not isinstance(t.values.get("ma"), int):
            out.append(f"the counter {tid} has no Movement Allowance")
    for sc in module.scenarios.values():
        board = module.boards.get(sc.board)
        if board is None:
            out.append(f"the scenario {sc.id} names a board that is not there ({sc.board})")
            continue
        edges = board.attrs.get("edges") or {}
        for side in sc.sides:
            keys = edges.get(side) or []
            if not keys or any(k not in board for k in keys):
                out.append(f"the map's friendly edge of the {side} player is missing or "
                           f"names hexes not on the map")
        for pl in sc.placements:
            if pl.type not in module.piece_types:
                out.append(f"the scenario {sc.id} places an unknown counter {pl.type}")
            if pl.space is not None and pl.space not in board:
                out.append(f"the scenario {sc.id} places {pl.piece} on {pl.space}, which is "
                           f"not on the map")
    return out
