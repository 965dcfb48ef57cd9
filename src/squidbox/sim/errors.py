"""The simulation toolkit's own errors; each carries a message meant for a person.

Bad game ids, player counts, options and bot specs raise the engine's errors (UnknownGame,
InvalidOptions); these cover what only a simulation has: backends, workers, output files.
"""

from __future__ import annotations

from squidbox.engine import SquidboxError


class SimulationError(SquidboxError, ValueError):
    """Bad simulation settings: backend, workers, game count, output path, bot list."""


class BackendUnavailable(SimulationError):
    """An optional library (Ray, matplotlib) that the chosen feature needs is not installed,
    or a Ray cluster that cannot be reached."""


class GameFailed(RuntimeError):
    """A game raised while being played: a bug in a game or a bot, not bad input. The message
    names the game's index, seed, options and seats, enough to replay it alone."""
