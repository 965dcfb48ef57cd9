"""Per-piece counts in the records: every game fills each category its docstring promises, and
the counts agree with the game's own history (so a renamed event or action shows up here)."""

import pytest

from squidbox.sim.pieces import IN_GAME
from squidbox.sim.runner import GameJob, play_game

CATEGORIES = {
    "grid_squid": {"dealt", "placed", IN_GAME},
    "squid_circle": {"drawn", "played", "guard action"},
    "squid_game": {"played", "chose"},
    "squid_inc": {"owned at end"},
    "directors": {"drawn", "played", "in play at end", IN_GAME},
}
PLAYERS = {"grid_squid": 2, "squid_circle": 3, "squid_game": 3, "squid_inc": 2, "directors": 3}


@pytest.mark.parametrize("game", sorted(CATEGORIES))
def test_each_game_counts_its_pieces(game):
    n = PLAYERS[game]
    options = {"events": 2} if game == "directors" else {}
    record = play_game(GameJob(0, game, n, 11, ("random",) * n, tuple(range(n)), options))
    pieces = record["pieces"]
    assert CATEGORIES[game] <= set(pieces), sorted(pieces)
    for category, counts in pieces.items():
        assert counts and all(len(per_seat) == n for per_seat in counts.values()), category
        assert all(count >= 0 for per_seat in counts.values() for count in per_seat)


def test_counts_agree_with_the_history():
    record = play_game(GameJob(0, "grid_squid", 2, 3, ("random", "random"), (1, 2)))
    placed = sum(sum(per_seat) for per_seat in record["pieces"]["placed"].values())
    assert placed == record["length"]  # every decision places a cube (no advanced rule)
    dealt = record["pieces"]["dealt"]
    assert [sum(dealt[s][seat] for s in dealt) for seat in range(2)] == [15, 15]
    assert len(record["pieces"][IN_GAME]) == 3  # one more symbol than players


def test_every_grid_squid_decision_is_counted_once_as_placed_or_discarded():
    record = play_game(GameJob(0, "grid_squid", 2, 4, ("random", "random"), (0, 1)))
    counted = {category: sum(sum(per_seat) for per_seat in record["pieces"][category].values())
               for category in ("placed", "discarded")}
    assert counted["discarded"] >= 1  # this seed's game has a card that could take no tile
    assert counted["placed"] + counted["discarded"] == record["length"]
