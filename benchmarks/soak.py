"""Soak runs (benchmarks, not tests): long fuzzing of the rules, and a server under churn and
`kill -9` restarts. Figures go to docs/benchmarks.md.

    python benchmarks/soak.py fuzz --games 100000 [--chunk 200] [--workers N] [--state F]
        `squidbox fuzz` for every game in chunks of seeds, on all cores, until each game has
        passed --games games (every player count and option preset counts). Resumable: finished
        chunks are recorded in the state file (default soak-fuzz.json) and skipped next time.

    python benchmarks/soak.py server --seconds 3600 [--kill-every 60] [--bot-tables 6]
        [--human-tables 4] [--spectators 6]
        The real server (`squidbox serve`, a fresh SQLite file) with tables of bots, tables whose
        people (threads here) play over REST with explicit versions, spectators that connect and
        leave, seats that reconnect, and a `kill -9` then restart every --kill-every seconds.
        At the end every stored game is replayed and every acknowledged action looked up:
        lost = acknowledged but not stored where it was acknowledged; doubled = stored people's
        actions beyond those acknowledged plus those whose answer the kill cut off.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import connect

import squidbox
from squidbox.server.storage import Storage

HERE = Path(__file__).resolve().parent
PASSED = re.compile(r"All (\d+) games passed")


# ---- fuzz ---------------------------------------------------------------------------------------
RUNNING: set[subprocess.Popen[str]] = set()
STOPPING = threading.Event()


def fuzz_chunk(game_id: str, seed: int, games: int) -> tuple[str, int, int, float, str]:
    """One `squidbox fuzz` run: (game, first seed, games passed, seconds, failure or "")."""
    started = time.perf_counter()
    if STOPPING.is_set():  # a queued chunk after a stop: not run
        return game_id, seed, 0, 0.0, ""
    process = subprocess.Popen([sys.executable, "-m", "squidbox", "fuzz", game_id, "--games",
                                str(games), "--seed", str(seed)], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    RUNNING.add(process)
    try:
        stdout, stderr = process.communicate()
    finally:
        RUNNING.discard(process)
    if process.returncode < 0:  # stopped by us: not a failure, not counted
        return game_id, seed, 0, time.perf_counter() - started, ""
    found = PASSED.search(stdout)
    passed = int(found.group(1)) if found and process.returncode == 0 else 0
    failure = "" if process.returncode == 0 else (stderr.strip() or stdout[-500:])
    return game_id, seed, passed, time.perf_counter() - started, failure


def stop_children(*_: object) -> None:
    STOPPING.set()
    for process in list(RUNNING):
        process.kill()
    raise SystemExit("stopped; finished chunks are saved, run again to resume")


def run_fuzz(args: argparse.Namespace) -> int:
    state_file = Path(args.state)
    state: dict[str, Any] = json.loads(state_file.read_text()) if state_file.exists() else {}
    games = args.game or squidbox.game_ids()
    for game_id in games:
        state.setdefault(game_id, {"passed": 0, "seconds": 0.0, "next_seed": 0, "failures": []})
    lock = threading.Lock()

    def save() -> None:
        with lock:
            state_file.write_text(json.dumps(state, indent=1))

    def next_job(game_id: str) -> tuple[str, int] | None:
        """The next chunk of a game, or None when it is done (or failed). Chunks are handed
        out in order; the seeds of a chunk cut off by a stop are skipped, never counted."""
        entry = state[game_id]
        if entry["passed"] >= args.games or entry["failures"]:
            return None
        entry["next_seed"] += args.chunk
        return game_id, entry["next_seed"] - args.chunk

    signal.signal(signal.SIGTERM, stop_children)
    signal.signal(signal.SIGINT, stop_children)
    with ThreadPoolExecutor(args.workers) as pool:
        futures = set()
        for game_id in games:  # one chunk per game in flight, the pool runs `workers` at once
            if job := next_job(game_id):
                futures.add(pool.submit(fuzz_chunk, *job, args.chunk))
        while futures:
            done, futures = wait(futures, return_when=FIRST_COMPLETED)
            for future in done:
                game_id, seed, passed, seconds, failure = future.result()
                entry = state[game_id]
                entry["passed"] += passed
                entry["seconds"] += seconds
                if failure:
                    entry["failures"].append({"seed": seed, "error": failure})
                print(f"{game_id}: seeds {seed}..{seed + args.chunk - 1}: {passed} games ok "
                      f"in {seconds:.1f} s (total {entry['passed']})" +
                      (f" FAILED: {failure}" if failure else ""), flush=True)
                save()
                if job := next_job(game_id):
                    futures.add(pool.submit(fuzz_chunk, *job, args.chunk))
    for game_id in games:
        entry = state[game_id]
        print(f"{game_id}: {entry['passed']} games passed, {entry['seconds']:.0f} CPU-s, "
              f"{len(entry['failures'])} failures")
    return 1 if any(state[g]["failures"] for g in games) else 0


# ---- server soak --------------------------------------------------------------------------------
class Server:
    def __init__(self, database: Path, port: int, log: Path) -> None:
        self.database, self.port, self.log = database, port, log
        self.url = f"http://127.0.0.1:{port}"
        self.process: subprocess.Popen[bytes] | None = None
        self.restarts = 0

    def start(self) -> None:
        with self.log.open("ab") as output:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "squidbox", "serve", "--port", str(self.port),
                 "--database", f"sqlite:///{self.database}", "--no-rate-limits"],
                stdout=output, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{self.url}/healthz", timeout=1).status_code == 200:
                    return
            except httpx.TransportError:
                time.sleep(0.05)
        raise SystemExit(f"the server did not start; see {self.log}")

    def kill(self) -> None:
        assert self.process is not None
        self.process.kill()
        self.process.wait()
        self.restarts += 1


class Ledger:
    """What the clients were told: acknowledged actions, and requests cut off by a kill."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.acked: dict[tuple[str, int], tuple[int, str]] = {}
        self.unanswered = 0
        self.refused: dict[str, int] = {}

    def ack(self, table: str, index: int, seat: int, action: str) -> None:
        with self.lock:
            self.acked[table, index] = (seat, action)

    def count(self, what: str) -> None:
        with self.lock:
            if what == "unanswered":
                self.unanswered += 1
            else:
                self.refused[what] = self.refused.get(what, 0) + 1


Live = tuple[str, dict[int, str], str, bool]  # table, tokens, game, with a person


def open_table(url: str, game_id: str, people: bool, rng: random.Random) -> Live:
    """A new table: bots only, or one person (seat 0) and bots."""
    game = squidbox.get_game(game_id)
    kinds = ["random", "heuristic"] if game.evaluate_view else ["random"]
    bots = {str(s): rng.choice(kinds) for s in range(1 if people else 0, game.min_players)}
    created = httpx.post(f"{url}/api/tables", timeout=10,
                         json={"game": game_id, "players": game.min_players, "bots": bots}).json()
    tokens = {s["seat"]: s["token"] for s in created["seats"] if "token" in s}
    return created["table"], tokens, game_id, people


def finished(url: str, table: str) -> bool:
    try:
        return httpx.get(f"{url}/api/tables/{table}/state", timeout=10).json()["view"][
            "is_terminal"]
    except (httpx.TransportError, KeyError, ValueError):
        return False


def replace_finished(server: Server, live: list[Live], slot: int, opened: list[Live],
                     rng: random.Random) -> None:
    """A table that finished gives its place to a new one of the same kind."""
    table, _tokens, game_id, people = live[slot]
    if finished(server.url, table):
        with contextlib.suppress(httpx.TransportError, KeyError, ValueError):
            live[slot] = open_table(server.url, game_id, people, rng)
            opened.append(live[slot])


def person(server: Server, slot: int, live: list[Live], opened: list[Live], ledger: Ledger,
           stop: threading.Event, rng: random.Random) -> None:
    """The person of one table: plays a random listed action on their turn; a new table when
    the game ends."""
    with httpx.Client(timeout=10) as client:
        while not stop.is_set():
            table, tokens, _game, _people = live[slot]
            try:
                state = client.get(f"{server.url}/api/tables/{table}/state").json()
                if state["view"]["is_terminal"]:
                    replace_finished(server, live, slot, opened, rng)
                    continue
                seats = [s for s in state["view"]["to_move"] if s in tokens]
                if not seats:
                    time.sleep(0.02)
                    continue
                seat = rng.choice(seats)
                mine = client.get(f"{server.url}/api/tables/{table}/state",
                                  params={"token": tokens[seat]}).json()
                action = rng.choice(mine["view"]["legal_actions"])
            except (httpx.TransportError, KeyError, ValueError):
                time.sleep(0.1)  # the server is restarting
                continue
            try:
                answer = client.post(f"{server.url}/api/tables/{table}/actions",
                                     json={"token": tokens[seat], "action": action,
                                           "version": mine["version"]})
            except httpx.TransportError:
                ledger.count("unanswered")
                continue
            if answer.status_code == 200:
                ledger.ack(table, answer.json()["version"] - 1, seat, action)
            else:
                ledger.count(answer.json().get("code", str(answer.status_code)))


def churn(server: Server, live: list[Live], stop: threading.Event, rng: random.Random,
          counts: dict[str, int]) -> None:
    """Spectators and seats connecting, reading a little and leaving."""
    while not stop.is_set():
        table, tokens, _game, _people = rng.choice(live)
        token = rng.choice([None, *tokens.values()])
        query = f"?token={token}" if token else ""
        try:
            with connect(f"{server.url.replace('http', 'ws')}/ws/tables/{table}{query}",
                         open_timeout=5, max_size=None) as ws:
                ws.recv(timeout=5)
                counts["connections"] += 1
                time.sleep(rng.uniform(0, 0.5))
        except Exception as e:  # mostly: refused while the server restarts
            what = f"failed connections ({type(e).__name__})"
            counts[what] = counts.get(what, 0) + 1
            time.sleep(0.1)


def run_server_soak(args: argparse.Namespace) -> int:
    rng = random.Random(args.seed)
    directory = Path(tempfile.mkdtemp(prefix="squidbox-soak-"))
    with __import__("socket").socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    server = Server(directory / "soak.db", port, directory / "server.log")
    server.start()
    ledger = Ledger()
    games = squidbox.game_ids()
    live = [open_table(server.url, games[n % len(games)], n >= args.bot_tables, rng)
            for n in range(args.bot_tables + args.human_tables)]
    opened = list(live)  # every table ever opened, checked at the end
    stop = threading.Event()
    counts = {"connections": 0}
    threads = [threading.Thread(target=person, args=(server, slot, live, opened, ledger, stop,
                                                     random.Random(rng.random())))
               for slot in range(args.bot_tables, len(live))]
    threads += [threading.Thread(target=churn, args=(server, live, stop,
                                                     random.Random(rng.random()), counts))
                for _ in range(args.spectators)]
    for thread in threads:
        thread.start()
    started = time.monotonic()
    next_kill = started + args.kill_every
    while time.monotonic() - started < args.seconds:
        time.sleep(0.5)
        for slot in range(args.bot_tables):
            replace_finished(server, live, slot, opened, rng)
        if time.monotonic() >= next_kill:
            server.kill()
            server.start()
            next_kill = time.monotonic() + args.kill_every
    stop.set()
    for thread in threads:
        thread.join(timeout=30)
    server.kill()
    report = check_stored(f"sqlite:///{server.database}", ledger, [entry[0] for entry in opened],
                          {entry[0] for entry in opened if entry[3]})
    report.update(seconds=round(time.monotonic() - started), restarts=server.restarts - 1,
                  **counts, refused=ledger.refused, unanswered=ledger.unanswered)
    print(json.dumps(report, indent=1))
    log = server.log.read_text(errors="replace")
    print(f"server log: {server.log} ({log.count('Traceback')} tracebacks)")
    return 0 if report["lost"] == 0 and report["doubled"] == 0 and report["bad_replays"] == 0 \
        else 1


def check_stored(database: str, ledger: Ledger, tables: list[str],
                 with_people: set[str]) -> dict[str, Any]:
    storage = Storage(database)
    lost = people_stored = bad_replays = actions = finished = 0
    try:
        for table in tables:
            stored = storage.load(table)
            assert stored is not None
            record = stored.record
            actions += len(stored.actions)
            try:
                state = squidbox.get_game(record.game).replay(
                    record.players, record.seed, record.options, stored.actions)
                finished += state.is_terminal()
            except Exception:
                bad_replays += 1
            if table in with_people:
                people_stored += sum(1 for seat, _ in stored.actions if seat not in record.bots)
            for (acked_table, index), move in ledger.acked.items():
                if acked_table == table and (index >= len(stored.actions)
                                             or stored.actions[index] != move):
                    lost += 1
    finally:
        storage.dispose()
    acked = len(ledger.acked)
    return {"tables": len(tables), "finished": finished, "stored_actions": actions,
            "acknowledged_actions": acked, "lost": lost,
            "doubled": max(0, people_stored - acked - ledger.unanswered),
            "bad_replays": bad_replays}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    fuzz = commands.add_parser("fuzz")
    fuzz.add_argument("--games", type=int, default=100_000, help="games per game to reach")
    fuzz.add_argument("--chunk", type=int, default=200, help="seeds per squidbox fuzz run")
    fuzz.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    fuzz.add_argument("--state", default="soak-fuzz.json", help="resume file")
    fuzz.add_argument("--game", action="append", help="only these games (repeatable)")
    fuzz.set_defaults(run=run_fuzz)
    soak = commands.add_parser("server")
    soak.add_argument("--seconds", type=float, default=3600)
    soak.add_argument("--kill-every", type=float, default=60)
    soak.add_argument("--bot-tables", type=int, default=6)
    soak.add_argument("--human-tables", type=int, default=4)
    soak.add_argument("--spectators", type=int, default=6, help="churning client threads")
    soak.add_argument("--seed", type=int, default=0)
    soak.set_defaults(run=run_server_soak)
    args = parser.parse_args()
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
