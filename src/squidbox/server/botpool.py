"""The bounded pool bots and turn timers think in: worker processes beside the event loop.

A heuristic or ISMCTS bot thinks for up to seconds of pure Python; in a thread it would hold the
GIL, and with it the event loop that serves every table of the process. So each such move is
thought in one of `processes` worker processes (multiprocessing with the forkserver start
method: a worker forks from a helper process that imported the server once, so a new worker
starts in milliseconds). Workers start with the first move that needs one. As with any
multiprocessing start method but fork, a script (not `squidbox serve`) that runs the server must
do so under `if __name__ == "__main__":`, since a new worker imports the main module.

No cheating across the process boundary: a worker is sent what the bot's seat sees, never the
table's state. That is the state resampled for the seat (hidden cards redealt, future
randomness reseeded, the log reduced to what the seat saw), as an engine snapshot. A bot decides
only through its seat's view, legal actions and resamples, and a resample depends only on what
the seat saw, so the bot decides exactly as it would on the true state: same seed, same move.

The budget: a move is due `budget` seconds after it was queued (a full pool also times out).
The caller's wait ends there with `TimeoutError`, and it plays a quick fallback move. The worker
thinks on an `Interruptible` state whose `resample` (which ISMCTS calls once per iteration, the
heuristic bot once per sample) raises `Abandoned` past the deadline, so it stops by itself; a
worker that still has not answered `grace` seconds after the deadline is killed and replaced.
Abandoned work therefore never piles up.

Fair shares (`Share`): no one can make other tables' bots slow or random by creating many
tables of strong bots. Waiting moves are handed out in this order: a table with people first
(someone waits for it), quick moves (heuristic, timer) before searches, then the creator served
longest ago, then the oldest. A table with people is due `budget` seconds after its move was
queued, and one worker is kept free of bot-only tables (when there are two or more), so its
bots answer within their budget. A table of bots only waits its turn as long as it takes and
then has its whole budget to think; one creator's bot-only tables use at most half the workers
kept for them.

The queue: at most `queue` moves of one creator wait for a worker; one more raises `PoolFull` at
once (the caller plays its fallback move). `close` kills the workers without waiting for them.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import random
import signal
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any, TypeVar

from squidbox.engine import Game, State

from .variants import table_game

T = TypeVar("T")
Snapshot = dict[str, Any] | list[dict[str, Any]]
GRACE_SECONDS = 1.0
WORKER_NICENESS = 10  # bots yield the CPU to the serving process (they have seconds to think)
# Workers fork from a helper that has imported the server module the bot functions live in.
_context = multiprocessing.get_context("forkserver")
_context.set_forkserver_preload(["squidbox.server.bot_moves"])


class Abandoned(Exception):
    """Raised inside an abandoned bot's thinking to stop it."""


class PoolFull(Exception):
    """The pool's queue holds as many waiting moves as it may: the move is not queued."""


class WorkerLost(Exception):
    """The worker thinking a move died or failed before answering."""


class Interruptible:
    """A state as a bot sees it, whose `resample` stops the bot once `deadline` (monotonic
    clock, shared by the processes of one machine) has passed."""

    def __init__(self, state: State, deadline: float) -> None:
        self._state = state
        self._deadline = deadline

    def resample(self, *args: Any, **kwargs: Any) -> State:
        if time.monotonic() > self._deadline:
            raise Abandoned
        return self._state.resample(*args, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._state, name)


@dataclass(frozen=True)
class Share:
    """Whose move it is, for the fair order: the table's creator, whether people sit at the
    table, and whether the move is a search (long) rather than a quick one."""

    creator: str = ""
    people: bool = True
    search: bool = False


@dataclass(eq=False)
class _Job:
    function: Callable[..., Any]
    settings: tuple[Any, ...]
    seed: int
    snapshot: Snapshot  # the state (or states) as the seat sees it
    seat: int
    budget: float
    share: Share
    future: asyncio.Future[Any]
    queued: float = field(default_factory=time.monotonic)
    deadline: float = 0.0  # set when it is due: at once for people, when it starts otherwise

    def __post_init__(self) -> None:
        if self.share.people:
            self.deadline = self.queued + self.budget


class FairQueue:
    """The moves waiting for a worker, handed out in the order the module's docstring gives."""

    def __init__(self, workers: int, per_creator: int) -> None:
        self.per_creator = per_creator
        self.for_bots = workers - 1 if workers > 1 else workers  # one kept for people
        self.per_bot_creator = max(1, self.for_bots // 2)
        self.waiting: list[_Job] = []
        self.running: Counter[str] = Counter()  # bot-only moves thinking, per creator
        self.served: dict[str, int] = {}  # creator -> when last served (a counter)
        self.turns = 0
        self.changed = asyncio.Event()

    def put(self, job: _Job) -> None:
        creator = job.share.creator
        if sum(1 for other in self.waiting if other.share.creator == creator) >= self.per_creator:
            raise PoolFull(f"{self.per_creator} bot moves of this creator are already waiting")
        self.waiting.append(job)
        self.changed.set()

    async def take(self) -> _Job:
        """The next move a worker may take (waiting until there is one)."""
        while True:
            self.waiting = [job for job in self.waiting if not job.future.done()]
            eligible = [job for job in self.waiting if self._may_start(job)]
            if eligible:
                job = min(eligible, key=self._order)
                self.waiting.remove(job)
                self.turns += 1
                self.served[job.share.creator] = self.turns
                if not job.share.people:
                    self.running[job.share.creator] += 1
                    job.deadline = time.monotonic() + job.budget
                return job
            self.changed.clear()
            await self.changed.wait()

    def finished(self, job: _Job) -> None:
        if not job.share.people:
            self.running[job.share.creator] -= 1
            self.changed.set()

    def _may_start(self, job: _Job) -> bool:
        if job.share.people:
            return True
        return (sum(self.running.values()) < self.for_bots
                and self.running[job.share.creator] < self.per_bot_creator)

    def _order(self, job: _Job) -> tuple[bool, bool, int, float]:
        return (not job.share.people, job.share.search, self.served.get(job.share.creator, 0),
                job.queued)

    def __len__(self) -> int:
        return len(self.waiting)


class _Worker:
    """One worker process and the pipe it is given moves on."""

    def __init__(self) -> None:
        self.connection, child = _context.Pipe()
        self.process = _context.Process(target=serve, args=(child,), daemon=True,
                                        name="squidbox-bot")
        self.process.start()
        child.close()

    def kill(self) -> None:
        with contextlib.suppress(Exception):  # it may be gone already
            self.process.kill()
        self.connection.close()


class BotPool:
    def __init__(self, processes: int, queue: int, grace: float = GRACE_SECONDS) -> None:
        self.processes = processes
        self.grace = grace
        self.queue_size = queue
        self.queue: FairQueue | None = None  # made in the event loop, on first use
        self.slots: list[asyncio.Task[None]] = []
        self.workers: dict[int, _Worker] = {}  # slot -> its live worker
        self.replaced = 0  # workers killed for not stopping in time, or lost

    async def run(self, budget: float, function: Callable[..., T], game: Game,
                  *args: Any, share: Share = Share()) -> T:
        """`function(game, *settings, seed, state, seat)` for `args` = (*settings, seed, state,
        seat), thought in a worker on the state as `seat` sees it (`state` may be a list of
        states of one game, each then seen by `seat`, resampled with seed + its index). For a
        table with people (`share`): TimeoutError past `budget` seconds from now; for a table
        of bots, once it started, past `budget` seconds of thinking. PoolFull when the
        creator's queue is full, WorkerLost when the worker died."""
        *settings, seed, state, seat = args
        loop = asyncio.get_running_loop()
        if self.queue is None:
            self.queue = FairQueue(self.processes, self.queue_size)
            self.slots = [loop.create_task(self._slot(n), name=f"bot slot {n}")
                          for n in range(self.processes)]
        if isinstance(state, list):  # several states of one game (a review): each as seen
            snapshot: Snapshot = [seen_by(one, seat, seed + index)
                                  for index, one in enumerate(state)]
        else:
            snapshot = seen_by(state, seat, seed)
        future: asyncio.Future[T] = loop.create_future()
        job = _Job(function, tuple(settings), seed, snapshot, seat, budget, share, future)
        self.queue.put(job)
        try:
            if share.people:
                return await asyncio.wait_for(asyncio.shield(future), budget)
            return await future
        finally:
            future.cancel()  # a job not started yet is then skipped

    def waiting(self) -> int:
        """Moves queued and not yet handed to a worker."""
        return 0 if self.queue is None else len(self.queue)

    async def _slot(self, slot: int) -> None:
        """Hand queued moves to this slot's worker, one at a time."""
        assert self.queue is not None
        while True:
            job = await self.queue.take()
            try:
                await self._think(slot, job)
            finally:
                self.queue.finished(job)

    async def _think(self, slot: int, job: _Job) -> None:
        try:
            worker = self.workers.get(slot) or await self._start(slot)
        except Exception as e:
            _settle(job.future, None, WorkerLost(f"no bot worker could start: {e!r}"))
            return
        try:
            kind, value = await self._ask(worker, job)
        except (TimeoutError, EOFError, OSError) as e:
            worker.kill()
            del self.workers[slot]
            self.replaced += 1
            _settle(job.future, None, WorkerLost(f"the bot worker was lost: {e!r}"))
            return
        if kind == "move":
            _settle(job.future, value, None)
        elif kind == "abandoned":
            _settle(job.future, None, TimeoutError())
        else:
            _settle(job.future, None, WorkerLost(value))

    async def _start(self, slot: int) -> _Worker:
        worker = self.workers[slot] = await asyncio.to_thread(_Worker)  # may fork the helper
        return worker

    async def _ask(self, worker: _Worker, job: _Job) -> tuple[str, Any]:
        """Send a move to think to `worker`; its answer, or TimeoutError once it is `grace`
        seconds past the move's deadline."""
        worker.connection.send((job.function, job.settings, job.seed, job.snapshot, job.seat,
                                job.deadline))
        loop = asyncio.get_running_loop()
        readable: asyncio.Future[None] = loop.create_future()
        descriptor = worker.connection.fileno()
        loop.add_reader(descriptor, _settle, readable, None, None)
        try:
            await asyncio.wait_for(readable, job.deadline + self.grace - time.monotonic())
        finally:
            loop.remove_reader(descriptor)
        answer: tuple[str, Any] = worker.connection.recv()  # EOFError when the worker died
        return answer

    def close(self) -> None:
        """Stop at once: slots cancelled, workers killed mid-thought."""
        for task in self.slots:
            task.cancel()
        for job in self.queue.waiting if self.queue is not None else ():
            job.future.cancel()  # its table is closing too
        for worker in self.workers.values():
            worker.kill()
        self.workers.clear()


def seen_by(state: State, seat: int, seed: int) -> dict[str, Any]:
    """The snapshot of `state` as `seat` sees it: resampled, with the seat's records."""
    return state.resample(seat, random.Random(seed), records=True).to_json()


def _settle(future: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
    if future.done():
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(result)


# ---- in the worker process -----------------------------------------------------------------------
def serve(connection: Connection) -> None:
    """A worker's life: think each move it is sent, until the server closes the pipe."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the server's to handle
    os.nice(WORKER_NICENESS)  # on a busy machine the tables' event loop goes first
    while True:
        try:
            job = connection.recv()
            answer = think(*job)
            connection.send(answer)
        except (EOFError, OSError):  # the server has gone (closed, killed)
            return


def think(function: Callable[..., Any], settings: tuple[Any, ...], seed: int,
          snapshot: Snapshot, seat: int, deadline: float) -> tuple[str, Any]:
    """("move", action), ("abandoned", None) past the deadline, or ("failed", why)."""
    try:
        documents = snapshot if isinstance(snapshot, list) else [snapshot]
        game = table_game(documents[0]["game"], documents[0]["options"])
        states = [Interruptible(game.from_json(document), deadline) for document in documents]
        return "move", function(game, *settings, seed,
                                states if isinstance(snapshot, list) else states[0], seat)
    except Abandoned:
        return "abandoned", None
    except Exception as e:
        return "failed", f"{type(e).__name__}: {e}"
