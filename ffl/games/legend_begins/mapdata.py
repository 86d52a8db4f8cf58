"""The map of The Legend Begins as source data (reconstructed: the printed map is not
in the rulebook).  :mod:`.mapbuild` turns it into the engine board the module stores;
after that the board in the module file is what the rules read and the editor edits.

The hex numbers the book cites are fixed points (rules 8.2, 35, 44): the western
edge runs 1701-1002, the eastern edge 1678-Alexandria, Cyrene is 3722, Tmimi 3331,
the narrow gaps 1507/1608, 1608/1609 (sea at 1607 and 1708, sebakha at 1508 and
1509), 3414/3514 and 3515/3516 (sea at 3413 and 3616, the escarpment at 3415).
Everything else follows a real map of Libya and Egypt at the scale those points give:
about 13.5 km between hex columns and 13.5-14.5 km between rows, the map running
from Ras Lanuf on the Gulf of Sirte to Alexandria.  Sources and choices:
``docs/games/legend_begins-reconstructions.md``.
"""

from __future__ import annotations

#: hexes of the grid that are not on the map (the Nile Delta box takes their place)
MISSING = [f"{xx:02d}78" for xx in range(10, 16)]

#: the northernmost land hex row (XX) of every column (YY); north of it is sea
COAST = {
    1: 17, 2: 17, 3: 16, 4: 16, 5: 16, 6: 16, 7: 15, 8: 16, 9: 16, 10: 31,
    11: 31, 12: 32, 13: 33, 14: 35, 15: 35, 16: 35, 17: 36, 18: 37, 19: 36, 20: 37,
    21: 37, 22: 37, 23: 37, 24: 38, 25: 37, 26: 37, 27: 36, 28: 36, 29: 35, 30: 34,
    31: 33, 32: 33, 33: 32, 34: 32, 35: 31, 36: 31, 37: 31, 38: 31, 39: 30, 40: 30,
    41: 29, 42: 29, 43: 28, 44: 28, 45: 28, 46: 27, 47: 26, 48: 26, 49: 26, 50: 27,
    51: 26, 52: 26, 53: 25, 54: 26, 55: 25, 56: 25, 57: 24, 58: 25, 59: 24, 60: 25,
    61: 23, 62: 23, 63: 22, 64: 22, 65: 22, 66: 22, 67: 22, 68: 22, 69: 21, 70: 21,
    71: 20, 72: 21, 73: 20, 74: 21, 75: 21, 76: 22, 77: 22, 78: 23,
}
#: the Jebel Akhdar: column -> (lowest, highest) jebel row
JEBEL = {
    12: (29, 31), 13: (28, 32), 14: (28, 33), 15: (28, 34), 16: (28, 34), 17: (28, 35),
    18: (29, 36), 19: (29, 35), 20: (29, 36), 21: (30, 36), 22: (30, 37), 23: (31, 36),
    24: (31, 37), 25: (32, 36), 26: (32, 36), 27: (33, 35), 28: (34, 35),
}
#: the Qattara Depression (salt marsh: sebakha): column -> its highest row
DEPRESSION = {
    57: 11, 58: 12, 59: 12, 60: 13, 61: 13, 62: 14, 63: 14, 64: 15, 65: 15, 66: 15,
    67: 16, 68: 16, 69: 16, 70: 16, 71: 16, 72: 15,
}
#: the open desert ("rarely traversed and generally unmapped", 4.4): columns -> highest row
DESERT = [((1, 9), 12), ((10, 20), 17), ((21, 31), 19), ((32, 46), 19), ((47, 66), 18),
          ((67, 72), 16), ((73, 78), 15)]
#: other salt marshes: the El Agheila - Mersa Brega bottleneck
SEBAKHA = ["1505", "1506", "1405", "1406", "1407", "1408", "1508", "1509", "1409",
           "1308", "1309"]
#: rough ground
ROUGH = ["1403", "1404", "1304", "1305", "2713", "2714", "2715", "2717", "2818", "2819",
         "2820", "2921", "3024", "3025", "3126", "3127", "3232", "3133", "2443", "2344",
         "2444", "2345", "1866", "1867", "1768", "1769", "1770", "1871", "1872", "2448",
         "2347", "2249", "2353", "2254", "2355"]

#: named places: hex -> name, kind (city, town, village, oasis, landmark, or fort for the
#: unnamed fortified hexes around Tobruk) and extras:
#: ``port`` (the Port Track, full capacity first, 24.1), ``airfield`` (25.3),
#: ``fort`` (a permanent Fortification, 18A)
PLACES: dict[str, dict] = {
    "1605": {"name": "El Agheila", "kind": "village"},
    "1608": {"name": "Mersa Brega", "kind": "village", "port": [1, 0]},
    "1911": {"name": "Agedabia", "kind": "town"},
    "2213": {"name": "Antelat", "kind": "landmark"},
    "2511": {"name": "Beda Fomm", "kind": "landmark"},
    "2616": {"name": "Msus", "kind": "landmark"},
    "2811": {"name": "Soluch", "kind": "village"},
    "2813": {"name": "Sceleidima", "kind": "landmark"},
    "2910": {"name": "Ghemines", "kind": "village"},
    "3110": {"name": "Benghazi", "kind": "city", "port": [6, 4, 2, 1, 0]},
    "3011": {"name": "Benina", "kind": "landmark", "airfield": True},
    "3112": {"name": "Er Regima", "kind": "village"},
    "3315": {"name": "Barce", "kind": "town"},
    "3514": {"name": "Tocra", "kind": "village"},
    "3516": {"name": "Tolmeita", "kind": "village"},
    "3621": {"name": "Beda Littoria", "kind": "village"},
    "3722": {"name": "Cyrene", "kind": "town"},
    "3625": {"name": "Giovanni Berta", "kind": "village"},
    "3628": {"name": "Derna", "kind": "town", "port": [2, 1, 0]},
    "3429": {"name": "Martuba", "kind": "landmark", "airfield": True},
    "3125": {"name": "Mechili", "kind": "landmark"},
    "3331": {"name": "Tmimi", "kind": "village"},
    "3233": {"name": "Gazala", "kind": "village"},
    "2734": {"name": "Bir Hakeim", "kind": "landmark"},
    "3035": {"name": "Acroma", "kind": "landmark"},
    "3137": {"name": "Tobruk", "kind": "city", "port": [4, 3, 2, 1, 0]},
    "3136": {"name": "", "kind": "fort", "fort": True},
    "3037": {"name": "", "kind": "fort", "fort": True},
    "3138": {"name": "", "kind": "fort", "fort": True},
    "2937": {"name": "El Adem", "kind": "landmark", "airfield": True},
    "2736": {"name": "Bir el Gubi", "kind": "landmark"},
    "2939": {"name": "Sidi Rezegh", "kind": "landmark"},
    "2942": {"name": "Gambut", "kind": "landmark"},
    "2845": {"name": "Bardia", "kind": "town", "port": [2, 1, 0], "fort": True},
    "2745": {"name": "Fort Capuzzo", "kind": "landmark"},
    "2746": {"name": "Sollum", "kind": "village", "port": [1, 0]},
    "2647": {"name": "Halfaya Pass", "kind": "landmark"},
    "2544": {"name": "Sidi Omar", "kind": "landmark"},
    "2145": {"name": "Fort Maddalena", "kind": "landmark"},
    "1142": {"name": "Jarabub", "kind": "oasis"},
    "2648": {"name": "Buq Buq", "kind": "village"},
    "2651": {"name": "Sidi Barrani", "kind": "town", "airfield": True, "port": [1, 0]},
    "2652": {"name": "Maktila", "kind": "landmark"},
    "2552": {"name": "Tummar", "kind": "landmark"},
    "2451": {"name": "Nibeiwa", "kind": "landmark"},
    "2349": {"name": "Sofafi", "kind": "landmark"},
    "2348": {"name": "Rabia", "kind": "landmark"},
    "2560": {"name": "Mersa Matruh", "kind": "town", "port": [3, 2, 1, 0], "fort": True},
    "2264": {"name": "Fuka", "kind": "village", "airfield": True},
    "2268": {"name": "El Daba", "kind": "village"},
    "2071": {"name": "El Alamein", "kind": "village"},
    "2378": {"name": "Alexandria", "kind": "city", "port": [8, 6, 4, 2, 0]},
}
#: the Tobruk Perimeter (18A): the port and the three fortified hexes around it
TOBRUK_PERIMETER = ["3137", "3136", "3037", "3138"]

#: roads, tracks and the railroad as hexes to pass through (straight lines between)
ROADS = [
    ["1701", "1702", "1603", "1604", "1605", "1606", "1507", "1608", "1609", "1710", "1810", "1911", "2011",
     "2511", "2910", "3110", "3111", "3112", "3213", "3314", "3315", "3416", "3518",
     "3621", "3722", "3624", "3625", "3627", "3628", "3529", "3429", "3331", "3233",
     "3134", "3035", "3136", "3137", "3138", "3039", "2941", "2942", "2843", "2844", "2845", "2745",
     "2746", "2647", "2648", "2649", "2651", "2652", "2553", "2555", "2456", "2458", "2459", "2560",
     "2360", "2361", "2362", "2264", "2267", "2268", "2169", "2071", "2072", "2174", "2276", "2378"],
]
TRACKS = [
    ["1911", "2213", "2616", "3125", "3331"],            # Agedabia - Msus - Mechili
    ["2811", "2813", "2616"],                            # Soluch - Sceleidima - Msus
    ["3125", "3628"],                                    # Mechili - Derna
    ["3125", "2734", "2736", "2540", "2544"],            # the Trigh el Abd
    ["3233", "2734"],                                    # Gazala - Bir Hakeim
    ["3137", "2937", "2736"],                            # Tobruk - El Adem - Bir el Gubi
    ["2937", "2939", "2843", "2745"],                    # the Trigh Capuzzo
    ["2745", "2544", "2145", "1142"],                    # Capuzzo - Maddalena - Jarabub
    ["2651", "2451", "2349", "2544"],                    # Sidi Barrani - Sofafi - Sidi Omar
    ["2560", "2058", "1656", "1055"],                    # Matruh - towards Siwa
    ["2071", "1771"],                                    # Alamein - Qattara
]
RAILROAD = [["2378", "2276", "2174", "2072", "2071", "2169", "2268", "2267", "2264",
             "2362", "2361", "2360", "2560"]]
RAILHEAD = "2560"

#: escarpment lines (column, northing), drawn in order: the high ground lies on the
#: given hand of a walker following the line
ESCARPMENTS = [
    # Sollum - Halfaya - Sofafi - the Matruh escarpment (plateau to the south)
    {"name": "Sollum escarpment", "high": "right",
     "line": [(45.5, 28.4), (45.6, 26.4), (46.6, 25.7), (48.2, 25.0), (50.2, 24.4),
              (52.3, 23.6), (55.0, 23.2), (58.0, 22.9), (61.0, 22.1)]},
    # Sidi Rezegh - Belhamed, south-east of Tobruk
    {"name": "Sidi Rezegh escarpment", "high": "right",
     "line": [(37.6, 29.55), (39.2, 29.3), (41.6, 28.75)]},
    # the western face of the Msus plateau, from the Jebel down to Antelat
    {"name": "Msus escarpment", "high": "left",
     "line": [(11.55, 28.9), (12.3, 25.6), (12.2, 22.4), (11.6, 20.2)]},
]
#: ridge lines (a ridge is "up" from both of its sides)
RIDGES = [
    {"name": "Ruweisat Ridge", "line": [(70.2, 18.75), (72.6, 18.75)]},
    {"name": "Alam Halfa", "line": [(72.8, 17.75), (74.8, 17.25)]},
    {"name": "Miteiriya Ridge", "line": [(69.4, 19.6), (70.6, 19.9)]},
]
#: passes an escarpment has where no road or track crosses it (4.4): hex pairs
PASSES = [["2646", "2647"]]

#: 8.2 the friendly map edges (the book: western edge 1701-1002, eastern 1678-Alexandria)
EDGES = {
    "axis": [f"{xx:02d}01" for xx in range(17, 9, -1)] + ["1002"],
    "allied": [f"{xx:02d}78" for xx in range(16, 24)],
}

#: the Off Map Boxes (27.0): box -> where it is drawn beside the map (board units),
#: who may be there and what it joins
BOXES = {
    "Italy": {"rect": [-9.5, 1.5, -1.0, 8.0], "side": "axis", "entry": True,
              "port": "unlimited", "links": []},
    "Tripoli": {"rect": [-9.5, 17.5, -5.6, 24.0], "side": "axis", "port": 6,
                "links": ["Sirte"]},
    "Sirte": {"rect": [-5.0, 17.5, -1.0, 24.0], "side": "axis",
              "links": ["Tripoli"], "edge": "axis"},
    "Nile Delta": {"rect": [59.8, 13.5, 66.5, 21.5], "side": "allied", "entry": True,
                   "port": "unlimited", "rail": True, "links": [], "edge": "allied"},
    "Crete": {"rect": [34.0, -5.5, 42.0, -1.2], "side": "", "closed": True, "links": [],
              "airfield": True},
}
