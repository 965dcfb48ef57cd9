"""Grid Squid's batched version: B games at once as arrays, exactly as the engine plays them
(`batch.py`), found by `squidbox.vector.batched("grid_squid")`. Needs NumPy
(`pip install squidbox[vector]`).

    batch.py         GridSquidBatch: the arrays, reset/step/apply, masks, export to the engine
    rules.py         the rules as tables (sizes, scoring segments, deal schedule) from the data file
    deals.py         the engine's seeded deals, vectorised over the batch
    scoring.py       every seat's points on many boards at once, as bitmasks
    observations.py  each seat's designed observation, written for B games at once
    greedy.py        the greedy opponent for the Gymnasium env
    numba_kernel.py, jax_kernel.py   the compiled backends ("numba", "jax")
    gym_env.py       GridSquidVectorEnv: the generic Gymnasium env for Grid Squid"""

from typing import TYPE_CHECKING

from .batch import GridSquidBatch

Batch = GridSquidBatch

if TYPE_CHECKING:  # mypy checks that the batch follows the generic protocol
    from squidbox.vector.batched import BatchedGame, BatchedGameClass

    _class: BatchedGameClass = GridSquidBatch
    _game: BatchedGame = GridSquidBatch(2, 1)

__all__ = ["Batch", "GridSquidBatch"]
