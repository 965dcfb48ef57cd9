"""The table chat without a browser: text kept as text, long lines refused, the per-connection
rate limit, seat and spectator names, hostile messages."""

from __future__ import annotations

import json
import random

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from squidbox.server import create_app
from squidbox.server.limits import Limits, Rate
from tests.server.helpers import create_table, tokens_of

GAME = "grid_squid"


def chat_url(table: str, token: str | None = None) -> str:
    return f"/ws/chat/{table}" + (f"?token={token}" if token else "")


def test_chat_keeps_text_as_text_and_refuses_what_it_cannot_take(client: TestClient):
    created = create_table(client, GAME, 2)
    table, tokens = created["table"], tokens_of(created)
    script = '<script>alert("x")</script> & <b>bold</b>'
    with client.websocket_connect(chat_url(table, tokens[0])) as seat, \
            client.websocket_connect(chat_url(table)) as spectator:
        assert seat.receive_json() == {"type": "chat", "history": True, "entries": []}
        spectator.receive_json()
        seat.send_json({"type": "chat", "text": script})
        line = seat.receive_json()["entries"][0]
        assert line["text"] == script and line["seat"] == 0 and line["index"] == 0
        assert line["name"] == client.get(f"/api/tables/{table}").json()["seats"][0]["name"]
        assert spectator.receive_json()["entries"] == [line]  # everyone gets it at once
        spectator.send_json({"type": "chat", "text": "hi", "name": "Zoë"})
        assert seat.receive_json()["entries"][0]["name"] == "Zoë"
        spectator.send_json({"type": "chat", "text": "anonymous"})
        assert spectator.receive_json()["entries"][0]["name"] == "Zoë"
        assert spectator.receive_json()["entries"][0]["name"] == "Spectator"
        for bad in ({"type": "chat", "text": "x" * 10_000}, {"type": "chat", "text": "   "},
                    {"type": "chat", "text": 5}, {"type": "chat", "text": "a", "extra": 1},
                    {"type": "chat", "text": "a", "name": "\u0007bell"}):
            spectator.send_json(bad)
            answer = spectator.receive_json()
            assert answer["type"] == "error" and answer["code"] == "bad_request", bad
        assert seat.receive_json()["entries"][0]["text"] == "anonymous"
        seat.send_json({"type": "chat", "text": "x" * 10_000})
        refusal = seat.receive_json()
        assert refusal["code"] == "bad_request" and "at most 500 characters" in refusal["error"]
        seat.send_json({"type": "chat", "text": "hi", "name": "Not me"})  # a seat's name is fixed
        assert seat.receive_json()["code"] == "bad_request"
    history = client.get(f"/api/tables/{table}/chat").json()["entries"]
    assert [entry["text"] for entry in history] == [script, "hi", "anonymous"]  # nothing else


def test_an_unknown_table_or_wrong_token_gets_no_chat(client: TestClient):
    created = create_table(client, GAME, 2)
    for url, code in ((chat_url("nosuchtable"), 4404), (chat_url(created["table"], "bad"), 4403)):
        with client.websocket_connect(url) as ws:
            assert ws.receive_json()["type"] == "error"
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == code
    assert client.get("/api/tables/nosuchtable/chat").json()["code"] == "unknown_table"


def test_chat_is_rate_limited_per_connection(sqlite_url: str):
    limits = Limits(chat_rate=Rate(3, 0.01))
    with TestClient(create_app(sqlite_url, web_client=False, limits=limits)) as client:
        table = create_table(client, GAME, 2)["table"]
        with client.websocket_connect(chat_url(table)) as fast, \
                client.websocket_connect(chat_url(table)) as other:
            fast.receive_json()
            other.receive_json()
            for number in range(3):
                fast.send_json({"type": "chat", "text": f"line {number}"})
                assert fast.receive_json()["type"] == "chat"
                assert other.receive_json()["type"] == "chat"
            fast.send_json({"type": "chat", "text": "one too many"})
            refusal = fast.receive_json()
            assert refusal["code"] == "rate_limited" and "too fast" in refusal["error"]
            other.send_json({"type": "chat", "text": "my own allowance"})  # another connection
            assert other.receive_json()["entries"][0]["text"] == "my own allowance"
        texts = [e["text"] for e in client.get(f"/api/tables/{table}/chat").json()["entries"]]
        assert texts == ["line 0", "line 1", "line 2", "my own allowance"]


def hostile_chat(rng: random.Random) -> list[str | bytes]:
    nested = rng.choice([40, 1000])
    return [
        "{not json", "null", json.dumps([1, 2]), json.dumps({"type": "dance"}),
        json.dumps({"type": "chat"}), json.dumps({"type": "chat", "text": None}),
        json.dumps({"type": "chat", "text": ["a"]}), json.dumps({"type": "chat", "text": "\n\t "}),
        json.dumps({"type": "chat", "text": "x" * rng.choice([501, 10_000, 70_000])}),
        json.dumps({"type": "chat", "text": "a", "name": "x" * 25}),
        json.dumps({"type": "chat", "text": "a", "name": ""}),
        json.dumps({"type": "chat", "text": "a", "seat": 0}),
        json.dumps({"type": "action", "action": "x"}),
        "[" * nested + "]" * nested,
        bytes(rng.randrange(256) for _ in range(64)),
    ]


def test_hostile_chat_messages_are_refused_one_by_one_and_store_nothing(sqlite_url: str):
    rng = random.Random(13)
    limits = Limits(chat_rate=Rate(1000, 1000.0))
    with TestClient(create_app(sqlite_url, web_client=False, limits=limits)) as client:
        table = create_table(client, GAME, 2)["table"]
        accepted = []
        with client.websocket_connect(chat_url(table)) as ws:
            ws.receive_json()
            for step in range(60):
                if rng.random() < 0.3:
                    text = f"line {step} <b>&amp;</b> ∑ 🦑"
                    ws.send_json({"type": "chat", "text": text})
                    assert ws.receive_json()["entries"][0]["text"] == text
                    accepted.append(text)
                    continue
                message = rng.choice(hostile_chat(rng))
                if isinstance(message, bytes):
                    ws.send_bytes(message)
                else:
                    ws.send_text(message)
                answer = ws.receive_json()
                assert answer["type"] == "error" and answer["error"], message
                assert answer["code"] in ("bad_request", "too_large"), answer
            ws.send_json({"type": "ping"})
            assert ws.receive_json() == {"type": "pong"}  # still open and usable
        stored = client.get(f"/api/tables/{table}/chat").json()["entries"]
        assert [entry["text"] for entry in stored] == accepted
        assert [entry["index"] for entry in stored] == list(range(len(accepted)))
