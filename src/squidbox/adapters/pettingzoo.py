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

    from squidbox.adapters.pettingzoo import parallel_env
    e = parallel_env("squid_circle", num_players=4)

The parallel environment makes one step of each decision that several seats take at once
(SQUID's votes, Squid Game's face-down cards): every seat to move gives its action in the same
step, and none sees another's before. In the games where one seat moves at a time a step has a
single mover. Observations and spaces are the AEC environment's; a seat that is not to move has
an action mask of zeros and its action is ignored. Every agent stays until the game ends. An
illegal action from a seat to move ends the game for everyone, as in the Gymnasium adapter:
that seat gets `illegal_action_reward` (default -1), the others 0, and its info says
"illegal_action"; the game state is left as it was before the step.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

import squidbox
from squidbox.engine import IllegalAction, InvalidOptions, State
from squidbox.games.observations import observer

Observation = dict[str, np.ndarray]  # "observation" and "action_mask"
Info = dict[str, Any]
# observations, rewards, terminations, truncations and infos, per agent
ParallelStep = tuple[dict[str, Observation], dict[str, float], dict[str, bool], dict[str, bool],
                     dict[str, Info]]


class SquidboxAECEnv(AECEnv):  # type: ignore[misc]  # pettingzoo has no types
    metadata: dict[str, Any] = {"render_modes": ["ansi"], "is_parallelizable": False}

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
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._observer = observer(self.game, self.num_players)
        self._observation_space = spaces.Dict({
            "observation": spaces.Box(self._observer.layout.low(), self._observer.layout.high(),
                                      (self._observer.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.game.num_distinct_actions,), np.int8),
        })
        self._action_space = spaces.Discrete(self.game.num_distinct_actions)
        self._seeds = random.Random()
        self.state: State | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
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
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self._agent(min(self.state.to_move()))

    def observe(self, agent: str) -> Observation:
        state = self.state
        assert state is not None, "call reset() first"
        seat = self._seats[agent]
        observer = self._observer
        return {"observation": observer.observation(state, seat),
                "action_mask": observer.action_mask(state, seat)}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.state is not None, "call reset() first"
        if action is None:
            raise IllegalAction(f"{agent} is to move: give an action id, not None")
        state = self.state
        state.apply(self._seats[agent], self.game.action_from_id(int(action)))
        self._cumulative_rewards[agent] = 0.0
        if state.is_terminal():
            returns = state.returns()
            self.rewards = {a: returns[self._seats[a]] for a in self.agents}
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
        else:
            # Rewards are 0 until the game ends (reset set them so): nothing to add up.
            self.agent_selection = self.possible_agents[min(state.to_move())]

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.state is None:
            return None
        return self.game.render(self.state.view(None))

    def close(self) -> None:
        self.state = None

    def _seat(self, agent: str) -> int:
        return self._seats[agent]

    def _agent(self, seat: int) -> str:
        return self.possible_agents[seat]


def env(game_id: str, num_players: int | None = None, options: dict[str, Any] | None = None,
        render_mode: str | None = None) -> SquidboxAECEnv:
    return SquidboxAECEnv(game_id, num_players, options, render_mode)


class SquidboxParallelEnv(ParallelEnv):  # type: ignore[misc]  # no types
    metadata: dict[str, Any] = {"render_modes": ["ansi"]}

    def __init__(self, game_id: str, num_players: int | None = None,
                 options: dict[str, Any] | None = None, render_mode: str | None = None,
                 illegal_action_reward: float = -1.0) -> None:
        # The AEC environment keeps the state and writes the observations, so that both
        # environments observe alike.
        self.aec = SquidboxAECEnv(game_id, num_players, options, render_mode)
        self.game = self.aec.game
        self.metadata = {**self.metadata, "name": self.aec.metadata["name"]}
        self.render_mode = render_mode
        self.illegal_action_reward = illegal_action_reward
        self.possible_agents = self.aec.possible_agents[:]
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.aec.observation_space(agent)

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.aec.action_space(agent)

    @property
    def state(self) -> State | None:
        return self.aec.state

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, Observation], dict[str, Info]]:
        self.aec.reset(seed=seed)
        self.agents = self.possible_agents[:]
        return self._observe(), {agent: {} for agent in self.agents}

    def step(self, actions: dict[str, Any]) -> ParallelStep:
        """One decision: the actions of every seat to move now, applied together."""
        state = self.aec.state
        if state is None or not self.agents:
            raise InvalidOptions("the game is over or not started: call reset()")
        movers = state.to_move()
        chosen = {}
        for seat in movers:
            agent = self.possible_agents[seat]
            action = self._legal_choice(state, seat, actions.get(agent))
            if action is None:
                return self._end_by_illegal_action(agent)
            chosen[seat] = action
        for seat, action in chosen.items():
            state.apply(seat, action)
        observations = self._observe()
        infos: dict[str, Info] = {agent: {} for agent in self.agents}
        if state.is_terminal():
            returns = state.returns()
            rewards = {agent: returns[self.aec._seat(agent)] for agent in self.agents}
            return self._finish(observations, rewards, infos)
        rewards = dict.fromkeys(self.agents, 0.0)
        done = dict.fromkeys(self.agents, False)
        return observations, rewards, done, dict(done), infos

    def render(self) -> str | None:
        return self.aec.render()

    def close(self) -> None:
        self.aec.close()

    def _legal_choice(self, state: State, seat: int, action: Any) -> str | None:
        """The engine action for an action id, if it is legal for the seat now."""
        if action is None or not 0 <= int(action) < len(self.game.actions):
            return None
        choice = self.game.actions[int(action)]
        return choice if choice in state.legal_actions(seat) else None

    def _end_by_illegal_action(self, offender: str) -> ParallelStep:
        rewards = {agent: self.illegal_action_reward if agent == offender else 0.0
                   for agent in self.agents}
        infos: dict[str, Info] = {agent: {} for agent in self.agents}
        infos[offender]["illegal_action"] = True
        return self._finish(self._observe(), rewards, infos)

    def _finish(self, observations: dict[str, Observation], rewards: dict[str, float],
                infos: dict[str, Info]) -> ParallelStep:
        terminations = dict.fromkeys(self.agents, True)
        truncations = dict.fromkeys(self.agents, False)
        self.agents = []
        return observations, rewards, terminations, truncations, infos

    def _observe(self) -> dict[str, Observation]:
        return {agent: self.aec.observe(agent) for agent in self.agents}


def parallel_env(game_id: str, num_players: int | None = None,
                 options: dict[str, Any] | None = None, render_mode: str | None = None,
                 illegal_action_reward: float = -1.0) -> SquidboxParallelEnv:
    return SquidboxParallelEnv(game_id, num_players, options, render_mode,
                               illegal_action_reward)
