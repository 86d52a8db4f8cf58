"""The Phantom Fury player aid card: every printed table, with its rule number.

Numbers come from :mod:`ffl.games.phantom_fury.tables` (the Missions' limits and
ranges from the module printed, which the editor can change); the wording is
ours.
"""

from __future__ import annotations

from ffl.games.phantom_fury import tables as T

from ..page import Column, Doc
from ..source import PrintSource

SIZE = 7.5
EVENTS = {T.PF_EVENT: "-1 to the USMC squads' rolls in and around the Zone until the end "
                      "of next turn",
          T.HERO_EVENT: "a Hero joins the squad before the resolution (+1, then +2)",
          T.USMC_SNIPER: "the unit loses 1 CF before the resolution (CF 1: eliminated)",
          T.FLIGHT: "Guerillas lose 1 CF before the resolution (not below 1)",
          T.FANATICISM: "-1 to insurgent rolls and no retreat in the Block's insurgent Zones",
          T.CONFUSION: "the Assault is cancelled",
          T.SUICIDE: "Martyrs and the squad are both eliminated",
          T.DRUGGED: "a unit hit stays, with 1 CF less (CF 1 unchanged)",
          T.AL_FAJR: "the IIF squad has +2 CF for this Assault",
          T.FALLUJAH: "the IIF squad has +1 CF for this Assault"}
RESULTS = {T.DUMMY: "Dummy (false alert)", T.GUERILLAS: "Guerillas unit drawn",
           T.MARTYRS: "Martyrs unit drawn",
           T.IED_SNIPER: "IED Attack (Assault, Defensive Fire) / Sniper Attack (fire)"}
REACTIONS = {T.NO_EFFECT: "nothing", T.REINFORCEMENTS: "each Guerillas unit may be swapped "
             "for a stronger counter drawn",
             T.RETREAT_REACTION: "Guerillas sharing a Zone with a squad retreat",
             T.EAGLE: "a Sniper Attack on each squad in an insurgent Zone",
             T.COUNTER_ATTACK: "the strongest Guerillas of each Zone with a squad attacks it, "
                               "no modifier",
             T.HBIED: "a Zone you hold with a squad next to the insurgents is blown up: "
                      "squads upstairs eliminated, others lose a Step and are Pinned"}


def _rows(table: dict, names: dict) -> list[list[str]]:
    return [[k, names[v]] for k, v in table.items()]


def layout(doc: Doc, source: PrintSource, **_options) -> None:
    missions = dict(source.module.attrs.get("tables", {}).get("missions", T.MISSION_TABLE))
    doc.heading("Sequence of play (8)", size=10)
    doc.paragraph("Support - USMC Reinforcements - Fire Combat - Movement - Assault - "
                  "Reorganisation; at most 16 turns (13 in the variant, 15).", size=SIZE)
    doc.heading("Support Missions (9.3)", size=10, keep=50)
    doc.table([Column("Mission", 3.0), Column("Success", 0.8, "center"),
               Column("Most", 0.6, "center")],
              [[m.get("name", k), m["success"], str(m["max"])] for k, m in missions.items()],
              size=SIZE, space_after=2)
    doc.paragraph("A failed call is postponed: roll on the Insurgent Reaction table; the "
                  "phase ends.", size=7)
    doc.heading("Insurgent Reaction (9.4)", size=10, keep=60)
    doc.table([Column("d10", 0.5, "center"), Column("Reaction", 4.0)],
              [[k, f"{T.REACTION_NAMES[v]}{' (+)' if v in T.DAGGER else ''}: {REACTIONS[v]}"]
               for k, v in T.REACTION_TABLE.items()], size=SIZE, space_after=2)
    doc.paragraph("(+) not in Zones holding a Security Element.", size=7)
    doc.heading("'Suspect' markers (5.3.3, 5.3.4)", size=10, keep=60)
    doc.table([Column("Normal Zone", 0.8, "center"), Column("Result", 3.0)],
              _rows(T.SUSPECT_NORMAL_TABLE, RESULTS), size=SIZE, space_after=4)
    doc.table([Column("Fortified Zone", 0.8, "center"), Column("Result", 3.0)],
              _rows(T.SUSPECT_FORTIFIED_TABLE, RESULTS), size=SIZE)
    doc.heading("Fire Combat (11.2)", size=10, keep=60)
    doc.paragraph("Roll at most the CF (+2 with CAAT Ammo, in OG, C or R): a unit is "
                  "eliminated, a marker revealed. An unmodified 9 misses.", size=SIZE)
    doc.table([Column("Modifier", 3.5), Column("DRM", 0.6, "center")], [
        ["Insurgents unit not in a Location R", "+1"], ["Insurgents unit in a Fortified Zone", "+2"],
        ["Martyrs unit in a Normal Zone", "+1"], ["'Suspect' marker", "+1"],
        ["Insurgents unit in Zone 26 (in all)", "+3"], ["'Phantom Fury'", "-1"]], size=SIZE)
    doc.heading("M1A1 Movement Capacity (12.6.1)", size=10, keep=40)
    doc.table([Column("d10", 1.0, "center"), Column("MC", 1.0, "center")],
              [[k, str(v)] for k, v in T.ABRAMS_MC_TABLE.items()], size=SIZE)
    doc.heading("Defensive Fire (12.7)", size=10, keep=60)
    doc.paragraph("Each unit in the Zone rolls: below its CF a Step Loss, equal Pinned. "
                  "Each marker is revealed on a roll above the squad's CF.", size=SIZE)
    doc.table([Column("Modifier", 3.5), Column("DRM", 0.6, "center")], [
        ["Squad alone in OG", "-1"], ["'Fanaticism'", "-1"], ["With an M1A1 in OG", "+1"],
        ["In C with its Security Element", "+1"], ["In C of a Ruins Zone", "+1"]], size=SIZE)
    doc.heading("Assault (13.4)", size=10, keep=80)
    doc.paragraph("Both roll; at most the own CF inflicts a Step Loss; an unmodified 9 "
                  "never does; a 0 rolls an Event (two 0s: none).", size=SIZE)
    doc.table([Column("USMC modifier", 3.5), Column("DRM", 0.6, "center")], [
        ["Assault that reveals a marker", "+1"], ["Against Martyrs", "+1"],
        ["Against Guerillas in a Fortified Zone", "+1"], ["'Phantom Fury'", "-1"],
        ["Top-Down (R to 2, 2 to 1); the unit too if it survives", "-1"],
        ["Bottom-Up (1 to 2, 2 to R); the unit too if it survives", "+1"],
        ["Explosives: CF 8, no modifier (13.7.1)", "-"]], size=SIZE, space_after=4)
    for title, table in (("USMC Events (13.4.3.1)", T.USMC_EVENT_TABLE),
                         ("Insurgent Events (13.4.3.3)", T.INSURGENT_EVENT_TABLE),
                         ("IIF Events in the mosque (13.4.3.4)", T.IIF_EVENT_TABLE)):
        doc.heading(title, size=9, keep=50)
        doc.table([Column("d10", 0.5, "center"), Column("Event", 4.0)],
                  [[k, f"{T.EVENT_NAMES[v]}: {EVENTS[v]}"] for k, v in table.items()],
                  size=SIZE, space_after=4)
    doc.heading("IED Attack (13.5)", size=10, keep=30)
    doc.paragraph("At most the squad's CF: Pinned; above: a Step Loss.", size=SIZE)
    doc.heading("Reorganisation (14.3.4)", size=10, keep=40)
    doc.paragraph("A Pinned squad recovers on a roll at most its CF: +1 in C, +2 in OG or "
                  "a street without an M1A1; by itself when no enemy is around.", size=SIZE)
    doc.heading("Victory Points (7.2.1)", size=10, keep=80)
    doc.table([Column("Event", 3.5), Column("VP", 0.6, "center")], [
        ["Guerillas unit eliminated", "+1"], ["Each turn not played", "+5"],
        ["Battalion squad committed (not in the variant)", "-2"],
        ["CAAT support eliminated", "-2"], ["IIF squad eliminated", "-2"],
        ["USMC squad reduced", "-2"], ["USMC squad eliminated", "-5"],
        ["Only an empty Zone 26 left at the end", "-5"]], size=SIZE, space_after=2)
    doc.paragraph("Above 10: major victory; 0 to 10: minor; below 0: bitter (7.2.2).",
                  size=SIZE)
