"""server_load.py --processes: capacity of 1, 2, 4 ... serve processes on one PostgreSQL + Redis.

For each process count N, in one run: a fresh database, N `squidbox serve --bus redis://...`
processes, the same load search as for one process (server_load.find_capacity), then `--idle`
idle spectator WebSockets held by each process, and the memory they cost.
PostgreSQL and Redis are throw-away servers on free loopback ports, started the way the tests
start them (tests/server/conftest.py).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import statistics
import sys
import tempfile
import time
import warnings
from collections.abc import Iterator
from contextlib import AsyncExitStack, ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx
from server_load import (
    LIMIT_MS,
    Level,
    find_capacity,
    free_port,
    run_level,
    start_server,
    stop_server,
)
from websockets.asyncio.client import connect

REPOSITORY = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPOSITORY))  # for tests.server.conftest
warnings.filterwarnings("ignore", message="Using .httpx. with")  # conftest imports TestClient
from tests.server.conftest import PostgresServer, RedisServer, postgres_bin_dir  # noqa: E402

SPECTATORS_PER_TABLE = 150  # under Limits.max_spectators_per_table (200)


@dataclass
class Figures:
    processes: int
    best: Level | None
    held: int = 0
    kib_per_connection: float = 0.0

    def line(self, one: Figures) -> str:
        tables = self.best.tables if self.best else 0
        rate = self.rate()
        ratio = rate / one.rate() if one.rate() else 0.0
        return (f"{self.processes:>2} process(es): {tables:>4} tables at p99 < {LIMIT_MS:g} ms, "
                f"{rate:7.1f} actions/s (x{ratio:.2f} of {one.processes}); {self.held} idle "
                f"WebSockets held per process, {self.kib_per_connection:5.1f} KiB RSS each")

    def rate(self) -> float:
        if self.best is None:
            return 0.0
        return len(self.best.latencies) / self.best.seconds


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError(f"no VmRSS for process {pid}")


async def hold_idle(bases: list[str], pids: list[int], share: int) -> tuple[int, float]:
    """Open `share` spectator WebSockets on each process, on tables waiting for a person;
    (connections held by each process, KiB of RSS growth per connection)."""
    body = {"game": "grid_squid", "players": 2, "bots": {"1": "random"}}
    wanted: list[str] = []
    async with httpx.AsyncClient(timeout=30) as client:
        for base in bases:
            urls = []
            for _ in range(-(-share // SPECTATORS_PER_TABLE)):
                created = (await client.post(f"http://{base}/api/tables", json=body)).json()
                urls += [f"ws://{base}/ws/tables/{created['table']}"] * SPECTATORS_PER_TABLE
            wanted += urls[:share]
    await asyncio.sleep(1)
    before = [rss_kib(pid) for pid in pids]
    opening = asyncio.Semaphore(50)
    async with AsyncExitStack() as stack:
        async def open_one(url: str) -> None:
            async with opening:
                ws = await stack.enter_async_context(connect(url, max_size=None))
                await ws.recv()  # the spectator's first state message
        await asyncio.gather(*(open_one(url) for url in wanted))
        await asyncio.sleep(2)
        after = [rss_kib(pid) for pid in pids]
        held = len(wanted)
    growth = sum(after) - sum(before)
    return held // len(bases), growth / held if held else 0.0


@contextmanager
def cluster(processes: int, postgres: PostgresServer, redis: RedisServer,
            args: argparse.Namespace) -> Iterator[tuple[list[str], list[int]]]:
    """N serve processes on a fresh database: their addresses and process ids."""
    work = Path(tempfile.mkdtemp(prefix=f"squidbox-cluster{processes}-"))
    database = postgres.new_database()
    servers, bases = [], []
    try:
        for n in range(processes):
            port = free_port()
            servers.append(start_server(database, port, work / f"p{n}.log", "--bus", redis.url,
                                        "--node", f"p{n}",
                                        "--max-connections", str(args.idle + 2000)))
            bases.append(f"127.0.0.1:{port}")
        yield bases, [server.pid for server in servers]
    finally:
        for server in servers:
            stop_server(server)
        shutil.rmtree(work, ignore_errors=True)


def measure_one(processes: int, postgres: PostgresServer, redis: RedisServer,
                args: argparse.Namespace) -> Figures:
    with cluster(processes, postgres, redis, args) as (bases, pids):
        print(f"--- {processes} process(es), load average {os.getloadavg()[0]:.2f}", flush=True)
        figures = Figures(processes, find_capacity(bases, args, time.monotonic()))
        figures.held, figures.kib_per_connection = asyncio.run(hold_idle(bases, pids, args.idle))
        return figures


def interleaved(counts: list[int], postgres: PostgresServer, redis: RedisServer,
                args: argparse.Namespace) -> None:
    """--rounds R: every process count runs at once (idle while not measured), and each round
    measures every level on 1, 2, 4 ... processes in turn, so that a change in the machine's
    load falls on all of them alike; then the median of the rounds."""
    levels = [int(k) for k in args.levels.split(",")]
    measured: dict[tuple[int, int], list[Level]] = {}
    with ExitStack() as stack:
        clusters = {n: stack.enter_context(cluster(n, postgres, redis, args))[0]
                    for n in counts}
        for round_ in range(args.rounds):
            print(f"--- round {round_ + 1}, load average {os.getloadavg()[0]:.2f}", flush=True)
            for tables in levels:
                for n, bases in clusters.items():
                    level = asyncio.run(run_level(bases, args, tables))
                    print(f"{n} process(es) {level.line()}", flush=True)
                    measured.setdefault((n, tables), []).append(level)
    print(f"\nmedians of {args.rounds} rounds (actions/s, p99):")
    for tables in levels:
        rates = {n: statistics.median(len(m.latencies) / m.seconds
                                      for m in measured[(n, tables)]) for n in counts}
        cells = [f"{n} process(es) {rates[n]:6.1f}/s (x{rates[n] / rates[counts[0]]:.2f}), p99 "
                 f"{statistics.median(m.percentile(0.99) for m in measured[(n, tables)]):6.1f} ms"
                 for n in counts]
        print(f"K={tables:>3}: " + " | ".join(cells))


def measure_clusters(args: argparse.Namespace) -> int:
    bin_dir, redis_binary = postgres_bin_dir(), shutil.which("redis-server")
    if bin_dir is None or redis_binary is None:
        raise SystemExit("--processes needs PostgreSQL and redis-server installed "
                         "(bash scripts/system-packages)")
    postgres = PostgresServer(bin_dir)
    redis = RedisServer(redis_binary)
    try:
        postgres.start()
        redis.wait()
        print(f"PostgreSQL {bin_dir.parent.name} and redis-server on loopback; {args.game}, "
              f"{args.players} players: seat 0 scripted over WebSocket, bots '{args.bots}'; "
              f"{os.cpu_count()} CPUs; {args.seconds:g} s per level; load average "
              f"{os.getloadavg()[0]:.2f}", flush=True)
        counts = [int(n) for n in args.processes.split(",")]
        if args.rounds:
            interleaved(counts, postgres, redis, args)
            return 0
        results = [measure_one(n, postgres, redis, args) for n in counts]
    finally:
        redis.stop()
        postgres.stop()
    print()
    for figures in results:
        print(figures.line(results[0]))
    return 0
