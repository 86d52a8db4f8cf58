"""The map: hex numbering as the book cites it, and every hex the book names where it
puts it (one test per hex).  8.2, 18A, 24.1, 24.3, 25.3, 27.0, 35.0, 44.0."""

from __future__ import annotations

import pytest

from ffl.engine.grids import hex_grid
from ffl.games.legend_begins import hexgeo as g
from ffl.games.legend_begins.rules.hexmap import HexMap


@pytest.fixture(scope="module")
def hm(board):
    return HexMap.of(board)


def _adjacent(board, a, b):
    return board.adjacent(a, b) == "orthogonal"


@pytest.mark.parametrize("a, b", [("1507", "1608"), ("1608", "1609"), ("3515", "3516"),
                                  ("3414", "3514")])
def test_35_0_the_books_hexside_pairs_are_neighbours(board, a, b):
    """35.0 cites 1507/1608, 1608/1609, 3515/3516 and 3414/3514 as hexsides."""
    assert _adjacent(board, a, b)
    assert board.side(a, b) is not None


def test_numbering_the_engine_hex_grid_would_not_match_the_book():
    """Why the map lays out its own numbering: on the engine's XX-column grid 1507 and
    1608 do not touch."""
    eng = hex_grid(40, 20)
    assert eng.adjacent("1507", "1608") is None
    assert g.label(*g.parse("3722")) == "3722"


def test_numbering_xx_counts_rows_from_the_south(board):
    """1701 is north of 1002, Cyrene (3722) north of Tmimi (3331), Tmimi east of Cyrene."""
    y1, y2 = board["1701"].centre[1], board["1002"].centre[1]
    assert y1 < y2
    (cx, cy), (tx, ty) = board["3722"].centre, board["3331"].centre
    assert cy < ty and cx < tx


def test_8_2_axis_friendly_edge_runs_1701_to_1002(board, hm):
    edge = hm.friendly_edge["axis"]
    assert edge[0] == "1701" and edge[-1] == "1002"
    assert board["1801"].get("terrain") == "sea"          # 1701 is the edge's northern end
    for key in edge:
        assert board[key].get("terrain") != "sea"
        assert board[key].get("edge") == "axis"
        assert g.parse(key)[1] in (1, 2)


def test_8_2_allied_friendly_edge_runs_1678_to_alexandria(board, hm):
    edge = hm.friendly_edge["allied"]
    assert edge[0] == "1678"
    assert board[edge[-1]].get("name") == "Alexandria"
    assert "1578" not in board.spaces                      # nothing south of 1678
    for key in edge:
        assert g.parse(key)[1] == 78 and board[key].get("edge") == "allied"


def test_44_0_cyrene_is_3722(board):
    assert board["3722"].get("name") == "Cyrene"
    assert board["3722"].get("terrain") == "jebel"


def test_44_0_tmimi_is_3331(board):
    assert board["3331"].get("name") == "Tmimi"
    assert board["3331"].get("terrain") != "sea"


def test_44_0_cyrene_lies_west_of_tmimi_on_the_coast_road(board, hm):
    """Rule 44: divisions go to Cyrene "via the coast road"; moving west of Tmimi."""
    assert g.parse("3722")[1] < g.parse("3331")[1]
    assert "3722" in hm.route_hexes and "3331" in hm.route_hexes


def test_35_0_1507_1608_and_1608_1609_lie_between_sea_and_sebakha(board):
    """The El Agheila - Mersa Brega bottleneck: sea at 1607 and 1708, sebakha at 1508
    and 1509 (the hexes at the two ends of those hexsides)."""
    for key in ("1607", "1708"):
        assert board[key].get("terrain") == "sea"
    for key in ("1508", "1509"):
        assert board[key].get("terrain") == "sebakha"
    for key in ("1507", "1608", "1609"):
        assert board[key].get("terrain") not in ("sea", "sebakha")


def test_35_0_3414_3514_and_3515_3516_lie_between_sea_and_escarpment(board):
    """Tocra - Tolmeita: sea at 3413 and 3616, the Jebel's escarpment at 3415."""
    assert board["3413"].get("terrain") == "sea"
    assert board["3616"].get("terrain") == "sea"
    for low in ("3414", "3514", "3515", "3516"):
        side = board.side("3415", low)
        assert side is not None and "escarpment" in side.features
        assert side.attrs.get("high") == "3415"


def test_18A_tobruk_port_and_its_three_fortified_hexes(board):
    tobruk = "3137"
    assert board[tobruk].get("name") == "Tobruk"
    land = [n for n in board.orthogonal(tobruk)
            if board[n].kind == "hex" and board[n].get("terrain") != "sea"]
    assert sorted(land) == ["3037", "3136", "3138"]
    for key in land:
        assert board[key].get("fort") is True


def test_18A_tobruk_perimeter_line(board):
    inside = {"3137", "3136", "3037", "3138"}
    perimeter = [s for s in board.sides.values() if "perimeter" in s.features]
    assert perimeter
    for s in perimeter:
        assert (s.a in inside) != (s.b in inside)


@pytest.mark.parametrize("name", ["Bardia", "Mersa Matruh"])
def test_18A_permanent_fortifications(board, name):
    key = next(k for k, s in board.spaces.items() if s.get("name") == name)
    assert board[key].get("fort") is True


def test_24_1_tobruk_debarks_four_at_full_capacity(board):
    assert board["3137"].get("port")[0] == 4


def test_24_3_benghazi_four_boxes_right_of_full_and_three_hits_leave_1(board):
    track = board["3110"].get("port")
    assert board["3110"].get("name") == "Benghazi"
    assert len(track) - 1 == 4
    assert track[3] == 1


@pytest.mark.parametrize("name", ["Benina", "Martuba", "El Adem", "Sidi Barrani", "Fuka"])
def test_25_3_the_five_north_african_airfields(board, name):
    key = next(k for k, s in board.spaces.items() if s.get("name") == name)
    assert board[key].get("airfield") is True


def test_25_3_five_airfields_on_the_map_and_cretes(board):
    assert sum(1 for s in board.spaces.values() if s.get("airfield") is True
               and s.kind == "hex") == 5
    assert board["Crete"].get("airfield") is True and board["Crete"].get("closed") is True


@pytest.mark.parametrize("name, kind", [
    ("Tobruk", "city"), ("Benghazi", "city"), ("Alexandria", "city"), ("Bardia", "town"),
    ("Sollum", "village"), ("Sidi Barrani", "town"), ("Mersa Matruh", "town"),
    ("El Alamein", "village"), ("Derna", "town"), ("El Agheila", "village"),
    ("Mersa Brega", "village"), ("Agedabia", "town"), ("Beda Fomm", "landmark"),
    ("Mechili", "landmark"), ("Gazala", "village"), ("Halfaya Pass", "landmark"),
    ("Fort Capuzzo", "landmark"), ("Jarabub", "oasis")])
def test_named_places_are_land_and_of_their_kind(board, name, kind):
    key = next(k for k, s in board.spaces.items() if s.get("name") == name)
    assert board[key].get("terrain") not in ("sea", None)
    assert board[key].get("place") == kind


@pytest.mark.parametrize("name", ["Tobruk", "Benghazi", "Bardia", "Sollum", "Derna",
                                  "Mersa Matruh", "Sidi Barrani", "Alexandria", "Mersa Brega"])
def test_24_0_ports_are_coastal(board, name):
    key = next(k for k, s in board.spaces.items() if s.get("name") == name)
    assert board[key].get("port") and board[key].get("coastal") is True


def test_the_qattara_depression_is_sebakha_under_an_escarpment(board):
    assert board["1468"].get("terrain") == "sebakha"
    alamein = next(k for k, s in board.spaces.items() if s.get("name") == "El Alamein")
    assert g.parse(alamein)[0] - 16 >= 3      # the gap between the sea and the depression
    rim = [s for s in board.sides.values() if "escarpment" in s.features
           and board[s.attrs["high"]].get("terrain") != "sebakha"
           and "sebakha" in (board[s.a].get("terrain"), board[s.b].get("terrain"))]
    assert len(rim) > 20


def test_27_0_the_off_map_boxes(board):
    for key in ("Italy", "Tripoli", "Sirte", "Nile Delta", "Crete"):
        assert board[key].kind == "box"
    assert board["Tripoli"].get("links") == ["Sirte"]
    assert board["Sirte"].get("edge") == "axis"
    assert board["Nile Delta"].get("edge") == "allied"
    assert board["Italy"].get("entry") and board["Nile Delta"].get("entry")


def _route(board, feature, start, end):
    seen, todo = {start}, [start]
    while todo:
        k = todo.pop()
        for n in board.orthogonal(k):
            s = board.side(k, n)
            if s and feature in s.features and n not in seen:
                seen.add(n)
                todo.append(n)
    return end in seen


def test_the_coast_road_runs_from_the_western_edge_to_alexandria(board):
    assert _route(board, "road", "1701", "2378")


def test_22_0_the_railroad_runs_from_alexandria_to_the_railhead_at_matruh(board):
    assert board.attrs["railhead"] == "2560"
    assert _route(board, "rail", "2378", "2560")


def test_4_4_passes_where_routes_cross_escarpments(hm):
    crossed = [e for k, es in hm.edges.items() for e in es if e.escarpment and e.route]
    assert crossed and all(e.passable for e in crossed)
    assert hm.edge[("2646", "2647")].passable            # Halfaya Pass
