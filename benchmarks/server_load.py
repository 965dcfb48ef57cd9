"""How many tables with bots can `squidbox serve` hold at p99 action latency under 100 ms?

Starts the real server (a subprocess on a free loopback port, a fresh SQLite file), then for
K = 1, 2, 5, 10, ... keeps K tables busy: at each table seat 0 is a scripted person on a
WebSocket and the other seats are server-side bots. The person plays a random listed action as
soon as it is their turn (no thinking time) and a new table is opened when a game ends. Latency is
measured per action from sending it to receiving that seat's own state message for it. Each level
runs for a fixed time; the run stops at the first level whose p99 reaches the limit, or at the
last level, or when the time budget is spent.

    .venv/bin/python benchmarks/server_load.py [--game grid_squid] [--bots random]
        [--levels 1,2,5,10,20,50,100] [--seconds 8] [--budget 240]

The client runs on the same machine, so it competes with the server for CPU: the figures are a
lower bound of what the server alone can hold.

With `--processes 1,2,4` it measures a cluster instead, in one run: a throw-away
PostgreSQL and redis-server are started, and for each count N a fresh database and N serve
processes on it (`--bus` Redis). Person k creates its tables on process k mod N and plays them
there over a WebSocket (the process that created a table owns it). For each N it finds the most
concurrent tables at p99 < 100 ms, then holds `--idle` idle spectator WebSockets on each of the N
processes and reports the memory each costs (the processes' RSS growth / connections):

    .venv/bin/python benchmarks/server_load.py --processes 1,2,4 [--levels 20,40,60,80,100]
        [--seconds 6] [--idle 1000] [--relayed]

`--relayed` connects each WebSocket to another process than the table's owner (relayed over the
bus, as behind a proxy). `--rounds R` instead measures each level on every process count in
turn, R rounds, and reports the medians: ratios that hold while the machine's load changes.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
from websockets.asyncio.client import ClientConnection, connect

import squidbox

LIMIT_MS = 100.0


@dataclass
class Level:
    tables: int
    latencies: list[float] = field(default_factory=list)
    games: int = 0
    errors: int = 0
    seconds: float = 1.0

    def percentile(self, fraction: float) -> float:
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] * 1000

    def line(self) -> str:
        if not self.latencies:
            return f"K={self.tables:>4}: no actions measured"
        return (f"K={self.tables:>4}: {len(self.latencies):>6} actions, "
                f"{len(self.latencies) / self.seconds:7.1f}/s, "
                f"p50 {statistics.median(self.latencies) * 1000:6.1f} ms, "
                f"p99 {self.percentile(0.99):6.1f} ms, max {max(self.latencies) * 1000:6.1f} ms, "
                f"{self.games} games finished, {self.errors} refusals")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_server(database: str, port: int, log: Path, *extra: str) -> subprocess.Popen[bytes]:
    with log.open("wb") as output:
        process = subprocess.Popen(
            [sys.executable, "-m", "squidbox", "serve", "--port", str(port),
             "--database", database, "--no-rate-limits", *extra],
            stdout=output, stderr=subprocess.STDOUT, start_new_session=True)
    return wait_until_up(process, port, log)


def wait_until_up(process: subprocess.Popen[bytes], port: int,
                  log: Path) -> subprocess.Popen[bytes]:
    """`process` once it answers on `port` (it was started in a session of its own, so that
    `stop_server` ends its bot workers too)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"the server exited; see {log}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1).status_code == 200:
                return process
        except httpx.TransportError:
            time.sleep(0.1)
    stop_server(process)
    raise SystemExit("the server did not start within 60 s")


def stop_server(process: subprocess.Popen[bytes]) -> None:
    """Kill the server and everything it started (bot workers)."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()


async def person(base: str, args: argparse.Namespace, level: Level, stop: float,
                 rng: random.Random, socket_base: str | None = None) -> None:
    """One scripted person: plays table after table until `stop` (monotonic time), creating
    them on `base` and playing over a WebSocket to `socket_base` (default: `base`)."""
    async with httpx.AsyncClient(base_url=f"http://{base}", timeout=30) as client:
        while time.monotonic() < stop:
            body = {"game": args.game, "players": args.players,
                    "bots": {str(seat): args.bots for seat in range(1, args.players)}}
            answer = await client.post("/api/tables", json=body)
            if answer.status_code != 201:
                level.errors += 1
                await asyncio.sleep(0.5)
                continue
            created = answer.json()
            token = created["seats"][0]["token"]
            url = f"ws://{socket_base or base}/ws/tables/{created['table']}?token={token}"
            async with connect(url, max_size=None) as ws:
                if await play_one_game(ws, level, stop, rng):
                    level.games += 1


async def play_one_game(ws: ClientConnection, level: Level, stop: float,
                        rng: random.Random) -> bool:
    """Play until the game ends (True) or time is up (False)."""
    sent_at: float | None = None
    sent_version = -1
    while time.monotonic() < stop:
        try:
            message = json.loads(await asyncio.wait_for(ws.recv(), timeout=30))
        except TimeoutError:
            level.errors += 1
            return False
        if message["type"] == "error":
            level.errors += 1
            sent_at = None
            continue
        if message["type"] != "state":
            continue
        if sent_at is not None and message["version"] > sent_version:
            level.latencies.append(time.perf_counter() - sent_at)
            sent_at = None
        view = message["view"]
        if view["is_terminal"]:
            return True
        if sent_at is None and view["legal_actions"]:
            sent_version = message["version"]
            sent_at = time.perf_counter()
            await ws.send(json.dumps({"type": "action", "version": sent_version,
                                      "action": rng.choice(view["legal_actions"])}))
    return False


async def run_level(bases: list[str], args: argparse.Namespace, tables: int) -> Level:
    """`tables` persons at once, person k on server `bases[k % len(bases)]` (its WebSocket on
    the next server with --relayed, which relays it to the owner)."""
    level = Level(tables)
    began = time.monotonic()
    stop = began + args.seconds
    shift = 1 if args.relayed else 0
    await asyncio.gather(*(person(bases[k % len(bases)], args, level, stop,
                                  random.Random(tables * 1000 + k),
                                  bases[(k + shift) % len(bases)]) for k in range(tables)))
    level.seconds = time.monotonic() - began
    return level


def find_capacity(bases: list[str], args: argparse.Namespace, began: float) -> Level | None:
    """Run the levels in turn; the last one whose p99 stayed under the limit."""
    best = None
    for tables in [int(k) for k in args.levels.split(",")]:
        if time.monotonic() - began > args.budget:
            print("time budget spent")
            break
        level = asyncio.run(run_level(bases, args, tables))
        print(level.line(), flush=True)
        if not level.latencies or level.percentile(0.99) >= LIMIT_MS:
            break
        best = level
    return best


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default=squidbox.game_ids()[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--bots", default="random", help="bot spec of the other seats")
    parser.add_argument("--levels", default="1,2,5,10,20,30,40,50,75,100,150,200",
                        help="numbers of tables to try, increasing")
    parser.add_argument("--seconds", type=float, default=8.0, help="per level (default 8)")
    parser.add_argument("--budget", type=float, default=240.0,
                        help="stop starting new levels after this many seconds (default 240; "
                             "with --processes, per process count)")
    parser.add_argument("--processes", help="process counts to measure on PostgreSQL + Redis, "
                                            "e.g. 1,2,4 (default: one process on SQLite)")
    parser.add_argument("--rounds", type=int, default=0,
                        help="with --processes: run every level on every process count in turn, "
                             "this many rounds, and report medians (for a machine whose load "
                             "changes); no capacity search or idle connections then")
    parser.add_argument("--relayed", action="store_true",
                        help="with --processes: each WebSocket on another process than the "
                             "table's owner (as behind a proxy), relayed over the bus")
    parser.add_argument("--idle", type=int, default=1000,
                        help="with --processes: idle WebSockets each process holds (default 1000)")
    return parser.parse_args()


def main() -> int:
    args = parse_args()
    if args.processes:
        from cluster_load import measure_clusters

        return measure_clusters(args)
    work = Path(tempfile.mkdtemp(prefix="squidbox-load-"))
    port = free_port()
    server = start_server(f"sqlite:///{work / 'load.db'}", port, work / "server.log")
    print(f"squidbox serve on 127.0.0.1:{port} (SQLite {work / 'load.db'}), {args.game}, "
          f"{args.players} players: seat 0 scripted over WebSocket, bots '{args.bots}'; "
          f"{os.cpu_count()} CPUs; {args.seconds:g} s per level", flush=True)
    try:
        best = find_capacity([f"127.0.0.1:{port}"], args, time.monotonic())
    finally:
        stop_server(server)
        shutil.rmtree(work, ignore_errors=True)
    print(f"largest number of concurrent tables with p99 < {LIMIT_MS:g} ms: "
          f"{best.tables if best else 0}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
