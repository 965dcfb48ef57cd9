"""Several real `squidbox serve` processes on one real PostgreSQL, talking through a real Redis or
through PostgreSQL LISTEN/NOTIFY: a client on any process plays a table another owns,
each client still sees only its own seat, a killed owner's table resumes on another process with
every acknowledged action stored once, and the per-process caps refuse clearly."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from alembic import command
from sqlalchemy.exc import DBAPIError
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

import squidbox
from squidbox.server.bus import PostgresBus
from squidbox.server.leases import LEASE_SECONDS, SWEEP_SECONDS, Leases
from squidbox.server.storage import (
    IDLE_IN_TRANSACTION_SECONDS,
    ActionWrite,
    LeaseLost,
    Storage,
    UndoNote,
    make_engine,
    now,
)
from tests.server.conftest import PostgresServer, RedisServer, free_port
from tests.server.helpers import as_json, replayed, table_record, wait_for

SOURCE = str(Path(squidbox.__file__).parents[1])
GAME = "squid_circle"  # hidden hands: what a seat may not see of another


class Node:
    """One `squidbox serve` process."""

    def __init__(self, name: str, database: str, directory: Path, *extra: str,
                 log: str | None = None) -> None:
        self.name = name
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = directory / f"{log or name}.log"
        env = {**os.environ, "PYTHONPATH": SOURCE}
        env.pop("SQUIDBOX_BUS", None)
        with open(self.log, "w") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "squidbox", "serve", "--database", database,
                 "--port", str(self.port), "--node", name, "--no-rate-limits", *extra],
                stdout=log, stderr=subprocess.STDOUT, env=env)

    def wait_ready(self) -> None:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            assert self.process.poll() is None, f"{self.name} died:\n{self.log.read_text()}"
            try:
                if httpx.get(f"{self.url}/healthz", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise AssertionError(f"{self.name} did not start:\n{self.log.read_text()}")

    def http(self) -> httpx.Client:
        return httpx.Client(base_url=self.url, timeout=30)

    def socket(self, path: str) -> ClientConnection:
        return connect(f"ws://127.0.0.1:{self.port}{path}", max_size=2**24, open_timeout=20)

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()


@contextmanager
def nodes(count: int, database: str, directory: Path, *extra: str) -> Iterator[list[Node]]:
    started: list[Node] = []
    try:
        for index in range(count):
            started.append(Node(f"n{index}", database, directory, *extra))
        for node in started:
            node.wait_ready()
        yield started
    finally:
        for node in started:
            node.stop()


def owner_of(database: str, table: str) -> str | None:
    storage = Storage(database)
    try:
        with storage.engine.connect() as connection:
            return connection.exec_driver_sql(
                "SELECT owner FROM table_leases WHERE table_id = %(t)s", {"t": table}).scalar()
    finally:
        storage.dispose()


def create(http: httpx.Client, **body: Any) -> dict[str, Any]:
    answer = http.post("/api/tables", json={"game": GAME, "players": 2, "seed": 7, **body})
    assert answer.status_code == 201, answer.text
    return answer.json()


def tokens_of(created: dict[str, Any]) -> dict[int, str]:
    return {seat["seat"]: seat["token"] for seat in created["seats"] if "token" in seat}


def receive(ws: ClientConnection, timeout: float = 20) -> dict[str, Any]:
    return json.loads(ws.recv(timeout=timeout))


def state_at(ws: ClientConnection, version: int) -> dict[str, Any]:
    """Read until the state message of `version` (earlier ones skipped)."""
    while True:
        message = receive(ws)
        if message["type"] == "state" and message["version"] >= version:
            return message


def play(http: httpx.Client, table: str, tokens: dict[int, str], moves: int,
         acknowledged: list[tuple[int, int, str]]) -> int:
    """Humans play their first listed action over HTTP; each 200 is an acknowledged action
    (index, seat, action). Returns the version reached."""
    version = 0
    for _ in range(moves):
        def settled() -> dict[str, Any] | None:  # the bots have moved
            message: dict[str, Any] = http.get(f"/api/tables/{table}/state").json()
            view = message["view"]
            return message if view["is_terminal"] or set(view["to_move"]) & set(tokens) \
                else None
        message = wait_for(settled, what="the bots to move")
        version = message["version"]
        seat = next((s for s in message["view"]["to_move"] if s in tokens), None)
        if seat is None:
            break
        view = http.get(f"/api/tables/{table}/state", params={"token": tokens[seat]}).json()
        action = view["view"]["legal_actions"][0]
        answer = http.post(f"/api/tables/{table}/actions",
                           json={"token": tokens[seat], "action": action,
                                 "version": view["version"]})
        assert answer.status_code == 200, answer.text
        version = answer.json()["version"]
        acknowledged.append((version - 1, seat, action))
    return version


def test_a_client_on_one_process_plays_a_table_another_owns_seeing_only_its_seat(
        postgres: PostgresServer, redis_server: RedisServer, tmp_path: Path) -> None:
    database = postgres.new_database()
    with nodes(2, database, tmp_path, "--bus", redis_server.url) as (a, b), ExitStack() as stack:
        created = create(a.http())
        table, tokens = created["table"], tokens_of(created)
        assert owner_of(database, table) == "n0"
        assert b.http().get("/api/tables/nosuchtbl").json()["code"] == "unknown_table"
        twin = Node("n0", database, tmp_path, "--bus", redis_server.url, log="twin")  # in use
        assert twin.process.wait(timeout=60) != 0
        assert "another live server process is named 'n0'" in twin.log.read_text()
        # seat 0 and a spectator on the process that does not own the table, seat 1 on the owner
        sockets = {0: stack.enter_context(b.socket(f"/ws/tables/{table}?token={tokens[0]}")),
                   None: stack.enter_context(b.socket(f"/ws/tables/{table}")),
                   1: stack.enter_context(a.socket(f"/ws/tables/{table}?token={tokens[1]}"))}
        received: dict[int | None, list[dict[str, Any]]] = {s: [] for s in sockets}
        for seat, ws in sockets.items():
            received[seat].append(state_at(ws, 0))
        version = 0
        for _ in range(6):  # every action is sent over a WebSocket of the non-owner's seat 0
            current = received[0][-1]
            mover = current["view"]["to_move"][0]
            ws = sockets[mover]
            mine = received[mover][-1]
            ws.send(json.dumps({"type": "action", "action": mine["view"]["legal_actions"][0],
                                "version": version}))
            version += 1
            for seat, socket in sockets.items():
                received[seat].append(state_at(socket, version))
        state = replayed(database, table)
        assert len(state.history) == version == 6
        for seat, messages in received.items():
            assert {m["view"]["seat"] for m in messages} == {seat}, "a socket saw another seat"
            assert messages[-1]["view"] == as_json(state.view(seat))
            assert messages[-1]["log"] == as_json(state.log(seat))
        assert owner_of(database, table) == "n0"  # played where it is owned, all along
        # chat said on the owner reaches a chat socket on the other process
        with b.socket(f"/ws/chat/{table}?token={tokens[0]}") as chat_b, \
                a.socket(f"/ws/chat/{table}?token={tokens[1]}") as chat_a:
            assert receive(chat_b)["history"] and receive(chat_a)["history"]
            chat_a.send(json.dumps({"type": "chat", "text": "hello from the owner"}))
            line = receive(chat_b)
            assert line["entries"][0]["text"] == "hello from the owner"
            assert line["entries"][0]["seat"] == 1
        # the host re-issues seat 0's link: its socket on the other process is closed (4403)
        answer = b.http().post(f"/api/tables/{table}/host/links",
                               json={"token": created["host_token"], "seat": 0})
        assert answer.status_code == 200, answer.text
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                receive(sockets[0])
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4403


def test_three_processes_on_listen_notify_without_redis(postgres: PostgresServer,
                                                        tmp_path: Path) -> None:
    database = postgres.new_database()
    with nodes(3, database, tmp_path) as (a, b, c):
        created = create(a.http(), bots={"1": "random"})
        table, tokens = created["table"], tokens_of(created)
        with c.socket(f"/ws/tables/{table}?token={tokens[0]}") as ws:
            first = state_at(ws, 0)
            assert first["view"]["seat"] == 0
            acknowledged: list[tuple[int, int, str]] = []
            version = play(b.http(), table, tokens, 5, acknowledged)  # HTTP on a non-owner
            assert acknowledged and state_at(ws, version)["version"] >= version
        stored = replayed(database, table).history
        for index, seat, action in acknowledged:
            assert stored[index] == (seat, action)
        assert owner_of(database, table) == "n0"
        for node in (a, b, c):
            assert node.http().get(f"/api/tables/{table}").json()["version"] == len(stored)
        # a process that stops normally closes the sockets relayed to it (1012: reconnect) and
        # gives its leases up: taken over before they run out
        with b.socket(f"/ws/tables/{table}") as relayed:
            state_at(relayed, len(stored))
            stopped = time.monotonic()
            a.stop()
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    receive(relayed)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1012
        wait_for(lambda: owner_of(database, table) in ("n1", "n2"), timeout=LEASE_SECONDS,
                 what="the takeover of a released lease")
        assert time.monotonic() - stopped < LEASE_SECONDS


def test_listen_notify_carries_messages_longer_than_notify_allows_in_order(
        postgres: PostgresServer) -> None:
    database = postgres.new_database()
    storage = Storage(database)
    storage.upgrade()
    storage.dispose()
    long_text = "x" * 50_000  # NOTIFY takes 8000 bytes at most: this one waits in bus_messages

    async def exchange() -> list[dict[str, Any]]:
        sender, receiver = PostgresBus(database), PostgresBus(database)
        got: list[dict[str, Any]] = []
        arrived = asyncio.Event()

        def handler(message: dict[str, Any]) -> None:
            got.append(message)
            if len(got) == 3:
                arrived.set()
        await receiver.start("squidbox_r", handler, lambda: None)
        await sender.start("squidbox_s", lambda message: None, lambda: None)
        for message in ({"n": 1}, {"n": 2, "text": long_text}, {"n": 3}):
            await sender.publish("squidbox_r", message)
        await asyncio.wait_for(arrived.wait(), 20)
        await sender.close()
        await receiver.close()
        return got

    assert asyncio.run(exchange()) == [{"n": 1}, {"n": 2, "text": long_text}, {"n": 3}]
    storage = Storage(database)
    with storage.engine.connect() as connection:  # read and deleted
        assert connection.exec_driver_sql("SELECT count(*) FROM bus_messages").scalar() == 0
    storage.dispose()


def test_a_killed_owner_s_table_resumes_elsewhere_with_every_acknowledged_action_once(
        postgres: PostgresServer, redis_server: RedisServer, tmp_path: Path) -> None:
    database = postgres.new_database()
    with nodes(3, database, tmp_path, "--bus", redis_server.url) as (a, b, c), \
            ExitStack() as stack:
        created = create(a.http(), bots={"1": "random"})
        table, tokens = created["table"], tokens_of(created)
        acknowledged: list[tuple[int, int, str]] = []
        on_owner = stack.enter_context(a.socket(f"/ws/tables/{table}?token={tokens[0]}"))
        on_other = stack.enter_context(c.socket(f"/ws/tables/{table}"))
        state_at(on_owner, 0)
        state_at(on_other, 0)
        version = play(b.http(), table, tokens, 4, acknowledged)
        assert version > 0
        a.kill()
        killed = time.monotonic()
        # both clients lose their connection; the one on a live process is told to reconnect
        for ws in (on_owner, on_other):
            with pytest.raises(ConnectionClosed):
                while True:
                    receive(ws, timeout=LEASE_SECONDS + 10)
        # ...and reconnect to a live process, which serves the table once it took it over
        def resumed() -> dict[str, Any] | None:
            answer = c.http().get(f"/api/tables/{table}")
            return answer.json() if answer.status_code == 200 else None
        info = wait_for(resumed, timeout=LEASE_SECONDS + 10, what="the takeover")
        took = time.monotonic() - killed
        print(f"table served again {took:.1f} s after kill -9 of its owner")
        assert took < LEASE_SECONDS + SWEEP_SECONDS + 5, took
        assert owner_of(database, table) in ("n1", "n2")
        assert info["version"] >= version
        with b.socket(f"/ws/tables/{table}?token={tokens[0]}") as ws:
            assert state_at(ws, version)["view"]["seat"] == 0
            before = len(acknowledged)
            version = play(c.http(), table, tokens, 4, acknowledged)  # bots go on there too
            assert len(acknowledged) > before, "the game did not go on after the takeover"
            assert state_at(ws, version)["version"] >= version
        def agreed() -> list[tuple[int, str]] | None:  # once the bot has moved
            stored = replayed(database, table).history
            served = c.http().get(f"/api/tables/{table}").json()["version"]
            return stored if served == len(stored) else None
        stored = wait_for(agreed, what="the served and the stored versions to agree")
        indices = [index for index, _seat, _action in acknowledged]
        assert len(indices) == len(set(indices)), "an action was acknowledged twice"
        for index, seat, action in acknowledged:  # none lost, none replaced
            assert stored[index] == (seat, action)


def test_caps_refuse_clearly_and_a_refused_table_changes_nothing(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'caps.db'}"
    with nodes(1, database, tmp_path, "--max-tables", "1", "--max-connections", "1") as (a,):
        created = create(a.http())
        answer = a.http().post("/api/tables", json={"game": GAME, "players": 2})
        assert answer.status_code == 503
        assert answer.json()["code"] == "full" and "limit" in answer.json()["error"]
        assert len(a.http().get("/api/tables").json()) == 1
        with a.socket(f"/ws/tables/{created['table']}") as first:
            state_at(first, 0)
            with a.socket(f"/ws/tables/{created['table']}") as second:
                refusal = receive(second)
                assert refusal["type"] == "error" and refusal["code"] == "full"
                with pytest.raises(ConnectionClosed) as closed:
                    receive(second)
                assert closed.value.rcvd is not None and closed.value.rcvd.code == 4503


def test_a_bus_with_sqlite_is_refused(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": SOURCE}
    result = subprocess.run(
        [sys.executable, "-m", "squidbox", "serve", "--database",
         f"sqlite:///{tmp_path / 'one.db'}", "--port", str(free_port()),
         "--bus", "redis://127.0.0.1:1/0"], capture_output=True, text=True, env=env, timeout=60)
    assert result.returncode != 0
    assert "need a PostgreSQL database" in result.stderr + result.stdout


def test_a_stale_owner_can_store_nothing_once_another_took_the_lease(
        postgres: PostgresServer) -> None:
    database = postgres.new_database()
    first, second = Storage(database), Storage(database)
    first.upgrade()
    try:
        old, new = Leases(first, "old"), Leases(second, "new")
        record = table_record("fenced", GAME, seed=1)
        first.fences["fenced"] = 1
        first.create_table(record)
        assert new.take("fenced") is None  # a live lease is not taken
        assert new.take("no-such-table") == 0
        assert len(old.shared_secret()) == 32 and old.shared_secret() == new.shared_secret()
        first.add_actions([ActionWrite("fenced", 0, 0, "a", False)])
        with first.engine.begin() as connection:  # the old owner stops renewing: it runs out
            connection.exec_driver_sql("UPDATE table_leases SET expires_at = now() - "
                                       "interval '1 second'")
        assert new.take("fenced") == 2
        with pytest.raises(LeaseLost):  # the old owner comes back: refused, nothing stored
            first.add_actions([ActionWrite("fenced", 1, 1, "stale", False)])
        with pytest.raises(LeaseLost):
            first.set_status("fenced", "finished")
        with pytest.raises(LeaseLost):  # an undo deletes and inserts rows: fenced the same way
            first.add_undo("fenced", 0, UndoNote(0, "a", 0, 0, now()))
        assert "fenced" not in old.renew(["fenced"])  # and it learns that it lost the table
        second.add_actions([ActionWrite("fenced", 1, 1, "b", False)])
        stored = second.load("fenced")
        assert stored is not None
        assert stored.actions == [(0, "a"), (1, "b")] and stored.record.status == "playing"
        assert stored.record.undos == []
        second.add_undo("fenced", 0, UndoNote(1, "b", 1, 0, now()))  # the owner's undo stands
        stored = second.load("fenced")
        assert stored is not None
        assert stored.actions == [(0, "a")] and [u.action for u in stored.record.undos] == ["b"]
    finally:
        first.dispose()
        second.dispose()


def test_an_owner_paused_in_the_middle_of_a_write_does_not_block_the_takeover(
        postgres: PostgresServer) -> None:
    """A write locks the table's lease row until it commits; an owner paused (SIGSTOP, a frozen
    virtual machine) between its statements must not hold that lock past its lease."""
    database = postgres.new_database()
    first, second = Storage(database), Storage(database)
    first.upgrade()
    try:
        Leases(first, "old")
        new = Leases(second, "new")
        record = table_record("paused", GAME, seed=1)
        first.fences["paused"] = 1
        first.create_table(record)
        with first.engine.begin() as connection:  # its last renewal: the lease runs out soon
            connection.exec_driver_sql("UPDATE table_leases SET expires_at = now() + "
                                       "interval '0.5 second'")
        paused = first.engine.connect()
        paused.begin()
        first._fence(paused, ["paused"])  # the write's first statement; then the process stops
        time.sleep(1)
        started = time.monotonic()
        taken: list[int | None] = []
        taker = threading.Thread(target=lambda: taken.append(new.take("paused")), daemon=True)
        taker.start()
        taker.join(IDLE_IN_TRANSACTION_SECONDS + 5)
        assert taken == [2], "the takeover waited on the paused owner's lock"
        assert time.monotonic() - started < IDLE_IN_TRANSACTION_SECONDS + 2
        with pytest.raises(DBAPIError):  # the owner comes back: its write is gone
            paused.exec_driver_sql("UPDATE table_leases SET generation = generation")
        paused.close()
        with pytest.raises(LeaseLost):  # and a new write is refused by the fence
            first.add_actions([ActionWrite("paused", 0, 0, "a", False)])
    finally:
        first.dispose()
        second.dispose()


def test_a_database_url_keeps_its_own_session_options_beside_the_idle_timeout(
        postgres: PostgresServer) -> None:
    database = postgres.new_database()
    engine = make_engine(database + "?options=-c%20statement_timeout%3D5000")
    try:
        with engine.connect() as connection:
            assert connection.exec_driver_sql("SHOW statement_timeout").scalar() == "5s"
            assert connection.exec_driver_sql(
                "SHOW idle_in_transaction_session_timeout").scalar() == \
                f"{IDLE_IN_TRANSACTION_SECONDS:g}s"
    finally:
        engine.dispose()


def test_migrations_longer_than_the_idle_timeout_keep_their_lock(
        postgres: PostgresServer, monkeypatch: pytest.MonkeyPatch) -> None:
    slow_upgrade = command.upgrade
    def upgrade(*args: Any) -> None:  # a large database: the migrations take a while
        time.sleep(IDLE_IN_TRANSACTION_SECONDS + 1)
        slow_upgrade(*args)
    monkeypatch.setattr(command, "upgrade", upgrade)
    storage = Storage(postgres.new_database())
    try:
        storage.upgrade()
        storage.check_writable()
    finally:
        storage.dispose()


def test_a_paused_owner_that_comes_back_stores_nothing_and_hands_over(
        postgres: PostgresServer, redis_server: RedisServer, tmp_path: Path) -> None:
    database = postgres.new_database()
    with nodes(2, database, tmp_path, "--bus", redis_server.url) as (a, b):
        # the turn timer plays both seats every second, on the owner
        table = create(a.http(), turn_seconds=1)["table"]
        wait_for(lambda: a.http().get(f"/api/tables/{table}").json()["version"] >= 1,
                 what="the timer's first move")
        a.process.send_signal(signal.SIGSTOP)  # the owner stops, its leases run out
        try:
            paused_at = b.http().get(f"/api/tables/{table}", timeout=2)
        except httpx.HTTPError:
            paused_at = None  # relayed to the paused owner: no answer
        def moved_on() -> bool:
            answer = b.http().get(f"/api/tables/{table}")
            return answer.status_code == 200 and owner_of(database, table) == "n1"
        wait_for(moved_on, timeout=LEASE_SECONDS + 10, what="the takeover")
        a.process.send_signal(signal.SIGCONT)  # its overdue timers fire: refused by the fence
        wait_for(lambda: "lease lost" in a.log.read_text(), timeout=10, what="the eviction")
        version = b.http().get(f"/api/tables/{table}").json()["version"]
        with a.socket(f"/ws/tables/{table}") as ws:  # the old owner now relays to the new one
            assert state_at(ws, version)["version"] >= version
        stored = replayed(database, table).history  # every stored action replays, in order
        assert b.http().get(f"/api/tables/{table}").json()["version"] >= len(stored) >= version
        assert owner_of(database, table) == "n1"
        assert paused_at is None or paused_at.status_code == 503


def test_a_relayed_socket_counts_against_the_cap_of_the_process_it_is_connected_to(
        postgres: PostgresServer, tmp_path: Path) -> None:
    database = postgres.new_database()
    owner = Node("owner", database, tmp_path)
    front = Node("front", database, tmp_path, "--max-connections", "1")
    try:
        owner.wait_ready()
        front.wait_ready()
        table = create(owner.http())["table"]
        with front.socket(f"/ws/tables/{table}") as first, \
                front.socket(f"/ws/tables/{table}") as second:
            assert state_at(first, 0)["table"]["table"] == table  # relayed to the owner
            refusal = receive(second)
            assert refusal["type"] == "error" and refusal["code"] == "full"
            with pytest.raises(ConnectionClosed) as closed:
                receive(second)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4503
            with owner.socket(f"/ws/tables/{table}") as third:  # the owner has room
                assert state_at(third, 0)["table"]["table"] == table
        assert owner_of(database, table) == "owner"
    finally:
        owner.stop()
        front.stop()


STATUS_KEYS = {"table", "game", "status", "version", "to_move", "turn_seconds", "deadlines",
               "seats", "seating"}
ENTRY_KEYS = {"table", "seat", "game", "status", "version", "your_turn", "to_move",
              "turn_seconds", "time_left", "seats"}


def test_my_tables_on_one_process_follow_a_table_another_owns(
        postgres: PostgresServer, redis_server: RedisServer, tmp_path: Path) -> None:
    """/ws/mine and POST /api/mine on process A answer a table process B owns: the page hears
    within 1 s that it became its turn (from the public status B sends over the bus, which
    carries no view), and a wrong token is still an error entry."""
    import redis

    database = postgres.new_database()
    with nodes(2, database, tmp_path, "--bus", redis_server.url) as (a, b), \
            a.http() as on_a, b.http() as on_b:
        created = on_b.post("/api/tables", json={"game": "grid_squid", "players": 2,
                                                 "turn_seconds": 3600})
        assert created.status_code == 201, created.text
        table, tokens = created.json()["table"], tokens_of(created.json())
        assert owner_of(database, table) == "n1"
        mover = on_b.get(f"/api/tables/{table}/state").json()["view"]["to_move"][0]
        waiting = 1 - mover
        seats = [{"table": table, "token": tokens[waiting]},
                 {"table": table, "token": "wrong-token", "seat": mover}]
        answered = on_a.post("/api/mine", json={"seats": seats})
        assert answered.status_code == 200, answered.text
        entry, wrong = answered.json()["tables"]
        assert set(entry) == ENTRY_KEYS
        assert (entry["seat"], entry["your_turn"], entry["to_move"]) == (waiting, False, [mover])
        assert wrong == {"table": table, "seat": mover, "code": "bad_token",
                         "error": wrong["error"]}
        assert on_b.post("/api/mine", json={"seats": seats}).json()["tables"][1] == wrong
        assert owner_of(database, table) == "n1"  # A asked B; it did not take the table
        bus = redis.Redis.from_url(redis_server.url).pubsub(ignore_subscribe_messages=True)
        bus.subscribe("squidbox_n0")  # what B sends A
        with a.socket("/ws/mine") as ws:
            ws.send(json.dumps({"type": "watch", "seats": seats}))
            listed = receive(ws)
            assert listed["type"] == "tables" and listed["tables"][1] == wrong
            assert {**listed["tables"][0], "time_left": None} == {**entry, "time_left": None}
            view = on_b.get(f"/api/tables/{table}/state", params={"token": tokens[mover]}).json()
            started = time.monotonic()
            played = on_b.post(f"/api/tables/{table}/actions",
                               json={"token": tokens[mover],
                                     "action": view["view"]["legal_actions"][0]})
            assert played.status_code == 200, played.text
            update = receive(ws, timeout=5)
            assert time.monotonic() - started < 1.0
            assert update["type"] == "update"
            turned, still_wrong = update["tables"]
            assert (turned["seat"], turned["your_turn"], turned["version"]) == (waiting, True, 1)
            assert set(turned) == ENTRY_KEYS and 3500 < turned["time_left"][str(waiting)] <= 3600
            assert still_wrong == wrong
        statuses = []
        deadline = time.monotonic() + 1  # (None is also the hidden subscribe confirmation)
        while time.monotonic() < deadline:
            message = bus.get_message(timeout=0.1)
            sent = json.loads(message["data"]) if message is not None else {}
            if sent.get("op") == "status":
                statuses.append(sent["facts"])
        bus.close()
        assert statuses and all(set(facts) == STATUS_KEYS for facts in statuses)
        assert statuses[-1]["version"] == 1 and statuses[-1]["to_move"] == [waiting]
        assert tokens[waiting] not in json.dumps(statuses)
