"""A game's batched version (`squidbox.vector.batched(game_id)`) as a Gymnasium VectorEnv for one
learning seat.

    from squidbox.vector.gym_env import BatchedVectorEnv
    env = BatchedVectorEnv(game_id, num_envs=1024, num_players=2, opponent="random")
    obs, info = env.reset(seed=0)
    obs, rewards, terminated, truncated, info = env.step(actions)  # info["action_mask"]

The learner always sits in `seat`; the other seats are played by a batched opponent ("random",
or one the game's batched version offers) until it is the learner's turn again. Rewards are the
learner's engine returns (1 for a win, shared in a tie, 0 otherwise) at the end of a game. A
finished game is reset in the same step (Gymnasium's SAME_STEP autoreset): the observation
returned is the new game's."""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode

from squidbox.engine import InvalidOptions

from .batched import batched
from .opponents import opponent_actions, opponent_kinds


class BatchedVectorEnv(gym.vector.VectorEnv):
    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}

    def __init__(self, game_id: str, num_envs: int, num_players: int = 2,
                 options: dict[str, Any] | None = None, opponent: str = "random", seat: int = 0,
                 backend: str = "numpy") -> None:
        game = batched(game_id)
        kinds = opponent_kinds(game)
        if opponent not in kinds:
            raise InvalidOptions(f"unknown opponent {opponent!r}; valid: {', '.join(kinds)}")
        self.batch = game(num_players, num_envs, options, backend=backend)
        if type(seat) is not int or not 0 <= seat < num_players:
            raise InvalidOptions(f"the learner's seat must be 0 to {num_players - 1}, not {seat!r}")
        self.num_envs = num_envs
        self.seat = seat
        self.opponent = opponent
        size = self.batch.observation_size
        self.single_observation_space = spaces.Box(0.0, np.inf, (size,), np.float32)
        self.single_action_space = spaces.Discrete(self.batch.num_actions)
        self.observation_space = spaces.Box(0.0, np.inf, (num_envs, size), np.float32)
        self.action_space = spaces.MultiDiscrete(np.full(num_envs, self.batch.num_actions))
        self._rng = np.random.default_rng()

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        """Games get seeds seed, seed+1, ... (as the batch's reset); the opponents' choices
        come from a generator seeded with the same seed."""
        if options:
            raise InvalidOptions("choose the game's options when creating the environment")
        self._rng = np.random.default_rng(seed)
        self.batch.reset(seed=seed)
        rewards = np.zeros(self.num_envs)
        dones = np.zeros(self.num_envs, dtype=bool)
        self._opponents_play(rewards, dones)
        return self._observe(), {"action_mask": self.action_masks()}

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray,
                                          dict[str, Any]]:
        rewards, dones = self.batch.apply(np.asarray(actions))
        rewards = rewards[:, self.seat].copy()
        dones = dones.copy()
        self._opponents_play(rewards, dones)
        info = {"action_mask": self.action_masks(),
                "final_scores": self.batch.final_scores.copy()}
        return self._observe(), rewards, dones, np.zeros(self.num_envs, dtype=bool), info

    def action_masks(self) -> np.ndarray:
        """The learner's legal actions in each game (sb3-contrib's MaskablePPO calls this)."""
        return self.batch.masks.copy()

    def _opponents_play(self, rewards: np.ndarray, dones: np.ndarray) -> None:
        """Opponents move until the learner is to move in every game (a game the learner's
        move finished, or one that finishes now, is already reset and counted in dones)."""
        batch = self.batch
        while True:
            waiting = np.flatnonzero(batch.current != self.seat)
            if not len(waiting):
                return
            actions = opponent_actions(self.opponent, batch, waiting, self._rng)
            step_rewards, step_dones = batch.apply(actions, waiting)
            finished = step_dones & ~dones  # at most one game ends per env and step
            rewards[finished] = step_rewards[finished, self.seat]
            dones |= step_dones

    def _observe(self) -> np.ndarray:
        return self.batch.observe(self.seat)
