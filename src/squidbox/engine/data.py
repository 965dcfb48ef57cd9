"""Loading a game's data file (TOML) with errors that name the file and the key."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from .errors import DataFileError


class DataFile:
    """A parsed data file; `get` reads a value by dotted key and checks its type."""

    def __init__(self, path: Path, content: dict[str, Any]) -> None:
        self.path = path
        self.content = content

    @classmethod
    def load(cls, path: str | Path) -> DataFile:
        path = Path(path)
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as e:
            raise DataFileError(f"cannot read data file {path}: {e.strerror or e}") from e
        try:
            return cls(path, tomllib.loads(text))
        except tomllib.TOMLDecodeError as e:
            raise DataFileError(f"data file {path} is not valid TOML: {e}") from e

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
        value = self.get(key, int)
        if (minimum is not None and value < minimum) or (maximum is not None and value > maximum):
            raise self.error(key, f"must be between {minimum} and {maximum}, not {value}")
        return value

    def get_list(self, key: str, item_kind: type) -> list[Any]:
        value = self.get(key, list)
        for item in value:
            wrong_bool = isinstance(item, bool) and item_kind is not bool
            if not isinstance(item, item_kind) or wrong_bool:
                raise self.error(key, f"must list {_kind_name(item_kind)} values, found {item!r}")
        return value

    def error(self, key: str, problem: str) -> DataFileError:
        return DataFileError(f"data file {self.path}: {key} {problem}")


def _kind_name(kind: type | tuple[type, ...]) -> str:
    if isinstance(kind, tuple):
        return " or ".join(k.__name__ for k in kind)
    return {"int": "an integer", "str": "a string", "list": "a list", "dict": "a table",
            "bool": "true or false"}.get(kind.__name__, kind.__name__)
