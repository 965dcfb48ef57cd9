"""The data file is checked on load; a broken one gives an error naming the file and key."""

from functools import partial

import pytest

from squidbox import DataFileError
from squidbox.games.squid_circle import SquidCircle
from squidbox.games.squid_circle import data as data_file

from ..data_files import load_edited as edit_and_load

load_edited = partial(edit_and_load, data_file)


def test_the_shipped_data_loads_with_the_proposed_mix():
    data = data_file.load()
    mix = data.mixes["proposed"]
    guard = {t.name: k for t, k in zip(data.guard_actions, mix.guard_actions, strict=True)}
    tricks = {t.name: k for t, k in zip(data.tricks, mix.tricks, strict=True)}
    assert guard == {"Leeres Magazin": 6, "Neuer Trick": 4, "POW": 10}
    assert tricks == {"Zeige 2": 4, "Zeige −1": 4, "Zum nächsten Charakter": 5,
                      "Schnelles Spiel": 3, "Zweite Chance": 5}
    assert data.characters_in_circle == {2: 3, 3: 3, 4: 2, 5: 2, 6: 2}


def test_edited_values_are_used(tmp_path):
    edited = load_edited(tmp_path, "pow = 10\nempty_magazine = 6",
                         "pow = 12\nempty_magazine = 4")
    state = SquidCircle(edited).new_game(3, seed=0)
    assert state.guard_pile.count(edited.guard_index("pow")) == 12


@pytest.mark.parametrize(("old", "new", "message"), [
    ("pow = 10", "pow = 9", "must add up to 20 cards, not 19"),
    ("quick_game = 3", "quick_game = 4", "must add up to 21 cards, not 22"),
    ("pow = 10\nempty_magazine = 6", "pow = 0\nempty_magazine = 16", "pow must be at least 1"),
    ('moment = "after_reveal"', 'moment = "call"', "second_chance.moment must be"),
    ("vote = 2", 'vote = "two"', "vote must be an integer"),
    ("[tricks.quick_game]", "[tricks.slow_game]", "must list exactly"),
    ("6 = 2\n", "", "must give a count for [6] players"),
    ("2 = 3\n", "2 = 4\n", "must be at most characters_per_colour"),
    ('name = "Zeige 2"', 'name = "POW"', "must be distinct"),
    ("starting_tricks = 2", "starting_tricks = 4", "too few to deal"),
    ("[mixes.proposed]", "[mixes.proposed", "not valid TOML"),
])
def test_a_broken_data_file_is_refused_clearly(tmp_path, old, new, message):
    with pytest.raises(DataFileError) as refused:
        load_edited(tmp_path, old, new)
    assert message in str(refused.value)
    assert "data.toml" in str(refused.value)
