"""The server's limits, in one place: sizes, caps, rate limits, bot budgets and expiry.

`create_app(limits=Limits(...))` takes other values (the tests use tight ones);
docs/web-api.md lists the defaults. A rate is a token bucket per client address: `burst`
requests at once, then one every `1 / per_second` seconds; a refusal answers 429 with
Retry-After.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Rate:
    burst: int
    per_second: float


@dataclass(frozen=True)
class Limits:
    max_body_bytes: int = 64 * 1024
    max_json_depth: int = 32
    max_tables: int = 5000                 # tables in memory (playing or watched) per process
    max_connections: int = 2000            # WebSockets per process
    max_spectators_per_table: int = 200
    max_sockets_per_client: int = 50       # WebSockets open from one address
    client_queue: int = 256                # unread messages before a client is disconnected
    expire_seconds: float = 7 * 24 * 3600  # a table with people and no activity this long ends
    sweep_seconds: float = 60.0
    create_rate: Rate = Rate(20, 0.2)      # POST /api/tables
    action_rate: Rate = Rate(200, 50.0)    # REST actions and WebSocket messages
    connect_rate: Rate = Rate(30, 2.0)     # WebSocket connections
    bot_processes: int = 2                 # worker processes bots and turn timers think in
    bot_queue: int = 64                    # bot moves waiting for a worker; past it, random
    bot_move_seconds: float = 10.0         # past this a bot's move is the random bot's
    bot_caps: dict[str, float] = field(default_factory=lambda: dict(BOT_CAPS))
    review_iterations: int = 100           # a game review's search iterations per decision
    review_seconds: float = 300.0          # past this a review is refused (asked again later)
    close_write_seconds: float = 5.0       # a stopping server waits this long for its writes
    retry_seconds: tuple[float, ...] = (0.5, 1, 2, 5, 10, 30)  # bots/timers after a failed write
    chat_rate: Rate = Rate(5, 0.5)         # chat lines per chat connection
    chat_history: int = 100                # chat lines sent to a new chat connection
    signin_rate: Rate = Rate(10, 0.1)      # sign-in attempts per address
    signin_name_rate: Rate = Rate(5, 1 / 60)  # sign-in attempts per account name


# The largest setting a bot spec from the web may have (a spec beyond it is refused).
BOT_CAPS: dict[str, float] = {"iterations": 5000, "seconds": 5.0, "samples": 64,
                              "rollout_depth": 500, "exploration": 10.0}


UNLIMITED = Rate(10**9, 10**9)
UNLIMITED_RATES = Limits(create_rate=UNLIMITED, action_rate=UNLIMITED, connect_rate=UNLIMITED,
                         max_sockets_per_client=10**9, signin_rate=UNLIMITED,
                         signin_name_rate=UNLIMITED)


class RateLimiter:
    """Token buckets per (kind, client address)."""

    def __init__(self) -> None:
        self.buckets: dict[tuple[str, str], tuple[float, float]] = {}

    def take(self, kind: str, client: str, rate: Rate) -> float:
        """0 when allowed (a token is taken), else the seconds until the next token."""
        moment = time.monotonic()
        tokens, last = self.buckets.get((kind, client), (float(rate.burst), moment))
        tokens = min(float(rate.burst), tokens + (moment - last) * rate.per_second)
        if tokens >= 1:
            self.buckets[(kind, client)] = (tokens - 1, moment)
            return 0.0
        self.buckets[(kind, client)] = (tokens, moment)
        if len(self.buckets) > 100_000:  # forget idle clients rather than grow without end
            self.buckets.clear()
        return (1 - tokens) / rate.per_second
