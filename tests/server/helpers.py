"""Helpers for the server tests: creating tables, waiting for bots, reading WebSockets."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import httpx
from starlette.testclient import WebSocketTestSession

import squidbox
from squidbox.engine import Game, State
from squidbox.server.storage import Storage, TableRecord, now


def create_table(client: httpx.Client, game: str, players: int, bots: dict[int, str] | None = None,
                 seed: int = 11, **extra: Any) -> dict[str, Any]:
    body = {"game": game, "players": players, "seed": seed,
            "bots": {str(seat): spec for seat, spec in (bots or {}).items()}, **extra}
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 201, answer.text
    return answer.json()


def table_record(table_id: str, game: str, **fields: Any) -> TableRecord:
    """A stored two-seat table in play, no bots, no tokens; `fields` set any other column."""
    return TableRecord(**{"id": table_id, "game": game, "players": 2, "options": {}, "seed": 5,
                          "bots": {}, "token_hashes": [None, None], "turn_seconds": None,
                          "leave_seconds": None, "leave_bot": "random", "status": "playing",
                          "created": now(), **fields})


def tokens_of(created: dict[str, Any]) -> dict[int, str]:
    return {seat["seat"]: seat["token"] for seat in created["seats"] if "token" in seat}


def wait_for(condition: Callable[[], Any], timeout: float = 10.0, what: str = "") -> Any:
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what or condition}")
        time.sleep(0.01)


def state_of(client: httpx.Client, table: str, token: str | None = None) -> dict[str, Any]:
    params = {"token": token} if token else {}
    answer = client.get(f"/api/tables/{table}/state", params=params)
    assert answer.status_code == 200, answer.text
    return answer.json()


def settled(client: httpx.Client, table: str) -> dict[str, Any]:
    """The spectator's state once no bot (or stand-in bot) is to move."""
    def quiet() -> dict[str, Any] | None:
        message = state_of(client, table)
        robots = {seat["seat"] for seat in message["table"]["seats"]
                  if seat["bot"] or seat["replaced_by"]}
        return None if robots & set(message["view"]["to_move"]) else message
    return wait_for(quiet, what="the bots to move")


def drain(ws: WebSocketTestSession) -> list[dict[str, Any]]:
    """Every message the server sent so far: ping, then read up to the pong."""
    ws.send_json({"type": "ping"})
    messages = []
    while (message := ws.receive_json())["type"] != "pong":
        messages.append(message)
    return messages


def last_state(ws: WebSocketTestSession) -> dict[str, Any]:
    states = [m for m in drain(ws) if m["type"] == "state"]
    assert states, "no state message arrived"
    return states[-1]


def human_to_move(message: dict[str, Any], tokens: dict[int, str]) -> int | None:
    return next((seat for seat in message["view"]["to_move"] if seat in tokens), None)


def play_human_moves(client: httpx.Client, table: str, tokens: dict[int, str],
                     moves: int) -> dict[str, Any]:
    """Humans play their first listed action, over REST, `moves` times (bots in between)."""
    for _ in range(moves):
        message = settled(client, table)
        seat = human_to_move(message, tokens)
        if message["view"]["is_terminal"] or seat is None:
            break
        action = state_of(client, table, tokens[seat])["view"]["legal_actions"][0]
        answer = client.post(f"/api/tables/{table}/actions",
                             json={"token": tokens[seat], "action": action})
        assert answer.status_code == 200, answer.text
    return settled(client, table)


def replayed(url: str, table: str) -> State:
    """The table's state rebuilt independently of the server: seed, options and the stored
    actions, replayed by the engine."""
    storage = Storage(url)
    try:
        stored = storage.load(table)
    finally:
        storage.dispose()
    assert stored is not None
    game: Game = squidbox.get_game(stored.record.game)
    return game.replay(stored.record.players, stored.record.seed, stored.record.options,
                       stored.actions)


def as_json(value: Any) -> Any:
    """What a value looks like after a trip through JSON (tuples become lists)."""
    return json.loads(json.dumps(value))


def player_count(game: Game, wanted: int = 3) -> int:
    return min(max(wanted, game.min_players), game.max_players)
