"""What each game piece says, for people: the texts the browser shows in tooltips and detail
panels, and the terminal's `cards` key. Every game folder has a `pieces.py` whose
`pieces(game)` builds a `Pieces` from the game's loaded data file, and a `look.toml` with the
colours pieces are drawn in (display only; no rule reads it).

Which values are PROPOSED (our guess where the rulebook is silent) is written in the data file's
comments; `comment_statuses` reads them so that a piece can carry a mark. The marks are for
designers: `to_json(proposed=True)` (a variant table, or one opened to show them) carries them,
players' tables get the values without them (the how-to-play page's rulings list them).

The texts are English message ids, shown in the reader's language (squidbox.i18n) by
`to_json` and `lines`; `texts()` lists them for extraction (squidbox/i18n_extract.py). A text
the data file has in both languages (SQUID's cards: the rulebook's German) is given as
`texts={"de": ...}` and taken from there instead of the catalog.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from squidbox.autopass import PASS
from squidbox.games.names import names_in
from squidbox.i18n import current
from squidbox.i18n import gettext as _

STATUS_WORDS = {"PROPOSED": "proposed", "(P)": "proposed", "CONFIRMED": "confirmed",
                "(C)": "confirmed", "INFERRED": "inferred", "HOUSE RULE": "house rule"}
CHOICE = "choice:"  # the key prefix of a piece that explains an action
_HEADER = re.compile(r"^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*(?:#(.*))?$")
_KEY = re.compile(r"^\s*([A-Za-z0-9_\"'. -]+?)\s*=\s*[^#]*?(?:#(.*))?$")


@dataclass
class Piece:
    """One piece: `key` (how drawings and logs refer to it, e.g. "card:Hero"), its kind, name,
    the lines of its full text, labelled values (each may be PROPOSED), and a fill colour."""

    key: str
    kind: str
    name: str
    text: str = ""
    values: list[tuple[str, Any, bool]] = field(default_factory=list)
    colour: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    texts: dict[str, str] = field(default_factory=dict)  # the text by language, from the data

    def value(self, label: str, value: Any, proposed: bool = False) -> Piece:
        self.values.append((label, value, proposed))
        return self

    def to_json(self, proposed: bool = False) -> dict[str, Any]:
        """`proposed`: mark the PROPOSED values (for designers); without it no value is."""
        return {
            "key": self.key, "kind": _(self.kind), "name": self.shown_name(),
            "text": self.shown_text(), "colour": self.colour,
            "values": [{"label": _(label), "value": _shown(value), "proposed": proposed and mark}
                       for label, value, mark in self.values],
            "proposed": proposed and any(mark for _, _, mark in self.values),
            **self.extra,
        }

    def shown_name(self) -> str:
        """A choice is named by its action, which stays as the game spells it."""
        return self.name if self.key.startswith(CHOICE) else _(self.name)

    def shown_text(self) -> str:
        return self.texts.get(current()) or (_(self.text) if self.text else "")

    def lines(self) -> list[str]:
        """The full text as plain lines (the terminal's `cards` key); PROPOSED values end in *."""
        values = ", ".join(f"{_(label)} {_shown(value)}{'*' if proposed else ''}"
                           for label, value, proposed in self.values)
        # "(trick)" in English; German nouns keep their capitals: "(Trick)"
        kind = _(self.kind) if current() != "en" else self.kind.lower()
        head = f"{self.shown_name()} ({kind})" + (f": {values}" if values else "")
        text = self.shown_text()
        return [head] + ([text] if text else [])

    def texts_to_translate(self) -> list[str]:
        """The English texts `to_json` shows through the catalog (for extraction)."""
        found = [self.kind] + ([] if self.key.startswith(CHOICE) else [self.name])
        found += [label for label, _v, _p in self.values]
        found += [value for _l, value, _p in self.values if isinstance(value, str)]
        return found + ([self.text] if self.text else [])


def _shown(value: Any) -> Any:
    return _(value) if isinstance(value, str) and value else value


@dataclass
class Pieces:
    """Every piece of a game, the colours of its drawing, and notes (e.g. the deck mix)."""

    game: str
    pieces: dict[str, Piece] = field(default_factory=dict)
    colours: dict[str, str] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    passes: bool = False  # whether "pass" can ever be a seat's action (the auto-pass toggle)
    names: dict[str, str] = field(default_factory=dict)  # seat names in the reader's language

    @classmethod
    def of(cls, game: Any, colours: dict[str, str] | None = None) -> Pieces:
        """An empty book for `game`; whether its seats can pass is asked of the game itself."""
        return cls(game.id, colours=dict(colours or {}), passes=PASS in game.actions,
                   names=names_in(game, current()))

    def add(self, piece: Piece) -> Piece:
        self.pieces[piece.key] = piece
        return piece

    def to_json(self, proposed: bool = False) -> dict[str, Any]:
        return {"game": self.game, "colours": self.colours, "notes": [_(n) for n in self.notes],
                "passes": self.passes, "names": self.names, "proposed": proposed,
                "pieces": {key: piece.to_json(proposed) for key, piece in self.pieces.items()}}


def look(package: str) -> dict[str, Any]:
    """A game folder's look.toml (drawing colours)."""
    text = resources.files(package).joinpath("look.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


def comment_statuses(path: Path) -> dict[str, str]:
    """The status each data-file comment gives, by dotted key: "proposed", "confirmed",
    "inferred" or "house rule". A key's own end-of-line comment wins; else the comment of its
    table header; else the block of comment lines just above it. Array tables are numbered:
    the second `[[employees]]`'s `clout` is "employees.1.clout"."""
    statuses: dict[str, str] = {}
    table = ""
    counts: dict[str, int] = {}
    block: str | None = None
    header: str | None = None
    for line in path.read_text(encoding="utf-8").splitlines():
        stripped = line.strip()
        if stripped.startswith("#"):
            block = _status(stripped) or block
            continue
        if not stripped:
            block = None
            continue
        if found := _HEADER.match(line):
            name = found.group(1).replace('"', "")
            if stripped.startswith("[["):
                counts[name] = counts.get(name, -1) + 1
                name = f"{name}.{counts[name]}"
            table = name
            header = _status(found.group(2) or "") or block
            if header:
                statuses[table] = header
            block = None
            continue
        if found := _KEY.match(line):
            key = found.group(1).strip().replace('"', "")
            status = _status(found.group(2) or "") or header or block
            if status:
                statuses[f"{table}.{key}" if table else key] = status
    return statuses


def table_comments(path: Path) -> dict[str, str]:
    """The end-of-line comment of every table header, by table name (e.g. "cards.Hero")."""
    found = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if (header := _HEADER.match(line)) and header.group(2):
            found[header.group(1).replace('"', "")] = header.group(2).strip()
    return found


def _status(comment: str) -> str | None:
    for word, status in STATUS_WORDS.items():
        if word in comment:
            return status
    return None
