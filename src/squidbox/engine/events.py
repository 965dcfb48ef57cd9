"""The event log and its redaction rule.

An event is a tuple (visible_to, full, redacted):
- visible_to is None when everyone sees `full`, else the seats that do;
- everyone else sees `redacted`, or nothing when it is None.
Spectators (viewer None) see only what every player sees. Event dicts are never mutated once
logged, so clones share them.
"""

from __future__ import annotations

from typing import Any

Event = tuple[tuple[int, ...] | None, dict[str, Any], dict[str, Any] | None]


def seen_by(event: Event, viewer: int | None) -> dict[str, Any] | None:
    visible_to, full, redacted = event
    if visible_to is None or (viewer is not None and viewer in visible_to):
        return full
    return redacted


def log_for(events: list[Event], viewer: int | None) -> list[dict[str, Any]]:
    """The log as `viewer` sees it."""
    shown = []
    for event in events:
        entry = seen_by(event, viewer)
        if entry is not None:
            shown.append(entry)
    return shown


def events_to_json(events: list[Event]) -> list[list[Any]]:
    return [[None if v is None else list(v), full, redacted] for v, full, redacted in events]


def events_from_json(doc: Any) -> list[Event]:
    if not isinstance(doc, list):
        raise ValueError("events must be a list")
    events: list[Event] = []
    for item in doc:
        if not (isinstance(item, list) and len(item) == 3):
            raise ValueError(f"an event must be [visible_to, full, redacted], got {item!r}")
        visible_to, full, redacted = item
        if visible_to is not None and not (
            isinstance(visible_to, list) and all(type(s) is int for s in visible_to)
        ):
            raise ValueError(f"event visibility must be null or a list of seats: {visible_to!r}")
        if not isinstance(full, dict) or not (redacted is None or isinstance(redacted, dict)):
            raise ValueError(f"event bodies must be objects: {item!r}")
        events.append((None if visible_to is None else tuple(visible_to), full, redacted))
    return events
