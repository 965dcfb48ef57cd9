"""Directors' data file: every card and Event, loaded and checked once."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from squidbox.engine import DataFile

DATA_FILE = Path(__file__).with_name("data.toml")
COLOURS = ("Blue", "Gold", "Red")
# The colour of card each Action commands (Unleash commands none).
COLOUR_OF_ACTION = {"explore": "Blue", "collect": "Gold", "recruit": "Red"}
TRIGGERS = ("start", "end", "turn")


@dataclass(frozen=True)
class Card:
    name: str
    colour: str
    cost: int
    crowns: int
    copies: int
    director: bool
    text: str
    params: dict[str, int | list[int]] = field(default_factory=dict)


@dataclass(frozen=True)
class EventCard:
    name: str
    turns: tuple[int, ...]
    trigger: str
    text: str
    params: dict[str, int | list[int]] = field(default_factory=dict)


@dataclass(frozen=True)
class ActionNumbers:
    explore_draw: int
    collect_money: int
    recruit_plays: int
    unleash_minus: int
    unleash_money: int
    unleash_plays: int
    commands: int


@dataclass(frozen=True)
class DirectorsData:
    min_players: int
    max_players: int
    hand: int
    money: int
    turns: int
    max_events: int
    actions: ActionNumbers
    cards: dict[str, Card]
    events: dict[str, EventCard]

    def deck(self) -> list[str]:
        """Every card, in name order."""
        return [name for name, card in sorted(self.cards.items()) for _ in range(card.copies)]


def load(path: Path = DATA_FILE) -> DirectorsData:
    f = DataFile.load(path)
    turns = f.get_int("setup.turns", 1)
    data = DirectorsData(
        min_players=f.get_int("min_players", 2),
        max_players=f.get_int("max_players", 2),
        hand=f.get_int("setup.hand", 0),
        money=f.get_int("setup.money", 0),
        turns=turns,
        max_events=f.get_int("setup.max_events", 0),
        actions=ActionNumbers(**{
            name: f.get_int(f"actions.{name}", 0)
            for name in ActionNumbers.__dataclass_fields__
        }),
        cards={name: _card(f, name) for name in f.get("cards", dict)},
        events={name: _event(f, name, turns) for name in f.get("events", dict)},
    )
    _check_rules_exist(f, data)
    if data.min_players > data.max_players:
        raise f.error("min_players", "must not exceed max_players")
    if data.max_events > len(data.events):
        raise f.error("setup.max_events", f"must be at most the {len(data.events)} Events")
    if len(data.deck()) < data.max_players * data.hand:
        raise f.error("cards", "are too few to deal every hand")
    return data


def _check_rules_exist(f: DataFile, data: DirectorsData) -> None:
    """Every card and Event in the file must be one the rules code knows, and vice versa."""
    from .cards import EFFECTS
    from .event_cards import EVENT_EFFECTS, WHOLE_TURN_EVENTS

    if set(data.cards) != set(EFFECTS):
        unknown = sorted(set(data.cards) - set(EFFECTS))
        missing = sorted(set(EFFECTS) - set(data.cards))
        raise f.error("cards", f"must be the 36 known cards (unknown: {unknown}, "
                      f"missing: {missing})")
    known_events = set(EVENT_EFFECTS) | set(WHOLE_TURN_EVENTS)
    if set(data.events) != known_events:
        unknown = sorted(set(data.events) - known_events)
        missing = sorted(known_events - set(data.events))
        raise f.error("events", f"must be the 16 known Events (unknown: {unknown}, "
                      f"missing: {missing})")
    for name, event in data.events.items():
        whole_turn = name in WHOLE_TURN_EVENTS
        if (event.trigger == "turn") != whole_turn:
            allowed = '"turn"' if whole_turn else '"start" or "end"'
            raise f.error(f"events.{name}.trigger", f"must be {allowed}")


def _card(f: DataFile, name: str) -> Card:
    key = f"cards.{name}"
    colour = f.get(f"{key}.colour", str)
    if colour not in COLOURS:
        raise f.error(f"{key}.colour", f"must be one of {', '.join(COLOURS)}, not {colour!r}")
    table = f.get(key, dict)
    copies = f.get_int(f"{key}.copies", 1) if "copies" in table else f.get_int("deck.copies", 1)
    return Card(
        name=name,
        colour=colour,
        cost=f.get_int(f"{key}.cost", 0),
        crowns=f.get_int(f"{key}.crowns"),
        copies=copies,
        director=f.get(f"{key}.director", bool) if "director" in table else False,
        text=f.get(f"{key}.text", str),
        params=_params(f, key, table),
    )


def _event(f: DataFile, name: str, turns: int) -> EventCard:
    key = f"events.{name}"
    trigger = f.get(f"{key}.trigger", str)
    if trigger not in TRIGGERS:
        raise f.error(f"{key}.trigger", f"must be one of {', '.join(TRIGGERS)}, not {trigger!r}")
    active = f.get_list(f"{key}.turns", int)
    if not active or any(not 1 <= t <= turns for t in active):
        raise f.error(f"{key}.turns", f"must list clock turns between 1 and {turns}")
    table = f.get(key, dict)
    return EventCard(name, tuple(sorted(set(active))), trigger, f.get(f"{key}.text", str),
                     _params(f, key, table))


def _params(f: DataFile, key: str, table: dict[str, object]) -> dict[str, int | list[int]]:
    if "params" not in table:
        return {}
    params: dict[str, int | list[int]] = {}
    for name, value in f.get(f"{key}.params", dict).items():
        if isinstance(value, list):
            params[name] = f.get_list(f"{key}.params.{name}", int)
        else:
            params[name] = f.get_int(f"{key}.params.{name}", 0)
    return params
