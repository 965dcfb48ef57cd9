"""Variant tables: a table created with data edits plays on them, says it is a
variant, and a new server on the same database replays it on the same data."""

from __future__ import annotations

import time
from pathlib import Path

from fastapi.testclient import TestClient

from squidbox.server import create_app

ONE_ROUND = ["rounds=1"]  # Grid Squid: 5 cards each, so 10 decisions for 2 players


def finished_state(client: TestClient, table: str) -> dict:
    deadline = time.monotonic() + 20
    while True:
        message = client.get(f"/api/tables/{table}/state").json()
        if message["view"]["is_terminal"] or time.monotonic() > deadline:
            return message
        time.sleep(0.02)


def create(client: TestClient, **extra) -> dict:
    body = {"game": "grid_squid", "players": 2, "seed": 5,
            "bots": {"0": "random", "1": "random"}, **extra}
    return client.post("/api/tables", json=body)


def test_a_variant_table_plays_on_its_data_and_replays_on_it_after_a_restart(tmp_path: Path):
    url = f"sqlite:///{tmp_path / 'squidbox.db'}"
    with TestClient(create_app(url, web_client=False)) as client:
        variant = create(client, variant=ONE_ROUND)
        assert variant.status_code == 201, variant.text
        table = variant.json()["table"]
        shipped = create(client).json()["table"]
        message = finished_state(client, table)
        assert message["view"]["is_terminal"]
        assert message["version"] == 10  # one round, not the shipped three (30 decisions)
        assert message["table"]["variant"] == "rounds=1"
        assert message["table"]["options"]["variant"] == ONE_ROUND
        assert finished_state(client, shipped)["version"] == 30
        assert client.get(f"/api/tables/{shipped}").json()["variant"] is None
        lobby = {row["table"]: row for row in client.get("/api/tables").json()}
        assert lobby[table]["variant"] == "rounds=1" and "variant" not in lobby[shipped]
        before = client.get(f"/api/tables/{table}/state").json()
    with TestClient(create_app(url, web_client=False)) as client:
        after = client.get(f"/api/tables/{table}/state").json()
    assert after["view"] == before["view"] and after["log"] == before["log"]
    assert after["table"]["variant"] == "rounds=1"


def test_bad_variant_edits_are_refused_with_the_key_and_what_is_allowed(tmp_path: Path):
    url = f"sqlite:///{tmp_path / 'squidbox.db'}"
    with TestClient(create_app(url, web_client=False)) as client:
        cases = [
            (["roundz=1"], ["data.toml", "roundz", "rounds"]),  # names the keys there
            (["rounds=many"], ["data.toml", "rounds", "an integer"]),
            (["rounds=0"], ["data.toml", "rounds", "at least 1"]),  # the game's own check
            ("rounds=1", ["variant", "valid list"]),  # the body model refuses it
        ]
        for edits, words in cases:
            answer = create(client, variant=edits)
            assert answer.status_code == 400, answer.text
            assert all(word in answer.text for word in words), answer.text
        assert client.get("/api/tables").json() == []  # nothing was created
