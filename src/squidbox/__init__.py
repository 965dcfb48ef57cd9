"""squidbox: five tabletop games by their full rules, for people, bots and simulations."""

from .engine import (
    DataFileError,
    Game,
    IllegalAction,
    InvalidOptions,
    SnapshotError,
    SquidboxError,
    State,
    UnknownGame,
)
from .registry import game_ids, get_game, list_games

__all__ = [
    "DataFileError",
    "Game",
    "IllegalAction",
    "InvalidOptions",
    "SnapshotError",
    "SquidboxError",
    "State",
    "UnknownGame",
    "game_ids",
    "get_game",
    "list_games",
]
