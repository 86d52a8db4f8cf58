"""Grid builders and labels (ffl.engine.grids)."""

import pytest

from ffl.engine.grids import (
    column_index,
    column_letters,
    hex_grid,
    hex_label,
    parse_square_label,
    polygon_board,
    square_grid,
    square_label,
)


@pytest.mark.parametrize("index, letters", [(0, "A"), (25, "Z"), (26, "AA"), (31, "AF"), (701, "ZZ"), (702, "AAA")])
def test_column_letters_round_trip(index, letters):
    assert column_letters(index) == letters
    assert column_index(letters) == index
    assert column_index(letters.lower()) == index


def test_square_labels_a1_to_af16():
    b = square_grid(32, 16)
    assert b.keys()[0] == "A1"
    assert "AF16" in b and "AG1" not in b and "A17" not in b
    assert parse_square_label("AF16") == (31, 15)
    assert square_label(31, 15) == "AF16"
    af16 = b["AF16"]
    assert (af16.get("col"), af16.get("row")) == (31, 15)
    assert af16.polygon.bounds == (31.0, 15.0, 32.0, 16.0)
    assert af16.kind == "square"
    assert b.attrs["grid"] == "square" and b.attrs["columns"] == 32


@pytest.mark.parametrize("bad", ["", "A", "12", "A1B", "1A"])
def test_bad_square_labels(bad):
    with pytest.raises(ValueError):
        parse_square_label(bad)


def test_bad_column_input():
    with pytest.raises(ValueError):
        column_letters(-1)
    with pytest.raises(ValueError):
        column_index("A1")


def test_hex_labels_xxyy():
    assert hex_label(0, 0) == "0101"
    assert hex_label(3, 11) == "0412"
    b = hex_grid(12, 14)
    assert "1214" in b and "0101" in b and "1315" not in b
    assert b["0412"].get("col") == 3 and b["0412"].get("row") == 11
    assert b.attrs["grid"] == "hex"


def test_square_attrs_callback_and_board_attrs():
    b = square_grid(3, 2, attrs=lambda c, r: {"level": c}, board_attrs={"title": "fort"})
    assert b["C1"].get("level") == 2
    assert b.attrs["title"] == "fort"


def test_polygon_board_attrs_and_kind():
    b = polygon_board({"z": [(0, 0), (1, 0), (0, 1)]}, kind="area", attrs={"z": {"terrain": "hill"}})
    assert b["z"].kind == "area" and b["z"].get("terrain") == "hill"
    assert b.attrs["grid"] == "polygons"
