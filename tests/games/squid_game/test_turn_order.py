"""TAKING TURNS: the most tokens go first; a tie goes to the highest-numbered token."""

from squidbox.games.squid_game.tokens import first_player, turn_order

from .positions import GAME, WHITE, YELLOW, single


def test_the_rulebook_tie_example_403_beats_366():
    # Team A has 366 and 205; team B has 403 and 111: team B goes first.
    assert turn_order([[205, 366], [111, 403]]) == [1, 0]
    assert turn_order([[111, 403], [205, 366]]) == [0, 1]


def test_in_a_game_white_403_goes_before_yellow_366_then_clockwise():
    state = single("dalgona", [[111, 403], [21], [17], [205, 366]])
    assert state.g["order"] == [WHITE, 1, 2, YELLOW]
    state = single("dalgona", [[111], [21], [17], [205, 366]])
    assert state.g["order"] == [YELLOW, WHITE, 1, 2]


def test_most_tokens_beats_a_higher_number():
    assert first_player([1, 2], [456, 9]) == 1


def test_token_numbers_are_the_data_sheet_table():
    assert GAME.tokens.owner[325] == WHITE and GAME.tokens.owner[240] == 5
    assert len(GAME.tokens.all_numbers) == len(set(GAME.tokens.all_numbers)) == 72
