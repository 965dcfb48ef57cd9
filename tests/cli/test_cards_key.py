"""The terminal's `c` key: the full text of every piece in view from the data file, PROPOSED
values marked, why points were scored, all within 80 columns."""

from __future__ import annotations

import random

import pytest

import squidbox
from squidbox.terminal import play_in_terminal
from squidbox.terminal_cards import WIDTH, cards_text


def answers(*typed: str):  # noqa: ANN201  (a read function)
    queue = list(typed)
    return lambda _prompt: queue.pop(0)


@pytest.mark.parametrize("game_id", squidbox.game_ids())
def test_c_prints_every_piece_in_view_within_80_columns(game_id: str) -> None:
    game = squidbox.get_game(game_id)
    lines: list[str] = []
    play_in_terminal(game, game.min_players, {}, 3, read=answers("", "c", "q"),
                     write=lambda text: lines.extend(str(text).split("\n")))
    start = lines.index("Pieces in view (* = PROPOSED value, compare with your printed copy):")
    shown = lines[start:]
    assert len(shown) > 2 and all(len(line) <= WIDTH for line in shown)
    if game_id == "directors":
        state = game.new_game(game.min_players, 3, {})
        hand = state.view(state.to_move()[0])["state"]["hand"]
        card = game.data.cards[hand[0]]
        text = " ".join(line.strip() for line in shown)
        assert card.text in text and f"crowns {card.crowns}" in text


def test_c_says_why_grid_squid_points_were_scored() -> None:
    game = squidbox.get_game("grid_squid")
    rng = random.Random(2)
    for seed in range(20):
        state = game.new_game(2, seed, {})
        while state.round == 1 or not any(e["type"] == "score" and any(
                p["lines"] for p in e["players"]) for e in state.log(None)):
            if state.is_terminal():
                break
            seat = state.to_move()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        text = cards_text(game, state, 0)
        if "Why points were scored:" in text:
            assert "row" in text or "column" in text
            assert all(len(line) <= WIDTH for line in text.splitlines())
            return
    pytest.fail("no seed scored a line")
