"""Allied counters of 1940 (the Italian invasion of Egypt) and of 1941-42 (Crusader,
Gazala, El Alamein and the Campaign Game), reconstructed at the game's scale in the
book's notation (see :mod:`.units` for the values' meaning and
docs/games/legend_begins-reconstructions.md for the sources).

Conventions (as for the 1940 counters): infantry brigades four steps (British 6-8-4,
Indian, Australian and New Zealand 7-8-4, South African 6-7-4, Polish 6-8-4, Free
French 5-7-4, Greek 4-6-4), tank regiments two steps (cruisers 6²-12, Stuarts 5²-12,
Grants 7³-12, Shermans 8⁴-12, infantry tanks 6³-9), armoured car regiments 2-12
(recon), anti-tank regiments 1¹-12 with a 6-pounder side 1²-12 (47.0), divisional HQs
1¹-12 (some with a 1²-12 side, 47.0).  The two Gurkha battalions carry ``gurkha``
(16.7), the Royal Navy Marine battalion ``amphibious`` (16.8, 51.0), the 7th Motor
Brigade is armored infantry (16.4: an inherent rating of 1; the 8-12 of 36.2's
example).
"""

from __future__ import annotations

from ffl.engine import PieceType

from .units import ARMD_BOXES, INF_BOXES, TANK_BDE_BOXES, _inf4, unit


def _bde(uid, name, nat, a, d, div, label):
    return unit(uid, name, nat, "inf", "bde", _inf4(a, d), 4, label=label, div=div)


def _tank(uid, name, f, aer, label, ma=12):
    return unit(uid, name, "brit", "tank", "bn", [[f, f], [f - 2, f - 2]], ma, label=label,
                aer=aer)


def _hq(uid, name, nat, label, div, boxes, aer6=None, ma=12):
    return unit(uid, name, nat, "div_hq", "div", [[1, 1]], ma, label=label, div=div, aer=1,
                transport=True, boxes=boxes, aer6=aer6)


def _marker(uid, name, label):
    return unit(uid, name, "brit", "hq_marker", "bde", [[0, 0]], 0, label=label,
                boxes=TANK_BDE_BOXES, kind="hq_marker", zoc="none")


def allied_later() -> list[PieceType]:
    b, t, h, m, u = _bde, _tank, _hq, _marker, unit
    return [
        # -- Army HQs ------------------------------------------------------------------------
        u("al-8army", "Eighth Army HQ", "brit", "army_hq", "army", [[0, 0]], 12, label="8 Army",
          transport=True, kind="army_hq"),
        # -- 1940: the Italian invasion of Egypt ---------------------------------------------------
        u("al-3cg", "3rd Coldstream Guards", "brit", "mot_inf", "bn", [[3, 3], [2, 2]], 12,
          label="3 CG", aer=1),
        u("al-1rnf", "1st Royal Northumberland Fusiliers (MG)", "brit", "mg", "bn",
          [[2, 3], [1, 2]], 12, label="1 RNF"),
        # -- armoured divisions and brigades -------------------------------------------------
        h("al-1armd", "1st Armoured Division HQ", "brit", "1 Armd", "1 Armd", ARMD_BOXES, aer6=2),
        h("al-2armd", "2nd Armoured Division HQ", "brit", "2 Armd", "2 Armd", ARMD_BOXES),
        h("al-10armd", "10th Armoured Division HQ", "brit", "10 Armd", "10 Armd", ARMD_BOXES,
          aer6=2),
        m("al-hq22ab", "22nd Armoured Brigade HQ marker", "22 Armd Bde"),
        m("al-hq2ab", "2nd Armoured Brigade HQ marker", "2 Armd Bde"),
        m("al-hq3ab", "3rd Armoured Brigade HQ marker", "3 Armd Bde"),
        m("al-hq1atb", "1st Army Tank Brigade HQ marker", "1 A Tk Bde"),
        m("al-hq32atb", "32nd Army Tank Brigade HQ marker", "32 A Tk Bde"),
        m("al-hq8ab", "8th Armoured Brigade HQ marker", "8 Armd Bde"),
        t("al-3rtr", "3rd Royal Tank Regiment", 5, 2, "3 RTR"),
        t("al-5rtr", "5th Royal Tank Regiment", 5, 2, "5 RTR"),
        t("al-4rtr", "4th Royal Tank Regiment (Matilda)", 6, 3, "4 RTR", ma=9),
        t("al-8rtr", "8th Royal Tank Regiment (Valentine)", 6, 3, "8 RTR", ma=9),
        t("al-42rtr", "42nd Royal Tank Regiment (Matilda)", 6, 3, "42 RTR", ma=9),
        t("al-44rtr", "44th Royal Tank Regiment (Matilda)", 6, 3, "44 RTR", ma=9),
        t("al-2rgh", "2nd Royal Gloucestershire Hussars", 6, 2, "2 RGH"),
        t("al-3cly", "3rd County of London Yeomanry", 6, 2, "3 CLY"),
        t("al-4cly", "4th County of London Yeomanry", 6, 2, "4 CLY"),
        t("al-bays", "The Queen's Bays", 6, 2, "Bays"),
        t("al-9l", "9th Queen's Royal Lancers", 6, 2, "9 L"),
        t("al-10h", "10th Royal Hussars", 6, 2, "10 H"),
        t("al-3rtr-g", "3rd Royal Tank Regiment (Grant)", 7, 3, "3 RTR"),
        t("al-5rtr-g", "5th Royal Tank Regiment (Grant)", 7, 3, "5 RTR"),
        t("al-bays-g", "The Queen's Bays (Grant)", 7, 3, "Bays"),
        t("al-sy", "Staffordshire Yeomanry (Sherman)", 8, 4, "Staffs Y"),
        t("al-srr", "Sherwood Rangers Yeomanry (Sherman)", 8, 4, "SR Yeo"),
        t("al-3rtr-s", "3rd Royal Tank Regiment (Sherman)", 8, 4, "3 RTR"),
        t("al-9l-s", "9th Queen's Royal Lancers (Sherman)", 8, 4, "9 L"),
        t("al-40rtr", "40th Royal Tank Regiment (Valentine)", 6, 3, "40 RTR", ma=9),
        t("al-46rtr", "46th Royal Tank Regiment (Valentine)", 6, 3, "46 RTR", ma=9),
        u("al-kdg", "King's Dragoon Guards (armoured cars)", "brit", "recon", "bn",
          [[2, 2], [1, 1]], 12, label="KDG"),
        u("al-4saac", "4th South African Armoured Car Regiment", "sa", "recon", "bn",
          [[2, 2], [1, 1]], 12, label="4 SAAC"),
        u("al-12l", "12th Royal Lancers (armoured cars)", "brit", "recon", "bn",
          [[2, 2], [1, 1]], 12, label="12 L"),
        u("al-7mot", "7th Motor Brigade", "brit", "arm_inf", "bde",
          [[8, 8], [6, 6], [4, 4], [2, 2]], 12, label="7 Mot", div="7 Armd"),
        u("al-22gds", "22nd Guards Brigade (motorized)", "brit", "mot_inf", "bde",
          [[5, 6], [4, 5], [3, 3], [1, 2]], 12, label="22 Gds", aer=1),
        u("al-65at", "65th Anti-Tank Regiment", "brit", "at", "rgt", [[1, 1]], 12,
          label="65 A/T", aer=1, aer6=2),
        u("al-95at", "95th Anti-Tank Regiment", "brit", "at", "rgt", [[1, 1]], 12,
          label="95 A/T", aer=1, aer6=2),
        u("al-2rha", "2nd Royal Horse Artillery", "brit", "art", "rgt", [[2, 2]], 12,
          label="2 RHA", deployed=[4, 4]),
        u("al-64med", "64th Medium Regiment RA", "brit", "art", "rgt", [[2, 2]], 8,
          label="64 Med", deployed=[5, 4]),
        # -- infantry divisions --------------------------------------------------------------
        b("al-7ind", "7th Indian Infantry Brigade", "ind", 7, 8, "4 Ind", "7 Ind"),
        u("al-1-2gr", "1st Battalion, 2nd Gurkha Rifles", "ind", "inf", "bn", [[3, 3], [2, 2]], 4,
          label="1/2 GR", div="4 Ind", gurkha=True),
        u("al-2-7gr", "2nd Battalion, 7th Gurkha Rifles", "ind", "inf", "bn", [[3, 3], [2, 2]], 4,
          label="2/7 GR", div="4 Ind", gurkha=True),
        h("al-5indd", "5th Indian Division HQ", "ind", "5 Ind", "5 Ind", INF_BOXES),
        b("al-9ind", "9th Indian Infantry Brigade", "ind", 7, 8, "5 Ind", "9 Ind"),
        b("al-10ind", "10th Indian Infantry Brigade", "ind", 7, 8, "5 Ind", "10 Ind"),
        b("al-29ind", "29th Indian Infantry Brigade", "ind", 7, 8, "5 Ind", "29 Ind"),
        u("al-3imb", "3rd Indian Motor Brigade", "ind", "mot_inf", "bde",
          [[4, 5], [3, 4], [2, 2], [1, 1]], 12, label="3 Ind Mot", aer=1),
        h("al-2nz", "2nd New Zealand Division HQ", "nz", "2 NZ", "2 NZ", INF_BOXES, aer6=2),
        b("al-4nz", "4th New Zealand Infantry Brigade", "nz", 7, 8, "2 NZ", "4 NZ"),
        b("al-5nz", "5th New Zealand Infantry Brigade", "nz", 7, 8, "2 NZ", "5 NZ"),
        b("al-6nz", "6th New Zealand Infantry Brigade", "nz", 7, 8, "2 NZ", "6 NZ"),
        h("al-1sa", "1st South African Division HQ", "sa", "1 SA", "1 SA", INF_BOXES),
        b("al-1sab", "1st South African Infantry Brigade", "sa", 6, 7, "1 SA", "1 SA"),
        b("al-2sab", "2nd South African Infantry Brigade", "sa", 6, 7, "1 SA", "2 SA"),
        b("al-5sab", "5th South African Infantry Brigade", "sa", 6, 7, "1 SA", "5 SA"),
        h("al-2sa", "2nd South African Division HQ", "sa", "2 SA", "2 SA", INF_BOXES),
        b("al-4sab", "4th South African Infantry Brigade", "sa", 6, 7, "2 SA", "4 SA"),
        b("al-6sab", "6th South African Infantry Brigade", "sa", 6, 7, "2 SA", "6 SA"),
        h("al-9aus", "9th Australian Division HQ", "aus", "9 Aus", "9 Aus", INF_BOXES, aer6=2),
        b("al-20aus", "20th Australian Infantry Brigade", "aus", 7, 8, "9 Aus", "20 Aus"),
        b("al-24aus", "24th Australian Infantry Brigade", "aus", 7, 8, "9 Aus", "24 Aus"),
        b("al-26aus", "26th Australian Infantry Brigade", "aus", 7, 8, "9 Aus", "26 Aus"),
        b("al-18aus", "18th Australian Infantry Brigade", "aus", 7, 8, "7 Aus", "18 Aus"),
        h("al-70", "70th Infantry Division HQ", "brit", "70 Div", "70", INF_BOXES),
        b("al-14bde", "14th Infantry Brigade", "brit", 6, 8, "70", "14 Bde"),
        b("al-23bde", "23rd Infantry Brigade", "brit", 6, 8, "70", "23 Bde"),
        h("al-50", "50th (Northumbrian) Division HQ", "brit", "50 Div", "50", INF_BOXES, aer6=2),
        b("al-69bde", "69th Infantry Brigade", "brit", 6, 8, "50", "69 Bde"),
        b("al-150bde", "150th Infantry Brigade", "brit", 6, 8, "50", "150 Bde"),
        b("al-151bde", "151st Infantry Brigade", "brit", 6, 8, "50", "151 Bde"),
        h("al-44", "44th (Home Counties) Division HQ", "brit", "44 Div", "44", INF_BOXES, aer6=2),
        b("al-131bde", "131st Infantry Brigade", "brit", 6, 8, "44", "131 Bde"),
        b("al-132bde", "132nd Infantry Brigade", "brit", 6, 8, "44", "132 Bde"),
        b("al-133bde", "133rd Infantry Brigade", "brit", 6, 8, "44", "133 Bde"),
        h("al-51", "51st (Highland) Division HQ", "brit", "51 HD", "51", INF_BOXES, aer6=2),
        b("al-152bde", "152nd Infantry Brigade", "brit", 6, 8, "51", "152 Bde"),
        b("al-153bde", "153rd Infantry Brigade", "brit", 6, 8, "51", "153 Bde"),
        b("al-154bde", "154th Infantry Brigade", "brit", 6, 8, "51", "154 Bde"),
        b("al-pol", "Polish Independent Carpathian Brigade", "pol", 6, 8, "", "Pol Carp"),
        b("al-1ff", "1st Free French Brigade", "ff", 5, 7, "", "1 FF"),
        b("al-2ff", "2nd Free French Brigade", "ff", 5, 7, "", "2 FF"),
        b("al-gre", "1st Greek Brigade", "gre", 4, 6, "", "1 Gre"),
        u("al-tobgar", "Tobruk Garrison (fortress troops)", "brit", "inf", "bde", _inf4(4, 6), 4,
          label="Tob Gar"),
        u("al-rnm", "Royal Navy Marine Battalion", "brit", "inf", "bn", [[2, 3], [1, 2]], 4,
          label="RN Mar", amphibious=True),
    ]
