"""A bound on the decisions of one game of Directors, from the rules as implemented and the data
file (`Directors.max_game_length`; docs/research.md). Not tight: a real bound of every legal
game (tests/games/directors/test_length.py plays random games against each factor).

There is one only when a Sphinx takes one payment a command (option sphinx_payments "one"). With
"several" one command buys an extra turn for every $10 its player holds, and an extra turn can
gain more than $10, which the player's next Sphinx spends again: the extra turns compound over
the clock's turns, a finite but exponential count that no useful bound follows from.

decisions <= turns x decisions a turn, where

- turns: `turns` on the clock for each player, each followed by at most one extra turn from
  Meteor Shower and one for each Sphinx commanded (on an extra turn neither makes another).
- commands a turn: the Action commands at most `commands` cards; only those can be Directors
  that work (a Director commanded by a Director does nothing), and each commands a few
  (`SHAPES`); the one other command is Agent's line, once for each Agent played. An Agent
  card is played again in the same turn only after it left play: discarded from play (once by
  Commerce, once a colour by Eruption, once for each other player by each Vampire) or
  returned to the hand by a Watchdog.
- each command asks at most: its place in the commanding order, Zoo Opening's question, the
  card's questions and its offers to play a card (`SHAPES`, the most of any card).
- once a turn: name the Action, choose the cards to command, the first line's plays, the
  Events' order, questions and plays (each Event takes effect once a turn), and Falconer's
  window on Unleash (each player once, and again after each Falconer played).
- Cultist's line: one question each time a Cultist is discarded from a hand, at most each
  copy from each hand by each command.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .data import COLOURS, DirectorsData

Count = Callable[[dict[str, Any], int], int]  # from a card's params and the player count


def nothing(params: dict[str, Any], players: int) -> int:
    return 0


def one(params: dict[str, Any], players: int) -> int:
    return 1


@dataclass(frozen=True)
class Shape:
    """What commanding a card (an Event taking effect) may ask, read from cards.py
    (event_cards.py): `questions` of any player, `offers` to play a card ("you may play"),
    and `commands` of other cards (a Director's)."""

    questions: Count = nothing
    offers: Count = nothing
    commands: Count = nothing


SHAPES: dict[str, Shape] = {
    "Advisor": Shape(one, offers=lambda p, n: p["plays"]),
    "Agent": Shape(offers=one),
    "Alpha": Shape(offers=one),
    "Artisan": Shape(),
    "Bandit": Shape(),
    "Bishop": Shape(lambda p, n: n * p["discard"]),  # each player, a card at a time
    "Captain": Shape(lambda p, n: p["discard"], commands=lambda p, n: p["discard"]),
    "Cultist": Shape(lambda p, n: p["discard"]),
    "Diplomat": Shape(one, commands=one),
    "Falconer": Shape(),
    "Familiar": Shape(offers=one),
    "Golem": Shape(one, offers=lambda p, n: p["plays"]),
    "Healer": Shape(),
    "Hero": Shape(),
    "Horse": Shape(),
    "Hunter": Shape(lambda p, n: 2 + (n - 1)),  # the colour, your discard, each other's
    "Inventor": Shape(one, offers=one, commands=one),
    "Kitsune": Shape(lambda p, n: 3, offers=one),  # give, with whom, take
    "Leprechaun": Shape(),
    "Magpie": Shape(lambda p, n: p["times"]),
    "Mastermind": Shape(offers=lambda p, n: len(p["tiers"])),
    "Merchant": Shape(),
    "Mimic": Shape(one, commands=lambda p, n: p["times"]),
    "Nightmare": Shape(lambda p, n: (n - 1) * p["spared"]),
    "Overlord": Shape(lambda p, n: 2, commands=lambda p, n: 2),  # a Blue card, a Gold card
    "Patron": Shape(offers=one),
    "Puppeteer": Shape(lambda p, n: 2, commands=lambda p, n: 2),  # two of different costs
    "Raider": Shape(lambda p, n: n - 1),
    "Sphinx": Shape(one),  # one payment ("one"); "several" has no bound
    "Spy": Shape(one, commands=one),
    "Squire": Shape(offers=lambda p, n: n),  # each player, in turn order
    "Unicorn": Shape(),
    "Vampire": Shape(lambda p, n: n - 1),
    "Villain": Shape(),
    "Warlord": Shape(offers=one),
    "Watchdog": Shape(one, commands=one),
    # Events
    "Cleaning": Shape(),
    "Commerce": Shape(one, offers=one),
    "Crowdfunding": Shape(one),
    "Dance": Shape(one),
    "Eruption": Shape(lambda p, n: len(COLOURS)),  # a card of each colour
    "Expedition": Shape(offers=lambda p, n: p["plays"]),
    "Job Fair": Shape(),
    "Masquerade": Shape(),
    "Meteor Shower": Shape(),
    "Party": Shape(),
    "Performance": Shape(),
    "Protest": Shape(),
    "Snowfall": Shape(),
    "Tournament": Shape(),
    "Vacation": Shape(),
    "Zoo Opening": Shape(),
}


def shape_of(name: str) -> Shape:
    if name not in SHAPES:
        raise KeyError(f"{name}: no Shape in directors/length.py says what commanding it asks")
    return SHAPES[name]


def most(data: DirectorsData, players: int, part: Callable[[Shape], Count],
         names: list[str] | None = None) -> int:
    """The most `part` (questions, offers or commands) of any card (of `names`)."""
    names = list(data.cards) if names is None else names
    return max(part(shape_of(name))(data.cards[name].params, players) for name in names)


def action_and_director_commands(data: DirectorsData, players: int) -> int:
    """Commands a turn, Agent's line not counted."""
    directors = [name for name, card in data.cards.items() if card.director]
    action = data.actions.commands
    each = most(data, players, lambda s: s.commands, directors) if directors else 0
    return action + action * each


def most_commands(data: DirectorsData, players: int) -> int:
    """Commands a turn: the Action's and its Directors', and Agent's line for each Agent
    played: each copy once, and once more each time a card leaves play (Commerce one,
    Eruption one a colour, each Vampire one for each other player, each Watchdog one)."""
    base = action_and_director_commands(data, players)
    agents = data.cards["Agent"].copies if "Agent" in data.cards else 0
    left_play = 1 + len(COLOURS) + base * (players - 1) + base
    return base + (agents + left_play if agents else 0)


def most_in_a_turn(data: DirectorsData, players: int) -> int:
    commands = most_commands(data, players)
    per_command = (1 + 1  # its place in the order, Zoo Opening
                   + most(data, players, lambda s: s.questions)
                   + most(data, players, lambda s: s.offers))
    events = sum(1 + shape_of(name).questions(event.params, players)
                 + shape_of(name).offers(event.params, players)
                 for name, event in data.events.items())  # its order, its questions and plays
    numbers = data.actions
    once = 1 + numbers.commands + max(numbers.recruit_plays, numbers.unleash_plays) + events
    falconer = players + (data.cards["Falconer"].copies if "Falconer" in data.cards else 0)
    cultist = commands * players * (data.cards["Cultist"].copies if "Cultist" in data.cards
                                    else 0)
    return once + commands * per_command + falconer + cultist


def most_turns(data: DirectorsData, players: int) -> int:
    sphinxes = action_and_director_commands(data, players)
    return data.turns * players * (1 + 1 + sphinxes)


def max_game_length(data: DirectorsData, players: int, options: dict[str, Any]) -> int | None:
    """None where the rules give no useful bound (Sphinx paid again and again)."""
    if options.get("sphinx_payments") != "one":
        return None
    return most_turns(data, players) * most_in_a_turn(data, players)
