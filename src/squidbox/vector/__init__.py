"""Batched games as arrays, for learning at scale (numpy; numba and JAX optional).

`squidbox.vector.batched(game_id)` is a game's batched version, found in the game's folder
(`games/<id>/batched`); `batched_games()` lists the games that have one. What is here is
generic: the registry and the protocol a batched version follows (`batched.py`), a Gymnasium
VectorEnv over any batched version (`gym_env.BatchedVectorEnv`), the batched opponents
(`opponents.py`) and a small NumPy policy played through the engine (`policy.py`)."""

from .batched import BatchedGame, batched, batched_games

__all__ = ["BatchedGame", "batched", "batched_games"]
