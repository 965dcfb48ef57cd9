"""Every stored row passes through one validation on load (server/rows.py): a damaged row
quarantines its own table or drops its own record with a log line, and never stops start-up,
the lobby, a chat or another table. Each damage is a real row in SQLite and in PostgreSQL
(where the column types refuse the SQLite damage, the nearest one PostgreSQL stores)."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from pydantic import BaseModel
from sqlalchemy import create_engine, text

from squidbox.server import create_app
from squidbox.server.rows import (
    BadRecord,
    StoredChat,
    StoredDeadlines,
    StoredSeating,
    StoredTable,
    validated,
)
from squidbox.server.storage import normalize_url
from tests.server.helpers import create_table, state_of, tokens_of

GAME = "grid_squid"
DEEP = '{"a": ' + "[" * 5000 + "]" * 5000 + "}"  # nested far past any parser's recursion
HASH = "ab" * 32
# kind -> (SQLite damage, PostgreSQL damage); :id is the victim table, :deep is DEEP.
DAMAGE = {
    "deadlines": ("UPDATE turn_deadlines SET deadlines = 'xx{' WHERE table_id = :id",
                  "UPDATE turn_deadlines SET deadlines = :deep WHERE table_id = :id"),
    "chat_time": ("UPDATE chat_messages SET time = 'garbage' WHERE table_id = :id "
                  "AND \"index\" = 0",  # PostgreSQL stores no garbage time, but 'infinity'
                  "UPDATE chat_messages SET time = 'infinity' WHERE table_id = :id "
                  "AND \"index\" = 0"),
    "options_deep": ("UPDATE tables SET options = :deep WHERE id = :id",) * 2,
    "status_weird": ("UPDATE tables SET status = 'weird' WHERE id = :id",) * 2,
    "variant_edits": ("UPDATE tables SET options = '{\"variant\": {\"edits\": [1], "
                      "\"source\": \"x.toml\", \"data\": \"\"}}' WHERE id = :id",) * 2,
    "seat_name": ("UPDATE seatings SET seats = '[{\"name\": \"Ann\\u202eb\", \"link\": 0, "
                  "\"issued\": 1}, {\"name\": null, \"link\": 0, \"issued\": 1}]' "
                  "WHERE table_id = :id",) * 2,
    "token_hash": ("UPDATE tables SET token_hashes = '[\"not a hash\", null]' WHERE id = :id",) * 2,
    "bot_spec": ("UPDATE tables SET bots = '{\"1\": \"policy:path=/etc/passwd\"}' "
                 "WHERE id = :id",) * 2,
}
QUARANTINED = ("options_deep", "status_weird", "variant_edits", "seat_name", "token_hash",
               "bot_spec")


class Collect(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())


@dataclass
class Damaged:
    """A server started on a database where one table per kind of DAMAGE was damaged."""

    client: TestClient
    tables: dict[str, str]
    tokens: dict[str, dict[int, str]]
    logs: list[str] = field(default_factory=list)

    def logged(self, kind: str, words: str) -> list[str]:
        return [line for line in self.logs if self.tables[kind] in line and words in line]


def set_up(url: str) -> tuple[dict[str, str], dict[str, dict[int, str]]]:
    """A healthy table and one victim per kind, each with a turn timer and two chat lines."""
    tables, tokens = {}, {}
    with TestClient(create_app(url, web_client=False)) as client:
        for kind in ("healthy", *DAMAGE):
            created = create_table(client, GAME, 2, turn_seconds=600)
            tables[kind], tokens[kind] = created["table"], tokens_of(created)
        with client.websocket_connect(f"/ws/chat/{tables['chat_time']}?token="
                                      f"{tokens['chat_time'][0]}") as chat:
            chat.receive_json()
            for line in ("first", "second"):
                chat.send_json({"type": "chat", "text": line})
                chat.receive_json()
    return tables, tokens


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def damaged(request: pytest.FixtureRequest,
            tmp_path_factory: pytest.TempPathFactory) -> Iterator[Damaged]:
    if request.param == "sqlite":
        url = f"sqlite:///{Path(tmp_path_factory.mktemp('rows')) / 'squidbox.db'}"
    else:
        url = request.getfixturevalue("postgres").new_database()
    tables, tokens = set_up(url)
    engine = create_engine(normalize_url(url))
    with engine.begin() as connection:
        for kind, statements in DAMAGE.items():
            statement = statements[0 if request.param == "sqlite" else 1]
            connection.execute(text(statement), {"id": tables[kind], "deep": DEEP})
    engine.dispose()
    collect = Collect()
    logger = logging.getLogger("squidbox")
    logger.addHandler(collect)
    try:
        with TestClient(create_app(url, web_client=False)) as client:  # start-up resumes all
            yield Damaged(client, tables, tokens, collect.lines)
    finally:
        logger.removeHandler(collect)


def lobby_status(damaged: Damaged, kind: str) -> str:
    answer = damaged.client.get("/api/tables")
    assert answer.status_code == 200, answer.text
    return {entry["table"]: entry["status"] for entry in answer.json()}[damaged.tables[kind]]


def test_other_tables_play_on(damaged: Damaged):
    table = damaged.tables["healthy"]
    seat = state_of(damaged.client, table)["view"]["to_move"][0]
    token = damaged.tokens["healthy"][seat]
    action = state_of(damaged.client, table, token)["view"]["legal_actions"][0]
    answer = damaged.client.post(f"/api/tables/{table}/actions",
                                 json={"token": token, "action": action})
    assert answer.status_code == 200, answer.text
    assert lobby_status(damaged, "healthy") == "playing"


def test_bad_turn_deadlines_are_dropped_and_the_clocks_start_afresh(damaged: Damaged):
    table = damaged.tables["deadlines"]
    info = damaged.client.get(f"/api/tables/{table}").json()
    assert info["status"] == "playing" and info["deadlines"]  # its clock runs again
    assert len(damaged.logged("deadlines", "turn deadlines ignored")) == 1


def test_a_bad_chat_line_is_dropped_and_the_chat_goes_on(damaged: Damaged):
    table, token = damaged.tables["chat_time"], damaged.tokens["chat_time"][0]
    history = damaged.client.get(f"/api/tables/{table}/chat")
    assert history.status_code == 200, history.text
    assert [entry["text"] for entry in history.json()["entries"]] == ["second"]
    with damaged.client.websocket_connect(f"/ws/chat/{table}?token={token}") as chat:
        assert [e["index"] for e in chat.receive_json()["entries"]] == [1]
        chat.send_json({"type": "chat", "text": "third"})
        assert chat.receive_json()["entries"][0]["index"] == 2  # after the dropped one too
    assert len(damaged.logged("chat_time", "chat line 0 ignored")) == 1


@pytest.mark.parametrize("kind", QUARANTINED)
def test_a_bad_table_row_quarantines_that_table_only(damaged: Damaged, kind: str):
    table = damaged.tables[kind]
    assert lobby_status(damaged, kind) == "unavailable"  # never "weird", never a 500
    answer = damaged.client.get(f"/api/tables/{table}")
    assert answer.status_code == 503 and answer.json()["code"] == "unavailable", answer.text
    assert damaged.client.get(f"/api/tables/{table}/chat").status_code == 503
    health = damaged.client.get("/healthz").json()
    assert table in {entry["table"] for entry in health["quarantined"]}
    assert len(damaged.logged(kind, "quarantined: BadRow")) == 1


# ---- the models themselves, without a database ---------------------------------------------------
def table_row(**fields: Any) -> dict[str, Any]:
    return {"id": "abc", "game": GAME, "players": 2, "options": "{}", "seed": "5",
            "bots": '{"1": "random"}', "token_hashes": f'["{HASH}", null]',
            "turn_seconds": None, "leave_seconds": 30.0, "leave_bot": "heuristic",
            "status": "playing", "created": "2026-11-29 05:00:00.5+00", "engine_format": 1,
            "seed_chosen": False, "creator": None,
            **fields}


BAD_FIELDS: list[tuple[type[BaseModel], dict[str, Any], str]] = [
    (StoredTable, table_row(seed="-1"), "seed"),
    (StoredTable, table_row(seed="1e3"), "seed"),
    (StoredTable, table_row(players=True), "players"),
    (StoredTable, table_row(options="[" * 33 + "]" * 33), "options"),
    (StoredTable, table_row(options='{"x": ' * 33 + "1" + "}" * 33), "options"),
    (StoredTable, table_row(bots='{"1": "ismcts:iterations=999999"}'), "bots.1"),
    (StoredTable, table_row(bots='{"one": "random"}'), "bots.one"),
    (StoredTable, table_row(bots='{"5": "random"}'), "player count"),
    (StoredTable, table_row(leave_bot="nobot"), "leave_bot"),
    (StoredTable, table_row(token_hashes=f'["{HASH.upper()}", null]'), "token_hashes.0"),
    (StoredTable, table_row(turn_seconds=float("inf")), "turn_seconds"),
    (StoredTable, table_row(turn_seconds=0.0), "turn_seconds"),
    (StoredTable, table_row(game="chess"), "game"),
    (StoredTable, table_row(created="yesterday"), "created"),
    (StoredTable, table_row(engine_format=99), "engine_format"),
    (StoredTable, table_row(seed_chosen="maybe"), "seed_chosen"),
    (StoredTable, table_row(creator="not a hash"), "creator"),
    (StoredSeating, {"host_hash": HASH, "seats": '[{"name": "x\\u0000"}]'}, "seats.0.name"),
    (StoredSeating, {"host_hash": HASH, "seats": '[{"name": "' + "n" * 25 + '"}]'},
     "seats.0.name"),
    (StoredSeating, {"host_hash": HASH, "seats": '[{"issued": -1}]'}, "seats.0.issued"),
    (StoredChat, {"index": 0, "seat": None, "name": "a", "text": "", "time": "2026-01-01"},
     "text"),
    (StoredChat, {"index": 0, "seat": "0", "name": "a", "text": "b", "time": "2026-01-01"},
     "seat"),
    (StoredDeadlines, {"version": 1, "deadlines": '{"0": "NaN"}'}, "deadlines.0"),
    (StoredDeadlines, {"version": 1, "deadlines": '{"0": 1e999}'}, "deadlines.0"),
]


@pytest.mark.parametrize(("model", "row", "where"), BAD_FIELDS)
def test_each_malformed_field_is_refused_saying_where(model: type[BaseModel],
                                                      row: dict[str, Any], where: str):
    with pytest.raises(BadRecord) as refusal:
        validated(model, row)  # type: ignore[type-var]
    assert where in str(refusal.value) and "\n" not in str(refusal.value)


def test_a_sound_row_reads_as_the_server_wrote_it():
    stored = validated(StoredTable, table_row(seed=str(2**63 - 1)))
    assert stored.seed == 2**63 - 1 and stored.bots == {"1": "random"}
    assert stored.created == datetime(2026, 11, 29, 5, 0, 0, 500000, tzinfo=UTC)
    assert validated(StoredTable, table_row(created="2026-11-29 05:00:00")).created.tzinfo
