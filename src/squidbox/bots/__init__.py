"""Bots: programs that take a seat and choose among the listed actions."""

from __future__ import annotations

from typing import Protocol

from squidbox.engine import Action, InvalidOptions, State

from .random_bot import RandomBot


class Bot(Protocol):
    """A player program. `choose` returns one of `state.legal_actions(player)`.

    A bot plays fair: it may only use what its seat sees, that is `state.view(player)`,
    `state.log(player)`, `state.legal_actions(player)` and `state.resample(player, rng)` (a state
    consistent with what the seat has seen, for search). It must never read the state's fields,
    another seat's view or log, or the state's own generator, and never mutate `state`.
    """

    name: str

    def choose(self, state: State, player: int) -> Action: ...


BOT_KINDS = ("random",)


def make_bot(kind: str, seed: int) -> Bot:
    """A bot of the given kind, seeded so that games with it are reproducible."""
    if kind == "random":
        return RandomBot(seed)
    raise InvalidOptions(f"unknown bot kind {kind!r}; valid: {', '.join(BOT_KINDS)}")


__all__ = ["BOT_KINDS", "Bot", "RandomBot", "make_bot"]
