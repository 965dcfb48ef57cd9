"""The generic entry point to a game's batched version: B games played at once as arrays.

A game has one when its folder provides a `batched` part (a module `games/<id>/batched.py` or a
package `games/<id>/batched/`) whose `Batch` class follows `BatchedGame`; `batched(game_id)`
finds it by game id, so that callers (the `bench --vector` command, the Gymnasium env, learners)
never name a game."""

from __future__ import annotations

import importlib.util
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Protocol

from squidbox.engine import InvalidOptions
from squidbox.games import REGISTERED
from squidbox.registry import game_part

if TYPE_CHECKING:
    import numpy as np


class BatchRules(Protocol):
    @property
    def max_decisions(self) -> int:
        """The most decisions one game can take."""


class BatchedGame(Protocol):
    """What the generic callers use of a batched game (a game's `batched` part has one)."""

    num_actions: int
    observation_size: int
    masks: np.ndarray  # [B, actions]: the legal actions of each game
    current: np.ndarray  # [B]: the seat to move in each game
    final_scores: np.ndarray  # [B, players]: the scores of the game that last finished in each slot
    deal_seconds: float  # time spent dealing new games (for benchmarks)

    @property
    def rules(self) -> BatchRules: ...

    @property
    def opponents(self) -> Mapping[str, Callable[[Any, np.ndarray, np.random.Generator],
                                                 np.ndarray]]:
        """Batched bots for the seats a learner does not play, besides "random": name to
        function (batch, games, rng) -> one action id per game."""

    def reset(self, seed: int | None = None, seeds: Any = None) -> tuple[np.ndarray, np.ndarray]:
        """Start B games: (observations, masks)."""

    def apply(self, actions: Any, games: Any = None) -> tuple[np.ndarray, np.ndarray]:
        """Play one action per game without building observations: (rewards, dones)."""

    def observe(self, seats: Any = None) -> np.ndarray:
        """[B, observation_size]: each game's observation for the seat given (default: the seat
        to move)."""

    def memory_per_game(self) -> int:
        """Bytes of state per game."""


class BatchedGameClass(Protocol):
    @property
    def opponents(self) -> Mapping[str, Callable[[Any, np.ndarray, np.random.Generator],
                                                 np.ndarray]]: ...

    def __call__(self, num_players: int, batch_size: int, options: dict[str, Any] | None = None,
                 backend: str = "numpy") -> BatchedGame: ...


def batched_games() -> list[str]:
    """The ids of the games that have a batched version."""
    return [game_id for game_id in REGISTERED
            if importlib.util.find_spec(f"{REGISTERED[game_id]}.batched") is not None]


def batched(game_id: str) -> BatchedGameClass:
    """The batched version of the game `game_id`; InvalidOptions when it has none."""
    part = game_part(game_id, "batched")
    if part is None:
        raise InvalidOptions(f"{game_id} has no batched version; the games with one: "
                             f"{', '.join(batched_games()) or 'none'}")
    found: BatchedGameClass = part.Batch
    return found
