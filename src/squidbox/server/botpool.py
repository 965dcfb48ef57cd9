"""The bounded pool bots and turn timers think in, apart from the database and table loading.

A few daemon threads take jobs in order. A move that takes longer than the per-move budget is
abandoned: the caller gets `TimeoutError` (and plays a quick fallback move); the thread finishes
the abandoned job in the background and its result is thrown away. The threads are daemons, so
stopping the server never waits for a bot.
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


class BotPool:
    def __init__(self, threads: int) -> None:
        self.jobs: queue.SimpleQueue[Job | None] = queue.SimpleQueue()
        self.threads = [threading.Thread(target=self._work, name=f"squidbox-bot-{n}",
                                         daemon=True) for n in range(threads)]
        for thread in self.threads:
            thread.start()

    async def run(self, budget: float, function: Callable[..., T], *args: Any) -> T:
        """`function(*args)` in a pool thread; TimeoutError past `budget` seconds (counted from
        when the job is queued, so a full pool also times out)."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        self.jobs.put((loop, future, function, args))
        try:
            return await asyncio.wait_for(asyncio.shield(future), budget)
        finally:
            future.cancel()  # a job not started yet is then skipped

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
