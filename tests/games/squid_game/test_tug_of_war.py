"""TUG OF WAR: the Balance Rule, highest total, the "three steps" 0 rule, ties, the VIPs."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from squidbox.games.squid_game.tug_of_war import battle_winner

from .positions import PINK, RED, WHITE, play_cards, single, step, texts

A, B = 0, 1


def battle(at):
    """Team A (index 0) against team B (index 1), tokens already placed."""
    state = single("tug_of_war", [[1, 69], [21, 70], [17]])
    state.g["at"] = {str(t): team for t, team in at.items()}
    play_cards(state)
    return state


def test_no_zero_the_highest_total_wins():
    assert battle_winner([9, 5], 0, [2, 2]) == A


@pytest.mark.parametrize(("totals", "zeros", "winner"), [
    ([2, 9], 1, A),  # one 0: the lowest total wins
    ([5, 1], 2, A),  # two 0s cancel out, even on the same side: the highest total wins
    ([0, 3], 3, A),  # three 0s: the lowest total wins again
    ([9, 4], 4, A),  # four 0s: the highest
])
def test_the_three_steps_rule_by_the_number_of_zeros(totals, zeros, winner):
    assert battle_winner(totals, zeros, [2, 2]) == winner


def test_a_tie_goes_to_more_tokens_then_the_vips_eliminate_both():
    assert battle_winner([5, 5], 1, [2, 1]) == A
    assert battle_winner([5, 5], 0, [1, 2]) == B
    assert battle_winner([5, 5], 0, [2, 2]) is None


@given(st.lists(st.integers(0, 5), min_size=1, max_size=6),
       st.lists(st.integers(0, 5), min_size=1, max_size=6))
def test_swapping_the_sides_swaps_the_winner(left, right):
    totals, zeros = [sum(left), sum(right)], left.count(0) + right.count(0)
    tokens = [len(left), len(right)]
    winner = battle_winner(totals, zeros, tokens)
    swapped = battle_winner(totals[::-1], zeros, tokens[::-1])
    assert swapped == (None if winner is None else 1 - winner)


def test_one_zero_played_lets_the_lower_total_pull():
    # White 001 and 069 on team A, Pink 021 and 070 on team B, Red 017 on team C alone.
    state = battle({1: A, 69: A, 21: B, 70: B, 17: 2})
    state.apply(WHITE, "play 0 on A")
    state.apply(WHITE, "play 2 on A")
    state.apply(PINK, "play 4 on B")
    state.apply(PINK, "play 5 on B")
    state.apply(RED, "play 5 on C")
    assert state.team == [[1, 69], [], [17]]
    assert any("team A wins" in t and "1 zero" in t for t in texts(state))
    assert "Red 017 survives: team C wins its battle." in texts(state)


def test_two_zeros_on_opposite_sides_cancel_out():
    state = battle({1: A, 69: A, 21: B, 70: B, 17: 2})
    for seat, action in [(WHITE, "play 0 on A"), (WHITE, "play 5 on A"),
                         (PINK, "play 0 on B"), (PINK, "play 1 on B"), (RED, "play 1 on C")]:
        state.apply(seat, action)
    assert state.team[WHITE] == [1, 69] and state.team[PINK] == []


def test_three_zeros_the_lowest_total_wins():
    # White 001 and Pink 021 on A; Red 017 and White 069 on B.
    state = battle({1: A, 21: A, 17: B, 69: B, 70: 2})
    for seat, action in [(WHITE, "play 0 on A"), (WHITE, "play 3 on B"),
                         (PINK, "play 0 on A"), (PINK, "play 4 on C"), (RED, "play 0 on B")]:
        state.apply(seat, action)
    # A totals 0, B totals 3, three zeros: the lowest total wins.
    assert state.team == [[1], [21, 70], []]


def test_the_balance_rule_and_the_24_places():
    state = single("tug_of_war", [[1, 69, 111], [21], [17]])
    order = state.g["order"]
    assert order[0] == WHITE  # most tokens
    state.apply(WHITE, "token 111")
    state.apply(WHITE, "team A")
    # B may take a token; A may not get a second token before B has one.
    assert "team A" not in state.legal_actions(PINK)
    assert "team B" in state.legal_actions(PINK)


def test_tokens_without_a_place_are_eliminated():
    # Six teams of five: 30 tokens for 24 places.
    teams = [[1, 69, 111, 122, 176], [21, 70, 96, 149, 158], [17, 44, 101, 137, 163],
             [29, 68, 84, 119, 187], [9, 56, 107, 143, 171], [34, 67, 79, 128, 184]]
    state = single("tug_of_war", teams)
    while step(state) == "place":
        seat = state.to_move()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    assert sum(len(team) for team in state.team) == 24
    assert sum(len(bank) for bank in state.bank) == 6


@given(st.lists(st.integers(0, 5), min_size=1, max_size=40))
def test_the_balance_rule_always_leaves_a_place_until_the_board_is_full(picks):
    teams = [[1, 69, 111, 122, 176, 218, 251, 286, 325], [21, 70, 96, 149, 158, 212, 244, 271],
             [17, 44, 101, 137, 163, 199, 262, 278]]
    state = single("tug_of_war", teams)
    for pick in picks:
        if step(state) != "place":
            break
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        assert legal, "a token could not be placed although places were free"
        state.apply(seat, legal[pick % len(legal)])
        counts = [list(state.g["at"].values()).count(team) for team in range(6)]
        for left in (0, 2, 4):
            assert abs(counts[left] - counts[left + 1]) <= 1
        assert max(counts) <= 4


def test_you_choose_which_of_your_tokens_to_place():
    # "Take turns placing a token": White may put its low 001 on team A and keep 111 for later.
    state = single("tug_of_war", [[1, 69, 111], [21], [17]])
    assert state.legal_actions(WHITE) == ["token 1", "token 69", "token 111"]
    state.apply(WHITE, "token 1")
    assert state.legal_actions(WHITE) == ["team A", "team B", "team C", "team D", "team E",
                                          "team F"]
    state.apply(WHITE, "team A")
    assert state.g["at"]["1"] == A and state.g["at"]["111"] is None
    assert "White 001 joins team A." in texts(state)
    state.apply(PINK, "team B")  # one token: no choice to make
    state.apply(RED, "team C")
    state.apply(WHITE, "token 111")
    state.apply(WHITE, "team D")
    state.apply(WHITE, "team E")  # White's last token, 069
    assert state.g["at"] == {"1": A, "69": 4, "111": 3, "21": B, "17": 2}


def test_two_zeros_on_the_same_side_cancel_out():
    # "two "0"s, even on the same side, cancel each other out and the highest total wins."
    # White 001 and Pink 021 on A play both 0s; Red 017 and White 069 on B total 4.
    state = battle({1: A, 21: A, 17: B, 69: B, 70: 2})
    for seat, action in [(WHITE, "play 0 on A"), (WHITE, "play 3 on B"),
                         (PINK, "play 0 on A"), (PINK, "play 4 on C"), (RED, "play 1 on B")]:
        state.apply(seat, action)
    assert state.team == [[69], [70], [17]]
