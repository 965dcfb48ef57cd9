"""A small neural policy for any game in plain NumPy: trained on a game's batched version,
played through the engine as the bot spec `policy:path=FILE.npz`.

The file holds the weights of a one-hidden-layer network (observation -> tanh -> action logits)
and the game, player count and options it was trained for. The bot builds the game's designed
observation of its seat from the engine state (the layout a batched version writes), so it sees
only what the seat sees, and plays the legal action with the highest logit (or samples, with
`sample=1`)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import numpy as np

from squidbox.engine import Action, Game, InvalidOptions, State, UnknownGame
from squidbox.engine.options import resolve_options
from squidbox.games.observations import observer
from squidbox.registry import get_game

WEIGHTS = ("w1", "b1", "w2", "b2")


class Policy:
    def __init__(self, game_id: str, num_players: int, options: dict[str, Any] | None,
                 weights: dict[str, np.ndarray]):
        self.game: Game = get_game(game_id)
        if type(num_players) is not int or num_players not in self.game.player_counts:
            raise InvalidOptions(f"{self.game.name} takes {self.game.min_players} to "
                                 f"{self.game.max_players} players, not {num_players!r}")
        self.num_players = num_players
        self.options = resolve_options(self.game.options, options, num_players)
        self.weights = weights

    @property
    def observation_size(self) -> int:
        size: int = observer(self.game, self.num_players).size
        return size

    @classmethod
    def new(cls, game_id: str, num_players: int, options: dict[str, Any] | None,
            observation_size: int, num_actions: int, hidden: int,
            rng: np.random.Generator) -> Policy:
        weights = {
            "w1": (rng.standard_normal((observation_size, hidden)) / np.sqrt(observation_size)),
            "b1": np.zeros(hidden),
            "w2": rng.standard_normal((hidden, num_actions)) * 0.01,
            "b2": np.zeros(num_actions),
        }
        return cls(game_id, num_players, options,
                   {k: v.astype(np.float32) for k, v in weights.items()})

    def forward(self, obs: np.ndarray, masks: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(hidden activations, masked log-probabilities) for a batch of observations."""
        w = self.weights
        hidden = np.tanh(obs @ w["w1"] + w["b1"])
        logits = hidden @ w["w2"] + w["b2"]
        logits = np.where(masks, logits, -1e9)
        logits -= logits.max(axis=1, keepdims=True)
        log_probs = logits - np.log(np.exp(logits).sum(axis=1, keepdims=True))
        return hidden, log_probs

    def act(self, obs: np.ndarray, masks: np.ndarray, rng: np.random.Generator | None = None
            ) -> np.ndarray:
        """Action ids: sampled with rng, or the most likely without."""
        _, log_probs = self.forward(obs, masks)
        if rng is None:
            best: np.ndarray = log_probs.argmax(axis=1)
            return best
        gumbel = -np.log(-np.log(rng.random(log_probs.shape) + 1e-12) + 1e-12)
        sampled: np.ndarray = (log_probs + gumbel).argmax(axis=1)
        return sampled

    def save(self, path: str | Path) -> None:
        meta = json.dumps({"game": self.game.id, "num_players": self.num_players,
                           "options": self.options})
        with open(path, "wb") as f:
            # (the weights' names, w1, b1…, are never savez's own allow_pickle)
            np.savez(f, meta=np.array(meta), **self.weights)  # type: ignore[arg-type]

    @classmethod
    def load(cls, path: str | Path) -> Policy:
        problem = f"cannot load a policy from {str(path)!r} (missing, unreadable or not a " \
                  "policy file of this version)"
        try:
            with np.load(path, allow_pickle=False) as f:
                meta = json.loads(str(f["meta"]))
                weights = {k: f[k].astype(np.float32) for k in WEIGHTS}
            if not isinstance(meta, dict) or not isinstance(meta.get("game"), str):
                raise ValueError
            policy = cls(meta["game"], meta["num_players"], meta["options"], weights)
        except (OSError, KeyError, TypeError, ValueError, InvalidOptions, UnknownGame):
            # One message for every failure: it must not tell a stranger what is on the disk.
            raise InvalidOptions(problem) from None
        if (policy.weights["w1"].shape[0] != policy.observation_size
                or policy.weights["w2"].shape[1] != policy.game.num_distinct_actions):
            raise InvalidOptions(problem)
        return policy


class PolicyBot:
    """Plays a trained Policy through the ordinary engine (bot spec `policy:path=FILE`)."""

    name = "policy"

    def __init__(self, game: Game | None, seed: int, path: str, sample: int = 0) -> None:
        if game is None:
            raise InvalidOptions("a policy bot needs the game it plays")
        self.policy = Policy.load(path)
        if self.policy.game.id != game.id:
            raise InvalidOptions(f"this policy was trained for {self.policy.game.name}, "
                                 f"not {game.name}")
        self.game = game
        self.sample = bool(sample)
        self.rng = np.random.default_rng(random.Random(seed).getrandbits(64))

    def choose(self, state: State, player: int) -> Action:
        if state.num_players != self.policy.num_players:
            raise InvalidOptions(f"this policy was trained for {self.policy.num_players} players, "
                                 f"not {state.num_players}")
        legal = state.legal_actions(player)
        mask = np.zeros((1, self.game.num_distinct_actions), dtype=bool)
        mask[0, [self.game.action_to_id(a) for a in legal]] = True
        obs = observer(state.game, state.num_players).observation(state, player)[None]
        action = int(self.policy.act(obs, mask, self.rng if self.sample else None)[0])
        return self.game.action_from_id(action)
