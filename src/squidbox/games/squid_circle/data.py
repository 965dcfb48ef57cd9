"""SQUID's data file, loaded and checked once."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from squidbox.engine import DataFile

DATA_FILE = Path(__file__).with_name("data.toml")

# The effects the rules code knows, by data key (rulebook "Mögliche Wächteraktionen" and
# "So funktionieren die Tricks").
GUARD_ACTION_EFFECTS = ("empty_magazine", "new_trick", "pow")
TRICK_EFFECTS = ("show_two", "show_minus_one", "next_character", "quick_game", "second_chance")
MOMENTS = ("call", "after_move", "after_reveal")
MOMENT_OF_EFFECT = {
    "show_two": "call", "show_minus_one": "call", "next_character": "after_move",
    "quick_game": "after_move", "second_chance": "after_reveal",
}


@dataclass(frozen=True)
class GuardActionType:
    key: str
    name: str
    english: str
    german: str  # the rulebook's text (the German interface shows it)


@dataclass(frozen=True)
class TrickType:
    key: str
    name: str
    english: str
    german: str  # the rulebook's text (the German interface shows it)
    moment: str
    vote: int | None  # what the vote counts when played with the call


@dataclass(frozen=True)
class Mix:
    description: str
    guard_actions: tuple[int, ...]  # copies of each guard action type, in type order
    tricks: tuple[int, ...]  # copies of each trick type, in type order


@dataclass(frozen=True)
class SquidCircleData:
    colours: tuple[str, ...]  # the seats' names in the state ("Red"; characters "Red 1")
    german_colours: tuple[str, ...]  # the same colours as the German interface shows them
    min_players: int
    characters_per_colour: int
    starting_tricks: int
    guard_action_cards: int
    trick_cards: int
    characters_in_circle: dict[int, int]
    guard_actions: tuple[GuardActionType, ...]
    tricks: tuple[TrickType, ...]
    mixes: dict[str, Mix]

    @property
    def max_players(self) -> int:
        return len(self.colours)

    def guard_index(self, key: str) -> int:
        return next(i for i, t in enumerate(self.guard_actions) if t.key == key)

    def trick_index(self, key: str) -> int:
        return next(i for i, t in enumerate(self.tricks) if t.key == key)


def load(path: Path = DATA_FILE) -> SquidCircleData:
    f = DataFile.load(path)
    colours = tuple(f.get_list("colours", str))
    if len(set(colours)) != len(colours) or not all(colours):
        raise f.error("colours", "must be distinct, non-empty names")
    german_colours = tuple(f.get_list("german_colours", str))
    if len(set(german_colours)) != len(colours) or not all(german_colours):
        raise f.error("german_colours", f"must be {len(colours)} distinct, non-empty names, one "
                      "for each of `colours`")
    guard_actions = tuple(
        GuardActionType(key, f.get(f"guard_actions.{key}.name", str),
                        f.get(f"guard_actions.{key}.english", str),
                        f.get(f"guard_actions.{key}.german", str))
        for key in _keys(f, "guard_actions", GUARD_ACTION_EFFECTS)
    )
    tricks = tuple(_trick(f, key) for key in _keys(f, "tricks", TRICK_EFFECTS))
    names = [t.name for t in guard_actions] + [t.name for t in tricks]
    if len(set(names)) != len(names):
        raise f.error("tricks", "card names must be distinct from each other and the guard actions")
    data = SquidCircleData(
        colours=colours,
        german_colours=german_colours,
        min_players=f.get_int("min_players", 2, max(2, len(colours))),
        characters_per_colour=f.get_int("characters_per_colour", 1),
        starting_tricks=f.get_int("starting_tricks", 0),
        guard_action_cards=f.get_int("guard_action_cards", 1),
        trick_cards=f.get_int("trick_cards", 0),
        characters_in_circle=_characters_in_circle(f),
        guard_actions=guard_actions,
        tricks=tricks,
        mixes={},
    )
    for name in f.get("mixes", dict):
        data.mixes[name] = _mix(f, name, data)
    _check_consistency(f, data)
    return data


def _keys(f: DataFile, table: str, known: tuple[str, ...]) -> list[str]:
    """The card types of a table, which must be exactly the effects the rules know."""
    keys = list(f.get(table, dict))
    if sorted(keys) != sorted(known):
        raise f.error(table, f"must list exactly {', '.join(known)}; found {', '.join(keys)}")
    return keys


def _trick(f: DataFile, key: str) -> TrickType:
    moment = f.get(f"tricks.{key}.moment", str)
    if moment != MOMENT_OF_EFFECT[key]:
        raise f.error(f"tricks.{key}.moment", f"must be {MOMENT_OF_EFFECT[key]!r} for this card")
    vote = f.get_int(f"tricks.{key}.vote", -9, 9) if moment == "call" else None
    return TrickType(key, f.get(f"tricks.{key}.name", str), f.get(f"tricks.{key}.english", str),
                     f.get(f"tricks.{key}.german", str), moment, vote)


def _characters_in_circle(f: DataFile) -> dict[int, int]:
    counts = {}
    for count in f.get("characters_in_circle", dict):
        if not count.isdigit():
            raise f.error(f"characters_in_circle.{count}", "must be keyed by a player count")
        counts[int(count)] = f.get_int(f"characters_in_circle.{count}", 1)
    return counts


def _mix(f: DataFile, name: str, data: SquidCircleData) -> Mix:
    key = f"mixes.{name}"
    guard = tuple(f.get_int(f"{key}.guard_actions.{t.key}", 0) for t in data.guard_actions)
    tricks = tuple(f.get_int(f"{key}.tricks.{t.key}", 0) for t in data.tricks)
    if sum(guard) != data.guard_action_cards:
        raise f.error(f"{key}.guard_actions", f"must add up to {data.guard_action_cards} cards, "
                      f"not {sum(guard)}")
    if sum(tricks) != data.trick_cards:
        raise f.error(f"{key}.tricks",
                      f"must add up to {data.trick_cards} cards, not {sum(tricks)}")
    if guard[data.guard_index("pow")] == 0:
        raise f.error(f"{key}.guard_actions.pow", "must be at least 1, or no one is ever out")
    return Mix(f.get(f"{key}.description", str), guard, tricks)


def _check_consistency(f: DataFile, data: SquidCircleData) -> None:
    if not data.mixes:
        raise f.error("mixes", "must hold at least one deck mix")
    if "proposed" not in data.mixes:
        raise f.error("mixes.proposed", "is missing (it is the default mix)")
    counts = range(data.min_players, data.max_players + 1)
    missing = [n for n in counts if n not in data.characters_in_circle]
    if missing:
        raise f.error("characters_in_circle", f"must give a count for {missing} players")
    for n, k in data.characters_in_circle.items():
        if k > data.characters_per_colour:
            raise f.error(f"characters_in_circle.{n}",
                          f"must be at most characters_per_colour ({data.characters_per_colour})")
    if data.trick_cards < data.max_players * data.starting_tricks:
        raise f.error("trick_cards", "are too few to deal every player's starting tricks")
