"""The scenarios after Compass, reconstructed from the historical orders of battle at the
game's scale (the Scenario Booklet is not in the rulebook we have; every choice is
listed in docs/games/legend_begins-reconstructions.md):

* the Italian Invasion of Egypt (Sep I - Nov II 1940; 44.0 the 5th Army, 46.0 French
  coastal waters),
* Crusader (Nov II 1941 - Jan II 1942; 49.0 air transport),
* Gazala (May II - Jul I 1942; 43.0 the Littorio, 45.0 Sonderverband 288, 47.0 6
  pounders, 51.0 amphibious raids),
* El Alamein (Oct II - Nov II 1942; 45.0, 47.0, 49.0).

Victory is counted in Allied victory points at the scenario's end (31.0): places the
Allies control, less places the Axis holds; Automatic Victory (33.0) ends any of them.
"""

from __future__ import annotations

from .scenario_kit import Spec, build
from .tables import ALLIED, AXIS

TOBRUK_FORTS = {"3136": ALLIED, "3037": ALLIED, "3138": ALLIED}


def invasion() -> Spec:
    """September 1940: Graziani's 10th Army crosses into Egypt and digs in at Sidi
    Barrani; the Western Desert Force's covering troops fall back on Mersa Matruh."""
    return Spec(
        id="legend_begins/invasion", title="The Italian Invasion of Egypt (1940)",
        description=("September 1940: the Italian 10th Army crosses the Egyptian frontier at "
                     "Sollum and pushes along the coast towards Mersa Matruh; the 5th Army "
                     "waits in Tripolitania. Six turns, Sep I to Nov II 1940."),
        turns=["Sep I 1940", "Sep II 1940", "Oct I 1940", "Oct II 1940", "Nov I 1940",
               "Nov II 1940"],
        axis={
            "2845": ["ax-1ccnn-1", "ax-1ccnn-2", "ax-art23", "ax-10army"],   # Bardia
            "2745": ["ax-1lib-1", "ax-1lib-2"],                            # Fort Capuzzo
            "2544": ["ax-2lib-1", "ax-2lib-2"],                            # Sidi Omar
            "2644": ["ax-maletti-1", "ax-maletti-2", "ax-m11-2"],
            "2744": ["ax-62mar-1", "ax-62mar-2"],
            "2843": ["ax-63cir-1", "ax-63cir-2", "ax-m11-1"],
            "2942": ["ax-64cat-1", "ax-64cat-2", "ax-l3-62"],              # Gambut
            "2842": ["ax-2ccnn-1", "ax-2ccnn-2"],
            "3039": ["ax-4ccnn-1", "ax-4ccnn-2", "ax-art21"],
            "3137": ["ax-61sir-1", "ax-61sir-2", "ax-arttob"],             # Tobruk
            "3125": ["ax-m13-3", "ax-l3-61"],                              # Mechili
            "2643": ["ax-l3-9"],
            "Tripoli": ["ax-bol-1", "ax-bol-2", "ax-bre-1", "ax-bre-2", "ax-pav-1",
                        "ax-pav-2", "ax-sab-1", "ax-sab-2", "ax-sav-1", "ax-sav-2"],
        },
        allied={
            "2746": ["al-3cg"],                                            # Sollum
            "2648": ["al-11hus"],                                          # Buq Buq
            "2651": ["al-2rb"],                                            # Sidi Barrani
            "2456": ["al-7armd"], "2455": ["al-7hus", "al-6rtr"],
            "2560": ["al-selby", "al-wdf", "al-7med"],                     # Mersa Matruh
            "2459": ["al-4ind"],
            "2378": ["al-alex"],                                           # Alexandria
            "Nile Delta": ["al-16bde"],
        },
        displays={"al-7armd": ["al-1rtr", "al-2rtr", "al-3hus", "al-8hus", "al-1krrc",
                               "al-4rha"],
                  "al-4ind": ["al-5ind", "al-11ind"]},
        reserve={p: "5army" for p in ("ax-bol-1", "ax-bol-2", "ax-bre-1", "ax-bre-2",
                                      "ax-pav-1", "ax-pav-2", "ax-sab-1", "ax-sab-2",
                                      "ax-sav-1", "ax-sav-2")},
        supply={AXIS: {"2845": 2, "3137": 2, "2745": 1, "Tripoli": 2, "Italy": 1},
                ALLIED: {"2560": 3, "2456": 1, "Nile Delta": 2}},
        trucks={AXIS: ["2845", "2845", "3137", "3110"],
                ALLIED: ["2560", "2560", "Nile Delta", "Nile Delta"]},
        pool={"brit-inf": 6, "ind-inf": 3, "tank-allied": 5, "ita-inf": 10, "tank-ita": 4},
        schedule={2: {ALLIED: {"arrive": ["al-7rtr"]}},
                  3: {AXIS: {"arrive": ["ax-m13-5"]}},
                  5: {AXIS: {"arrive": ["ax-10bers"]}}},
        special=["44", "46"],
        malta=0, luftwaffe=False, crete=ALLIED, rp={AXIS: 1, ALLIED: 1},
        control={"column": 46, "west": AXIS, "east": ALLIED},
        permanent_forts={"2845": AXIS, "3136": AXIS, "3037": AXIS, "3138": AXIS,
                         "2560": ALLIED},
        victory={"rule": "scenario",
                 "hexes": {"2746": 1, "2648": 1, "2651": 2, "2560": 3},
                 "axis_hexes": {},
                 "steps_per_vp": 8, "allied_win": 6, "axis_win": 3,
                 "text": ("At the end of Nov II 1940 the Allied player scores the places he "
                          "controls (Sollum 1, Buq Buq 1, Sidi Barrani 2, Mersa Matruh 3) and "
                          "one point for every 8 Italian steps lost. 6 or more: Allied "
                          "victory; 3 or less: Axis victory; otherwise a draw.")},
        markers=["al-hq4ab", "al-hq7ab", "ax-hqbab"],
    )


def crusader() -> Spec:
    """November 1941: the Eighth Army's offensive to relieve Tobruk."""
    return Spec(
        id="legend_begins/crusader", title="Operation Crusader (1941)",
        description=("November 1941: the new Eighth Army crosses the frontier wire to relieve "
                     "besieged Tobruk; Rommel's Panzergruppe stands between them. Five turns, "
                     "Nov II 1941 to Jan II 1942."),
        turns=["Nov II 1941", "Dec I 1941", "Dec II 1941", "Jan I 1942", "Jan II 1942"],
        axis={
            "2942": ["ger-pga", "ger-arko"],                               # Gambut
            "2843": ["ger-15pz"], "2744": ["ger-a33"],
            "2841": ["ger-21pz"], "2643": ["ger-a3"],
            "3039": ["ger-90le"],
            "2845": ["ax-sav-1", "ax-cat-art1"],                           # Bardia
            "2647": ["ax-sav-2", "ger-88b"],                               # Halfaya
            "2544": ["ger-104"],                                           # Sidi Omar
            "3035": ["ax-bol-1", "ax-bol-2"],                              # Acroma
            "2936": ["ax-bre-1", "ax-bre-2"],
            "2938": ["ax-pav-1", "ax-pav-2", "ax-cat-art2"],
            "3135": ["ax-trento-1", "ax-trento-2"],
            "2736": ["ax-ari"],                                            # Bir el Gubi
            "2734": ["ax-tri"],                                            # Bir Hakeim
            "3110": ["ax-sab-1"], "3628": ["ax-sab-2"],
        },
        allied={
            "3137": ["al-70"],                                             # Tobruk
            "3136": ["al-pol"], "3138": ["al-1rtr", "al-4rtr", "al-tobgar"],
            "2145": ["al-8army"],                                          # Fort Maddalena
            "2442": ["al-7armd"], "2440": ["al-2rgh", "al-3cly", "al-4cly"],
            "2443": ["al-8hus", "al-3rtr", "al-5rtr"],
            "2340": ["al-1sa"], "2444": ["al-22gds"],
            "2441": ["al-kdg"], "2439": ["al-4saac"],
            "2546": ["al-2nz"], "2547": ["al-4ind"],
            "2545": ["al-8rtr", "al-42rtr", "al-44rtr"],
            "2549": ["al-2sa"],
            "2560": ["al-1rnf"], "2378": ["al-alex"],
        },
        displays={"ger-15pz": ["ger-pz8-1", "ger-pz8-2", "ger-115", "ger-pj33", "ger-art33"],
                  "ger-21pz": ["ger-pz5-1", "ger-pz5-2", "ger-mg8", "ger-pj39", "ger-art155"],
                  "ger-90le": ["ger-155", "ger-200", "ger-361"],
                  "ax-ari": ["ax-ari-7", "ax-ari-8", "ax-ari-9", "ax-ari-bers", "ax-ari-art"],
                  "ax-tri": ["ax-tri-1", "ax-tri-2"],
                  "al-70": ["al-14bde", "al-16bde", "al-23bde"],
                  "al-7armd": ["al-7hus", "al-2rtr", "al-6rtr", "al-1krrc", "al-4rha"],
                  "al-1sa": ["al-1sab", "al-5sab"],
                  "al-2nz": ["al-4nz", "al-5nz", "al-6nz"],
                  "al-4ind": ["al-5ind", "al-7ind", "al-11ind"],
                  "al-2sa": ["al-4sab", "al-6sab"]},
        supply={AXIS: {"2942": 2, "2845": 2, "3039": 1, "3110": 2, "Italy": 2},
                ALLIED: {"2145": 2, "2442": 1, "2547": 1, "3137": 2, "2560": 2,
                         "Nile Delta": 2}},
        trucks={AXIS: ["2942", "2942", "3039", "3110"],
                ALLIED: ["2145", "2145", "2442", "2560", "Nile Delta"]},
        pool={"brit-inf": 6, "aus-inf": 0, "ind-inf": 3, "tank-allied": 8, "ita-inf": 6,
              "tank-ita": 3, "ger-inf": 3, "tank-ger": 4},
        schedule={1: {AXIS: {"arrive": ["ger-88c"]}, "events": {"luftwaffe": True}},
                  2: {ALLIED: {"arrive": ["al-1armd", "al-bays", "al-9l", "al-10h"]}},
                  3: {AXIS: {"arrive": ["ger-eng900"]},
                      ALLIED: {"withdraw": ["al-14bde", "al-23bde"]}}},
        special=["49"],
        malta=2, luftwaffe=False, crete=AXIS, rp={AXIS: 2, ALLIED: 2},
        control={"column": 47, "west": AXIS, "east": ALLIED},
        permanent_forts={"2845": AXIS, **TOBRUK_FORTS, "2560": ALLIED},
        field_works={k: {"type": "ip", "side": AXIS} for k in ("2647", "2544", "3035",
                                                                "2938")},
        victory={"rule": "scenario",
                 "hexes": {"3137": 3, "2845": 2, "2746": 1, "3233": 1, "3628": 1, "3110": 2,
                           "1911": 1},
                 "axis_hexes": {"2651": 2, "2560": 4},
                 "steps_per_vp": 0, "allied_win": 6, "axis_win": 3,
                 "text": ("At the end of Jan II 1942 the Allied player scores the places he "
                          "controls (Tobruk 3, Bardia 2, Sollum 1, Gazala 1, Derna 1, "
                          "Benghazi 2, Agedabia 1), less 2 for Sidi Barrani and 4 for Mersa "
                          "Matruh in Axis hands. 6 or more: Allied victory; 3 or less: Axis "
                          "victory; otherwise a draw.")},
        markers=["al-hq22ab", "al-hq1atb", "ax-hqbab"],
    )


def gazala() -> Spec:
    """May 1942: Rommel swings round Bir Hakeim against the Gazala line."""
    return Spec(
        id="legend_begins/gazala", title="Gazala (1942)",
        description=("May 1942: the Eighth Army's boxes from Gazala to Bir Hakeim face the "
                     "Panzerarmee; Tobruk lies behind them. Four turns, May II to Jul I "
                     "1942."),
        turns=["May II 1942", "Jun I 1942", "Jun II 1942", "Jul I 1942"],
        axis={
            "3232": ["ax-sab-1", "ax-sab-2"],
            "3132": ["ax-trento-1", "ax-trento-2", "ax-cat-art1"],
            "3032": ["ax-bre-1", "ax-bre-2"],
            "2932": ["ax-pav-1", "ax-pav-2", "ax-cat-art2"],
            "3130": ["ger-pga", "ger-arko"],
            "2831": ["ger-15pz"], "2731": ["ger-a33"],
            "2930": ["ger-21pz"], "2830": ["ger-a3"],
            "2730": ["ger-90le"],
            "2732": ["ax-ari"], "2833": ["ax-tri"],
            "3628": ["ger-hecker"],                                        # Derna
            "3110": ["ax-bol-1", "ax-bol-2"],
        },
        allied={
            "3233": ["al-1sa"],                                            # Gazala
            "3134": ["al-50"], "2934": ["al-150bde"],
            "2734": ["al-1ff"],                                            # Bir Hakeim
            "2634": ["al-3imb"], "2635": ["al-7mot"],
            "2736": ["al-29ind"],                                          # Bir el Gubi
            "2938": ["al-5indd"],
            "2837": ["al-1armd", "al-65at"], "2836": ["al-2rgh", "al-3cly", "al-4cly"],
            "2636": ["al-7armd", "al-95at"],
            "3135": ["al-8rtr", "al-44rtr"], "3036": ["al-42rtr", "al-7rtr"],
            "2936": ["al-22gds"],                                          # Knightsbridge
            "3137": ["al-2sa", "al-rnm"],                                  # Tobruk
            "3138": ["al-tobgar"],
            "2942": ["al-8army"],                                          # Gambut
            "2533": ["al-kdg"], "2633": ["al-4saac"],
            "3035": ["al-2rha", "al-64med"],                               # Acroma
            "2560": ["al-10ind"], "2378": ["al-alex"],
        },
        displays={"ger-15pz": ["ger-pz8-1", "ger-pz8-2", "ger-115", "ger-pj33", "ger-88",
                               "ger-art33"],
                  "ger-21pz": ["ger-pz5-1", "ger-pz5-2", "ger-104", "ger-pj39", "ger-88b",
                               "ger-art155"],
                  "ger-90le": ["ger-155", "ger-200m", "ger-361m", "ger-288"],
                  "ax-ari": ["ax-ari-7", "ax-ari-8", "ax-ari-9", "ax-ari-bers", "ax-ari-art"],
                  "ax-tri": ["ax-tri-1", "ax-tri-2"],
                  "al-1sa": ["al-1sab", "al-2sab"],
                  "al-50": ["al-69bde", "al-151bde"],
                  "al-5indd": ["al-9ind"],
                  "al-1armd": ["al-bays", "al-9l", "al-10h"],
                  "al-7armd": ["al-8hus", "al-3rtr-g", "al-5rtr-g"],
                  "al-2sa": ["al-4sab", "al-6sab"]},
        supply={AXIS: {"3130": 2, "2930": 1, "3628": 2, "3110": 2, "Italy": 2},
                ALLIED: {"3137": 3, "2942": 2, "2837": 1, "3134": 1, "2560": 2,
                         "Nile Delta": 2}},
        trucks={AXIS: ["3130", "2930", "2730", "3628"],
                ALLIED: ["3137", "2942", "2942", "2837", "2560", "Nile Delta"]},
        pool={"brit-inf": 6, "ind-inf": 3, "tank-allied": 8, "ita-inf": 6, "tank-ita": 3,
              "ger-inf": 3, "tank-ger": 3},
        schedule={0: {ALLIED: {"six_pounder": 2}},
                  1: {AXIS: {"arrive": ["ax-lit", "ax-lit-4", "ax-lit-12", "ax-lit-bers",
                                        "ax-lit-lz"]},
                      ALLIED: {"six_pounder": 1}},
                  2: {ALLIED: {"arrive": ["al-2nz", "al-4nz", "al-5nz", "al-6nz"]}},
                  3: {ALLIED: {"arrive": ["al-9aus", "al-20aus", "al-24aus", "al-26aus"]}}},
        special=["43", "45", "47", "51"],
        malta=-3, luftwaffe=True, crete=AXIS, rp={AXIS: 2, ALLIED: 2},
        control={"column": 33, "west": AXIS, "east": ALLIED},
        permanent_forts={"2845": ALLIED, **TOBRUK_FORTS, "2560": ALLIED},
        field_works={k: {"type": "ip", "side": ALLIED}
                     for k in ("3233", "3134", "2934", "2734", "2936", "2736")},
        victory={"rule": "scenario",
                 "hexes": {"3137": 4, "3233": 1, "2734": 1, "2937": 1, "2845": 1, "2746": 1,
                           "2560": 2},
                 "axis_hexes": {},
                 "steps_per_vp": 0, "allied_win": 8, "axis_win": 3,
                 "text": ("At the end of Jul I 1942 the Allied player scores the places he "
                          "controls (Tobruk 4, Gazala 1, Bir Hakeim 1, El Adem 1, Bardia 1, "
                          "Sollum 1, Mersa Matruh 2). 8 or more: Allied victory; 3 or less: "
                          "Axis victory; otherwise a draw.")},
        markers=["al-hq22ab", "al-hq2ab", "al-hq1atb", "al-hq32atb", "ax-hqbab"],
    )


def alamein() -> Spec:
    """October 1942: Operation Lightfoot and Supercharge."""
    return Spec(
        id="legend_begins/alamein", title="El Alamein (1942)",
        description=("October 1942: Montgomery's Eighth Army breaks into the minefields "
                     "between the sea and the Qattara Depression. Three turns, Oct II to "
                     "Nov II 1942."),
        turns=["Oct II 1942", "Nov I 1942", "Nov II 1942"],
        axis={
            "2070": ["ger-125", "ger-382"], "1970": ["ax-trento-1", "ax-trento-2"],
            "1870": ["ax-bol-1", "ax-bol-2", "ax-cat-art1"],
            "1770": ["ax-bre-1", "ax-bre-2", "ax-cat-art2"],
            "1670": ["ax-fol-1", "ax-fol-2"],
            "1869": ["ger-433", "ger-ram-1", "ger-ram-2", "ger-ram-3"],
            "1769": ["ax-pav-1", "ax-pav-2"],
            "2068": ["ger-15pz"], "1968": ["ax-lit"],
            "1768": ["ger-21pz"], "1668": ["ax-ari"],
            "2167": ["ger-90le"], "2268": ["ax-tri"],                      # El Daba
            "2264": ["ger-pga"], "2560": ["ax-dmi"],
            "1969": ["ger-88c", "ger-arko"],
            "1667": ["ger-a3", "ger-a33"], "1567": ["ax-lit-lz"],
            "2069": ["ger-eng900", "ax-eng-guast"],
        },
        allied={
            "2071": ["al-9aus"],                                           # El Alamein
            "1971": ["al-51"], "1871": ["al-2nz"], "1771": ["al-1sa"],
            "1872": ["al-4ind"], "1671": ["al-44"], "1672": ["al-50"],
            "1572": ["al-1ff"], "1573": ["al-2ff"], "1973": ["al-gre"],
            "1974": ["al-1armd", "al-65at"], "2074": ["al-10armd", "al-95at"],
            "1773": ["al-7armd"],
            "1873": ["al-40rtr", "al-46rtr"],
            "1972": ["al-64med", "al-7med", "al-2rha"],
            "1875": ["al-8army"],
            "1574": ["al-kdg", "al-4saac"], "1674": ["al-12l", "al-11hus"],
            "2378": ["al-alex"],
        },
        displays={"ger-15pz": ["ger-pz8-1", "ger-pz8-2", "ger-115", "ger-pj33", "ger-88",
                               "ger-art33"],
                  "ger-21pz": ["ger-pz5-1", "ger-pz5-2", "ger-104", "ger-pj39", "ger-88b",
                               "ger-art155"],
                  "ger-90le": ["ger-155", "ger-200m", "ger-361m", "ger-288"],
                  "ax-lit": ["ax-lit-4", "ax-lit-12", "ax-lit-bers"],
                  "ax-ari": ["ax-ari-7", "ax-ari-8", "ax-ari-9", "ax-ari-bers", "ax-ari-art"],
                  "ax-tri": ["ax-tri-1", "ax-tri-2"],
                  "al-9aus": ["al-20aus", "al-24aus", "al-26aus"],
                  "al-51": ["al-152bde", "al-153bde", "al-154bde"],
                  "al-2nz": ["al-5nz", "al-6nz"],
                  "al-1sa": ["al-1sab", "al-2sab"],
                  "al-4ind": ["al-5ind", "al-7ind"],
                  "al-44": ["al-131bde", "al-132bde"],
                  "al-50": ["al-69bde", "al-151bde"],
                  "al-1armd": ["al-bays-g", "al-9l-s", "al-10h"],
                  "al-10armd": ["al-3rtr-s", "al-sy", "al-srr"],
                  "al-7armd": ["al-2rgh", "al-3cly", "al-4cly"]},
        supply={AXIS: {"2268": 2, "2264": 1, "2560": 2, "3137": 1, "Italy": 2},
                ALLIED: {"2071": 2, "1974": 2, "1872": 1, "1875": 2, "Nile Delta": 4}},
        trucks={AXIS: ["2268", "2264", "2560"],
                ALLIED: ["1875", "1875", "1974", "2071", "Nile Delta", "Nile Delta"]},
        pool={"brit-inf": 8, "aus-inf": 2, "ind-inf": 2, "tank-allied": 10, "ita-inf": 4,
              "tank-ita": 2, "ger-inf": 2, "tank-ger": 2},
        schedule={0: {ALLIED: {"six_pounder": 2}},
                  1: {ALLIED: {"six_pounder": 1}}},
        special=["45", "47", "49"],
        malta=2, luftwaffe=False, crete=AXIS, rp={AXIS: 1, ALLIED: 3},
        control={"column": 71, "west": AXIS, "east": ALLIED},
        permanent_forts={"2845": AXIS, "3136": AXIS, "3037": AXIS, "3138": AXIS,
                         "2560": AXIS},
        field_works={**{k: {"type": "ip", "side": AXIS}
                        for k in ("2070", "1970", "1870", "1770", "1670", "1869")},
                     **{k: {"type": "ip", "side": ALLIED} for k in ("2071", "1872")}},
        victory={"rule": "scenario",
                 "hexes": {"2268": 1, "2264": 1, "2560": 2, "2651": 1, "2746": 1, "3137": 2},
                 "axis_hexes": {"2071": 3, "2378": 10},
                 "steps_per_vp": 0, "allied_win": 4, "axis_win": 0,
                 "text": ("At the end of Nov II 1942 the Allied player scores the places he "
                          "controls (El Daba 1, Fuka 1, Mersa Matruh 2, Sidi Barrani 1, "
                          "Sollum 1, Tobruk 2), less 3 for El Alamein and 10 for Alexandria "
                          "in Axis hands. 4 or more: Allied victory; 0 or less: Axis "
                          "victory; otherwise a draw.")},
        markers=["al-hq22ab", "al-hq8ab", "ax-hqbab"],
    )


SPECS = (invasion, crusader, gazala, alamein)


def scenarios():
    return [build(f()) for f in SPECS]
