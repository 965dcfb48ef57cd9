"""A table's public status, and one seat's "my tables" entry built from it (mine.py).

The status is what every "my tables" entry of the table shares: public facts only (its status,
whose turn, the running clocks, its seats' names, the results once over), never a view. In
several processes (cluster.py) the owner of a table sends it to the other processes whenever the
table broadcasts, and they build their watchers' entries from it. `seating` changes whenever a
seat's token does (a new link), so that a process building entries from a status it was sent
knows when to have a token checked again by the owner (the only one holding the table).
"""

from __future__ import annotations

import hashlib
import time
from typing import TYPE_CHECKING, Any

from .storage import PLAYING

if TYPE_CHECKING:
    from .tables import Table


def number(value: float | None) -> float | int | None:
    return int(value) if value is not None and value.is_integer() else value


def public_status(table: Table) -> dict[str, Any]:
    """The table's public facts (JSON), shared by all its entries."""
    status = table.status
    names = table.state.seat_names()
    record = table.record
    facts: dict[str, Any] = {
        "table": table.id, "game": table.game.id, "status": status, "version": table.version,
        "to_move": table.state.to_move() if status == PLAYING else [],
        "turn_seconds": number(record.turn_seconds),
        "deadlines": {str(seat): deadline for seat, deadline in table.deadlines.items()},
        "seats": [{"seat": s, "name": names[s], "player": record.names.get(s),
                   "bot": record.bots.get(s)} for s in range(record.players)],
        "seating": hashlib.sha256("|".join(h or "" for h in record.token_hashes).encode())
        .hexdigest()[:16],
    }
    if table.state.is_terminal():
        facts["results"] = list(table.state.returns())
    return facts


def seat_entry_of(facts: dict[str, Any], seat: int) -> dict[str, Any]:
    """What the "my tables" page shows of one seat: the public facts, whether it is that seat's
    turn, the running clocks' time left and, once over, the seat's own result."""
    moment = time.time()
    entry: dict[str, Any] = {
        "table": facts["table"], "seat": seat, "game": facts["game"],
        "status": facts["status"], "version": facts["version"],
        "your_turn": seat in facts["to_move"], "to_move": facts["to_move"],
        "turn_seconds": facts["turn_seconds"],
        "time_left": {s: round(max(0.0, deadline - moment), 1)
                      for s, deadline in facts["deadlines"].items()},
        "seats": facts["seats"],
    }
    if "results" in facts:
        entry["result"] = facts["results"][seat]
    return entry
