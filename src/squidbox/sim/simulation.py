"""Run a plan's games on a backend: records to a file in game order, each one to a consumer.

`simulate(plan, backend, out)` is the library entry point behind `squidbox simulate`; it
returns the Summary (see summary.py). `make_backend` picks the backend by name: "local" (the
default, a process pool, no extra dependency) or "ray" (an existing Ray cluster).

Order of checks, so that bad input writes nothing: the plan (game, players, options, bots), the
backend's settings, the --out extension; then the backend starts (Ray connects), and only then
is the records file created.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Protocol

from squidbox.engine import Game

from .errors import SimulationError
from .local import LocalBackend
from .progress import Progress
from .records import open_records, record_format
from .runner import GameJob, Record
from .summary import Summary

BACKENDS = ("local", "ray")


class Backend(Protocol):
    name: str

    def describe(self) -> str: ...
    def __enter__(self) -> Backend: ...
    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None: ...
    def run(self, jobs: Iterator[GameJob], total: int) -> Iterator[Record]: ...


class Plan(Protocol):
    @property
    def players(self) -> int: ...
    @property
    def total(self) -> int: ...
    def check(self) -> Game: ...
    def jobs(self) -> Iterator[GameJob]: ...


def make_backend(name: str = "local", workers: int | None = None,
                 address: str | None = None) -> Backend:
    """The backend called `name`; Ray is imported only for "ray"."""
    if name == "local":
        if address is not None:
            raise SimulationError("--address is for --backend ray")
        return LocalBackend(workers)
    if name == "ray":
        if workers is not None:
            raise SimulationError("--workers is for the local backend; Ray uses the cluster's "
                                  "CPUs")
        from .ray_backend import RayBackend

        return RayBackend(address)
    raise SimulationError(f"unknown backend {name!r}; valid: {', '.join(BACKENDS)}")


@dataclass(frozen=True)
class RunInfo:
    backend: str
    seconds: float
    games: int

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    def describe(self) -> str:
        games = f"{self.games} game{'s' if self.games != 1 else ''}"
        return (f"{games} in {self.seconds:.1f} s on {self.backend} "
                f"({self.games_per_second:.1f} games/s)")


def play_plan(plan: Plan, backend: Backend, consume: Callable[[Record], None],
              out: Path | None = None, progress: Progress | None = None) -> RunInfo:
    """Play every game of `plan`, writing each record to `out` and handing it to `consume`."""
    plan.check()
    if out is not None:
        record_format(out)
    start = time.perf_counter()
    with backend:
        writer = open_records(out, plan.players) if out is not None else None
        try:
            for record in backend.run(plan.jobs(), plan.total):
                if writer is not None:
                    writer.write(record)
                consume(record)
                if progress is not None:
                    progress.advance()
        finally:
            if writer is not None:
                writer.close()
    if progress is not None:
        progress.finish()
    return RunInfo(backend.describe(), time.perf_counter() - start, plan.total)


def simulate(plan: Plan, backend: Backend, out: Path | None = None,
             progress: Progress | None = None) -> tuple[Summary, RunInfo]:
    """Play the plan; its summary and how the run went."""
    summary = Summary(plan.players)
    info = play_plan(plan, backend, summary.add, out, progress)
    return summary, info
