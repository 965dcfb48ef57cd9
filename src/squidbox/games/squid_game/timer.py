"""THE TIMER: 15:00, 10:00, 05:00, 00:00. At 00:00 whoever has not finished is eliminated."""

from __future__ import annotations


def count_down(value: str, steps: tuple[str, ...]) -> str:
    """Move to the next marker."""
    return steps[min(steps.index(value) + 1, len(steps) - 1)]


def run_out(value: str, steps: tuple[str, ...]) -> bool:
    return value == steps[-1]
