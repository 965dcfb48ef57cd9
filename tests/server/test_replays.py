"""Replays and game records of finished tables, and tables stored under other
rules versions: a server with newer rules replays them or shows them as
finished under older rules, never skips them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

import squidbox
from squidbox.record import load_record, replay_record, rules_version
from squidbox.server import create_app
from squidbox.server.storage import Storage

from .helpers import create_table, settled, table_record

BOTS = {0: "random", 1: "random"}


def finished_table(client: TestClient, game: str = "grid_squid", seed: int = 4) -> str:
    table = create_table(client, game, 2, BOTS, seed=seed)["table"]
    assert settled(client, table)["view"]["is_terminal"]
    return table


def test_record_and_replay_of_a_finished_table_match_the_engine(client: TestClient):
    table = finished_table(client)
    answer = client.get(f"/api/tables/{table}/record")
    assert answer.status_code == 200, answer.text
    assert "attachment" in answer.headers["content-disposition"]
    record = load_record(answer.text)
    assert record.game == "grid_squid" and record.rules_version == rules_version("grid_squid")
    assert record.data is None and record.data_version.startswith("sha256:")
    game = squidbox.get_game("grid_squid")
    final = game.replay(2, record.seed, record.options, record.actions)
    assert final.is_terminal() and record.returns == final.returns()
    assert replay_record(record).steps == len(record.actions)

    summary = client.get(f"/api/tables/{table}/replay").json()
    assert summary["steps"] == len(record.actions) and summary["outdated"] is None
    for step in (0, 1, len(record.actions) // 2, len(record.actions)):
        for seat in (None, 0, 1):
            params = {} if seat is None else {"seat": seat}
            got = client.get(f"/api/tables/{table}/replay/{step}", params=params).json()
            expected = game.replay(2, record.seed, record.options, record.actions[:step])
            assert got["view"] == expected.view(seat)
            assert got["log"] == expected.log(seat)
    beyond = client.get(f"/api/tables/{table}/replay/{len(record.actions) + 1}")
    assert beyond.status_code == 404 and "steps 0 to" in beyond.json()["error"]
    assert client.get(f"/api/tables/{table}/replay/0", params={"seat": 2}).status_code == 400


@pytest.mark.parametrize("game_id", squidbox.game_ids())
def test_every_step_of_every_game_matches_the_engine_from_two_seats_and_the_spectator(
        client: TestClient, game_id: str):
    """The replay answers every step as `game.replay` would (the browser test samples steps)."""
    game = squidbox.get_game(game_id)
    players = game.min_players
    created = create_table(client, game_id, players, {s: "random" for s in range(players)}, seed=7)
    table = created["table"]
    assert settled(client, table)["view"]["is_terminal"]
    record = load_record(client.get(f"/api/tables/{table}/record").text)
    for step in range(len(record.actions) + 1):
        expected = game.replay(players, record.seed, record.options, record.actions[:step])
        for seat in (None, 0, 1):
            params = {} if seat is None else {"seat": seat}
            got = client.get(f"/api/tables/{table}/replay/{step}", params=params).json()
            assert got["view"] == expected.view(seat), (game_id, step, seat)
            assert got["log"] == expected.log(seat), (game_id, step, seat)


def test_an_unfinished_table_has_no_replay_nor_record(client: TestClient):
    table = create_table(client, "grid_squid", 2, {1: "random"})["table"]
    for url in (f"/api/tables/{table}/record", f"/api/tables/{table}/replay",
                f"/api/tables/{table}/replay/0"):
        answer = client.get(url)
        assert answer.status_code == 409
        assert "not finished" in answer.json()["error"]
        assert "hidden cards" in answer.json()["error"]


def test_a_variant_table_records_its_data(client: TestClient):
    table = create_table(client, "grid_squid", 2, BOTS, seed=3,
                         variant=["squid.bonus=5"])["table"]
    assert settled(client, table)["view"]["is_terminal"]
    record = load_record(client.get(f"/api/tables/{table}/record").text)
    assert record.data is not None and record.data.edits == ["squid.bonus=5"]
    assert "variant" not in record.options
    replay = replay_record(record)  # on the record's own data, not the shipped file
    assert replay.steps == len(record.actions) and replay.notes == []


# ---- tables stored under other rules versions ------------------------------------------------
def set_stored_rules(storage: Storage, table: str, version: int) -> None:
    with storage.engine.begin() as connection:
        connection.execute(sa.text("UPDATE table_versions SET rules_version = :v "
                                   "WHERE table_id = :t"), {"v": version, "t": table})


def break_action(storage: Storage, table: str, index: int, action: str) -> None:
    """What a rule change does to a stored game: one of its actions is no longer legal."""
    with storage.engine.begin() as connection:
        connection.execute(sa.text('UPDATE actions SET action = :a WHERE table_id = :t '
                                   'AND "index" = :i'), {"a": action, "t": table, "i": index})
        connection.execute(sa.text("DELETE FROM snapshots WHERE table_id = :t"), {"t": table})


def test_a_table_from_older_rules_that_no_longer_replays_is_finished_under_older_rules(
        sqlite_url: str, tmp_path: Path):
    with TestClient(create_app(sqlite_url, web_client=False)) as client:
        table = finished_table(client)
        stored_actions = load_record(client.get(f"/api/tables/{table}/record").text).actions
    storage = Storage(sqlite_url)
    here = rules_version("grid_squid")
    set_stored_rules(storage, table, here + 1)  # started under other rules than this server's
    break_action(storage, table, 5, "place Z9")
    storage.dispose()
    with TestClient(create_app(sqlite_url, web_client=False)) as client:
        info = client.get(f"/api/tables/{table}").json()
        assert info["status"] == "outdated"
        lobby = client.get("/api/tables", params={"status": "outdated"}).json()
        assert [entry["table"] for entry in lobby] == [table]
        summary = client.get(f"/api/tables/{table}/replay").json()
        assert summary["steps"] == 5  # the actions before the one that no longer replays
        assert f"rules version {here + 1}" in summary["outdated"]
        assert "action 6 of" in summary["outdated"] and "place Z9" in summary["outdated"]
        record = load_record(client.get(f"/api/tables/{table}/record").text)
        assert len(record.actions) == len(stored_actions)  # every stored action, kept
        assert record.rules_version == here + 1
        step = client.get(f"/api/tables/{table}/replay/5").json()
        assert step["step"] == 5
    try:
        replay_record(record)
    except squidbox.SquidboxError as e:
        text = str(e)
    else:
        raise AssertionError("a record whose action became illegal replayed")
    assert "action 6 of" in text and f"rules version {here + 1}" in text
    assert f"this squidbox has rules version {here}" in text


def test_a_table_from_older_rules_whose_actions_still_replay_goes_on(sqlite_url: str):
    with TestClient(create_app(sqlite_url, web_client=False)) as client:
        table = finished_table(client)
    storage = Storage(sqlite_url)
    set_stored_rules(storage, table, rules_version("grid_squid") + 1)
    storage.dispose()
    with TestClient(create_app(sqlite_url, web_client=False)) as client:
        assert client.get(f"/api/tables/{table}").json()["status"] == "finished"
        summary = client.get(f"/api/tables/{table}/replay").json()
        assert summary["outdated"] is None and summary["steps"] == summary["actions"]
        assert "rules version" in summary["notes"][0]


def test_a_damaged_table_of_the_same_rules_is_still_quarantined(sqlite_url: str):
    with TestClient(create_app(sqlite_url, web_client=False)) as client:
        table = finished_table(client)
    storage = Storage(sqlite_url)
    break_action(storage, table, 5, "place Z9")
    storage.dispose()
    with TestClient(create_app(sqlite_url, web_client=False)) as client:
        answer = client.get(f"/api/tables/{table}")
        assert answer.status_code == 503 and "damaged" in answer.json()["error"]


def test_new_tables_record_the_versions_they_start_under(sqlite_url: str):
    with TestClient(create_app(sqlite_url, web_client=False)) as client:
        table = create_table(client, "squid_circle", 3, {1: "random", 2: "random"})["table"]
    storage = Storage(sqlite_url)
    with storage.engine.connect() as connection:
        row = connection.execute(sa.text("SELECT rules_version, data_version FROM "
                                         "table_versions WHERE table_id = :t"),
                                 {"t": table}).one()
    storage.dispose()
    assert row[0] == rules_version("squid_circle") and row[1].startswith("sha256:")
    assert json.dumps(row[1])


def test_migration_0006_gives_the_tables_stored_before_rules_version_1(sqlite_url: str):
    from alembic import command

    from squidbox.server.storage import _row_fields, alembic_config
    from squidbox.server.versions import stored_versions

    storage = Storage(sqlite_url)
    try:
        command.upgrade(alembic_config(storage.engine), "0005")  # before this change
        old = table_record("old", "grid_squid", bots={0: "random", 1: "random"},
                           status="finished")
        with storage.engine.begin() as connection:
            connection.execute(sa.text("INSERT INTO tables (id, game, players, options, seed, "
                                       "bots, token_hashes, leave_bot, status, created, "
                                       "engine_format) VALUES (:id, :game, :players, '{}', "
                                       ":seed, '{}', '[null, null]', :leave_bot, :status, "
                                       ":created, 2)"),
                               {k: v for k, v in _row_fields(old).items()
                                if k in ("id", "game", "players", "seed", "leave_bot",
                                         "status", "created")})
        storage.upgrade()
        versions = stored_versions(storage, "old")
        assert (versions.rules, versions.data) == (1, None)
        storage.set_status("old", "outdated")
        command.downgrade(alembic_config(storage.engine), "0005")
        with storage.engine.connect() as connection:
            status = connection.execute(sa.text("SELECT status FROM tables")).scalar_one()
            names = sa.inspect(connection).get_table_names()
        assert status == "ended" and "table_versions" not in names
    finally:
        storage.dispose()
