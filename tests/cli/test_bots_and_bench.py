"""The random bot and the benchmark function."""

import pytest

import squidbox
from squidbox import InvalidOptions
from squidbox.bench import bench, python_description, random_playouts
from squidbox.bots import RandomBot, make_bot

GRID = squidbox.get_game("grid_squid")


def play_with_bots(seed: int) -> list[tuple[int, str]]:
    state = GRID.new_game(3, seed)
    bots = [make_bot("random", seed * 1000 + seat) for seat in range(3)]
    while not state.is_terminal():
        seat = state.to_move()[0]
        action = bots[seat].choose(state, seat)
        assert action in state.legal_actions(seat)
        state.apply(seat, action)
    return state.history


def test_random_bot_plays_legal_moves_reproducibly():
    assert play_with_bots(4) == play_with_bots(4)
    assert play_with_bots(4) != play_with_bots(5)


def test_random_bot_does_not_change_the_state():
    state = GRID.new_game(2, 1)
    before = state.to_json()
    RandomBot(0).choose(state, state.to_move()[0])
    assert state.to_json() == before


def test_unknown_bot_kind_names_the_valid_kinds():
    with pytest.raises(InvalidOptions, match="random"):
        make_bot("genius", 0)


def test_random_playouts_report_games_and_decisions():
    result = random_playouts(GRID, 2, seconds=0.05)
    assert result.games >= 1 and result.decisions >= 10 * result.games
    assert result.decisions_per_second > result.games_per_second > 0
    zero = random_playouts(GRID, 3, seconds=0)
    assert zero.games == 1  # always finishes one game


def test_bench_covers_every_player_count_by_default():
    results = bench(GRID, seconds=0.01)
    assert [r.num_players for r in results] == list(GRID.player_counts)
    assert "Python" in python_description()
