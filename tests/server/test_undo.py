"""The `undo` WebSocket message: a person takes back their seat's last move while
the rules of undo allow it; everyone sees the table roll back, the log says so, and a restart
keeps it. Refusals say why and change nothing.

SQUID with two people: the secret votes of a call may be taken back until the last vote shows
them all (Grid Squid allows no undo at all: every move plays a card from a hidden hand).
"""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from squidbox.server import create_app
from squidbox.server.clients import MOVED
from squidbox.server.storage import Storage, UndoNote, now
from tests.server.helpers import (
    create_table,
    drain,
    last_state,
    replayed,
    state_of,
    tokens_of,
    wait_for,
)


def everyone(client: TestClient, table: str, tokens: dict[int, str]) -> list[dict[str, Any]]:
    """The spectator's and each seat's state message, apart from the table's facts (who is
    connected)."""
    return [game_part(state_of(client, table, token)) for token in [None, *tokens.values()]]


def game_part(message: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in message.items() if key != "table"}


def without_undo_fields(message: dict[str, Any]) -> dict[str, Any]:
    """A state message apart from what undo adds (its button and its log notes)."""
    log = [entry for entry in message["log"] if entry["type"] != "undo"]
    return {**message, "log": log, "can_undo": None}


def refused(ws: Any, message: dict[str, Any], bots: bool = False) -> dict[str, Any]:
    """The error the server answers `message` with, and nothing else (at a table with bots,
    their moves may come in between)."""
    drain(ws)
    ws.send_json(message)
    answers = drain(ws)
    errors = [answer for answer in answers if answer["type"] == "error"]
    assert len(errors) == 1 and (bots or len(answers) == 1), answers
    return errors[0]


@pytest.fixture
def table(sqlite_url: str) -> tuple[str, dict[int, str]]:
    with TestClient(create_app(sqlite_url, web_client=False)) as client:
        created = create_table(client, "squid_circle", 2, seed=5)
        return created["table"], tokens_of(created)


def test_undo_rolls_back_for_everyone_and_a_restart_keeps_it(sqlite_url: str, table, tmp_path):
    table_id, tokens = table
    with TestClient(create_app(sqlite_url, web_client=False)) as client:
        before = everyone(client, table_id, tokens)
        assert [m["can_undo"] for m in before] == [False, False, False]
        with client.websocket_connect(f"/ws/tables/{table_id}?token={tokens[0]}") as red, \
                client.websocket_connect(f"/ws/tables/{table_id}") as watcher:
            last_state(watcher)
            red.send_json({"type": "action", "action": "vote 1"})
            voted = last_state(red)
            assert voted["can_undo"] is True and voted["version"] == 1
            assert state_of(client, table_id, tokens[1])["can_undo"] is False
            red.send_json({"type": "undo", "version": 1})
            rolled_back = last_state(red)
            seen_by_watcher = last_state(watcher)
        after = everyone(client, table_id, tokens)
        assert game_part(rolled_back) == after[1] and game_part(seen_by_watcher) == after[0]
        for earlier, now in zip(before, after, strict=True):
            assert now["version"] == 0
            assert without_undo_fields(now) == without_undo_fields(earlier)
            assert now["log"] == [*earlier["log"], {"type": "undo", "seat": 0, "name": "Red",
                                                    "text": "Red took back a move."}]
        assert replayed(sqlite_url, table_id).history == []
    with TestClient(create_app(sqlite_url, web_client=False)) as client:  # a restart
        assert everyone(client, table_id, tokens) == after
        # play goes on: the next vote takes the place of the one taken back
        with client.websocket_connect(f"/ws/tables/{table_id}?token={tokens[0]}") as red:
            red.send_json({"type": "action", "action": "vote 0", "version": 0})
            assert last_state(red)["version"] == 1
        assert replayed(sqlite_url, table_id).history == [(0, "vote 0")]
        log = state_of(client, table_id)["log"]
        note = log.index({"type": "undo", "seat": 0, "name": "Red",
                          "text": "Red took back a move."})
        assert log[note + 1]["text"] == "Red has voted."


def test_undo_is_refused_with_a_reason_and_changes_nothing(sqlite_url: str, table):
    table_id, tokens = table
    with TestClient(create_app(sqlite_url, web_client=False)) as client:
        with client.websocket_connect(f"/ws/tables/{table_id}?token={tokens[0]}") as red, \
                client.websocket_connect(f"/ws/tables/{table_id}?token={tokens[1]}") as blue, \
                client.websocket_connect(f"/ws/tables/{table_id}") as watcher:
            for ws in (red, blue, watcher):
                last_state(ws)
            nothing = refused(red, {"type": "undo"})
            assert nothing["code"] == "illegal_action"
            assert "nothing has been decided yet" in nothing["error"]
            assert refused(watcher, {"type": "undo"})["code"] == "bad_token"
            red.send_json({"type": "action", "action": "vote 1"})
            last_state(red)
            assert "stale" == refused(red, {"type": "undo", "version": 0})["code"]
            not_mine = refused(blue, {"type": "undo"})
            assert "Red decided last" in not_mine["error"], not_mine
            blue.send_json({"type": "action", "action": "vote 0"})  # the call shows both votes
            last_state(blue)
            shown = everyone(client, table_id, tokens)
            assert not any(message["can_undo"] for message in shown)
            revealed = refused(blue, {"type": "undo"})
            assert "something hidden was revealed" in revealed["error"], revealed
            other = refused(red, {"type": "undo"})
            assert "Blue decided last" in other["error"], other
            assert refused(red, {"type": "nonsense"})["code"] == "bad_request"
            assert everyone(client, table_id, tokens) == shown
        stored = Storage(sqlite_url)
        try:
            loaded = stored.load(table_id)
        finally:
            stored.dispose()
        assert loaded is not None and loaded.record.undos == []
        assert loaded.actions == [(0, "vote 1"), (1, "vote 0")]


def test_an_undo_stored_although_its_answer_was_lost_is_found_in_storage(sqlite_url: str, table):
    """The database stopped mid-commit of an undo: storage took the move back, but the server
    was told the write failed. Trying the undo again finds its place taken; the table is then
    loaded again from storage (where the move is taken back), as after a lost action write,
    instead of refusing every later undo."""
    table_id, tokens = table
    with TestClient(create_app(sqlite_url, web_client=False)) as client:
        events = len(replayed(sqlite_url, table_id).events)
        with client.websocket_connect(f"/ws/tables/{table_id}?token={tokens[0]}") as red:
            red.send_json({"type": "action", "action": "vote 1"})
            assert last_state(red)["version"] == 1
            storage = Storage(sqlite_url)  # what the lost commit had written
            storage.add_undo(table_id, 0, UndoNote(0, "vote 1", 0, events, now()))
            storage.dispose()
            red.send_json({"type": "undo", "version": 1})
            with pytest.raises(WebSocketDisconnect) as closed:
                drain(red)
            assert closed.value.code == MOVED  # reconnect: the table is served afresh
        reloaded = state_of(client, table_id, tokens[0])
        assert reloaded["version"] == 0 and reloaded["log"][-1]["type"] == "undo"
        with client.websocket_connect(f"/ws/tables/{table_id}?token={tokens[0]}") as red:
            red.send_json({"type": "action", "action": "vote 0", "version": 0})  # play goes on
            assert last_state(red)["version"] == 1
    assert replayed(sqlite_url, table_id).history == [(0, "vote 0")]


def test_after_a_bot_decided_nothing_can_be_taken_back(sqlite_url: str):
    with TestClient(create_app(sqlite_url, web_client=False)) as client:
        created = create_table(client, "squid_circle", 2, bots={1: "random"}, seed=3)
        table_id, token = created["table"], tokens_of(created)[0]
        with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as red:
            last_state(red)
            red.send_json({"type": "action", "action": "vote 1"})
            # the bot votes at once, showing both votes: Red's vote stands
            answer: dict[str, Any] = {}
            for _ in range(50):
                answer = last_state(red)
                if answer["version"] >= 2:
                    break
            assert answer["version"] >= 2 and answer["can_undo"] is False
            # (whichever voted first, the second vote showed both)
            error = refused(red, {"type": "undo"}, bots=True)["error"]
            assert error.startswith("no undo: Red (seat 0)"), error


def test_no_undo_after_a_random_draw(sqlite_url: str):
    """Squid Game's Marbles, three people: a marble rolled toward the wall is a random draw,
    so the roll (and anything before it) stands."""
    with TestClient(create_app(sqlite_url, web_client=False)) as client:
        created = create_table(client, "squid_game", 3, seed=8,
                               options={"game": "marbles", "tokens": 4})
        table_id, tokens = created["table"], tokens_of(created)
        rolled = None
        for _ in range(200):
            message = state_of(client, table_id)
            if message["view"]["is_terminal"]:
                break
            seat = message["view"]["to_move"][0]
            legal = state_of(client, table_id, tokens[seat])["view"]["legal_actions"]
            action = next((a for a in legal if a == "wall" or a.startswith("roll")), legal[0])
            answer = client.post(f"/api/tables/{table_id}/actions",
                                 json={"token": tokens[seat], "action": action})
            assert answer.status_code == 200, answer.text
            if action.startswith("roll"):
                rolled = seat
                break
        assert rolled is not None, "no marble was rolled"
        before = everyone(client, table_id, tokens)
        assert not before[1 + rolled]["can_undo"]
        with client.websocket_connect(f"/ws/tables/{table_id}?token={tokens[rolled]}") as ws:
            answer = refused(ws, {"type": "undo"})
        assert answer["code"] == "illegal_action"
        assert answer["error"].endswith("cannot take back the last move: a random draw happened "
                                        "since"), answer
        assert everyone(client, table_id, tokens) == before


def test_a_bot_still_thinking_about_a_move_taken_back_thinks_again(sqlite_url: str):
    """Red votes while Blue's bot is still thinking (a second a move), then takes the vote back:
    the bot's thought was about Red's vote, so it thinks afresh, and the table goes on."""
    with TestClient(create_app(sqlite_url, web_client=False)) as client:
        created = create_table(client, "squid_circle", 2, bots={1: "ismcts:seconds=1"}, seed=3)
        table_id, token = created["table"], tokens_of(created)[0]
        with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as red:
            first = last_state(red)
            assert first["version"] == 0 and 1 in first["view"]["to_move"]
            red.send_json({"type": "action", "action": "vote 1", "version": 0})
            red.send_json({"type": "undo", "version": 1})
            assert any(entry["type"] == "undo" for entry in last_state(red)["log"])
            # (Red stays connected: a connection's coming or going also restarts the bots)
            message = wait_for(lambda: (m := state_of(client, table_id))["version"] >= 1 and m,
                               timeout=15, what="the bot's vote")
        assert message["log"][-1]["text"] == "Blue has voted."
        assert [seat for seat, _ in replayed(sqlite_url, table_id).history] == [1]
