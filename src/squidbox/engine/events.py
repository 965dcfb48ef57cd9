"""The event log and its redaction rule.

An event is a tuple (visible_to, full, redacted):
- visible_to is None when everyone sees `full`, else the seats that do;
- everyone else sees `redacted`, or nothing when it is None.
Spectators (viewer None) see only what every player sees.

`full` and `redacted` are entries: an `Entry` (a template and its data, formatted only when the
log is read; docs/engine.md "Logging") or a ready dict (loaded from a snapshot, or logged as
one). Entries are never mutated once logged, so clones share them.
"""

from __future__ import annotations

import string
from collections.abc import Sequence
from typing import Any

from squidbox import i18n

# An entry as read lists the seats its text names ({seat:name}, {seats:names}, and any an entry
# names itself with this key, e.g. in a text a Later builds): pages colour those names.
NAMED_SEATS = "named_seats"


class Later:
    """A data value built only when the log is read: `Later(function, *args)` stands for
    `function(*args)`. The arguments must never change afterwards."""

    __slots__ = ("function", "args")

    def __init__(self, function: Any, *args: Any) -> None:
        self.function = function
        self.args = args


class Entry:
    """One log entry as logged: kind, `str.format` template and data. `shown(names)` is the
    entry as read: {"type": kind, "text": text, **data without the "_" keys}, made once per
    language: the template is a message id of the catalogs (squidbox.i18n), translated when read
    in another language than English."""

    __slots__ = ("kind", "template", "data", "_shown", "_translated")

    def __init__(self, kind: str, template: str, data: dict[str, Any]) -> None:
        self.kind = kind
        self.template = template
        self.data = data
        self._shown: dict[str, Any] | None = None
        self._translated: dict[str, dict[str, Any]] | None = None

    def shown(self, names: Sequence[str]) -> dict[str, Any]:
        language = i18n.current()
        return self._english(names) if language == i18n.DEFAULT else self._shown_in(
            language, names)

    def _english(self, names: Sequence[str]) -> dict[str, Any]:
        shown = self._shown
        if shown is None:
            data = self.data
            if any(type(value) is Later for value in data.values()):
                data = {key: value.function(*value.args) if type(value) is Later else value
                        for key, value in data.items()}
            text = self.template
            named: list[int] = []
            if "{" in text or "}" in text:
                formatter = _TextFormatter(names)
                text = formatter.vformat(text, (), data)
                named = formatter.named
            shown = {"type": self.kind, "text": text}
            for key, value in data.items():
                if key[0] != "_":
                    shown[key] = value
            if named:  # the seats the text names, so that a page can colour their names
                shown[NAMED_SEATS] = sorted({*named, *shown.get(NAMED_SEATS, ())})
            self._shown = shown
        return shown

    def _shown_in(self, language: str, names: Sequence[str]) -> dict[str, Any]:
        translated = self._translated
        if translated is None:
            translated = self._translated = {}
        shown = translated.get(language)
        if shown is None:
            with i18n.language(i18n.DEFAULT):
                base = self._english(names)
            template = i18n.translations(language).gettext(self.template)
            if template == self.template and ":t}" not in template and not any(
                    type(value) is Later for value in self.data.values()):
                shown = base
            else:
                shown = {**base, "text": _formatted(template, self.data, names, language)}
            translated[language] = shown
        return shown

    def __repr__(self) -> str:
        return f"Entry({self.kind!r}, {self.template!r}, {self.data!r})"


def _formatted(template: str, data: dict[str, Any], names: Sequence[str], language: str) -> str:
    data = {key: value.function(*value.args) if type(value) is Later else value
            for key, value in data.items()}
    with i18n.language(language):
        return _TextFormatter(names).vformat(template, (), data)


class _TextFormatter(string.Formatter):
    """str.format plus the engine's specs: {seat:name}, {seats:names}, {items:list}, and
    {word:t}, a word shown in the reader's language (a catalog message id). `named`: the seats
    named so far."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = names
        self.named: list[int] = []

    def format_field(self, value: Any, format_spec: str) -> Any:
        if format_spec == "name":
            self.named.append(value)
            return self.names[value]
        if format_spec == "names":
            self.named.extend(value)
            return ", ".join(self.names[seat] for seat in value)
        if format_spec == "list":
            return ", ".join(map(str, value))
        if format_spec == "t":
            return i18n.gettext(str(value))
        return format(value, format_spec)


Shown = dict[str, Any]
Logged = Entry | Shown
Event = tuple[tuple[int, ...] | None, Logged, Logged | None]


def as_read(entry: Logged, names: Sequence[str]) -> Shown:
    if type(entry) is Entry:
        return entry.shown(names)
    return entry  # type: ignore[return-value]  # not an Entry: a dict as read


def seen_by(event: Event, viewer: int | None) -> Logged | None:
    visible_to, full, redacted = event
    if visible_to is None or (viewer is not None and viewer in visible_to):
        return full
    return redacted


def log_for(events: list[Event], viewer: int | None, names: Sequence[str]) -> list[Shown]:
    """The log as `viewer` sees it."""
    shown = []
    for event in events:
        entry = seen_by(event, viewer)
        if entry is not None:
            shown.append(as_read(entry, names))
    return shown


def events_to_json(events: list[Event], names: Sequence[str]) -> list[list[Any]]:
    """The events as stored (snapshots): always in English, whoever's request stores them."""
    with i18n.language(i18n.DEFAULT):
        return _events_json(events, names)


def _events_json(events: list[Event], names: Sequence[str]) -> list[list[Any]]:
    return [
        [None if v is None else list(v), as_read(full, names),
         None if redacted is None else as_read(redacted, names)]
        for v, full, redacted in events
    ]


def without_text(doc: dict[str, Any]) -> dict[str, Any]:
    """A snapshot with its log entries' words (and the seats they name) left out: what a game
    is, apart from how a release words its log (a later release may reword an entry; the stored
    words stay what was read)."""
    def bare(body: Any) -> Any:
        if not isinstance(body, dict):
            return body
        return {k: v for k, v in body.items() if k not in ("text", NAMED_SEATS)}

    events = [[v, bare(full), bare(redacted)] for v, full, redacted in doc.get("events", [])]
    return {**doc, "events": events}


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
