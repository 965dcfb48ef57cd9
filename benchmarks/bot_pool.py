"""Does the event loop stay responsive while strong bots think? Bot threads against bot processes.

Runs the real server twice in one go, on the same load: first the code of `--before` (a git
revision whose bots think in threads, extracted with `git archive`), then this checkout (bots in
worker processes, server/botpool.py). Each keeps `--tables` tables of ISMCTS bots busy (a new
table when one ends) while a spectator on one table sends a WebSocket ping every 50 ms and a
monitor reads GET /healthz every 50 ms; the figures are those round trips, and the bot moves
played per second (from /metrics).

    .venv/bin/python benchmarks/bot_pool.py [--before main] [--game grid_squid]
        [--bots ismcts:iterations=200] [--tables 4] [--seconds 15]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
from server_load import free_port, stop_server, wait_until_up
from websockets.asyncio.client import connect

REPOSITORY = Path(__file__).resolve().parent.parent


@dataclass
class Run:
    name: str
    healthz: list[float] = field(default_factory=list)
    pings: list[float] = field(default_factory=list)
    bot_moves: float = 0.0
    seconds: float = 1.0

    def line(self) -> str:
        return (f"{self.name:<28} healthz {summary(self.healthz)} | spectator ping "
                f"{summary(self.pings)} | {self.bot_moves / self.seconds:6.1f} bot moves/s")


def summary(latencies: list[float]) -> str:
    if not latencies:
        return "no answers"
    ordered = sorted(latencies)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return (f"p50 {statistics.median(ordered) * 1000:6.1f} ms, p99 {p99 * 1000:6.1f} ms, "
            f"max {ordered[-1] * 1000:6.1f} ms (n={len(ordered)})")


def memory(session: int) -> str:
    """The proportional memory (PSS) of the server and of the processes it started (its session:
    bot workers, the forkserver, multiprocessing's resource tracker)."""
    sizes: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            if int(stat.read_text().rsplit(")", 1)[1].split()[3]) == session:
                rollup = (stat.parent / "smaps_rollup").read_text()
                sizes[int(stat.parent.name)] = next(int(line.split()[1]) for line in
                                                    rollup.splitlines() if line.startswith("Pss:"))
        except (OSError, ValueError, IndexError, StopIteration):
            continue
    others = [size for pid, size in sizes.items() if pid != session]
    return (f"memory (PSS): server {sizes.get(session, 0) / 1024:.0f} MiB, {len(others)} helper "
            f"processes {sum(others) / 1024:.0f} MiB")


def extract(revision: str, into: Path) -> Path:
    """The `src` folder of `revision`, written under `into`."""
    archive = subprocess.run(["git", "-C", str(REPOSITORY), "archive", revision, "src"],
                             check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into / "src"


def bot_moves(base: str) -> float:
    text = httpx.get(f"http://{base}/metrics", timeout=5).text
    found = re.search(r'squidbox_actions_total\{by="bot"\} ([0-9.e+]+)', text)
    return float(found.group(1)) if found else 0.0


async def keep_tables_busy(base: str, args: argparse.Namespace, stop: float,
                           first: asyncio.Future[str]) -> None:
    """Keep `args.tables` bot tables playing: a new one when one ends."""
    body = {"game": args.game, "players": args.players,
            "bots": {str(seat): args.bots for seat in range(args.players)}}
    async with httpx.AsyncClient(base_url=f"http://{base}", timeout=30) as client:
        tables: list[str] = []
        while time.monotonic() < stop:
            for table in list(tables):
                state = (await client.get(f"/api/tables/{table}/state")).json()
                if state["view"]["is_terminal"]:
                    tables.remove(table)
            while len(tables) < args.tables:
                tables.append((await client.post("/api/tables", json=body)).json()["table"])
                if not first.done():
                    first.set_result(tables[0])
            await asyncio.sleep(0.5)


async def spectate(base: str, table: str, run: Run, stop: float) -> None:
    async with connect(f"ws://{base}/ws/tables/{table}", max_size=None) as ws:
        while time.monotonic() < stop:
            began = time.perf_counter()
            await ws.send(json.dumps({"type": "ping"}))
            while json.loads(await ws.recv())["type"] != "pong":
                pass
            run.pings.append(time.perf_counter() - began)
            await asyncio.sleep(0.05)


async def monitor(base: str, run: Run, stop: float) -> None:
    async with httpx.AsyncClient(base_url=f"http://{base}", timeout=30) as client:
        while time.monotonic() < stop:
            began = time.perf_counter()
            (await client.get("/healthz")).raise_for_status()
            run.healthz.append(time.perf_counter() - began)
            await asyncio.sleep(0.05)


async def measure(base: str, args: argparse.Namespace, run: Run) -> None:
    stop = time.monotonic() + args.seconds + 2
    first: asyncio.Future[str] = asyncio.get_running_loop().create_future()
    busy = asyncio.create_task(keep_tables_busy(base, args, stop, first))
    table = await first
    await asyncio.sleep(2)  # the bots are thinking (and the workers have started)
    moves_before, began = bot_moves(base), time.monotonic()
    await asyncio.gather(spectate(base, table, run, stop), monitor(base, run, stop))
    run.bot_moves, run.seconds = bot_moves(base) - moves_before, time.monotonic() - began
    await busy


def serve(source: Path, work: Path, name: str) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    log = (work / f"{name}.log").open("wb")
    process = subprocess.Popen(
        [sys.executable, "-m", "squidbox", "serve", "--port", str(port), "--database",
         f"sqlite:///{work / name}.db", "--no-rate-limits"],
        stdout=log, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONPATH": str(source)},
        start_new_session=True)
    wait_until_up(process, port, work / f"{name}.log")
    return process, f"127.0.0.1:{port}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", default="main", help="git revision with bot threads")
    parser.add_argument("--game", default="grid_squid")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--bots", default="ismcts:iterations=200")
    parser.add_argument("--tables", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=15.0)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="squidbox-botpool-"))
    sources = {f"before ({args.before}: threads)": extract(args.before, work),
               "after (this checkout: processes)": REPOSITORY / "src"}
    print(f"{args.tables} tables of {args.game}, {args.players} seats of '{args.bots}'; "
          f"{args.seconds:g} s each; {os.cpu_count()} CPUs; load average "
          f"{os.getloadavg()[0]:.2f}", flush=True)
    try:
        for n, (name, source) in enumerate(sources.items()):
            process, base = serve(source, work, f"server{n}")
            try:
                run = Run(name)
                asyncio.run(measure(base, args, run))
                print(run.line(), flush=True)
                print(f"{'':<28} {memory(process.pid)}", flush=True)
            finally:
                stop_server(process)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
