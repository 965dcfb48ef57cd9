"""Grid Squid's batched version: B games at once as arrays, exactly as the engine plays them
(squidbox.vector.grid_squid), found by `squidbox.vector.batched("grid_squid")`."""

from squidbox.vector.grid_squid import GridSquidBatch as Batch

__all__ = ["Batch"]
