"""Issue 13 without a browser: the host link (seat links, re-issue, bot or person, start, end),
open seats taken by name, the lobby's lists, and all of it surviving a restart."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from squidbox.server import create_app
from squidbox.server.seat_tokens import seat_token
from tests.server.helpers import create_table, drain, settled, state_of, tokens_of, wait_for

GAME = "grid_squid"


def host(client: TestClient, table: str, token: str, path: str = "",
         **body: Any) -> Any:
    """A host request: GET the host view, or POST to host/<path>; the answer's JSON."""
    if not path:
        return client.get(f"/api/tables/{table}/host", params={"token": token})
    return client.post(f"/api/tables/{table}/host/{path}", json={"token": token, **body})


def take(client: TestClient, table: str, name: str, seat: int | None = None) -> Any:
    body: dict[str, Any] = {"name": name}
    if seat is not None:
        body["seat"] = seat
    return client.post(f"/api/tables/{table}/seats", json=body)


def refused(answer: Any, status: int, code: str) -> None:
    assert answer.status_code == status, answer.text
    assert answer.json()["code"] == code and answer.json()["error"]


def closed_with(ws: Any) -> int:
    """Read until the server closes the socket; its close code."""
    with pytest.raises(WebSocketDisconnect) as closed:
        while True:
            ws.receive_json()
    return closed.value.code


def test_the_host_link_lists_every_seat_link_and_is_never_shown_to_others(client: TestClient):
    created = create_table(client, GAME, 3, bots={2: "random"})
    table, tokens, host_token = created["table"], tokens_of(created), created["host_token"]
    assert created["host_url"] == f"/host/{table}?token={host_token}"
    view = host(client, table, host_token).json()
    assert [seat["kind"] for seat in view["seats"]] == ["person", "person", "bot"]
    assert [seat["url"] for seat in view["seats"]] == [s.get("url") for s in created["seats"]]
    # Neither a seat, a spectator nor the lobby ever sees the host token.
    seen = [client.get(f"/api/tables/{table}").text, client.get("/api/tables").text,
            client.get(f"/api/tables/{table}/state").text,
            *(client.get(f"/api/tables/{table}/state", params={"token": t}).text
              for t in tokens.values())]
    with client.websocket_connect(f"/ws/tables/{table}?token={tokens[0]}") as ws:
        seen.append(str(drain(ws)))
    assert not any(host_token in text for text in seen)
    # A seat token is no host token, and the host token opens no seat.
    refused(host(client, table, tokens[0]), 403, "bad_token")
    refused(host(client, table, tokens[0], "end"), 403, "bad_token")
    refused(client.get(f"/api/tables/{table}/state", params={"token": host_token}), 403,
            "bad_token")
    assert client.get(f"/api/tables/{table}").json()["status"] == "playing"


def test_logs_never_contain_the_host_token(client: TestClient,
                                           caplog: pytest.LogCaptureFixture):
    caplog.set_level(logging.DEBUG)
    access = logging.getLogger("uvicorn.access")  # a live server earlier may have silenced it
    saved = access.disabled, access.level
    access.disabled, access.level = False, logging.DEBUG
    access.addHandler(caplog.handler)
    try:
        created = create_table(client, GAME, 2)
        host_token = created["host_token"]
        access.info('"%s %s"', "GET", created["host_url"])
        host(client, created["table"], host_token)
        host(client, created["table"], host_token + "x")  # refused, and so perhaps logged
    finally:
        access.removeHandler(caplog.handler)
        access.disabled, access.level = saved
    text_logged = "\n".join(r.getMessage() for r in caplog.records
                            if r.name.startswith(("squidbox", "uvicorn")))  # the server's
    assert host_token not in text_logged and "token=<redacted>" in text_logged


def test_a_reissued_link_stops_working_at_once_on_http_and_open_websockets(client: TestClient):
    created = create_table(client, GAME, 2)
    table, tokens, host_token = created["table"], tokens_of(created), created["host_token"]
    old = tokens[0]
    with client.websocket_connect(f"/ws/tables/{table}?token={old}") as ws, \
            client.websocket_connect(f"/ws/chat/{table}?token={old}") as chat:
        assert drain(ws)[-1]["view"]["seat"] == 0
        assert chat.receive_json()["history"] is True
        answer = host(client, table, host_token, "links", seat=0)
        assert answer.status_code == 200, answer.text
        new_url = answer.json()["seats"][0]["url"]
        # The old holder's connections are told, and closed, without waiting for anything.
        told = ws.receive_json()
        assert told["type"] == "error" and told["code"] == "bad_token"
        assert "new link" in told["error"]
        assert closed_with(ws) == 4403
        assert chat.receive_json()["code"] == "bad_token" and closed_with(chat) == 4403
    assert not client.get(f"/api/tables/{table}").json()["seats"][0]["connected"]
    new = new_url.split("token=")[1]
    assert new != old and new_url == f"/t/{table}?seat=0&token={new}"
    # The old token is refused everywhere alike; the new one works.
    refused(client.get(f"/api/tables/{table}/state", params={"token": old}), 403, "bad_token")
    move = state_of(client, table, new)["view"]
    seat = move["to_move"][0]
    mover = new if seat == 0 else tokens[1]
    action = state_of(client, table, mover)["view"]["legal_actions"][0]
    if seat == 0:
        refused(client.post(f"/api/tables/{table}/actions", json={"token": old,
                                                                   "action": action}),
                403, "bad_token")
    with client.websocket_connect(f"/ws/tables/{table}?token={old}") as ws:
        assert ws.receive_json()["code"] == "bad_token" and closed_with(ws) == 4403
    with client.websocket_connect(f"/ws/tables/{table}?token={new}") as ws:
        assert drain(ws)[-1]["view"]["seat"] == 0
    # Re-issuing again makes yet another link: the first one never comes back.
    again = host(client, table, host_token, "links", seat=0).json()["seats"][0]["url"]
    assert again not in (new_url, created["seats"][0]["url"])
    refused(client.get(f"/api/tables/{table}/state", params={"token": new}), 403, "bad_token")
    assert 'squidbox_seat_changes_total{action="reissue"} 2.0' in client.get("/metrics").text


def test_the_host_hands_a_seat_to_a_bot_and_back(client: TestClient):
    created = create_table(client, GAME, 2)
    table, tokens, host_token = created["table"], tokens_of(created), created["host_token"]
    answer = host(client, table, host_token, "seats", seat=1, bot="random")
    assert answer.status_code == 200, answer.text
    assert answer.json()["seats"][1]["kind"] == "bot" and answer.json()["seats"][1]["url"] is None
    refused(client.get(f"/api/tables/{table}/state", params={"token": tokens[1]}), 403,
            "bad_token")
    # The bot plays seat 1 whenever it is to move: only seat 0 is ever waited for.
    message = settled(client, table)
    assert message["view"]["to_move"] == [0] or message["view"]["is_terminal"]
    assert message["table"]["seats"][1]["bot"] == "random"
    refused(host(client, table, host_token, "seats", seat=1, bot="policy:/etc/passwd"), 400,
            "invalid_options")
    refused(host(client, table, host_token, "seats", seat=0, bot=None), 409, "illegal_action")
    refused(host(client, table, host_token, "seats", seat=7, bot=None), 400, "bad_request")
    back = host(client, table, host_token, "seats", seat=1, bot=None).json()
    assert back["seats"][1]["kind"] == "person" and back["seats"][1]["bot"] is None
    token = back["seats"][1]["url"].split("token=")[1]
    assert token != tokens[1]
    assert state_of(client, table, token)["view"]["seat"] == 1
    refused(client.get(f"/api/tables/{table}/state", params={"token": tokens[1]}), 403,
            "bad_token")


def test_the_host_ends_the_table(client: TestClient):
    created = create_table(client, GAME, 2)
    table, tokens, host_token = created["table"], tokens_of(created), created["host_token"]
    seat = state_of(client, table)["view"]["to_move"][0]
    action = state_of(client, table, tokens[seat])["view"]["legal_actions"][0]
    with client.websocket_connect(f"/ws/tables/{table}?token={tokens[0]}") as ws:
        drain(ws)
        assert host(client, table, host_token, "end").json()["status"] == "ended"
        ended = drain(ws)[-1]  # everyone sees it, and has nothing left to do
        assert ended["table"]["status"] == "ended" and ended["view"]["legal_actions"] == []
    refused(client.post(f"/api/tables/{table}/actions",
                        json={"token": tokens[seat], "action": action}), 503, "unavailable")
    refused(host(client, table, host_token, "end"), 409, "illegal_action")
    refused(host(client, table, host_token, "links", seat=0), 409, "illegal_action")
    assert client.get("/api/tables").json()[0]["status"] == "ended"


def test_anyone_takes_an_open_seat_by_name_and_the_game_starts_when_all_are_taken(
        client: TestClient):
    created = create_table(client, GAME, 3, open_seats=[1, 2])
    table, tokens, host_token = created["table"], tokens_of(created), created["host_token"]
    assert set(tokens) == {0} and created["status"] == "open"
    assert [seat.get("open", False) for seat in created["seats"]] == [False, True, True]
    lobby = client.get("/api/tables").json()[0]
    assert lobby["status"] == "open" and lobby["open_seats"] == [1, 2]
    # Nobody plays before the seats are taken: no actions are offered, and none is taken;
    # nobody is "to move" while the table waits for players.
    waiting = state_of(client, table, tokens[0])["view"]
    assert waiting["legal_actions"] == [] and waiting["to_move"] == []
    engine_state = client.app.state.manager.tables[table].state  # type: ignore[attr-defined]
    action = engine_state.legal_actions(engine_state.to_move()[0])[0]
    early = client.post(f"/api/tables/{table}/actions", json={"token": tokens[0],
                                                              "action": action})
    refused(early, 409, "illegal_action")
    assert "starts when every seat is taken" in early.json()["error"]
    for bad in ("", "   ", "x" * 25, "tab\there", "Ann\u202eboB", "A\u200bnn", 7):
        refused(client.post(f"/api/tables/{table}/seats", json={"name": bad}), 400,
                "bad_request")
    refused(take(client, table, "Ann", seat=0), 409, "illegal_action")  # held by its link
    refused(client.post(f"/api/tables/{table}/seats", json={"name": "Ann", "extra": 1}), 400,
            "bad_request")
    assert client.get(f"/api/tables/{table}").json()["open_seats"] == [1, 2]  # nothing changed
    first = take(client, table, "  <b>Ann</b> ", seat=2)
    assert first.status_code == 201, first.text
    ann = first.json()
    assert ann["seat"] == 2 and ann["name"] == "<b>Ann</b>" and ann["status"] == "open"
    assert ann["url"] == f"/t/{table}?seat=2&token={ann['token']}"
    info = client.get(f"/api/tables/{table}").json()
    assert info["seats"][2]["player"] == "<b>Ann</b>" and info["open_seats"] == [1]
    assert state_of(client, table, ann["token"])["view"]["seat"] == 2
    # The host sees who took it; the link is Ann's alone.
    seats = host(client, table, host_token).json()["seats"]
    assert [s["kind"] for s in seats] == ["person", "open", "person"]
    assert seats[2]["player"] == "<b>Ann</b>" and seats[2]["url"] is None
    bob = take(client, table, "Bob").json()  # the first open seat
    assert bob["seat"] == 1 and bob["status"] == "playing"
    assert state_of(client, table, bob["token"])["view"]["to_move"]  # now someone is
    refused(take(client, table, "Cy"), 409, "illegal_action")
    assert client.get("/api/tables").json()[0]["status"] == "playing"
    refused(host(client, table, host_token, "start"), 409, "illegal_action")


def test_the_host_starts_an_open_table_with_bots(client: TestClient):
    created = create_table(client, GAME, 3, open_seats=[1, 2])
    table, host_token = created["table"], created["host_token"]
    refused(host(client, table, host_token, "seats", seat=1, bot="random"), 409,
            "illegal_action")
    refused(host(client, table, host_token, "start", bot="nonsense"), 400, "invalid_options")
    answer = host(client, table, host_token, "start", bot="random")
    assert answer.status_code == 200, answer.text
    assert answer.json()["status"] == "playing"
    assert [s["bot"] for s in answer.json()["seats"]] == [None, "random", "random"]
    message = settled(client, table)
    assert message["view"]["to_move"] == [0]  # the bots played up to the person's turn


def test_the_turn_timer_sends_the_time_left(client: TestClient):
    created = create_table(client, GAME, 2, turn_seconds=600)
    info = client.get(f"/api/tables/{created['table']}").json()
    seat = state_of(client, created["table"])["view"]["to_move"][0]
    assert 590 < info["time_left"][str(seat)] <= 600
    assert info["deadlines"][str(seat)] > 0


@pytest.fixture
def restartable(sqlite_url: str) -> Iterator[Any]:
    """Start the app on the same database again and again (a real restart: a new process's
    state, the same file)."""
    def started() -> TestClient:
        return TestClient(create_app(sqlite_url, web_client=False))
    yield started


def test_open_seats_host_links_and_chat_survive_a_restart(restartable: Any, tmp_path: Path):
    with restartable() as client:
        created = create_table(client, GAME, 3, open_seats=[1, 2])
        table, host_token = created["table"], created["host_token"]
        ann = take(client, table, "Ann", seat=1).json()
        reissued = host(client, table, host_token, "links", seat=0).json()["seats"][0]["url"]
        with client.websocket_connect(f"/ws/chat/{table}?token={ann['token']}") as chat:
            chat.receive_json()
            chat.send_json({"type": "chat", "text": "hello <script>x</script>"})
            assert chat.receive_json()["entries"][0]["index"] == 0
    with restartable() as client:
        lobby = client.get("/api/tables").json()[0]
        assert lobby["status"] == "open" and lobby["open_seats"] == [2]
        assert state_of(client, table, ann["token"])["view"]["seat"] == 1
        view = host(client, table, host_token).json()
        assert view["seats"][0]["url"] == reissued  # the host link shows it again
        assert view["seats"][1]["player"] == "Ann"
        entries = client.get(f"/api/tables/{table}/chat").json()["entries"]
        assert [(e["name"], e["text"]) for e in entries] == [("Ann", "hello <script>x</script>")]
        with client.websocket_connect(f"/ws/chat/{table}") as chat:
            assert chat.receive_json()["entries"] == entries
            chat.send_json({"type": "chat", "text": "back"})
            assert chat.receive_json()["entries"][0]["index"] == 1  # numbering goes on
        assert take(client, table, "Bo").json()["status"] == "playing"


def test_the_lobby_lists_open_playing_and_finished_tables(client: TestClient):
    open_table = create_table(client, GAME, 2, open_seats=[1])["table"]
    playing = create_table(client, GAME, 2)["table"]
    ended = create_table(client, GAME, 2)
    host(client, ended["table"], ended["host_token"], "end")
    finished = create_table(client, GAME, 2, bots={0: "random", 1: "random"})["table"]
    wait_for(lambda: client.get(f"/api/tables/{finished}").json()["status"] == "finished",
             timeout=60, what="the bot game to finish")
    statuses = {entry["table"]: (entry["status"], entry["open_seats"])
                for entry in client.get("/api/tables").json()}
    assert statuses == {open_table: ("open", [1]), playing: ("playing", []),
                        ended["table"]: ("ended", []), finished: ("finished", [])}


def test_seat_links_are_derived_from_the_host_token_only():
    first = seat_token("host-a", "t1", 0, 0)
    assert first == seat_token("host-a", "t1", 0, 0)
    assert len({first, seat_token("host-b", "t1", 0, 0), seat_token("host-a", "t2", 0, 0),
                seat_token("host-a", "t1", 1, 0), seat_token("host-a", "t1", 0, 1)}) == 5


def test_a_seat_change_or_chat_line_that_cannot_be_stored_changes_nothing(
        client: TestClient, monkeypatch: pytest.MonkeyPatch):
    created = create_table(client, GAME, 3, open_seats=[2])
    table, tokens, host_token = created["table"], tokens_of(created), created["host_token"]
    storage = client.app.state.manager.storage  # type: ignore[attr-defined]

    def disk_full(*_args: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(storage, "save_seating", disk_full)
    monkeypatch.setattr(storage, "add_chat", disk_full)
    before = client.get(f"/api/tables/{table}").json()
    for answer in (host(client, table, host_token, "links", seat=0),
                   host(client, table, host_token, "seats", seat=1, bot="random"),
                   host(client, table, host_token, "start"),
                   host(client, table, host_token, "end"),
                   take(client, table, "Ann")):
        refused(answer, 500, "server_error")
    assert client.get(f"/api/tables/{table}").json() == before
    assert state_of(client, table, tokens[0])["view"]["seat"] == 0  # the old link still works
    with client.websocket_connect(f"/ws/chat/{table}") as chat:
        chat.receive_json()
        chat.send_json({"type": "chat", "text": "lost?"})
        assert chat.receive_json()["code"] == "server_error"
    monkeypatch.undo()
    with client.websocket_connect(f"/ws/chat/{table}") as chat:
        assert chat.receive_json()["entries"] == []
        chat.send_json({"type": "chat", "text": "stored"})
        assert chat.receive_json()["entries"][0]["index"] == 0
    assert take(client, table, "Ann").status_code == 201


def test_the_lobby_lists_one_status_at_a_time(client: TestClient):
    open_table = create_table(client, GAME, 2, open_seats=[1])["table"]
    playing = create_table(client, GAME, 2)["table"]
    ended = create_table(client, GAME, 2)
    host(client, ended["table"], ended["host_token"], "end")

    def listed(*statuses: str) -> list[str]:
        answer = client.get("/api/tables", params={"status": list(statuses)})
        assert answer.status_code == 200, answer.text
        return [entry["table"] for entry in answer.json()]

    assert listed("open") == [open_table]
    assert listed("playing", "ended") == [ended["table"], playing]
    assert listed("finished") == []
    refused(client.get("/api/tables", params={"status": "nonsense"}), 400, "bad_request")
