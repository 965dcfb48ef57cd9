"""Properties over many cases: the vote total, one elimination per round, fair windows."""

import random

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from squidbox.conformance import check_playout

from .positions import GAME, position

CIRCLE = "R1 B1 G1 Y1 P1 O1 R2 B2 G2 Y2 P2 O2"
SIGNS = {"vote 0": 0, "vote 1": 1, "play Zeige 2": 2, "play Zeige −1": -1}
CARD = {"play Zeige 2": "Zeige 2", "play Zeige −1": "Zeige −1"}


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(sorted(SIGNS)), min_size=6, max_size=6), st.integers(0, 11))
def test_the_guard_moves_by_the_total_shown_either_way(signs, start):
    assume(all(signs.count(sign) <= 4 for sign in CARD))  # 4 copies of each Zeige trick
    hands = {seat: [CARD[s]] for seat, s in enumerate(signs) if s in CARD}
    tokens = CIRCLE.split()
    state = position(CIRCLE, players=6, guard=tokens[start], hands=hands)
    expected = state.character_name(state.circle[(start + sum(SIGNS[s] for s in signs)) % 12])
    for seat, sign in enumerate(signs):
        state.apply(seat, sign)
    moved = next(e for e in state.log(None) if e["type"] == "call")
    assert moved["total"] == sum(SIGNS[s] for s in signs)
    assert moved["character"] == expected
    assert state.hands == [[] for _ in range(6)]  # every Zeige card shown is discarded


def play(seed, players, options=None):
    """A random game, yielding (state before, seat, action, state after)."""
    state = GAME.new_game(players, seed=seed, options=options)
    chooser = random.Random(seed)
    while not state.is_terminal():
        seat = chooser.choice(state.to_move())
        action = chooser.choice(state.legal_actions(seat))
        before = state.clone()
        state.apply(seat, action)
        yield before, seat, action, state


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(2, 6))
def test_a_round_eliminates_at_most_one_character_and_schnelles_spiel_exactly_one(seed, players):
    characters = None
    quick = False
    for before, _seat, action, after in play(seed, players):
        if before.phase == "call" and characters is None:
            characters, quick = len(before.circle), False
        quick = quick or action == "play Schnelles Spiel"
        if after.round != before.round or after.is_terminal():
            removed = characters - len(after.circle)
            assert removed <= 1
            if quick:
                assert removed == 1
            characters = None


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(2, 6))
def test_a_window_closes_only_when_every_eligible_player_has_passed(seed, players):
    for before, seat, action, after in play(seed, players):
        if before.phase not in ("after_move", "after_reveal") or action != "pass":
            continue
        closed = after.phase != before.phase or not any(after.passed) or after.is_terminal()
        if closed:
            passed = {s for s, p in enumerate(before.passed) if p} | {seat}
            eligible = {s for s, e in enumerate(before.eligible()) if e}
            assert passed == eligible
        else:
            assert after.asking is not None and not after.passed[after.asking]


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10**6), st.integers(2, 6), st.sampled_from(["even", "random", "grouped"]),
       st.sampled_from(["recommended", 2, 3]), st.sampled_from(["proposed", "long"]))
def test_every_setup_variant_keeps_the_conformance_guarantees(seed, players, layout, characters,
                                                              mix):
    options = {"layout": layout, "characters": characters, "mix": mix}
    report = check_playout(GAME, players, seed, options, deep_every=7)
    assert report.returns.count(1.0) == 1 and sum(report.returns) == 1.0
