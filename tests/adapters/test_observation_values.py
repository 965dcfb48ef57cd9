"""The designed observations keep every value they had when recorded: for every game and player
count, every seat's observation of every state along seeded random games (the rulebook and an
option preset) is hashed, and the hash compared with the one recorded in
observation_digests.json. The writers are tuned for speed; this pins what they write.

If a game's play changes on purpose (and with it the states along these games), record again:
    PYTHONPATH=src .venv/bin/python tests/adapters/test_observation_values.py
"""

import hashlib
import json
import random
from pathlib import Path

import numpy as np
import pytest

import squidbox
from squidbox.games.observations import observer

DIGESTS = Path(__file__).with_name("observation_digests.json")
GAMES = 2  # seeded random games per preset


def cases():
    for game in squidbox.list_games():
        for players in game.player_counts:
            yield game, players


def digest(game, players):
    """The hash of every seat's observation along the seeded games, written both fresh and into
    a reused vector holding the last one."""
    obs = observer(game, players)
    reused = np.full(obs.size, 0.5, dtype=np.float32)
    hashed = hashlib.sha256()
    for k, options in enumerate(({}, *game.option_presets[:1])):
        for seed in range(GAMES):
            rng = random.Random(seed)
            state = game.new_game(players, seed=seed, options=options).clone(records=False)
            while True:
                for seat in range(players):
                    fresh = obs.observation(state, seat)
                    assert fresh.dtype == np.float32 and fresh.shape == (obs.size,)
                    obs.observation(state, seat, reused)
                    assert fresh.tobytes() == reused.tobytes(), (game.id, players, k, seed)
                    hashed.update(fresh.tobytes())
                movers = state.to_move()
                if not movers:
                    break
                mover = rng.choice(movers)
                state.apply(mover, rng.choice(state.legal_actions(mover)))
    return hashed.hexdigest()


@pytest.mark.parametrize(("game", "players"),
                         [pytest.param(g, n, id=f"{g.id}-{n}p") for g, n in cases()])
def test_observations_keep_their_recorded_values(game, players):
    recorded = json.loads(DIGESTS.read_text(encoding="utf-8"))
    assert digest(game, players) == recorded[f"{game.id} {players}"], (
        f"{game.id} at {players} players: an observation value changed (see this module's "
        "docstring if the game's play changed on purpose)")


def record():
    digests = {f"{game.id} {players}": digest(game, players) for game, players in cases()}
    DIGESTS.write_text(json.dumps(digests, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    record()
