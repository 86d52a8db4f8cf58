"""The Limits of Glory player aid card: the combat table, the command charts, the
event clock and the disembarkation table.

The combat table and the disembarkation table are read from the module printed
(``module.attrs["tables"]``, which the editor edits and play reads); the command
charts from its piece types; the events' titles and lists of elements from the
game's tables.  The combat table, the command charts and the armies of the clock
are our reconstruction (docs/games/limits_of_glory-reconstructions.md); the
wording is ours.
"""

from __future__ import annotations

from ffl.games.limits_of_glory import tables as T

from ..page import Column, Doc
from ..source import PrintSource

SIZE = 7.2


def layout(doc: Doc, source: PrintSource, **_options) -> None:
    tables = source.module.attrs.get("tables", {})
    _setup(doc, source)
    _combat(doc, tables)
    _charts(doc, source)
    _clock(doc, tables, source.module.piece_types)
    _landing(doc, tables)


def _combat(doc: Doc, tables: dict) -> None:
    combat = tables.get("combat", T.COMBAT_TABLE)
    columns = tables.get("combat_columns") or {c: {"from": a, "to": b}
                                                for c, (a, b) in T.COMBAT_COLUMNS.items()}
    doc.heading("Combat table (Combat: Using the combat table)", size=10, keep=80)
    doc.paragraph("Find your column by your total combat strength and your row by your "
                  "nationality and command.  Four dice must total the number shown; then each "
                  "5 and each 6 inflicts the hits shown (field / siege).  Strength: infantry 1, "
                  "cavalry 2, artillery 3; squadrons British 4, French 2, Ottoman 1; walls +5.",
                  size=SIZE)
    order = sorted(columns, key=lambda c: int(columns[c]["from"]))
    head = [Column("Row \\ strength", 2.2)] + [
        Column(_span(columns[c]), 1.0, "center") for c in order]
    rows = []
    known = list(T.COMBAT_ROWS)
    for row in sorted(combat, key=lambda r: (known.index(r) if r in known else 99, r)):
        cells = combat[row]
        line = [T.COMBAT_ROWS.get(row, row)]
        for c in order:
            cell = cells.get(c, {})
            line.append(f"{cell.get('need', '-')}  {cell.get('hit5', 0)}/{cell.get('hit6', 0)}"
                        f"  s{cell.get('siege5', 0)}/{cell.get('siege6', 0)}")
        rows.append(line)
    doc.table(head, rows, size=6.4, space_after=2)
    doc.paragraph("Each box: the total needed, hits per 5 / per 6 in a field or naval combat, "
                  "and (s) in a siege or assault.  Reconstructed: the book prints only French "
                  "4-10 (13; a 5 three hits, a 6 four) and Mamluk commander 16-20 (14; one for "
                  "each 6).", size=6.5)


def _setup(doc: Doc, source: PrintSource) -> None:
    """Set Up, grouped by space as the book lists it (from the scenario's placements;
    a game in progress prints where everything is now)."""
    types = source.module.piece_types
    board = source.game_board
    where: dict[str, dict[str, int]] = {}
    cmds: dict[str, list[str]] = {}
    if source.state is not None:
        pieces = [(p.space, p.type, p.status) for p in source.state.pieces.values()]
    else:
        pieces = [(p.space, p.type, p.status) for p in source.scenario.placements]
    for space, tid, status in pieces:
        if space is None or status != "active" or tid not in types:
            continue
        t = types[tid]
        if t.kind == "commander":
            cmds.setdefault(space, []).append(t.name)
        elif t.kind in ("element", "fleet", "bedouin"):
            where.setdefault(space, {})
            where[space][t.name] = where[space].get(t.name, 0) + 1
    rows = []
    for space in sorted(set(where) | set(cmds), key=lambda k: board[k].label):
        things = ", ".join(f"{n} {name}" for name, n in sorted(where.get(space, {}).items()))
        rows.append([board[space].label, ", ".join(cmds.get(space, [])), things])
    doc.heading("Set-up (Set Up)" if source.state is None else "Where everything is",
                size=10, keep=60)
    doc.table([Column("Space", 1.3), Column("Commanders", 1.4), Column("Elements", 4.0)],
              rows, size=SIZE, space_after=2)
    doc.paragraph("The French roll no Bedouin: the Allied player rolls eight dice and puts a "
                  "Bedouin marker in an Egyptian space of each value rolled (5 or 6: any "
                  "space; fours beyond two count as fives).  The French choose the real fleet "
                  "in secret.  VPs: French 0, Allies 25; the event clock at one die.",
                  size=6.8)


def _span(span: dict) -> str:
    a, b = int(span["from"]), int(span["to"])
    return f"{a}+" if b >= 999 else f"{a}-{b}"


def _charts(doc: Doc, source: PrintSource) -> None:
    types = source.module.piece_types
    for side, title in (("french", "French command chart"),
                        ("allied", "Allied command chart")):
        doc.heading(f"{title} (Commander Glory, Seniority)", size=10, keep=70)
        rows = []
        cmds = [t for t in types.values() if t.kind == "commander" and t.side == side]
        for t in sorted(cmds, key=lambda t: (t.get("nation"), bool(t.get("naval")),
                                             t.get("seniority"))):
            fixed, dice = t.get("glory_fixed"), t.get("glory_dice")
            glory = f"{fixed}+{dice}d6" if t.id != "bonaparte" else "by the landing"
            extra = []
            if t.get("naval"):
                extra.append(f"naval, {t.get('squadrons')} squadron"
                             f"{'s' if t.get('squadrons', 1) > 1 else ''}")
            acc = t.get("accompanies")
            if acc:
                extra.append(f"accompanies {types[acc].name}")
            rows.append([t.name, T.NATION_NAMES.get(t.get("nation"), ""), str(t.get("seniority")),
                         glory, "; ".join(extra)])
        doc.table([Column("Commander", 1.6), Column("Nation", 0.9), Column("No.", 0.5, "center"),
                   Column("Glory", 1.0, "center"), Column("", 2.6)], rows, size=SIZE,
                  space_after=3)


def _clock(doc: Doc, tables: dict, types) -> None:
    armies = tables.get("armies", {})
    doc.heading("Event clock (Explanation of Events)", size=10, keep=80)
    rows = []
    for n in range(1, 25):
        what = T.EVENT_TITLES[n]
        if str(n) in armies or n in T.ARMIES:
            space, cmds, default = T.ARMIES[n]
            forces = armies.get(str(n), default)
            bits = [f"{v} {types[k].name if k in types else k}" for k, v in forces.items()]
            where = space.replace("-", " ").title()
            what += f" ({', '.join(bits) or 'the commander'}; {where})"
        tile = ""
        if n in T.TILE_ESCALATE:
            tile = f"with {T.TILE_ESCALATE[n]} di{'e' if T.TILE_ESCALATE[n] == 1 else 'ce'}: " \
                   f"one more die"
        if n in T.TILE_UPRISING:
            tile += ("; else " if tile else "") + f"uprising in {T.TILE_UPRISING[n].title()}"
        if n in T.PLAGUE and n in T.TILES:
            nation, k = T.PLAGUE[n]
            tile += ("; else " if tile else "") + f"plague: {k} {nation}"
        if n == 11:
            tile = "Bonaparte may return; plague: 2 Mamluk; with 2 dice also one more die"
        rows.append([f"{n}{'R' if n in T.REPEATABLE else ''}", what, tile or (
            "repeatable" if n in T.REPEATABLE else "")])
    doc.table([Column("Box", 0.5, "center"), Column("Event", 4.0), Column("2nd tile", 2.4)],
              rows, size=6.6, space_after=2)


def _landing(doc: Doc, tables: dict) -> None:
    landing = tables.get("landing") or {k: {"infantry": a, "infantry_malta": b, "glory": c,
                                            "glory_malta": d}
                                        for k, (a, b, c, d) in T.LANDING.items()}
    doc.heading("Disembarkation table", size=10, keep=90)   # with its rows, never a page of their own
    names = {"at-sea": "Intercepted at sea (Marabout Bay)",
             "adjacent": "Intercepted next to the coast (a coastal space)",
             "landed": "Disembarks without interception (ours)"}
    rows = [[names.get(k, k), f"{v['infantry']} inf, 1 art, savants; {v['glory']}+4d6",
             f"{v['infantry_malta']} inf, 1 art, savants; {v['glory_malta']}+4d6; Malta "
             f"garrison, +2 VP"] for k, v in landing.items()]
    doc.table([Column("Situation", 2.4), Column("Not visited Malta", 2.2),
               Column("Visited Malta", 2.6)], rows, size=SIZE)
