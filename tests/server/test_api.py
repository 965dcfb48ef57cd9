"""The REST API and WebSocket of docs/web-api.md: shapes of the answers, and play through both."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient

import squidbox
from squidbox.server import create_app
from tests.server.helpers import (
    create_table,
    drain,
    last_state,
    settled,
    state_of,
    tokens_of,
    wait_for,
)

GAME = squidbox.game_ids()[0]


def test_games_lists_every_registered_game_with_its_rules_page(client: TestClient):
    games = client.get("/api/games").json()
    assert [g["id"] for g in games] == squidbox.game_ids()
    for described in games:
        game = squidbox.get_game(described["id"])
        expected = {**game.describe(), "rules_url": f"/rules/{game.id}"}
        assert {key: described[key] for key in expected} == expected  # plus the lobby's words


def test_creating_a_table_gives_tokens_and_links_to_human_seats_only(client: TestClient):
    created = create_table(client, GAME, 3, bots={2: "random"})
    table = created["table"]
    assert created["spectator_url"] == f"/t/{table}"
    humans, bot = created["seats"][:2], created["seats"][2]
    assert bot == {"seat": 2, "name": bot["name"], "bot": "random"}
    for seat in humans:
        assert seat["bot"] is None
        assert seat["url"] == f"/t/{table}?seat={seat['seat']}&token={seat['token']}"
    assert humans[0]["token"] != humans[1]["token"] and len(humans[0]["token"]) >= 32


def test_table_info_and_lobby(client: TestClient):
    first = create_table(client, GAME, 2)["table"]
    second = create_table(client, GAME, 3, bots={1: "random"}, turn_seconds=30)["table"]
    lobby = client.get("/api/tables").json()
    assert [entry["table"] for entry in lobby[:2]] == [second, first]
    assert set(lobby[0]) == {"table", "game", "players", "status", "created", "open_seats",
                             "turn_seconds", "bots_only"}
    assert lobby[0]["open_seats"] == [] and lobby[0]["turn_seconds"] == 30
    assert lobby[0]["status"] == "playing" and lobby[0]["game"] == GAME
    info = client.get(f"/api/tables/{second}").json()
    assert info["players"] == 3 and info["turn_seconds"] == 30 and info["status"] == "playing"
    assert info["options"] == squidbox.get_game(GAME).new_game(3, 0).options
    assert [seat["bot"] for seat in info["seats"]] == [None, "random", None]
    assert [seat["connected"] for seat in info["seats"]] == [False, True, False]


def test_a_machine_move_counts_as_a_machine_move_while_it_is_being_stored(client: TestClient):
    """The lobby lists a table nobody joined apart; a bot's or timer's move must not make it
    a person's table for the moment its write takes, or a lobby asked then loses it."""
    created = create_table(client, GAME, 2, turn_seconds=600)  # a timer may move for a seat
    manager = client.app.state.manager  # type: ignore[attr-defined]
    table = manager.tables[created["table"]]
    joined_while_storing: list[bool] = []
    store = manager.writer.store

    async def watched_store(write: Any) -> None:
        joined_while_storing.append(table.people_joined())
        await store(write)

    manager.writer.store = watched_store
    seat = table.state.to_move()[0]
    action = table.state.legal_actions(seat)[0]
    client.portal.call(table.submit, seat, action, None, "timer")  # type: ignore[union-attr]
    assert joined_while_storing == [False]
    assert not table.people_joined()
    entry = next(e for e in client.get("/api/tables").json() if e["table"] == table.id)
    assert entry["bots_only"] is True


def test_a_seat_sees_its_view_with_labels_and_a_spectator_the_public_view(client: TestClient):
    created = create_table(client, GAME, 2)
    tokens = tokens_of(created)
    spectator = state_of(client, created["table"])
    assert spectator["type"] == "state" and spectator["version"] == 0
    assert spectator["view"]["seat"] is None and spectator["labels"] == {}
    assert spectator["deadline"] is None
    for seat, token in tokens.items():
        message = state_of(client, created["table"], token)
        assert message["view"]["seat"] == seat
        assert list(message["labels"]) == message["view"]["legal_actions"]
        assert all(isinstance(label, str) and label for label in message["labels"].values())


def test_rest_actions_advance_the_version_and_bots_answer(client: TestClient):
    created = create_table(client, GAME, 2, bots={1: "random"})
    table, token = created["table"], tokens_of(created)[0]
    message = settled(client, table)
    assert message["view"]["to_move"] == [0]
    action = state_of(client, table, token)["view"]["legal_actions"][0]
    answer = client.post(f"/api/tables/{table}/actions", json={"token": token, "action": action})
    assert answer.status_code == 200
    assert answer.json() == {"ok": True, "version": message["version"] + 1}
    after = settled(client, table)
    assert after["version"] > message["version"] + 1  # the bot moved too
    assert after["log"]


def test_websocket_sends_state_on_connect_and_after_every_change(client: TestClient):
    created = create_table(client, GAME, 2)
    table, tokens = created["table"], tokens_of(created)
    with client.websocket_connect(f"/ws/tables/{table}?token={tokens[0]}") as ws, \
            client.websocket_connect(f"/ws/tables/{table}") as watcher:
        first = ws.receive_json()
        assert first["type"] == "state" and first["view"]["seat"] == 0
        assert first["table"]["seats"][0]["connected"] is True
        seat = first["view"]["to_move"][0]
        action = state_of(client, table, tokens[seat])["view"]["legal_actions"][0]
        mover = ws if seat == 0 else None
        if mover is not None:
            mover.send_json({"type": "action", "action": action, "version": 0})
        else:
            client.post(f"/api/tables/{table}/actions",
                        json={"token": tokens[seat], "action": action})
        wait_for(lambda: state_of(client, table)["version"] == 1)
        assert last_state(ws)["version"] == 1
        spectator = last_state(watcher)
        assert spectator["version"] == 1 and spectator["view"]["seat"] is None
        assert {m["type"] for m in drain(ws)} <= {"state"}


def test_reconnecting_restores_the_seat(client: TestClient):
    created = create_table(client, GAME, 2)
    table, token = created["table"], tokens_of(created)[1]
    with client.websocket_connect(f"/ws/tables/{table}?token={token}") as ws:
        before = ws.receive_json()
    assert client.get(f"/api/tables/{table}").json()["seats"][1]["connected"] is False
    with client.websocket_connect(f"/ws/tables/{table}?token={token}") as ws:
        again = ws.receive_json()
    assert again["view"] == before["view"] and again["view"]["seat"] == 1


def test_the_web_client_is_served_beside_the_api(sqlite_url: str):
    with TestClient(create_app(sqlite_url)) as client:
        assert client.get("/").status_code == 200
        assert client.get("/api/games").status_code == 200


def test_a_thinking_bot_does_not_block_the_server(client: TestClient):
    created = create_table(client, GAME, 2, bots={0: "ismcts:seconds=2", 1: "ismcts:seconds=2"})
    table = created["table"]
    time.sleep(0.2)  # the first bot is now thinking, in a worker thread
    began = time.perf_counter()
    for _ in range(5):
        assert client.get("/api/games").status_code == 200
        assert state_of(client, table)["version"] == 0
    assert time.perf_counter() - began < 1.5
