"""The results and rematch routes against the real server: bad input gets a clear error and
changes nothing; a rematch is made once, with the same seats, and each seat gets its own link."""

from __future__ import annotations

import random
from typing import Any

import httpx
import pytest

from .helpers import create_table


def finished_table(base_url: str) -> dict[str, Any]:
    """A 2-player Grid Squid table (seat 0 a person, seat 1 a bot) played to the end by API."""
    created = create_table(base_url, "grid_squid", players=2, seed=17)
    token = created["seats"][0]["token"]
    rng = random.Random(1)
    url = f"{base_url}/api/tables/{created['table']}"
    for _ in range(200):
        view = httpx.get(f"{url}/state", params={"token": token}, timeout=10).json()["view"]
        if view["is_terminal"]:
            return created
        if 0 in view["to_move"]:
            httpx.post(f"{url}/actions", json={"token": token, "action": rng.choice(
                view["legal_actions"]), "version": None}, timeout=10)
    raise AssertionError("the game did not end")


@pytest.fixture(scope="module")
def finished(base_url: str) -> dict[str, Any]:
    return finished_table(base_url)


@pytest.mark.parametrize("body, code", [
    (b"not json", "bad_request"), (b"{}", "bad_request"), (b'{"token": 5}', "bad_request"),
    (b'{"token": "x", "seed": 3}', "bad_request"), (b'{"token": "' + b"x" * 300 + b'"}',
                                                    "bad_request"),
    (b'{"token": "not a seat token"}', "bad_token"),
])
def test_a_bad_rematch_request_is_refused_and_makes_nothing(
        base_url: str, finished: dict[str, Any], body: bytes, code: str) -> None:
    before = len(httpx.get(f"{base_url}/api/tables", timeout=10).json())
    response = httpx.post(f"{base_url}/api/tables/{finished['table']}/rematch", content=body,
                          headers={"content-type": "application/json"}, timeout=10)
    assert response.json()["code"] == code, response.text
    assert response.status_code in (400, 403)
    assert len(httpx.get(f"{base_url}/api/tables", timeout=10).json()) == before


def test_no_rematch_and_no_results_before_the_end(base_url: str) -> None:
    created = create_table(base_url, "grid_squid", players=2, seed=18)
    table = created["table"]
    response = httpx.post(f"{base_url}/api/tables/{table}/rematch",
                          json={"token": created["seats"][0]["token"]}, timeout=10)
    assert response.status_code == 409 and response.json()["code"] == "illegal_action"
    results = httpx.get(f"{base_url}/api/tables/{table}/results", timeout=10)
    assert results.status_code == 409 and "not over" in results.json()["error"]


def test_a_rematch_is_made_once_and_each_seat_gets_its_own_link(
        base_url: str, finished: dict[str, Any]) -> None:
    table = finished["table"]
    token = finished["seats"][0]["token"]
    assert httpx.get(f"{base_url}/api/tables/{table}/rematch", params={"token": token},
                     timeout=10).status_code == 404
    first = httpx.post(f"{base_url}/api/tables/{table}/rematch", json={"token": token},
                       timeout=10)
    assert first.status_code == 201
    again = httpx.post(f"{base_url}/api/tables/{table}/rematch", json={"token": token},
                       timeout=10).json()
    assert again == first.json()
    new = first.json()
    assert new["url"].startswith(f"/t/{new['table']}?seat=0&token=")
    spectator = httpx.get(f"{base_url}/api/tables/{table}/rematch", timeout=10).json()
    assert spectator["url"] == f"/t/{new['table']}"
    new_token = new["url"].split("token=")[1]
    state = httpx.get(f"{base_url}/api/tables/{new['table']}/state",
                      params={"token": new_token}, timeout=10).json()
    assert state["view"]["seat"] == 0
    assert state["table"]["seats"][1]["bot"] == "random"


def test_results_name_the_winner_and_the_rounds(base_url: str, finished: dict[str, Any]) -> None:
    results = httpx.get(f"{base_url}/api/tables/{finished['table']}/results", timeout=10).json()
    assert results["columns"] == ["round 1", "round 2", "round 3"]
    assert [row["rank"] for row in results["rows"]][0] == 1
    for row in results["rows"]:
        assert row["points"] == sum(row["breakdown"])
