"""No answer to a player or spectator holds another player's hidden information, for every
registered game: each seat's REST and WebSocket answers equal exactly view(seat) and log(seat)
of a state replayed independently (seed, options and the stored actions), a spectator's equal
view(None) and log(None), and a token opens its own seat only."""

from __future__ import annotations

from contextlib import ExitStack
from typing import Any

import pytest
from fastapi.testclient import TestClient

import squidbox
from squidbox.engine import State
from tests.server.helpers import (
    as_json,
    create_table,
    drain,
    play_human_moves,
    player_count,
    replayed,
    state_of,
    tokens_of,
)


def expected(state: State, seat: int | None) -> dict[str, Any]:
    view = state.view(seat)
    return {"view": as_json(view), "log": as_json(state.log(seat)),
            "labels": {a: state.game.action_label(view, a) for a in view["legal_actions"]}}


def seen(message: dict[str, Any]) -> dict[str, Any]:
    return {key: message[key] for key in ("view", "log", "labels")}


@pytest.mark.parametrize("game_id", squidbox.game_ids())
def test_every_answer_is_exactly_the_seats_own_view(client: TestClient, sqlite_url: str,
                                                    game_id: str):
    game = squidbox.get_game(game_id)
    players = player_count(game)
    created = create_table(client, game_id, players, bots={players - 1: "random"}, seed=2024)
    table, tokens = created["table"], tokens_of(created)
    with ExitStack() as stack:
        sockets = {seat: stack.enter_context(client.websocket_connect(
            f"/ws/tables/{table}" + (f"?token={token}" if token else "")))
            for seat, token in [(None, None), *tokens.items()]}
        final = play_human_moves(client, table, tokens, moves=6)
        received = {seat: drain(ws) for seat, ws in sockets.items()}
    state = replayed(sqlite_url, table)
    assert final["version"] == len(state.history) > 0
    for seat, messages in received.items():
        states = [m for m in messages if m["type"] == "state"]
        assert {m["view"]["seat"] for m in states} == {seat}, "a socket saw another seat"
        assert seen(states[-1]) == expected(state, seat)
        token = tokens.get(seat) if seat is not None else None
        assert seen(state_of(client, table, token)) == expected(state, seat)


@pytest.mark.parametrize("game_id", squidbox.game_ids())
def test_a_token_never_acts_for_another_seat(client: TestClient, game_id: str):
    game = squidbox.get_game(game_id)
    created = create_table(client, game_id, player_count(game, 2), seed=5)
    table, tokens = created["table"], tokens_of(created)
    message = state_of(client, table)
    waiting = [seat for seat in tokens if seat not in message["view"]["to_move"]]
    for seat in waiting:
        mover = message["view"]["to_move"][0]
        action = state_of(client, table, tokens[mover])["view"]["legal_actions"][0]
        answer = client.post(f"/api/tables/{table}/actions",
                             json={"token": tokens[seat], "action": action})
        assert answer.status_code == 409 and answer.json()["code"] == "illegal_action"
    assert state_of(client, table) == message
