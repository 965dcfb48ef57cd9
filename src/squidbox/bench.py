"""Random-playout benchmark: how many games and decisions per second, without any checks."""

from __future__ import annotations

import platform
import random
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .engine import Game


@dataclass(frozen=True)
class BenchResult:
    game: str
    num_players: int
    games: int
    decisions: int  # apply calls
    seconds: float
    cpu_seconds: float = 0.0  # process CPU time: steadier than wall time on a shared machine

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    @property
    def decisions_per_second(self) -> float:
        return self.decisions / self.seconds if self.seconds > 0 else 0.0

    @property
    def decisions_per_cpu_second(self) -> float:
        return self.decisions / self.cpu_seconds if self.cpu_seconds > 0 else 0.0


def random_playouts(
    game: Game,
    num_players: int,
    seconds: float,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
) -> BenchResult:
    """Play whole random games with seeds seed, seed+1, … until `seconds` have passed (at least
    one game is always finished)."""
    choice = random.Random(seed).choice
    clock = time.perf_counter
    games = decisions = 0
    start = clock()
    cpu = time.process_time()
    deadline = start + seconds
    while True:
        state = game.new_game(num_players, seed + games, options)
        to_move, legal_actions, apply = state.to_move, state.legal_actions, state.apply
        while movers := to_move():
            player = movers[0] if len(movers) == 1 else choice(movers)
            apply(player, choice(legal_actions(player)))
            decisions += 1
        games += 1
        if clock() >= deadline:
            break
    return BenchResult(game.id, num_players, games, decisions, clock() - start,
                       time.process_time() - cpu)


def bench(
    game: Game,
    player_counts: Iterable[int] | None = None,
    seconds: float = 3.0,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
) -> list[BenchResult]:
    """random_playouts for each player count (all the game's counts by default)."""
    counts = game.player_counts if player_counts is None else player_counts
    return [random_playouts(game, n, seconds, seed, options) for n in counts]


@dataclass(frozen=True)
class VectorBenchResult(BenchResult):
    backend: str = "numpy"
    batch: int = 0
    bytes_per_game: int = 0
    reset_seconds: float = 0.0  # the first reset (B seeded deals), not counted in `seconds`
    deal_seconds: float = 0.0  # the part of `seconds` spent dealing new games (auto-reset)


def vector_playouts(
    game_id: str,
    num_players: int,
    batch_size: int,
    seconds: float,
    backend: str = "numpy",
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
) -> VectorBenchResult:
    """Random playouts of a game's batched version (squidbox.vector.batched): uniformly random
    legal actions for B games at once, auto-reset with the engine's seeded deals included, no
    observations built. The first reset and one warm-up game (numba and JAX compile there) are
    timed apart; the timed part lasts `seconds` and at least one whole game, so that it always
    includes dealing new games."""
    import numpy as np

    from .vector import batched
    from .vector.opponents import random_actions

    batch = batched(game_id)(num_players, batch_size, dict(options or {}), backend=backend)
    rng = np.random.default_rng(seed)
    clock = time.perf_counter
    start = clock()
    batch.reset(seed=seed)
    reset_seconds = clock() - start
    steps_per_game = batch.rules.max_decisions
    for _ in range(steps_per_game):
        batch.apply(random_actions(batch.masks, rng))
    batch.deal_seconds = 0.0
    games = decisions = steps = 0
    start = clock()
    cpu = time.process_time()
    deadline = start + seconds
    while True:
        _, dones = batch.apply(random_actions(batch.masks, rng))
        decisions += batch_size
        games += int(dones.sum())
        steps += 1
        if steps >= steps_per_game and clock() >= deadline:
            break
    return VectorBenchResult(game_id, num_players, games, decisions, clock() - start,
                             time.process_time() - cpu, backend, batch_size,
                             batch.memory_per_game(), reset_seconds, batch.deal_seconds)


def python_description() -> str:
    return (f"{platform.python_implementation()} {platform.python_version()} "
            f"on {platform.system()} {platform.machine()}")
