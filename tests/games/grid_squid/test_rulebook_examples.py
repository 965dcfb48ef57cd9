"""The rulebook's own examples, played through the real turn flow."""

from squidbox.games.grid_squid.board import score

from .positions import GAME, position

# The pictured first scoring ("squid_3"): a 3-player game, 5×4 board. The picture is lost, so
# this board is drawn from its caption: each player scores 1 point; Yellow needs only to close
# the gap in the top row for a Squid worth 1+2+2; Red can do the same by taking the centre
# tile Yellow holds.
COLOURS = ["Red", "Blue", "Yellow"]
RED, BLUE, YELLOW = 0, 1, 2
SYMBOLS = """
    D H T B D
    H T B D H
    T B D H T
    B D H T B
"""
FIRST_SCORING = """
    B Y . Y B
    . R Y . B
    R R Y R B
    B R Y . .
"""


def points_on(state, seat):
    data = GAME.data
    return score(state.owner, state.geo, seat, data.line_points, data.squid_bonus).points


def test_a_line_of_three_crossing_a_line_of_four_scores_1_plus_2_plus_2():
    state = position("""
        . . R . .
        R R R R .
        . . R . .
    """, colours=["Red", "Blue"])
    result = score(state.owner, state.geo, 0, GAME.data.line_points, GAME.data.squid_bonus)
    assert sorted(len(run.tiles) for run in result.runs) == [3, 4]
    assert len(result.squids) == 1
    assert result.points == 1 + 2 + 2


def test_pictured_first_scoring_gives_each_player_one_point():
    state = position(FIRST_SCORING, colours=COLOURS, symbols=SYMBOLS)
    assert [points_on(state, seat) for seat in (RED, BLUE, YELLOW)] == [1, 1, 1]


def test_yellow_closing_the_top_row_gap_completes_a_squid_worth_five():
    # Yellow plays her last card of the round, Three Circles, on the gap C1.
    state = position(FIRST_SCORING, colours=COLOURS, symbols=SYMBOLS,
                     hands={YELLOW: ["Three Circles"]}, current=YELLOW)
    assert "place C1" in state.legal_actions(YELLOW)
    state.apply(YELLOW, "place C1")
    assert state.round_points == [[1, 1, 1 + 2 + 2]]
    assert state.round == 2


def test_red_taking_the_centre_tile_from_yellow_completes_a_squid_worth_five():
    state = position(FIRST_SCORING, colours=COLOURS, symbols=SYMBOLS,
                     hands={RED: ["Drop"]}, current=RED)
    yellow_supply = state.supply[YELLOW]
    state.apply(RED, "place C3")  # Drop on C3: 2 cubes, one more than Yellow has there
    assert state.round_points == [[1 + 2 + 2, 1, 0]]  # Yellow's column is broken
    assert state.supply[YELLOW] == yellow_supply + 1  # her cube came back
    assert state.cubes[2 * 5 + 2] == 1  # after scoring the excess red cube went back too
    assert state.supply[RED] == GAME.data.cubes_per_player - 5 - 1
    texts = [event["text"] for event in state.log(BLUE)]
    assert "Red places 2 cubes on Drop C3, taking it from Yellow." in texts
