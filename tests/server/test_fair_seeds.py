"""Nobody can choose a deal that a person then plays, nor predict a bot: a table whose seed its
creator chose never seats a person (not at creation, not through the host page), and bots
draw their randomness from the server's secret, never from the table's seed."""

from __future__ import annotations

from typing import Any

from alembic import command
from fastapi.testclient import TestClient
from sqlalchemy import text

from squidbox.server.storage import Storage, alembic_config
from tests.server.helpers import create_table, state_of, table_record, wait_for

GAME = "squid_circle"


def hand_to_person(client: TestClient, created: dict[str, Any], seat: int) -> Any:
    return client.post(f"/api/tables/{created['table']}/host/seats",
                       json={"token": created["host_token"], "seat": seat, "bot": None})


def test_a_table_whose_seed_was_chosen_never_seats_a_person(client: TestClient) -> None:
    chosen = create_table(client, GAME, 3, bots={0: "random", 1: "random", 2: "random"},
                          seed=777, turn_seconds=3600)  # a slow table: still playing below
    refused = hand_to_person(client, chosen, 0)
    assert refused.status_code == 409, refused.text
    assert refused.json()["code"] == "illegal_action" and "seed" in refused.json()["error"]
    table = client.get(f"/api/tables/{chosen['table']}").json()
    assert all(seat["bot"] for seat in table["seats"]), "a seat left the bots"
    host = client.get(f"/api/tables/{chosen['table']}/host",
                      params={"token": chosen["host_token"]}).json()
    assert host["seats_stay_bots"] is True


def test_a_table_of_bots_the_server_dealt_can_still_be_handed_to_a_person(
        client: TestClient) -> None:
    drawn = create_table(client, GAME, 3, bots={0: "random", 1: "random", 2: "random"},
                         seed=None)
    answer = hand_to_person(client, drawn, 0)
    assert answer.status_code == 200, answer.text
    assert answer.json()["seats_stay_bots"] is False
    assert answer.json()["seats"][0]["kind"] == "person"


def test_bots_do_not_draw_from_the_table_seed(client: TestClient) -> None:
    """Two bot tables dealt alike by the same chosen seed: their bots decide differently (before,
    a bot's seed was the table seed, seat and version, so both games were the same)."""
    games = []
    for _ in range(2):
        created = create_table(client, GAME, 4, bots=dict.fromkeys(range(4), "random"),
                               seed=777)
        games.append(created["table"])
    def histories() -> list[list[Any]] | None:
        states = [state_of(client, table) for table in games]
        if not all(state["view"]["is_terminal"] for state in states):
            return None
        return [client.get(f"/api/tables/{table}/record").json()["actions"] for table in games]
    first, second = wait_for(histories, timeout=30, what="both bot games to end")
    assert first != second, "bots drew their randomness from the table's seed"


def test_a_chosen_seed_is_kept_only_for_a_table_of_bots(client: TestClient) -> None:
    tables = client.app.state.manager.tables  # type: ignore[attr-defined]
    people = create_table(client, GAME, 3, bots={1: "random", 2: "random"}, seed=777)
    bots = create_table(client, GAME, 3, bots=dict.fromkeys(range(3), "random"), seed=777,
                        turn_seconds=3600)
    assert tables[people["table"]].record.seed != 777  # mixed with the server's secret
    assert not tables[people["table"]].record.seed_chosen
    assert tables[bots["table"]].record.seed == 777 and tables[bots["table"]].record.seed_chosen


def test_migration_marks_stored_tables_of_bots_only_as_dealt_by_their_creator(
        database_url: str) -> None:
    storage = Storage(database_url)
    try:
        command.upgrade(alembic_config(storage.engine), "0008")
        bots_only = table_record("botsonly", GAME, bots={0: "random", 1: "heuristic"})
        people = table_record("people", GAME, bots={1: "random"})
        with storage.engine.begin() as connection:
            for record in (bots_only, people):
                connection.execute(text(
                    "INSERT INTO tables (id, game, players, options, seed, bots, token_hashes, "
                    "turn_seconds, leave_seconds, leave_bot, status, created, engine_format) "
                    "VALUES (:id, :game, 2, '{}', 5, :bots, '[null, null]', NULL, NULL, "
                    "'random', 'playing', :created, 2)"),
                    {"id": record.id, "game": GAME, "created": record.created,
                     "bots": '{"0": "random", "1": "heuristic"}' if record is bots_only
                     else '{"1": "random"}'})
            connection.execute(text("INSERT INTO actions (table_id, \"index\", seat, action, "
                                    "time) VALUES ('botsonly', 0, 0, 'x', :time)"),
                               {"time": bots_only.created})
        command.upgrade(alembic_config(storage.engine), "head")
        loaded = {table_id: storage.load(table_id) for table_id in ("botsonly", "people")}
        assert loaded["botsonly"] is not None and loaded["botsonly"].record.seed_chosen
        assert loaded["people"] is not None and not loaded["people"].record.seed_chosen
        command.downgrade(alembic_config(storage.engine), "0008")
        command.upgrade(alembic_config(storage.engine), "head")
        again = storage.load("botsonly")  # the table's other rows survive both ways
        assert again is not None and again.actions == [(0, "x")]
    finally:
        storage.dispose()
