"""Game records on disk, one per game, in game order; the format follows the file extension.

.jsonl  one JSON object per line, exactly the record of `runner.make_record`.
.csv    one row per game with a header, per-seat values in their own columns for spreadsheets:
        index, game, players, seed, options (JSON), length, first_player, winners (JSON list),
        end_reason, seconds, variant, pieces (JSON), then bot_0…bot_{N-1}, return_0…, score_0…
        (empty when the game keeps no score). `read_records` turns the rows back into the same
        dicts; files written before end_reason, variant and pieces existed read as None, None
        and {}.
"""

from __future__ import annotations

import csv
import json
from abc import ABC, abstractmethod
from pathlib import Path
from types import TracebackType
from typing import IO, Any

from .errors import SimulationError
from .runner import Record

FORMATS = {".jsonl": "jsonl", ".csv": "csv"}
FIXED_COLUMNS = ("index", "game", "players", "seed", "options", "length", "first_player",
                 "winners", "end_reason", "seconds", "variant", "pieces")
JSON_COLUMNS = ("options", "winners", "pieces")
# keys added later: their value in older files
LATER_KEYS: dict[str, Any] = {"end_reason": None, "variant": None, "pieces": {}}
PER_SEAT = (("bot", "seats"), ("return", "returns"), ("score", "scores"))
RECORD_KEYS = ("index", "game", "players", "seed", "options", "seats", "returns", "scores",
               "length", "first_player", "winners", "end_reason", "seconds", "variant", "pieces")


def record_format(path: Path) -> str:
    """'jsonl' or 'csv' from the file name; anything else is an error."""
    kind = FORMATS.get(path.suffix.lower())
    if kind is None:
        raise SimulationError(f"--out {path}: the file name must end in .jsonl or .csv")
    return kind


def open_records(path: Path, players: int) -> RecordWriter:
    """A writer for `path` (created or truncated now; an unwritable path is a SimulationError)."""
    kind = record_format(path)
    if path.is_dir():
        raise SimulationError(f"--out {path} is a directory")
    try:
        file = path.open("w", encoding="utf-8", newline="")
    except OSError as e:
        raise SimulationError(f"cannot write --out {path}: {e.strerror or e}") from None
    return JsonlWriter(file) if kind == "jsonl" else CsvWriter(file, players)


class RecordWriter(ABC):
    """Writes records to an open file; a context manager that closes it. Each record is on
    disk once `write` returns: a long simulation stopped by a signal (which skips the
    closing) keeps every game it finished."""

    file: IO[str]

    def write(self, record: Record) -> None:
        """Append one record."""
        self._write(record)
        self.file.flush()

    @abstractmethod
    def _write(self, record: Record) -> None: ...

    def close(self) -> None:
        self.file.close()

    def __enter__(self) -> RecordWriter:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()


class JsonlWriter(RecordWriter):
    def __init__(self, file: IO[str]) -> None:
        self.file = file

    def _write(self, record: Record) -> None:
        self.file.write(json.dumps(record) + "\n")


class CsvWriter(RecordWriter):
    def __init__(self, file: IO[str], players: int) -> None:
        self.file = file
        self.players = players
        self.writer = csv.writer(file)
        self.writer.writerow(csv_columns(players))

    def _write(self, record: Record) -> None:
        self.writer.writerow(csv_row(record, self.players))


def csv_columns(players: int) -> list[str]:
    seat_columns = [f"{prefix}_{seat}" for prefix, _ in PER_SEAT for seat in range(players)]
    return [*FIXED_COLUMNS, *seat_columns]


def csv_row(record: Record, players: int) -> list[Any]:
    row = [json.dumps(record[key]) if key in JSON_COLUMNS else record[key]
           for key in FIXED_COLUMNS]
    row = ["" if value is None else value for value in row]
    for _, key in PER_SEAT:
        values = record[key] if record[key] is not None else [None] * players
        row += ["" if value is None else value for value in values]
    return row


def read_records(path: Path) -> list[Record]:
    """The records of a .jsonl or .csv file written by `open_records`."""
    kind = record_format(path)
    with path.open(encoding="utf-8", newline="") as file:
        if kind == "jsonl":
            return [json.loads(line) for line in file if line.strip()]
        return [record_from_row(row) for row in csv.DictReader(file)]


def record_from_row(row: dict[str, str]) -> Record:
    record: Record = {}
    for key in FIXED_COLUMNS:
        text = row.get(key)
        if text is None or (text == "" and key in LATER_KEYS):
            record[key] = LATER_KEYS[key]
        else:
            record[key] = json.loads(text) if key in JSON_COLUMNS else parse_cell(text)
    players = int(row["players"])
    for prefix, key in PER_SEAT:
        cells = [row[f"{prefix}_{seat}"] for seat in range(players)]
        record[key] = cells if prefix == "bot" else [parse_cell(cell) for cell in cells]
    if all(value is None for value in record["scores"]):
        record["scores"] = None
    return {key: record[key] for key in RECORD_KEYS}


def parse_cell(text: str) -> int | float | str | None:
    """'' -> None, '3' -> 3, '0.5' -> 0.5, other text unchanged."""
    if text == "":
        return None
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            continue
    return text

