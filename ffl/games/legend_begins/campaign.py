"""The Campaign Game (reconstructed; the booklet is not in the rulebook we have): the
whole desert war from the Italian advance of September 1940 to the end of January 1943,
set up as the Italian Invasion of Egypt, with every unit of the counter mix arriving,
leaving and coming back on the Reinforcement Schedule at its historical date (to the
half month), and every campaign rule: 42.0 railroad construction from the Railhead at
Mersa Matruh, 43.0 the Littorio, 44.0 the 5th Army, 45.0 Sonderverband 288, 46.0 French
coastal waters, 47.0 6 pounders, 48.0 vicissitudes of war, 49.0 air transport, 50.0 the
invasion of Malta, 51.0 amphibious raids; 52.0 lulls is the Campaign Game's own rule
(offered switched on in the New game dialog's advanced rules, as for any scenario).
Choices and sources: docs/games/legend_begins-reconstructions.md.
"""

from __future__ import annotations

from ffl.engine import Scenario

from .battles import invasion
from .scenario_kit import build
from .tables import ALLIED, AXIS, CALENDAR

ID = "legend_begins/campaign"
TURNS = CALENDAR[CALENDAR.index("Sep I 1940"):CALENDAR.index("Jan II 1943") + 1]
#: 42.0 the hexes the railroad may be built through from Mersa Matruh towards Tobruk
RAIL_EXTENSION = ["2459", "2458", "2357", "2356", "2255", "2254", "2253", "2352", "2351",
                  "2450", "2449", "2548", "2547", "2646", "2645", "2744", "2743", "2842",
                  "2841", "2940"]


def t(name: str) -> int:
    return TURNS.index(name)


def _schedule() -> dict[int, dict[str, dict]]:
    out: dict[int, dict[str, dict]] = {}

    def on(turn: str, side: str, **what) -> None:
        entry = out.setdefault(t(turn), {}).setdefault(side, {})
        for k, v in what.items():
            if k == "events":                    # the track's markers: the whole turn's
                out[t(turn)].setdefault("events", {}).update(v)
            elif isinstance(v, list):
                entry.setdefault(k, []).extend(v)
            else:
                entry[k] = v

    # -- 1940 ------------------------------------------------------------------------------
    on("Sep II 1940", ALLIED, arrive=["al-7rtr"])
    on("Oct II 1940", AXIS, arrive=["ax-m13-5"])
    on("Nov II 1940", AXIS, arrive=["ax-10bers"])
    on("Dec I 1940", AXIS, arrive=["ax-m13-6"])
    on("Dec II 1940", ALLIED, arrive=["al-6aus", "al-16aus", "al-6cav"],
       withdraw=["al-4ind", "al-5ind", "al-11ind"])
    on("Jan I 1941", ALLIED, arrive=["al-17aus", "al-19aus"], remove=["al-6rtr", "al-7hus"],
       events={"luftwaffe": True})
    # -- 1941: the Afrika Korps -------------------------------------------------------------
    on("Feb II 1941", AXIS, arrive=["ger-21pz", "ger-pz5-1", "ger-pz5-2", "ger-mg2", "ger-mg8",
                                    "ger-a3", "ger-pj39", "ger-art155", "ger-88", "ax-ari",
                                    "ax-ari-7", "ax-ari-bers", "ax-ari-art"])
    on("Feb II 1941", ALLIED, withdraw=["al-7armd", "al-1rtr", "al-3hus", "al-8hus"],
       arrive=["al-2armd", "al-5rtr"])
    on("Mar I 1941", ALLIED, arrive=["al-9aus", "al-20aus", "al-24aus", "al-26aus"],
       withdraw=["al-6aus", "al-16aus", "al-17aus", "al-19aus"])
    on("Mar I 1941", AXIS, arrive=["ax-ari-8", "ax-trento-1", "ax-trento-2", "ax-cat-art1"])
    on("Mar II 1941", ALLIED, arrive=["al-3imb"])
    on("Apr I 1941", ALLIED, arrive=["al-18aus", "al-22gds"])
    on("Apr II 1941", AXIS, arrive=["ger-15pz", "ger-pz8-1", "ger-pz8-2", "ger-115", "ger-104",
                                    "ger-a33", "ger-pj33", "ger-art33", "ger-88b"])
    on("May I 1941", ALLIED, arrive=["al-4rtr"])
    on("May II 1941", AXIS, events={"crete": AXIS})
    on("Jun I 1941", ALLIED, **{"return": ["al-7armd", "al-1rtr", "al-3hus", "al-8hus",
                                           "al-4ind", "al-5ind", "al-11ind"]})
    on("Jun II 1941", AXIS, events={"luftwaffe": False})
    on("Aug I 1941", AXIS, arrive=["ger-pga", "ger-arko", "ax-cat-art2"])
    on("Aug II 1941", ALLIED, arrive=["al-70", "al-14bde", "al-23bde", "al-pol", "al-tobgar"],
       withdraw=["al-9aus", "al-20aus", "al-24aus", "al-26aus", "al-18aus"])
    on("Sep I 1941", AXIS, arrive=["ger-90le", "ger-155", "ger-200", "ger-361", "ger-88c",
                                   "ax-tri", "ax-tri-1", "ax-tri-2", "ax-ari-9"])
    on("Sep I 1941", ALLIED, arrive=["al-1sa", "al-1sab", "al-5sab", "al-2nz", "al-4nz",
                                     "al-5nz", "al-6nz"])
    on("Sep II 1941", ALLIED, arrive=["al-8army", "al-7ind"], remove=["al-wdf"])
    on("Oct I 1941", ALLIED, arrive=["al-2sa", "al-4sab", "al-6sab", "al-8rtr", "al-42rtr",
                                     "al-44rtr", "al-3rtr"])
    on("Oct II 1941", ALLIED, arrive=["al-2rgh", "al-3cly", "al-4cly", "al-kdg", "al-4saac",
                                      "al-1rnf", "al-65at", "al-2rha", "al-64med"])
    on("Oct II 1941", AXIS, arrive=["ger-eng900"])
    on("Dec I 1941", AXIS, events={"luftwaffe": True})
    # -- 1942 ------------------------------------------------------------------------------
    on("Jan I 1942", ALLIED, arrive=["al-1armd", "al-bays", "al-9l", "al-10h", "al-7mot",
                                     "al-95at"],
       withdraw=["al-70", "al-14bde", "al-23bde", "al-16bde"])
    on("Jan II 1942", AXIS, arrive=["ax-dmi"])
    on("Feb I 1942", ALLIED, arrive=["al-1ff", "al-50", "al-69bde", "al-150bde", "al-151bde"])
    on("Mar I 1942", AXIS, arrive=["ax-lit", "ax-lit-4", "ax-lit-12", "ax-lit-bers",
                                   "ax-lit-lz"])
    on("Mar I 1942", ALLIED, arrive=["al-5indd", "al-9ind", "al-10ind", "al-29ind"])
    on("Apr I 1942", ALLIED, convert=[["al-3rtr", "al-3rtr-g"], ["al-5rtr", "al-5rtr-g"],
                                      ["al-bays", "al-bays-g"]])
    on("May I 1942", AXIS, arrive=["ger-288", "ger-hecker"])
    on("May I 1942", ALLIED, arrive=["al-rnm", "al-2ff"], six_pounder=2)
    on("Jun I 1942", ALLIED, six_pounder=2)
    on("Jul I 1942", ALLIED, **{"return": ["al-9aus", "al-20aus", "al-24aus", "al-26aus"]})
    on("Jul II 1942", AXIS, arrive=["ger-ram-1", "ger-ram-2", "ger-ram-3", "ax-fol-1",
                                    "ax-fol-2"])
    on("Jul II 1942", ALLIED, arrive=["al-44", "al-131bde", "al-132bde", "al-133bde"])
    on("Aug I 1942", AXIS, arrive=["ger-125", "ger-382", "ger-433", "ax-eng-guast"],
       events={"luftwaffe": False})
    on("Aug I 1942", ALLIED, arrive=["al-51", "al-152bde", "al-153bde", "al-154bde",
                                     "al-8rtr", "al-gre"], six_pounder=2)
    on("Sep I 1942", ALLIED, arrive=["al-10armd", "al-sy", "al-srr", "al-40rtr", "al-46rtr"],
       convert=[["al-3rtr-g", "al-3rtr-s"], ["al-9l", "al-9l-s"]])
    on("Nov I 1942", AXIS, events={"luftwaffe": True})
    return out


def spec():
    s = invasion()
    s.id = ID
    s.title = "The Campaign Game (1940-43)"
    s.description = ("The whole desert war, September 1940 to January 1943: the Italian "
                     "advance, Compass, the Afrika Korps, Tobruk, Crusader, Gazala and El "
                     f"Alamein, with every campaign rule. {len(TURNS)} turns.")
    s.turns = list(TURNS)
    s.schedule = _schedule()
    # the 1940 scenario's Compass reinforcements come by the campaign's own schedule
    s.special = ["42", "43", "44", "45", "46", "47", "48", "49", "50", "51"]
    s.surge = {"tank-allied": 8, "tank-ger": 4}
    s.rail_extension = list(RAIL_EXTENSION)
    s.pool = {"brit-inf": 10, "aus-inf": 4, "ind-inf": 4, "tank-allied": 12, "ita-inf": 12,
              "tank-ita": 5, "ger-inf": 4, "tank-ger": 5}
    s.victory = {
        "rule": "scenario",
        "hexes": {"3137": 3, "3110": 3, "1911": 2, "1605": 2, "3628": 1, "2845": 1},
        "axis_hexes": {"2560": 3, "2071": 4, "2378": 20},
        "steps_per_vp": 0, "allied_win": 8, "axis_win": 2,
        "text": ("At the end of Jan II 1943 the Allied player scores the places he controls "
                 "(Tobruk 3, Benghazi 3, Agedabia 2, El Agheila 2, Derna 1, Bardia 1), less 3 "
                 "for Mersa Matruh, 4 for El Alamein and 20 for Alexandria in Axis hands. 8 "
                 "or more: Allied victory; 2 or less: Axis victory; otherwise a draw. "
                 "Automatic Victory (33.0) ends the game at once."),
    }
    s.markers = ["al-hq4ab", "al-hq7ab", "al-hq22ab", "al-hq2ab", "al-hq3ab", "al-hq1atb",
                 "al-hq32atb", "al-hq8ab", "ax-hqbab"]
    return s


def scenario() -> Scenario:
    return build(spec())
