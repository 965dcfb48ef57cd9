"""Seat and character names in the reader's language.

A game's seat names ("Red"; SQUID's characters are "Red 1") are part of its state: actions,
logs, records and the browser's drawing colours use them, so they never change with the
language. The names are words of the game's English data file (its seat colours; Grid Squid's
symbols); a reader of another language reads each as the message catalog translates it
(`named_words`, extracted into the catalog with the pieces' texts), or as the game's own method
`names_in(language) -> {name: shown name}` says (SQUID's and Grid Squid's colours, from their
data files). Texts made for a reader (log lines, action labels, the terminal's board) put them
in with `shown`, a state's `log` with `shown_log`, and the browser gets the map with the game's
pieces (`/api/games/<id>/pieces`, "names").
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from squidbox import i18n
from squidbox.engine.events import Entry, as_read, seen_by


def named_words(game: Any) -> list[str]:
    """The words of the game's data that name its seats and, in Grid Squid, its symbols."""
    words = list(game.seat_names(game.max_players))
    return words + list(getattr(getattr(game, "data", None), "symbols", ()))


def names_in(game: Any, language: str) -> dict[str, str]:
    """The game's names as a reader of `language` reads them (only those that differ)."""
    if language == i18n.DEFAULT:
        return {}
    with i18n.language(language):
        found = {word: i18n.gettext(word) for word in named_words(game)}
    if hasattr(game, "names_in"):
        found.update(game.names_in(language))
    return {name: shown for name, shown in found.items() if name != shown}


def shown(game: Any, text: str) -> str:
    """`text` with every seat name in it (a whole word) in the reader's language."""
    language = i18n.current()
    if language == i18n.DEFAULT:
        return text
    found = _finder(game, language)
    if found is None:
        return text
    pattern, names = found
    return pattern.sub(lambda match: names[match.group(0)], text)


@lru_cache(maxsize=64)
def _finder(game: Any, language: str) -> tuple[re.Pattern[str], dict[str, str]] | None:
    names = names_in(game, language)
    if not names:
        return None
    words = "|".join(re.escape(name) for name in sorted(names, key=len, reverse=True))
    return re.compile(rf"\b(?:{words})\b"), names


def shown_log(state: Any, viewer: int | None) -> list[dict[str, Any]]:
    """`state.log(viewer)` read in a language other than English, the seat names in it as the
    reader reads them (the entries' data keep the state's names). Lines restored from a
    snapshot are stored English text (server/wording.py): left as they are."""
    names = state.seat_names()
    lines = []
    for event in state.events:
        entry = seen_by(event, viewer)
        if entry is None:
            continue
        line = as_read(entry, names)
        if type(entry) is Entry:
            line = {**line, "text": shown(state.game, line["text"])}
        lines.append(line)
    return lines


def initials(names: list[str]) -> list[str]:
    """Each name's shortest beginning no other name begins with: "R", "B", "G", "Y"; in German
    "R", "B", "Gr", "Ge" (a cube or a character marked by its colour)."""
    found = []
    for name in names:
        length = 1
        while length < len(name) and any(other != name and other.startswith(name[:length])
                                         for other in names):
            length += 1
        found.append(name[:length])
    return found
