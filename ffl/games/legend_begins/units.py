"""The counters of The Legend Begins used by the 1940 scenario, as piece types.

Reconstructed (the counter sheets are not in the rulebook) at the book's scale and in
its notation (2.1): a unit's values are listed per step level, full strength first
(``factors``: [attack, defence] per level; a unit with one combat factor has both
equal), with its Movement Allowance (``ma``), Armor Effect Rating per level (``aer``,
tank, anti-tank and divisional HQ units), ZOC (``zoc``: ``active`` for the units with
the white band, 7.1), unit size (``size``: bn, rgt, bde, div, army), divisional I.D.
(``div``), nationality (``nat``) and unit type (``utype``).  Artillery carries its
zero-MA side (``deployed``, 16.2); divisional and Army HQs with the wheel symbol
carry ``transport`` (21.5); Libyan and Blackshirt units are ``fragile`` (28.10).
Formation HQs list their Organization Card boxes (``boxes``, 6.3).

Sources for the order of battle and the values: docs/games/legend_begins-reconstructions.md.
"""

from __future__ import annotations

from ffl.engine import PieceType

from .tables import ALLIED, AXIS

#: 2.1 infantry-type units (4.1, 18.2, 21.0)
INFANTRY_TYPES = ("inf", "mot_inf", "mg", "eng", "arm_inf")
ALLIED_NATIONS = ("brit", "ind", "aus", "nz", "sa", "pol", "ff", "gre")


def side_of(nat: str) -> str:
    return ALLIED if nat in ALLIED_NATIONS else AXIS


def _repl_kind(nat: str, utype: str) -> str:
    """28.6 which replacements restore a unit (tank ones for tanks and recon)."""
    side = side_of(nat)
    if utype in ("tank", "recon"):
        return "tank-allied" if side == ALLIED else ("tank-ger" if nat == "ger" else "tank-ita")
    if side == ALLIED:
        return {"aus": "aus-inf", "ind": "ind-inf"}.get(nat, "brit-inf")
    return "ger-inf" if nat == "ger" else "ita-inf"


def unit(uid: str, name: str, nat: str, utype: str, size: str, factors: list, ma: int,
         *, label: str = "", div: str = "", aer=None, zoc: str | None = None,
         deployed: list | None = None, transport: bool = False, fragile: bool = False,
         boxes: list | None = None, kind: str = "combat", **extra) -> PieceType:
    steps = len(factors)
    if aer is None:
        aer = [1] * steps if utype in ("div_hq",) else None
    elif isinstance(aer, int):
        aer = [aer] * steps
    if zoc is None:
        zoc = "active" if ma > 4 and utype in ("tank", "recon", "mot_inf", "arm_inf") else "limited"
    values = {
        "label": label or name, "nat": nat, "utype": utype, "size": size, "div": div,
        "steps": steps, "factors": factors, "ma": ma, "zoc": zoc,
        "repl": _repl_kind(nat, utype),
        "recover": "tank" if utype in ("tank", "recon") else nat,
    }
    if aer is not None:
        values["aer"] = aer
    if deployed:
        values["deployed"] = deployed
    if transport:
        values["transport"] = True
    if fragile:
        values["fragile"] = True
    if boxes:
        values["boxes"] = boxes
    values.update({k: v for k, v in extra.items() if v is not None})
    return PieceType(uid, name, side_of(nat), kind, div, values)


def _inf4(a: int, d: int) -> list:
    """A four-step brigade's levels from its full strength."""
    return [[a, d], [a - 2, d - 2], [max(1, a - 4), max(1, d - 4)], [max(1, a // 3), max(1, d // 4)]]


def _rgt3(a: int, d: int) -> list:
    return [[a, d], [a - 1, d - 1], [max(1, a // 3), max(1, d // 2)]]


ARMD_BOXES = [{"box": "tank", "types": ["tank"], "count": 6},
              {"box": "inf bde. or bn.", "types": ["mot_inf", "arm_inf", "inf"], "count": 2},
              {"box": "recon", "types": ["recon"], "count": 1},
              {"box": "artillery", "types": ["art"], "count": 1}]
INF_BOXES = [{"box": "inf bde.", "types": ["inf", "mot_inf", "mg"], "count": 3},
             {"box": "tank", "types": ["tank"], "count": 1},
             {"box": "recon", "types": ["recon"], "count": 1},
             {"box": "artillery", "types": ["art"], "count": 1}]
TANK_BDE_BOXES = [{"box": "tank", "types": ["tank"], "count": 4},
                  {"box": "inf bn.", "types": ["mot_inf", "arm_inf"], "count": 1},
                  {"box": "artillery", "types": ["art"], "count": 1}]


def allied_units() -> list[PieceType]:
    u = unit
    return [
        u("al-wdf", "Western Desert Force", "brit", "army_hq", "army", [[0, 0]], 12,
          label="WDF", transport=True, kind="army_hq"),
        u("al-7armd", "7th Armoured Division HQ", "brit", "div_hq", "div", [[1, 1]], 12,
          label="7 Armd", div="7 Armd", aer=1, transport=True, boxes=ARMD_BOXES),
        u("al-1rtr", "1st Royal Tank Regiment", "brit", "tank", "bn", [[6, 6], [4, 4]], 12,
          label="1 RTR", aer=2),
        u("al-2rtr", "2nd Royal Tank Regiment", "brit", "tank", "bn", [[6, 6], [4, 4]], 12,
          label="2 RTR", aer=2),
        u("al-6rtr", "6th Royal Tank Regiment", "brit", "tank", "bn", [[4, 4], [2, 2]], 12,
          label="6 RTR", aer=1),
        u("al-3hus", "3rd King's Own Hussars", "brit", "tank", "bn", [[5, 5], [3, 3]], 12,
          label="3 Hus", aer=1),
        u("al-7hus", "7th Queen's Own Hussars", "brit", "tank", "bn", [[4, 4], [2, 2]], 12,
          label="7 Hus", aer=1),
        u("al-8hus", "8th King's Royal Irish Hussars", "brit", "tank", "bn", [[5, 5], [3, 3]], 12,
          label="8 Hus", aer=1),
        u("al-7rtr", "7th Royal Tank Regiment (Matilda)", "brit", "tank", "bn",
          [[6, 6], [4, 4]], 9, label="7 RTR", aer=3),
        u("al-11hus", "11th Hussars (armoured cars)", "brit", "recon", "bn", [[2, 2], [1, 1]], 12,
          label="11 Hus"),
        u("al-1krrc", "1st King's Royal Rifle Corps", "brit", "mot_inf", "bn", [[3, 3], [2, 2]],
          12, label="1 KRRC", div="7 Armd", aer=1),
        u("al-2rb", "2nd Rifle Brigade", "brit", "mot_inf", "bn", [[3, 3], [2, 2]], 12,
          label="2 RB", div="7 Armd", aer=1),
        u("al-4rha", "4th Royal Horse Artillery", "brit", "art", "rgt", [[2, 2]], 12,
          label="4 RHA", div="7 Armd", deployed=[4, 4]),
        u("al-4ind", "4th Indian Division HQ", "ind", "div_hq", "div", [[1, 1]], 12,
          label="4 Ind", div="4 Ind", aer=1, transport=True, boxes=INF_BOXES),
        u("al-5ind", "5th Indian Infantry Brigade", "ind", "inf", "bde", _inf4(7, 8), 4,
          label="5 Ind", div="4 Ind"),
        u("al-11ind", "11th Indian Infantry Brigade", "ind", "inf", "bde", _inf4(7, 8), 4,
          label="11 Ind", div="4 Ind"),
        u("al-16bde", "16th Infantry Brigade", "brit", "inf", "bde", _inf4(6, 8), 4,
          label="16 Bde", div="4 Ind"),
        u("al-7med", "7th Medium Regiment RA", "brit", "art", "rgt", [[2, 2]], 8,
          label="7 Med", deployed=[5, 4]),
        u("al-selby", "Selby Force", "brit", "inf", "bde", [[4, 5], [3, 3], [1, 2]], 4,
          label="Selby"),
        u("al-alex", "Alexandria Garrison", "brit", "inf", "bde", _inf4(4, 6), 4,
          label="Alex Gar"),
        u("al-6aus", "6th Australian Division HQ", "aus", "div_hq", "div", [[1, 1]], 12,
          label="6 Aus", div="6 Aus", aer=1, transport=True, boxes=INF_BOXES),
        u("al-16aus", "16th Australian Infantry Brigade", "aus", "inf", "bde", _inf4(7, 8), 4,
          label="16 Aus", div="6 Aus"),
        u("al-17aus", "17th Australian Infantry Brigade", "aus", "inf", "bde", _inf4(7, 8), 4,
          label="17 Aus", div="6 Aus"),
        u("al-19aus", "19th Australian Infantry Brigade", "aus", "inf", "bde", _inf4(7, 8), 4,
          label="19 Aus", div="6 Aus"),
        u("al-6cav", "6th Australian Divisional Cavalry", "aus", "recon", "bn",
          [[2, 2], [1, 1]], 12, label="6 Cav"),
        u("al-hq4ab", "4th Armoured Brigade HQ marker", "brit", "hq_marker", "bde", [[0, 0]], 0,
          label="4 Armd Bde", boxes=TANK_BDE_BOXES, kind="hq_marker", zoc="none"),
        u("al-hq7ab", "7th Armoured Brigade HQ marker", "brit", "hq_marker", "bde", [[0, 0]], 0,
          label="7 Armd Bde", boxes=TANK_BDE_BOXES, kind="hq_marker", zoc="none"),
    ]


def axis_units() -> list[PieceType]:
    u = unit
    out = [
        u("ax-10army", "Italian 10th Army HQ", "ita", "army_hq", "army", [[0, 0]], 12,
          label="10 Army", transport=True, kind="army_hq"),
        u("ax-m11-1", "I Battaglione Carri M11/39", "ita", "tank", "bn", [[2, 2], [1, 1]], 10,
          label="I M11", aer=1),
        u("ax-m11-2", "II Battaglione Carri M11/39", "ita", "tank", "bn", [[2, 2], [1, 1]], 10,
          label="II M11", aer=1),
        u("ax-m13-3", "III Battaglione Carri M13/40", "ita", "tank", "bn", [[3, 3], [2, 2]], 10,
          label="III M13", aer=2),
        u("ax-m13-5", "V Battaglione Carri M13/40", "ita", "tank", "bn", [[3, 3], [2, 2]], 10,
          label="V M13", aer=2),
        u("ax-m13-6", "VI Battaglione Carri M13/40", "ita", "tank", "bn", [[3, 3], [2, 2]], 10,
          label="VI M13", aer=2),
        u("ax-l3-9", "IX Battaglione Carri L3", "ita", "tank", "bn", [[1, 1], [1, 1]], 10,
          label="IX L3", aer=0),
        u("ax-l3-61", "LXI Battaglione Carri L3", "ita", "tank", "bn", [[1, 1], [1, 1]], 10,
          label="LXI L3", aer=0),
        u("ax-l3-62", "LXII Battaglione Carri L3", "ita", "tank", "bn", [[1, 1], [1, 1]], 10,
          label="LXII L3", aer=0),
        u("ax-10bers", "10th Bersaglieri (motorized)", "ita", "mot_inf", "bn", [[2, 3], [1, 2]],
          10, label="10 Bers", aer=1),
        u("ax-art21", "XXI Corps Artillery", "ita", "art", "rgt", [[2, 2]], 6,
          label="XXI Art", deployed=[3, 4]),
        u("ax-art23", "XXIII Corps Artillery", "ita", "art", "rgt", [[2, 2]], 6,
          label="XXIII Art", deployed=[3, 4]),
        u("ax-arttob", "Tobruk Fortress Artillery", "ita", "art", "rgt", [[2, 2]], 6,
          label="Tob Art", deployed=[3, 4]),
        u("ax-hqbab", "Babini Armoured Brigade HQ marker", "ita", "hq_marker", "bde", [[0, 0]],
          0, label="Babini", boxes=TANK_BDE_BOXES, kind="hq_marker", zoc="none"),
    ]
    divisions = [   # (div I.D., name, kind) -- two regiments each (5.4)
        ("1 Lib", "1st Libyan Division", "lib"), ("2 Lib", "2nd Libyan Division", "lib"),
        ("4 CCNN", "4th Blackshirt Division '3 Gennaio'", "ccnn"),
        ("1 CCNN", "1st Blackshirt Division '23 Marzo'", "ccnn"),
        ("2 CCNN", "2nd Blackshirt Division '28 Ottobre'", "ccnn"),
        ("61 Sir", "61st Division 'Sirte'", "ita"), ("62 Mar", "62nd Division 'Marmarica'", "ita"),
        ("63 Cir", "63rd Division 'Cirene'", "ita"), ("64 Cat", "64th Division 'Catanzaro'", "ita"),
    ]
    for div, name, kind in divisions:
        for n in (1, 2):
            uid = f"ax-{div.lower().replace(' ', '')}-{n}"
            what = {"lib": "Libyan regiment", "ccnn": "Blackshirt legion",
                    "ita": "infantry regiment"}[kind]
            factors = {"lib": _rgt3(4, 4), "ccnn": _rgt3(3, 4), "ita": _rgt3(4, 5)}[kind]
            out.append(u(uid, f"{name}, {what} {n}", "ita", "inf", "rgt", factors, 4,
                         label=f"{div}/{n}", div=div, fragile=kind != "ita"))
    for n in (1, 2):
        out.append(u(f"ax-maletti-{n}", f"Raggruppamento Maletti, group {n}", "ita", "inf",
                     "rgt", _rgt3(4, 4), 8, label=f"Mal/{n}", div="Maletti", fragile=True))
    return out


def later_units() -> list[PieceType]:
    """Counters of 1941 (not in the 1940 scenario) that the book's examples use: the
    German panzer battalions (10.4; the Pz III battalion of the designer's notes keeps its
    4 rating for two steps), the 88mm Flak (10.4, 9.5), a German motorized rifle regiment
    (17.1) and two Italian 7-8-4 regiments (18.3)."""
    u = unit
    return [
        u("ger-pz5-1", "I./Panzer-Regiment 5", "ger", "tank", "bn", [[9, 9], [6, 6], [3, 3]],
          12, label="I/5 Pz", aer=3),
        u("ger-pz5-2", "II./Panzer-Regiment 5", "ger", "tank", "bn", [[9, 9], [6, 6], [3, 3]],
          12, label="II/5 Pz", aer=3),
        u("ger-pz8-1", "I./Panzer-Regiment 8 (Pz III)", "ger", "tank", "bn",
          [[9, 9], [9, 9], [3, 3]], 12, label="I/8 Pz", aer=[4, 4, 3]),
        u("ger-88", "I./Flak-Regiment 33 (88mm)", "ger", "flak88", "bn", [[2, 2]], 12,
          label="88 Flak", aer=4),
        u("ger-104", "Schützen-Regiment 104", "ger", "mot_inf", "rgt",
          [[7, 7], [5, 5], [4, 4], [2, 2]], 12, label="104 Sch", div="15 Pz"),
        u("ax-trento-1", "102nd Division 'Trento', 61st Infantry Regiment", "ita", "inf", "rgt",
          [[7, 8], [5, 6], [2, 4]], 4, label="Tre/61", div="Trento"),
        u("ax-trento-2", "102nd Division 'Trento', 62nd Infantry Regiment", "ita", "inf", "rgt",
          [[7, 8], [5, 6], [2, 4]], 4, label="Tre/62", div="Trento"),
    ]


def support_types() -> list[PieceType]:
    """Trucks, Supply Points and Replacement units of both sides (2.0 non-combat units)."""
    out = []
    for side in (AXIS, ALLIED):
        nat = "ita" if side == AXIS else "brit"
        out.append(PieceType(f"truck-{side}", "Truck", side, "truck", "",
                             {"label": "Truck", "nat": nat, "utype": "truck", "ma": 12,
                              "steps": 0, "transport": True, "zoc": "none"}))
        out.append(PieceType(f"sp-{side}", "Supply Point", side, "sp", "",
                             {"label": "SP", "nat": nat, "utype": "sp", "ma": 0, "steps": 0,
                              "zoc": "none"}))
    repl = {"brit-inf": ("brit", "British infantry"), "aus-inf": ("aus", "Australian infantry"),
            "ind-inf": ("ind", "Indian infantry"), "tank-allied": ("brit", "Allied tank"),
            "ita-inf": ("ita", "Italian infantry"), "tank-ita": ("ita", "Italian tank"),
            "ger-inf": ("ger", "German infantry"), "tank-ger": ("ger", "German tank")}
    for kind, (nat, name) in repl.items():
        out.append(PieceType(f"repl-{kind}", f"{name} replacement", side_of(nat), "repl", "",
                             {"label": "Repl", "nat": nat, "utype": "repl", "repl": kind,
                              "ma": 4, "steps": 0, "zoc": "none",
                              "infantry": not kind.startswith("tank")}))
    return out


def piece_types() -> dict[str, PieceType]:
    from .air_units import air_types
    from .oob_allied import allied_later
    from .oob_axis import axis_later

    types = (allied_units() + axis_units() + later_units() + support_types()
             + allied_later() + axis_later() + air_types())
    out = {}
    for t in types:
        if t.id in out:
            raise ValueError(f"two counters are called {t.id}")
        out[t.id] = t
    return out
