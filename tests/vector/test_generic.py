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


def test_a_policy_file_must_fit_its_games_observation_and_actions(tmp_path):
    """The policy bot plays any game whose file it loads, so the file's shapes are checked
    against the game it names."""
    import numpy as np
    import pytest

    from squidbox.bots import make_bot
    from squidbox.engine import InvalidOptions
    from squidbox.vector.policy import Policy

    game = get_game("squid_circle")
    rng = np.random.default_rng(0)
    size = Policy("squid_circle", 3, None, {}).observation_size
    actions = game.num_distinct_actions
    for i, (shape, fits) in enumerate((((size, actions), True), ((size + 1, actions), False),
                                       ((size, actions - 1), False))):
        path = tmp_path / f"policy{i}.npz"
        Policy.new("squid_circle", 3, None, *shape, 4, rng).save(path)
        if fits:
            bot = make_bot(f"policy:path={path}", 0, game)
            state = game.new_game(3, 0)
            seat = state.to_move()[0]
            assert bot.choose(state, seat) in state.legal_actions(seat)
        else:
            with pytest.raises(InvalidOptions, match="cannot load"):
                make_bot(f"policy:path={path}", 0, game)
