"""Babel extractors (babel.cfg): Python by its syntax tree, and the games' words kept as data:
`lobby.toml` (descriptions, option labels, help lines, choice labels) and the pieces' texts,
which each game's `pieces.py` builds from its data file. Both are translated where they are
served (games/lobby.py, games/pieces.py).

Python goes through `ast` rather than Babel's tokenizer because on Python 3.11 the tokenizer sees
an f-string as one token, and the pages call `_h("...")` inside f-strings. JavaScript goes
through a pattern for `t("...")` and `tn("...", "...")` (double-quoted literals, joined with +
across lines) because Babel's JavaScript extractor loses calls inside `${...}` of a template
literal whenever they pass an object literal (`${t("Round {round}", { round })}`)."""

from __future__ import annotations

import ast
import json
import re
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any, BinaryIO

Found = tuple[int, str | None, str, list[str]]


def extract_python(fileobj: BinaryIO, keywords: Any, comment_tags: Any,
                   options: Any) -> Iterator[tuple[int, str, tuple[str | None, ...], list[str]]]:
    """Every call of a keyword (`_("...")`, `self.emit(kind, "...")`) with its positional
    arguments; Babel keeps the ones the keyword's spec names when they are literal strings."""
    tree = ast.parse(fileobj.read())
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else (
            func.attr if isinstance(func, ast.Attribute) else None)
        if name is None or name not in keywords:
            continue
        args = tuple(arg.value if isinstance(arg, ast.Constant) and isinstance(arg.value, str)
                     else None for arg in node.args)
        if any(arg is not None for arg in args):
            yield node.lineno, name, args, []


_JS_STRING = r'"(?:[^"\\\n]|\\.)*"'
_JS_TEXT = rf"{_JS_STRING}(?:\s*\+\s*{_JS_STRING})*"
_JS_CALL = re.compile(rf"(?<![\w.$])(t|tn)\(\s*({_JS_TEXT})(?:\s*,\s*({_JS_TEXT}))?")


def extract_js(fileobj: BinaryIO, keywords: Any, comment_tags: Any,
               options: Any) -> Iterator[tuple[int, str, tuple[str, ...] | str, list[str]]]:
    """`t("text")` and `tn("one", "many", count)` calls with literal texts (not in comments)."""
    lines = fileobj.read().decode("utf-8").split("\n")
    source = "\n".join("" if line.lstrip().startswith("//") else line for line in lines)
    for found in _JS_CALL.finditer(source):
        line = source.count("\n", 0, found.start()) + 1
        first = _js_text(found.group(2))
        if found.group(1) == "tn" and found.group(3):
            yield line, "tn", (first, _js_text(found.group(3))), []
        elif found.group(1) == "t":
            yield line, "t", first, []


def _js_text(joined: str) -> str:
    return "".join(json.loads(part) for part in re.findall(_JS_STRING, joined))


def extract_lobby(fileobj: BinaryIO, keywords: Any, comment_tags: Any,
                  options: Any) -> Iterator[Found]:
    source = fileobj.read().decode("utf-8")
    words = tomllib.loads(source)
    texts = [words.get("description", "")]
    for option in words.get("options", {}).values():
        texts += [option.get("label", ""), option.get("help", "")]
        texts += list(option.get("choices", {}).values()) + list(option.get("words", {}).values())
    yield from _found(source, texts)


def extract_pieces(fileobj: BinaryIO, keywords: Any, comment_tags: Any,
                   options: Any) -> Iterator[Found]:
    """The game's name, the names of its data (games/names.py `named_words`: seat colours,
    symbols), and every text of the pieces its `pieces.py` builds from its default data file."""
    import squidbox
    from squidbox import i18n
    from squidbox.games.names import named_words
    from squidbox.registry import game_part

    game_id = Path(fileobj.name).parent.name
    game = squidbox.get_game(game_id)
    part = game_part(game_id, "pieces")
    if part is None:
        return
    with i18n.language(i18n.DEFAULT):
        book = part.pieces(game)
    texts = [game.name] + named_words(game) + list(book.notes)
    for piece in book.pieces.values():
        texts += piece.texts_to_translate()
    yield from _found(fileobj.read().decode("utf-8"), texts)


def _found(source: str, texts: list[str]) -> Iterator[Found]:
    seen = set()
    for text in texts:
        if any(c.isalpha() for c in text) and text not in seen:
            seen.add(text)
            yield _line_of(source, text), None, text, []


def _line_of(source: str, text: str) -> int:
    at = source.find(text[:40])
    return source.count("\n", 0, at) + 1 if at >= 0 else 1


def update_catalog(po_path: Path, pot_path: Path) -> None:
    """`pybabel update` that forgets no translation: a text no source has any more is kept as
    obsolete (#~), and comes back with its translation when a source has it again (branches
    merged in either order keep their German)."""
    from babel.messages.pofile import read_po, write_po

    with po_path.open("rb") as f:
        catalog = read_po(f)
    with pot_path.open("rb") as f:
        template = read_po(f)
    kept = dict(catalog.obsolete)
    catalog.update(template, no_fuzzy_matching=True)
    for key, old in kept.items():
        found = catalog.get(key)
        if found is not None:
            if not found.string:
                found.string = old.string
        elif key not in catalog.obsolete:
            catalog.obsolete[key] = old
    for key in [key for key in catalog.obsolete if catalog.get(key) is not None]:
        del catalog.obsolete[key]  # a text a source has again is live, not also obsolete
    for message in catalog:
        message.flags.discard("fuzzy")
    with po_path.open("wb") as f:
        write_po(f, catalog, include_previous=False)
