"""Plain-keyboard spellings of action names.

Some action names use characters a keyboard or a script does not easily type (SQUID's
"play Zeige −1" has a Unicode minus, "play Zum nächsten Charakter" an umlaut). Every such name
may also be given in ASCII: dashes as "-", umlauts either transliterated ("ae") or without their
dots ("a"). The engine looks a spelling up only when an action is not found among the legal ones,
so the rules' hot path does no extra work.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

DASHES = dict.fromkeys(map(ord, "\u2010\u2011\u2012\u2013\u2014\u2212\ufe63\uff0d"), "-")
TRANSLITERATED = {ord("ä"): "ae", ord("ö"): "oe", ord("ü"): "ue", ord("Ä"): "Ae",
                  ord("Ö"): "Oe", ord("Ü"): "Ue", ord("ß"): "ss"}


def ascii_spellings(name: str) -> set[str]:
    """The ASCII ways of writing `name` (empty when it is ASCII already)."""
    if name.isascii():
        return set()
    dashed = name.translate(DASHES)
    stripped = "".join(c for c in unicodedata.normalize("NFKD", dashed)
                       if not unicodedata.combining(c))
    spellings = {dashed.translate(TRANSLITERATED), stripped}
    return {s for s in spellings if s.isascii()}


def spelling_table(names: Iterable[str]) -> dict[str, str]:
    """ASCII spelling -> the name it stands for, for every non-ASCII name. A spelling that
    would stand for two names, or that is itself a name, is an error in the game's names."""
    names = list(names)
    taken = set(names)
    table: dict[str, str] = {}
    for name in names:
        for spelling in ascii_spellings(name):
            if spelling in taken or table.get(spelling, name) != name:
                raise ValueError(f"the ASCII spelling {spelling!r} of {name!r} is ambiguous")
            table[spelling] = name
    return table
