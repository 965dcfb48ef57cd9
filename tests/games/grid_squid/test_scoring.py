"""Scoring: lines are maximal straight runs; a Squid is two of your lines crossing."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from squidbox.games.grid_squid.board import EMPTY, geometry, runs_of, score

from .positions import GAME

POINTS, BONUS = GAME.data.line_points, GAME.data.squid_bonus


def board(picture):
    rows = [row.split() for row in picture.strip().splitlines()]
    owners = [EMPTY if t == "." else int(t) for row in rows for t in row]
    return owners, len(rows)


def points(picture, diagonals=False):
    owners, rows = board(picture)
    return score(owners, geometry(5, rows, diagonals, 3), 0, POINTS, BONUS).points


@pytest.mark.parametrize(("picture", "expected"), [
    ("0 0 . . .\n. . . . .\n. . . . .", 0),             # two in a row score nothing
    ("0 0 0 . .\n. . . . .\n. . . . .", 1),             # 3 in a row
    ("0 0 0 0 .\n. . . . .\n. . . . .", 2),             # 4 in a row
    ("0 0 0 0 0\n. . . . .\n. . . . .", 3),             # 5 is one line of 5, not 3 + 4
    ("0 0 0 . 0\n. . . . .\n. . . . .", 1),             # a gap ends a line
    ("0 . . . .\n0 . . . .\n0 . . . .", 1),             # vertical lines count
    ("0 0 0 . .\n0 . . . .\n0 . . . .", 1 + 1 + 2),     # L: the corner cube is in both
    ("0 0 0 . .\n. 0 . . .\n. 0 . . .", 1 + 1 + 2),     # T
    (". 0 . . .\n0 0 0 . .\n. 0 . . .", 1 + 1 + 2),     # plus
    ("0 0 0 0 0\n0 . 0 . 0\n0 . 0 . 0", 3 + 1 + 1 + 1 + 3 * 2),  # one row crossing three
    ("0 . . . .\n. 0 . . .\n. . 0 . .", 0),             # diagonals do not count…
])
def test_shapes(picture, expected):
    assert points(picture) == expected


def test_diagonals_count_with_the_option():
    assert points("0 . . . .\n. 0 . . .\n. . 0 . .", diagonals=True) == 1
    assert points("0 . 0 . .\n. 0 . . .\n0 . 0 . .", diagonals=True) == 1 + 1 + 2


def test_other_players_cubes_break_a_line():
    assert points("0 0 1 0 0\n. . . . .\n. . . . .") == 0


boards = st.integers(3, 5).flatmap(lambda rows: st.tuples(
    st.just(rows), st.lists(st.sampled_from([EMPTY, 0, 1]), min_size=5 * rows,
                            max_size=5 * rows)))


def mirrored(owners, rows, flip_columns, flip_rows):
    return [owners[(rows - 1 - r if flip_rows else r) * 5 + (4 - c if flip_columns else c)]
            for r in range(rows) for c in range(5)]


@given(boards, st.booleans(), st.booleans(), st.booleans())
def test_score_does_not_change_when_the_board_is_mirrored(case, flip_c, flip_r, diagonals):
    rows, owners = case
    geo = geometry(5, rows, diagonals, 3)
    original = score(owners, geo, 0, POINTS, BONUS).points
    assert score(mirrored(owners, rows, flip_c, flip_r), geo, 0, POINTS, BONUS).points == original


@given(boards, st.booleans())
def test_runs_are_maximal_and_points_add_up(case, diagonals):
    rows, owners = case
    geo = geometry(5, rows, diagonals, 3)
    result = score(owners, geo, 0, POINTS, BONUS)
    for run in result.runs:
        assert len(run.tiles) >= 3 and all(owners[t] == 0 for t in run.tiles)
        line = next(tiles for d, tiles in geo.lines if d == run.direction and run.tiles[0] in tiles)
        start, end = line.index(run.tiles[0]), line.index(run.tiles[-1])
        assert start == 0 or owners[line[start - 1]] != 0
        assert end == len(line) - 1 or owners[line[end + 1]] != 0
    assert result.points == sum(POINTS[len(r.tiles)] for r in result.runs) + 2 * len(result.squids)


@given(boards, st.data())
def test_another_cube_of_your_own_never_lowers_your_score(case, data):
    rows, owners = case
    empty = [t for t, o in enumerate(owners) if o != 0]
    if not empty:
        return
    tile = data.draw(st.sampled_from(empty))
    geo = geometry(5, rows, False, 3)
    before = score(owners, geo, 0, POINTS, BONUS).points
    owners = owners[:tile] + [0] + owners[tile + 1:]
    assert score(owners, geo, 0, POINTS, BONUS).points >= before


def test_runs_of_a_full_board_are_every_row_and_column():
    geo = geometry(5, 3, False, 3)
    runs = runs_of([0] * 15, geo, 0, 3)
    assert sorted(len(r.tiles) for r in runs) == [3] * 5 + [5] * 3


@pytest.mark.parametrize("diagonals", [False, True])
@pytest.mark.parametrize("players", [2, 4])
def test_a_search_state_scores_every_round_as_the_recorded_game_does(players, diagonals):
    # Search states (bots' playouts, no log) score with board.points_of, without building the
    # runs and Squids the log names; the points must be the same.
    for seed in range(20):
        state = GAME.new_game(players, seed=seed, options={"diagonals": diagonals})
        search = state.clone(records=False)
        chooser = random.Random(seed)
        while not state.is_terminal():
            seat = state.to_move()[0]
            action = chooser.choice(state.legal_actions(seat))
            state.apply(seat, action)
            search.apply(seat, action)
        assert search.round_points == state.round_points, f"seed {seed}"
