"""Squid Game's data file, loaded and checked once."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from squidbox.engine import DataFile

DATA_FILE = Path(__file__).with_name("data.toml")


@dataclass(frozen=True)
class SquidGameData:
    colours: tuple[str, ...]
    tokens: dict[str, tuple[int, ...]]  # colour -> its token numbers, ascending
    start_tokens: int
    timer_steps: tuple[str, ...]
    card_values: tuple[int, ...]
    rlgl_timer_start: str
    rlgl_lanes: int
    doll_cards: tuple[tuple[int, ...], ...]
    dalgona_timer_start: str
    crack_cards: int
    shapes: tuple[str, ...]
    shape_cards: tuple[int, ...]
    shape_sections: tuple[int, ...]
    tug_teams: tuple[str, ...]
    tug_slots_per_team: int
    tug_max_cards: int
    roll_kinds: tuple[str, ...]
    off_table_percent: tuple[int, ...]
    nearest_cm: tuple[int, ...]
    farthest_cm: tuple[int, ...]
    bridge_timer_start: str
    bridge_max_tiles: int
    positions_per_strip: int
    max_strips: int
    position_capacity: int
    triangle_spaces: int

    @property
    def push_card(self) -> int:
        return 0


def _per_item(f: DataFile, key: str, length: int, minimum: int = 0) -> tuple[int, ...]:
    values = f.get_list(key, int)
    if len(values) != length or min(values, default=minimum) < minimum:
        raise f.error(key, f"must list {length} integers of at least {minimum}")
    return tuple(values)


def _timer_value(f: DataFile, key: str, steps: tuple[str, ...]) -> str:
    value: str = f.get(key, str)
    if value not in steps[:-1]:
        raise f.error(key, f"must be one of {', '.join(steps[:-1])}")
    return value


def load(path: Path = DATA_FILE) -> SquidGameData:
    f = DataFile.load(path)
    colours = tuple(f.get_list("colours", str))
    if not 3 <= len(colours) or len(set(colours)) != len(colours):
        raise f.error("colours", "must name at least 3 different colours")
    per_team = f.get_int("tokens_per_team", 1, 99)
    tokens = {}
    for colour in colours:
        numbers = f.get_list(f"tokens.{colour}", int)
        if len(numbers) != per_team or len(set(numbers)) != per_team or min(numbers) < 1:
            raise f.error(f"tokens.{colour}", f"must list {per_team} different positive numbers")
        tokens[colour] = tuple(sorted(numbers))
    every = [n for numbers in tokens.values() for n in numbers]
    if len(set(every)) != len(every):
        raise f.error("tokens", "a token number appears in two colours")
    steps = tuple(f.get_list("timer.steps", str))
    if len(steps) < 2:
        raise f.error("timer.steps", "must list at least two values, ending at 00:00")
    values = tuple(f.get_list("player_cards.values", int))
    if len(set(values)) != len(values) or 0 not in values or min(values) < 0:
        raise f.error("player_cards.values", "must be different non-negative values with a 0")
    doll = f.get_list("red_light_green_light.doll_cards", list)
    for card in doll:
        if not all(isinstance(v, int) and v in values and v != 0 for v in card):
            raise f.error("red_light_green_light.doll_cards",
                          "must list Red Light numbers among the non-zero player cards")
    shapes = tuple(f.get_list("dalgona.shapes", str))
    kinds = tuple(f.get_list("marbles.roll_kinds", str))
    teams = tuple(f.get_list("tug_of_war.teams", str))
    if len(teams) % 2 or len(set(teams)) != len(teams):
        raise f.error("tug_of_war.teams", "must name an even number of different teams")
    data = SquidGameData(
        colours=colours,
        tokens=tokens,
        start_tokens=f.get_int("start_tokens", 1, per_team),
        timer_steps=steps,
        card_values=values,
        rlgl_timer_start=_timer_value(f, "red_light_green_light.timer_start", steps),
        rlgl_lanes=f.get_int("red_light_green_light.lanes", 1, 50),
        doll_cards=tuple(tuple(card) for card in doll),
        dalgona_timer_start=_timer_value(f, "dalgona.timer_start", steps),
        crack_cards=f.get_int("dalgona.crack_cards", 1, 10),
        shapes=shapes,
        shape_cards=_per_item(f, "dalgona.shape_cards", len(shapes), 1),
        shape_sections=_per_item(f, "dalgona.sections", len(shapes), 1),
        tug_teams=teams,
        tug_slots_per_team=f.get_int("tug_of_war.slots_per_team", 1, 20),
        tug_max_cards=f.get_int("tug_of_war.max_cards", 1, len(values)),
        roll_kinds=kinds,
        off_table_percent=_per_item(f, "marbles.off_table_percent", len(kinds)),
        nearest_cm=_per_item(f, "marbles.nearest_cm", len(kinds)),
        farthest_cm=_per_item(f, "marbles.farthest_cm", len(kinds)),
        bridge_timer_start=_timer_value(f, "glass_bridge.timer_start", steps),
        bridge_max_tiles=f.get_int("glass_bridge.max_tiles", 1, 20),
        positions_per_strip=f.get_int("glass_bridge.positions_per_strip", 1, 20),
        max_strips=f.get_int("glass_bridge.max_strips", 1, 10),
        position_capacity=f.get_int("glass_bridge.position_capacity", 2, 2),
        triangle_spaces=f.get_int("squid_game.triangle_spaces", 1, 30),
    )
    if not doll:
        raise f.error("red_light_green_light.doll_cards", "must list at least one card")
    if any(p > 100 for p in data.off_table_percent):
        raise f.error("marbles.off_table_percent", "must be percentages up to 100")
    if any(a > b for a, b in zip(data.nearest_cm, data.farthest_cm, strict=True)):
        raise f.error("marbles.nearest_cm", "must not exceed farthest_cm")
    return data
