"""The Legend Begins Player Aid Card, laid out from the module's tables
(``module.attrs["tables"]``, which the editor edits and play reads): the sequence of
play with the steps the advanced and special rules add (the book's Expanded Sequence
of Play: 40.4's air sub-phase, 42.0, 49.0, 51.0, 37.0 and the Primary-only list), the
Terrain Effects Chart, the Combat Table with its Magnitude chart, the Italian Table,
stacking, the Anti-Shipping, Demolition and Replacement Tables, the Malta Track and the
Resource Chart.  The wording is ours; every table names its rule.
"""

from __future__ import annotations

from ffl.games.legend_begins import tables as T

from ..page import Column, Doc
from ..source import PrintSource

SEQUENCE = [
    ("A. Initial Phase", "Replacement/Reinforcement Segment: 2 Supply Points and 1 Resource "
     "Point in the Entry Box (four RPs at most); the Reinforcement Schedule; the Replacement "
     "Table. Recovery Segment: half the recovered steps come back. Organization Segment: "
     "attach units to divisions, transfer steps. Malta Segment: one roll on the Malta "
     "Track. (3.1)"),
    ("B. Operations Cycle", "Draw a segment chit: two Primary, one Secondary, one Tertiary "
     "a side; seven of eight are played; never three segments in a row for one side. "
     "(3.1)"),
    ("C. Movement Phase", "Full MA (Primary), two thirds (Secondary), one third (Tertiary): "
     "infantry 4, 3, 2. Mobile Assaults: entry cost +2 MPs, attack halved. Leaving an enemy "
     "ZOC +1 (foot) or +2 (motorized). Instead of moving: absorb a Replacement, build Field "
     "Works, deploy artillery. Primary only: sea, rail, truck transfer, port repair, "
     "Fortifications. Demolition of own ports and supply before combat. (4.0, 14.0)"),
    ("D. Combat Phase", "Italian Table first for Italian attackers; Poor Odds attacks before "
     "the others; advances at once; Repulsed attackers and retreating defenders are "
     "Disrupted; Supply Points for Attack Supply and barrages are removed. (9.0)"),
    ("E. Supply Phase", "General Supply for every unit (port supply checked on the AST in a "
     "Primary Segment); attrition for Out of Supply and Isolated units; Disruption removed "
     "except this segment's Repulsed. (19.0, 13.4)"),
]

#: the steps the advanced and special rules add, where the book's Expanded Sequence of
#: Play puts them (each applies only when its rule is in play)
ADVANCED_SEQUENCE = [
    ("A. Initial Phase", "Replacement/Reinforcement: lay rail hexes (42.0); buy Air "
     "Transport (49.0) and amphibious units (51.0); one air unit back from the Cadre Box, "
     "on its Inoperative side, for each friendly Air HQ on the map (40.9). Organization: "
     "attach units to another division's display (6.2), conversions (31.7), Combat "
     "Motorize infantry onto a motorized formation with a Truck (37.0)."),
    ("C. Movement Phase", "Also Air Transport (49.0) in a Primary Segment; rail hexes "
     "broken or repaired (22.2); port repair (23.4); Air HQs placed or moved in a Primary "
     "Segment (40.11)."),
    ("D. Combat Phase", "Air sub-phase first, not in a Tertiary Segment (40.4): (a) the "
     "attacker places Ground Support, Interdiction and Escorts; (b) the defender places "
     "defensive Ground Support, Interdiction, Escorts and Interceptors; (c) the attacker "
     "places his Interceptors; (d) air-to-air combat. The attacker's Ground Support "
     "Factors count double in a Primary Segment (40.6). Then the ground attacks as "
     "above; air units leave the map except those on Interdiction."),
]

#: what only a Primary Segment allows (the book's list at the end of its sequence)
PRIMARY_ONLY = ("Sea movement, rail movement, Air Transport, the special Truck transfer, "
                "port repair, building Fortifications, port supply checked on the AST "
                "(19.7), the attacker's Ground Support doubled, Air HQs built or moved.")


def _tables(source: PrintSource) -> dict:
    return source.module.attrs.get("tables") or T.default_tables()


def _mp(sixths) -> str:
    if sixths is None:
        return "P"
    whole, rest = divmod(int(sixths), 6)
    frac = {0: "", 2: "⅓", 3: "½", 4: "⅔"}.get(rest, f"{rest}/6")
    if whole and frac:
        return f"{whole}{frac}"
    return frac or str(whole)


def layout(doc: Doc, source: PrintSource, **_options) -> None:
    t = _tables(source)
    size = 7.2
    doc.heading("Sequence of play (3.0)", size=10, keep=60)
    for title, text in SEQUENCE:
        doc.paragraph(f"{title}. {text}", size=7.2, space_after=2)
    doc.heading("Advanced and special rules in the sequence", size=8.5, keep=50)
    for title, text in ADVANCED_SEQUENCE:
        doc.paragraph(f"{title}. {text}", size=7.2, space_after=2)
    doc.paragraph(f"Primary Segment only: {PRIMARY_ONLY}", size=7.2, space_after=2)

    doc.heading("Terrain Effects Chart (4.4, 10.2, 10.3)", size=10, keep=60)
    effects = {"jebel": "1 shift left; stop off roads", "sebakha": "attack out of it halved; "
               "defender 1 shift right; stop off roads", "desert": "two in a row at most",
               "clear": "", "rough": "", "sea": "prohibited"}
    rows = [[name.capitalize(), _mp(v["nonmot"]), _mp(v["mot"]), effects.get(name, "")]
            for name, v in t["terrain"].items()]
    rows += [["Ridge (hexside)", (f"+{_mp(t['hexsides']['ridge']['nonmot'])}"
                                  if t["hexsides"]["ridge"]["nonmot"] else "—"),
              f"+{_mp(t['hexsides']['ridge']['mot'])}", "attacking up across it halved"],
             ["Escarpment (hexside)", f"+{_mp(t['hexsides']['escarpment']['nonmot'])}",
              "P (passes only)", "attacking up halved; motorized advance only at passes"],
             ["Track", _mp(t["routes"]["track"]["nonmot"]), _mp(t["routes"]["track"]["mot"]),
              "ignores the terrain"],
             ["Road", _mp(t["routes"]["road"]["nonmot"]), _mp(t["routes"]["road"]["mot"]),
              "ignores the terrain"],
             ["City", "as terrain", "as terrain", "1 shift left"],
             ["Improved Position", "as terrain", "as terrain",
              "non-tank defence x2, anti-tank +1"],
             ["Fortification", "as terrain", "as terrain",
              "non-tank x3, tanks x1½, no armor superiority"]]
    doc.table([Column("Terrain", 1.4), Column("Foot", 0.6, "center"),
               Column("Motorized", 0.9, "center"), Column("Combat", 3.0)], rows, size=size,
              space_after=2)
    doc.paragraph("P = prohibited. Leaving an enemy ZOC: +1 (foot), +2 (motorized) (7.2).",
                  size=6.8)

    crt = t["crt"]
    doc.heading("Combat Table (9.0)", size=10, keep=80)
    doc.paragraph("Each white die reads the step losses of its row; the black die reads the "
                  "winner of its row. Losses add up over the white dice. R Repulsed, E "
                  "Engaged, A Advance, O Overrun.", size=6.8, space_after=2)
    letters = {"Repulsed": "R", "Engaged": "E", "Advance": "A", "Overrun": "O"}
    cols = [Column("Die", 0.7, "center")] + [Column(c.replace("1.5-1", "1½-1"), 1.0, "center")
                                             for c in crt["columns"]]
    rows = []
    for die in range(6):
        row = [str(die + 1)]
        for c in crt["columns"]:
            a, d, word = crt["rows"][c][die]
            loss = "/".join(x for x in ((f"A{a}" if a is not None else ""),
                                        (f"D{d}" if d is not None else "")) if x)
            row.append(f"{loss} {letters.get(word, word)}")
        rows.append(row)
    doc.table(cols, rows, size=6.2, pad=1.6, space_after=2)
    mag = crt["magnitude"]
    parts = []
    for i, (least, m) in enumerate(mag):
        top = mag[i + 1][0] - 1 if i + 1 < len(mag) else None
        rng = f"{least}-{top}" if top is not None else f"{least}+"
        parts.append(f"{rng} steps: {'Sub-one' if m == 0 else m}")
    doc.paragraph("Magnitude (fewest steps of either side): " + "; ".join(parts) +
                  ". Sub-one: each side's losses one less. Below 1-4: A1 Repulsed; above "
                  "7-1: 7-1. (9.1, 9.3)", size=6.8)

    doc.heading("Italian Table (17.1)", size=10, keep=30)
    it = t["italian"]
    words = {"none": "Italians do not take part", "half": "Italians at half strength",
             "full": "Italians at full strength"}
    bands = []
    for i, (least, eff) in enumerate(it["table"]):
        top = it["table"][i + 1][0] - 1 if i + 1 < len(it["table"]) else None
        lo = "1" if least < 0 else str(least)
        bands.append(f"{lo}{'-' + str(top) if top is not None else '+'}: {words[eff]}")
    doc.paragraph("One die; +{} with no German unit in the attack. ".format(
        it["no_german_drm"]) + "; ".join(bands) + ".", size=6.8)

    doc.heading("Stacking (5.0)", size=10, keep=30)
    doc.paragraph(f"{t['stack_limit']} points a hex: battalion 1, regiment or brigade 2, "
                  f"division 3; a division's units with their HQ (or an Italian division's "
                  f"regiments) {t['division_stack']} at most; one artillery unit free; HQs, "
                  "supply, trucks and markers nothing.", size=6.8)

    doc.heading("Anti-Shipping Table (25.0)", size=10, keep=60)
    rolls = list(range(2, 13))
    ast_rows = []
    for port, column in t["ast"].items():
        from ffl.games.legend_begins.tables import lookup

        ast_rows.append([port] + [str(lookup(column, r)) for r in rolls])
    doc.table([Column("2d6 modified", 1.6)] + [Column(str(r), 0.45, "center") for r in rolls],
              ast_rows, size=6.2, pad=1.5, space_after=2)
    doc.paragraph("-1 per friendly airfield (Crete too); from Italy the Malta value instead. "
                  "A number: each step, Supply Point or truck sinks on a die at or under it. "
                  "Port supply (19.7) is available on - or 2.", size=6.8)

    doc.heading("Demolition, Replacements, Malta (20.5, 24.3, 28.3, 26.2)", size=10, keep=60)
    doc.paragraph("Demolition: one die per Supply Point or port box; a hit on 1-3; -2 in an "
                  "enemy segment (0 or less: no effect).", size=6.8)
    for side, cols_ in t["replacements"].items():
        parts = []
        for kind, column in cols_.items():
            bits = [f"{n} on {least}+" for least, n in column if n]
            parts.append(f"{kind} {', '.join(bits)}")
        doc.paragraph(f"Replacement Table, {side} (one 2d6 roll for every column): "
                      + "; ".join(parts) + ".", size=6.8, space_after=2)
    malta = t["malta"]
    doc.paragraph("Malta Track: the Axis lowers the value on a die of at most "
                  + ", ".join(f"{v}: {malta['axis'][v]}" for v in malta["axis"])
                  + "; the Allies raise it on at most "
                  + ", ".join(f"{v}: {malta['allied'][v]}" for v in malta["allied"]) + ".",
                  size=6.8)

    doc.heading("Resource Chart (30.0)", size=10, keep=40)
    costs = [[k.replace("-", " ").capitalize(), str(v)] for k, v in t["resource_costs"].items()]
    half = (len(costs) + 1) // 2        # side by side: the aid stays on one page
    doc.table([Column("Use", 3.0), Column("RP", 0.5, "center")] * 2,
              [[*costs[i], *(costs[i + half] if i + half < len(costs) else ["", ""])]
               for i in range(half)], size=size)
