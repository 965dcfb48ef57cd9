"""The games' names in German: the seat colours of every game and Grid Squid's symbols are words
of the English data files, kept in the state; a German reader reads them as the catalog (or the
game's own German names) translates them, in the log every seat reads, the results and the
browser's names map (`/api/games/<id>/pieces`, "names"), while English readers read English."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import squidbox
from squidbox import i18n
from squidbox.games.names import named_words, names_in
from squidbox.registry import game_part

GAMES = ["grid_squid", "squid_circle", "squid_game", "squid_inc", "directors"]


def played(game_id: str, players: int, seed: int) -> Any:
    """A game of random legal moves, played to its end."""
    game = squidbox.get_game(game_id)
    state = game.new_game(players, seed, {})
    rng = random.Random(seed)
    while not state.is_terminal():
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def english_names(game: Any) -> re.Pattern[str]:
    """The names whose German differs, as whole words."""
    german = names_in(game, "de")
    return re.compile(r"\b(" + "|".join(map(re.escape, sorted(german, key=len, reverse=True)))
                      + r")\b")


@pytest.mark.parametrize("game_id", GAMES)
def test_every_name_of_the_data_has_a_german_name(game_id: str) -> None:
    game = squidbox.get_game(game_id)
    german = names_in(game, "de")
    for word in named_words(game):
        if word != "Orange":  # the same word in both languages
            assert german.get(word, word) != word, f"{game_id}: {word!r} has no German name"
    assert names_in(game, "en") == {}


@pytest.mark.parametrize("game_id", GAMES)
def test_log_and_results_name_seats_and_symbols_in_german(game_id: str) -> None:
    state = played(game_id, 3, 2)
    game = state.game
    english = english_names(game)
    german = set(names_in(game, "de").values())
    with i18n.language("de"):
        texts = [line["text"] for seat in range(state.num_players) for line in state.log(seat)]
        found = game_part(game.id, "results").results(state)
        texts += [str(name) for name in found.names] + [str(found.tie_break or "")]
    left = sorted({match.group(0) for text in texts for match in english.finditer(text)})
    assert not left, f"{game_id}: English names on German pages: {left}"
    assert any(name in text for text in texts for name in german), texts[:5]
    english_log = [line["text"] for line in state.log(0)]
    assert not any(name in text for text in english_log for name in german - set(named_words(game)))
