"""Axis counters of the 1940 invasion of Egypt (the Italian 5th Army of 44.0) and of
1941-42 (the Deutsches Afrikakorps, the Italian mobile divisions, the Littorio of 43.0,
Sonderverband 288 of 45.0, Kampfgruppe Hecker of 51.0, the Ramcke and Folgore
parachutists of 50.0), reconstructed at the game's scale in the book's notation
(sources: docs/games/legend_begins-reconstructions.md).

German motorized infantry regiments have four steps (the 7-7-12 of 17.1's example),
German tank battalions three (9³-12; the Pz III battalions keep their 4 for two steps,
designer's notes), Italian regiments three steps (the 1941 Trento 7-8-4 of 18.3's
example; the other infantry divisions 5-6-4, the 10th Army of 1940 weaker), Italian
M13/40 battalions 3²-10.  Sonderverband 288 is 8-9-12 at full strength and may only
be rebuilt to its third step, 6-7-12 (45.0: ``rebuild_cap``).
"""

from __future__ import annotations

from ffl.engine import PieceType

from .units import ARMD_BOXES, INF_BOXES, _rgt3, unit

GER_PZ_BOXES = [{"box": "tank", "types": ["tank"], "count": 4},
                {"box": "inf rgt. or bn.", "types": ["mot_inf", "arm_inf", "mg", "inf"],
                 "count": 3},
                {"box": "recon", "types": ["recon"], "count": 1},
                {"box": "anti-tank", "types": ["at", "flak88"], "count": 2},
                {"box": "artillery", "types": ["art"], "count": 1}]
GER_LIGHT_BOXES = [{"box": "inf rgt. or bn.", "types": ["mot_inf", "inf", "mg", "eng"],
                    "count": 4},
                   {"box": "tank", "types": ["tank"], "count": 1},
                   {"box": "recon", "types": ["recon"], "count": 1},
                   {"box": "anti-tank", "types": ["at", "flak88"], "count": 1},
                   {"box": "artillery", "types": ["art"], "count": 1}]
ITA_MOT_BOXES = [{"box": "inf rgt.", "types": ["mot_inf", "inf"], "count": 3},
                 {"box": "tank", "types": ["tank"], "count": 1},
                 {"box": "recon", "types": ["recon"], "count": 1},
                 {"box": "artillery", "types": ["art"], "count": 1}]


def _rgt(uid, name, div, label, a, d, ma=4, utype="inf", fragile=False, **extra):
    return unit(uid, name, "ita", utype, "rgt", _rgt3(a, d), ma, label=label, div=div,
                fragile=fragile, **extra)


def _ger4(uid, name, div, label, a, d, ma=12, utype="mot_inf", **extra):
    f = [[a, d], [a - 2, d - 2], [max(1, a - 3), max(1, d - 3)], [max(1, a // 3), max(1, d // 3)]]
    return unit(uid, name, "ger", utype, "rgt", f, ma, label=label, div=div,
                aer=1 if ma > 4 else None, **extra)


def _gtank(uid, name, label, f=9, aer=3):
    return unit(uid, name, "ger", "tank", "bn", [[f, f], [f - 3, f - 3], [f - 6, f - 6]], 12,
                label=label, aer=aer)


def _itank(uid, name, label, f=3, aer=2):
    return unit(uid, name, "ita", "tank", "bn", [[f, f], [f - 1, f - 1]], 10, label=label,
                aer=aer)


def axis_later() -> list[PieceType]:
    u = unit
    out = [
        # -- Army HQs ------------------------------------------------------------------------
        u("ger-pga", "Panzergruppe Afrika HQ", "ger", "army_hq", "army", [[0, 0]], 12,
          label="Pz Gr Afr", transport=True, kind="army_hq"),
        # -- 5th Light / 21st Panzer Division -----------------------------------------------------
        u("ger-21pz", "21st Panzer Division HQ (5th Light)", "ger", "div_hq", "div", [[1, 1]], 12,
          label="21 Pz", div="21 Pz", aer=[2], transport=True, boxes=GER_PZ_BOXES),
        u("ger-mg2", "Maschinengewehr-Bataillon 2", "ger", "mg", "bn", [[4, 4], [2, 2]], 12,
          label="MG 2", div="21 Pz"),
        u("ger-mg8", "Maschinengewehr-Bataillon 8", "ger", "mg", "bn", [[4, 4], [2, 2]], 12,
          label="MG 8", div="21 Pz"),
        u("ger-a3", "Aufklärungs-Abteilung 3", "ger", "recon", "bn", [[3, 3], [2, 2]], 12,
          label="AA 3"),
        u("ger-pj39", "Panzerjäger-Abteilung 39", "ger", "at", "bn", [[2, 2]], 12,
          label="PzJg 39", div="21 Pz", aer=3),
        u("ger-art155", "Artillerie-Regiment 155", "ger", "art", "rgt", [[2, 2]], 12,
          label="AR 155", div="21 Pz", deployed=[5, 4]),
        # -- 15th Panzer Division --------------------------------------------------------------
        u("ger-15pz", "15th Panzer Division HQ", "ger", "div_hq", "div", [[1, 1]], 12,
          label="15 Pz", div="15 Pz", aer=[2], transport=True, boxes=GER_PZ_BOXES),
        _gtank("ger-pz8-2", "II./Panzer-Regiment 8", "II/8 Pz"),
        _ger4("ger-115", "Schützen-Regiment 115", "15 Pz", "115 Sch", 7, 7),
        u("ger-a33", "Aufklärungs-Abteilung 33", "ger", "recon", "bn", [[3, 3], [2, 2]], 12,
          label="AA 33"),
        u("ger-pj33", "Panzerjäger-Abteilung 33", "ger", "at", "bn", [[2, 2]], 12,
          label="PzJg 33", div="15 Pz", aer=3),
        u("ger-art33", "Artillerie-Regiment 33", "ger", "art", "rgt", [[2, 2]], 12,
          label="AR 33", div="15 Pz", deployed=[5, 4]),
        u("ger-88b", "I./Flak-Regiment 18 (88mm)", "ger", "flak88", "bn", [[2, 2]], 12,
          label="88 Flak", aer=4),
        u("ger-88c", "I./Flak-Regiment 43 (88mm)", "ger", "flak88", "bn", [[2, 2]], 12,
          label="88 Flak", aer=4),
        u("ger-arko", "Artilleriekommandeur 104 (army artillery)", "ger", "art", "rgt",
          [[2, 2]], 8, label="Arko 104", deployed=[6, 5]),
        # -- 90th Light Division ---------------------------------------------------------------
        u("ger-90le", "90th Light Division HQ", "ger", "div_hq", "div", [[1, 1]], 12,
          label="90 Le", div="90 Le", aer=[1], transport=True, boxes=GER_LIGHT_BOXES),
        _ger4("ger-155", "Infanterie-Regiment 155 (motorized)", "90 Le", "155 IR", 6, 6),
        _ger4("ger-200", "Infanterie-Regiment 200", "90 Le", "200 IR", 6, 7, ma=4,
              utype="inf"),
        _ger4("ger-361", "Infanterie-Regiment 361", "90 Le", "361 IR", 6, 7, ma=4,
              utype="inf"),
        _ger4("ger-200m", "Panzergrenadier-Regiment 200 (motorized)", "90 Le", "200 PG", 6, 6),
        _ger4("ger-361m", "Panzergrenadier-Regiment 361 (motorized)", "90 Le", "361 PG", 6, 6),
        u("ger-288", "Sonderverband 288", "ger", "mot_inf", "rgt",
          [[8, 9], [7, 8], [6, 7], [4, 5]], 12, label="Son 288", div="90 Le", aer=1,
          rebuild_cap=3),
        u("ger-eng900", "Pionier-Bataillon 900", "ger", "eng", "bn", [[3, 3], [2, 2]], 12,
          label="Pi 900", engineer=True),
        # -- 164th Light Division, the Ramcke Brigade, Kampfgruppe Hecker ------------------------
        _ger4("ger-125", "Infanterie-Regiment 125", "164 Le", "125 IR", 6, 7, ma=4, utype="inf"),
        _ger4("ger-382", "Infanterie-Regiment 382", "164 Le", "382 IR", 6, 7, ma=4, utype="inf"),
        _ger4("ger-433", "Infanterie-Regiment 433", "164 Le", "433 IR", 6, 7, ma=4, utype="inf"),
        u("ger-ram-1", "Fallschirmjäger-Brigade Ramcke, I. Bataillon", "ger", "inf", "bn",
          [[3, 4], [2, 2]], 4, label="Ramcke I", malta_force=True),
        u("ger-ram-2", "Fallschirmjäger-Brigade Ramcke, II. Bataillon", "ger", "inf", "bn",
          [[3, 4], [2, 2]], 4, label="Ramcke II", malta_force=True),
        u("ger-ram-3", "Fallschirmjäger-Brigade Ramcke, III. Bataillon", "ger", "inf", "bn",
          [[3, 4], [2, 2]], 4, label="Ramcke III", malta_force=True),
        u("ger-hecker", "Kampfgruppe Hecker", "ger", "inf", "bn", [[3, 3], [2, 2]], 4,
          label="KG Hecker", amphibious=True),
        # -- Italian armoured and motorized divisions ------------------------------------------
        u("ax-ari", "132nd Armoured Division 'Ariete' HQ", "ita", "div_hq", "div", [[1, 1]], 10,
          label="Ariete", div="Ariete", aer=[1], transport=True, boxes=ARMD_BOXES),
        _itank("ax-ari-7", "VII Battaglione Carri M13/40 (Ariete)", "VII M13"),
        _itank("ax-ari-8", "VIII Battaglione Carri M13/40 (Ariete)", "VIII M13"),
        _itank("ax-ari-9", "IX Battaglione Carri M13/40 (Ariete)", "IX M13"),
        _rgt("ax-ari-bers", "8th Bersaglieri Regiment (Ariete)", "Ariete", "8 Bers", 4, 5,
             ma=10, utype="mot_inf", aer=1),
        u("ax-ari-art", "132nd Artillery Regiment (Ariete)", "ita", "art", "rgt", [[2, 2]], 10,
          label="132 Art", div="Ariete", deployed=[3, 4]),
        u("ax-tri", "101st Motorized Division 'Trieste' HQ", "ita", "div_hq", "div", [[1, 1]], 10,
          label="Trieste", div="Trieste", aer=[1], transport=True, boxes=ITA_MOT_BOXES),
        _rgt("ax-tri-1", "65th Infantry Regiment (Trieste)", "Trieste", "Tri/65", 5, 6, ma=10,
             utype="mot_inf", aer=1),
        _rgt("ax-tri-2", "66th Infantry Regiment (Trieste)", "Trieste", "Tri/66", 5, 6, ma=10,
             utype="mot_inf", aer=1),
        u("ax-lit", "133rd Armoured Division 'Littorio' HQ", "ita", "div_hq", "div", [[1, 1]], 10,
          label="Littorio", div="Littorio", aer=[1], transport=True, boxes=ARMD_BOXES,
          littorio=True),
        _itank("ax-lit-4", "IV Battaglione Carri M14/41 (Littorio)", "IV M14", 4),
        _itank("ax-lit-12", "XII Battaglione Carri M14/41 (Littorio)", "XII M14", 4),
        _rgt("ax-lit-bers", "12th Bersaglieri Regiment (Littorio)", "Littorio", "12 Bers", 4, 5,
             ma=10, utype="mot_inf", aer=1, littorio=True),
        u("ax-lit-lz", "Littorio reconnaissance group (LZ)", "ita", "recon", "bn",
          [[2, 2], [1, 1]], 10, label="LZ", littorio="lz"),
        # -- Italian infantry divisions of 1941-42 ---------------------------------------------
        _rgt("ax-fol-1", "186th Parachute Regiment (Folgore)", "Folgore", "Fol/186", 5, 7,
             malta_force=True),
        _rgt("ax-fol-2", "187th Parachute Regiment (Folgore)", "Folgore", "Fol/187", 5, 7,
             malta_force=True),
        u("ax-eng-guast", "XXXI Guastatori Engineer Battalion", "ita", "eng", "bn",
          [[2, 2], [1, 1]], 4, label="XXXI Gua", engineer=True),
        u("ax-dmi", "Italian Army HQ (Superlibia)", "ita", "army_hq", "army", [[0, 0]], 12,
          label="Superlibia", transport=True, kind="army_hq"),
    ]
    # the Italian 5th Army's infantry divisions (44.0) and the other line divisions: two
    # regiments each (no divisional HQ, 5.4)
    for div, name, a, d in (("Bologna", "25th Division 'Bologna'", 5, 6),
                            ("Brescia", "27th Division 'Brescia'", 5, 6),
                            ("Pavia", "17th Division 'Pavia'", 5, 6),
                            ("Sabratha", "60th Division 'Sabratha'", 4, 5),
                            ("Savona", "55th Division 'Savona'", 4, 5)):
        for n in (1, 2):
            out.append(_rgt(f"ax-{div[:3].lower()}-{n}", f"{name}, infantry regiment {n}", div,
                            f"{div[:3]}/{n}", a, d, fifth_army=True))
    for n in (1, 2):
        out.append(u(f"ax-cat-art{n}", f"Italian corps artillery {n} (XX/XXI Corps)", "ita", "art",
                     "rgt", [[2, 2]], 6, label=f"Corps Art {n}", deployed=[3, 4]))
    _ = INF_BOXES
    return out
