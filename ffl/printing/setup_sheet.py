"""The set-up sheet of a scenario: what it is, how each side sets up, the optional
rules in force and, where pieces start on the board, a table of their spaces."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ffl.engine import FACINGS

from .page import Column, Doc
from .source import PrintSource

STATUS_WORDS = {"off": "start off the board", "unused": "set aside (not used at first)",
                "active": "in play off the map", "eliminated": "eliminated",
                "exited": "gone"}


def humanize(key: str) -> str:
    """``leave_out`` -> ``Leave out``."""
    text = str(key).replace("_", " ").replace("-", " ").strip()
    return text[:1].upper() + text[1:]


class Namer:
    """Turns piece, type and organization ids in set-up data into printed names."""

    def __init__(self, source: PrintSource) -> None:
        module = source.module
        self.names = {t.id: t.name for t in module.piece_types.values()}
        orgs = module.attrs.get("orgs", {})
        for org, info in orgs.items():
            if isinstance(info, dict) and info.get("name"):
                self.names[org] = str(info["name"])

    def __call__(self, value: Any) -> str:
        if isinstance(value, bool):
            return "yes" if value else "no"
        return self.names.get(value, str(value)) if isinstance(value, str) else str(value)


def describe(value: Any, name: Namer, depth: int = 0) -> list[tuple[int, str]]:
    """Set-up data as (indent, text) lines a player can read."""
    lines: list[tuple[int, str]] = []
    if isinstance(value, dict):
        for k, v in value.items():
            if k == "rule":
                continue
            rule = f" ({v['rule']})" if isinstance(v, dict) and "rule" in v else ""
            if _scalar(v) or (isinstance(v, list) and all(_scalar(x) for x in v)):
                lines.append((depth, f"{humanize(k)}{rule}: {_inline(v, name)}"))
            else:
                lines.append((depth, f"{humanize(k)}{rule}:"))
                lines += describe(v, name, depth + 1)
    elif isinstance(value, list):
        for item in value:
            if isinstance(item, dict) and all(_scalar(x) or isinstance(x, list)
                                              for x in item.values()):
                rule = f"{item['rule']} " if "rule" in item else ""
                body = "; ".join(f"{humanize(k)} {_inline(v, name)}"
                                 for k, v in item.items() if k != "rule")
                lines.append((depth, f"- {rule}{body}"))
            else:
                rule = item.get("rule", "") if isinstance(item, dict) else ""
                lines.append((depth, f"- {rule}".rstrip()))
                lines += describe(item, name, depth + 1)
    else:
        lines.append((depth, _inline(value, name)))
    return lines


def _scalar(v: Any) -> bool:
    return v is None or isinstance(v, str | int | float | bool)


def _inline(v: Any, name: Namer) -> str:
    if isinstance(v, list):
        return ", ".join(name(x) for x in v) if v else "none"
    if isinstance(v, dict):
        return "; ".join(f"{humanize(k)} {_inline(x, name)}" for k, x in v.items())
    return name(v)


def layout(doc: Doc, source: PrintSource, **_options) -> None:
    scenario = source.scenario
    name = Namer(source)
    doc.heading(scenario.title, size=15, keep=20)
    if scenario.description:
        doc.paragraph(scenario.description, size=10, space_after=6)
    if scenario.sides:
        doc.paragraph("Sides: " + ", ".join(s.capitalize() for s in scenario.sides), size=9.5)
    board = source.game_board
    doc.paragraph(f"Map: {board.attrs.get('title', board.name)} ({len(board)} spaces)",
                  size=9.5, space_after=10)

    doc.heading("Optional rules in force", size=11.5)
    options = source.options_in_force
    if options:
        for k, v in options.items():
            doc.paragraph(f"{humanize(k)}: {name(v)}", size=9.5, indent=10, space_after=1)
        doc.y += 8
    else:
        doc.paragraph("None: the standard rules only.", size=9.5, space_after=10)

    setup = dict(scenario.setup)
    if setup:
        doc.heading("Set-up instructions", size=11.5)
        order = [k for k in setup.get("order", []) if k in setup]
        keys = order + [k for k in setup if k not in order]
        if "order" in setup:
            doc.paragraph("Set up in this order: " + ", ".join(
                humanize(k) for k in setup["order"]), size=9.5)
        for key in keys:
            if key == "order":
                continue
            part = setup[key]
            rule = part.get("rule", "") if isinstance(part, dict) else ""
            doc.heading(f"{rule} {humanize(key)}".strip(), size=10, keep=24)
            for depth, text in describe(part if isinstance(part, dict) else {key: part}, name):
                doc.paragraph(text, size=9, indent=10 + 12 * depth, space_after=1)
            doc.y += 5

    _pieces(doc, source, name)


def _pieces(doc: Doc, source: PrintSource, name: Namer) -> None:
    scenario, module = source.scenario, source.module
    on_map = [pl for pl in scenario.placements if pl.space]
    if on_map:
        doc.heading(f"Pieces that start on the map ({len(on_map)})", size=11.5)
        board = source.game_board
        rows = []
        for pl in on_map:
            label = board[pl.space].label if pl.space in board else pl.space
            ptype = module.piece_types.get(pl.type)
            rows.append([name(pl.piece), ptype.name if ptype else pl.type,
                         pl.side.capitalize(), label, str(pl.level),
                         FACINGS[pl.facing % 8] if pl.facing is not None else "",
                         _data_text(pl.data)])
        doc.table([Column("Piece", 1.6), Column("Type", 1.3), Column("Side", 0.8),
                   Column("Space", 0.7, "center"), Column("Level", 0.6, "center"),
                   Column("Facing", 0.6, "center"), Column("Notes", 2.0)], rows, size=8.5)
    rest = [pl for pl in scenario.placements if not pl.space]
    if rest:
        doc.heading("Pieces not on the map at the start", size=11.5, keep=30)
        kinds = Counter()
        for pl in rest:
            ptype = module.piece_types.get(pl.type)
            kinds[(pl.side, pl.status, ptype.kind if ptype else pl.type)] += 1
        rows = [[side.capitalize() or "-", f"{n} {kind} unit{'s' if n != 1 else ''}",
                 STATUS_WORDS.get(status, status)]
                for (side, status, kind), n in kinds.items()]
        doc.table([Column("Side", 1.0), Column("Pieces", 2.0), Column("Where", 2.5)],
                  rows, size=8.5)


def _data_text(data: dict) -> str:
    return "; ".join(f"{humanize(k)} {v if not isinstance(v, list) else ' | '.join(map(str, v))}"
                     for k, v in data.items())
