"""The map of As Q'ara and the pack: layout, adjoining sections, cards, scenarios."""

from collections import Counter

from ffl.games.card_game import tables as T
from ffl.games.card_game.module import BOARD, section_key
from ffl.games.card_game.rules import CardRules


def _letters(board, col):
    return "".join(board[section_key(col, r)].get("letter") for r in range(8))


def test_deal_1_map_has_64_oblong_sections(module):
    board = module.boards[BOARD]
    assert len(board) == 64
    for space in board.spaces.values():
        minx, miny, maxx, maxy = space.polygon.bounds
        assert space.polygon.area == (maxx - minx) * (maxy - miny)  # a rectangle
        assert maxy - miny != maxx - minx                           # oblong, not square
        assert space.get("letter") and space.get("colour")


def test_note_map_first_and_last_columns_read_revolt_is_very_near(module):
    board = module.boards[BOARD]
    assert _letters(board, 0) + _letters(board, 7) == "REVOLTISVERYNEAR"


def test_note_map_middle_columns_run_alphabetically_with_two_spy_squares(module):
    board = module.boards[BOARD]
    middle = "".join(_letters(board, c) for c in range(1, 7))
    assert middle[0] == "A"                       # "A" at the top of the second column
    assert middle.count("*") == 2
    letters = middle.replace("*", "")
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    assert letters == (alphabet * 2)[: len(letters)]


def test_first_player_1_each_letter_and_colour_names_one_section_only(module):
    board = module.boards[BOARD]
    marks = Counter((s.get("letter"), s.get("colour")) for s in board.spaces.values())
    assert max(marks.values()) == 1


def test_nb_a_contacts_are_the_orthogonal_neighbours_never_diagonal(module):
    board = module.boards[BOARD]
    rules = CardRules(module, board)
    for col in range(8):
        for row in range(8):
            key = section_key(col, row)
            expected = {section_key(c, r) for c, r in
                        ((col, row - 1), (col, row + 1), (col - 1, row), (col + 1, row))
                        if 0 <= c < 8 and 0 <= r < 8}
            assert set(board.orthogonal(key)) == expected
            assert not set(board.orthogonal(key)) & set(board.diagonal(key))
            # full shared borders between oblong neighbours
            for n in expected:
                border = board.side(key, n).geometry.length
                a, b = board[key].polygon.bounds, board[n].polygon.bounds
                full = (a[2] - a[0]) if a[1] != b[1] else (a[3] - a[1])
                assert abs(border - full) < 1e-9
    # every card's contacts are exactly its section's orthogonal neighbours
    for card, section in rules.section.items():
        assert set(rules.adjoining[card]) == set(board.orthogonal(section))
        assert not set(rules.adjoining[card]) & set(board.diagonal(section))


def test_nb_a_mostly_four_neighbours_two_or_three_at_the_edges(module):
    board = module.boards[BOARD]
    counts = Counter(len(board.orthogonal(k)) for k in board.keys())
    assert counts == {4: 36, 3: 24, 2: 4}


def test_pack_holds_26_missions_2_spies_and_the_us_cards(module):
    cards = list(module.piece_types.values())
    assert all(t.kind == "card" for t in cards)
    by = Counter(t.get("category") for t in cards)
    assert by == {"mission": 26, "spy": 2, "us": len(T.US_CARDS_PRINTED)}
    missions = [t for t in cards if t.get("category") == "mission"]
    assert sorted(t.get("letter") for t in missions) == list("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    assert len({t.get("number") for t in missions}) == 26


def test_first_player_1_every_card_matches_its_own_section(module):
    board = module.boards[BOARD]
    rules = CardRules(module, board)
    assert len(set(rules.section.values())) == len(rules.section)
    for card, section in rules.section.items():
        t = module.piece_types[card]
        assert board[section].get("letter") == t.get("letter")
        assert board[section].get("colour") == t.get("colour")
    spy_squares = {k for k, s in board.spaces.items() if s.get("letter") == "*"}
    assert {rules.section[c] for c in rules.types if rules.is_spy(c)} == spy_squares


def test_play_scenarios_for_two_three_and_four_players(module):
    for n, required in ((2, 6), (3, 5), (4, 4)):
        sc = module.scenarios[f"card_game/{n}p"]
        assert sc.sides == tuple(f"p{i}" for i in range(1, n + 1))
        assert sc.options["players"] == n
        assert sc.setup["required"] == required
        assert len(sc.placements) == len(module.piece_types)


def test_scoring_a_card_number_below_zero_is_refused_with_the_range_it_must_be_in():
    """Scoring adds the numbers printed on the cards: a designer who types -5
    is told the number must be a whole number from 0 up (it is one, so saying
    only 'a whole number' would not tell what is wrong)."""
    import dataclasses

    from ffl.games.card_game.module import build_module
    from ffl.games.card_game.module_checks import check_module

    module = build_module()             # its own: the session's module stays as built
    card = module.piece_types["M-A"]
    module.piece_types["M-A"] = dataclasses.replace(card, values={**card.values,
                                                                  "number": -5})
    assert check_module(module) == [
        "Scoring card 'M-A' number should be a whole number from 0 to 10000, not -5"]
