"""Issue 14, item 7: reaction windows ask everyone, also those who hold nothing that fits, so a
prompt must not tell such a person "you may play X". Of the five games, SQUID (its trick
windows) and Directors (Falconer on Unleash, Hunter's discard for the others, and "may play a
card" effects) ask people who can only pass; Grid Squid, Squid Game and Squid, Inc. have no
reaction windows and never offer "pass" (checked below)."""

from __future__ import annotations

import random
import re
from functools import cache

import pytest

import squidbox
from squidbox.games.squid_circle.game import PHASE_TITLES
from squidbox.games.squid_circle.state import AFTER_MOVE, AFTER_REVEAL

CLAIMS_YOU_CAN = re.compile(r"\byou may\b", re.IGNORECASE)


@cache
def pass_only_questions(gid: str, games: int, players: int) -> list[tuple[squidbox.State, int]]:
    """(state, seat) for the first question of each kind (Directors: the decision; SQUID: the
    window) in random games whose only answer is "pass"."""
    game = squidbox.get_game(gid)
    found: dict[str, tuple[squidbox.State, int]] = {}
    for seed in range(games):
        state, rng = game.new_game(players, seed), random.Random(seed)
        while not state.is_terminal():
            for seat in state.to_move():
                kind = state.pending["kind"] if gid == "directors" else state.phase
                if kind not in found and state.legal_actions(seat) == ["pass"]:
                    found[kind] = (state.clone(), seat)
            seat = rng.choice(state.to_move())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    return list(found.values())


def test_directors_prompts_never_tell_someone_who_can_only_pass_that_they_may_play():
    questions = pass_only_questions("directors", 60, 4)
    kinds = {state.pending["kind"] for state, _ in questions}
    assert {"falconer", "choose_play", "hunter_other"} <= kinds
    for state, seat in questions:
        prompt = state.view(seat)["state"]["decision"]["prompt"]
        assert not CLAIMS_YOU_CAN.search(prompt), (state.pending["kind"], prompt)
    # and the rare ones the random games may miss:
    for kind in ("falconer", "hunter_other", "choose_play", "diplomat_reveal"):
        prompt = squidbox.get_game("directors").flow.questions[kind].prompt
        assert not CLAIMS_YOU_CAN.search(prompt), kind


def test_the_falconer_prompt_says_anyone_may_play_it():
    questions = [(s, seat) for s, seat in pass_only_questions("directors", 60, 4)
                 if s.pending["kind"] == "falconer"]
    state, seat = questions[0]
    text = squidbox.get_game("directors").render(state.view(seat))
    assert "Anyone may now play Falconer from their hand for $0" in text
    assert "You may play Falconer" not in text


def test_squid_trick_windows_say_anyone_may_play_the_trick():
    questions = pass_only_questions("squid_circle", 5, 3)
    assert {state.phase for state, _ in questions} == {AFTER_MOVE, AFTER_REVEAL}
    game = squidbox.get_game("squid_circle")
    for state, seat in questions:
        title = game.render(state.view(seat)).splitlines()[0]
        assert "anyone may now play" in title and not CLAIMS_YOU_CAN.search(title)
    assert all(not CLAIMS_YOU_CAN.search(title) for title in PHASE_TITLES.values())


@pytest.mark.parametrize("gid", ["grid_squid", "squid_game", "squid_inc"])
def test_the_other_games_have_no_reaction_windows(gid):
    assert "pass" not in squidbox.get_game(gid).actions
