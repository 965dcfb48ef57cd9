"""squidbox.vector is generic: it finds a game's batched version by id and names no game."""

from __future__ import annotations

from pathlib import Path

import squidbox
from squidbox.games import REGISTERED
from squidbox.registry import get_game

VECTOR = Path(squidbox.__file__).parent / "vector"


def test_the_generic_package_names_no_game():
    names = set(REGISTERED) | {type(get_game(game_id)).__name__ for game_id in REGISTERED}
    sources = sorted(VECTOR.glob("*.py"))
    assert len(sources) >= 5
    for source in sources:
        text = source.read_text(encoding="utf-8")
        named = sorted(name for name in names if name in text)
        assert not named, f"{source.name} names {named}: a game's code belongs in its folder"
