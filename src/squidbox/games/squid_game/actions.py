"""Squid Game's actions: each text ("token 325", "play 3 on A", "side left") with the typed move
it stands for (engine/actions.py). The rules and labels decode an action with one lookup in the
game's table (`game.moves.decode[action]`); the texts below are what stored games hold.

One text can serve several games: "token 325" is a token picked, placed, pushed or moved,
"card 3" is a card played face down in Red Light, Green Light or on the Glass Bridge; the
question being answered says which.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from squidbox.engine.actions import ActionTable

if TYPE_CHECKING:
    from .data import SquidGameData


@dataclass(frozen=True, slots=True)
class Token:
    """A team token, by its printed number (picked, placed, pushed, moved, kept...)."""

    number: int


@dataclass(frozen=True, slots=True)
class Card:
    """A player card played face down (Red Light, Green Light; Glass Bridge)."""

    value: int


@dataclass(frozen=True, slots=True)
class Shape:
    """Dalgona placement: a shape, by its index in the data file."""

    shape: int


@dataclass(frozen=True, slots=True)
class Draw:
    """Dalgona: turn over the next card."""


@dataclass(frozen=True, slots=True)
class Stop:
    """Dalgona: stop turning cards."""


@dataclass(frozen=True, slots=True)
class Team:
    """Tug of War: a rope team, by its index in the data file."""

    team: int


@dataclass(frozen=True, slots=True)
class Play:
    """Tug of War: a card face down behind a rope team (an index)."""

    value: int
    team: int


@dataclass(frozen=True, slots=True)
class Alone:
    """Marbles: the token stands alone (another may pair with it later)."""


@dataclass(frozen=True, slots=True)
class OddEven:
    """Marbles: the pair plays Odd Even."""


@dataclass(frozen=True, slots=True)
class Wall:
    """Marbles: the pair plays Closest to the wall."""


@dataclass(frozen=True, slots=True)
class Hide:
    """Marbles, Odd Even: hide 1 or 2 marbles."""

    marbles: int


@dataclass(frozen=True, slots=True)
class Guess:
    """Marbles, Odd Even: guess "odd" or "even"."""

    guess: str


@dataclass(frozen=True, slots=True)
class Roll:
    """Marbles, Closest to the wall: roll a kind of marble (its index in the data file)."""

    kind: int


@dataclass(frozen=True, slots=True)
class Spot:
    """Glass Bridge: a mannequin position on the line (0-based; its text counts from 1)."""

    spot: int


@dataclass(frozen=True, slots=True)
class Side:
    """Glass Bridge: leap to the "left" or "right" glass of the next tile."""

    side: str


@dataclass(frozen=True, slots=True)
class Final:
    """The final Squid Game: Block, Stab, Push or Move played face down."""

    card: str


Move = (Token | Card | Shape | Draw | Stop | Team | Play | Alone | OddEven | Wall | Hide | Guess
        | Roll | Spot | Side | Final)

DRAW_ACTION, STOP_ACTION = "draw", "stop"
ALONE, ODD_EVEN, WALL = "alone", "odd even", "wall"
HIDE = ("hide 1", "hide 2")
GUESS = ("guess odd", "guess even")
SIDES = ("left", "right")
FINAL_CARDS = ("block", "stab", "push", "move")  # also their resolution order


def token_action(number: int) -> str:
    return f"token {number}"


def card_action(value: int) -> str:
    return f"card {value}"


def shape_action(shape: str) -> str:
    return f"shape {shape}"


def team_action(team: str) -> str:
    return f"team {team}"


def play_action(value: int, team: str) -> str:
    return f"play {value} on {team}"


def roll_action(kind: str) -> str:
    return f"roll {kind}"


def spot_action(spot: int) -> str:
    return f"spot {spot + 1}"


def side_action(side: str) -> str:
    return f"side {side}"


def action_table(data: SquidGameData, tokens: Iterable[int]) -> ActionTable[Move]:
    """Every action of the game, in action-id order (the order stored games and the adapters
    number them by)."""
    values = data.card_values
    teams = data.tug_teams
    entries: list[tuple[str, Move]] = [(token_action(t), Token(t)) for t in tokens]
    entries += [(card_action(v), Card(v)) for v in values]
    entries += [(shape_action(shape), Shape(k)) for k, shape in enumerate(data.shapes)]
    entries += [(DRAW_ACTION, Draw()), (STOP_ACTION, Stop())]
    entries += [(team_action(team), Team(k)) for k, team in enumerate(teams)]
    entries += [(play_action(v, team), Play(v, k)) for v in values for k, team in enumerate(teams)]
    entries += [(ALONE, Alone()), (ODD_EVEN, OddEven()), (WALL, Wall())]
    entries += [(text, Hide(k + 1)) for k, text in enumerate(HIDE)]
    entries += [(f"guess {guess}", Guess(guess)) for guess in ("odd", "even")]
    entries += [(roll_action(kind), Roll(k)) for k, kind in enumerate(data.roll_kinds)]
    entries += [(spot_action(k), Spot(k))
                for k in range(data.max_strips * data.positions_per_strip)]
    entries += [(side_action(side), Side(side)) for side in SIDES]
    entries += [(card, Final(card)) for card in FINAL_CARDS]
    return ActionTable(entries)
