"""Game reviews over the API: made in the bot pool from the positions as the seat saw them,
only for a finished table and only for the seat whose token asks, and stored with the table."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

import squidbox
from squidbox.record import load_record
from squidbox.review import review_record
from squidbox.server import create_app
from squidbox.server.limits import Limits
from squidbox.server.storage import make_engine

from .helpers import create_table, play_human_moves, tokens_of

ITERATIONS = 5


@pytest.fixture
def app_client(sqlite_url: str) -> Iterator[TestClient]:
    limits = Limits(review_iterations=ITERATIONS, bot_processes=1)
    with TestClient(create_app(sqlite_url, web_client=False, limits=limits)) as client:
        yield client


def review(client: TestClient, table: str, token: str | None):
    return client.post(f"/api/tables/{table}/review", json={} if token is None else
                       {"token": token})


def test_a_seat_reviews_its_finished_game_as_the_engine_does(app_client: TestClient,
                                                            sqlite_url: str):
    created = create_table(app_client, "grid_squid", 2, {1: "random"})
    table, token = created["table"], tokens_of(created)[0]
    refused = review(app_client, table, token)
    assert refused.status_code == 409 and "once the game is over" in refused.json()["error"]
    assert play_human_moves(app_client, table, {0: token}, 100)["view"]["is_terminal"]

    assert review(app_client, table, None).json()["code"] == "bad_token"
    assert review(app_client, table, "not-a-token").json()["code"] == "bad_token"
    answer = review(app_client, table, token)
    assert answer.status_code == 200, answer.text
    got = answer.json()
    record = load_record(app_client.get(f"/api/tables/{table}/record").text)
    game = squidbox.get_game("grid_squid")
    # The pool searched resamples of each position as seat 0 saw it: the review equals the
    # engine's on the true positions with the same seed.
    expected = review_record(game, record, 0, ITERATIONS, got["seed"]).to_json()
    assert [{k: v for k, v in d.items() if k not in ("label", "best_label")}
            for d in got["decisions"]] == expected["decisions"]
    assert got["counts"] == expected["counts"] and got["iterations"] == ITERATIONS
    assert got["seat"] == 0 and got["steps"] == len(record.actions)
    assert got["result"] == record.returns[0]
    first = got["decisions"][0]
    before = game.replay(2, record.seed, record.options, record.actions[:first["step"]])
    assert first["label"] == game.action_label(before.view(0), first["action"])
    assert first["best_label"] == game.action_label(before.view(0), first["best"])

    assert review(app_client, table, token).json() == got  # asked again: the stored one
    engine = make_engine(sqlite_url)  # with SQLite's foreign keys on
    with engine.begin() as connection:
        rows = connection.execute(sa.text("SELECT table_id, seat FROM reviews")).all()
        assert rows == [(table, 0)]
    engine.dispose()


def test_a_stored_review_is_answered_and_a_malformed_one_made_again(app_client: TestClient,
                                                                    sqlite_url: str):
    """What is stored is what is answered (a changed row changes the answer); a malformed row
    is made again; a table's reviews go with it."""
    created = create_table(app_client, "grid_squid", 2, {1: "random"})
    table, token = created["table"], tokens_of(created)[0]
    play_human_moves(app_client, table, {0: token}, 100)
    got = review(app_client, table, token).json()
    engine = make_engine(sqlite_url)  # with SQLite's foreign keys on
    stored = got["decisions"][0] | {"chance": 0.0, "best_chance": 1.0}
    document = {k: got[k] for k in ("game", "seat", "iterations", "seed")} | {
        "decisions": [{k: stored[k] for k in ("step", "action", "chance", "best",
                                              "best_chance", "choices")}]}
    with engine.begin() as connection:
        connection.execute(sa.text("UPDATE reviews SET document = :doc"),
                           {"doc": json.dumps(document)})
    changed = review(app_client, table, token).json()
    assert len(changed["decisions"]) == 1 and changed["decisions"][0]["verdict"] == "blunder"
    with engine.begin() as connection:
        connection.execute(sa.text("UPDATE reviews SET document = :doc"),
                           {"doc": json.dumps(document | {"seat": "zero"})})
    assert review(app_client, table, token).json() == got  # made again, and stored again
    with engine.begin() as connection:
        assert connection.execute(sa.text("SELECT count(*) FROM reviews")).scalar() == 1
        connection.execute(sa.text("DELETE FROM tables"))
        assert connection.execute(sa.text("SELECT count(*) FROM reviews")).scalar() == 0
    engine.dispose()


def test_a_review_past_its_budget_is_refused_and_not_stored(app_client: TestClient,
                                                            sqlite_url: str):
    """10,000 iterations per decision take seconds; the review stops at its half second."""
    created = create_table(app_client, "grid_squid", 2)
    table, tokens = created["table"], tokens_of(created)
    play_human_moves(app_client, table, tokens, 100)
    assert review(app_client, table, tokens[0]).status_code == 200  # the pool's worker is up
    manager = app_client.app.state.manager
    manager.limits = replace(manager.limits, review_iterations=10_000, review_seconds=0.5)
    answer = review(app_client, table, tokens[1])
    assert answer.status_code == 503 and "budget of 0.5 s" in answer.json()["error"]
    engine = make_engine(sqlite_url)
    with engine.begin() as connection:
        assert connection.execute(sa.text("SELECT seat FROM reviews")).scalars().all() == [0]
    engine.dispose()
