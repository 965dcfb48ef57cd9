"""Games stored with snapshot format 1 (the SHA-512 generator) by the release before format 2
still load and replay exactly: snapshots, seed + actions, and a server database of that release."""

import gzip
import json
import shutil
from pathlib import Path

import pytest

import squidbox
from squidbox.engine import Rng1
from squidbox.engine.events import without_text

FIXTURES = Path(__file__).parent / "release_fixtures"
with gzip.open(FIXTURES / "snapshots.json.gz", "rt", encoding="utf-8") as f:
    SNAPSHOTS = json.load(f)


def as_written_now(game, doc):
    """A format-1 snapshot as this release writes it, apart from the log's words (a later release
    may reword an entry): a game whose fields changed since (Squid, Inc.'s tasks became the
    decision stack) rewrites it on load, with game.upgraded."""
    return without_text(game.upgraded(doc) if hasattr(game, "upgraded") else doc)


@pytest.mark.parametrize("record", SNAPSHOTS,
                         ids=[f"{r['game']}-{r['players']}p" for r in SNAPSHOTS])
def test_a_format_1_snapshot_loads_verifies_and_plays_on_exactly(record):
    game = squidbox.get_game(record["game"])
    middle = game.from_json(record["middle_snapshot"], verify=True)
    assert isinstance(middle.rng, Rng1)
    assert without_text(middle.to_json()) == as_written_now(game, record["middle_snapshot"])
    for seat, action in record["actions"][record["middle"]:]:
        middle.apply(seat, action)
    final = as_written_now(game, record["final"])
    assert without_text(middle.to_json()) == final
    assert without_text(game.from_json(record["final"], verify=True).to_json()) == final


@pytest.mark.parametrize("record", SNAPSHOTS[:4],
                         ids=[f"{r['game']}-{r['players']}p" for r in SNAPSHOTS[:4]])
def test_a_format_1_game_replays_from_its_seed_with_the_format_1_generator(record):
    game = squidbox.get_game(record["game"])
    args = (record["players"], record["seed"], record["options"], record["actions"])
    replayed = game.replay(*args, engine_format=1).to_json()
    assert without_text(replayed) == as_written_now(game, record["final"])
    # The same seed deals another game with today's generator: the format matters.
    fresh = game.new_game(record["players"], record["seed"], record["options"])
    assert fresh.to_json()["state"] != game.new_game(
        record["players"], record["seed"], record["options"], engine_format=1).to_json()["state"]


def test_an_unknown_engine_format_is_refused_clearly():
    with pytest.raises(squidbox.InvalidOptions, match="format 7"):
        squidbox.get_game("grid_squid").new_game(2, 1, engine_format=7)


def stored_tables(tmp_path):
    database = tmp_path / "release.sqlite"
    shutil.copy(FIXTURES / "tables.sqlite", database)
    return f"sqlite:///{database}"


def test_the_release_database_upgrades_and_every_table_rebuilds_exactly(tmp_path):
    from squidbox.server.persistence import rebuild
    from squidbox.server.storage import Storage

    expected = json.loads((FIXTURES / "tables.json").read_text())
    storage = Storage(stored_tables(tmp_path))
    storage.upgrade()
    try:
        for table_id, wanted in expected.items():
            stored = storage.load(table_id)
            assert stored.record.engine_format == 1, table_id
            assert stored.record.status == wanted["status"]
            game = squidbox.get_game(stored.record.game)
            state = as_written_now(game, wanted["state"])
            assert without_text(rebuild(game, stored).to_json()) == state, table_id
            stored.snapshot = None  # and from the seed alone
            assert without_text(rebuild(game, stored).to_json()) == state, table_id
    finally:
        storage.dispose()
