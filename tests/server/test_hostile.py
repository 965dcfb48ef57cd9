"""Regression tests: each failure found by playing a hostile client against the
server (bots that never finish, bad rows, failed writes, spectator floods, chosen seeds, inputs
that made 500s, floods without limits, missing browser hardening)."""

from __future__ import annotations

import asyncio
import json
import logging
import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

import squidbox
from squidbox.server import create_app
from squidbox.server.clients import Client
from squidbox.server.limits import Limits, Rate
from tests.server.helpers import (
    create_table,
    drain,
    replayed,
    settled,
    state_of,
    tokens_of,
    wait_for,
)

GAME = "grid_squid"


def post(client: TestClient, path: str, body: bytes | str,
         headers: dict[str, str] | None = None) -> httpx.Response:
    return client.post(path, content=body,
                       headers={"content-type": "application/json", **(headers or {})})


def refused(answer: httpx.Response, status: int, code: str) -> None:
    assert answer.status_code == status, answer.text
    assert answer.json()["code"] == code and answer.json()["error"], answer.text


@pytest.fixture
def tight(sqlite_url: str) -> Iterator[TestClient]:
    """A server with tiny limits, to reach each of them quickly."""
    limits = Limits(create_rate=Rate(3, 0.01), action_rate=Rate(5, 0.01),
                    connect_rate=Rate(6, 0.01), max_spectators_per_table=2, max_tables=4,
                    bot_move_seconds=0.3, retry_seconds=(0.05, 0.1))
    with TestClient(create_app(sqlite_url, web_client=False, limits=limits)) as test_client:
        yield test_client


# ---- 1. bots from the web are bounded ------------------------------------------------------------
@pytest.mark.parametrize("spec", ["ismcts:iterations=999999999999", "ismcts:seconds=99999999",
                                  "heuristic:samples=999999999", "ismcts:rollout_depth=0",
                                  "ismcts:iterations=1e9", "nobot", "ismcts:iterations=²"])
def test_bot_specs_beyond_the_caps_are_refused(client: TestClient, spec: str):
    body = {"game": GAME, "players": 2, "bots": {"1": spec}}
    refused(client.post("/api/tables", json=body), 400, "invalid_options")
    refused(client.post("/api/tables", json={"game": GAME, "leave_bot": spec}),
            400, "invalid_options")
    assert client.get("/api/tables").json() == []


def test_a_bot_that_reads_the_servers_disk_is_not_offered(client: TestClient):
    # policy:path=... loads a file: never from a stranger's request, whatever the file holds
    for spec in ("policy:path=/etc/passwd", "policy:path=grid_squid_policy.npz"):
        answer = client.post("/api/tables", json={"game": GAME, "players": 2, "bots": {"1": spec}})
        refused(answer, 400, "invalid_options")
        assert "not offered by the web server" in answer.json()["error"]
    assert client.get("/api/tables").json() == []


def test_a_bot_past_its_move_budget_plays_a_quick_move(tight: TestClient):
    # 0.3 s budget; ISMCTS with 5000 iterations per move on a full Squid Game takes longer.
    created = create_table(tight, "squid_game", 3,
                           bots={0: "ismcts:iterations=5000", 1: "random", 2: "random"})
    wait_for(lambda: state_of(tight, created["table"])["version"] >= 6, timeout=20,
             what="the slow bot to be replaced by quick moves")


# ---- 2. bad rows are quarantined, every other table resumes --------------------------------------
BAD_ROWS = {
    "snapshot_not_json": None,  # a bad snapshot is dropped: the table still replays
    "options_not_json": "UPDATE tables SET options = 'not json{' WHERE id = :id",
    "options_a_list": "UPDATE tables SET options = '[1]' WHERE id = :id",
    "token_hashes_a_number": "UPDATE tables SET token_hashes = '5' WHERE id = :id",
    "bots_bad_seat": "UPDATE tables SET bots = '{\"x\":\"random\"}' WHERE id = :id",
    "created_garbage": "UPDATE tables SET created = 'garbage' WHERE id = :id",
    "action_bogus": "UPDATE actions SET action = 'bogus' WHERE table_id = :id AND \"index\" = 0",
    "action_seat_99": "UPDATE actions SET seat = 99 WHERE table_id = :id AND \"index\" = 0",
    "action_missing": "DELETE FROM actions WHERE table_id = :id AND \"index\" = 0",
    "action_renumbered": "UPDATE actions SET \"index\" = 7 WHERE table_id = :id AND \"index\" = 1",
    "unknown_game": "UPDATE tables SET game = 'chess' WHERE id = :id",
    "seed_not_numeric": "UPDATE tables SET seed = 'abc' WHERE id = :id",
    "players_1000": "UPDATE tables SET players = 1000 WHERE id = :id",
}


def two_tables_with_moves(url: str) -> tuple[str, str, dict[int, str]]:
    with TestClient(create_app(url, web_client=False, snapshot_every=2)) as client:
        victim = create_table(client, GAME, 2, bots={1: "random"})
        healthy = create_table(client, GAME, 2, bots={1: "random"})
        for created in (victim, healthy):
            table, token = created["table"], tokens_of(created)[0]
            for _ in range(2):
                message = settled(client, table)
                action = state_of(client, table, token)["view"]["legal_actions"][0]
                client.post(f"/api/tables/{table}/actions",
                            json={"token": token, "action": action,
                                  "version": message["version"]})
            settled(client, table)
    return victim["table"], healthy["table"], tokens_of(healthy)


@pytest.mark.parametrize("kind", sorted(BAD_ROWS))
def test_a_malformed_row_quarantines_its_table_only(sqlite_url: str, kind: str,
                                                    caplog: pytest.LogCaptureFixture):
    victim, healthy, tokens = two_tables_with_moves(sqlite_url)
    engine = create_engine(sqlite_url)
    with engine.begin() as connection:
        if kind == "snapshot_not_json":
            connection.execute(text("UPDATE snapshots SET document = 'not json{' "
                                    "WHERE table_id = :id"), {"id": victim})
        else:
            connection.execute(text(BAD_ROWS[kind]), {"id": victim})
    engine.dispose()
    caplog.set_level(logging.INFO, "squidbox")
    with TestClient(create_app(sqlite_url, web_client=False)) as client:
        assert state_of(client, healthy, tokens[0])["version"] >= 4  # the others resume
        answer = client.get(f"/api/tables/{victim}")
        lobby = {entry["table"]: entry for entry in client.get("/api/tables").json()}
        health = client.get("/healthz").json()
        if kind == "snapshot_not_json":
            assert answer.status_code == 200 and lobby[victim]["status"] == "playing"
            return
        refused(answer, 503, "unavailable")
        refused(client.get(f"/api/tables/{victim}/state"), 503, "unavailable")
        assert lobby[victim]["status"] == "unavailable"
        assert [q["table"] for q in health["quarantined"]] == [victim]
        with client.websocket_connect(f"/ws/tables/{victim}") as ws:
            assert ws.receive_json()["code"] == "unavailable"
    quarantines = [r for r in caplog.records if "quarantined:" in r.getMessage()]
    assert len(quarantines) == 1 and "\n" not in quarantines[0].getMessage()
    assert not any(r.exc_info for r in caplog.records)


# ---- 3. bots and timers retry after a failed write -----------------------------------------------
def fail_writes(monkeypatch: pytest.MonkeyPatch, storage: object, count: int) -> dict[str, int]:
    """The next `count` action writes fail as on a full disk; {"left": …} counts them down."""
    real = storage.add_actions  # type: ignore[attr-defined]
    failures = {"left": count}

    def disk_full_for_a_while(writes: object) -> None:
        if failures["left"] > 0:
            failures["left"] -= 1
            raise OSError("disk full")
        real(writes)

    monkeypatch.setattr(storage, "add_actions", disk_full_for_a_while)
    return failures


def test_bots_play_on_after_a_failed_write_without_any_client(tight: TestClient,
                                                              monkeypatch: pytest.MonkeyPatch,
                                                              caplog: pytest.LogCaptureFixture):
    storage = tight.app.state.manager.storage  # type: ignore[attr-defined]
    failures = fail_writes(monkeypatch, storage, 8)  # batches retried one by one: a few rounds
    created = create_table(tight, GAME, 2, bots={0: "random", 1: "random"}, seed=3)
    table = created["table"]
    wait_for(lambda: state_of(tight, table)["view"]["is_terminal"], timeout=30,
             what="the bot game to finish after the disk came back")
    assert failures["left"] == 0
    failed = [r for r in caplog.records if "not stored" in r.getMessage()]
    assert failed and all(storage.name in r.getMessage() and "disk full" in r.getMessage()
                          and not r.exc_info for r in failed)


def test_a_turn_timer_retries_after_a_failed_write(tight: TestClient,
                                                   monkeypatch: pytest.MonkeyPatch):
    storage = tight.app.state.manager.storage  # type: ignore[attr-defined]
    created = create_table(tight, GAME, 2, turn_seconds=0.1)
    fail_writes(monkeypatch, storage, 4)
    wait_for(lambda: state_of(tight, created["table"])["version"] >= 1, timeout=10,
             what="the timer's move to be stored once the disk is back")


# ---- 4. fan-out without amplification ------------------------------------------------------------
def test_spectators_come_and_go_without_messages_to_players(client: TestClient):
    created = create_table(client, GAME, 2)
    table, tokens = created["table"], tokens_of(created)
    with client.websocket_connect(f"/ws/tables/{table}?token={tokens[0]}") as player:
        drain(player)
        for _ in range(20):
            with client.websocket_connect(f"/ws/tables/{table}") as spectator:
                assert spectator.receive_json()["type"] == "state"
        assert drain(player) == []  # 20 spectators came and went: nothing sent to the player
        with client.websocket_connect(f"/ws/tables/{table}?token={tokens[1]}") as other:
            other.receive_json()
            seats = [m for m in drain(player) if m["type"] == "state"][-1]["table"]["seats"]
            assert seats[1]["connected"] is True  # a seat's status did change: told once
            with client.websocket_connect(f"/ws/tables/{table}?token={tokens[1]}") as again:
                again.receive_json()
                assert drain(player) == []  # the seat was already connected: no news
        seats = [m for m in drain(player) if m["type"] == "state"][-1]["table"]["seats"]
        assert seats[1]["connected"] is False


def test_spectators_are_capped_per_table(tight: TestClient):
    table = create_table(tight, GAME, 2)["table"]
    with tight.websocket_connect(f"/ws/tables/{table}") as one, \
            tight.websocket_connect(f"/ws/tables/{table}") as two:
        one.receive_json()
        two.receive_json()
        with tight.websocket_connect(f"/ws/tables/{table}") as three:
            message = three.receive_json()
            assert message["type"] == "error" and message["code"] in ("full", "rate_limited")


def test_a_connection_whose_socket_no_longer_drains_is_closed(client: TestClient,
                                                              monkeypatch: pytest.MonkeyPatch):
    """A client that stops reading: its socket stops draining (the sender blocks for good),
    its queue fills with 256 answers, and the server closes the connection (code 4408)."""
    from starlette.websockets import WebSocketDisconnect

    import squidbox.server.sockets as sockets

    async def stuck(_websocket: object, _client: object) -> None:
        await asyncio.Event().wait()  # like a send that never completes

    monkeypatch.setattr(sockets, "send_messages", stuck)
    table = create_table(client, GAME, 2)["table"]
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        for _ in range(300):
            ws.send_json({"type": "ping"})
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert closed.value.code == 4408
    assert client.get("/healthz").json()["connections"] == 0


def test_a_client_that_does_not_read_is_disconnected_at_256_unread():
    async def overflow() -> tuple[bool, bool]:
        client = Client(None, "x", 256)
        for n in range(256):
            client.push({"n": n})
        before = client.overflowed.is_set()
        client.push({"n": 256})
        return before, client.overflowed.is_set()
    assert asyncio.run(overflow()) == (False, True)


# ---- 5. fair seeds -------------------------------------------------------------------------------
def test_a_chosen_seed_does_not_fix_the_deal_of_a_table_with_people(client: TestClient,
                                                                    sqlite_url: str):
    first = create_table(client, GAME, 2, seed=42)
    second = create_table(client, GAME, 2, seed=42)
    one, two = replayed(sqlite_url, first["table"]), replayed(sqlite_url, second["table"])
    game = squidbox.get_game(GAME)
    chosen = game.new_game(2, 42, {})
    assert one.seed != 42 and two.seed != 42 and one.seed != two.seed
    assert one.view(0) != chosen.view(0)
    assert state_of(client, first["table"])["table"]["seed"] is None  # hidden while playing


def test_a_finished_table_shows_its_seed_and_bot_tables_keep_theirs(client: TestClient,
                                                                    sqlite_url: str):
    created = create_table(client, GAME, 2, bots={0: "random", 1: "random"}, seed=42)
    table = created["table"]
    wait_for(lambda: state_of(client, table)["view"]["is_terminal"], timeout=30)
    info = client.get(f"/api/tables/{table}").json()
    assert info["seed"] == 42 == replayed(sqlite_url, table).seed


# ---- 6. inputs that answered 500 -----------------------------------------------------------------
def test_a_5001_digit_seed_is_refused(client: TestClient):
    body = f'{{"game": "{GAME}", "seed": {"9" * 5001}}}'
    refused(post(client, "/api/tables", body), 400, "bad_request")
    assert client.get("/api/games").status_code == 200  # the connection is still fine


def test_a_bot_seat_key_that_is_a_unicode_digit_is_refused(client: TestClient):
    refused(client.post("/api/tables", json={"game": GAME, "bots": {"²": "random"}}),
            400, "bad_request")


def test_json_nested_30000_deep_is_refused_over_http_and_websocket(client: TestClient):
    deep = "[" * 30000 + "]" * 30000
    refused(post(client, "/api/tables", deep), 400, "bad_request")
    created = create_table(client, GAME, 2)
    token = tokens_of(created)[0]
    refused(post(client, f"/api/tables/{created['table']}/actions",
                 f'{{"token": "{token}", "action": {deep}}}'), 400, "bad_request")
    with client.websocket_connect(f"/ws/tables/{created['table']}?token={token}") as ws:
        drain(ws)
        ws.send_text(deep)
        assert ws.receive_json()["code"] == "bad_request"
        ws.send_text('{"type": "ping", "x": ' + "{" * 30000 + "}" * 30000 + "}")
        assert ws.receive_json()["code"] == "bad_request"
        assert drain(ws) == []  # still open and answering


def test_query_parameters_answer_the_documented_error_shape(client: TestClient):
    for path in ("/api/tables?limit=abc", "/api/tables?limit=0", "/api/tables?limit=99999",
                 "/api/tables/x/state?token=" + "t" * 500, "/api/tables/" + "x" * 100):
        refused(client.get(path), 400, "bad_request")
    refused(client.get("/no/such/page"), 404, "not_found")
    refused(client.put("/api/tables"), 405, "method_not_allowed")


def test_a_full_disk_answers_table_creation_with_a_json_error(client: TestClient,
                                                              monkeypatch: pytest.MonkeyPatch):
    storage = client.app.state.manager.storage  # type: ignore[attr-defined]

    def full(_record: object) -> None:
        raise OSError("No space left on device")

    monkeypatch.setattr(storage, "create_table", full)
    refused(client.post("/api/tables", json={"game": GAME}), 500, "server_error")
    monkeypatch.undo()
    assert client.post("/api/tables", json={"game": GAME}).status_code == 201


def test_text_plain_posts_are_refused(client: TestClient):
    answer = client.post("/api/tables", content=json.dumps({"game": GAME}),
                         headers={"content-type": "text/plain"})
    assert answer.status_code == 400 and answer.json()["code"] == "bad_request"
    assert client.get("/api/tables").json() == []


# ---- 7. limits and browser hardening -------------------------------------------------------------
def test_table_creation_is_rate_limited_with_retry_after(tight: TestClient):
    for _ in range(3):
        assert tight.post("/api/tables", json={"game": GAME}).status_code == 201
    answer = tight.post("/api/tables", json={"game": GAME})
    refused(answer, 429, "rate_limited")
    assert int(answer.headers["retry-after"]) >= 1


def test_actions_and_messages_are_rate_limited(tight: TestClient):
    created = create_table(tight, GAME, 2)
    table, token = created["table"], tokens_of(created)[0]
    codes = [tight.post(f"/api/tables/{table}/actions",
                        json={"token": token, "action": "nothing"}).json()["code"]
             for _ in range(6)]
    assert codes[:5] == ["illegal_action"] * 5 and codes[5] == "rate_limited"
    with tight.websocket_connect(f"/ws/tables/{table}?token={token}") as ws:
        ws.receive_json()
        ws.send_json({"type": "ping"})
        assert ws.receive_json()["code"] == "rate_limited"


def test_connections_are_rate_limited(tight: TestClient):
    table = create_table(tight, GAME, 2)["table"]
    codes = []
    for _ in range(8):
        with tight.websocket_connect(f"/ws/tables/{table}") as ws:
            codes.append(ws.receive_json()["type"])
    assert codes[:6] == ["state"] * 6 and codes[6:] == ["error", "error"]


def test_tables_per_process_are_capped(sqlite_url: str):
    limits = Limits(max_tables=2)
    with TestClient(create_app(sqlite_url, web_client=False, limits=limits)) as client:
        create_table(client, GAME, 2)
        create_table(client, GAME, 2)
        refused(client.post("/api/tables", json={"game": GAME}), 503, "full")


def test_abandoned_tables_expire(sqlite_url: str):
    limits = Limits(expire_seconds=0.2, sweep_seconds=0.1)
    with TestClient(create_app(sqlite_url, web_client=False, limits=limits)) as client:
        created = create_table(client, GAME, 2, turn_seconds=60)
        abandoned = created["table"]
        robots = create_table(client, GAME, 2, bots={0: "random", 1: "random"})["table"]
        def lobby() -> dict[str, str]:
            return {e["table"]: e["status"] for e in client.get("/api/tables").json()}
        wait_for(lambda: lobby()[abandoned] == "expired", timeout=10)
        wait_for(lambda: lobby()[robots] == "finished", timeout=30)  # bots only: never expire
        assert abandoned not in client.app.state.manager.tables  # type: ignore[attr-defined]
    with TestClient(create_app(sqlite_url, web_client=False)) as client:  # not resumed
        assert abandoned not in client.app.state.manager.tables  # type: ignore[attr-defined]
        message = state_of(client, abandoned)  # it can be watched, not played
        assert message["table"]["status"] == "expired" and message["table"]["deadlines"] == {}
        token = tokens_of(created)[message["view"]["to_move"][0]]
        action = state_of(client, abandoned, token)["view"]["legal_actions"][0]
        refused(client.post(f"/api/tables/{abandoned}/actions",
                            json={"token": token, "action": action}), 503, "unavailable")


def test_origins_are_checked_on_websockets_and_state_changing_requests(sqlite_url: str):
    app = create_app(sqlite_url, web_client=False, allowed_origins=["https://proxy.example"])
    with TestClient(app) as client:
        evil = {"origin": "https://evil.example"}
        refused(client.post("/api/tables", json={"game": GAME}, headers=evil), 403, "bad_origin")
        for origin in ("https://proxy.example", "http://testserver"):
            answer = client.post("/api/tables", json={"game": GAME}, headers={"origin": origin})
            assert answer.status_code == 201
        table = answer.json()["table"]
        with pytest.raises(Exception), client.websocket_connect(  # noqa: B017 (closed at once)
                f"/ws/tables/{table}", headers=evil) as ws:
            ws.receive_json()
        with client.websocket_connect(f"/ws/tables/{table}",
                                      headers={"origin": "http://testserver"}) as ws:
            assert ws.receive_json()["type"] == "state"


def test_every_page_and_answer_has_the_security_headers(sqlite_url: str):
    with TestClient(create_app(sqlite_url)) as client:
        for path in ("/", "/rules/grid_squid", "/t/nope", "/api/games", "/api/tables/nope",
                     "/static/app.css", "/healthz"):
            headers = client.get(path).headers
            assert "frame-ancestors 'none'" in headers["content-security-policy"], path
            assert headers["x-content-type-options"] == "nosniff"
            assert headers["referrer-policy"] == "no-referrer"


# ---- operations ----------------------------------------------------------------------------------
def test_healthz_and_metrics(client: TestClient):
    created = create_table(client, GAME, 2, bots={1: "random"})
    client.post("/api/tables", json={"game": "nope"})
    token = tokens_of(created)[0]
    # the start player is drawn: when it is the bot, wait for its move before playing
    action = wait_for(lambda: state_of(client, created["table"], token)["view"]["legal_actions"],
                      what="seat 0's turn")[0]
    client.post(f"/api/tables/{created['table']}/actions", json={"token": token,
                                                                 "action": action})
    assert client.get("/healthz").json()["status"] == "ok"
    metrics = client.get("/metrics").text
    for name in ("squidbox_tables 1.0", "squidbox_connections 0.0",
                 "squidbox_quarantined_tables 0.0",
                 'squidbox_refusals_total{reason="unknown_game"}',
                 'squidbox_actions_total{by="player"} 1.0', "squidbox_action_seconds_count"):
        assert name in metrics, name


def test_logs_never_contain_a_token(client: TestClient, caplog: pytest.LogCaptureFixture):
    caplog.set_level(logging.DEBUG)
    created = create_table(client, GAME, 2)
    token = tokens_of(created)[0]
    logging.getLogger("uvicorn.access").info('"%s %s"', "GET", f"/t/x?seat=0&token={token}")
    logging.getLogger("squidbox.server").warning(f"odd request with token={token}")
    text_logged = "\n".join(r.getMessage() for r in caplog.records
                            if r.name.startswith(("squidbox", "uvicorn")))
    assert token not in text_logged and "token=<redacted>" in text_logged


# ---- the real server: start-up errors and SIGTERM ------------------------------------------------
def test_a_read_only_database_is_a_one_line_error_before_serving(tmp_path: Path):
    import subprocess
    import sys

    database = tmp_path / "ro.db"
    with TestClient(create_app(f"sqlite:///{database}", web_client=False)):
        pass
    read_only = f"sqlite:///file:{database}?mode=ro&uri=true"
    result = subprocess.run([sys.executable, "-m", "squidbox", "serve", "--port", "1",
                             "--database", read_only], capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 2 and "serving on" not in result.stdout
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and str(database) in lines[0] and "Traceback" not in result.stderr
    assert "readonly" in lines[0]


def test_sigterm_stops_a_server_whose_bots_are_thinking_and_it_restarts_at_once(
        tmp_path: Path):
    from tests.server.conftest import free_port

    database = f"sqlite:///{tmp_path / 'busy.db'}"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with serving(database, port) as process:
        for _ in range(4):
            body = {"game": "squid_game", "players": 3,
                    "bots": {str(s): "ismcts:seconds=5" for s in range(3)}}
            assert httpx.post(f"{base}/api/tables", json=body).status_code == 201
        time.sleep(0.5)
        stop_within(process, 10)
    with serving(database, port) as process:  # resuming never waits for the bots
        assert httpx.get(f"{base}/healthz").json()["tables"] == 4
        stop_within(process, 10)


@contextmanager
def serving(database: str, port: int) -> Iterator[Any]:
    import subprocess
    import sys

    process = subprocess.Popen([sys.executable, "-m", "squidbox", "serve", "--port", str(port),
                                "--database", database],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        started = time.monotonic()
        wait_for(lambda: _answers(f"http://127.0.0.1:{port}"), timeout=30,
                 what="the server to start")
        assert time.monotonic() - started < 20
        yield process
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    output = process.stdout.read().decode() if process.stdout else ""
    assert "Traceback" not in output, output
    assert not re.search(r"token=[A-Za-z0-9_-]{20}", output)


def stop_within(process: Any, seconds: float) -> None:
    import signal

    started = time.monotonic()
    process.send_signal(signal.SIGTERM)
    process.wait(timeout=seconds + 5)
    assert time.monotonic() - started < seconds


def _answers(base: str) -> bool:
    try:
        return httpx.get(f"{base}/healthz", timeout=1).status_code == 200
    except httpx.TransportError:
        return False


def test_the_schema_is_published_with_strict_models(client: TestClient):
    schema = client.get("/openapi.json").json()
    models = schema["components"]["schemas"]
    for name in ("NewTableBody", "ActionBody", "ActionMessage", "PingMessage", "ErrorBody",
                 "ChatMessage", "TakeSeatBody", "SeatBody", "SeatPlayerBody", "StartBody",
                 "HostBody"):
        assert name in models, name
        if name != "ErrorBody":  # an answer, not a request
            assert models[name].get("additionalProperties") is False, name
    assert models["NewTableBody"]["additionalProperties"] is False
    assert models["NewTableBody"]["properties"]["game"]["enum"] == squidbox.game_ids()
    post = schema["paths"]["/api/tables"]["post"]
    assert "422" not in post["responses"] and "400" in post["responses"]
