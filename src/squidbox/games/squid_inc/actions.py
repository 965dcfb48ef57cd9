"""Squid, Inc.'s actions and their decode table. Every text names its kind first and then,
where it has one, a board space ("to 2B1"), a line slot ("take +1", by its modifier), a
Mailroom slot ("hire M2", "pick P1 M2"), an amount ("amount 3") or a direction ("push up")."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from squidbox.engine.actions import ActionTable

from .board import DIRECTION_NAMES


@dataclass(frozen=True, slots=True)
class Take:
    """Choose the Employee on a line slot (index into the line)."""

    slot: int


@dataclass(frozen=True, slots=True)
class ToMailroom:
    """Put the chosen Employee in the Mailroom."""


@dataclass(frozen=True, slots=True)
class Dismiss:
    """Dismiss the chosen Employee for its Clout."""


@dataclass(frozen=True, slots=True)
class CloutOnMailroom:
    """The Clout goes on the Employee in this Mailroom slot (0-based)."""

    slot: int


@dataclass(frozen=True, slots=True)
class CloutOnSpace:
    """The Clout goes on the piece on this space."""

    space: int


@dataclass(frozen=True, slots=True)
class AllClout:
    """All the Clout on the Mailroom Employee."""


@dataclass(frozen=True, slots=True)
class Split:
    """Share the Clout with the piece on this space."""

    space: int


@dataclass(frozen=True, slots=True)
class Amount:
    amount: int


@dataclass(frozen=True, slots=True)
class Hire:
    """Bring in the Employee in this Mailroom slot (0-based)."""

    slot: int


@dataclass(frozen=True, slots=True)
class To:
    space: int


@dataclass(frozen=True, slots=True)
class Bump:
    space: int


@dataclass(frozen=True, slots=True)
class Use:
    """Use the ability of the piece on this space."""

    space: int


@dataclass(frozen=True, slots=True)
class End:
    """End the turn."""


@dataclass(frozen=True, slots=True)
class Pick:
    """An ability's pick: a board space."""

    space: int


@dataclass(frozen=True, slots=True)
class PickMailroom:
    """An ability's pick: a seat's Mailroom slot (both 0-based)."""

    seat: int
    slot: int


@dataclass(frozen=True, slots=True)
class PickLine:
    """An ability's pick: a line slot."""

    slot: int


@dataclass(frozen=True, slots=True)
class Push:
    """Float: the direction (index into board.DIRECTION_NAMES)."""

    direction: int


@dataclass(frozen=True, slots=True)
class Decline:
    """Make no Bump."""


Move = (Take | ToMailroom | Dismiss | CloutOnMailroom | CloutOnSpace | AllClout | Split | Amount
        | Hire | To | Bump | Use | End | Pick | PickMailroom | PickLine | Push | Decline)
# The moves that name a board space, a line or Mailroom slot of the current player.
SPACE_MOVES = (CloutOnSpace, Split, To, Bump, Use, Pick)
SLOT_MOVES = (Take, PickLine, Hire, CloutOnMailroom)


def action_table(spaces: Sequence[str], slots: Sequence[str], mailroom_capacity: int,
                 largest_amount: int, max_players: int) -> ActionTable[Move]:
    """Every action, in the order of the action ids."""
    mailroom = range(mailroom_capacity)
    every_space = list(enumerate(spaces))
    entries: list[tuple[str, Move]] = [
        *((f"take {name}", Take(i)) for i, name in enumerate(slots)),
        ("mailroom", ToMailroom()), ("dismiss", Dismiss()),
        *((f"clout M{k + 1}", CloutOnMailroom(k)) for k in mailroom),
        *((f"clout {name}", CloutOnSpace(s)) for s, name in every_space),
        ("all", AllClout()),
        *((f"split {name}", Split(s)) for s, name in every_space),
        *((f"amount {k}", Amount(k)) for k in range(largest_amount + 1)),
        *((f"hire M{k + 1}", Hire(k)) for k in mailroom),
        *((f"to {name}", To(s)) for s, name in every_space),
        *((f"bump {name}", Bump(s)) for s, name in every_space),
        *((f"use {name}", Use(s)) for s, name in every_space),
        ("end", End()),
        *((f"pick {name}", Pick(s)) for s, name in every_space),
        *((f"pick P{p + 1} M{k + 1}", PickMailroom(p, k)) for p in range(max_players)
          for k in mailroom),
        *((f"pick line {name}", PickLine(i)) for i, name in enumerate(slots)),
        *((f"push {d}", Push(i)) for i, d in enumerate(DIRECTION_NAMES)),
        ("decline", Decline()),
    ]
    return ActionTable(entries)
