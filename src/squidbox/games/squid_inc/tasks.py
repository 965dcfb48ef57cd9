"""Every kind of pending decision on the state's task stack, by name."""

from __future__ import annotations

from typing import Any

from .abilities import AbilityTask
from .clout import CloutTask, ShareTask, SplitTask
from .workplace import ArriveTask, DemoteTask, EnterTask, GuardTask, RiseTask

TASKS: dict[str, Any] = {
    "guard": GuardTask, "arrive": ArriveTask, "demote": DemoteTask, "rise": RiseTask,
    "enter": EnterTask, "ability": AbilityTask, "clout": CloutTask, "split": SplitTask,
    "share": ShareTask,
}
