"""The data file is checked on load; a broken one gives an error naming the file and key."""

from functools import partial

import pytest

from squidbox import DataFileError
from squidbox.games.directors import Directors
from squidbox.games.directors import data as data_file

from ..data_files import load_edited as edit_and_load

load_edited = partial(edit_and_load, data_file)


def test_the_shipped_data_loads_36_cards_12_per_colour_and_16_events():
    data = data_file.load()
    assert len(data.cards) == 36 and len(data.events) == 16 and len(data.deck()) == 72
    for colour in ("Blue", "Gold", "Red"):
        assert sum(c.colour == colour for c in data.cards.values()) == 12
    assert data.events["Eruption"].turns == (4, 8)  # the one clock row the rulebook shows
    assert (data.cards["Hunter"].cost, data.cards["Unicorn"].cost) == (0, 10)


def test_edited_values_are_used(tmp_path):
    game = Directors(load_edited(tmp_path, "[deck]\ncopies = 2", "[deck]\ncopies = 3"))
    state = game.new_game(2, seed=1)
    assert len(state.deck) + 8 == 108


@pytest.mark.parametrize(("old", "new", "message"), [
    ('colour = "Blue"', 'colour = "Green"', "cards.Advisor.colour must be one of"),
    ("cost = 10", 'cost = "ten"', "cards.Advisor.cost must be an integer"),
    ("crowns = 5", "", "cards.Advisor.crowns is missing"),
    ("[cards.Advisor]", "[cards.Adviser]", "must be the 36 known cards"),
    ("[events.Cleaning]", "[events.Cleanup]", "must be the 16 known Events"),
    ('turns = [4, 8]', 'turns = [4, 11]', "events.Eruption.turns must list clock turns"),
    ('turns = [2, 6]\ntrigger = "turn"', 'turns = [2, 6]\ntrigger = "end"',
     "events.Cleaning.trigger must be"),
    ("max_events = 3", "max_events = 17", "setup.max_events must be at most"),
    ("[setup]", "[setup", "not valid TOML"),
])
def test_a_broken_value_names_the_file_and_the_key(tmp_path, old, new, message):
    with pytest.raises(DataFileError) as error:
        load_edited(tmp_path, old, new)
    assert message in str(error.value) and "data.toml" in str(error.value)
