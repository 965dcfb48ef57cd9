"""The cluster's dependencies fail and come back, for real: redis-server killed and restarted
(2 s and 30 s), PostgreSQL stopped as by a crash and restarted, the disk of an SQLite server
filled and freed. After each, every node answers, play goes on, every acknowledged action is
stored exactly once, and SIGTERM stops a node within a few seconds. (A `kill -9` of a table's
owner and a node paused past its lease are in test_cluster.py.)"""

from __future__ import annotations

import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from squidbox.server.leases import LEASE_SECONDS
from tests.server.conftest import PostgresServer, RedisServer
from tests.server.helpers import replayed, wait_for
from tests.server.test_cluster import Node, create, nodes, owner_of, play, tokens_of

Acknowledged = list[tuple[int, int, str]]
STOP_SECONDS = 8.0  # SIGTERM to exit, on a loaded 2-core machine (the server allows itself ~5)


def health(node: Node) -> httpx.Response:
    return httpx.get(f"{node.url}/healthz", timeout=5)


def healthy(node: Node) -> bool:
    answer = health(node)
    return answer.status_code == 200 and answer.json()["status"] == "ok"


def stored_once(database: str, table: str, acknowledged: Acknowledged) -> None:
    """Every acknowledged action is stored, at its index, once; nothing else was stored there."""
    stored = replayed(database, table).history
    indices = [index for index, _seat, _action in acknowledged]
    assert len(indices) == len(set(indices)), "an action was acknowledged twice"
    for index, seat, action in acknowledged:
        assert stored[index] == (seat, action), f"action {index} lost or replaced"


def stops_in_time(node: Node) -> float:
    started = time.monotonic()
    node.process.terminate()
    try:
        node.process.wait(timeout=STOP_SECONDS)
    except subprocess.TimeoutExpired:
        node.kill()
        raise AssertionError(f"{node.name} ignored SIGTERM for {STOP_SECONDS:g} s") from None
    return time.monotonic() - started


@pytest.mark.parametrize("outage", [2, 30])
def test_a_redis_outage_leaves_every_node_serving_and_the_cluster_comes_back(
        own_postgres: PostgresServer, own_redis: RedisServer, tmp_path: Path,
        outage: float) -> None:
    database = own_postgres.new_database()
    with nodes(2, database, tmp_path, "--bus", own_redis.url) as (a, b):
        created = create(a.http(), bots={"1": "random"})
        table, tokens = created["table"], tokens_of(created)
        acknowledged: Acknowledged = []
        play(b.http(), table, tokens, 2, acknowledged)  # relayed through the bus to its owner a

        own_redis.kill()
        down = time.monotonic()
        wait_for(lambda: not health(a).json()["dependencies"]["bus"]["ok"], timeout=10,
                 what="a to notice the bus is down")
        for node in (a, b):  # answers at once, says what is down, still serves
            answer = health(node)
            assert answer.status_code == 200, answer.text
            assert answer.json()["status"] == "degraded"
            assert answer.json()["dependencies"]["database"] == {"ok": True}
        asked = time.monotonic()
        relayed = b.http().get(f"/api/tables/{table}")  # a's table, through the bus: refused
        assert relayed.status_code == 503 and relayed.json()["code"] == "unavailable"
        assert time.monotonic() - asked < 2
        play(a.http(), table, tokens, 2, acknowledged)  # the owner plays its own table on

        time.sleep(max(0.0, outage - (time.monotonic() - down)))
        own_redis.resume()
        for node in (a, b):
            wait_for(lambda node=node: healthy(node), timeout=15, what=f"{node.name}'s bus")
        before = len(acknowledged)
        play(b.http(), table, tokens, 2, acknowledged)  # relayed again
        assert len(acknowledged) > before, "play did not go on through the bus"
        assert owner_of(database, table) == "n0"
        stored_once(database, table, acknowledged)
        for node in (a, b):
            assert "Traceback" not in node.log.read_text()
            assert stops_in_time(node) < STOP_SECONDS


def test_a_postgresql_restart_stops_no_node_and_loses_no_move(
        own_postgres: PostgresServer, tmp_path: Path) -> None:
    """Without Redis the bus is PostgreSQL's LISTEN/NOTIFY: the restart cuts the database and
    the bus at once."""
    database = own_postgres.new_database()
    with nodes(2, database, tmp_path) as (a, b):
        created = create(a.http(), bots={"1": "random"})
        table, tokens = created["table"], tokens_of(created)
        acknowledged: Acknowledged = []
        play(b.http(), table, tokens, 2, acknowledged)

        own_postgres.halt()
        for node in (a, b):  # answers within its probe time, and says the database is down
            asked = time.monotonic()
            answer = health(node)
            assert time.monotonic() - asked < 4
            assert answer.status_code == 503
            assert not answer.json()["dependencies"]["database"]["ok"]
        state = a.http().get(f"/api/tables/{table}/state", params={"token": tokens[0]}).json()
        refused = a.http().post(f"/api/tables/{table}/actions", json={
            "token": tokens[0], "action": state["view"]["legal_actions"][0],
            "version": state["version"]})
        assert refused.status_code == 500, refused.text  # not stored, so not played
        assert refused.json()["code"] == "server_error"
        time.sleep(2)
        own_postgres.resume()

        for node in (a, b):
            wait_for(lambda node=node: healthy(node), timeout=20, what=f"{node.name} to recover")
        before = len(acknowledged)
        play(b.http(), table, tokens, 2, acknowledged)
        assert len(acknowledged) > before, "play did not go on after the restart"
        stored_once(database, table, acknowledged)
        for node in (a, b):
            assert stops_in_time(node) < STOP_SECONDS


def test_sigterm_stops_a_node_whose_database_is_gone(own_postgres: PostgresServer,
                                                     own_redis: RedisServer,
                                                     tmp_path: Path) -> None:
    database = own_postgres.new_database()
    with nodes(1, database, tmp_path, "--bus", own_redis.url) as (a,):
        create(a.http(), bots={"1": "random"})
        own_postgres.halt()
        own_redis.kill()
        time.sleep(LEASE_SECONDS / 2)  # renewals failing, the bus reconnecting
        assert stops_in_time(a) < STOP_SECONDS


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A real file system of 4 MB (tmpfs), to fill."""
    mount = tmp_path / "disk"
    mount.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(mount)],
                          capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here (needs root): {done.stderr.strip()}")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def test_a_full_disk_refuses_moves_clearly_and_play_goes_on_once_there_is_room(
        small_disk: Path, tmp_path: Path) -> None:
    database = f"sqlite:///{small_disk / 'squidbox.db'}"
    with nodes(1, database, tmp_path) as (a,):
        created = create(a.http(), bots={"1": "random"})
        table, tokens = created["table"], tokens_of(created)
        acknowledged: Acknowledged = []
        play(a.http(), table, tokens, 2, acknowledged)
        filler = small_disk / "filler"
        with open(filler, "wb") as out:  # fill the disk to the last byte
            with pytest.raises(OSError):
                while True:
                    out.write(b"\0" * 65536)
                    out.flush()
        refusals = _moves_until_refused(a, table, tokens, acknowledged)
        assert refusals, "no move was refused on a full disk"
        assert all(answer.status_code == 500 for answer in refusals), refusals[0].text
        assert all(answer.json()["code"] == "server_error" for answer in refusals)
        assert health(a).status_code in (200, 503)  # it answers; the process lives
        filler.unlink()
        time.sleep(0.5)
        before = len(acknowledged)
        play(a.http(), table, tokens, 3, acknowledged)
        assert len(acknowledged) > before, "play did not go on after the disk was freed"
    stored_once(database, table, acknowledged)


def _moves_until_refused(node: Node, table: str, tokens: dict[int, str],
                         acknowledged: Acknowledged) -> list[httpx.Response]:
    """Moves on a full disk: SQLite's write-ahead log may take a few more before it is full.
    Returns the refusals (none acknowledged)."""
    refusals: list[httpx.Response] = []
    for _ in range(40):
        state: dict[str, Any] = node.http().get(f"/api/tables/{table}/state",
                                                 params={"token": tokens[0]}).json()
        if state["view"]["is_terminal"] or 0 not in state["view"]["to_move"]:
            time.sleep(0.2)
            continue
        action = state["view"]["legal_actions"][0]
        answer = node.http().post(f"/api/tables/{table}/actions", json={
            "token": tokens[0], "action": action, "version": state["version"]})
        if answer.status_code == 200:
            acknowledged.append((answer.json()["version"] - 1, 0, action))
            continue
        refusals.append(answer)
        if len(refusals) >= 2:
            break
    return refusals



def test_damaged_bus_messages_are_dropped_and_the_listener_goes_on(
        own_redis: RedisServer) -> None:
    """Anything on a node's channel that no node sends (not JSON, not an object, an object the
    node cannot handle) is dropped with a log line; the messages after it arrive."""
    import asyncio

    import redis

    from squidbox.server.bus import RedisBus

    async def listen() -> tuple[list[dict[str, Any]], bool, list[int]]:
        bus, got, lost = RedisBus(own_redis.url), [], []

        def handler(message: dict[str, Any]) -> None:
            if "bad" in message:
                raise KeyError("event")
            got.append(message)
        await bus.start("squidbox_x", handler, lambda: lost.append(1))
        sender = redis.Redis.from_url(own_redis.url)
        for raw in ("xx{", "[1]", '"text"', '{"bad": 1}', '{"n": 2}'):
            sender.publish("squidbox_x", raw)
        sender.close()
        for _ in range(100):
            if got:
                break
            await asyncio.sleep(0.05)
        connected = bus.link.connected
        await bus.close()
        return got, connected, lost

    got, connected, lost = asyncio.run(listen())
    assert got == [{"n": 2}] and connected and not lost


def test_a_write_stored_although_its_answer_was_lost_is_found_in_storage(
        sqlite_url: str) -> None:
    """The database stopped mid-commit: the action was stored but the server was told it
    failed. The next write at that place finds it taken; the table is then loaded again from
    storage (which holds the action) instead of failing every later move."""
    from fastapi.testclient import TestClient

    from squidbox.server import create_app
    from squidbox.server.storage import Storage
    from tests.server.helpers import create_table, state_of

    with TestClient(create_app(sqlite_url, web_client=False)) as client:
        created = create_table(client, "grid_squid", 2)
        table, tokens = created["table"], tokens_of(created)
        mine = state_of(client, table, tokens[0])
        seat = mine["view"]["to_move"][0]
        stored_first = state_of(client, table, tokens[seat])["view"]["legal_actions"][0]
        storage = Storage(sqlite_url)  # what the lost commit had written
        storage.add_action(table, 0, seat, stored_first, finished=False)
        storage.dispose()
        answer = client.post(f"/api/tables/{table}/actions", json={
            "token": tokens[seat], "action": stored_first, "version": 0})
        assert answer.status_code == 503 and answer.json()["code"] == "unavailable"
        reloaded = state_of(client, table, tokens[seat])
        assert reloaded["version"] == 1  # the stored action stands
        other = reloaded["view"]["to_move"][0]
        mover = state_of(client, table, tokens[other])
        answer = client.post(f"/api/tables/{table}/actions", json={
            "token": tokens[other], "action": mover["view"]["legal_actions"][0],
            "version": mover["version"]})
        assert answer.status_code == 200, answer.text  # play goes on
    assert [seat for seat, _ in replayed(sqlite_url, table).history] == [seat, other]
