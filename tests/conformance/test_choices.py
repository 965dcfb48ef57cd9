"""The hidden-choice and search-state checks catch a game that disagrees with its declaration:
each planted bug below changes one thing of a real game (a resample, a view, a scorer), and the
conformance suite must name it. The real games pass the same checks (test_guarantees.py)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import squidbox
from squidbox.conformance import ConformanceError, check_playout
from squidbox.games.grid_squid import board as grid_board
from squidbox.games.grid_squid import state as grid_state
from squidbox.games.squid_circle.state import SquidCircleState
from squidbox.games.squid_game.marbles import Marbles
from squidbox.games.squid_game.red_light_green_light import RedLightGreenLight
from squidbox.games.squid_game.state import SquidGameState


def playouts(game_id: str, players: int, options: dict[str, Any], seeds: int = 3) -> None:
    game = squidbox.get_game(game_id)
    for seed in range(seeds):
        check_playout(game, players, seed, options, deep_every=1 if seed == 0 else 0)


def test_a_resample_that_keeps_the_true_guess_is_caught(monkeypatch):
    # Bots resampling Odd Even would know the opponent's guess.
    original = SquidGameState._resample

    def keeps_the_guess(self: SquidGameState, player: int, rng: random.Random) -> None:
        duel = self.g.get("duel") if self.g else None
        guess = None if duel is None else duel["guess"]
        original(self, player, rng)
        if guess is not None:
            self.g["duel"]["guess"] = guess

    monkeypatch.setattr(SquidGameState, "_resample", keeps_the_guess)
    with pytest.raises(ConformanceError, match=r"never redraws g\.duel\.guess"):
        playouts("squid_game", 3, {"game": "marbles"})


def test_a_view_showing_others_votes_is_caught(monkeypatch):
    original = SquidCircleState._view

    def shows_every_vote(self: SquidCircleState, viewer: int | None) -> dict[str, Any]:
        return {**original(self, viewer), "votes": list(self.votes)}

    monkeypatch.setattr(SquidCircleState, "_view", shows_every_vote)
    with pytest.raises(ConformanceError, match=r"view shows votes\[\d\], declared hidden"):
        playouts("squid_circle", 3, {})


def test_a_view_hiding_a_seats_own_card_is_caught(monkeypatch):
    original = RedLightGreenLight.view

    def forgets_my_card(self: Any, s: SquidGameState, viewer: int | None) -> dict[str, Any]:
        return {**original(self, s, viewer), "my_card": None}

    monkeypatch.setattr(RedLightGreenLight, "view", forgets_my_card)
    with pytest.raises(ConformanceError,
                       match=r"g\.played\[\d\] is declared seen by seat \d, but seat \d's view"):
        playouts("squid_game", 3, {"game": "red_light_green_light"})


def test_a_view_reads_hidden_values_through_the_declaration(monkeypatch):
    # Forgetting to declare the guess cannot let a resample keep it unnoticed: the view asks
    # the declaration who may see it.
    monkeypatch.setattr(Marbles, "choices", Marbles.choices[:1])
    with pytest.raises(ConformanceError, match="declares no hidden choice 'g.duel.guess'"):
        playouts("squid_game", 3, {"game": "marbles"})


def test_a_search_state_scorer_that_disagrees_is_caught(monkeypatch):
    # Search states score a round without building the log's runs and Squids; bots' rollouts
    # would be scored wrongly if that shortcut counted one Squid per run at most.
    def one_squid_per_run(mine: int, geo: Any, line_points: dict[int, int],
                          squid_bonus: int) -> int:
        runs = grid_board.runs_in(mine, geo, min(line_points))
        points = 0
        for i, a in enumerate(runs):
            points += line_points[len(a.tiles)]
            if any(a.direction != b.direction and a.mask & b.mask for b in runs[i + 1:]):
                points += squid_bonus
        return points

    monkeypatch.setattr(grid_state, "points_of", one_squid_per_run)
    with pytest.raises(ConformanceError, match="search state .* reaches another game state"):
        playouts("grid_squid", 2, {"diagonals": True}, seeds=40)
