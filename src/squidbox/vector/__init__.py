"""Batched games as arrays, for learning at scale (numpy; numba optional).

`squidbox.vector.batched(game_id)` is a game's batched version, found in the game's folder
(`games/<id>/batched.py`); `batched_games()` lists the games that have one (Grid Squid).
`squidbox.vector.grid_squid.GridSquidBatch` plays B games of Grid Squid at once, exactly as the
engine does; `squidbox.vector.gym_env` wraps it as a Gymnasium VectorEnv."""

from .batched import BatchedGame, batched, batched_games

__all__ = ["BatchedGame", "batched", "batched_games"]
