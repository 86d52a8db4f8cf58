"""The 1940 scenario: Operation Compass (reconstructed; the Scenario Booklet is not in
the rulebook we have).

9 December 1940 - 7 February 1941: the Western Desert Force (7th Armoured Division,
4th Indian Division, then the 6th Australian Division) attacks the Italian 10th Army's
fortified camps around Sidi Barrani and drives it out of Egypt and Cyrenaica.
Five turns of two weeks (Dec I 1940 - Feb I 1941, 31.0).  Set-up, reinforcements,
withdrawals, the removal of the 6 RTR and 7 Hus. on Jan I (the book's own example,
31.6), the victory conditions and their sources are in
``docs/games/legend_begins-reconstructions.md``.
"""

from __future__ import annotations

from ffl.engine import Placement, Scenario

from .tables import ALLIED, AXIS

ID = "legend_begins/compass"
TURNS = ["Dec I 1940", "Dec II 1940", "Jan I 1941", "Jan II 1941", "Feb I 1941"]

#: where each unit starts: hex (or Off Map Box) -> units; "hq" lists the units on an
#: HQ's Organization Card display (6.1)
AXIS_SETUP = {
    "2652": ["ax-1lib-1", "ax-1lib-2"],                           # Maktila
    "2552": ["ax-2lib-1", "ax-2lib-2"],                           # Tummar
    "2451": ["ax-maletti-1", "ax-maletti-2", "ax-m11-2"],         # Nibeiwa
    "2651": ["ax-4ccnn-1", "ax-4ccnn-2", "ax-art21"],             # Sidi Barrani
    "2648": ["ax-64cat-1", "ax-64cat-2", "ax-l3-62"],             # Buq Buq
    "2349": ["ax-63cir-1"],                                       # Sofafi
    "2348": ["ax-63cir-2", "ax-m11-1"],                           # Rabia
    "2647": ["ax-62mar-1"],                                       # Halfaya
    "2544": ["ax-62mar-2", "ax-l3-9"],                            # Sidi Omar
    "2845": ["ax-1ccnn-1", "ax-1ccnn-2", "ax-2ccnn-1", "ax-2ccnn-2", "ax-art23",
             "ax-10army"],                                        # Bardia
    "3137": ["ax-61sir-1", "ax-61sir-2", "ax-arttob"],            # Tobruk
    "3125": ["ax-m13-3", "ax-l3-61"],                             # Mechili
    # 44.0 the Italian 5th Army's five infantry divisions, in reserve in Tripoli
    "Tripoli": ["ax-bol-1", "ax-bol-2", "ax-bre-1", "ax-bre-2", "ax-pav-1", "ax-pav-2",
                "ax-sab-1", "ax-sab-2", "ax-sav-1", "ax-sav-2"],
}
FIFTH_ARMY = AXIS_SETUP["Tripoli"]
ALLIED_SETUP = {
    "2357": ["al-7armd"], "2356": ["al-7hus", "al-6rtr", "al-2rb"], "2454": ["al-11hus"],
    "2458": ["al-4ind"], "2459": ["al-16bde", "al-7rtr", "al-7med"],
    "2560": ["al-selby", "al-wdf"], "2378": ["al-alex"],
}
HQ_DISPLAYS = {
    "al-7armd": ["al-1rtr", "al-2rtr", "al-3hus", "al-8hus", "al-1krrc", "al-4rha"],
    "al-4ind": ["al-5ind", "al-11ind"],
}
#: 20.0 supply points, 21.0 trucks: where they start
SUPPLY = {AXIS: {"2845": 2, "3137": 2, "2651": 1, "3110": 2, "Italy": 2},
          ALLIED: {"2560": 2, "2357": 2, "2458": 1, "Nile Delta": 2}}
TRUCKS = {AXIS: ["2845", "3137", "3110"], ALLIED: ["2560", "2560", "Nile Delta", "Nile Delta"]}
#: the Replacement Pool (28.4): replacement units available to be received
POOL = {"brit-inf": 6, "aus-inf": 4, "ind-inf": 3, "tank-allied": 6, "ita-inf": 8,
        "tank-ita": 4, "ger-inf": 0, "tank-ger": 0}

#: 31.0 the Reinforcement Schedule: turn -> side -> what happens in its
#: Replacement/Reinforcement Segment
SCHEDULE = {
    1: {ALLIED: {"arrive": ["al-6aus", "al-16aus", "al-6cav"],
                 "withdraw": ["al-4ind", "al-5ind", "al-11ind"]},
        AXIS: {"arrive": ["ax-m13-5", "ax-10bers"]}},
    2: {ALLIED: {"arrive": ["al-17aus", "al-19aus"], "remove": ["al-6rtr", "al-7hus"]},
        AXIS: {"arrive": ["ax-m13-6"]}},
}


def setup_data() -> dict:
    """The scenario's instructions as data (read by the rules; editable)."""
    return {
        "turns": TURNS,
        "year": {str(i): int(t.split()[-1]) for i, t in enumerate(TURNS)},
        "first_turn": 0,
        "last_turn": len(TURNS) - 1,
        "first_player": AXIS,          # 3.1 who draws the first chit is immaterial
        "malta": 0, "luftwaffe": False, "crete": ALLIED,          # 26.2, 25.3
        "permanent_forts": {"2845": AXIS, "3136": AXIS, "3037": AXIS, "3138": AXIS,
                            "2560": ALLIED},                       # 18A
        "field_works": {k: {"type": "ip", "side": AXIS}
                        for k in ("2652", "2552", "2451", "2651", "2349", "2648")},
        "control_west_of": {"column": 53, "west": AXIS, "east": ALLIED},   # 8.1
        "rp": {AXIS: 1, ALLIED: 1},
        "special": ["44"],                                         # the 1940 scenarios
        "schedule": {str(k): v for k, v in SCHEDULE.items()},
        "victory": {
            "rule": "scenario",
            "hexes": {"2651": 1, "2746": 1, "2845": 2, "3137": 3, "3628": 1, "3110": 2,
                      "1911": 1},
            "axis_hexes": {"2560": 3},
            "steps_per_vp": 8,
            "allied_win": 6, "axis_win": 2,
            "text": ("At the end of Feb I 1941 the Allied player scores the victory points of "
                     "the places he controls (Sidi Barrani 1, Sollum 1, Bardia 2, Tobruk 3, "
                     "Derna 1, Benghazi 2, Agedabia 1), one point for every 8 Italian steps in "
                     "the Cadre Box, and loses 3 if the Axis controls Mersa Matruh. 6 or more: "
                     "Allied victory; 2 or less: Axis victory; otherwise a draw."),
        },
    }


def placements() -> list[Placement]:
    out: list[Placement] = []
    placed: set[str] = set()

    def put(pid: str, side: str, space: str | None, status: str = "active", **data) -> None:
        out.append(Placement(pid, pid, side, space, 0, None, status, dict(data)))
        placed.add(pid)

    for side, setup in ((AXIS, AXIS_SETUP), (ALLIED, ALLIED_SETUP)):
        for hexkey, units in setup.items():
            for pid in units:
                if pid in FIFTH_ARMY:
                    put(pid, side, hexkey, reserve="5army")            # 44.0
                    continue
                put(pid, side, hexkey)
                for sub in HQ_DISPLAYS.get(pid, []):
                    put(sub, side, hexkey, hq=pid)
    for turn, sides in SCHEDULE.items():
        for side, what in sides.items():
            for pid in what.get("arrive", []):
                put(pid, side, None, "off", arrives=turn)
    for side in (AXIS, ALLIED):
        n = 0
        for where, count in SUPPLY[side].items():
            for _ in range(count):
                n += 1
                out.append(Placement(f"sp-{side}-{n:02d}", f"sp-{side}", side, where))
        while n < 20:
            n += 1
            out.append(Placement(f"sp-{side}-{n:02d}", f"sp-{side}", side, None, 0, None, "pool"))
        for i, where in enumerate(TRUCKS[side], 1):
            out.append(Placement(f"truck-{side}-{i}", f"truck-{side}", side, where))
    for kind, count in POOL.items():
        side = ALLIED if kind in ("brit-inf", "aus-inf", "ind-inf", "tank-allied") else AXIS
        for i in range(1, count + 1):
            out.append(Placement(f"repl-{kind}-{i}", f"repl-{kind}", side, None, 0, None, "pool"))
    for marker, side in (("al-hq4ab", ALLIED), ("al-hq7ab", ALLIED), ("ax-hqbab", AXIS)):
        out.append(Placement(marker, marker, side, None, 0, None, "off"))
    return out


def scenario() -> Scenario:
    return Scenario(
        id=ID, game="legend_begins", title="Operation Compass (1940)", board="map",
        description=(
            "December 1940: the Western Desert Force strikes at the Italian 10th Army's "
            "fortified camps around Sidi Barrani, then pursues it along the coast to Bardia, "
            "Tobruk and Benghazi. Five turns, Dec I 1940 to Feb I 1941."),
        sides=(AXIS, ALLIED), options={}, setup=setup_data(), placements=placements(),
    )
