"""Every error squidbox raises on bad input. Each one carries a message meant for a person."""


class SquidboxError(Exception):
    """Base class: bad input of some kind. The state it was aimed at is left unchanged."""


class UnknownGame(SquidboxError, LookupError):
    """A game id that is not registered."""


class InvalidOptions(SquidboxError, ValueError):
    """An unknown option, a bad option value, or an unsupported player count."""


class IllegalAction(SquidboxError, ValueError):
    """An action that is not listed for that player now, or a player who is not to move."""


class SnapshotError(SquidboxError, ValueError):
    """A snapshot (to_json document) that is malformed or inconsistent."""


class DataFileError(SquidboxError, ValueError):
    """A game data file that is missing, malformed or inconsistent."""

    def __str__(self) -> str:  # LookupError-style quoting is not wanted for messages
        return str(self.args[0]) if self.args else ""
