"""Action decode tables: a game's actions, each text with the typed value it stands for
(docs/engine.md "Actions").

An action's text is what stored games and golden playthroughs hold, so it never changes; the
rules never take it apart (no `removeprefix`, no `split()`). The game builds one table when it
is made, and `_apply` decodes an action with one dict lookup:

    MOVES = ActionTable([("place A1", Place(0)), ..., ("discard Squid", Discard(0))])
    match self.game.moves.decode[action]:
        case Place(tile): ...
        case Discard(symbol): ...
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Generic, TypeVar

from .errors import IllegalAction

Move = TypeVar("Move", bound=Hashable)


class ActionTable(Generic[Move]):
    """Every action of a game, in action-id order: its text and its typed value (a frozen
    dataclass: unlike NamedTuples, two kinds with the same fields stay unequal). Texts and
    values are each unique."""

    def __init__(self, entries: Iterable[tuple[str, Move]]) -> None:
        pairs = list(entries)
        self.actions: tuple[str, ...] = tuple(text for text, _ in pairs)
        self.decode: dict[str, Move] = dict(pairs)  # text -> value: the rules' one lookup
        self.text: dict[Move, str] = {move: text for text, move in pairs}  # value -> text
        if not len(self.decode) == len(self.text) == len(pairs):
            raise ValueError("an action table repeats a text or a value")

    def __len__(self) -> int:
        return len(self.actions)

    def __call__(self, action: str) -> Move:
        """The value of `action`; IllegalAction for a text that is no action of the table."""
        try:
            return self.decode[action]
        except (KeyError, TypeError):
            raise IllegalAction(f"{action!r} is not an action") from None
