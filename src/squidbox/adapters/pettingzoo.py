"""Every squidbox game as a PettingZoo AEC environment.

    from squidbox.adapters.pettingzoo import env
    e = env("grid_squid", num_players=3)

Agents are "player_0", "player_1", …, one per seat. Each observation is
{"observation": the game's designed observation of that seat (squidbox.games.observations,
 docs/observations.md; a Box with each value's real bounds),
 "action_mask": 1 for each action id legal for that seat now}. Actions are squidbox's stable
action ids. The agent selected is the seat to move (the first still to submit when several
decide at once; their choices stay hidden from one another). Rewards are 0 until the game ends,
then each seat's return (1 win, 0 loss, shared wins split). An illegal action raises
squidbox.IllegalAction and changes nothing.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import squidbox
from squidbox.engine import State
from squidbox.games.observations import observer


class SquidboxAECEnv(AECEnv):
    metadata = {"render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game_id: str, num_players: int | None = None,
                 options: dict[str, Any] | None = None, render_mode: str | None = None) -> None:
        super().__init__()
        self.game = squidbox.get_game(game_id)
        self.num_players = num_players or self.game.min_players
        self.options = options or {}
        self.game.new_game(self.num_players, seed=0, options=self.options)  # validate now
        self.metadata = {**self.metadata, "name": f"squidbox_{game_id}_v0"}
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(self.num_players)]
        self._observer = observer(self.game, self.num_players)
        self._observation_space = spaces.Dict({
            "observation": spaces.Box(self._observer.layout.low(), self._observer.layout.high(),
                                      (self._observer.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.game.num_distinct_actions,), np.int8),
        })
        self._action_space = spaces.Discrete(self.game.num_distinct_actions)
        self._seeds = random.Random()
        self.state: State | None = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds.seed(seed)
        # Without log or history (a search state): the env shows neither, and steps faster.
        self.state = self.game.new_game(self.num_players, seed=self._seeds.getrandbits(62),
                                        options=self.options).clone(records=False)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self._agent(min(self.state.to_move()))

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        assert self.state is not None, "call reset() first"
        seat = self._seat(agent)
        return {"observation": self._observer.observation(self.state, seat),
                "action_mask": self._observer.action_mask(self.state, seat)}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.state is not None, "call reset() first"
        self.state.apply(self._seat(agent), self.game.action_from_id(int(action)))
        self._cumulative_rewards[agent] = 0.0
        if self.state.is_terminal():
            returns = self.state.returns()
            self.rewards = {a: returns[self._seat(a)] for a in self.agents}
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self.agent_selection = self._agent(min(self.state.to_move()))
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.state is None:
            return None
        return self.game.render(self.state.view(None))

    def close(self) -> None:
        self.state = None

    def _seat(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def _agent(self, seat: int) -> str:
        return self.possible_agents[seat]


def env(game_id: str, num_players: int | None = None, options: dict[str, Any] | None = None,
        render_mode: str | None = None) -> SquidboxAECEnv:
    return SquidboxAECEnv(game_id, num_players, options, render_mode)
