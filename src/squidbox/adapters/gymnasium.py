"""Every squidbox game as a single-agent Gymnasium environment: you take one seat, bots the rest.

    from squidbox.adapters.gymnasium import SquidboxEnv
    e = SquidboxEnv("grid_squid", num_players=3, seat=0, opponents="heuristic")

Observations are {"observation": the game's designed observation of the seat (a bounded Box,
docs/observations.md), "action_mask": legal action ids}, as in the PettingZoo adapter. The
reward is 0 until the game ends, then the seat's return (1 win, 0 loss, shared wins split).
Opponents are squidbox bot specs ("random", "heuristic", "ismcts:iterations=100"), seeded from
the reset seed, and only see what their seats see. An action that is not legal now ends the
episode with `illegal_action_reward` (default -1) and info["illegal_action"] True, since
Gymnasium agents may sample any action.
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

import squidbox
from squidbox.bots import Bot, make_bot
from squidbox.engine import InvalidOptions, State
from squidbox.games.observations import observer


class SquidboxEnv(gym.Env):
    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game_id: str, num_players: int | None = None, seat: int = 0,
                 opponents: str = "random", options: dict[str, Any] | None = None,
                 render_mode: str | None = None, illegal_action_reward: float = -1.0) -> None:
        self.game = squidbox.get_game(game_id)
        self.num_players = num_players or self.game.min_players
        if not 0 <= seat < self.num_players:
            raise InvalidOptions(f"seat must be 0 to {self.num_players - 1}, not {seat}")
        self.seat = seat
        self.opponents = opponents
        make_bot(opponents, 0, self.game)  # validate the spec now
        self.options = options or {}
        self.game.new_game(self.num_players, seed=0, options=self.options)  # validate now
        self.render_mode = render_mode
        self.illegal_action_reward = illegal_action_reward
        self._observer = observer(self.game, self.num_players)
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(self._observer.layout.low(), self._observer.layout.high(),
                                      (self._observer.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.game.num_distinct_actions,), np.int8),
        })
        self.action_space = spaces.Discrete(self.game.num_distinct_actions)
        self.state: State | None = None
        self.bots: dict[int, Bot] = {}

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**62))
        self.state = self.game.new_game(self.num_players, seed=game_seed, options=self.options)
        bot_seeds = random.Random(game_seed)
        self.bots = {s: make_bot(self.opponents, bot_seeds.getrandbits(32), self.game)
                     for s in range(self.num_players) if s != self.seat}
        self._play_opponents()
        return self._observe(), {}

    def step(self, action: int
             ) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        assert self.state is not None, "call reset() first"
        legal = self.state.legal_actions(self.seat)
        choice = self.game.actions[int(action)] if 0 <= int(action) < len(self.game.actions) \
            else None
        if choice not in legal:
            return self._observe(), self.illegal_action_reward, True, False, {
                "illegal_action": True}
        self.state.apply(self.seat, choice)
        self._play_opponents()
        done = self.state.is_terminal()
        reward = self.state.returns()[self.seat] if done else 0.0
        return self._observe(), reward, done, False, {}

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.state is None:
            return None
        return self.game.render(self.state.view(self.seat))

    def _play_opponents(self) -> None:
        """Let the bots move until it is this seat's turn or the game is over."""
        assert self.state is not None
        while not self.state.is_terminal():
            others = [s for s in self.state.to_move() if s != self.seat]
            if not others:
                return
            seat = others[0]
            self.state.apply(seat, self.bots[seat].choose(self.state, seat))

    def _observe(self) -> dict[str, np.ndarray]:
        assert self.state is not None
        return {"observation": self._observer.observation(self.state, self.seat),
                "action_mask": self._observer.action_mask(self.state, self.seat)}
