"""The French Foreign Legion Game Card, laid out to print from the module.

The movement rates and costs come from the module printed
(``module.attrs["tables"]``, which the editor edits and play reads; an older
module without them prints :mod:`ffl.games.ffl.tables`' defaults); every other
number comes from :mod:`ffl.games.ffl.tables`.  The wording is ours.  Each
table names its rule; cells that are reconstructions are starred.
"""

from __future__ import annotations

from ffl.games.ffl import tables as T
from ffl.games.ffl.gamedata import TABLES, movement_tables

from .page import Column, Doc
from .source import PrintSource, SheetError

#: MF_COSTS key -> (task, rule, optional)
MF_TASKS = {
    "enter": ("Enter a new square", "6.1242", False),
    "stairway": ("Climb or descend a stairway", "6.1243", False),
    "rope": ("Climb a rope, any number of levels", "6.4", False),
    "window": ("Go through an open window (extra)", "6.1244", False),
    "grapple": ("Grappling attempt (one a turn)", "6.1246", False),
    "melee": ("Start a melee (free if entering used the last MF)", "6.1245", False),
    "face": ("Change facing", "6.1241", False),
    "open-close-door": ("Open or close a door or window, from inside", "10.13", True),
    "lock-unlock": ("Lock or unlock a door, window or gate", "10.13", True),
    "force-break": ("Try to force or break a door or window", "10.211", True),
    "cannon-face": ("Turn a cannon", "14.32", True),
    "full-cover": ("Enter or leave full cover (the old card printed 2)", "11.3", True),
    "open-close-gate": ("Open or close the gate", "10.13", True),
    "cannon-move": ("Move a cannon one square", "14.32", True),
    "exposed": ("Enter or leave an exposed attitude", "11.1", True),
}
MELEE_TEXT = {
    "6.721": "Attacker goes up a stairway", "6.722": "Attacker goes through a window",
    "6.723": "Attack into the defender's rear", "6.724": "Each further melee on the same defender",
    "6.725": "Defender is stunned", "18.3-attacker": "Attacker wounded (OP)",
    "18.3-defender": "Defender wounded (OP)", "12.1": "Attacker mounted (OP)",
    "13": "Defender's Melee No. lower; none if the attacker's is 6 (OP)",
    "17.41-attack": "Legion attacking, Camerone (OP)",
    "17.41-defend": "Attacking the Legion, Camerone (OP)",
}
FIRE_TEXT = {
    "7.71": "Firing unit has moved", "7.72": "Target in partial cover",
    "7.73": "Target at long range", "16": "Night (OP)", "12.3": "Firing unit mounted (OP)",
    "18.12": "Firing unit wounded (OP)", "14.43": "Each missing crewman (OP)",
    "10.162": "Target behind a closed door or window, + saving roll (OP)",
}
DIE = [str(d) for d in range(1, 7)]


def _mod(v: int) -> str:
    return f"{v:+d}"


def _desert(mt, mounted: bool) -> str:
    """The desert rate, and the off-board one beside it when they differ (6.121)."""
    sand, off = mt.rate("sand", mounted), mt.rate("off", mounted)
    return str(sand) if sand == off else f"{sand} (off board {off})"


def _die_columns(first: str, weight: float = 1.6) -> list[Column]:
    return [Column(first, weight)] + [Column(d, 1.0, "center") for d in DIE]


def layout(doc: Doc, source: PrintSource, **_options) -> None:
    try:
        mt = movement_tables(source.module.attrs.get(TABLES), f"module {source.module.id!r}")
    except ValueError as exc:
        raise SheetError(f"the movement tables cannot be printed: {exc}") from None
    size = 7.5
    doc.heading("Movement (6.12, 6.124)", size=10, keep=60)
    rates = [["On foot", _desert(mt, False), str(mt.rate("fort"))],
             ["Mounted (12, OP)", _desert(mt, True), str(mt.rate("fort", True))]]
    doc.table([Column("Movement Factors at the start", 2.2),
               Column("Desert or off board", 1.3, "center"), Column("Fort", 0.8, "center")],
              rates, size=size, space_after=4)
    rows = [[task + (" (OP)" if op else ""), str(mt.costs[k]), rule]
            for k, (task, rule, op) in MF_TASKS.items()]
    doc.table([Column("Task", 4.0), Column("MF", 0.6, "center"), Column("Rule", 0.9, "center")],
              rows, size=size, space_after=2)
    doc.paragraph(f"Carrying a machinegun: every cost x{T.MACHINEGUN_MF_FACTOR} (14.31, OP). "
                  "No MF to face, to turn a machinegun or to stand exposed (11.1). Mounted units "
                  "never climb ropes or stairways, jump, take full cover or go into a tunnel; "
                  "an organization dismounts all together, for good (12.2, 12.4, OP).", size=7)

    doc.heading("Melee (6.7)", size=10, keep=60)
    doc.paragraph("The attacker rolls one die and adds the modifiers: at or above the "
                  "attacker's Melee Number the defender is hit, below it the attacker is "
                  "hit (6.71). Modified rolls are read within 1-6.", size=7.5)
    doc.table([Column("Situation", 4.0), Column("Mod", 0.6, "center"),
               Column("Rule", 0.9, "center")],
              [[MELEE_TEXT.get(k, k), _mod(v), k.split("-")[0]]
               for k, v in T.MELEE_MODIFIERS.items()], size=size, space_after=2)
    doc.paragraph("Wounded melee losers are moved by the winner's player into an open "
                  "adjacent square, a drop being a jump (18.3, OP).", size=7)

    doc.heading("Fire (7)", size=10, keep=60)
    doc.table([Column("Weapon", 1.4), Column("Range (squares)", 2.2), Column("Shots", 0.7, "center"),
               Column("Rule", 0.8, "center")], [
        ["Rifle (R)", f"1-{T.RIFLE_SHORT_RANGE} short, {T.RIFLE_SHORT_RANGE + 1}+ long",
         str(T.SHOTS_PER_TURN["R"]), "7.21"],
        ["Pistol (P)", f"1-{T.PISTOL_RANGE}, no long range", str(T.SHOTS_PER_TURN["P"]), "7.22"],
        ["Machinegun (OP)", f"as a rifle; Fire No. {T.MACHINEGUN['fire']}, crew "
         f"{T.MACHINEGUN['crew']}", str(T.MACHINEGUN["shots"]), "14.5"],
        ["Cannon canister (OP)", f"{T.CANNON['canister_range'][0]}-"
         f"{T.CANNON['canister_range'][1]}; Fire No. {T.CANNON['canister_fire']}, crew "
         f"{T.CANNON['crew']}", "1", "14.6"],
        ["Cannon shell (OP)", f"{T.CANNON['shell_min_range']}+; Fire No. "
         f"{T.CANNON['shell_fire']}, 3x3 blast", "1", "14.6"],
        ["At night (OP)", f"no shot beyond {T.NIGHT_MAX_RANGE}", "", "16"],
    ], size=size, space_after=2)
    doc.paragraph("A modified roll at or above the firer's Fire Number hits (7.6).", size=7.5)
    doc.table([Column("Fire modifier", 4.0), Column("Mod", 0.6, "center"),
               Column("Rule", 0.9, "center")],
              [[FIRE_TEXT.get(k, k), _mod(v), k] for k, v in T.FIRE_MODIFIERS.items()],
              size=size, space_after=2)
    doc.paragraph(f"At night no shot beyond {T.NIGHT_MAX_RANGE} squares (16). Behind a closed "
                  "door or window only a straight arc out of its slot, facing it (10.161). A "
                  "unit on a rampart must stand exposed to fire at the foot of its wall "
                  "(11.1). Units in Camerone do not fire (17.41). All OP.", size=7)

    doc.heading("Jump Table (6.51)", size=10, keep=50)
    doc.table(_die_columns("Levels down"),
              [[str(n)] + list(T.JUMP_TABLE[n]) for n in sorted(T.JUMP_TABLE)],
              size=6.8, space_after=2)
    doc.paragraph(f"Landing in sand: {_mod(T.JUMP_SAND_MODIFIER)} to the roll (6.512). "
                  "NE no effect, S-1/S-2 one or two Stun units, HIT hit.", size=7)
    doc.heading("Jump Impact Table (6.52)", size=10, keep=50)
    doc.table(_die_columns("Jumped on"), [
        ["A friend"] + [T.JUMP_IMPACT_TABLE[d][0].replace("FRIEND ", "") for d in range(1, 7)],
        ["A foe"] + [T.JUMP_IMPACT_TABLE[d][1].replace("FOE ", "") for d in range(1, 7)],
    ], size=6.8, space_after=2)
    doc.paragraph("Results apply to the unit landed on; JUMPER HIT hits the jumper (6.521).",
                  size=7)
    doc.heading("Grappling Table (6.33)", size=10, keep=50)
    doc.table(_die_columns("Wall"),
              [[k] + ["YES" if ok else "NO" for ok in v] for k, v in T.GRAPPLING_TABLE.items()],
              size=6.8, space_after=2)
    doc.paragraph("YES: the rope holds (6.3331); NO: it falls back (6.3332). Ungrappling is "
                  "automatic, by a unit that does not fire (7.9).", size=7)
    doc.heading("Saving Roll Table (7.82)", size=10, keep=40)
    doc.table(_die_columns("Leader hit"),
              [["Result"] + ["SAVED" if T.SAVING_ROLL_TABLE[d] else "HIT" for d in range(1, 7)]],
              size=6.8)
    doc.set_columns(1)
    _los(doc, 8.0)
    _optional(doc, 7.0)


def _los(doc: Doc, size: float) -> None:
    doc.heading("Line of Sight Chart (7.53)", size=10, keep=90)
    levels = sorted(T.LOS_CHART)
    rows = []
    for f in levels:
        row = [str(f)]
        for t in levels:
            cell = " ".join("-" if v is None else f"{v}+" for v in T.LOS_CHART[f][t])
            row.append(cell + ("*" if (f, t) in T.RECONSTRUCTED_LOS else ""))
        rows.append(row)
    doc.table([Column("Firer \\ target", 1.1, "center")]
              + [Column(f"{t}", 1.0, "center") for t in levels], rows, size=size,
              space_after=2, shade_every=0)
    doc.paragraph("Each cell: CF MW CT, the lowest level of a square between the units that "
                  "blocks the line when it is closer to the firer, midway, or closer to the "
                  "target (7.531, 7.532); - nothing blocks. Level -1 is a tunnel (OP). "
                  "* reconstructed: the printed card leaves these cells out.", size=7)



def _optional(doc: Doc, size: float) -> None:
    doc.heading("Optional rules (OP)", size=11, keep=70)
    doc.heading("Wounds Tables (18.1)", size=10, keep=50)
    doc.table(_die_columns("Hit by"), [
        ["Fire, dynamite"] + [T.WOUNDS_FIRE[d] for d in range(1, 7)],
        ["Melee, jumping"] + [T.WOUNDS_MELEE[d] for d in range(1, 7)],
    ], size=size, space_after=2)
    doc.paragraph("Mark '-1,-1' or '-1,0' beside the unit on the Character Unit Sheet (18.2). "
                  "Two wounds = eliminated (18.15).", size=7)
    doc.heading("Dynamite Tables (15.1)", size=10, keep=50)
    doc.table(_die_columns("Roll"), [
        ["Lit fuse (15.132)"] + [T.LIT_FUSE[d] for d in range(1, 7)],
        ["Blast zone (15.1432)"] + [T.BLAST_ZONE[d] for d in range(1, 7)],
    ], size=size, space_after=2)
    doc.paragraph(f"If hit by fire on a {T.DYNAMITE_FIRE_ROLL}, dynamite explodes (15.131). "
                  "The fuse is lit in a movement phase; the explosion is checked in that "
                  "organization's fire phase; a faulty fuse is lit again on a later turn, never "
                  "moved (15.132). Units on collapsed floors or ramparts are eliminated "
                  f"(15.1431); {T.DYNAMITE_COUNT} Dynamite units.", size=7)
    doc.heading("Tunnel Collapse Table (15.22)", size=10, keep=50)
    lengths = [str(n) for n in T.TUNNEL_LENGTHS[:-1]] + [f"{T.TUNNEL_LENGTHS[-1]}+"]
    doc.table([Column("Tunnels \\ length", 1.6)] + [Column(x, 1.0, "center") for x in lengths],
              [[str(n)] + [str(v) for v in T.TUNNEL_COLLAPSE[n]]
               for n in sorted(T.TUNNEL_COLLAPSE)], size=size, space_after=2)
    doc.paragraph(f"Roll the number or more and that tunnel collapses (15.222); "
                  f"{T.TUNNEL_SQUARES} tunnel squares in all (15.2).", size=7)
    doc.heading("Bedouin Morale Table (17.2)", size=10, keep=50)
    doc.table([Column("Best leader within 6 squares", 2.4), Column("Tribe retreats on", 1.6)],
              [[k, ", ".join(str(r) for r in sorted(v))] for k, v in T.MORALE_TABLE.items()],
              size=size, space_after=2)
    doc.paragraph(f"No check for a tribe with {T.MORALE_SAFE_SURVIVORS} or more "
                  "survivors (17.21).", size=7)
    doc.heading("Command Control (17.1) and Le Cafard (17.3)", size=10, keep=50)
    doc.table(_die_columns("Roll", 1.9), [
        [f"Out of command (over {T.COMMAND_RANGE})"]
        + ["MOVES" if T.COMMAND_TABLE[d] else "STAYS" for d in range(1, 7)],
        ["Le Cafard"] + [T.CAFARD_TABLE[d].replace("NEAREST ", "NEAR. ") for d in range(1, 7)],
    ], size=size, space_after=2)
    doc.paragraph("Le Cafard: at set-up a roll of 1-4 names that many mad Legionnaires, "
                  "5-6 none (17.31); the Bedouin activate one Le Cafard a turn, at the start of "
                  "a Legion movement or fire phase (17.32).", size=7)
    doc.heading("Forcing and Breaking Doors and Windows (10.2)", size=10, keep=50)
    doc.table([Column("Attempt (1 MF each, from outside)", 2.6), Column("Succeeds when", 4.0)], [
        ["Unopposed (10.2111)", "the roll equals or beats the unit's Melee Number"],
        ["Opposed by a foe behind it (10.2112)", "both roll less their Melee Numbers; the "
         "attempting number is higher"],
        ["A locked one (10.22)", "break the lock first the same way; it must still be forced"],
    ], size=size, space_after=2)
    doc.paragraph("Forced stays open; a broken lock never locks again; gates are neither "
                  "forced nor broken (10.21, 10.212, 10.22).", size=7)
    doc.heading("Sequence of Play with all options", size=10, keep=60)
    doc.paragraph("1. Negotiation Phase (scenario 23, 23.3). 2. Mix the Sequence units for "
                  "movement (3.1). 3. Movement and Melee Phases (3.2; as each begins: 17.12 "
                  "command control, 12.4 dismounting, 17.32 Le Cafard). 4. Mix the Sequence "
                  "units for fire (3.3). 5. Fire Phases (3.4; as each begins: 15.132 lit "
                  "fuses, 17.32 Le Cafard). 6. Bedouin Morale Phase (17.2, OP). 7. Stun "
                  "Removal Phase (3.5); Camerone is checked as the next turn starts (17.41).",
                  size=7.5)
