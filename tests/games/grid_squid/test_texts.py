"""The game-over line counts points in words: "1 point", "2 points"."""

import pytest

from .positions import GAME


@pytest.mark.parametrize(("points", "text"), [(1, "Red wins with 1 point."),
                                              (2, "Red wins with 2 points.")])
def test_the_game_over_line_uses_a_real_plural(points, text):
    state = GAME.new_game(2, seed=0, options={"colours": ["Red", "Blue"]})
    state.round_points = [[points, 0]]
    state._end_game()  # the real end of the game, on these totals
    assert state.log(None)[-1]["text"] == text
