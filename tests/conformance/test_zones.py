"""The zone checks catch a declaration that disagrees with the view or the resample: each broken
Grid Squid or Directors below differs from the real one in one declaration or one resample, and
the conformance suite must name it. The real games pass the same checks (test_guarantees.py)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import squidbox
from squidbox.conformance import ConformanceError, check_playout
from squidbox.engine import Game, Seen, State, Zone
from squidbox.games.directors.state import DirectorsState
from squidbox.games.grid_squid.state import GridSquidState


def with_state(game_id: str, state_class: type[State]) -> Game:
    """The registered game, playing states of `state_class`."""
    game = squidbox.get_game(game_id)
    broken = object.__new__(type(game))
    broken.__dict__.update(game.__dict__)
    broken.state_class = state_class  # type: ignore[misc]
    return broken


class HandsDeclaredPublic(GridSquidState):
    ZONES = (Zone("hands", Seen.PUBLIC, per_seat=True, pool="cards", ordered=False, counts=True),
             *GridSquidState.ZONES[1:])


class DiscardDeclaredFaceDown(GridSquidState):
    ZONES = (*GridSquidState.ZONES[:2], Zone("discard", Seen.NOBODY, pool="cards", counts=True))


class ViewShowsEveryHand(GridSquidState):
    def _view(self, viewer: int | None) -> dict[str, Any]:
        view = super()._view(viewer)
        view["all_hands"] = [list(hand) for hand in self.hands]
        return view


class ResampleForgetsTheDeck(GridSquidState):
    def _resample(self, player: int, rng: random.Random) -> None:
        deck = self.deck[:]
        super()._resample(player, rng)
        self.deck = deck  # the hands' pool without the deck: keeps the deck's true order
        cards = [s for seat, hand in enumerate(self.hands) if seat != player
                 for s, k in enumerate(hand) for _ in range(k)]
        cards.sort()
        rng.shuffle(cards)
        for seat, hand in enumerate(self.hands):
            if seat != player:
                size = sum(hand)
                self.hands[seat] = [0] * len(hand)
                for s in cards[:size]:
                    self.hands[seat][s] += 1
                del cards[:size]


class KnownCardsForgotten(DirectorsState):
    """Directors without `known`: a card everyone saw in a hand would be redealt away."""

    ZONES = (Zone("hands", Seen.OWNER, per_seat=True, pool="cards", ordered=False, sort=True),
             *DirectorsState.ZONES[1:])


@pytest.mark.parametrize(("game_id", "state_class", "complaint"), [
    ("grid_squid", HandsDeclaredPublic, "view does not show its cards"),
    ("grid_squid", DiscardDeclaredFaceDown, "declared hidden from it"),
    ("grid_squid", ViewShowsEveryHand, "declared hidden from it"),
    ("grid_squid", ResampleForgetsTheDeck, "never redeals deck"),
])
def test_a_broken_declaration_is_caught(game_id: str, state_class: type[State],
                                        complaint: str) -> None:
    game = with_state(game_id, state_class)
    with pytest.raises(ConformanceError, match=complaint):
        for seed in range(3):
            check_playout(game, 3, seed, deep_every=0)


def test_forgotten_known_cards_are_caught() -> None:
    """Without `known`, a Directors hand's revealed cards are redealt: the public view of
    `known_in_hand` then disagrees with the hand (an invariant) or the view changes."""
    game = with_state("directors", KnownCardsForgotten)
    with pytest.raises(ConformanceError):
        for seed in range(40):
            check_playout(game, 3, seed, deep_every=0)


def test_the_real_declarations_pass() -> None:
    for game_id in ("grid_squid", "directors"):
        game = squidbox.get_game(game_id)
        for seed in range(2):
            check_playout(game, 3, seed, deep_every=0)
