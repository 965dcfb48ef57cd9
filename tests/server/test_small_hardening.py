"""Smaller hardening points found by a hostile client: a ping flood is closed with 4408, the
Origin check takes the scheme and only the server's own host names (DNS rebinding), a
percent-encoded `token` never reaches a log, a 405 (OPTIONS too) names every method of its
path, the schema's integers and the validation agree, and a reconnect to a dead owner's
survivor is refused with `unavailable` (4503) at once."""

from __future__ import annotations

import base64
import json
import logging
import os
import socket
import struct
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from websockets.exceptions import ConnectionClosed

from squidbox.server import create_app
from squidbox.server.guard import RedactTokens, redact
from squidbox.server.limits import UNLIMITED_RATES
from tests.server.conftest import PostgresServer, RedisServer
from tests.server.helpers import create_table, state_of, tokens_of
from tests.server.live import live_server
from tests.server.test_cluster import create, nodes, receive

GAME = "grid_squid"


# ---- a ping flood ----------------------------------------------------------------------------
def masked_text(payload: bytes) -> bytes:
    """One client text frame (masked, as a client must send it)."""
    mask = os.urandom(4)
    size = bytes([0x80 | len(payload)]) if len(payload) < 126 else \
        bytes([0x80 | 126]) + struct.pack("!H", len(payload))
    return b"\x81" + size + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def close_code(data: bytes) -> int | None:
    """The code of the close frame among the server's frames `data`."""
    at = 0
    while at + 2 <= len(data):
        opcode, size, at = data[at] & 0x0F, data[at + 1] & 0x7F, at + 2
        if size == 126:
            size, at = struct.unpack("!H", data[at:at + 2])[0], at + 2
        elif size == 127:
            size, at = struct.unpack("!Q", data[at:at + 8])[0], at + 8
        if opcode == 8:
            return int(struct.unpack("!H", data[at:at + 2])[0])
        at += size
    return None


def flood_with_pings(port: int, path: str, pings: int = 20000) -> int | None:
    """Connect with a tiny receive buffer, send `pings` without reading a byte, then read
    what the server sent: the close code it ended with."""
    with socket.socket() as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.connect(("127.0.0.1", port))
        key = base64.b64encode(os.urandom(16)).decode()
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                     f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                     "Sec-WebSocket-Version: 13\r\n\r\n".encode())
        head = b""
        while b"\r\n\r\n" not in head:
            head += sock.recv(1)
        assert b" 101 " in head.split(b"\r\n")[0], head
        sock.settimeout(0.5)
        ping = masked_text(b'{"type":"ping"}')
        try:
            for _ in range(pings):
                sock.sendall(ping)
        except OSError:  # the server stopped reading: it is closing the connection
            pass
        time.sleep(1)
        data = b""
        sock.settimeout(5)
        try:
            while chunk := sock.recv(65536):
                data += chunk
        except OSError:
            pass
    return close_code(data)


def test_a_ping_flood_is_closed_with_4408_on_the_table_and_the_chat_socket(sqlite_url: str):
    with live_server(sqlite_url, UNLIMITED_RATES) as live:
        table = httpx.post(f"{live.url}/api/tables", json={"game": GAME}).json()["table"]
        port = int(live.url.rsplit(":", 1)[1])
        for path in (f"/ws/tables/{table}", f"/ws/chat/{table}"):
            assert flood_with_pings(port, path) == 4408, path
        assert not live.problems()


# ---- origins and hosts -----------------------------------------------------------------------
@pytest.fixture
def guarded(sqlite_url: str) -> TestClient:
    app = create_app(sqlite_url, web_client=False, allowed_origins=["https://games.example"])
    with TestClient(app) as client:
        yield client


def post_from(client: TestClient, origin: str, host: str | None = None) -> httpx.Response:
    headers = {"origin": origin, **({"host": host} if host else {})}
    return client.post("/api/tables", json={"game": GAME}, headers=headers)


def test_the_origin_must_have_the_servers_scheme(guarded: TestClient):
    assert post_from(guarded, "http://testserver").status_code == 201
    answer = post_from(guarded, "https://testserver")  # the server answers http here
    assert answer.status_code == 403 and answer.json()["code"] == "bad_origin"


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8000", "127.0.0.1.evil.example"])
def test_a_host_that_is_not_the_servers_is_refused_even_with_a_matching_origin(
        guarded: TestClient, host: str):
    answer = post_from(guarded, f"http://{host}", host)  # a name re-pointed at this server
    assert answer.status_code == 403 and answer.json()["code"] == "bad_origin"
    table = create_table(guarded, GAME, 2)["table"]
    with pytest.raises(WebSocketDisconnect) as closed, guarded.websocket_connect(
            f"/ws/tables/{table}", headers={"origin": f"http://{host}", "host": host}) as ws:
        ws.receive_json()
    assert closed.value.code == 4403


@pytest.mark.parametrize("host", ["localhost:8000", "127.0.0.1:8000", "[::1]:8000",
                                  "games.example", "testserver"])
def test_the_servers_own_names_are_accepted(guarded: TestClient, host: str):
    assert post_from(guarded, f"http://{host}", host).status_code == 201
    table = create_table(guarded, GAME, 2)["table"]
    with guarded.websocket_connect(f"/ws/tables/{table}",
                                   headers={"origin": f"http://{host}", "host": host}) as ws:
        assert ws.receive_json()["type"] == "state"


def test_the_allowed_origins_may_come_from_the_environment(monkeypatch: pytest.MonkeyPatch):
    from squidbox.cli import build_parser

    monkeypatch.setenv("SQUIDBOX_ALLOWED_ORIGINS", "https://games.example http://box.lan:8000")
    args = build_parser().parse_args(["serve", "--allowed-origin", "https://other.example"])
    assert args.allowed_origin == ["https://games.example", "http://box.lan:8000",
                                   "https://other.example"]
    monkeypatch.delenv("SQUIDBOX_ALLOWED_ORIGINS")
    assert build_parser().parse_args(["serve"]).allowed_origin == []


# ---- tokens in logs --------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["token", "tok%65n", "%74%6F%6B%65%6E", "TOKEN", "host_t%6Fken"])
def test_a_token_is_redacted_however_its_name_is_encoded(name: str):
    line = f'127.0.0.1:5 - "GET /api/tables/abc/state?{name}=s3cret&x=1 HTTP/1.1" 200'
    assert "s3cret" not in redact(line)
    record = logging.LogRecord("uvicorn.access", logging.DEBUG, __file__, 1,
                               '%s - "%s %s HTTP/%s" %d',
                               ("127.0.0.1:5", "GET", f"/api/tables/abc/state?{name}=s3cret",
                                "1.1", 200), None)
    RedactTokens().filter(record)
    assert "s3cret" not in record.getMessage() and "<redacted>" in record.getMessage()


def test_an_encoded_token_parameter_opens_its_seat_like_the_plain_one(client: TestClient):
    created = create_table(client, GAME, 2)
    token = tokens_of(created)[1]
    answer = client.get(f"/api/tables/{created['table']}/state?tok%65n={token}")
    assert answer.json()["view"]["seat"] == 1  # the URL's own meaning: it is redacted instead


# ---- OPTIONS and 405 ------------------------------------------------------------------------
def test_options_and_every_405_name_every_method_of_the_path(client: TestClient):
    for path, allowed in (("/api/tables", "GET, POST"), ("/api/tables/abc/actions", "POST"),
                          ("/api/tables/abc", "GET"), ("/healthz", "GET")):
        for method in ("OPTIONS", "PUT", "DELETE"):
            answer = client.request(method, path)
            assert answer.status_code == 405 and answer.headers["allow"] == allowed, (method, path)
            assert answer.json()["code"] == "method_not_allowed"
    assert client.options("/no/such/path").status_code == 404


# ---- the schema's integers -------------------------------------------------------------------
def integer_bounds(node: Any, found: dict[str, Any], path: str = "") -> dict[str, Any]:
    """Every integer's bounds in the schema, by where they are."""
    if isinstance(node, dict):
        if node.get("type") == "integer":
            found[path] = {key: node[key] for key in ("minimum", "maximum") if key in node}
        for key, value in node.items():
            integer_bounds(value, found, f"{path}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            integer_bounds(value, found, f"{path}[{index}]")
    return found


def test_the_schemas_integer_bounds_are_exact_integers(client: TestClient):
    bounds = integer_bounds(client.get("/openapi.json").json(), {})
    seed = bounds["/components/schemas/NewTableBody/properties/seed/anyOf[0]"]
    assert seed == {"minimum": 0, "maximum": 2**63 - 1}
    assert all(type(value) is int for limits in bounds.values() for value in limits.values())
    assert client.post("/api/tables", json={"game": GAME, "seed": 2**63 - 1}).status_code == 201
    assert client.post("/api/tables", json={"game": GAME, "seed": 2**63}).status_code == 400


def test_a_whole_number_written_with_a_fraction_is_an_integer(client: TestClient):
    answer = client.post("/api/tables", json={"game": GAME, "players": 2.0, "open_seats": [1.0]})
    assert answer.status_code == 201 and answer.json()["seats"][1]["open"], answer.text
    created = client.post("/api/tables", json={"game": GAME, "players": 2.0, "seed": 17.0})
    assert created.status_code == 201, created.text
    table, tokens = created.json()["table"], tokens_of(created.json())
    seat = state_of(client, table)["view"]["to_move"][0]
    message = state_of(client, table, tokens[seat])
    answer = client.post(f"/api/tables/{table}/actions",
                         json={"token": tokens[seat], "action": message["view"]["legal_actions"][0],
                               "version": float(message["version"])})
    assert answer.status_code == 200, answer.text
    for players in (2.5, "2", True, float("1e300")):
        answer = client.post("/api/tables", json={"game": GAME, "players": players})
        assert answer.status_code == 400 and answer.json()["code"] == "bad_request", players


# ---- a reconnect to a dead owner's survivor --------------------------------------------------
def test_a_reconnect_to_a_survivor_of_a_dead_owner_is_refused_with_4503_at_once(
        postgres: PostgresServer, redis_server: RedisServer, tmp_path: Path) -> None:
    database = postgres.new_database()
    with nodes(2, database, tmp_path, "--bus", redis_server.url) as (owner, survivor):
        table = create(owner.http())["table"]
        owner.kill()  # its lease still names it for a few seconds
        started = time.monotonic()
        with survivor.socket(f"/ws/tables/{table}") as ws:
            message = receive(ws, timeout=10)
            with pytest.raises(ConnectionClosed) as closed:
                receive(ws, timeout=10)
        took = time.monotonic() - started
        assert message["type"] == "error" and message["code"] == "unavailable", message
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4503
        assert took < 3, f"refused after {took:.1f} s"
        print(json.dumps({"refused_after_seconds": round(took, 2)}))

