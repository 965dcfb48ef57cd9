"""The default backend: a pool of local worker processes (no extra dependency).

Jobs go to the workers in batches (`runner.Batcher`: about a quarter second of games each), at
most four batches per worker in flight, so memory stays flat however many games are asked for.
Results are handed back in game order, whatever order the workers finish in: the records of a
seed are the same for any number of workers. With one worker the games are played in this
process, without a pool.

Workers ignore Ctrl-C; the parent stops, cancels the queued batches and waits only for the
running ones.
"""

from __future__ import annotations

import os
import signal
from collections import deque
from collections.abc import Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from types import TracebackType

from .errors import SimulationError
from .runner import Batcher, GameJob, Record, play_batch

IN_FLIGHT_PER_WORKER = 4


def default_workers() -> int:
    return os.cpu_count() or 1


class LocalBackend:
    """Play jobs on `workers` local processes (default: one per CPU)."""

    name = "local"

    def __init__(self, workers: int | None = None) -> None:
        self.workers = default_workers() if workers is None else workers
        if self.workers < 1:
            raise SimulationError(f"--workers must be at least 1, not {self.workers}")
        self.pool: ProcessPoolExecutor | None = None

    def describe(self) -> str:
        plural = "s" if self.workers != 1 else ""
        return f"{self.workers} local worker{plural}"

    def __enter__(self) -> LocalBackend:
        if self.workers > 1:
            self.pool = ProcessPoolExecutor(self.workers, initializer=ignore_interrupts)
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=True, cancel_futures=True)
            self.pool = None

    def run(self, jobs: Iterable[GameJob], total: int) -> Iterator[Record]:
        """The records of `jobs`, in order."""
        batcher = Batcher(jobs, total, self.workers)
        if self.pool is None:
            for batch in batcher:
                records = play_batch(batch)
                batcher.observe(records)
                yield from records
            return
        yield from self._run_pool(self.pool, batcher)

    def _run_pool(self, pool: ProcessPoolExecutor, batcher: Batcher) -> Iterator[Record]:
        pending: deque[Future[list[Record]]] = deque()

        def oldest() -> list[Record]:
            records = pending.popleft().result()
            batcher.observe(records)
            return records

        for batch in batcher:
            pending.append(pool.submit(play_batch, batch))
            if len(pending) >= self.workers * IN_FLIGHT_PER_WORKER:
                yield from oldest()
        while pending:
            yield from oldest()


def ignore_interrupts() -> None:
    """Worker initializer: Ctrl-C is the parent's to handle."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
