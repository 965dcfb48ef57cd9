"""The data file is checked on load; a broken one gives an error naming the file and key."""

from functools import partial

import pytest

from squidbox import DataFileError
from squidbox.games.grid_squid import GridSquid
from squidbox.games.grid_squid import data as data_file

from ..data_files import load_edited as edit_and_load

load_edited = partial(edit_and_load, data_file)


def test_the_shipped_data_loads():
    data = data_file.load()
    assert data.symbols[0] == "Drop" and data.cards_per_symbol == 9
    assert {n: s.board_rows for n, s in data.setups.items()} == {2: 3, 3: 4, 4: 5}


def test_edited_values_are_used(tmp_path):
    game = GridSquid(load_edited(tmp_path, "cards_per_symbol = 9", "cards_per_symbol = 6"))
    state = game.new_game(2, seed=1)
    assert len(state.deck) + 10 == 3 * 6


@pytest.mark.parametrize(("old", "new", "message"), [
    ("cards_per_symbol = 9", "cards_per_symbol = 1", "too few to deal"),
    ("cards_per_symbol = 9", 'cards_per_symbol = "nine"', "cards_per_symbol must be an integer"),
    ("cards_per_symbol = 9", "", "cards_per_symbol is missing"),
    ("board_rows = 4", "board_rows = 3", "does not hold"),
    ("5 = 3\n", "", "missing [5]"),
    ('"Drop", "Hammers"', '"Drop", "Drop"', "distinct"),
    ("rounds = 3", "rounds = 0", "rounds must be at least 1"),
    ("hand_size = 5", "hand_size = 4", "at least cards_played_per_round"),
    # Kept Advanced leftovers grow a hand by 1 a round when 6 are dealt and 5 played: 12 cards
    # by round 6, so 4 players need 48 cards and 45 are too few (two 7-card hands were the check).
    ("hand_size = 5\nadvanced_hand_size = 7\ncards_played_per_round = 5\nrounds = 3",
     "hand_size = 6\nadvanced_hand_size = 7\ncards_played_per_round = 5\nrounds = 6",
     "too few to deal"),
    ("[squid]", "[squid", "not valid TOML"),
    ("bonus = 2", "bonus = true", "must be an integer, not a boolean"),
])
def test_a_broken_data_file_is_refused_clearly(tmp_path, old, new, message):
    with pytest.raises(DataFileError) as refused:
        load_edited(tmp_path, old, new)
    assert message in str(refused.value)
    assert "data.toml" in str(refused.value)


def test_a_missing_data_file_is_refused_clearly(tmp_path):
    with pytest.raises(DataFileError, match="cannot read data file"):
        data_file.load(tmp_path / "nowhere.toml")
