""""My tables": POST /api/mine answers each (table, token) pair for its seat only,
a wrong token or table is an error entry of its own, and the WebSocket /ws/mine pushes a
table's entry as soon as it changes."""

from __future__ import annotations

import json
import time
from typing import Any

import httpx
from fastapi.testclient import TestClient
from websockets.sync.client import ClientConnection, connect

from squidbox.server.limits import Limits
from tests.server.helpers import create_table, state_of, tokens_of, wait_for
from tests.server.live import live_server

GAME = "grid_squid"
ENTRY_KEYS = {"table", "seat", "game", "status", "version", "your_turn", "to_move",
              "turn_seconds", "time_left", "seats"}


def two_people(client: httpx.Client, **extra: Any) -> tuple[str, dict[int, str]]:
    created = create_table(client, GAME, 2, **extra)
    return created["table"], tokens_of(created)


def mover(client: httpx.Client, table: str) -> int:
    to_move = state_of(client, table)["view"]["to_move"]
    assert len(to_move) == 1
    return int(to_move[0])


def play(client: httpx.Client, table: str, tokens: dict[int, str]) -> None:
    """The seat to move plays its first listed action."""
    seat = mover(client, table)
    action = state_of(client, table, tokens[seat])["view"]["legal_actions"][0]
    answer = client.post(f"/api/tables/{table}/actions",
                         json={"token": tokens[seat], "action": action})
    assert answer.status_code == 200, answer.text


def mine(client: TestClient, seats: list[dict[str, Any]]) -> list[dict[str, Any]]:
    answer = client.post("/api/mine", json={"seats": seats})
    assert answer.status_code == 200, answer.text
    tables: list[dict[str, Any]] = answer.json()["tables"]
    return tables


def test_each_table_is_answered_for_its_seat(client: TestClient) -> None:
    first, first_tokens = two_people(client, turn_seconds=86400)
    second, second_tokens = two_people(client)
    waiting = mover(client, first)
    idle = 1 - mover(client, second)
    entries = mine(client, [{"table": first, "token": first_tokens[waiting]},
                            {"table": second, "token": second_tokens[idle]},
                            {"table": first, "token": first_tokens[1 - waiting]}])
    assert [(e["table"], e["seat"], e["your_turn"]) for e in entries] == [
        (first, waiting, True), (second, idle, False), (first, 1 - waiting, False)]
    for entry in entries:
        assert set(entry) == ENTRY_KEYS and entry["status"] == "playing" and entry["game"] == GAME
        assert [s["seat"] for s in entry["seats"]] == [0, 1]
    assert 86390 < entries[0]["time_left"][str(waiting)] <= 86400
    assert entries[0]["turn_seconds"] == 86400 and entries[1]["time_left"] == {}
    # The same table from its two seats differs only in whose entry it is: nothing a seat alone
    # may know (its hand, its legal moves) is in an entry.
    apart = {"seat", "your_turn"}
    assert {k: v for k, v in entries[0].items() if k not in apart} == \
        {k: v for k, v in entries[2].items() if k not in apart | {"time_left"}} | \
        {"time_left": entries[0]["time_left"]}
    public = state_of(client, first)
    assert entries[0]["to_move"] == public["view"]["to_move"]
    assert entries[0]["version"] == public["version"]


def test_a_wrong_token_or_table_is_an_entry_of_its_own_that_tells_nothing(
        client: TestClient) -> None:
    table, tokens = two_people(client)
    other, other_tokens = two_people(client)
    entries = mine(client, [
        {"table": table, "token": "not-a-token", "seat": 0},
        {"table": table, "token": other_tokens[0], "seat": 1},   # another table's token
        {"table": "nosuchtable", "token": tokens[0], "seat": 0},
        {"table": table, "token": "", "seat": 0},
        {"table": table, "token": tokens[1]},
    ])
    for entry in entries[:4]:
        assert set(entry) == {"table", "seat", "error", "code"}
        assert tokens[0] not in entry["error"] and other_tokens[0] not in entry["error"]
    assert [e["code"] for e in entries[:4]] == ["bad_token", "bad_token", "unknown_table",
                                               "bad_token"]
    assert entries[0]["seat"] == 0 and entries[1]["seat"] == 1  # the seat asked about
    assert entries[4]["seat"] == 1 and entries[4]["status"] == "playing"


def test_finished_and_ended_tables_say_so(client: TestClient) -> None:
    created = create_table(client, GAME, 2)
    table, tokens = created["table"], tokens_of(created)
    answer = client.post(f"/api/tables/{table}/host/end",
                         json={"token": created["host_token"]})
    assert answer.status_code == 200, answer.text
    [entry] = mine(client, [{"table": table, "token": tokens[0]}])
    assert entry["status"] == "ended" and entry["your_turn"] is False and entry["to_move"] == []


def test_bad_requests_are_refused_whole(client: TestClient) -> None:
    too_many = [{"table": "t", "token": "x"}] * 101
    for body in [{"seats": too_many}, {"seats": [{"table": "t"}]}, {"seats": "t"},
                 {"seats": [{"table": "t", "token": "x", "extra": 1}]}, {}]:
        answer = client.post("/api/mine", json=body)
        assert answer.status_code == 400 and answer.json()["code"] == "bad_request", body


def receive(ws: ClientConnection, timeout: float = 10) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(ws.recv(timeout=timeout))
    return message


def test_the_socket_pushes_a_change_at_once(sqlite_url: str) -> None:
    """A real server (one event loop, real sockets): the entry arrives well within 1 s."""
    with live_server(sqlite_url) as live, httpx.Client(base_url=live.url) as client:
        first, first_tokens = two_people(client)
        second, second_tokens = two_people(client)
        mine_first = mover(client, first)            # my turn at the first table
        mine_second = 1 - mover(client, second)      # the other seat is to move at the second
        with connect(live.url.replace("http", "ws") + "/ws/mine", open_timeout=10) as ws:
            ws.send(json.dumps({"type": "watch", "seats": [
                {"table": first, "token": first_tokens[mine_first]},
                {"table": second, "token": second_tokens[mine_second]},
                {"table": second, "token": "wrong", "seat": 1 - mine_second}]}))
            listed = receive(ws)
            assert listed["type"] == "tables"
            assert [e.get("your_turn") for e in listed["tables"]] == [True, False, None]
            assert listed["tables"][2]["code"] == "bad_token"
            started = time.monotonic()
            play(client, second, second_tokens)      # the other seat moves: now it is mine
            update = receive(ws)
            assert time.monotonic() - started < 1.0
            assert update["type"] == "update"
            assert [(e["table"], e.get("your_turn")) for e in update["tables"]] == [
                (second, True), (second, None)]      # every followed seat of the changed table
            # A new list replaces the old one: the first table is no longer followed.
            ws.send(json.dumps({"type": "watch", "seats": [
                {"table": second, "token": second_tokens[mine_second]}]}))
            assert [e["table"] for e in receive(ws)["tables"]] == [second]
            play(client, first, first_tokens)
            play(client, second, second_tokens)
            update = receive(ws)
            assert [e["table"] for e in update["tables"]] == [second]
            assert update["tables"][0]["your_turn"] is False
            ws.send(json.dumps({"type": "ping"}))
            assert receive(ws) == {"type": "pong"}
            # Bad messages are answered with an error, and the connection goes on.
            for bad in ['{"type": "watch"}', "not json", '{"type": "action", "action": "x"}',
                        '{"type": "watch", "seats": [{"table": "t", "token": 5}]}']:
                ws.send(bad)
                answer = receive(ws)
                assert answer["type"] == "error" and answer["code"] == "bad_request", bad
            ws.send(json.dumps({"type": "ping"}))
            assert receive(ws) == {"type": "pong"}
        assert live.problems() == []


def test_a_closed_socket_stops_listening(client: TestClient) -> None:
    table, tokens = two_people(client)
    with client.websocket_connect("/ws/mine") as ws:
        ws.send_json({"type": "watch", "seats": [{"table": table, "token": tokens[0]}]})
        ws.receive_json()
        live = client.app.state.manager.tables[table]  # type: ignore[attr-defined]
        assert len(live.listeners) == 1
    wait_for(lambda: not live.listeners, timeout=5, what="the listener to go")


def test_an_expired_table_is_pushed_at_once(sqlite_url: str) -> None:
    """A table the sweeper expires (nobody connected to it) is pushed to the pages watching
    it, without a reload, and the entry says so."""
    limits = Limits(expire_seconds=1.0, sweep_seconds=0.1)
    with live_server(sqlite_url, limits) as live, httpx.Client(base_url=live.url) as client:
        table, tokens = two_people(client)
        with connect(live.url.replace("http", "ws") + "/ws/mine", open_timeout=10) as ws:
            ws.send(json.dumps({"type": "watch", "seats": [{"table": table,
                                                            "token": tokens[0]}]}))
            listed = receive(ws)
            assert listed["tables"][0]["status"] == "playing"
            update = receive(ws, timeout=5)
            assert update["type"] == "update"
            assert [(e["table"], e["seat"], e["status"]) for e in update["tables"]] == [
                (table, 0, "expired")]
            assert set(update["tables"][0]) == ENTRY_KEYS
        assert live.problems() == []
