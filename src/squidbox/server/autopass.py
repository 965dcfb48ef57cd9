"""The server side of a seat's choice to pass automatically when "pass" is all it can do
(the route is in preferences.py; the rule and the timing argument in squidbox/autopass.py).

When such a seat is to move, a delay is drawn from the human-like distribution at once, before
anything about its hand is looked at; when the delay is over and the table has not moved on,
the seat passes if, and only if, "pass" is its only legal action. A seat holding something that
fits therefore costs the same draw and sends nothing, and nobody else can tell the difference.

The preference is kept in memory: storing it needs a column the schema does not have (the lead
decides about a migration). The web client remembers it per table in the browser and sends it
again whenever it connects, so a restarted server is told again as soon as the person is back.
"""

from __future__ import annotations

import asyncio
import random
from typing import TYPE_CHECKING

from squidbox.autopass import PASS, HumanDelay, passes_automatically

from .clocks import submit_computed

if TYPE_CHECKING:
    from .tables import Table


class AutoPass:
    """Which seats of which tables pass automatically, and their answers under way."""

    def __init__(self, delay: HumanDelay | None = None,
                 rng: random.Random | None = None) -> None:
        self.delay = delay if delay is not None else HumanDelay()
        self.rng = rng  # None: the unseeded system source (tests may fix it)
        self.seats: dict[str, set[int]] = {}
        self.waiting: dict[tuple[str, int], tuple[int, asyncio.Task[None]]] = {}

    def enabled(self, table_id: str, seat: int) -> bool:
        return seat in self.seats.get(table_id, ())

    def set(self, table: Table, seat: int, on: bool) -> None:
        seats = self.seats.setdefault(table.id, set())
        if on:
            seats.add(seat)
        else:
            seats.discard(seat)
            self._cancel(table.id, seat)
        self.schedule(table, table.state.to_move())

    def schedule(self, table: Table, to_move: list[int]) -> None:
        """Called by the table whenever who is to move may have changed."""
        version = table.version
        for seat in self.seats.get(table.id, ()):
            key = (table.id, seat)
            if key in self.waiting and self.waiting[key][0] == version:
                continue
            self._cancel(table.id, seat)
            if seat in to_move and table.bot_spec(seat) is None:
                delay = self.delay.draw(self.rng)  # drawn before the hand is looked at
                task = table.manager.spawn(self._answer(table, seat, version, delay),
                                           f"auto-pass {table.id}/{seat}")
                self.waiting[key] = (version, task)

    async def _answer(self, table: Table, seat: int, version: int, delay: float) -> None:
        # The entry stays in `waiting` until the table moves on: one draw per question.
        await asyncio.sleep(delay)
        if table.version == version and passes_automatically(table.state.legal_actions(seat)):
            await submit_computed(table, seat, PASS, version, "auto-pass")

    def _cancel(self, table_id: str, seat: int) -> None:
        _, task = self.waiting.pop((table_id, seat), (None, None))
        if task is not None and task is not asyncio.current_task():
            task.cancel()
