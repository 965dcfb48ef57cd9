"""The bounded pool bots and turn timers think in, apart from the database and table loading.

A few daemon threads take jobs in order. A move that takes longer than the per-move budget is
abandoned: the caller gets `TimeoutError` (and plays a quick fallback move), and the bot is
stopped at its next sample: it thinks on an `Interruptible` state whose `resample` (which ISMCTS
calls once per iteration, the heuristic once per sample) raises once the job is abandoned. The
threads are daemons, so stopping the server never waits for a bot.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")
Job = tuple[asyncio.AbstractEventLoop, asyncio.Future[Any], Callable[..., Any], tuple[Any, ...]]


class Abandoned(Exception):
    """Raised inside an abandoned bot's thinking to stop it."""


class Interruptible:
    """A state as a bot sees it, whose `resample` stops the bot once `stop` is set."""

    def __init__(self, state: Any, stop: threading.Event) -> None:
        self._state = state
        self._stop = stop

    def resample(self, *args: Any, **kwargs: Any) -> Any:
        if self._stop.is_set():
            raise Abandoned
        return self._state.resample(*args, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._state, name)


class BotPool:
    def __init__(self, threads: int) -> None:
        self.jobs: queue.SimpleQueue[Job | None] = queue.SimpleQueue()
        self.threads = [threading.Thread(target=self._work, name=f"squidbox-bot-{n}",
                                         daemon=True) for n in range(threads)]
        for thread in self.threads:
            thread.start()

    async def run(self, budget: float, function: Callable[..., T], *args: Any,
                  stop: threading.Event | None = None) -> T:
        """`function(*args)` in a pool thread; TimeoutError past `budget` seconds (counted from
        when the job is queued, so a full pool also times out), and then `stop` is set."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        self.jobs.put((loop, future, function, args))
        try:
            return await asyncio.wait_for(asyncio.shield(future), budget)
        finally:
            future.cancel()  # a job not started yet is then skipped
            if stop is not None:
                stop.set()

    def _work(self) -> None:
        while (job := self.jobs.get()) is not None:
            loop, future, function, args = job
            if future.cancelled():
                continue
            try:
                result, error = function(*args), None
            except Exception as e:  # handed to the caller
                result, error = None, e
            with contextlib.suppress(RuntimeError):  # the loop has closed meanwhile
                loop.call_soon_threadsafe(_settle, future, result, error)

    def close(self) -> None:
        for _ in self.threads:
            self.jobs.put(None)


def _settle(future: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
    if future.done():
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(result)
