"""What the log and results say about −1 crown tokens."""

from squidbox.games.directors.results import results
from squidbox.games.directors.turn import end_game

from .positions import act, command, table


def texts(state):
    """The whole log as one text (the log may join lines of one step)."""
    return " ".join(event["text"] for event in state.log(None))


def bishop_discards(minus):
    state = table(hands={0: ["Hero", "Horse", "Spy"], 1: [], 2: []}, minus={0: minus})
    command(state, "Bishop")
    act(state, "discard Hero", "discard Horse", "discard Spy")
    return state, state.seat_name(0)


def test_removing_with_no_tokens_says_so_instead_of_removing_minus_0():
    state, name = bishop_discards(minus=0)
    assert f"{name} has no −1 crown tokens to remove." in texts(state)
    assert "-0" not in texts(state)


def test_removing_one_token_is_singular():
    state, name = bishop_discards(minus=1)
    assert f"{name} removes -1 crown." in texts(state)


def test_the_results_column_names_the_tokens_like_the_details():
    state, name = bishop_discards(minus=5)
    found = results(state)
    assert "−1 crown tokens" in found.columns
    assert any(detail.endswith("2 −1 crown tokens") for detail in found.details)


def test_the_game_over_line_says_1_crown():
    state = table(play={0: ["Alpha"]})
    end_game(state)  # the real end of the game, on this table
    state.flush_log()  # as after every decision
    assert texts(state).endswith(f"The game is over. {state.seat_name(0)} wins with 1 crown.")
