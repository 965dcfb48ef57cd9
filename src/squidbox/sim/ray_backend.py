"""The Ray backend: the same simulation on a Ray cluster, for users who outgrow one machine.

`ray` is imported only when this backend is chosen; without it the error says
"pip install squidbox[ray]". `address` is that of an existing cluster (`ray start --head` prints
it, e.g. 127.0.0.1:6379); None lets Ray decide (RAY_ADDRESS, a cluster already running on this
machine, or else a new local one).

An address where no cluster answers makes Ray retry for a minute or more before the error.
Each Ray node needs squidbox installed (the same version as the driver): the jobs name the
function `squidbox.sim.runner.play_batch`, they do not carry its code. Jobs travel in batches,
a few per cluster CPU in flight; results come back in game order, so the records equal those of
the local backend for the same plan.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Iterable, Iterator
from types import ModuleType, TracebackType
from typing import Any

from .errors import BackendUnavailable
from .runner import Batcher, GameJob, Record, play_batch

IN_FLIGHT_PER_CPU = 2
INSTALL_HINT = "pip install squidbox[ray]"


def import_ray() -> ModuleType:
    try:
        import ray
    except ImportError:
        raise BackendUnavailable(
            f"the ray backend needs Ray, which is not installed: {INSTALL_HINT}") from None
    return ray


class RayBackend:
    """Play jobs as Ray tasks on the cluster at `address`."""

    name = "ray"

    def __init__(self, address: str | None = None) -> None:
        self.ray = import_ray()
        self.address = address
        self.cpus = 1

    def describe(self) -> str:
        where = self.address or "the default Ray cluster"
        return f"Ray at {where} ({self.cpus} CPU{'s' if self.cpus != 1 else ''})"

    def __enter__(self) -> RayBackend:
        try:
            self.ray.init(address=self.address, logging_level=logging.WARNING,
                          log_to_driver=False)
        except Exception as e:  # ray raises ConnectionError, RuntimeError, ValueError…
            where = self.address or "the default address"
            raise BackendUnavailable(f"cannot connect to Ray at {where}: {e}") from e
        self.cpus = max(1, int(self.ray.cluster_resources().get("CPU", 1)))
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.ray.shutdown()

    def run(self, jobs: Iterable[GameJob], total: int) -> Iterator[Record]:
        """The records of `jobs`, in order."""
        task = self.ray.remote(num_cpus=1)(play_batch)
        batcher = Batcher(jobs, total, self.cpus)
        pending: deque[Any] = deque()

        def oldest() -> list[Record]:
            records: list[Record] = self.ray.get(pending.popleft())
            batcher.observe(records)
            return records

        for batch in batcher:
            pending.append(task.remote(batch))
            if len(pending) >= self.cpus * IN_FLIGHT_PER_CPU:
                yield from oldest()
        while pending:
            yield from oldest()
