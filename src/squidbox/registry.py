"""Finding games by id. Games are imported on first use."""

from __future__ import annotations

import importlib
from importlib import resources
from importlib.resources.abc import Traversable
from types import ModuleType

from .engine import Game, UnknownGame
from .games import REGISTERED

_loaded: dict[str, Game] = {}
_extra: dict[str, Game] = {}


def get_game(game_id: str) -> Game:
    if game_id in _extra:
        return _extra[game_id]
    if game_id not in REGISTERED:
        valid = ", ".join(game_ids())
        raise UnknownGame(f"unknown game {game_id!r}; valid: {valid}")
    if game_id not in _loaded:
        _loaded[game_id] = importlib.import_module(REGISTERED[game_id]).GAME
    return _loaded[game_id]


def game_ids() -> list[str]:
    return list(REGISTERED) + [g for g in _extra if g not in REGISTERED]


def list_games() -> list[Game]:
    return [get_game(game_id) for game_id in game_ids()]


def register(game: Game) -> None:
    """Add a game at run time (used by tests for toy games; real games go in games/REGISTERED)."""
    _extra[game.id] = game


def unregister(game_id: str) -> None:
    _extra.pop(game_id, None)


def game_file(game_id: str, name: str) -> Traversable | None:
    """A file of a registered game's folder (its table drawing `table.js`, `how_to_play.md`,
    `rulings.md`, ...), read through the installed package, so it ships with the wheel. None
    when the game or the file does not exist (games added at run time have no folder)."""
    if game_id not in REGISTERED or "/" in name or name.startswith("."):
        return None
    found = resources.files(REGISTERED[game_id]).joinpath(name)
    return found if found.is_file() else None


def game_part(game_id: str, name: str) -> ModuleType | None:
    """A module of a registered game's folder, e.g. its `pieces`; None when it has none."""
    if game_id not in REGISTERED:
        return None
    try:
        return importlib.import_module(f"{REGISTERED[game_id]}.{name}")
    except ModuleNotFoundError as e:
        if e.name != f"{REGISTERED[game_id]}.{name}":
            raise
        return None
