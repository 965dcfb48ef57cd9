"""The five guarantees of DESIGN.md, for every registered game and player count.

SQUIDBOX_CONFORMANCE_GAMES sets the number of seeded games per (game, player count); CI uses the
default of 100 (a quarter of that per option preset). Every game gets its invariants checked
after every action and a replay check at the end. The full checks (snapshot, clone isolation,
leaks, illegal input) run after every decision of the first DEEP_GAMES games, and at decisions
0, 1, 2, 4, 8, … and the end of every other game, so long games stay affordable: a full check
renders every viewer's whole log, so checking every decision of one six-player Squid Game
campaign costs about 10 s of CPU, as much as 55 campaigns checked at powers of two.
`squidbox fuzz <id> --games N` runs the full checks after every decision, for as long as you like.
"""

import os

import pytest

import squidbox
from squidbox.conformance import check_playout

GAMES = int(os.environ.get("SQUIDBOX_CONFORMANCE_GAMES", "100"))
PRESET_GAMES = max(1, GAMES // 4)
DEEP_GAMES = 1

DEFAULT_CASES = [
    pytest.param(game.id, n, id=f"{game.id}-{n}p")
    for game in squidbox.list_games()
    for n in game.player_counts
]
PRESET_CASES = [
    pytest.param(game.id, n, preset, id=f"{game.id}-{n}p-{'-'.join(map(str, preset.items()))}")
    for game in squidbox.list_games()
    for preset in game.option_presets
    for n in game.player_counts
]


def play_many(game_id, num_players, games, options=None):
    game = squidbox.get_game(game_id)
    resampled_hidden = 0
    for seed in range(games):
        report = check_playout(
            game, num_players, seed, options, deep_every=1 if seed < DEEP_GAMES else 0
        )
        resampled_hidden += report.resamples_that_changed_hidden_state
        assert len(report.returns) == num_players
    if game.hidden_information:
        # The leak check only means something if resampling really redeals hidden information.
        assert resampled_hidden > 0, "resample never changed any hidden information"


@pytest.mark.parametrize(("game_id", "num_players"), DEFAULT_CASES)
def test_random_playouts_keep_every_guarantee(game_id, num_players):
    play_many(game_id, num_players, GAMES)


@pytest.mark.parametrize(("game_id", "num_players", "options"), PRESET_CASES)
def test_option_presets_keep_every_guarantee(game_id, num_players, options):
    play_many(game_id, num_players, PRESET_GAMES, options)
