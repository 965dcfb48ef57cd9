"""Loading a game's data file (TOML) with errors that name the file and the key, and
editing one in memory (`--set KEY=VALUE`) for variants."""

from __future__ import annotations

import copy
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import DataFileError


class DataFile:
    """A parsed data file; `get` reads a value by dotted key and checks its type."""

    def __init__(self, path: Path, content: dict[str, Any]) -> None:
        self.path = path
        self.content = content

    @classmethod
    def load(cls, path: str | Path | EditedData) -> DataFile:
        """A file on disk, or an EditedData (its errors name the file and the edits)."""
        if isinstance(path, EditedData):
            return cls(path, copy.deepcopy(path.content))  # type: ignore[arg-type]
        path = Path(path)
        return cls(path, read_toml(path))

    def get(self, key: str, kind: type | tuple[type, ...]) -> Any:
        value: Any = self.content
        for part in key.split("."):
            if not isinstance(value, dict) or part not in value:
                raise self.error(key, "is missing")
            value = value[part]
        if isinstance(value, bool) and kind is not bool:
            raise self.error(key, f"must be {_kind_name(kind)}, not a boolean")
        if not isinstance(value, kind):
            raise self.error(key, f"must be {_kind_name(kind)}, not {type(value).__name__}")
        return value

    def get_int(self, key: str, minimum: int | None = None, maximum: int | None = None) -> int:
        value: int = self.get(key, int)
        if (minimum is not None and value < minimum) or (maximum is not None and value > maximum):
            if maximum is None:
                raise self.error(key, f"must be at least {minimum}, not {value}")
            if minimum is None:
                raise self.error(key, f"must be at most {maximum}, not {value}")
            raise self.error(key, f"must be between {minimum} and {maximum}, not {value}")
        return value

    def get_list(self, key: str, item_kind: type) -> list[Any]:
        value: list[Any] = self.get(key, list)
        for item in value:
            wrong_bool = isinstance(item, bool) and item_kind is not bool
            if not isinstance(item, item_kind) or wrong_bool:
                raise self.error(key, f"must list {_kind_name(item_kind)} values, found {item!r}")
        return value

    def error(self, key: str, problem: str) -> DataFileError:
        return DataFileError(f"data file {self.path}: {key} {problem}")


def read_toml(path: Path) -> dict[str, Any]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise DataFileError(f"cannot read data file {path}: {e.strerror or e}") from e
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise DataFileError(f"data file {path} is not valid TOML: {e}") from e


# ---- variants: a data file edited in memory ----------------------------------------------------
@dataclass(frozen=True)
class EditedData:
    """A data file's content after edits; the game's own `load` reads it like a file. Its text
    (what errors print as the file) names the file and the edits."""

    source: str  # the file the content came from
    content: dict[str, Any]
    edits: tuple[str, ...] = ()

    def __str__(self) -> str:
        if not self.edits:
            return self.source
        return f"{self.source} with --set {', --set '.join(self.edits)}"


def edit_data(content: dict[str, Any], edit: str, source: str) -> None:
    """Apply one `KEY=VALUE` edit to `content` in place.

    KEY is dotted into the file's tables (`cards.Magpie.cost`, `setup.money`); a part may be
    quoted (`events."Job Fair".turns`), and inside a list of tables (`employees`, `tiers`) it
    is an entry's name (`employees.Lumbergh.clout`; case and `_` for spaces do not matter) or
    its number from 0 (`tiers.0.rows`, also `tiers[0].rows`). A key must already exist, or be a
    key that a sibling table has (an optional key such as a card's `copies`). VALUE is a TOML
    value (`4`, `true`, `[1, 2]`, `"text"`); anything else is read as text. Its type must be
    the type the file has there."""
    key, sep, text = edit.partition("=")
    key = key.strip()
    if not sep or not key:
        raise DataFileError(f"--set wants KEY=VALUE, got {edit!r} (data file {source})")
    parts = split_key(key, source)
    value = parse_value(text.strip())
    parent: Any = content
    for depth, part in enumerate(parts[:-1]):
        parent = _step(parent, part, parts[:depth], key, source)
    last = parts[-1]
    if isinstance(parent, list):
        index = _list_index(parent, last, parts[:-1], key, source)
        _check_type(parent[index], value, key, source)
        parent[index] = value
        return
    if not isinstance(parent, dict):
        raise DataFileError(f"data file {source}: {key}: {'.'.join(parts[:-1])} is a single "
                            "value, it has no keys")
    if last not in parent and (matched := _normal_match(parent, last)) is not None:
        last = matched
    if last not in parent:
        example = _sibling_value(content, parts)
        if example is None:
            raise _unknown(source, key, parts[:-1], last, parent)
        _check_type(example, value, key, source)
    else:
        _check_type(parent[last], value, key, source)
    parent[last] = value


def split_key(key: str, source: str) -> list[str]:
    """'cards.Magpie.cost' -> ['cards', 'Magpie', 'cost']; quotes keep dots; [i] is a part."""
    parts: list[str] = []
    current = ""
    quote = None
    for char in key.replace("[", ".").replace("]", ""):
        if quote:
            if char == quote:
                quote = None
            else:
                current += char
        elif char in "\"'":
            quote = char
        elif char == ".":
            parts.append(current)
            current = ""
        else:
            current += char
    parts.append(current)
    if quote or any(not part.strip() for part in parts):
        raise DataFileError(f"data file {source}: {key!r} is not a dotted key such as "
                            "cards.Magpie.cost")
    return [part.strip() for part in parts]


def parse_value(text: str) -> Any:
    """A TOML value ('4', 'true', '[1, 2]', '"a b"'), or the text itself."""
    try:
        return tomllib.loads(f"value = {text}")["value"]
    except tomllib.TOMLDecodeError:
        return text


def _normal(name: str) -> str:
    return name.replace("_", " ").casefold()


def _step(node: Any, part: str, done: list[str], key: str, source: str) -> Any:
    if isinstance(node, dict):
        return node[_table_key(node, part, done, key, source)]
    if isinstance(node, list):
        return node[_list_index(node, part, done, key, source)]
    raise DataFileError(f"data file {source}: {key}: {'.'.join(done)} is a single value, "
                        "it has no keys")


def _normal_match(table: dict[str, Any], part: str) -> str | None:
    """The one key of `table` equal to `part` up to case and `_` for spaces, or None."""
    found = [name for name in table if _normal(str(name)) == _normal(part)]
    return found[0] if len(found) == 1 else None


def _table_key(table: dict[str, Any], part: str, done: list[str], key: str, source: str) -> str:
    if part in table:
        return part
    match = _normal_match(table, part)
    if match is None:
        raise _unknown(source, key, done, part, table)
    return match


def _list_index(items: list[Any], part: str, done: list[str], key: str, source: str) -> int:
    if part.isdigit() and int(part) < len(items):
        return int(part)
    names = [item.get("name") if isinstance(item, dict) else None for item in items]
    for index, name in enumerate(names):
        if isinstance(name, str) and _normal(name) == _normal(part):
            return index
    where = ".".join(done) or "the file"
    allowed = f"a number from 0 to {len(items) - 1}"
    if any(isinstance(name, str) for name in names):
        allowed += " or a name: " + ", ".join(str(name) for name in names if name)
    raise DataFileError(f"data file {source}: {key}: {where} has no entry {part!r}; "
                        f"allowed: {allowed}")


def _unknown(source: str, key: str, done: list[str], part: str,
             table: dict[str, Any]) -> DataFileError:
    where = ".".join(done) or "the file"
    known = ", ".join(str(k) for k in table) or "none"
    return DataFileError(f"data file {source}: unknown key {key!r}: {where} has no {part!r}; "
                         f"its keys: {known}")


def _sibling_value(content: dict[str, Any], parts: list[str]) -> Any:
    """The value the same key has in a sibling table (cards.X.copies for a card without
    copies), or None."""
    if len(parts) < 3:
        return None
    collection: Any = content
    for part in parts[:-2]:
        if isinstance(collection, dict) and part in collection:
            collection = collection[part]
        else:
            return None
    siblings = collection.values() if isinstance(collection, dict) else collection
    for sibling in siblings:
        if isinstance(sibling, dict) and parts[-1] in sibling:
            return sibling[parts[-1]]
    return None


def _type_name(value: Any) -> str:
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "a text (quote it if it looks like a number)"
    if isinstance(value, list):
        return "a list such as [1, 2]"
    return "a table such as { a = 1 }"


def _same_kind(old: Any, new: Any) -> bool:
    if isinstance(old, bool) or isinstance(new, bool):
        return isinstance(old, bool) and isinstance(new, bool)
    if isinstance(old, float):
        return isinstance(new, int | float)
    return type(old) is type(new) or (isinstance(old, dict) and isinstance(new, dict))


def _check_type(old: Any, new: Any, key: str, source: str) -> None:
    if not _same_kind(old, new):
        raise DataFileError(f"data file {source}: {key} must be {_type_name(old)} "
                            f"(the file has {old!r}), not {new!r}")


def _kind_name(kind: type | tuple[type, ...]) -> str:
    if isinstance(kind, tuple):
        return " or ".join(k.__name__ for k in kind)
    return {"int": "an integer", "str": "a string", "list": "a list", "dict": "a table",
            "bool": "true or false"}.get(kind.__name__, kind.__name__)
