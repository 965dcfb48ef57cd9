"""Play a batch and the reference engine side by side and compare them at every step."""

from __future__ import annotations

from typing import Any

import numpy as np

from squidbox.games.grid_squid import GAME
from squidbox.games.grid_squid.batched import GridSquidBatch
from squidbox.games.grid_squid.board import EMPTY


def random_actions(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    keys = rng.random(masks.shape) * masks
    return keys.argmax(axis=1)


def assert_same(batch: GridSquidBatch, g: int, state: Any) -> None:
    n = batch.num_players
    where = f"game {g} (seed {int(batch.seeds[g])}), decision {int(batch.length[g])}"
    assert batch.tile_symbols[g].tolist() == state.tile_symbols, where
    assert batch.owner[g].tolist() == state.owner, where
    assert batch.cubes[g].tolist() == state.cubes, where
    assert batch.supply[g].tolist() == state.supply, where
    assert batch.hands[g].tolist() == state.hands, where
    assert batch.discard[g].tolist() == state.discard, where
    assert int(batch.deck_size[g]) == len(state.deck), where
    assert batch.deck[g, :len(state.deck)].tolist() == state.deck, where
    assert int(batch.round[g]) == state.round, where
    assert int(batch.start_player[g]) == state.start_player, where
    assert batch.played[g].tolist() == state.played, where
    assert batch.round_points[g, :len(state.round_points)].tolist() == state.round_points, where
    assert int(batch.current[g]) == state.current != EMPTY, where
    legal = {GAME.action_to_id(a) for a in state.legal_actions(state.current)}
    assert set(np.flatnonzero(batch.masks[g]).tolist()) == legal, where
    del n


STATE_ARRAYS = ("seeds", "tile_symbols", "owner", "cubes", "supply", "hands", "deck",
                "deck_size", "discard", "reshuffled", "round_points", "round", "start_player",
                "current", "played", "history", "length", "masks", "final_scores")


def assert_same_arrays(a: GridSquidBatch, b: GridSquidBatch) -> None:
    for name in STATE_ARRAYS:
        assert np.array_equal(getattr(a, name), getattr(b, name)), f"{b.backend}: {name}"


def play_lockstep(backends: list[str], num_players: int, options: dict[str, Any], games: int,
                  seed: int, observe_every: int = 0) -> int:
    """Play `games` random games in a batch per backend and one by one in the engine; compare
    them all at every step. Returns the number of decisions compared."""
    batches = [GridSquidBatch(num_players, games, options, backend=backend, record=True)
               for backend in backends]
    for other in batches:
        other.reset(seed=seed)
    batch = batches[0]
    engine_options = batch.rules.options
    states = [GAME.new_game(num_players, int(s), engine_options) for s in batch.seeds]
    rng = np.random.default_rng(seed)
    decisions = 0
    for step in range(batch.rules.max_decisions):
        for g, state in enumerate(states):
            assert_same(batch, g, state)
        if observe_every and step % observe_every == 0:
            assert_same_observations(batch, states)
        for other in batches[1:]:
            assert_same_arrays(batch, other)
        actions = random_actions(batch.masks, rng)
        for g, state in enumerate(states):
            state.apply(state.current, GAME.actions[actions[g]])
        rewards, dones = batch.apply(actions)
        for other in batches[1:]:
            other_rewards, other_dones = other.apply(actions)
            assert np.array_equal(rewards, other_rewards) and np.array_equal(dones, other_dones)
        decisions += games
    assert dones.all(), "every game lasts the same number of decisions"
    for g, state in enumerate(states):
        assert state.is_terminal()
        assert batch.final_scores[g].tolist() == state.scores()
        assert rewards[g].tolist() == state.returns()
        export = batch.finished[g]
        assert GAME.replay(export["num_players"], export["seed"], export["options"],
                           export["history"]).to_json() == state.to_json()
    for other in batches[1:]:
        assert other.finished == batch.finished
        assert_same_arrays(batch, other)  # the next games, auto-reset alike
    return decisions


def assert_same_observations(batch: GridSquidBatch, states: list[Any]) -> None:
    """Every seat's batched observation equals the engine writer's for that seat."""
    from squidbox.games.observations import observer

    for seat in range(batch.num_players):
        observed = batch.observe(seat)
        for g, state in enumerate(states):
            expected = observer(state.game, state.num_players).observation(state, seat)
            np.testing.assert_array_equal(observed[g], expected)
