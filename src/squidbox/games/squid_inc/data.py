"""Squid, Inc.'s data file (employees, board geometry, numbers), loaded and checked once."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TypeVar, cast

from squidbox.engine import DataFile

T = TypeVar("T")
DATA_FILE = Path(__file__).with_name("data.toml")

# The ability kinds the rules know, with the parameters each needs (abilities.py holds their
# effects). Passive kinds are never activated: they change a step of the turn.
ABILITY_PARAMETERS: dict[str, tuple[str, ...]] = {
    "none": (),
    "float_adjacent": (),
    "demote_adjacent": (),
    "transfer_clout": (),
    "promote_self": ("steps",),
    "swap_with_mailroom": (),
    "dismiss_opponent": (),
    "demote_opponents": ("count",),
    "remove_clout": ("most",),
    "tier_bonus": ("amount",),
    "replace_from_mailroom": (),
    "replace_from_line": (),
    "discard_from_line": (),
    "hire_from_line": (),
    "promote_by_bump": (),
    "take_control_adjacent": (),
    "copy_from_mailroom": (),
    "copy_adjacent": (),
    "clout_to_mailroom": ("amount",),
    "promote_self_or_adjacent": (),
    "give_clout_adjacent": (),
    "dismiss_bonus": ("amount",),
    "hire_discount": ("amount", "least"),
}
PASSIVE_KINDS = frozenset({"none", "dismiss_bonus", "hire_discount"})
COPY_KINDS = frozenset({"copy_from_mailroom", "copy_adjacent"})


@dataclass(frozen=True)
class Employee:
    name: str
    clout: int
    unique: bool
    copies: int
    ability: str
    params: dict[str, int] = field(default_factory=dict)
    free: bool = False
    tiers: tuple[int, ...] | None = None  # 0-based Tier indices where the ability may be used
    text: str = ""

    @cached_property  # the data is frozen: worked out once
    def cost(self) -> int:
        """Clout spent to activate the ability."""
        return 0 if self.free else self.clout

    @cached_property
    def activated(self) -> bool:
        return self.ability not in PASSIVE_KINDS


@dataclass(frozen=True)
class TierShape:
    multiplier: int
    rows: int
    columns: int


@dataclass(frozen=True)
class SquidIncData:
    player_colours: tuple[str, ...]
    min_players: int
    max_players: int
    mailroom_capacity: int
    starting_employees: int
    line_modifiers: tuple[int, ...]
    largest_amount: int
    reshuffle_limit: int
    tiers: tuple[TierShape, ...]
    guard: Employee
    guard_cards: int
    guard_tiles: int
    employees: tuple[Employee, ...]  # the guard is the last entry

    @cached_property
    def guard_type(self) -> int:
        return len(self.employees) - 1

    def card_types(self) -> list[int]:
        """The deck's cards as employee indices, in data order (guard cards last)."""
        cards = [i for i, e in enumerate(self.employees[:-1]) for _ in range(e.copies)]
        return cards + [self.guard_type] * self.guard_cards


def load(path: Path = DATA_FILE) -> SquidIncData:
    f = DataFile.load(path)
    tiers = tuple(_tier(*_entry(f, "tiers", i)) for i in range(len(f.get("tiers", list))))
    employees = tuple(_employee(*_entry(f, "employees", i), len(tiers))
                      for i in range(len(f.get("employees", list))))
    guard = Employee(f.get("security_guard.name", str), 0, False, 0, "none")
    data = SquidIncData(
        player_colours=tuple(f.get_list("player_colours", str)),
        min_players=f.get_int("min_players", 1),
        max_players=f.get_int("max_players", 1, 9),
        mailroom_capacity=f.get_int("mailroom_capacity", 1, 9),
        starting_employees=f.get_int("starting_employees", 0),
        line_modifiers=tuple(f.get_list("line_modifiers", int)),
        largest_amount=f.get_int("largest_amount", 1, 999),
        reshuffle_limit=f.get_int("reshuffle_limit", 0),
        tiers=tiers,
        guard=guard,
        guard_cards=f.get_int("security_guard.cards", 0),
        guard_tiles=f.get_int("security_guard.tiles", 0),
        employees=(*employees, guard),
    )
    _check_consistency(f, data)
    return data


def _entry(f: DataFile, name: str, i: int) -> tuple[DataFile, str]:
    """Entry i of an array of tables, as a data file of its own whose errors name
    `name[i].key` in the same file."""
    key = f"{name}[{i}]"
    table = f.get(name, list)[i]
    if not isinstance(table, dict):
        raise f.error(key, "must be a table")
    return DataFile(f.path, {key: table}), key


def _tier(f: DataFile, key: str) -> TierShape:
    return TierShape(
        multiplier=_get_int(f, key, "multiplier", 0),
        rows=_get_int(f, key, "rows", 1, 26),
        columns=_get_int(f, key, "columns", 1, 26),
    )


def _employee(f: DataFile, key: str, tier_count: int) -> Employee:
    table = f.content[key]
    name = _get(f, key, "name", str)
    ability = _get(f, key, "ability", str)
    if ability not in ABILITY_PARAMETERS:
        raise f.error(f"{key}.ability", f"is unknown ({ability!r}); known kinds: "
                      f"{', '.join(sorted(ABILITY_PARAMETERS))}")
    params = table.get("params", {})
    if not isinstance(params, dict):
        raise f.error(f"{key}.params", "must be a table")
    wanted = ABILITY_PARAMETERS[ability]
    if set(params) != set(wanted):
        raise f.error(f"{key}.params", f"must give exactly {list(wanted)} for {ability}, "
                      f"got {sorted(params)}")
    for p, value in params.items():
        if type(value) is not int or value < 0:
            raise f.error(f"{key}.params.{p}", "must be a whole number of at least 0")
    tiers = table.get("tiers")
    if tiers is not None:
        if (not isinstance(tiers, list) or not tiers
                or not all(type(t) is int and 1 <= t <= tier_count for t in tiers)):
            raise f.error(f"{key}.tiers", f"must list Tier numbers from 1 to {tier_count}")
        tiers = tuple(t - 1 for t in tiers)
    free = table.get("free", False)
    if type(free) is not bool:
        raise f.error(f"{key}.free", "must be true or false")
    return Employee(
        name=name,
        clout=_get_int(f, key, "clout", 1, 99),
        unique=_get(f, key, "unique", bool),
        copies=_get_int(f, key, "copies", 0, 99),
        ability=ability,
        params=dict(params),
        free=free,
        tiers=tiers,
        text=str(table.get("text", "")),
    )


def _get(f: DataFile, key: str, name: str, kind: type[T]) -> T:
    """The value at `key.name`, of type `kind` (DataFile.get checks it)."""
    return cast(T, f.get(f"{key}.{name}", kind))


def _get_int(f: DataFile, key: str, name: str, minimum: int, maximum: int | None = None) -> int:
    return f.get_int(f"{key}.{name}", minimum, maximum)


def _check_consistency(f: DataFile, data: SquidIncData) -> None:
    if not data.tiers:
        raise f.error("tiers", "must list at least one Tier")
    if not 1 <= data.min_players <= data.max_players:
        raise f.error("min_players", "must be between 1 and max_players")
    if len(data.player_colours) < data.max_players:
        raise f.error("player_colours", f"must name a colour for each of {data.max_players} seats")
    if not data.line_modifiers:
        raise f.error("line_modifiers", "must give at least one Unemployed Line space")
    names = [e.name for e in data.employees]
    if len(set(names)) != len(names):
        raise f.error("employees", "must have distinct names (the Security Guard's included)")
    for i, employee in enumerate(data.employees[:-1]):
        if employee.unique and employee.copies > 1:
            raise f.error(f"employees[{i}].copies",
                          f"must be at most 1: {employee.name} is unique")
    non_guards = sum(e.copies for e in data.employees[:-1])
    needed = data.max_players * data.starting_employees + len(data.line_modifiers)
    if non_guards < needed:
        raise f.error("employees", f"{non_guards} Employee cards are too few to deal "
                      f"{data.max_players} Mailrooms and the Unemployed Line")
