"""Batched games as arrays, for learning at scale (numpy; numba optional).

`squidbox.vector.grid_squid.GridSquidBatch` plays B games of Grid Squid at once, exactly as the
engine does; `squidbox.vector.gym_env` wraps it as a Gymnasium VectorEnv."""
