"""The engine: the protocol every game implements. It knows nothing of any game."""

from .choices import HiddenChoice, each_seat, nobody
from .data import DataFile
from .errors import (
    DataFileError,
    IllegalAction,
    InvalidOptions,
    SnapshotError,
    SquidboxError,
    UnknownGame,
)
from .events import Event, Later
from .fields import Field, Fixed
from .game import Game
from .options import Option
from .rng import FORMAT, Rng, Rng1
from .state import HIDDEN_ACTION, Action, State
from .zones import Seen, Zone

__all__ = [
    "HIDDEN_ACTION",
    "Action",
    "DataFile",
    "DataFileError",
    "Event",
    "Field",
    "Fixed",
    "Game",
    "HiddenChoice",
    "IllegalAction",
    "InvalidOptions",
    "Later",
    "Option",
    "FORMAT",
    "Rng",
    "Rng1",
    "Seen",
    "SnapshotError",
    "SquidboxError",
    "State",
    "UnknownGame",
    "each_seat",
    "nobody",
    "Zone",
]
