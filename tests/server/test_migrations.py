"""Migration 0002: tables begun before issue 14's new default readings go on under the readings
they began with (Grid Squid's Advanced leftovers discarded, Directors' Commerce card rotated and
one Sphinx payment)."""

from __future__ import annotations

import json
import random

from alembic import command

import squidbox
from squidbox.server.storage import Storage, TableRecord, TableRow, _row_fields, alembic_config, now
from squidbox.server.tables import rebuild

GRID = squidbox.get_game("grid_squid")


def record(table_id: str, game: str, options: dict) -> TableRecord:
    return TableRecord(id=table_id, game=game, players=2, options=options, seed=5,
                       bots={0: "random", 1: "random"}, token_hashes=[None, None],
                       turn_seconds=None, leave_seconds=None, leave_bot="random",
                       status="playing", created=now())


def create_old_table(storage: Storage, old: TableRecord) -> None:
    """A table as the releases before issue 15 wrote it: no engine_format column (migration
    0004 adds it and marks such tables format 1)."""
    fields = {k: v for k, v in _row_fields(old).items() if k != "engine_format"}
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
        with storage.engine.connect() as connection:  # the old schema: read the row as it is
            options = connection.exec_driver_sql(
                "SELECT options FROM tables WHERE id = 'oldgrid'").scalar_one()
        options = json.loads(options) if isinstance(options, str) else options
        assert options == {"advanced": True}
    finally:
        storage.dispose()
