"""Records files: the format follows the extension, and reading gives back what was written."""

import csv
from pathlib import Path

import pytest

from squidbox.sim import SimulationError, open_records, read_records
from squidbox.sim.records import csv_columns, parse_cell

RECORDS = [
    {"index": 0, "game": "some_game", "players": 2, "seed": 12345, "options": {},
     "seats": ["random", "ismcts:iterations=5,exploration=0.7"], "returns": [0.5, 0.5],
     "scores": None, "length": 51, "first_player": 1, "winners": [0, 1], "end_reason": "game_over",
     "seconds": 0.012345,
     "variant": None, "pieces": {}},
    {"index": 1, "game": "some_game", "players": 2, "seed": 999,
     "options": {"advanced": True, "names": ["a, b", "c"]}, "seats": ["heuristic", "random"],
     "returns": [1.0, 0.0], "scores": [7, 2.5], "length": 48, "first_player": 0,
     "winners": [0], "end_reason": "reshuffle_limit", "seconds": 0.25,
     "variant": "--set cards.Magpie.cost=0",
     "pieces": {"played": {"Magpie": [2, 0]}, "drawn": {"Magpie": [2, 1], "Spy, Inc.": [0, 1]}}},
]


@pytest.mark.parametrize("name", ["games.jsonl", "games.csv", "GAMES.CSV"])
def test_records_read_back_exactly(tmp_path: Path, name: str):
    path = tmp_path / name
    with open_records(path, players=2) as writer:
        for record in RECORDS:
            writer.write(record)
    assert read_records(path) == RECORDS


@pytest.mark.parametrize("name", ["games.jsonl", "games.csv"])
def test_each_record_is_on_disk_once_written(tmp_path: Path, name: str):
    """A simulation stopped by a signal (no closing) keeps every finished game."""
    path = tmp_path / name
    writer = open_records(path, players=2)
    for count, record in enumerate(RECORDS, start=1):
        writer.write(record)
        assert read_records(path) == RECORDS[:count]
    writer.close()


def test_csv_files_from_before_variants_and_pieces_still_read(tmp_path: Path):
    with open_records(tmp_path / "new.csv", players=2) as writer:
        writer.write(RECORDS[0])
    rows = list(csv.reader((tmp_path / "new.csv").open()))
    kept = [i for i, name in enumerate(rows[0]) if name not in ("variant", "pieces")]
    old = tmp_path / "old.csv"
    with old.open("w", newline="") as f:
        csv.writer(f).writerows([[row[i] for i in kept] for row in rows])
    assert read_records(old) == RECORDS[:1]


def test_csv_has_one_column_per_seat_value():
    assert csv_columns(2)[-6:] == ["bot_0", "bot_1", "return_0", "return_1", "score_0",
                                   "score_1"]


def test_cells_become_numbers_where_they_are_numbers():
    assert [parse_cell(text) for text in ("", "3", "0.5", "random")] == [None, 3, 0.5, "random"]


def test_other_extensions_are_refused(tmp_path: Path):
    with pytest.raises(SimulationError, match=r"\.jsonl or \.csv"):
        open_records(tmp_path / "games.json", players=2)
    assert list(tmp_path.iterdir()) == []
