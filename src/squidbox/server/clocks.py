"""What moves a table on when no person does: the bots to move, turn timers and leave timers.

Whenever who is to move may have changed, `schedule` starts or stops them to fit: a bot seat
(or a person's seat a bot stands in for) is played by one task per table, one seat after
another; a person to move on a table with a turn limit gets a turn timer that plays the default
move when it runs out; a person who is to move and not connected gets a leave timer, after which
the table's leave bot plays for them. A computed move is submitted like anyone else's and
refused as stale when the table moved on meanwhile; when it could not be stored, it is tried
again after a pause that grows (the database may be back).
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any

from squidbox.engine import Action

from .bot_moves import bot_move, bot_seed, default_move, fair_share, think
from .errors import ApiError
from .limits import Limits
from .storage import PLAYING

if TYPE_CHECKING:
    from .tables import Table

log = logging.getLogger("squidbox.server")


def schedule(table: Table) -> None:
    """Start or stop the bots, turn timers and leave timers to fit who is to move now."""
    if table.status != PLAYING:  # not started, over, expired, ended or outdated
        close_all(table)
        return
    moment = time.time()
    to_move = table.state.to_move()
    table.to_move_since = {seat: table.to_move_since.get(seat, moment) for seat in to_move}
    _schedule_timers(table, to_move, moment)
    _schedule_leaves(table, to_move)
    table.manager.autopass.schedule(table, to_move)  # seats passing automatically
    if any(table.bot_spec(seat) for seat in to_move):
        if table.bot_task is None or table.bot_task.done():
            table.bot_task = table.manager.spawn(_run_bots(table), f"bots {table.id}")


def close_all(table: Table) -> None:
    """Stop every timer and the bots of `table`."""
    for seat in list(table.deadlines):
        clear_timer(table, seat)
    for task in table.leave_tasks.values():
        cancel(task)
    table.leave_tasks.clear()
    cancel(table.bot_task)


def stop_bots(table: Table) -> None:
    """Stop a bot thinking about a move that was taken back (the version alone cannot tell:
    the same version comes again with the next move); `schedule` starts them afresh."""
    cancel(table.bot_task)
    table.bot_task = None


def clear_timer(table: Table, seat: int) -> None:
    table.deadlines.pop(seat, None)
    cancel(table.timer_tasks.pop(seat, None))


def cancel(task: asyncio.Task[Any] | None) -> None:
    """Cancel a task, unless it is the one running now (it is finishing by itself)."""
    if task is not None and task is not asyncio.current_task():
        task.cancel()


async def submit_computed(table: Table, seat: int, action: Action, version: int,
                          by: str) -> str:
    """Submit a move computed by a bot, the timer or an automatic pass: "played", "stale" (the
    table moved on while it was thought of: think again), "failed" (not stored: try again later)
    or "refused" (logged)."""
    try:
        await table.submit(seat, action, version, by)
    except ApiError as e:
        if e.code in ("stale", "server_error"):
            return "stale" if e.code == "stale" else "failed"
        log.error("table %s: %s move %r for seat %d refused: %s", table.id, by, action,
                  seat, e.message)
        return "refused"
    return "played"


def _human(table: Table, seat: int) -> bool:
    return table.bot_spec(seat) is None


def _schedule_timers(table: Table, to_move: list[int], moment: float) -> None:
    for seat in list(table.deadlines):
        if seat not in to_move or not _human(table, seat):
            clear_timer(table, seat)
    if table.record.turn_seconds is None:
        return
    for seat in to_move:
        if _human(table, seat) and seat not in table.deadlines:
            deadline = table.saved_deadlines.take(seat) or moment + table.record.turn_seconds
            table.deadlines[seat] = deadline
            table.timer_tasks[seat] = table.manager.spawn(
                _turn_timer(table, seat, deadline), f"timer {table.id}/{seat}")
    table.saved_deadlines.save(table)


def _schedule_leaves(table: Table, to_move: list[int]) -> None:
    leave_seconds = table.record.leave_seconds
    if leave_seconds is None:
        return
    for seat in list(table.leave_tasks):
        if seat not in to_move or not _human(table, seat) or table.is_connected(seat):
            cancel(table.leave_tasks.pop(seat))
    for seat in to_move:
        if (_human(table, seat) and not table.is_connected(seat)
                and seat not in table.leave_tasks):
            since = max(table.disconnected_since[seat], table.to_move_since[seat])
            table.leave_tasks[seat] = table.manager.spawn(
                _leave_timer(table, seat, since + leave_seconds), f"leave {table.id}/{seat}")


async def _run_bots(table: Table) -> None:
    """Bots to move play, one after another; after a failed write, again after a pause
    that grows."""
    manager = table.manager
    failures = 0
    while not table.state.is_terminal():
        seats = [seat for seat in table.state.to_move() if table.bot_spec(seat)]
        if not seats:
            return
        seat, version = seats[0], table.version
        spec = table.bot_spec(seat)
        assert spec is not None
        seed = bot_seed(manager.secret, table.id, seat, version, "bot")
        action = await think(manager, fair_share(table.record, spec), bot_move, table.game,
                             spec, seed, table.state.clone(), seat)
        outcome = await submit_computed(table, seat, action, version, "bot")
        if outcome == "refused":
            return
        failures = await _pause_after(outcome, failures, manager.limits)


async def _turn_timer(table: Table, seat: int, deadline: float) -> None:
    await asyncio.sleep(max(0.0, deadline - time.time()))
    manager = table.manager
    failures = 0
    while table.deadlines.get(seat) == deadline:
        version = table.version
        seed = bot_seed(manager.secret, table.id, seat, version, "timer")
        action = await think(manager, fair_share(table.record, "heuristic"), default_move,
                             table.game, seed, table.state.clone(), seat)
        outcome = await submit_computed(table, seat, action, version, "timer")
        if outcome in ("played", "refused"):
            return
        failures = await _pause_after(outcome, failures, manager.limits)


async def _pause_after(outcome: str, failures: int, limits: Limits) -> int:
    """How many computed moves in a row could not be stored, counting `outcome`; after such a
    failure, wait before trying again, longer each time (the database may be back)."""
    failures = failures + 1 if outcome == "failed" else 0
    if failures:
        waits = limits.retry_seconds
        await asyncio.sleep(waits[min(failures, len(waits)) - 1])
    return failures


async def _leave_timer(table: Table, seat: int, moment: float) -> None:
    await asyncio.sleep(max(0.0, moment - time.time()))
    async with table.lock:
        table.leave_tasks.pop(seat, None)
        if _human(table, seat) and not table.is_connected(seat):
            log.info("table %s: seat %d left; %s plays for it", table.id, seat,
                     table.record.leave_bot)
            table.replaced[seat] = table.record.leave_bot
            table.schedule()  # first, so that the message carries the timers it starts
            table.broadcast()
