"""The data file is checked on load; a user's edited copy changes the game without code."""

from functools import partial

import pytest

from squidbox import DataFileError
from squidbox.games.squid_inc import SquidInc
from squidbox.games.squid_inc import data as data_file
from squidbox.games.squid_inc.abilities import ABILITIES

from ..data_files import load_edited as edit_and_load

load_edited = partial(edit_and_load, data_file)


def test_the_shipped_data_loads():
    data = data_file.load()
    assert len(data.card_types()) == 42
    assert [t.multiplier for t in data.tiers] == [1, 3, 5, 7]
    assert sum(t.rows * t.columns for t in data.tiers) == 20
    assert data.guard_tiles == 11 and data.guard_cards == 5 and data.employees[-1].clout == 0
    # The box's 48 tiles: one per Employee card, the rest Security Guards.
    assert len(data.card_types()) - data.guard_cards + data.guard_tiles == 48
    lumbergh = next(e for e in data.employees if e.name == "Lumbergh")
    assert (lumbergh.clout, lumbergh.ability) == (3, "demote_adjacent")


def test_every_ability_kind_has_an_effect():
    assert set(ABILITIES) == set(data_file.ABILITY_PARAMETERS)


def test_edited_values_are_used(tmp_path):
    data = load_edited(tmp_path, 'name = "Lumbergh"\nclout = 3', 'name = "Lumbergh"\nclout = 6')
    game = SquidInc(data)
    lumbergh = next(e for e in game.data.employees if e.name == "Lumbergh")
    assert lumbergh.clout == 6
    edited = load_edited(tmp_path, "rows = 2\ncolumns = 4", "rows = 3\ncolumns = 4")
    assert SquidInc(edited).geo.size == 24
    jillian = load_edited(tmp_path, "params = { most = 3 }", "params = { most = 5 }")
    assert next(e for e in jillian.employees if e.ability == "remove_clout").params["most"] == 5


@pytest.mark.parametrize(("old", "new", "message"), [
    ('ability = "float_adjacent"', 'ability = "fly"', "employees[0].ability is unknown"),
    ("clout = 3                     # CONFIRMED\nunique = false",
     'clout = "three"\nunique = false', "employees[0].clout must be an integer"),
    ("params = { steps = 2 }", "params = { jumps = 2 }", "employees[3].params must give"),
    ("tiers = [1, 2]", "tiers = [1, 7]", "employees[3].tiers must list Tier numbers"),
    ('name = "Lumbergh"\nclout = 3                     # CONFIRMED\nunique = true\ncopies = 1',
     'name = "Lumbergh"\nclout = 3\nunique = true\ncopies = 2', "Lumbergh is unique"),
    ("multiplier = 7\nrows = 2", "multiplier = 7\nrows = 0", "tiers[3].rows must be between"),
    ("mailroom_capacity = 3", "", "mailroom_capacity is missing"),
    ("[security_guard]", "[security_guard", "not valid TOML"),
    ('"Blue", "Green"]', '"Blue"]', "must name a colour for each of 4 seats"),
])
def test_a_broken_data_file_is_refused_clearly(tmp_path, old, new, message):
    with pytest.raises(DataFileError) as refused:
        load_edited(tmp_path, old, new)
    assert message in str(refused.value)
    assert "data.toml" in str(refused.value)
