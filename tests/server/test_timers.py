"""Turn timers (the default move when time runs out) and the leave policy (a bot takes the seat
of a person disconnected on their turn; the token reclaims it)."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

import squidbox
from squidbox.server.bot_moves import bot_seed, default_move
from tests.server.helpers import (
    create_table,
    drain,
    replayed,
    settled,
    state_of,
    tokens_of,
    wait_for,
)

GAME = squidbox.game_ids()[0]


def test_no_timer_by_default(client: TestClient):
    created = create_table(client, GAME, 2)
    message = state_of(client, created["table"], tokens_of(created)[0])
    assert message["deadline"] is None and message["table"]["turn_seconds"] is None
    assert message["table"]["deadlines"] == {}


def test_the_timer_plays_the_default_move_when_time_runs_out(client: TestClient,
                                                             sqlite_url: str):
    created = create_table(client, GAME, 2, bots={1: "random"}, turn_seconds=0.4)
    table, token = created["table"], tokens_of(created)[0]
    message = settled(client, table)
    mine = state_of(client, table, token)
    assert mine["view"]["to_move"] == [0]
    assert 0 < mine["deadline"] - time.time() <= 0.4
    assert message["table"]["deadlines"] == {"0": mine["deadline"]}
    wait_for(lambda: state_of(client, table)["version"] > message["version"], timeout=5)
    state = replayed(sqlite_url, table)
    assert state.history[message["version"]][0] == 0
    game, record_seed = state.game, state.seed  # the stored seed (mixed with the secret)
    before = game.replay(2, record_seed, {}, state.history[:message["version"]])
    seed = bot_seed(client.app.state.manager.secret, table, 0, message["version"], "timer")
    assert state.history[message["version"]][1] == default_move(game, seed, before, 0)


def test_acting_in_time_stops_the_timer(client: TestClient):
    created = create_table(client, GAME, 2, turn_seconds=30)
    table, tokens = created["table"], tokens_of(created)
    seat = state_of(client, table)["view"]["to_move"][0]
    before = state_of(client, table, tokens[seat])
    action = before["view"]["legal_actions"][0]
    client.post(f"/api/tables/{table}/actions", json={"token": tokens[seat], "action": action})
    after = state_of(client, table, tokens[seat])
    if seat not in after["view"]["to_move"]:
        assert after["deadline"] is None
    other = after["view"]["to_move"][0]
    assert state_of(client, table, tokens[other])["deadline"] is not None


def test_a_bot_takes_the_seat_of_a_player_who_left_and_the_token_reclaims_it(
        client: TestClient, sqlite_url: str):
    created = create_table(client, GAME, 2, leave_seconds=0.3, leave_bot="random")
    table, tokens = created["table"], tokens_of(created)
    with client.websocket_connect(f"/ws/tables/{table}?token={tokens[1]}") as stayer:
        drain(stayer)
        # Seat 1 stays; seat 0 never comes. Seat 1 plays whenever it is to move.
        def seat_zero_replaced() -> bool:
            message = state_of(client, table, tokens[1])
            if 1 in message["view"]["to_move"]:
                stayer.send_json({"type": "action", "action":
                                  message["view"]["legal_actions"][0]})
                drain(stayer)
            seats = message["table"]["seats"]
            return seats[0]["replaced_by"] == "random" and not seats[0]["connected"]
        wait_for(seat_zero_replaced, timeout=10, what="a bot to take seat 0")
        wait_for(lambda: any(seat == 0 for seat, _ in replayed(sqlite_url, table).history),
                 timeout=10, what="the stand-in bot to move")
        with client.websocket_connect(f"/ws/tables/{table}?token={tokens[0]}") as back:
            message = [m for m in drain(back) if m["type"] == "state"][-1]
            assert message["view"]["seat"] == 0
            assert message["table"]["seats"][0]["replaced_by"] is None
            assert message["table"]["seats"][0]["connected"] is True
            message = wait_for(lambda: seat_zero_to_move(client, table, tokens, stayer),
                               what="seat 0's turn")
            time.sleep(0.6)  # well past leave_seconds: nobody plays for a present seat
            assert state_of(client, table)["version"] == message["version"]


def seat_zero_to_move(client: TestClient, table: str, tokens: dict[int, str],
                      stayer: WebSocketTestSession) -> dict[str, Any] | None:
    """Seat 1 plays until seat 0 is to move; then the spectator's state."""
    message = state_of(client, table, tokens[1])
    if 0 in message["view"]["to_move"]:
        return message
    stayer.send_json({"type": "action", "action": message["view"]["legal_actions"][0]})
    drain(stayer)
    return None
