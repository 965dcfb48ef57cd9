"""Persistence against SQLite and a real PostgreSQL: the schema by Alembic, tables stored as seed
+ options + actions (+ snapshots), tokens stored hashed, and a new server on the same database
resuming every table exactly."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import inspect, select
from sqlalchemy.orm import Session

import squidbox
from squidbox import cli
from squidbox.server import create_app
from squidbox.server.persistence import rebuild
from squidbox.server.storage import Storage, TableRecord, TableRow, hash_token
from tests.server.helpers import (
    create_table,
    play_human_moves,
    replayed,
    settled,
    state_of,
    table_record,
    tokens_of,
)

GAME = squidbox.game_ids()[0]


def record(table_id: str, seed: int = 3) -> TableRecord:
    return table_record(table_id, GAME, seed=seed, bots={1: "random"},
                        token_hashes=[hash_token("secret"), None])


def test_upgrade_creates_the_schema_and_is_repeatable(database_url: str):
    storage = Storage(database_url)
    try:
        storage.upgrade()
        storage.upgrade()
        names = set(inspect(storage.engine).get_table_names())
    finally:
        storage.dispose()
    assert {"tables", "actions", "snapshots", "alembic_version"} <= names


def test_db_upgrade_command(database_url: str, capsys: pytest.CaptureFixture[str]):
    assert cli.main(["db", "upgrade", "--database", database_url]) == 0
    assert "newest schema" in capsys.readouterr().out
    storage = Storage(database_url)
    try:
        assert "tables" in inspect(storage.engine).get_table_names()
    finally:
        storage.dispose()


def test_storage_round_trip_with_actions_and_the_latest_snapshot(database_url: str):
    storage = Storage(database_url)
    try:
        storage.upgrade()
        storage.create_table(record("t1"))
        game = squidbox.get_game(GAME)
        state = game.new_game(2, 3)
        for index in range(4):
            seat = state.to_move()[0]
            action = state.legal_actions(seat)[-1]
            state.apply(seat, action)
            storage.add_action("t1", index, seat, action, finished=False)
            if index in (1, 3):
                storage.save_snapshot("t1", index + 1, state.to_json())
        stored = storage.load("t1")
        assert storage.unfinished_ids() == ["t1"]
        assert storage.load("nope") is None
    finally:
        storage.dispose()
    assert stored is not None
    assert stored.record.bots == {1: "random"} and stored.record.seed == 3
    assert stored.record.token_hashes == [hash_token("secret"), None]
    assert stored.actions == state.history
    assert stored.snapshot is not None and stored.snapshot[0] == 4
    assert rebuild(game, stored).to_json() == state.to_json()


def test_a_large_seed_and_finishing_are_stored(database_url: str):
    storage = Storage(database_url)
    try:
        storage.upgrade()
        storage.create_table(record("big", seed=2**62 + 5))
        storage.add_action("big", 0, 0, "anything", finished=True)
        stored = storage.load("big")
        assert storage.unfinished_ids() == []
    finally:
        storage.dispose()
    assert stored is not None
    assert stored.record.seed == 2**62 + 5 and stored.record.status == "finished"


def test_tokens_are_stored_only_as_hashes(database_url: str):
    with TestClient(create_app(database_url, web_client=False)) as client:
        created = create_table(client, GAME, 2)
    storage = Storage(database_url)
    try:
        with Session(storage.engine) as session:
            row = session.scalars(select(TableRow)).one()
    finally:
        storage.dispose()
    tokens = tokens_of(created)
    assert row.token_hashes == [hash_token(tokens[0]), hash_token(tokens[1])]
    assert not any(token in str(row.__dict__) for token in tokens.values())


def test_a_new_server_on_the_same_database_resumes_every_table_exactly(database_url: str):
    before: dict[str, list[dict]] = {}
    tables: dict[str, dict[int, str]] = {}
    with TestClient(create_app(database_url, snapshot_every=4, web_client=False)) as client:
        for game_id in squidbox.game_ids():
            game = squidbox.get_game(game_id)
            created = create_table(client, game_id, game.min_players,
                                   bots={game.min_players - 1: "random"}, seed=99)
            table, tokens = created["table"], tokens_of(created)
            play_human_moves(client, table, tokens, moves=5)
            tables[table] = tokens
            before[table] = [state_of(client, table, t) for t in [None, *tokens.values()]]
    with TestClient(create_app(database_url, snapshot_every=4, web_client=False)) as client:
        for table, tokens in tables.items():
            after = [state_of(client, table, t) for t in [None, *tokens.values()]]
            assert after == before[table]
            assert replayed(database_url, table).view(None) == after[0]["view"]
            if not after[0]["view"]["is_terminal"]:
                play_human_moves(client, table, tokens, moves=1)
                assert settled(client, table)["version"] > after[0]["version"]


@pytest.mark.parametrize("snapshot_every", [1, 3])
def test_snapshots_give_the_same_state_as_a_replay(sqlite_url: str, snapshot_every: int):
    with TestClient(create_app(sqlite_url, snapshot_every=snapshot_every,
                               web_client=False)) as client:
        created = create_table(client, GAME, 2, bots={1: "random"})
        play_human_moves(client, created["table"], tokens_of(created), moves=4)
    storage = Storage(sqlite_url)
    try:
        stored = storage.load(created["table"])
    finally:
        storage.dispose()
    assert stored is not None and stored.snapshot is not None
    game = squidbox.get_game(GAME)
    replay = game.replay(2, stored.record.seed, stored.record.options, stored.actions)
    assert rebuild(game, stored).to_json() == replay.to_json()
