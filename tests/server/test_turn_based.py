"""Turn-based tables: turn timers of hours and days, checked when the table is made,
and deadlines that survive a restart (stored absolute, not started again from zero)."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from squidbox.server import create_app, deadlines
from squidbox.server.storage import make_engine
from tests.server.conftest import free_port
from tests.server.helpers import create_table, state_of, tokens_of, wait_for
from tests.server.test_restart import running_server

GAME = "grid_squid"
DAY = 86400


@pytest.mark.parametrize("seconds", [3600, 12 * 3600, DAY, 3 * DAY])
def test_long_turn_timers_are_offered(client: TestClient, seconds: int) -> None:
    created = create_table(client, GAME, 2, turn_seconds=seconds)
    message = state_of(client, created["table"], tokens_of(created)[0])
    assert message["table"]["turn_seconds"] == seconds
    [left] = message["table"]["time_left"].values()
    assert seconds - 5 < left <= seconds


@pytest.mark.parametrize(("value", "words"), [
    (-1, "turn_seconds: Value error, a timer is a number of seconds above 0 and at most 604800 "
         "(7 days; 3600 is an hour, 86400 a day), not -1"),
    (0, "not 0"), (8 * DAY, "not 691200"), (1e300, "not 1e+300"),
    ("1d", "turn_seconds: Input should be a valid number"), (True, "valid number")])
def test_bad_turn_timers_are_refused(client: TestClient, value: object, words: str) -> None:
    answer = client.post("/api/tables", json={"game": GAME, "players": 2, "turn_seconds": value})
    assert answer.status_code == 400
    assert answer.json()["code"] == "bad_request" and words in answer.json()["error"]
    assert client.get("/api/tables").json() == []  # nothing was made


def deadline_after_restart(database_url: str, tamper: str | None = None) -> tuple[float, float]:
    """A one-day table's deadline before and after the app is started again on its database
    (`tamper`: SQL run on the stored deadlines in between)."""
    with TestClient(create_app(database_url, web_client=False)) as client:
        created = create_table(client, GAME, 2, turn_seconds=DAY)
        table, tokens = created["table"], tokens_of(created)
        seat = state_of(client, table)["view"]["to_move"][0]
        before = state_of(client, table, tokens[seat])["deadline"]
    if tamper:
        engine = make_engine(database_url)
        with engine.begin() as connection:
            connection.execute(sa.text(tamper))
        engine.dispose()
    time.sleep(0.05)
    with TestClient(create_app(database_url, web_client=False)) as client:
        return before, state_of(client, table, tokens[seat])["deadline"]


def stored_deadlines(database_url: str) -> int:
    """How many tables have their turn deadlines stored."""
    engine = make_engine(database_url)
    try:
        with engine.connect() as connection:
            return connection.execute(sa.text("SELECT count(*) FROM turn_deadlines")).scalar_one()
    finally:
        engine.dispose()


def test_the_stored_deadline_is_kept_across_a_restart(database_url: str) -> None:
    """SQLite and PostgreSQL alike."""
    before, after = deadline_after_restart(database_url)
    assert after == before


def test_a_deadline_write_still_waiting_when_the_server_stops_is_stored(
        sqlite_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The server's one database thread may be busy when it is stopped: a deadline write still
    waiting for it is finished, not cancelled (the restarted clock would give extra time)."""
    write = deadlines._write

    async def queued(*args: Any) -> None:
        await asyncio.sleep(0.5)  # behind other work on the database thread
        await write(*args)

    monkeypatch.setattr(deadlines, "_write", queued)
    before, after = deadline_after_restart(sqlite_url)
    assert after == before


def test_deadlines_stored_at_another_version_start_afresh(sqlite_url: str) -> None:
    """The process stopped between storing a move and storing the clocks it started: the clock
    starts afresh rather than run short."""
    before, after = deadline_after_restart(sqlite_url,
                                           "UPDATE turn_deadlines SET version = version + 1")
    assert after > before


def test_a_one_day_timer_survives_a_killed_server_and_a_passed_one_plays_at_once(
        tmp_path: Path) -> None:
    database_url = f"sqlite:///{tmp_path / 'turns.db'}"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log = tmp_path / "server.log"
    short = 6.0
    with running_server(database_url, port, log) as process, httpx.Client(base_url=base) as client:
        daily = create_table(client, GAME, 2, turn_seconds=DAY)
        quick = create_table(client, GAME, 2, turn_seconds=short)
        made = time.time()
        seat = state_of(client, daily["table"])["view"]["to_move"][0]
        deadline = state_of(client, daily["table"], tokens_of(daily)[seat])["deadline"]
        # The deadlines are stored just after the state is sent; a kill before that would start
        # the clocks afresh (by design), which is not what this test is about.
        wait_for(lambda: stored_deadlines(database_url) == 2, what="the stored deadlines")
        os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=10)
    time.sleep(max(0.0, made + short + 0.5 - time.time()))  # the quick table's time ran out
    with running_server(database_url, port, log), httpx.Client(base_url=base) as client:
        back = time.monotonic()
        after = state_of(client, daily["table"], tokens_of(daily)[seat])
        assert after["deadline"] == deadline and after["version"] == 0
        assert DAY - 120 < after["table"]["time_left"][str(seat)] <= DAY - short
        # The quick table's deadline passed while the server was down: its timer plays at once
        # (a clock started afresh would wait another `short` seconds).
        wait_for(lambda: state_of(client, quick["table"])["version"] > 0, timeout=short,
                 what="the timer's move")
        assert time.monotonic() - back < short - 1
