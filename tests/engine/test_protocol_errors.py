"""Bad input gets a clear error and changes nothing: game ids, options, seats, actions."""

import pytest

import squidbox
from squidbox import IllegalAction, InvalidOptions, UnknownGame, i18n


def test_unknown_game_names_the_valid_ones():
    with pytest.raises(UnknownGame, match="grid_squid"):
        squidbox.get_game("grid_sqiud")


def test_registry_lists_every_game():
    assert "grid_squid" in squidbox.game_ids()
    assert [g.id for g in squidbox.list_games()] == squidbox.game_ids()


def test_unknown_option_names_the_valid_ones():
    game = squidbox.get_game("grid_squid")
    with pytest.raises(InvalidOptions, match="valid: advanced, diagonals"):
        game.new_game(2, seed=1, options={"advnced": True})


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"advanced": "yes"}, "allowed: False, True"),
        ({"advanced": 1}, "allowed: False, True"),
        ({"start_shift": "up"}, "'right', 'left'"),
        ({"symbols": ["Drop", "Drop", "Wheel"]}, "different names"),
        ({"symbols": ["Drop", "Wheel"]}, "give 3"),
        ({"colours": ["Red", "Purple"]}, "different colours"),
    ],
)
def test_bad_option_values_say_what_is_allowed(options, message):
    with pytest.raises(InvalidOptions, match=message):
        squidbox.get_game("grid_squid").new_game(2, seed=1, options=options)


@pytest.mark.parametrize("count", [1, 5, 0, "3", None, 2.0])
def test_bad_player_counts(count):
    with pytest.raises(InvalidOptions, match="2 to 4 players"):
        squidbox.get_game("grid_squid").new_game(count, seed=1)


def test_options_must_be_a_mapping_and_seed_an_integer():
    game = squidbox.get_game("grid_squid")
    with pytest.raises(InvalidOptions, match="mapping"):
        game.new_game(2, seed=1, options=["advanced"])
    with pytest.raises(InvalidOptions, match="seed"):
        game.new_game(2, seed="7")


def test_no_seed_draws_one_and_records_it():
    game = squidbox.get_game("grid_squid")
    state = game.new_game(2)
    again = game.new_game(2, seed=state.seed)
    assert again.to_json() == state.to_json()


def test_out_of_turn_and_unlisted_actions_are_refused_with_clear_messages():
    state = squidbox.get_game("grid_squid").new_game(3, seed=4)
    mover = state.to_move()[0]
    waiting = (mover + 1) % 3
    before = state.to_json()
    with pytest.raises(IllegalAction, match=r"is not to move; to move: \[" + str(mover)):
        state.apply(waiting, state.legal_actions(mover)[0])
    unlisted = next(a for a in state.game.actions if a not in state.legal_actions(mover))
    with pytest.raises(IllegalAction, match="is not a legal action .* legal: place"):
        state.apply(mover, unlisted)
    with pytest.raises(IllegalAction, match="no seat 7"):
        state.apply(7, "place A1")
    assert state.to_json() == before


def test_actions_after_the_end_are_refused():
    game = squidbox.get_game("grid_squid")
    state = game.new_game(2, seed=2)
    while not state.is_terminal():
        player = state.to_move()[0]
        state.apply(player, state.legal_actions(player)[0])
    with pytest.raises(IllegalAction, match="game is over"):
        state.apply(0, "place A1")


def test_action_ids_are_stable_and_checked():
    game = squidbox.get_game("grid_squid")
    assert game.num_distinct_actions == 25 + 6
    assert game.action_to_id("place A1") == 0
    assert game.action_from_id(game.action_to_id("discard Arrow")) == "discard Arrow"
    with pytest.raises(IllegalAction, match="not an action"):
        game.action_to_id("place Z9")
    with pytest.raises(IllegalAction, match="action ids 0 to 30"):
        game.action_from_id(31)


@pytest.mark.parametrize("game_id", squidbox.game_ids())
@pytest.mark.parametrize("language", ["en", "de"])
def test_a_log_or_view_for_a_seat_that_does_not_exist_is_refused_in_every_language(
        game_id, language):
    # Games that name seats and colours in the reader's language read their log another way.
    state = squidbox.get_game(game_id).new_game(3, seed=1)
    with i18n.language(language):
        for bad in (-1, state.num_players, "x"):
            with pytest.raises(IllegalAction):
                state.log(bad)
            with pytest.raises(IllegalAction):
                state.view(bad)
