"""Fixtures written by the release before engine format 2 (d0eab44, snapshot format 1): stored
games that every later release must still load and replay exactly (tests/engine/
test_release_fixtures.py).

This script was run ONCE, on that release's code; run again on newer code it would write newer
games, which is not what the fixtures are for. To remake them:

    git archive d0eab44 src | tar -x -C /tmp/release && \
    PYTHONPATH=/tmp/release/src python tests/engine/release_fixtures/make.py

It writes
- snapshots.json.gz: per game, a seeded random game (seed, players, options, actions), the
  snapshot `to_json()` taken halfway and the final one;
- tables.sqlite: a server database (schema at migration 0002) with one table per game, half of
  them unfinished, each with its actions and a snapshot, made through the server's own Storage;
- tables.json: for each stored table, the final `to_json()` its stored actions reach.
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from datetime import UTC, datetime
from pathlib import Path

import squidbox
from squidbox.server.storage import FINISHED, PLAYING, Storage, TableRecord, hash_token

HERE = Path(__file__).parent
OPTIONS = {
    "grid_squid": {"advanced": True},
    "squid_circle": {"layout": "random"},
    "squid_game": {"game": "marbles", "tokens": 4},
    "squid_inc": {"float_direction": "choose"},
    "directors": {"events": 2},
}


def play(game, players, seed, options):
    state = game.new_game(players, seed=seed, options=options)
    chooser = random.Random(seed)
    while not state.is_terminal():
        seat = chooser.choice(state.to_move())
        state.apply(seat, chooser.choice(state.legal_actions(seat)))
    return state


def snapshots() -> list[dict]:
    records = []
    for game in squidbox.list_games():
        for players, seed in ((game.min_players, 11), (game.max_players, 12)):
            options = OPTIONS[game.id]
            final = play(game, players, seed, options)
            actions = [list(entry) for entry in final.history]
            half = len(actions) // 2
            middle = game.replay(players, seed, options, actions[:half])
            records.append({"game": game.id, "players": players, "seed": seed,
                            "options": options, "actions": actions, "middle": half,
                            "middle_snapshot": middle.to_json(), "final": final.to_json()})
    return records


def tables(path: Path) -> dict[str, dict]:
    storage = Storage(f"sqlite:///{path}")
    storage.upgrade()
    expected = {}
    for number, game in enumerate(squidbox.list_games()):
        players, seed = game.min_players, 100 + number
        options = OPTIONS[game.id]
        final = play(game, players, seed, options)
        actions = final.history
        unfinished = number % 2 == 0
        stored = actions[: len(actions) // 2] if unfinished else actions
        table_id = f"release-{game.id}"
        storage.create_table(TableRecord(
            id=table_id, game=game.id, players=players, options=options, seed=seed, bots={},
            token_hashes=[hash_token(f"{table_id}-{seat}") for seat in range(players)],
            turn_seconds=None, leave_seconds=None, leave_bot="random", status=PLAYING,
            created=datetime(2026, 11, 24, 6, 0, number, tzinfo=UTC)))
        for index, (seat, action) in enumerate(stored):
            storage.add_action(table_id, index, seat, action,
                               finished=not unfinished and index == len(stored) - 1)
        at = len(stored) // 2
        storage.save_snapshot(table_id, at, game.replay(players, seed, options,
                                                        stored[:at]).to_json())
        reached = game.replay(players, seed, options, stored)
        expected[table_id] = {"status": PLAYING if unfinished else FINISHED,
                              "state": reached.to_json()}
    storage.dispose()
    return expected


def main() -> None:
    with gzip.open(HERE / "snapshots.json.gz", "wt", encoding="utf-8") as f:
        json.dump(snapshots(), f, sort_keys=True, ensure_ascii=False)
    database = HERE / "tables.sqlite"
    database.unlink(missing_ok=True)
    expected = tables(database)
    (HERE / "tables.json").write_text(json.dumps(expected, sort_keys=True, ensure_ascii=False))
    print("written", *sorted(p.name for p in HERE.iterdir()), file=sys.stderr)


if __name__ == "__main__":
    main()
