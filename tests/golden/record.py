"""Golden playthroughs: seeded games recorded once, replayed by test_golden.py byte for byte.

For every game, its smallest and largest player count and every option set below, SEEDS games
are played by a seeded random policy. A record holds the seed, options, the action list, the
final `to_json()` and every seat's (and the spectator's) final `view` and `log`, and every
viewer's `view` at the decisions along the way (`MIDWAY`: after 1, 2, 4, 8, … actions), as
canonical JSON. One gzip file per game: `tests/golden/<game>.json.gz`.

Regenerate (only in a commit that says why the games changed):

    PYTHONPATH=src python tests/golden/record.py            # every game
    PYTHONPATH=src python tests/golden/record.py grid_squid  # one game
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from pathlib import Path
from typing import Any

import squidbox
from squidbox.engine import InvalidOptions

HERE = Path(__file__).parent
SEEDS = (1, 2, 3)
# Rule options that no preset covers, each played on top of the option it depends on.
EXTRA_OPTIONS: dict[str, tuple[dict[str, Any], ...]] = {
    "grid_squid": (
        {"advanced": True, "advanced_leftovers": "discard"},
        {"advanced": True, "diagonals": True, "start_shift": "left",
         "advanced_leftovers": "discard"},
    ),
    "squid_circle": ({"characters": 2}, {"characters": 3, "layout": "grouped"}),
    "squid_game": ({"recruits": "random"},),
    "squid_inc": (),
    "directors": (
        {"commerce_new_card": "rotated"},
        {"sphinx_payments": "one"},
        {"events": 2, "commerce_new_card": "rotated", "sphinx_payments": "one"},
    ),
}


def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def option_sets(game: Any) -> list[dict[str, Any]]:
    return [{}, *game.option_presets, *EXTRA_OPTIONS.get(game.id, ())]


def play(game: Any, num_players: int, seed: int, options: dict[str, Any]) -> list[list[Any]]:
    """The actions of one game played by a random policy seeded with `seed`."""
    state = game.new_game(num_players, seed=seed, options=options)
    chooser = random.Random(seed)
    actions = []
    while not state.is_terminal():
        seat = chooser.choice(state.to_move())
        action = chooser.choice(state.legal_actions(seat))
        state.apply(seat, action)
        actions.append([seat, action])
    return actions


def midway(length: int) -> list[int]:
    """The numbers of actions after which the views along the way are recorded."""
    return [k for k in (1 << i for i in range(length.bit_length())) if k < length]


def outcome(game: Any, record: dict[str, Any]) -> dict[str, str]:
    """What replaying a record's actions gives, each part as canonical JSON."""
    n = record["num_players"]
    actions = record["actions"]
    state = game.replay(n, record["seed"], record["options"], actions)
    parts = {"to_json": canonical(state.to_json())}
    viewers = [None, *range(n)]
    for viewer in viewers:
        name = "spectator" if viewer is None else f"seat{viewer}"
        parts[f"view_{name}"] = canonical(state.view(viewer))
        parts[f"log_{name}"] = canonical(state.log(viewer))
    along = game.new_game(n, seed=record["seed"], options=record["options"])
    for done in [0, *midway(len(actions))]:
        for seat, action in actions[len(along.history):done]:
            along.apply(seat, action)
        if done:
            parts[f"views_after_{done}"] = canonical([along.view(v) for v in viewers])
    return parts


def record_game(game_id: str) -> list[dict[str, Any]]:
    game = squidbox.get_game(game_id)
    records = []
    for num_players in sorted({game.min_players, game.max_players}):
        for options in option_sets(game):
            for seed in SEEDS:
                try:
                    actions = play(game, num_players, seed, options)
                except InvalidOptions:
                    break  # this option set does not exist at this player count
                record = {"num_players": num_players, "seed": seed, "options": options,
                          "actions": actions}
                record["expected"] = outcome(game, record)
                records.append(record)
    return records


def path_for(game_id: str) -> Path:
    return HERE / f"{game_id}.json.gz"


def load(game_id: str) -> list[dict[str, Any]]:
    with gzip.open(path_for(game_id), "rt", encoding="utf-8") as f:
        return json.load(f)


def save(game_id: str, records: list[dict[str, Any]]) -> None:
    text = json.dumps(records, ensure_ascii=False, indent=0, sort_keys=True)
    # mtime=0: the same records give the same bytes, so regenerating changes no file needlessly.
    with open(path_for(game_id), "wb") as raw, gzip.GzipFile(
        fileobj=raw, mode="wb", mtime=0, filename=""
    ) as f:
        f.write(text.encode("utf-8"))


def main(argv: list[str]) -> None:
    for game_id in argv or squidbox.game_ids():
        records = record_game(game_id)
        save(game_id, records)
        size = path_for(game_id).stat().st_size
        print(f"{game_id}: {len(records)} games, {size / 1024:.0f} KiB")


if __name__ == "__main__":
    main(sys.argv[1:])
