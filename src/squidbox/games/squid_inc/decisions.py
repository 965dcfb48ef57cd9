"""Every decision of Squid, Inc. on the engine's decision stack (engine/stack.py).

The turn (Choose an Employee, keep or Dismiss it, Bring Employees into the Workplace, Activate
Abilities) is the Flow's idle step, run whenever the stack is empty: it takes the turn one step
further (`phase`), and comes back once everything that step set off is done. Moves and
abilities are tasks: a task is a step named after its kind whose arguments are the task's
fields; when it runs it lists its options (workplace.py, abilities.py, clout.py); with none it
resolves itself (`auto`), with one it is taken at once (a forced move: the log still tells it),
otherwise the player whose turn it is is asked (`decide`, written out in the step).
Every decision belongs to that player.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from squidbox.engine.stack import Flow, Question, Step

from .abilities import AbilityTask
from .clout import CloutTask, ShareTask, SplitTask
from .state import CHOOSE, OVER, START, SquidIncState
from .workplace import ArriveTask, DemoteTask, EnterTask, GuardTask, RiseTask


def turn(st: SquidIncState) -> bool:
    """One step of the turn (run whenever the stack is empty); False once the game is over.
    The steps that need no decision come first: a turn begins (START), or an empty line at
    Choose an Employee sends the turn back to its beginning; otherwise the step's decision is
    asked, which may offer nothing (`no_option`)."""
    phase = st.phase
    if phase == OVER:
        return False
    if phase == START:
        st.start_turn()
    elif phase == CHOOSE and not st.line:
        st.phase = START
    elif not st.decide(st.current, TURN):
        st.no_option()
    return True


def turn_prompt(st: SquidIncState, seat: int) -> str:
    return st.phase


TURN = Question(turn_prompt, SquidIncState.turn_options, SquidIncState.turn_chosen,
                name="turn")


def refill(st: SquidIncState) -> None:
    st.refill_step()


def task_decision(kind: str, handler: Any) -> tuple[Step, Question]:
    """The step and the question of one kind of task. The handler is given the task,
    {**fields, "t": kind}: each call's `fields` is a dict of its own, so "t" is added to it
    (no copy)."""

    def step(st: SquidIncState, **fields: Any) -> None:
        # StackState.decide written out: the handler is given the task dict itself, not the
        # keyword arguments decide would unpack and pack again for each call (6-8 % of a search).
        fields["t"] = kind
        options = handler.options(st, fields)
        if len(options) > 1:
            del fields["t"]
            st.ask_found(st.current, question, options, fields)
        elif options:  # a forced move: taken at once
            handler.choose(st, fields, options[0])
        else:
            handler.auto(st, fields)

    def options(st: SquidIncState, seat: int, **fields: Any) -> list[str]:
        fields["t"] = kind
        return handler.options(st, fields)  # type: ignore[no-any-return]

    def answer(st: SquidIncState, seat: int, choice: str, **fields: Any) -> None:
        fields["t"] = kind
        handler.choose(st, fields, choice)

    def prompt(st: SquidIncState, seat: int, **fields: Any) -> str:
        return handler.prompt(st, {"t": kind, **fields})  # type: ignore[no-any-return]

    step.__name__ = step.__qualname__ = kind
    question = Question(prompt, options, answer, name=kind)
    return step, question


HANDLERS: dict[str, Any] = {
    "guard": GuardTask, "arrive": ArriveTask, "demote": DemoteTask, "rise": RiseTask,
    "enter": EnterTask, "ability": AbilityTask, "clout": CloutTask, "split": SplitTask,
    "share": ShareTask,
}
TASKS: dict[str, tuple[Step, Question]] = {
    kind: task_decision(kind, handler) for kind, handler in HANDLERS.items()
}
TASK_STEPS: dict[str, Callable[..., None]] = {kind: step for kind, (step, _) in TASKS.items()}

FLOW = Flow(
    steps=[refill, *TASK_STEPS.values()],
    questions=[TURN, *(question for _, question in TASKS.values())],
    idle=turn,
)
