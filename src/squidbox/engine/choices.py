"""Declared hidden choices: values chosen or drawn face down that are not cards in a pile (a
secret vote, a card value played face down, the marbles hidden in a hand, an unrevealed bridge
tile), and who may see each (docs/engine.md "Hidden choices").

A game lists them once (`State.CHOICES`, or `State.choices()` when they change during the game),
beside its zones. From that one declaration come

- the resample: `redraw(state, choices, player, rng)` draws every chosen, unrevealed value that
  `player` may not see afresh from its possible values (after the zones are redealt, so values
  that depend on a hand fit the redealt hand);
- the view pieces: `State.choice_seen(field, viewer, key)` says whether a viewer may see a value,
  and `State.shown_choice(field, viewer, key)` gives it or None;
- the conformance checks (`squidbox.conformance`): a view must not change when a value hidden
  from its viewer changes, must change when a value its viewer may see changes, and the game's
  resample must vary every hidden value that has another possible value.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .state import State

Key = int | None  # an entry's index in a list field (a seat, a tile), None for a single value


def each_seat(state: State, key: Key) -> int | None:
    """`whose` of a list with one entry per seat: entry `key` is seat `key`'s own."""
    return key


def nobody(state: State, key: Key) -> int | None:
    """`whose` of values no seat may see until they are revealed (a bridge's tiles)."""
    return None


def never_revealed(state: State, key: Key) -> bool:
    """`revealed` of values cleared when they are shown (the shown values go elsewhere)."""
    return False


@dataclass(frozen=True)
class HiddenChoice:
    """One hidden value (or a list of them, one per seat or per item) held in a state's field.

    `field` names the attribute in FIELDS that holds it; a dotted name reads into a dict
    ("g.duel.hide" is `state.g["duel"]["hide"]`; nothing is hidden while a dict on the way is
    None). `per_item`: the field is a list and each entry is hidden on its own (its key is its
    index). `whose(state, key)`: the seat that chose the value and may see it (None: nobody).
    `values(state, key)`: the values it could have. `revealed(state, key)`: whether everyone
    sees it now (by default never: a game that shows a value moves it elsewhere). An entry that
    is None has not been chosen and hides nothing. `part`: each entry is a list of items whose
    `part`-th element is hidden, all different (Tug of War's cards, one per token, laid face
    down with a team showing): the resample draws them together without repeats.
    """

    field: str
    whose: Callable[[Any, Key], int | None]
    values: Callable[[Any, Key], Sequence[Any]]
    per_item: bool = False
    revealed: Callable[[Any, Key], bool] = never_revealed
    part: int | None = None
    path: tuple[str, ...] = dataclass_field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.part is not None and not self.per_item:
            raise ValueError(f"hidden choice {self.field}: parts are kept per entry")
        object.__setattr__(self, "path", tuple(self.field.split(".")))

    # ---- reading and writing -------------------------------------------------------------------
    def _holder(self, state: State) -> Any:
        """The dict or state holding the field's last name, or None when a dict on the way is."""
        holder: Any = state
        for i, name in enumerate(self.path[:-1]):
            holder = getattr(holder, name) if i == 0 else holder[name]
            if holder is None:
                return None
        return holder

    def _read(self, holder: Any) -> Any:
        name = self.path[-1]
        return getattr(holder, name) if len(self.path) == 1 else holder[name]

    def keys(self, state: State) -> Iterator[Key]:
        """The keys of the entries that hold a chosen value."""
        holder = self._holder(state)
        if holder is None:
            return
        value = self._read(holder)
        if not self.per_item:
            if value is not None:
                yield None
            return
        for key, entry in enumerate(value):
            if entry is not None and entry != []:
                yield key

    def get(self, state: State, key: Key) -> Any:
        """The entry's hidden value (for `part`: the list of the entry's hidden parts)."""
        holder = self._holder(state)
        value = None if holder is None else self._read(holder)
        if key is None or value is None:
            return value
        entry = value[key]
        return entry if self.part is None else [item[self.part] for item in entry]

    def set(self, state: State, key: Key, value: Any) -> None:
        """Store `value` as the entry's hidden value (for `part`: one per item, in order)."""
        holder = self._holder(state)
        if key is None:
            if len(self.path) == 1:
                setattr(state, self.field, value)
            else:
                holder[self.path[-1]] = value
            return
        entries = self._read(holder)
        if self.part is None:
            entries[key] = value
            return
        for item, part in zip(entries[key], value, strict=True):
            item[self.part] = part

    # ---- who sees what -------------------------------------------------------------------------
    def seen_by(self, state: State, key: Key, viewer: int | None) -> bool:
        """Whether `viewer` (None: a spectator) may see the entry's value."""
        if self.revealed(state, key):
            return True
        return viewer is not None and viewer == self.whose(state, key)

    def redraw(self, state: State, key: Key, rng: random.Random) -> None:
        """Draw the entry's value afresh from its possible values."""
        values = self.values(state, key)
        if self.part is None:
            self.set(state, key, rng.choice(values))
        else:
            self.set(state, key, rng.sample(list(values), len(self.get(state, key))))


def hidden_entries(state: State, choices: Sequence[HiddenChoice],
                   player: int | None) -> list[tuple[HiddenChoice, Key]]:
    """Every chosen value `player` (None: a spectator) may not see, in declaration order."""
    return [(choice, key) for choice in choices for key in list(choice.keys(state))
            if not choice.seen_by(state, key, player)]


def redraw(state: State, choices: Sequence[HiddenChoice], player: int,
           rng: random.Random) -> None:
    """Draw afresh, in declaration order (entries by key), every chosen value `player` may not
    see: a function of what `player` sees and `rng` alone."""
    for choice, key in hidden_entries(state, choices, player):
        choice.redraw(state, key, rng)
