"""Editing a game's shipped data file, as a user would, for the data-file tests."""

from pathlib import Path
from types import ModuleType
from typing import Any


def load_edited(data_module: ModuleType, tmp_path: Path, old: str, new: str) -> Any:
    """Load a copy of the game's data file with the first `old` replaced by `new`."""
    original = data_module.DATA_FILE.read_text(encoding="utf-8")
    assert old in original
    path = tmp_path / "data.toml"
    path.write_text(original.replace(old, new, 1), encoding="utf-8")
    return data_module.load(path)
