"""Undo at a table: who may take back a move now, and the log's "took back" notes.

A person may take back their seat's last decision while the engine's rules of undo allow it
(docs/engine.md "Undo") and the decision was theirs: never a bot's, nor one the turn timer or
automatic pass made for them (the server remembers those while it runs). `Table.undo` stores
it (storage.add_undo) and sends everyone the earlier state; the log then shows "<seat> took
back a move." where it happened. After a restart a table whose undo window might reach back
before its snapshot is replayed from the seed (`rebuild`), so the window is the same.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from squidbox.engine import State
from squidbox.engine.events import seen_by
from squidbox.games.names import shown as shown_name
from squidbox.i18n import gettext as _

from .storage import PLAYING, UndoNote

if TYPE_CHECKING:
    from .tables import Table


def refusal(table: Table, seat: int) -> str | None:
    """Why `seat` may not take back a move now (for the player), or None."""
    reason = table.state.undo_refusal(seat)
    if reason is not None:
        return reason
    if table.bot_spec(seat) is not None:
        return _("a bot plays this seat, and a bot's moves are never taken back")
    if table.version - 1 in table.machine_moves:
        return _("the last move was made for this seat by the turn timer or automatic pass, "
                 "and only a person's own move can be taken back")
    return None


def can_undo(table: Table, seat: int | None) -> bool:
    return seat is not None and table.status == PLAYING and refusal(table, seat) is None


def log_with_notes(state: State, viewer: int | None, notes: list[UndoNote]) -> list[dict[str, Any]]:
    """`viewer`'s log with a "took back a move" entry where each undo happened."""
    log = state.log(viewer)
    if not notes:
        return log
    names = state.seat_names()
    # An undo further back moves the notes of later undos back with it.
    places = []
    limit = len(state.events)
    for note in reversed(notes):
        limit = min(limit, note.events)
        places.append(limit)
    places.reverse()
    shown = [0]  # shown[k]: entries of the viewer's log among the first k events
    for event in state.events[:max(places)]:
        shown.append(shown[-1] + (seen_by(event, viewer) is not None))
    merged: list[dict[str, Any]] = []
    at = 0
    for note, place in zip(notes, places, strict=True):
        merged += log[at:shown[place]]
        at = shown[place]
        text = _("{name} took back a move.").format(name=shown_name(state.game,
                                                                    names[note.seat]))
        merged.append({"type": "undo", "text": text, "seat": note.seat, "name": names[note.seat]})
    return merged + log[at:]
