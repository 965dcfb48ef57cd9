"""The real server as a subprocess: killed with SIGKILL mid-game and started again on the same
SQLite file, every table is exactly as it was, for every seat, and play goes on."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
from websockets.sync.client import connect

import squidbox
from tests.server.conftest import free_port
from tests.server.helpers import (
    as_json,
    create_table,
    play_human_moves,
    player_count,
    replayed,
    state_of,
    tokens_of,
    wait_for,
)


@contextmanager
def running_server(database_url: str, port: int, log: Path) -> Iterator[subprocess.Popen[bytes]]:
    with log.open("ab") as output:
        process = subprocess.Popen(
            [sys.executable, "-m", "squidbox", "serve", "--port", str(port), "--database",
             database_url], stdout=output, stderr=subprocess.STDOUT)
    try:
        wait_for(lambda: server_answers(port, process), timeout=30, what="the server to start")
        yield process
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(timeout=10)


def server_answers(port: int, process: subprocess.Popen[bytes]) -> bool:
    assert process.poll() is None, "the server exited"
    try:
        return httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1).status_code == 200
    except httpx.TransportError:
        return False


def every_seat(client: httpx.Client, table: str, tokens: dict[int, str]) -> list[dict]:
    return [state_of(client, table, token) for token in [None, *tokens.values()]]


def test_a_killed_server_resumes_every_table_exactly(tmp_path: Path):
    database_url = f"sqlite:///{tmp_path / 'restart.db'}"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log = tmp_path / "server.log"
    tables: dict[str, dict[int, str]] = {}
    with running_server(database_url, port, log) as process, httpx.Client(base_url=base) as client:
        for game_id in squidbox.game_ids():
            game = squidbox.get_game(game_id)
            created = create_table(client, game_id, player_count(game), bots={0: "random"},
                                   seed=7)
            tables[created["table"]] = tokens_of(created)
            play_human_moves(client, created["table"], tokens_of(created), moves=4)
        robots = create_table(client, squidbox.game_ids()[0], 2, bots={0: "random", 1: "random"})
        before = {table: every_seat(client, table, tokens) for table, tokens in tables.items()}
        os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=10)
    with running_server(database_url, port, log), httpx.Client(base_url=base) as client:
        for table, tokens in tables.items():
            assert every_seat(client, table, tokens) == before[table]
        for table, tokens in tables.items():
            if not before[table][0]["view"]["is_terminal"]:
                after = play_human_moves(client, table, tokens, moves=2)
                assert after["version"] > before[table][0]["version"]
        # The all-bot table was interrupted wherever it was; it resumes and plays to the end.
        finished = wait_for(lambda: terminal_state(client, robots["table"]), timeout=60)
        state = replayed(database_url, robots["table"])
        assert state.is_terminal() and finished["view"] == as_json(state.view(None))


def terminal_state(client: httpx.Client, table: str) -> dict | None:
    message = state_of(client, table)
    return message if message["view"]["is_terminal"] else None


def test_a_killed_server_keeps_open_seats_host_links_and_the_chat(tmp_path: Path):
    """Issue 13 across a real kill -9: an open table stays open with the seat already taken,
    the host link still shows its (re-issued) seat link, and the chat is all there."""
    database_url = f"sqlite:///{tmp_path / 'restart.db'}"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    chat = f"ws://127.0.0.1:{port}/ws/chat"
    with running_server(database_url, port, tmp_path / "server.log") as process, \
            httpx.Client(base_url=base) as client:
        created = create_table(client, "grid_squid", 3, open_seats=[1, 2])
        table, host = created["table"], {"token": created["host_token"]}
        ann = client.post(f"/api/tables/{table}/seats", json={"name": "Ann"}).json()
        link = client.post(f"/api/tables/{table}/host/links", json={**host, "seat": 0}).json()
        with connect(f"{chat}/{table}?token={ann['token']}", open_timeout=10) as ws:
            json.loads(ws.recv(timeout=10))
            ws.send(json.dumps({"type": "chat", "text": "<script>hi</script>"}))
            said = json.loads(ws.recv(timeout=10))["entries"]
        os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=10)
    with running_server(database_url, port, tmp_path / "server.log"), \
            httpx.Client(base_url=base) as client:
        info = client.get(f"/api/tables/{table}").json()
        assert info["status"] == "open" and info["open_seats"] == [2]
        assert info["seats"][1]["player"] == "Ann"
        view = client.get(f"/api/tables/{table}/host", params=host).json()
        assert view["seats"][0]["url"] == link["seats"][0]["url"]
        with connect(f"{chat}/{table}", open_timeout=10) as ws:
            assert json.loads(ws.recv(timeout=10))["entries"] == said
        bob = client.post(f"/api/tables/{table}/seats", json={"name": "Bob"}).json()
        assert bob["seat"] == 2 and bob["status"] == "playing"
