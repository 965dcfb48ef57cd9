"""A simple progress bar on stderr: games done of the total, games per second, time left.

On a terminal it is one line redrawn in place (at most ten times a second); otherwise (a log
file, CI, a pipe) it prints a plain line each time another 10% of the games is done, so logs
stay short.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TextIO

BAR_WIDTH = 24
REDRAW_SECONDS = 0.1


class Progress:
    def __init__(self, total: int, label: str = "games", stream: TextIO | None = None,
                 tty: bool | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        self.total = total
        self.label = label
        self.stream = sys.stderr if stream is None else stream
        self.tty = self.stream.isatty() if tty is None else tty
        self.clock = clock
        self.start = clock()
        self.done = 0
        self.last_draw = -REDRAW_SECONDS
        self.last_tenth = 0

    def advance(self, count: int = 1) -> None:
        self.done += count
        if self.tty:
            self._redraw(force=self.done >= self.total)
        else:
            self._log_tenth()

    def finish(self) -> None:
        """End the terminal line (the log mode has already printed its 100% line)."""
        if self.tty:
            self._redraw(force=self.done < self.total)  # the last advance drew 100% already
            self.stream.write("\n")
            self.stream.flush()

    def _redraw(self, force: bool) -> None:
        now = self.clock()
        if not force and now - self.last_draw < REDRAW_SECONDS:
            return
        self.last_draw = now
        filled = BAR_WIDTH * self.done // max(self.total, 1)
        bar = "#" * filled + "-" * (BAR_WIDTH - filled)
        self.stream.write(f"\r{self.label}: [{bar}] {self.status()}\033[K")
        self.stream.flush()

    def _log_tenth(self) -> None:
        tenth = 10 * self.done // max(self.total, 1)
        if tenth > self.last_tenth:
            self.last_tenth = tenth
            self.stream.write(f"{self.label}: {self.status()}\n")
            self.stream.flush()

    def status(self) -> str:
        elapsed = self.clock() - self.start
        rate = self.done / elapsed if elapsed > 0 else 0.0
        left = (self.total - self.done) / rate if rate > 0 else None
        percent = 100 * self.done // max(self.total, 1)
        return (f"{self.done}/{self.total} games ({percent}%), {rate:.1f} games/s, "
                f"ETA {format_duration(left)}")


def format_duration(seconds: float | None) -> str:
    """'1:02:03', '2:05', or '?' when unknown."""
    if seconds is None:
        return "?"
    minutes, secs = divmod(round(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
