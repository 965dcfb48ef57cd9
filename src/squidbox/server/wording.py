"""The earlier log lines of a table rebuilt from a snapshot, in every reader's language.

A snapshot stores each log entry as it read in English (`{"type", "text", public data}`,
engine/events.py `events_to_json`), not the template and the fields its words were made of.
So a table rebuilt from its snapshot (tables.rebuild: after a restart, or when a table left in
storage is read again, e.g. a finished one) holds its lines up to the snapshot as fixed English
text. The first time a reader of another language reads such a table, `reword` replays the
table's actions from its seed, the determinism `rebuild` itself relies on, and when the replay's
entries read exactly as the stored ones (in English: words, data and who sees them), the table
takes the replay's entries, which keep their templates and are read in any language. The
snapshot format does not change, and English readers never pay for it. A table whose replay
does not read the same keeps its stored lines (logged).
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import TYPE_CHECKING, Any

from squidbox import i18n
from squidbox.engine import IllegalAction, State
from squidbox.engine.events import events_to_json

if TYPE_CHECKING:
    from .tables import Table

log = logging.getLogger("squidbox.server")


async def reword(table: Table) -> None:
    """Give `table` log entries that read in the current reader's language, once per table
    loaded (call it holding the table's lock)."""
    if table.reworded or i18n.current() == i18n.DEFAULT:
        return
    table.reworded = True
    state = table.state
    if all(type(full) is not dict for _seats, full, _hidden in state.events):
        return  # every entry keeps its template: nothing was restored from a snapshot
    try:
        replayed = await asyncio.to_thread(replay, state)
    except IllegalAction as e:
        log.warning("table %s: its log stays in English (its replay failed: %s)", table.id, e)
        return
    names = state.seat_names()
    if as_stored(replayed, names) != as_stored(state, names):
        log.warning("table %s: its log stays in English (its replay reads differently)",
                    table.id)
        return
    state.events = replayed.events


def replay(state: State) -> State:
    return state.game.replay(state.num_players, state.seed, state.options, list(state.history),
                             state.rng.format)


def as_stored(state: State, names: list[str]) -> Any:
    """The log as a snapshot stores it (English words, JSON values)."""
    return json.loads(json.dumps(events_to_json(state.events, names)))
