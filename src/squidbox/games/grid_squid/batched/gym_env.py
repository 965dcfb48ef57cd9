"""Grid Squid's Gymnasium VectorEnv for one learning seat: the generic
`squidbox.vector.gym_env.BatchedVectorEnv` with the game chosen.

    from squidbox.games.grid_squid.batched.gym_env import GridSquidVectorEnv
    env = GridSquidVectorEnv(num_envs=1024, num_players=2, opponent="greedy")  # or "random"
"""

from __future__ import annotations

from typing import Any

from squidbox.vector.gym_env import BatchedVectorEnv


class GridSquidVectorEnv(BatchedVectorEnv):
    def __init__(self, num_envs: int, num_players: int = 2, options: dict[str, Any] | None = None,
                 opponent: str = "random", seat: int = 0, backend: str = "numpy") -> None:
        super().__init__("grid_squid", num_envs, num_players, options, opponent, seat, backend)
