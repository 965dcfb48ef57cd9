"""Every decision of Squid, Inc. on the engine's decision stack (engine/stack.py).

The turn (Choose an Employee, keep or Dismiss it, Bring Employees into the Workplace, Activate
Abilities) is the `turn` step at the bottom of the stack: it takes the turn one step further
(`phase`) and comes back after everything that step set off. Moves and abilities are tasks:
a task is a step named after its kind whose arguments are the task's fields; when it runs it
lists its options (workplace.py, abilities.py, clout.py); with none it resolves itself (`auto`),
with one it is taken at once (a forced move: the log still tells it), otherwise the player
whose turn it is is asked. Every decision belongs to that player.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from squidbox.engine.stack import Flow, Question, Step

from .abilities import AbilityTask
from .clout import CloutTask, ShareTask, SplitTask
from .workplace import ArriveTask, DemoteTask, EnterTask, GuardTask, RiseTask

if TYPE_CHECKING:
    from .state import SquidIncState

OVER = "over"


def turn(st: SquidIncState) -> None:
    """One step of the turn, then the turn again after everything that step set off."""
    if st.phase == OVER:
        return
    if not st.turn_step():
        options = turn_options(st, st.current)
        if len(options) > 1:
            st.ask(st.current, TURN)
        else:
            turn_chosen(st, st.current, options[0])
    st.push(turn)


def turn_options(st: SquidIncState, seat: int) -> list[str]:
    return st.turn_options(seat)


def turn_chosen(st: SquidIncState, seat: int, choice: str) -> None:
    st.turn_chosen(choice)


def turn_prompt(st: SquidIncState, seat: int) -> str:
    return st.phase


TURN = Question(turn_prompt, turn_options, turn_chosen, name="turn")


def refill(st: SquidIncState) -> None:
    st.refill_step()


def task_decision(kind: str, handler: Any) -> tuple[Step, Question]:
    """The step and the question of one kind of task."""

    def step(st: SquidIncState, **fields: Any) -> None:
        task = {"t": kind, **fields}
        options = handler.options(st, task)
        if not options:
            handler.auto(st, task)
        elif len(options) == 1:
            handler.choose(st, task, options[0])
        else:
            st.ask(st.current, question, **fields)

    def options(st: SquidIncState, seat: int, **fields: Any) -> list[str]:
        return handler.options(st, {"t": kind, **fields})  # type: ignore[no-any-return]

    def answer(st: SquidIncState, seat: int, choice: str, **fields: Any) -> None:
        handler.choose(st, {"t": kind, **fields}, choice)

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
    steps=[turn, refill, *TASK_STEPS.values()],
    questions=[TURN, *(question for _, question in TASKS.values())],
)
