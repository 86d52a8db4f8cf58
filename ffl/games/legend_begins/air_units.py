"""The air units and Air HQs of the air game (40.0), reconstructed (the counter sheets
are not in the rulebook; sources in docs/games/legend_begins-reconstructions.md).

An air unit (kind ``air``) carries its Air-to-Air Factors ``a2a`` ([attack, defence];
one number printed when both are equal, 40.1), its ``air_type`` (``B`` bomber, ``GS``
ground support, ``F`` fighter, ``FB`` fighter-bomber), its ``range`` in hexes and its
Ground Support Factor ``gsf``.  An Air HQ is a combat unit of one step with a defence
of one and no ZOC (40.11) whose ``support`` is the number of air units that may trace
their range to it.
"""

from __future__ import annotations

from ffl.engine import PieceType

from .units import side_of


def air(uid: str, name: str, nat: str, kind: str, a: int, d: int, rng: int, gsf: int,
        label: str) -> PieceType:
    return PieceType(uid, name, side_of(nat), "air", "",
                     {"label": label, "nat": nat, "utype": "air", "air_type": kind,
                      "a2a": [a, d], "range": rng, "gsf": gsf, "steps": 0, "ma": 0,
                      "zoc": "none"})


def air_hq(uid: str, name: str, nat: str, support: int, label: str) -> PieceType:
    return PieceType(uid, name, side_of(nat), "combat", "",
                     {"label": label, "nat": nat, "utype": "air_hq", "size": "bn",
                      "steps": 1, "factors": [[0, 1]], "ma": 0, "zoc": "none",
                      "support": support, "repl": "none", "recover": "none"})


def air_types() -> list[PieceType]:
    a = air
    return [
        air_hq("al-ahq", "Air HQ Western Desert (RAF)", "brit", 6, "AHQ WD"),
        air_hq("ax-ahq", "5a Squadra Aerea HQ", "ita", 4, "5a Sq"),
        air_hq("ger-ahq", "Fliegerführer Afrika HQ", "ger", 4, "Fl Afr"),
        # -- Royal Air Force (and the SAAF, RAAF) -----------------------------------------
        a("al-air-glad", "Gladiator squadrons", "brit", "F", 2, 2, 4, 0, "Gladiator"),
        a("al-air-hur1", "Hurricane I squadrons", "brit", "F", 3, 3, 5, 1, "Hurricane"),
        a("al-air-blen1", "Blenheim squadrons (No. 202 Group)", "brit", "B", 0, 1, 8, 2,
          "Blenheim"),
        a("al-air-blen2", "Blenheim squadrons (No. 55 and 113)", "brit", "B", 0, 1, 8, 2,
          "Blenheim"),
        a("al-air-well", "Wellington squadrons", "brit", "B", 0, 1, 12, 3, "Wellington"),
        a("al-air-hur2", "Hurricane squadrons (1941)", "brit", "F", 3, 3, 5, 1, "Hurricane"),
        a("al-air-tom1", "Tomahawk squadrons (RAF)", "brit", "F", 3, 3, 5, 1, "Tomahawk"),
        a("al-air-tom2", "Tomahawk squadrons (SAAF, RAAF)", "sa", "F", 3, 3, 5, 1, "Tomahawk"),
        a("al-air-mary", "Maryland squadrons (SAAF)", "sa", "B", 0, 1, 8, 2, "Maryland"),
        a("al-air-beau", "Beaufighter squadrons", "brit", "FB", 3, 3, 7, 2, "Beaufighter"),
        a("al-air-kitty1", "Kittyhawk squadrons (RAF)", "brit", "FB", 3, 3, 5, 2, "Kittyhawk"),
        a("al-air-kitty2", "Kittyhawk squadrons (RAAF, SAAF)", "aus", "FB", 3, 3, 5, 2,
          "Kittyhawk"),
        a("al-air-spit", "Spitfire squadrons", "brit", "F", 5, 4, 5, 0, "Spitfire"),
        a("al-air-bost", "Boston squadrons", "brit", "B", 0, 1, 8, 3, "Boston"),
        a("al-air-balt", "Baltimore squadrons", "brit", "B", 0, 1, 8, 3, "Baltimore"),
        a("al-air-hurd", "Hurricane IID tank-busters", "brit", "GS", 1, 2, 4, 3, "Hurri IID"),
        # -- Regia Aeronautica --------------------------------------------------------------
        a("ax-air-cr42a", "Fiat CR.42 stormi", "ita", "F", 2, 2, 4, 1, "CR.42"),
        a("ax-air-cr42b", "Fiat CR.42 stormi (2nd)", "ita", "F", 2, 2, 4, 1, "CR.42"),
        a("ax-air-g50", "Fiat G.50 gruppi", "ita", "F", 2, 3, 4, 0, "G.50"),
        a("ax-air-sm79a", "SM.79 bomber stormi", "ita", "B", 0, 1, 10, 2, "SM.79"),
        a("ax-air-sm79b", "SM.79 bomber stormi (2nd)", "ita", "B", 0, 1, 10, 2, "SM.79"),
        a("ax-air-ba65", "Breda Ba.65 assault gruppo", "ita", "GS", 1, 1, 4, 2, "Ba.65"),
        a("ax-air-mc200", "Macchi MC.200 gruppi", "ita", "F", 3, 3, 4, 0, "MC.200"),
        a("ax-air-mc202", "Macchi MC.202 gruppi", "ita", "F", 4, 4, 4, 0, "MC.202"),
        # -- Luftwaffe ---------------------------------------------------------------------
        a("ger-air-stuka1", "Ju 87 Stuka (I./StG 1)", "ger", "GS", 0, 1, 4, 3, "Ju 87"),
        a("ger-air-stuka2", "Ju 87 Stuka (II./StG 2)", "ger", "GS", 0, 1, 4, 3, "Ju 87"),
        a("ger-air-109a", "Bf 109 (I./JG 27)", "ger", "F", 4, 4, 4, 0, "Bf 109"),
        a("ger-air-109b", "Bf 109F (II. and III./JG 27)", "ger", "F", 5, 5, 4, 0, "Bf 109F"),
        a("ger-air-110", "Bf 110 (III./ZG 26)", "ger", "FB", 3, 2, 6, 2, "Bf 110"),
        a("ger-air-ju88", "Ju 88 (LG 1)", "ger", "B", 1, 1, 10, 3, "Ju 88"),
    ]
