"""Directors' actions and their decode table. An action is a word ("explore", "pass"), a verb
and what it names ("discard Bishop (rotated)", "command Sphinx", "name Blue", "bonus draw",
"resolve Market Crash"), or "target <seat number>"."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from squidbox.engine.actions import ActionTable


@dataclass(frozen=True, slots=True)
class Word:
    """A one-word action: an Action to name, "pass" or "pay"."""

    word: str


@dataclass(frozen=True, slots=True)
class Choice:
    """A verb and what it names: a card in hand or in play, a colour, a bonus, an Event."""

    verb: str
    what: str


@dataclass(frozen=True, slots=True)
class Target:
    """A player to target (0-based seat)."""

    seat: int


Move = Word | Choice | Target


def action_table(words: Sequence[str], hand_verbs: Sequence[str],
                 play_area_verbs: Sequence[str], cards: Sequence[str], rotated: str,
                 colours: Sequence[str], bonuses: Sequence[str], events: Sequence[str],
                 max_players: int) -> ActionTable[Move]:
    """Every action, in the order of the action ids."""
    entries: list[tuple[str, Move]] = [(word, Word(word)) for word in words]
    entries += [(f"{verb} {name}", Choice(verb, name)) for verb in hand_verbs for name in cards]
    entries += [(f"{verb} {name}{mark}", Choice(verb, f"{name}{mark}"))
                for verb in play_area_verbs for name in cards for mark in ("", rotated)]
    entries += [(f"name {colour}", Choice("name", colour)) for colour in colours]
    entries += [(f"bonus {word}", Choice("bonus", word)) for word in bonuses]
    entries += [(f"resolve {name}", Choice("resolve", name)) for name in events]
    entries += [(f"target {seat + 1}", Target(seat)) for seat in range(max_players)]
    return ActionTable(entries)
