"""Variants: a game played on an edited data file (`--data FILE`, `--set KEY=VALUE`).

A Variant holds the whole edited data document (JSON-native, as TOML parses it), so it travels
to worker processes and Ray nodes by pickling and is stored with a web table: a stored game
replays on exactly the data it was played with, whatever the shipped data file says later. The
game is built by the game's own class from its own `data.load`, so every edit goes through the
game's validation, and errors name the file, the key and what is allowed.
"""

from __future__ import annotations

import hashlib
import importlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from .engine import DataFileError, Game
from .engine.data import EditedData, edit_data, read_toml
from .games import REGISTERED
from .registry import get_game

_games: dict[tuple[str, str], Game] = {}  # (game id, digest) -> the variant's game


@dataclass(frozen=True)
class Variant:
    game: str
    source: str  # the data file the edits start from (shown in errors and labels)
    edits: tuple[str, ...]  # the --set edits, as given
    content: dict[str, Any]  # the whole edited data document
    from_file: bool = False  # the source is a --data file, not the shipped one

    @cached_property
    def digest(self) -> str:
        text = json.dumps(self.content, sort_keys=True)
        return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()

    @property
    def label(self) -> str:
        """'--data my.toml --set cards.Magpie.cost=0', for people."""
        words = [f"--data {self.source}"] if self.from_file else []
        words += [f"--set {edit}" for edit in self.edits]
        return " ".join(words)

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "source": self.source, "edits": list(self.edits),
                "content": self.content, "from_file": self.from_file}

    @classmethod
    def from_json(cls, doc: Any) -> Variant:
        """A stored variant (from `to_json`); checked by building its game."""
        if not (isinstance(doc, dict) and set(doc) == {"game", "source", "edits", "content",
                                                       "from_file"}):
            raise DataFileError("a stored variant must have game, source, edits, content and "
                                "from_file")
        edits = doc["edits"]
        if not isinstance(edits, list) or not all(isinstance(e, str) for e in edits):
            raise DataFileError("a stored variant's edits must be a list of texts")
        if not isinstance(doc["content"], dict):
            raise DataFileError("a stored variant's content must be an object")
        variant = cls(str(doc["game"]), str(doc["source"]), tuple(edits), doc["content"],
                      bool(doc["from_file"]))
        variant_game(variant)
        return variant


def shipped_data_file(game_id: str) -> Path:
    module = _data_module(game_id)
    return Path(module.DATA_FILE)


def make_variant(game_id: str, data_file: str | Path | None = None,
                 edits: Sequence[str] = ()) -> Variant | None:
    """The variant of `data_file` (default: the shipped file) with `edits` applied, checked by
    building its game; None when neither is given (the shipped game)."""
    if data_file is None and not edits:
        return None
    get_game(game_id)  # an unknown game id is an UnknownGame error first
    path = Path(data_file) if data_file is not None else shipped_data_file(game_id)
    content = read_toml(path)
    for edit in edits:
        edit_data(content, edit, str(path))
    try:
        json.dumps(content)
    except (TypeError, ValueError) as e:
        raise DataFileError(f"data file {path}: holds a value JSON cannot keep ({e}); use "
                            "numbers, texts, lists and tables only") from e
    variant = Variant(game_id, str(path), tuple(edits), content, data_file is not None)
    variant_game(variant)
    return variant


def variant_game(variant: Variant | None, game_id: str | None = None) -> Game:
    """The game object of a variant (built once per process), or the shipped game."""
    if variant is None:
        assert game_id is not None
        return get_game(game_id)
    key = (variant.game, variant.digest)
    if key not in _games:
        data = _data_module(variant.game).load(
            EditedData(variant.source, variant.content, variant.edits))
        game_class: Any = type(get_game(variant.game))  # every game with a data file takes data=
        _games[key] = game_class(data=data)
    return _games[key]


def _data_module(game_id: str) -> Any:
    module_name = REGISTERED.get(game_id)
    if module_name is None:
        get_game(game_id)  # registered at run time (a test's toy game): no data file
        raise DataFileError(f"game {game_id!r} has no data file to vary")
    return importlib.import_module(module_name + ".data")


def parse_variant_spec(game_id: str, text: str) -> Variant | None:
    """A compare side: 'shipped', a data file, KEY=VALUE edits joined by ';', or a file then
    edits ('my.toml;cards.Magpie.cost=0')."""
    pieces = [piece.strip() for piece in text.split(";") if piece.strip()]
    files = [piece for piece in pieces if "=" not in piece]
    edits = [piece for piece in pieces if "=" in piece]
    if not pieces or len(files) > 1 or (files and pieces[0] != files[0]):
        raise DataFileError(f"variant {text!r}: give 'shipped', a data file, KEY=VALUE edits "
                            "joined by ';', or a file then edits ('my.toml;setup.money=6')")
    data_file = None if not files or files[0] == "shipped" else files[0]
    return make_variant(game_id, data_file, edits)
