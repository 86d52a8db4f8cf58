"""Every unit of French Foreign Legion as engine piece types (1.2, 25).

Character names, organizations, nationalities and former professions come
from the Character Unit Sheet (25) and the rules' examples (6.724, 21.11);
names the sheet leaves out, Fire and Melee numbers (only the "R2-2" example of
1.21 is printed) and the counts of Rope and Stun units are reconstructions,
listed with their reasons in docs/reconstructions.md.

Piece ids: ``L-<org>-<Name>`` for the Legion (org ``LC``, ``1``, ``2``, ``3``)
and ``B-<org>-<Name>`` for the Bedouin (org ``BC``, ``A``, ``B``, ``K``,
``R``, ``T``); the character's piece type has the same id.
"""

from __future__ import annotations

from dataclasses import dataclass

from ffl.engine.pieces import PieceType

LEGION, BEDOUIN = "legion", "bedouin"


@dataclass(frozen=True)
class Org:
    id: str          # organization id (PieceType.org, sequence chit)
    side: str
    code: str        # short code printed on the counters (1.213, 1.214)
    name: str        # display name on the printed sheets
    sequence_name: str   # its Sequence unit's name (1.24), used in play messages


#: The ten organizations, one Sequence unit each (1.24).  The module copies them
#: into ``module.attrs["orgs"]``, where the editor can change them and play reads
#: them (``gamedata.org_names``).
ORGS: dict[str, Org] = {o.id: o for o in (
    Org("legion-cmd", LEGION, "LC", "Legion Commanders", "Legion Commanders"),
    Org("squad-1", LEGION, "1", "1st Squad", "Squad 1"),
    Org("squad-2", LEGION, "2", "2nd Squad", "Squad 2"),
    Org("squad-3", LEGION, "3", "3rd Squad", "Squad 3"),
    Org("bedouin-cmd", BEDOUIN, "BC", "Bedouin Commanders", "Bedouin Commanders"),
    Org("arab", BEDOUIN, "A", "Arab", "Arab Tribe"),
    Org("berber", BEDOUIN, "B", "Berber", "Berber Tribe"),
    # the rulebook's spelling on the sheets (1.214); the usual one in play messages
    Org("kabyle", BEDOUIN, "K", "Kayble", "Kabyle Tribe"),
    Org("riff", BEDOUIN, "R", "Riff", "Riff Tribe"),
    Org("tuareg", BEDOUIN, "T", "Tuareg", "Tuareg Tribe"),
)}
TRIBES = ("arab", "berber", "kabyle", "riff", "tuareg")


@dataclass(frozen=True)
class Character:
    org: str
    rank: str        # Capt, Lt, Sgt Maj, Sgt, Cpl, Pvt; Sheikh, Sgt, Chief, Tribesman
    name: str        # surname or given name as printed
    weapon: str      # "R" rifle or "P" pistol (1.21, 7.22)
    fire: int
    melee: int
    leader: bool = False   # 7.81
    nationality: str = ""
    profession: str = ""

    @property
    def id(self) -> str:
        prefix = "L" if ORGS[self.org].side == LEGION else "B"
        return f"{prefix}-{ORGS[self.org].code}-{self.name.replace(' ', '')}"

    @property
    def display(self) -> str:
        title = {"Capt": "Capt.", "Lt": "Lt.", "Sgt Maj": "Sgt. Maj.", "Sgt": "Sgt.",
                 "Cpl": "Cpl.", "Pvt": "Pvt.", "Sheikh": "Sh.", "Chief": "Ch."}
        t = title.get(self.rank)
        return f"{t} {self.name}" if t else self.name


#: Nationality and former profession where the Character Unit Sheet prints them (25).
PRINTED_DETAILS = {
    "LeJeune": ("French", "Former Sergeant Major"),
    "Briere": ("French", "Actor (terrible)"),
    "Kolb": ("German", "Butcher (ill-tempered)"),
    "DeGroot": ("Belgian", "Gamekeeper (&Poacher)"),
    "Blondin": ("French", "Acrobat (off for adventure)"),
    "Cole": ("Austrian", "Lawyer (Dis-barred)"),
}


def _legion(org: str, rank: str, name: str, weapon: str = "R", fire: int = 3,
            melee: int = 3) -> Character:
    leader = rank in ("Capt", "Lt", "Sgt Maj", "Sgt", "Cpl")   # 7.81
    nationality, profession = PRINTED_DETAILS.get(name, ("", ""))
    return Character(org, rank, name, weapon, fire, melee, leader, nationality, profession)


def _squad(org: str, sgt: str, cpl: str | None, privates: list[str]) -> list[Character]:
    out = [_legion(org, "Sgt", sgt, melee=2)]
    if cpl:
        out.append(_legion(org, "Cpl", cpl))
    out += [_legion(org, "Pvt", p) for p in privates]
    return out


#: The 33 Legion Character units (1.213, 25).  Pistols: only LeJeune and Briere (7.22).
LEGION_CHARACTERS: tuple[Character, ...] = (
    _legion("legion-cmd", "Capt", "LeJeune", "P", 2, 2),
    _legion("legion-cmd", "Lt", "Briere", "P", 3, 4),
    _legion("legion-cmd", "Sgt Maj", "Kolb", "R", 2, 2),
    *_squad("squad-1", "DeGroot", "Blondin",
            ["Cole", "Adler", "Evans", "Fischer", "Garcia", "Horvath", "Ivanov", "Jensen"]),
    *_squad("squad-2", "Marchetti", "Novak",
            ["Stolz", "Olsen", "Petrov", "Quinn", "Rossi", "Torres", "Ulrich", "Weber"]),
    *_squad("squad-3", "Kowalski", None,
            ["Romanov", "Lindqvist", "Mueller", "Nagy", "Schmidt", "Brandt", "Vogel",
             "Hartmann", "Zeller"]),
)

#: Bedouin tribes as printed on the Character Unit Sheet (25): chief first.
_TRIBE_NAMES = {
    "arab": ["Yusuf", "Abdul", "Dhabi", "Fahd", "Haxhi", "Ihsan", "Khalid", "Mudar",
             "Omar", "Rus", "Senji", "Zayed"],
    "berber": ["Jaber", "Abdullah", "Baba", "Def", "Hassan", "Isa", "Karmal", "Mohammed",
               "Nasir", "Rashid", "Saddam", "Talha"],
    "kabyle": ["Raisuli", "Ali", "Gaafar", "Chadii", "Hehaz", "Jedallah", "Malik",
               "Quiwain", "Salim", "Tarik", "Umm", "Zubyar"],
    "riff": ["Al Kabar", "Barkat", "Gaafar", "Habib", "Jawara", "Mondhir", "Quaboos",
             "Rustam", "Sabah", "Talhi", "Walid", "Zia"],
    "tuareg": ["Al Wazan", "Babrak", "Diouf", "Elias", "Gourad", "Hamed", "Jabala",
               "Kaleb", "Maati", "Ruhollah", "Shafig", "Yazid"],
}

#: The 62 Bedouin Character units (1.214, 25).
BEDOUIN_CHARACTERS: tuple[Character, ...] = (
    Character("bedouin-cmd", "Sheikh", "Al Krim", "R", 4, 2, True),
    Character("bedouin-cmd", "Sgt", "Kulm", "R", 3, 3, True),
    *[
        Character(tribe, "Chief" if i == 0 else "Tribesman", name, "R", 4,
                  2 if i == 0 else 3, i == 0)
        for tribe in TRIBES
        for i, name in enumerate(_TRIBE_NAMES[tribe])
    ],
)

CHARACTERS: tuple[Character, ...] = LEGION_CHARACTERS + BEDOUIN_CHARACTERS
BY_ID: dict[str, Character] = {c.id: c for c in CHARACTERS}

#: Counts of the equipment and information units (reconstructed where unprinted).
ROPE_COUNT = 10
STUN_COUNT = 20
GATE_UNITS = ("gate-P14", "gate-Q14")   # one Gate unit on each gate square (2.2)


def character_type(c: Character) -> PieceType:
    values = {
        "weapon": c.weapon, "fire": c.fire, "melee": c.melee, "leader": c.leader,
        "rank": c.rank, "short_name": c.name, "code": ORGS[c.org].code,
    }
    if c.nationality:
        values["nationality"] = c.nationality
    if c.profession:
        values["profession"] = c.profession
    return PieceType(c.id, c.display, ORGS[c.org].side, "character", c.org, values)


def sequence_id(org: str) -> str:
    return f"seq-{org}"


def piece_types() -> dict[str, PieceType]:
    """Every piece type of the game, keyed by id."""
    types = [character_type(c) for c in CHARACTERS]
    types += [
        PieceType(sequence_id(o.id), f"{o.name} Sequence", o.side, "sequence", o.id,
                  {"code": o.code})
        for o in ORGS.values()
    ]
    types += [
        PieceType("rope", "Rope", "", "rope", "", {"count": ROPE_COUNT}),
        PieceType("stun", "Stun", "", "stun", "", {"count": STUN_COUNT}),
        PieceType("gate", "Gate", "legion", "gate", "", {"count": 2, "level": 1}),
        # optional-rule units (not in the Basic Game)
        PieceType("machinegun", "Machinegun", "legion", "weapon", "",
                  {"shots": 5, "fire": 4, "crew": 2, "optional": "14"}),
        PieceType("cannon", "Cannon", "legion", "weapon", "",
                  {"canister": 3, "shell": 4, "crew": 3, "optional": "14"}),
        PieceType("dynamite", "Dynamite", "bedouin", "dynamite", "",
                  {"count": 3, "optional": "15.1"}),
        PieceType("mutineer", "Mutineer", "", "marker", "", {"optional": "19, 23"}),
    ]
    return {t.id: t for t in types}


def basic_pieces() -> list[tuple[str, str, str]]:
    """(piece id, type id, side) of every piece the Basic Game uses (2)."""
    out = [(c.id, c.id, ORGS[c.org].side) for c in CHARACTERS]
    out += [(sequence_id(o.id), sequence_id(o.id), o.side) for o in ORGS.values()]
    out += [(f"rope-{i:02d}", "rope", BEDOUIN) for i in range(1, ROPE_COUNT + 1)]
    out += [(f"stun-{i:02d}", "stun", "") for i in range(1, STUN_COUNT + 1)]
    out += [(g, "gate", LEGION) for g in GATE_UNITS]
    return out


#: the optional rules' units, added to a game only when their option is on (the
#: module keeps them in ``attrs["optional_pieces"]``): 14 the two Weapon units,
#: 15.1 the three Dynamite units
OPTIONAL_PIECES = (("weapon-mg", "machinegun", LEGION, "heavy_weapons"),
                   ("weapon-cannon", "cannon", LEGION, "heavy_weapons"),
                   ("dynamite-1", "dynamite", BEDOUIN, "siege"),
                   ("dynamite-2", "dynamite", BEDOUIN, "siege"),
                   ("dynamite-3", "dynamite", BEDOUIN, "siege"))


def characters(side: str | None = None, org: str | None = None) -> list[Character]:
    return [c for c in CHARACTERS
            if (side is None or ORGS[c.org].side == side) and (org is None or c.org == org)]
