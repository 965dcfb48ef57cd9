"""The cluster under chaos (a benchmark, not a test): two `squidbox serve` nodes on one
PostgreSQL and Redis, tables of bots and tables with a person, while Redis and PostgreSQL are
each restarted every few minutes and a node is killed (`kill -9`, then started again) every
minute. Figures go to docs/benchmarks.md.

    python benchmarks/chaos.py --seconds 3600 [--kill-every 60] [--redis-every 240]
        [--postgres-every 300] [--outage 5] [--bot-tables 6] [--person-tables 4]

People (threads here) play a random listed action on their turn through a node drawn at random
each time (so half their requests are relayed through the bus). At the end every stored game is
replayed and every acknowledged action looked up (benchmarks/soak.py's ledger): lost =
acknowledged but not stored where it was acknowledged; doubled = people's actions stored beyond
those acknowledged and those whose answer was cut off. Also: the longest time a table with a
person went without an acknowledged move while it was the person's turn (from the first answer
that showed their turn to the acknowledgement), and the tracebacks in the nodes' logs (but for a
restart refused because its killed predecessor's name was not free yet: it is started again).
PostgreSQL and Redis are throw-away servers on loopback ports, started as the tests start them.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import warnings
from pathlib import Path
from typing import Any

import httpx
from soak import Ledger, Live, check_stored, open_table

REPOSITORY = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPOSITORY))  # for tests.server.conftest
warnings.filterwarnings("ignore", message="Using .httpx. with")  # conftest imports TestClient
import squidbox  # noqa: E402
from tests.server.conftest import (  # noqa: E402
    PostgresServer,
    RedisServer,
    free_port,
    postgres_bin_dir,
)


class Node:
    """One `squidbox serve` process, restartable on its port."""

    def __init__(self, name: str, database: str, bus: str, log: Path) -> None:
        self.name, self.database, self.bus, self.log = name, database, bus, log
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        self.kills = 0

    def start(self) -> None:
        """Start, and again while it refuses to (its killed predecessor's name is taken until
        its node row runs out, or the database is down)."""
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            with self.log.open("ab") as output:
                self.process = subprocess.Popen(
                    [sys.executable, "-m", "squidbox", "serve", "--port", str(self.port),
                     "--database", self.database, "--bus", self.bus, "--node", self.name,
                     "--no-rate-limits"], stdout=output, stderr=subprocess.STDOUT)
            while self.process.poll() is None and time.monotonic() < deadline:
                try:
                    if httpx.get(f"{self.url}/healthz", timeout=2).status_code == 200:
                        return
                except httpx.TransportError:
                    pass
                time.sleep(0.2)
            time.sleep(1)
        raise SystemExit(f"node {self.name} did not start; see {self.log}")

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()
        self.kills += 1

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()


class Stalls:
    """Per table with a person: since when it has been their turn without an acknowledged move,
    and the longest such wait."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.since: dict[str, float] = {}
        self.longest = 0.0
        self.longest_table = ""

    def waiting(self, table: str) -> None:
        with self.lock:
            self.since.setdefault(table, time.monotonic())

    def moved(self, table: str) -> None:
        with self.lock:
            began = self.since.pop(table, None)
            if began is not None and time.monotonic() - began > self.longest:
                self.longest, self.longest_table = time.monotonic() - began, table


def person(nodes: list[Node], slot: int, live: list[Live], opened: list[Live], ledger: Ledger,
           stalls: Stalls, stop: threading.Event, rng: random.Random) -> None:
    """The person of one table, through a node drawn at random for each request."""
    with httpx.Client(timeout=15) as client:
        while not stop.is_set():
            table, tokens, game_id, _people = live[slot]
            url = rng.choice(nodes).url
            try:
                state = client.get(f"{url}/api/tables/{table}/state").json()
                if state["view"]["is_terminal"]:
                    stalls.moved(table)
                    live[slot] = open_table(url, game_id, True, rng)
                    opened.append(live[slot])
                    continue
                seats = [s for s in state["view"]["to_move"] if s in tokens]
                if not seats:
                    time.sleep(0.05)
                    continue
                stalls.waiting(table)
                seat = rng.choice(seats)
                mine = client.get(f"{url}/api/tables/{table}/state",
                                  params={"token": tokens[seat]}).json()
                action = rng.choice(mine["view"]["legal_actions"])
            except (httpx.TransportError, KeyError, ValueError):
                time.sleep(0.2)  # a node restarting, a dependency down
                continue
            try:
                answer = client.post(f"{url}/api/tables/{table}/actions", json={
                    "token": tokens[seat], "action": action, "version": mine["version"]})
            except httpx.TransportError:
                ledger.count("unanswered")
                continue
            if answer.status_code == 200:
                ledger.ack(table, answer.json()["version"] - 1, seat, action)
                stalls.moved(table)
            else:
                ledger.count(answer.json().get("code", str(answer.status_code)))
                time.sleep(0.2)


def bot_tables(nodes: list[Node], live: list[Live], opened: list[Live], count: int,
               rng: random.Random) -> None:
    """A bot table that finished gives its place to a new one."""
    for slot in range(count):
        table, _tokens, game_id, _people = live[slot]
        url = rng.choice(nodes).url
        try:
            if httpx.get(f"{url}/api/tables/{table}/state", timeout=10).json()["view"][
                    "is_terminal"]:
                live[slot] = open_table(url, game_id, False, rng)
                opened.append(live[slot])
        except (httpx.TransportError, KeyError, ValueError):
            pass


def run(args: argparse.Namespace) -> int:
    bin_dir = postgres_bin_dir()
    redis_binary = shutil.which("redis-server")
    if bin_dir is None or redis_binary is None:
        raise SystemExit("needs PostgreSQL (initdb) and redis-server: bash scripts/system-packages")
    work = Path(tempfile.mkdtemp(prefix="squidbox-chaos-"))
    postgres, redis = PostgresServer(bin_dir), RedisServer(redis_binary)
    postgres.start()
    redis.wait()
    database = postgres.new_database()
    nodes = [Node(f"c{n}", database, redis.url, work / f"c{n}.log") for n in range(2)]
    rng = random.Random(args.seed)
    events = {"redis restarts": 0, "postgres restarts": 0, "node kills": 0}
    try:
        for node in nodes:
            node.start()
        games = squidbox.game_ids()
        live = [open_table(nodes[n % 2].url, games[n % len(games)], n >= args.bot_tables, rng)
                for n in range(args.bot_tables + args.person_tables)]
        opened = list(live)
        ledger, stalls, stop = Ledger(), Stalls(), threading.Event()
        threads = [threading.Thread(target=person, args=(nodes, slot, live, opened, ledger,
                                                         stalls, stop, random.Random(slot)))
                   for slot in range(args.bot_tables, len(live))]
        for thread in threads:
            thread.start()
        started = time.monotonic()
        outages = {"redis": (redis.kill, redis.resume, args.redis_every),
                   "postgres": (postgres.halt, postgres.resume, args.postgres_every)}
        due = {"kill": started + args.kill_every,
               **{name: started + every for name, (_, _, every) in outages.items()}}
        while time.monotonic() - started < args.seconds:
            time.sleep(1)
            bot_tables(nodes, live, opened, args.bot_tables, rng)
            moment = time.monotonic()
            if moment >= due["kill"]:
                victim = nodes[events["node kills"] % 2]
                victim.kill()
                victim.start()
                events["node kills"] += 1
                due["kill"] = time.monotonic() + args.kill_every
            for name, (down, up, every) in outages.items():
                if moment >= due[name]:
                    down()
                    time.sleep(args.outage)
                    up()
                    events[f"{name} restarts"] += 1
                    due[name] = time.monotonic() + every
            print(f"{time.monotonic() - started:6.0f} s: {len(ledger.acked)} acknowledged, "
                  f"{events}", end="\r", flush=True)
        stop.set()
        for thread in threads:
            thread.join(timeout=60)
        seconds = round(time.monotonic() - started)
    finally:
        for node in nodes:
            node.stop()
    report: dict[str, Any] = check_stored(database, ledger, [entry[0] for entry in opened],
                                          {entry[0] for entry in opened if entry[3]})
    logs = "".join(node.log.read_text(errors="replace") for node in nodes)
    report.update(seconds=seconds, **events, refused=ledger.refused, unanswered=ledger.unanswered,
                  longest_wait_seconds=round(stalls.longest, 1),
                  # a restart refused while its killed predecessor's name was still taken
                  # prints its refusal with a traceback: those are not failures
                  refused_starts=logs.count("Application startup failed"),
                  tracebacks=logs.count("Traceback") - logs.count("Application startup failed"))
    print()
    print(json.dumps(report, indent=1))
    print(f"logs: {work}")
    redis.stop()
    postgres.stop()
    return 0 if report["lost"] == 0 and report["doubled"] == 0 and report["bad_replays"] == 0 \
        and report["tracebacks"] == 0 else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3600)
    parser.add_argument("--kill-every", type=float, default=60)
    parser.add_argument("--redis-every", type=float, default=240)
    parser.add_argument("--postgres-every", type=float, default=300)
    parser.add_argument("--outage", type=float, default=5, help="seconds Redis/PostgreSQL is down")
    parser.add_argument("--bot-tables", type=int, default=6)
    parser.add_argument("--person-tables", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    return run(parser.parse_args())


if __name__ == "__main__":
    sys.exit(main())
