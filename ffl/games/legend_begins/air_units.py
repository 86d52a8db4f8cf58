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


# -- 40.5 the Air-to-Air Combat Table (not printed in the rulebook: reconstructed) --------
#: result codes: NC no contact (no effect), AA / AE the attacking air unit aborts / is
#: eliminated, DA / DE the target aborts / is eliminated, DX the target is eliminated and
#: the attacker aborts (40.12's example), BA both abort
AIR_DIFFERENTIALS = [-3, -2, -1, 0, 1, 2, 3, 4, 5]
#: two-dice total (2..12) -> one result per differential column (-3 or less ... +5 or more)
AIR_TO_AIR = {
    "2": ["AE", "AE", "AE", "AE", "AA", "AA", "AA", "BA", "BA"],
    "3": ["AE", "AE", "AA", "AA", "AA", "AA", "BA", "NC", "NC"],
    "4": ["AE", "AA", "AA", "AA", "NC", "NC", "NC", "NC", "DA"],
    "5": ["AA", "AA", "AA", "NC", "NC", "NC", "NC", "DA", "DA"],
    "6": ["AA", "AA", "NC", "NC", "NC", "NC", "DA", "DA", "DX"],
    "7": ["AA", "NC", "NC", "NC", "NC", "NC", "DA", "DX", "DE"],
    "8": ["NC", "NC", "NC", "NC", "DA", "DA", "DX", "DE", "DE"],
    "9": ["NC", "NC", "NC", "DA", "DA", "DX", "DE", "DE", "DE"],
    "10": ["NC", "NC", "DA", "DA", "DX", "DE", "DE", "DE", "DE"],
    "11": ["NC", "DA", "DA", "DX", "DE", "DE", "DE", "DE", "DE"],
    "12": ["DA", "DA", "DX", "DE", "DE", "DE", "DE", "DE", "DE"],
}


def air_tables() -> dict:
    """The air game's numbers as one table of the module (``tables["air"]``)."""
    return {
        "differentials": AIR_DIFFERENTIALS, "table": AIR_TO_AIR,
        "airfield_support": 2,         # 40.12
        "intercept_reach": 3,          # 40.3 hexes from the Interceptor's hex
        "interdicted_route": 6,        # 40.7 road and track: 1 MP a hex (sixths)
        "interdicted_escarpment": 6,   # 40.7 +1 MP across an escarpment on a road
        "gsf_primary": 2,              # 40.6 the attacker's GSFs in a Primary Segment
        "hq_cost": 1,                  # 40.11 Resource Points to replace an Air HQ
    }


# -- the air units of each scenario (the booklet is not in the rulebook: reconstructed) ----
#: scenario -> side -> ``hq`` (hex -> Air HQ on the map at the start, supporting at
#: once), ``ready`` (air units and Air HQs at their bases, off the map) and ``arrive``
#: (turn name -> air units and Air HQs ready from that turn's Reinforcement Segment)
_1940_AXIS = ["ax-air-cr42a", "ax-air-cr42b", "ax-air-sm79a", "ax-air-sm79b", "ax-air-ba65"]
_1940_ALLIED = ["al-air-glad", "al-air-hur1", "al-air-blen1", "al-air-blen2", "al-air-well"]
AIR_ORDER: dict[str, dict[str, dict]] = {
    "legend_begins/invasion": {
        "axis": {"hq": {"2937": "ax-ahq"}, "ready": list(_1940_AXIS)},
        "allied": {"hq": {"2264": "al-ahq"}, "ready": list(_1940_ALLIED)},
    },
    "legend_begins/compass": {
        "axis": {"hq": {"2937": "ax-ahq"}, "ready": _1940_AXIS + ["ax-air-g50"]},
        "allied": {"hq": {"2264": "al-ahq"}, "ready": _1940_ALLIED + ["al-air-hur2"]},
    },
    "legend_begins/crusader": {
        "axis": {"hq": {"2937": "ger-ahq", "3429": "ax-ahq"},
                 "ready": ["ger-air-109a", "ger-air-110", "ger-air-stuka1", "ger-air-stuka2",
                           "ger-air-ju88", "ax-air-mc200", "ax-air-g50", "ax-air-cr42a",
                           "ax-air-sm79a"],
                 "arrive": {"Dec II 1941": ["ger-air-109b"]}},
        "allied": {"hq": {"2651": "al-ahq"},
                   "ready": ["al-air-hur2", "al-air-tom1", "al-air-tom2", "al-air-mary",
                             "al-air-blen1", "al-air-well", "al-air-beau", "al-air-hur1"],
                   "arrive": {"Dec II 1941": ["al-air-kitty1"]}},
    },
    "legend_begins/gazala": {
        "axis": {"hq": {"3429": "ger-ahq", "3011": "ax-ahq"},
                 "ready": ["ger-air-109a", "ger-air-109b", "ger-air-110", "ger-air-stuka1",
                           "ger-air-stuka2", "ger-air-ju88", "ax-air-mc202", "ax-air-mc200",
                           "ax-air-cr42a"]},
        "allied": {"hq": {"2937": "al-ahq"},
                   "ready": ["al-air-kitty1", "al-air-kitty2", "al-air-hur2", "al-air-tom1",
                             "al-air-tom2", "al-air-bost", "al-air-balt", "al-air-well",
                             "al-air-beau", "al-air-hurd"]},
    },
    "legend_begins/alamein": {
        "axis": {"hq": {"2264": "ger-ahq", "2266": "ax-ahq"},
                 "ready": ["ger-air-109b", "ger-air-110", "ger-air-stuka1", "ger-air-stuka2",
                           "ger-air-ju88", "ax-air-mc202", "ax-air-mc200", "ax-air-cr42a"]},
        "allied": {"hq": {"2175": "al-ahq"},
                   "ready": ["al-air-spit", "al-air-kitty1", "al-air-kitty2", "al-air-hur2",
                             "al-air-hurd", "al-air-tom2", "al-air-bost", "al-air-balt",
                             "al-air-well", "al-air-beau"]},
    },
    "legend_begins/campaign": {
        "axis": {"hq": {"2937": "ax-ahq"}, "ready": list(_1940_AXIS),
                 "arrive": {"Jan I 1941": ["ax-air-g50"],
                            "Feb II 1941": ["ger-ahq", "ger-air-stuka1", "ger-air-110"],
                            "Apr II 1941": ["ger-air-109a", "ger-air-stuka2"],
                            "Sep I 1941": ["ger-air-ju88", "ax-air-mc200"],
                            "Dec I 1941": ["ger-air-109b"],
                            "May I 1942": ["ax-air-mc202"]}},
        "allied": {"hq": {"2264": "al-ahq"}, "ready": list(_1940_ALLIED),
                   "arrive": {"Dec I 1940": ["al-air-hur2"],
                              "Jun I 1941": ["al-air-tom1", "al-air-mary", "al-air-beau"],
                              "Sep I 1941": ["al-air-tom2"],
                              "Dec I 1941": ["al-air-kitty1"],
                              "Feb I 1942": ["al-air-bost", "al-air-kitty2"],
                              "May I 1942": ["al-air-balt", "al-air-hurd"],
                              "Aug I 1942": ["al-air-spit"]}},
    },
}


def air_order(scenario_id: str) -> dict:
    """A scenario's air units as its ``setup["air"]`` (empty when it has none)."""
    import copy

    return copy.deepcopy(AIR_ORDER.get(scenario_id, {}))
