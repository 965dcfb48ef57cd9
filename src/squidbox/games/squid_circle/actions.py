"""SQUID's actions and their decode table: "vote 0"/"vote 1" (the call), "play <trick>",
"pass" (a trick window) and "start on <k>" (where the guard starts)."""

from __future__ import annotations

from dataclasses import dataclass

from squidbox.engine.actions import ActionTable

from .data import SquidCircleData


@dataclass(frozen=True, slots=True)
class Vote:
    """Show 0 (flat hand) or 1 (index finger) in the call."""

    value: int


@dataclass(frozen=True, slots=True)
class PlayTrick:
    """Play the trick card of type `trick` (in the call, its sign is the vote)."""

    trick: int


@dataclass(frozen=True, slots=True)
class Pass:
    """Play no trick in this window."""


@dataclass(frozen=True, slots=True)
class StartOn:
    """Put the guard on the player's character number `number` (1-based) at the start."""

    number: int


Move = Vote | PlayTrick | Pass | StartOn


def action_table(data: SquidCircleData) -> ActionTable[Move]:
    """The votes, the tricks in data order, pass, then the starting characters."""
    entries: list[tuple[str, Move]] = [("vote 0", Vote(0)), ("vote 1", Vote(1))]
    entries += [(f"play {trick.name}", PlayTrick(t)) for t, trick in enumerate(data.tricks)]
    entries.append(("pass", Pass()))
    entries += [(f"start on {k}", StartOn(k))
                for k in range(1, data.characters_per_colour + 1)]
    return ActionTable(entries)


def vote_value(data: SquidCircleData, move: Move) -> int:
    """What a call action counts: a plain vote its value, a (a) trick its card's vote."""
    if type(move) is Vote:
        return move.value
    assert type(move) is PlayTrick
    value = data.tricks[move.trick].vote
    assert value is not None, "a trick that is no vote"
    return value
