"""Migration 0002: tables begun before the new default readings go on under the readings
they began with (Grid Squid's Advanced leftovers discarded, Directors' Commerce card rotated and
one Sphinx payment). Migration 0003: who sits where and the chat."""

from __future__ import annotations

import json
import random

import sqlalchemy as sa
from alembic import command

import squidbox
from squidbox.server.persistence import rebuild
from squidbox.server.storage import Storage, TableRecord, TableRow, _row_fields, alembic_config
from tests.server.helpers import table_record

GRID = squidbox.get_game("grid_squid")


def record(table_id: str, game: str, options: dict) -> TableRecord:
    return table_record(table_id, game, options=options, bots={0: "random", 1: "random"})


def stored_options(storage: Storage, table_id: str) -> dict:
    """A table's options read as the 0001 schema has them (the newest code reads more tables)."""
    with storage.engine.connect() as connection:
        text = connection.execute(sa.text("SELECT options FROM tables WHERE id = :id"),
                                  {"id": table_id}).scalar_one()
    return json.loads(text) if isinstance(text, str) else text


def create_old_table(storage: Storage, old: TableRecord) -> None:
    """A table as the releases before the engine's format 2 wrote it: no engine_format column
    (migration 0004 adds it and marks such tables format 1), nor the later ones."""
    later = ("engine_format", "seed_chosen", "creator")
    fields = {k: v for k, v in _row_fields(old).items() if k not in later}
    with storage.engine.begin() as connection:
        connection.execute(TableRow.__table__.insert().values(**fields))


def old_advanced_game() -> list[tuple[int, str]]:
    """The actions of a whole 2-player Advanced game under the old reading (extras discarded),
    dealt by the old release's generator (engine format 1)."""
    state = GRID.new_game(2, 5, {"advanced": True, "advanced_leftovers": "discard"},
                          engine_format=1)
    rng = random.Random(3)
    while not state.is_terminal():
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return list(state.history)


def test_tables_begun_under_the_old_readings_keep_them(database_url: str):
    storage = Storage(database_url)
    try:
        command.upgrade(alembic_config(storage.engine), "0001")  # the schema before this change
        create_old_table(storage, record("oldgrid", "grid_squid", {"advanced": True}))
        create_old_table(storage, record("olddirectors", "directors", {"events": 0}))
        create_old_table(storage, record("chosen", "grid_squid", {"advanced_leftovers": "keep"}))
        create_old_table(storage, record("other", "squid_circle", {}))
        actions = old_advanced_game()
        for index, (seat, action) in enumerate(actions):
            storage.add_action("oldgrid", index, seat, action, finished=False)

        storage.upgrade()

        options = {table_id: storage.load(table_id).record.options
                   for table_id in ("oldgrid", "olddirectors", "chosen", "other")}
        assert options["oldgrid"] == {"advanced": True, "advanced_leftovers": "discard"}
        assert options["olddirectors"] == {"events": 0, "commerce_new_card": "rotated",
                                           "sphinx_payments": "one"}
        assert options["chosen"] == {"advanced_leftovers": "keep"}  # named: left as it is
        assert options["other"] == {}
        # The old game replays to its end under the reading it was played with.
        state = rebuild(GRID, storage.load("oldgrid"))
        assert state.history == actions and state.is_terminal()

        command.downgrade(alembic_config(storage.engine), "0001")
        assert stored_options(storage, "oldgrid") == {"advanced": True}
    finally:
        storage.dispose()


def test_migration_0003_adds_seatings_and_chat_and_downgrades(database_url: str):
    storage = Storage(database_url)
    record = table_record("old", "grid_squid", token_hashes=["a" * 64, "b" * 64])
    try:
        command.upgrade(alembic_config(storage.engine), "0002")
        create_old_table(storage, record)  # no host and no engine format: a 0002 table
        storage.upgrade()
        loaded = storage.load("old").record
        assert loaded.host_hash is None and loaded.names == {}  # an old table has no host
        waiting = TableRecord(**{**record.__dict__, "id": "waiting", "status": "open",
                                 "token_hashes": ["a" * 64, None], "host_hash": "c" * 64,
                                 "names": {}, "links": {0: 0}, "issued": {0: 1},
                                 "engine_format": 1})  # 0004's downgrade refuses format 2
        storage.create_table(waiting)
        waiting.names[1] = "Ann"
        waiting.token_hashes[1] = "d" * 64
        storage.save_seating(waiting)
        again = storage.load("waiting").record
        assert (again.host_hash, again.names, again.links, again.issued) == \
            ("c" * 64, {1: "Ann"}, {0: 0}, {0: 1, 1: 0})
        assert again.token_hashes == ["a" * 64, "d" * 64] and again.status == "open"
        assert sorted(storage.unfinished_ids()) == ["old", "waiting"]
        command.downgrade(alembic_config(storage.engine), "0002")
        with storage.engine.connect() as connection:
            statuses = dict(connection.exec_driver_sql("SELECT id, status FROM tables").all())
        assert statuses == {"old": "playing", "waiting": "expired"}  # the old code cannot seat
        storage.upgrade()
        assert storage.load("waiting").record.host_hash is None
    finally:
        storage.dispose()
