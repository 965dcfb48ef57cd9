"""The decision stack: how a game whose card texts and turn run as a sequence of small decisions
writes that sequence (docs/engine.md, "Writing a game's flow with the stack").

Everything still to do is a stack of frames. A frame is one typed step: a plain function
`step(state, **args)` with annotated keyword parameters, stored as the JSON pair
`[step name, args]` (JSON-native, so snapshots and clones need nothing special). A step does
its work at once and may push more frames, or ask one seat a question; the question is the
state's `pending` decision, and the answer runs the question's `answer` function. A question's
options are computed from the state, never stored in it, so a resampled state offers options
that fit its redealt hands.

- Pushes run in reading order: a step that pushes A, then B, has A run first, then B, both
  before anything pushed earlier (a step's pushes go on top of the stack as one block).
- A question asked by a step is answered before any frame that step pushed, whether pushed
  before or after the question: so `ask` need not be a step's last act. But once it has asked,
  a step changes nothing the question's options depend on: the options found when asking are
  kept for `legal_actions` while that question waits (`Flow.check`, run by the conformance
  suite's invariants, compares them with fresh ones).
- `react(step, **args)` queues a frame that runs before everything on the stack (a card's
  below-the-line text that interrupts whatever was going on); reactions run first in, first out.
- A game's frame types are named in one `Flow(steps=[...], questions=[...])`, written out in
  one module of the game, never filled as a side effect of importing.
- `Reaction` is a question for a window in which anyone may play a hidden card: the seats asked
  are chosen from public facts alone and every seat asked may pass, so being asked reveals
  nothing about a hand. `Flow.reaction_window` asks a list of seats in order.
- `ask_all(seats, question)` asks several seats at once (simultaneous play: everyone chooses a
  card face down). Each answers in any order (an answer only records the choice, and changes
  no other seat's options: the options are kept per seat); a seat is asked again as long as the
  question still has options for it, and once no seat has any, the frames below run on.

A state using the stack lists `stack` and `pending` (and `reactions`, when it has any) in its
FIELDS and mixes in `StackState` (push/react/ask), which finds its `Flow` at `self.game.flow`.
"""

from __future__ import annotations

import inspect
import random
import typing
from collections.abc import Callable, Iterable
from typing import Any, Protocol

from .state import State, randbelow


class FlowGame(Protocol):
    """What the stack needs of a game: its Flow."""

    flow: Flow


Step = Callable[..., None]
Frame = list[Any]  # [step name, {argument: JSON value}]


class Question:
    """A decision for one seat: a prompt (text, or `prompt(state, seat, **args)` when it
    depends on the question's arguments), its options `options(state, seat, **args)` (an empty
    list means nothing is asked) and `answer(state, seat, choice, **args)`. On the wire it is
    named after its options function unless `name` says otherwise."""

    __slots__ = ("answer", "name", "options", "prompt")

    def __init__(self, prompt: str | Callable[..., str], options: Callable[..., list[str]],
                 answer: Step, name: str | None = None) -> None:
        self.prompt = prompt
        self.options = options
        self.answer = answer
        self.name = name or options.__name__

    def __repr__(self) -> str:
        return f"Question({self.name!r})"


class Reaction(Question):
    """A window in which a seat may play a card it might be hiding. `may_hide(state, seat,
    **args)` must depend on public facts only (hand sizes, cards seen elsewhere): when it holds,
    the seat is asked and may always pass, whatever it holds; `fits(state, seat, **args)` lists
    the plays its hand allows (private). So being asked tells nobody what a hand holds."""

    __slots__ = ("fits", "may_hide")

    def __init__(self, prompt: str, name: str, may_hide: Callable[..., bool],
                 fits: Callable[..., list[str]], answer: Step) -> None:
        def options(state: Any, seat: int, **args: Any) -> list[str]:
            if not may_hide(state, seat, **args):
                return []
            return [*fits(state, seat, **args), "pass"]
        super().__init__(prompt, options, answer, name)
        self.may_hide = may_hide
        self.fits = fits


def ask_again(state: StackState, seat: int, kind: str, args: dict[str, Any]) -> None:
    """A question asked after the frames before it have run (a reaction window, a question
    repeated after a card's reaction). Skipped when the seat has no option then."""
    state.ask(seat, state.game.flow.questions[kind], **args)


class Flow:
    """A game's frame types: its steps and its questions, by name."""

    def __init__(self, steps: Iterable[Step], questions: Iterable[Question],
                 idle: Callable[[Any], bool] | None = None) -> None:
        """`idle(state)`, when given, runs whenever nothing is on the stack: a turn loop kept
        beside the stack (the games write their turns as steps instead). It returns False
        once there is nothing more to do (the game is over)."""
        self.idle = idle
        self.steps: dict[str, Step] = {"ask_again": ask_again}
        self.questions: dict[str, Question] = {}
        for step in steps:
            self._add(self.steps, step.__name__, step)
        for question in questions:
            self._add(self.questions, question.name, question)
        self._arguments = {name: _parameters(step, 1) for name, step in self.steps.items()}

    @staticmethod
    def _add(table: dict[str, Any], name: str, item: Any) -> None:
        if name in table:
            raise ValueError(f"two frame types are named {name!r}")
        table[name] = item

    # ---- writing the stack (called through StackState) ----------------------------------------
    def frame(self, step: Step, args: dict[str, Any]) -> Frame:
        name = step.__name__
        if self.steps.get(name) is not step:
            raise ValueError(f"step {name!r} is not registered in this game's Flow")
        return [name, args]

    def reaction_window(self, state: StackState, reaction: Reaction, seats: Iterable[int],
                        **args: Any) -> None:
        """Ask `reaction` of each seat in `seats`, one after another in that order, after the
        frames pushed before this call (a seat that may hide nothing is skipped)."""
        for seat in seats:
            state.ask_later(seat, reaction, **args)

    # ---- running it -------------------------------------------------------------------------
    def run(self, state: StackState) -> None:
        """Carry out frames until a question is asked or nothing is left to do. Steps change
        `stack` and `reactions` in place (push, react, clear), never rebind them."""
        steps, stack, reactions, idle = self.steps, state.stack, state.reactions, self.idle
        while state.pending is None:
            if reactions:
                name, args = reactions.pop(0)
            elif stack:
                name, args = stack.pop()
            else:
                state._mark = 0
                if idle is None or not idle(state):
                    return
                continue
            state._mark = len(stack)
            step = steps.get(name)
            if step is None:
                raise ValueError(f"step {name!r} is not registered in this game's Flow")
            step(state, **args)

    def to_move(self, state: StackState) -> list[int]:
        """The seats asked now (several when the question was asked with `ask_all`)."""
        pending = state.pending
        if pending is None:
            return []
        seats = pending.get("seats")
        return [pending["seat"]] if seats is None else list(seats)

    def options(self, state: StackState, seat: int | None = None) -> list[str]:
        """The pending question's options (for `seat`, when it was asked of several)."""
        pending = state.pending
        assert pending is not None
        asked = state._asked
        if asked is not None and asked[0] is pending:  # kept when this very question was asked
            kept = asked[1]
            if isinstance(kept, list):
                return kept
            if seat is not None and seat in kept:  # asked of several: each seat's own
                return kept[seat]
        if seat is None or "seats" not in pending:
            seat = pending["seat"]
        return self.questions[pending["kind"]].options(state, seat, **pending["args"])

    def answer(self, state: StackState, choice: str, seat: int | None = None) -> None:
        """Answer the pending question (as `seat`, when it was asked of several) and carry on
        until the next one. A question asked of several seats waits for all of them; its
        answers record each choice and push or ask nothing (what follows is pushed by the step
        that asked, and runs once everyone has answered)."""
        pending = state.pending
        assert pending is not None
        question = self.questions[pending["kind"]]
        state._mark = len(state.stack)
        seats = pending.get("seats")
        if seats is None:
            state.pending = None
            question.answer(state, pending["seat"], choice, **pending["args"])
        else:
            assert seat is not None and seat in seats, f"seat {seat} is not asked {question.name}"
            question.answer(state, seat, choice, **pending["args"])
            assert state.pending is pending and len(state.stack) == state._mark, \
                f"an answer to {question.name}, asked of several seats, pushed or asked"
            options = question.options(state, seat, **pending["args"])
            asked = state._asked
            if asked is None or asked[0] is not pending:  # a clone's or a loaded state's copy
                asked = state._asked = (pending, {})
            kept = asked[1]
            assert isinstance(kept, dict)
            if options:
                kept[seat] = options
            else:
                seats.remove(seat)
                kept.pop(seat, None)
            if seats:
                return
            state.pending = None
        self.run(state)

    def play_random(self, state: StackState, rng: random.Random, limit: int | None) -> bool:
        """`State.play_random` of a search state, read straight off the stack: the mover and
        the option drawn as there (the same draws, the same state) from `options`, the answer
        given to `answer`, without the game's protocol hooks in between (5-8 % of a stack
        game's playout, docs/benchmarks.md). Sound because a stack game's hooks are the
        stack's: `check` holds `_to_move` and `_legal_actions` to it, and `_apply` answers the
        question (plus log keeping, which a search state skips)."""
        getrandbits = rng.getrandbits
        answer = self.answer
        played = 0
        while played != limit:
            pending = state.pending
            if pending is None:
                return True
            seats = pending.get("seats")
            if seats is None:
                seat = pending["seat"]
            else:  # as State.play_random: rng.choice(seats) when several are asked
                seat = seats[0] if len(seats) == 1 else seats[randbelow(getrandbits, len(seats))]
            options = self.options(state, seat)  # those kept when it was asked, if any
            if not options:
                raise IndexError("Cannot choose from an empty sequence")
            answer(state, options[randbelow(getrandbits, len(options))], seat)
            played += 1
        return state.pending is None

    def prompt(self, state: StackState, pending: dict[str, Any], seat: int | None = None) -> str:
        """The pending question's prompt (for `seat`, when it was asked of several)."""
        prompt = self.questions[pending["kind"]].prompt
        if isinstance(prompt, str):
            return prompt
        if seat is None or "seats" not in pending:
            seat = pending["seat"]
        return prompt(state, seat, **pending["args"])

    # ---- checking a loaded state ----------------------------------------------------------------
    def check(self, state: StackState) -> None:
        """Every frame and the pending question name a registered type with the arguments it
        takes (a snapshot from a game whose frames changed fails here, and is replayed), and
        the options kept when the pending question was asked are still its options; the
        game's `_to_move` and `_legal_actions` are the stack's (what `play_random` reads)."""
        for frame in [*state.stack, *state.reactions]:
            assert type(frame) is list and len(frame) == 2, f"malformed frame {frame!r}"
            name, args = frame
            assert name in self.steps, f"unknown step {name!r}"
            assert type(args) is dict and self._arguments[name].issuperset(args), \
                f"step {name!r} does not take {sorted(args)}"
        if isinstance(state, State):  # a game's state (not a bare StackState): its hooks
            movers = self.to_move(state)
            assert state._to_move() == movers, \
                f"the game's _to_move {state._to_move()} is not the stack's {movers}"
            for seat in movers:
                assert state._legal_actions(seat) == self.options(state, seat), \
                    f"the game's _legal_actions({seat}) are not the pending question's options"
        pending = state.pending
        if pending is not None:
            assert set(pending) in ({"seat", "kind", "args"}, {"seats", "kind", "args"}), \
                f"malformed question {pending!r}"
            assert pending["kind"] in self.questions, f"unknown question {pending['kind']!r}"
            assert type(pending["args"]) is dict
            asked = state._asked
            if asked is not None and asked[0] is pending:
                kept = asked[1]
                by_seat = {pending["seat"]: kept} if isinstance(kept, list) else kept
                for seat, options in by_seat.items():
                    fresh = self.questions[pending["kind"]].options(state, seat,
                                                                    **pending["args"])
                    assert options == fresh, \
                        f"{pending['kind']}: seat {seat}'s options {options} when asked, " \
                        f"{fresh} now (changed what they depend on after asking)"


def _parameters(fn: Callable[..., Any], skip: int) -> frozenset[str]:
    """The keyword arguments a step takes: its parameters' names, and the keys of a TypedDict
    its **kwargs are typed with (`**task: Unpack[Task]`); all names for untyped **kwargs."""
    params = list(inspect.signature(fn).parameters.values())[skip:]
    names = frozenset(p.name for p in params if p.kind is not inspect.Parameter.VAR_KEYWORD)
    for param in params:
        if param.kind is inspect.Parameter.VAR_KEYWORD:
            keys = _typed_keys(fn, param.annotation)
            return _Everything() if keys is None else names | keys
    return names


def _typed_keys(fn: Callable[..., Any], annotation: Any) -> frozenset[str] | None:
    """The keys of `Unpack[SomeTypedDict]` (an annotation postponed as text is read in the
    module of the step, unwrapped from any decorator); None for any other annotation."""
    if isinstance(annotation, str):
        try:
            annotation = eval(annotation, getattr(inspect.unwrap(fn), "__globals__", {}))
        except NameError:
            return None
    if typing.get_origin(annotation) is not typing.Unpack:
        return None
    (typed,) = typing.get_args(annotation)
    if not typing.is_typeddict(typed):
        return None
    return frozenset(typed.__required_keys__ | typed.__optional_keys__)


class _Everything(frozenset[str]):
    def issuperset(self, other: Iterable[Any]) -> bool:
        return True


class StackState:
    """Mixed into a State whose FIELDS include `stack` (top last) and `pending`, and
    `reactions` when the game has reactions (`react` raises without)."""

    game: FlowGame
    stack: list[Frame]
    reactions: list[Frame] | tuple[()] = ()  # a game with reactions lists them in FIELDS
    pending: dict[str, Any] | None
    _mark: int = 0  # where the running step's pushes go (transient, set before every step)
    # The options of the question asked by `ask` or `decide` (by seat, for `ask_all`), while
    # that very question waits: `Flow.options` reuses them. Keyed on the identity of the
    # `pending` dict, so a clone or a loaded state (whose `pending` is a copy) computes them
    # afresh; transient (not a FIELD). Sound because a step changes nothing its question's
    # options depend on after asking it, nor an answer another seat's (`Flow.check` compares
    # them with fresh ones).
    _asked: tuple[dict[str, Any], list[str] | dict[int, list[str]]] | None = None

    def play_random(self, rng: random.Random, limit: int | None = None) -> bool:
        """State.play_random; in a search state, `Flow.play_random` (the same draws and
        state, fewer calls a decision)."""
        if self._records or type(rng) is not random.Random:  # type: ignore[attr-defined]
            return super().play_random(rng, limit)  # type: ignore[misc, no-any-return]
        return self.game.flow.play_random(self, rng, limit)

    def push(self, step: Step, /, **args: Any) -> None:
        """Do `step` after the running step, after what it pushed before, and before what
        was pushed earlier."""
        self.stack.insert(self._mark, [step.__name__, args])  # run() names a stray step

    def then(self, step: Step, /, **args: Any) -> None:
        """Do `step` next, as the running step's (or answer's) last act: at once when it has
        pushed, queued and asked nothing (so nothing could come between them), else pushed
        like `push`. The same order as `push`, without a frame."""
        if self.pending is None and len(self.stack) == self._mark and not self.reactions:
            step(self, **args)
        else:
            self.push(step, **args)

    def clear_stack(self) -> None:
        """Drop every frame still to do (a game ends whatever it was doing); what the running
        step pushes afterwards goes on the empty stack, in reading order."""
        self.stack.clear()
        self._mark = 0

    def react(self, step: Step, /, **args: Any) -> None:
        """Do `step` before anything on the stack (after reactions queued before it)."""
        if type(self.reactions) is not list:
            raise TypeError(f"{type(self).__name__} has no reactions field")
        self.reactions.append(self.game.flow.frame(step, args))

    def ask_later(self, seat: int, question: Question, /, **args: Any) -> None:
        """Push a frame that asks `seat` the question when its turn comes (skipped then if the
        seat has no option)."""
        self.push(ask_again, seat=seat, kind=question.name, args=args)

    def ask(self, seat: int, question: Question, /, **args: Any) -> bool:
        """Ask `seat` now; False (and nothing asked) when it has no option. The options found
        are kept for the question asked (see `_asked`)."""
        options = question.options(self, seat, **args)
        if not options:
            return False
        self.ask_found(seat, question, options, args)
        return True

    def ask_all(self, seats: Iterable[int], question: Question, /, **args: Any) -> bool:
        """Ask the question of every seat in `seats` that has an option, all at once (they
        answer in any order); False (and nothing asked) when none has. The pending question is
        then `{"seats": [...], "kind", "args"}`, the seats still to answer."""
        asked, kept = [], {}
        for seat in seats:
            options = question.options(self, seat, **args)
            if options:
                asked.append(seat)
                kept[seat] = options
        if not asked:
            return False
        self._wait_for(question, {"seats": asked, "kind": question.name, "args": args}, kept)
        return True

    def decide(self, seat: int, question: Question, /, **args: Any) -> bool:
        """Like `ask`, but a question with one option is answered at once, as part of the
        running step (a forced move); False when there is no option."""
        options = question.options(self, seat, **args)
        if not options:
            return False
        if len(options) == 1:
            question.answer(self, seat, options[0], **args)
        else:
            self.ask_found(seat, question, options, args)
        return True

    def ask_found(self, seat: int, question: Question, options: list[str],
                  args: dict[str, Any]) -> None:
        """Ask `seat` the question whose `options` (not empty) the running step has just found
        itself, with `args` (the question keeps this dict): `decide` written out by a step
        that calls its options and answer functions with a dict of its own instead of keyword
        arguments. `ask` and `decide` end here too."""
        self._wait_for(question, {"seat": seat, "kind": question.name, "args": args}, options)

    def _wait_for(self, question: Question, pending: dict[str, Any],
                  options: list[str] | dict[int, list[str]]) -> None:
        """Make `pending` the question waiting for an answer, with the options found for it."""
        assert self.pending is None, f"{question.name} asked while {self.pending} waits"
        self.pending = pending
        self._asked = (pending, options)
