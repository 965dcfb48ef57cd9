"""Migration 0002: tables begun before issue 14's new default readings go on under the readings
they began with (Grid Squid's Advanced leftovers discarded, Directors' Commerce card rotated and
one Sphinx payment)."""

from __future__ import annotations

import json
import random

import sqlalchemy as sa
from alembic import command

import squidbox
from squidbox.server.storage import Storage, TableRecord, alembic_config, now
from squidbox.server.tables import rebuild

GRID = squidbox.get_game("grid_squid")


def record(table_id: str, game: str, options: dict) -> TableRecord:
    return TableRecord(id=table_id, game=game, players=2, options=options, seed=5,
                       bots={0: "random", 1: "random"}, token_hashes=[None, None],
                       turn_seconds=None, leave_seconds=None, leave_bot="random",
                       status="playing", created=now())


def stored_options(storage: Storage, table_id: str) -> dict:
    """A table's options read as the 0001 schema has them (the newest code reads more tables)."""
    with storage.engine.connect() as connection:
        text = connection.execute(sa.text("SELECT options FROM tables WHERE id = :id"),
                                  {"id": table_id}).scalar_one()
    return json.loads(text) if isinstance(text, str) else text


def old_advanced_game() -> list[tuple[int, str]]:
    """The actions of a whole 2-player Advanced game under the old reading (extras discarded)."""
    state = GRID.new_game(2, 5, {"advanced": True, "advanced_leftovers": "discard"})
    rng = random.Random(3)
    while not state.is_terminal():
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return list(state.history)


def test_tables_begun_under_the_old_readings_keep_them(database_url: str):
    storage = Storage(database_url)
    try:
        command.upgrade(alembic_config(storage.engine), "0001")  # the schema before this change
        storage.create_table(record("oldgrid", "grid_squid", {"advanced": True}))
        storage.create_table(record("olddirectors", "directors", {"events": 0}))
        storage.create_table(record("chosen", "grid_squid", {"advanced_leftovers": "keep"}))
        storage.create_table(record("other", "squid_circle", {}))
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
