"""Seat and character names in the reader's language.

A game's seat names ("Red"; SQUID's characters are "Red 1") are part of its state: actions,
logs, records and the browser's drawing colours use them, so they never change with the
language. A game whose names are words of a language (SQUID's colours, PROPOSED words of its
data file) says how a reader of another language reads them with a method
`names_in(language) -> {name: shown name}`; texts made for a reader (log lines, action labels,
the terminal's board) put them in with `shown`, and the browser gets the map with the game's
pieces (`/api/games/<id>/pieces`, "names").
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from squidbox import i18n


def names_in(game: Any, language: str) -> dict[str, str]:
    """The game's seat names as a reader of `language` reads them (only those that differ)."""
    if language == i18n.DEFAULT or not hasattr(game, "names_in"):
        return {}
    return {name: shown for name, shown in game.names_in(language).items() if name != shown}


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
