"""Bad input: each refusal is the documented JSON error, the game is unchanged, and the
WebSocket stays usable (a legal action still goes through afterwards)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import squidbox
from tests.server.helpers import create_table, drain, state_of, tokens_of

GAME = squidbox.game_ids()[0]
TOO_LARGE = 64 * 1024 + 1


def two_humans(client: TestClient) -> tuple[str, dict[int, str], int]:
    """A table of two people; returns its id, tokens and the seat to move first."""
    created = create_table(client, GAME, 2)
    message = state_of(client, created["table"])
    return created["table"], tokens_of(created), message["view"]["to_move"][0]


def snapshot(client: TestClient, table: str, tokens: dict[int, str]) -> list[dict[str, Any]]:
    return [state_of(client, table, token) for token in [None, *tokens.values()]]


@pytest.mark.parametrize(
    ("body", "code"),
    [
        (b"{not json", "bad_request"),
        (b"[1, 2]", "bad_request"),
        (b'{"game": "no_such_game", "players": 2}', "unknown_game"),
        (b'{"game": 7}', "bad_request"),
        (b'{"game": "%s", "players": 99}' % GAME.encode(), "invalid_options"),
        (b'{"game": "%s", "options": {"no_such_option": 1}}' % GAME.encode(), "invalid_options"),
        (b'{"game": "%s", "bots": {"1": "no_such_bot"}}' % GAME.encode(), "invalid_options"),
        (b'{"game": "%s", "bots": {"9": "random"}}' % GAME.encode(), "bad_request"),
        (b'{"game": "%s", "seed": "x"}' % GAME.encode(), "bad_request"),
        (b'{"game": "%s", "turn_seconds": -1}' % GAME.encode(), "bad_request"),
        (b'{"game": "%s", "colour": "red"}' % GAME.encode(), "bad_request"),
        (b'{"game": "%s", "pad": "%s"}' % (GAME.encode(), b"x" * TOO_LARGE), "too_large"),
    ],
)
def test_creating_a_table_refuses_bad_bodies(client: TestClient, body: bytes, code: str):
    answer = client.post("/api/tables", content=body,
                         headers={"content-type": "application/json"})
    assert 400 <= answer.status_code < 500
    assert answer.json()["code"] == code and answer.json()["error"]
    assert client.get("/api/tables").json() == []


def test_unknown_table_over_rest_and_websocket(client: TestClient):
    for path in ("/api/tables/nope", "/api/tables/nope/state"):
        answer = client.get(path)
        assert answer.status_code == 404 and answer.json()["code"] == "unknown_table"
    answer = client.post("/api/tables/nope/actions", json={"token": "t", "action": "a"})
    assert answer.status_code == 404 and answer.json()["code"] == "unknown_table"
    with client.websocket_connect("/ws/tables/nope") as ws:
        message = ws.receive_json()
    assert message["type"] == "error" and message["code"] == "unknown_table"


def rest_action(client: TestClient, table: str, body: Any) -> tuple[int, dict[str, Any]]:
    answer = client.post(f"/api/tables/{table}/actions", json=body)
    return answer.status_code, answer.json()


def test_rest_actions_refused_leave_the_game_unchanged(client: TestClient):
    table, tokens, seat = two_humans(client)
    other = 1 - seat
    legal = state_of(client, table, tokens[seat])["view"]["legal_actions"]
    before = snapshot(client, table, tokens)
    refusals = [
        ({"action": legal[0]}, 403, "bad_token"),
        ({"token": "wrong", "action": legal[0]}, 403, "bad_token"),
        ({"token": 5, "action": legal[0]}, 400, "bad_request"),
        ({"token": tokens[seat], "action": "no such action"}, 409, "illegal_action"),
        ({"token": tokens[other], "action": legal[0]}, 409, "illegal_action"),  # out of turn
        ({"token": tokens[seat], "action": legal[0], "version": 5}, 409, "stale"),
        ({"token": tokens[seat]}, 400, "bad_request"),
        ({"token": tokens[seat], "action": legal[0], "extra": 1}, 400, "bad_request"),
    ]
    for body, status, code in refusals:
        assert rest_action(client, table, body)[0] == status, body
        assert rest_action(client, table, body)[1]["code"] == code, body
    answer = client.post(f"/api/tables/{table}/actions", content=b"{nope",
                         headers={"content-type": "application/json"})
    assert answer.status_code == 400 and answer.json()["code"] == "bad_request"
    answer = client.post(f"/api/tables/{table}/actions", content=b" " * TOO_LARGE)
    assert answer.status_code == 413 and answer.json()["code"] == "too_large"
    assert snapshot(client, table, tokens) == before
    assert rest_action(client, table, {"token": tokens[seat], "action": legal[0]})[0] == 200


def test_a_wrong_token_is_refused_on_the_state_endpoint(client: TestClient):
    table, _tokens, _seat = two_humans(client)
    answer = client.get(f"/api/tables/{table}/state", params={"token": "not-a-token"})
    assert answer.status_code == 403 and answer.json()["code"] == "bad_token"


def test_websocket_refusals_keep_the_connection_usable(client: TestClient):
    table, tokens, seat = two_humans(client)
    other = 1 - seat
    legal = state_of(client, table, tokens[seat])["view"]["legal_actions"]
    bad_messages = [
        ("{not json", "bad_request"),
        ('"just a string"', "bad_request"),
        ('{"type": "dance"}', "bad_request"),
        ('{"type": "action"}', "bad_request"),
        ('{"type": "action", "action": 3}', "bad_request"),
        ('{"type": "action", "action": "no such action"}', "illegal_action"),
        (json.dumps({"type": "action", "action": legal[0], "version": 99}), "stale"),
        (json.dumps({"type": "action", "action": "x" * TOO_LARGE}), "too_large"),
    ]
    with client.websocket_connect(f"/ws/tables/{table}?token={tokens[seat]}") as ws, \
            client.websocket_connect(f"/ws/tables/{table}?token={tokens[other]}") as waiting:
        drain(ws)
        drain(waiting)
        before = snapshot(client, table, tokens)
        for text, code in bad_messages:
            ws.send_text(text)
            reply = ws.receive_json()
            assert reply["type"] == "error" and reply["code"] == code, text
            assert reply["error"]
        ws.send_bytes(b"\xff\xfe")
        assert ws.receive_json()["code"] == "bad_request"
        waiting.send_json({"type": "action", "action": legal[0]})  # not this seat's turn
        assert waiting.receive_json()["code"] == "illegal_action"
        assert snapshot(client, table, tokens) == before
        ws.send_json({"type": "action", "action": legal[0], "version": 0})
        after = [m for m in drain(ws) if m["type"] == "state"]
        assert after[-1]["version"] == 1


def test_a_spectator_cannot_act_and_a_wrong_token_is_refused(client: TestClient):
    table, tokens, seat = two_humans(client)
    legal = state_of(client, table, tokens[seat])["view"]["legal_actions"]
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        assert ws.receive_json()["view"]["seat"] is None
        ws.send_json({"type": "action", "action": legal[0]})
        assert ws.receive_json()["code"] == "bad_token"
        assert drain(ws) == []  # still open, nothing happened
    with client.websocket_connect(f"/ws/tables/{table}?token=forged") as ws:
        assert ws.receive_json()["code"] == "bad_token"  # never a quiet spectator view
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4403
    assert state_of(client, table)["version"] == 0


def test_an_action_that_cannot_be_stored_is_not_played(client: TestClient,
                                                       monkeypatch: pytest.MonkeyPatch):
    table, tokens, seat = two_humans(client)
    action = state_of(client, table, tokens[seat])["view"]["legal_actions"][0]
    before = snapshot(client, table, tokens)
    storage = client.app.state.manager.storage  # type: ignore[attr-defined]

    def broken(_writes: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(storage, "add_actions", broken)
    status, body = rest_action(client, table, {"token": tokens[seat], "action": action})
    assert status == 500 and body["code"] == "server_error"
    assert snapshot(client, table, tokens) == before
    monkeypatch.undo()
    assert rest_action(client, table, {"token": tokens[seat], "action": action})[0] == 200
    assert state_of(client, table)["version"] == 1
