"""Undo, for every registered game: seeded random playouts that undo at every point
where undo is allowed and compare the result with the state before (snapshot, every view and
log), and check that nothing drawn or revealed can ever be undone, finding reveals by
resampling apart from the games' own `mark_reveal()` calls (squidbox.conformance).

Each undo replays the game from its seed, so a check costs a game's length squared: one seeded
game per player count with the default options, played to the end at the smallest count and
for its first SHORT decisions at the others, and per preset the smallest and largest player
count for SHORT decisions (Squid Game's whole campaign at its smallest count only: its presets
play each of its six games). SQUIDBOX_UNDO_GAMES raises the number of seeds;
`check_undo_playout` runs any number of whole games by hand.
"""

from __future__ import annotations

import os

import pytest

import squidbox
from squidbox.conformance import ConformanceError, check_undo_playout
from squidbox.engine import State

GAMES = int(os.environ.get("SQUIDBOX_UNDO_GAMES", "1"))
RESAMPLES = 2
SHORT = 200
# Every Grid Squid move plays a card from a hidden hand face up: none can be undone.
NO_UNDO = {"grid_squid"}


def cases() -> list[object]:
    found = []
    for game in squidbox.list_games():
        counts = list(game.player_counts)
        defaults = counts[:1] if game.id == "squid_game" else counts
        found += [pytest.param(game.id, n, {}, None if n == counts[0] else SHORT,
                               id=f"{game.id}-{n}p") for n in defaults]
        for preset in game.option_presets:
            name = "-".join(map(str, preset.values()))
            found += [pytest.param(game.id, n, preset, SHORT, id=f"{game.id}-{n}p-{name}")
                      for n in sorted({counts[0], counts[-1]})]
    return found


@pytest.mark.parametrize(("game_id", "num_players", "options", "decisions"), cases())
def test_undo_restores_exactly_and_never_crosses_a_draw_or_reveal(game_id, num_players, options,
                                                                  decisions):
    game = squidbox.get_game(game_id)
    undos = 0
    for seed in range(GAMES):
        report = check_undo_playout(game, num_players, seed, options, resamples=RESAMPLES,
                                    max_decisions=decisions)
        undos += report.undos
        if game.hidden_information:
            assert report.revealing > 0, "the reveal check never found a reveal"
    if game_id in NO_UNDO:
        assert undos == 0
    else:
        assert undos > 0, "no decision could ever be undone"


@pytest.mark.parametrize("game_id", squidbox.game_ids())
def test_the_reveal_check_catches_a_game_that_marks_no_reveal(game_id, monkeypatch):
    """With every game's mark_reveal() switched off, the resampling check must fail."""
    game = squidbox.get_game(game_id)
    if not game.hidden_information:
        pytest.skip("nothing is hidden")
    monkeypatch.setattr(State, "mark_reveal", lambda self: None)
    with pytest.raises(ConformanceError, match="showed seat"):
        for seed in range(3):
            check_undo_playout(game, game.min_players, seed, resamples=RESAMPLES)
