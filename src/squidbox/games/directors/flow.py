"""The machinery that lets card texts run as a sequence of small decisions.

Everything still to do this turn is a stack of frames `[step name, arguments]` (JSON-native, so
snapshots and clones need nothing special). A step does its work at once and may push more
frames, or ask one seat a question: the question is the state's `pending` decision, and the
answer runs the decision's resolver. A decision's options are computed from the state when asked
for, never stored, so a resampled state offers options that fit its redealt hands.

Rule for writing steps: `ask` is the last thing a step does; whatever must happen after the
answer is pushed (with `later`/`sequence`) before asking.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .state import DirectorsState

Step = Callable[..., None]
STEPS: dict[str, Step] = {}


@dataclass
class Decision:
    prompt: str
    options: Callable[..., list[str]]
    resolve: Callable[..., None] | None = None


DECISIONS: dict[str, Decision] = {}


def step(fn: Step) -> Step:
    """Register a step under its function name."""
    STEPS[fn.__name__] = fn
    return fn


def options_for(prompt: str) -> Callable[[Callable[..., list[str]]], Callable[..., list[str]]]:
    """Register a decision, named after its options function: fn(state, seat, **args)."""
    def register(fn: Callable[..., list[str]]) -> Callable[..., list[str]]:
        DECISIONS[fn.__name__] = Decision(prompt, fn)
        return fn
    return register


def resolves(kind: str) -> Callable[[Step], Step]:
    """Register the resolver of a decision: fn(state, seat, choice, **args)."""
    def register(fn: Step) -> Step:
        DECISIONS[kind].resolve = fn
        return fn
    return register


def run(state: DirectorsState) -> None:
    """Carry out frames until a decision is needed or the game is over."""
    while state.pending is None and not state.over:
        if state.reactions:
            name, args = state.reactions.pop(0)
        else:
            name, args = state.stack.pop()
        STEPS[name](state, **args)
    state.flush_log()


def options(state: DirectorsState) -> list[str]:
    pending = state.pending
    assert pending is not None
    return DECISIONS[pending["kind"]].options(state, pending["seat"], **pending["args"])


def answer(state: DirectorsState, choice: str) -> None:
    pending = state.pending
    assert pending is not None
    state.pending = None
    resolver = DECISIONS[pending["kind"]].resolve
    assert resolver is not None, pending["kind"]
    resolver(state, pending["seat"], choice, **pending["args"])
    run(state)


def prompt(pending: dict[str, Any]) -> str:
    return DECISIONS[pending["kind"]].prompt


@step
def ask_again(state: DirectorsState, seat: int, kind: str, args: dict[str, Any]) -> None:
    """A question asked after other steps (such as a Cultist's reaction) have run."""
    state.ask(seat, kind, **args)


@step
def draw_cards(state: DirectorsState, seat: int, count: int) -> None:
    state.draw(seat, count)
