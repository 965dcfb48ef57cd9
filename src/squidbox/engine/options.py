"""Game options: declared per game, validated in one place, always JSON-ready."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .errors import InvalidOptions


@dataclass(frozen=True)
class Option:
    """One option a game accepts.

    `choices` lists the allowed values when they are few; `check` validates anything else and
    returns an error message (or None when the value is fine). It receives the value and the
    player count, since some options depend on it.
    """

    name: str
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    check: Callable[[Any, int], str | None] | None = None

    def validate(self, value: Any, num_players: int) -> None:
        if self.choices is not None:
            if not any(value == c and type(value) is type(c) for c in self.choices):
                allowed = ", ".join(repr(c) for c in self.choices)
                raise InvalidOptions(
                    f"option {self.name!r} cannot be {value!r}; allowed: {allowed}"
                )
        if self.check is not None:
            problem = self.check(value, num_players)
            if problem:
                raise InvalidOptions(f"option {self.name!r} cannot be {value!r}: {problem}")

    def describe(self) -> str:
        allowed = f" (one of {', '.join(repr(c) for c in self.choices)})" if self.choices else ""
        return f"{self.name}: {self.help}{allowed}; default {self.default!r}"


def resolve_options(
    specs: tuple[Option, ...], given: Mapping[str, Any] | None, num_players: int
) -> dict[str, Any]:
    """Return every option's value (defaults filled in), or raise InvalidOptions."""
    if given is None:
        given = {}
    if not isinstance(given, Mapping):
        raise InvalidOptions(f"options must be a mapping of name to value, got {given!r}")
    by_name = {spec.name: spec for spec in specs}
    unknown = sorted(set(given) - set(by_name), key=str)
    if unknown:
        valid = ", ".join(by_name) or "none"
        raise InvalidOptions(f"unknown option(s) {', '.join(map(repr, unknown))}; valid: {valid}")
    resolved = {}
    for spec in specs:
        value = given.get(spec.name, spec.default)
        spec.validate(value, num_players)
        resolved[spec.name] = value
    return resolved
