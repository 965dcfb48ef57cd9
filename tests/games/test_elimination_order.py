"""SQUID and Squid Game rank the players who lost by when they went out: the later out ranks
higher, players out together share a rank, and the results say the order in words."""

import random

import pytest

import squidbox
from squidbox.games.squid_circle.results import results as circle_results
from squidbox.games.squid_game.results import results as squid_game_results


def played(game_id, players, seed):
    state = squidbox.get_game(game_id).new_game(players, seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        seat = next(s for s in state.to_move() if state.legal_actions(s))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def ranks(found):
    return {row["name"]: row["rank"] for row in found.to_json()["rows"]}


@pytest.mark.parametrize("seed", [1, 2])
def test_squid_ranks_the_last_out_above_the_first_out(seed):
    state = played("squid_circle", 4, seed)
    out = [state.seat_names()[e["seat"]] for e in state.log(None) if e["type"] == "out"]
    assert len(out) == 3
    found = circle_results(state)
    rank = ranks(found)
    assert [rank[name] for name in reversed(out)] == [2, 3, 4]
    assert found.tie_break == (f"Out in this order: {out[0]}, then {out[1]}, then {out[2]}; "
                               "the later out ranks higher.")


def test_squid_game_ranks_teams_by_when_their_last_token_went_out():
    state = played("squid_game", 4, 2)  # the last game: Red, then Yellow, then White go out
    names = state.seat_names()
    log = state.log(None)
    start = max(i for i, e in enumerate(log) if e["type"] == "game")
    last_out = {names[e["seat"]]: i for i, e in enumerate(log[start:]) if e["type"] == "eliminated"}
    found = squid_game_results(state)
    out = sorted((n for n in names if n not in found.to_json()["winners"]), key=last_out.get)
    assert out == ["Red", "Yellow", "White"]
    assert [ranks(found)[n] for n in reversed(out)] == [2, 3, 4]
    assert found.tie_break.endswith(
        "Out in this order: Red, then Yellow, then White; the later out ranks higher.")


def test_squid_game_teams_eliminated_together_at_the_squid_head_share_a_rank():
    state = played("squid_game", 4, 1)  # Pink reaches the Squid Head; all others go at once
    found = squid_game_results(state)
    assert found.to_json()["winners"] == ["Pink"]
    assert ranks(found) == {"Pink": 1, "White": 2, "Red": 2, "Yellow": 2}
    assert found.tie_break.endswith(
        "Out in this order: White, Red and Yellow together; the later out ranks higher.")
