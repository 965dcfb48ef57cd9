"""max_game_length is a bound from the rules (length.py): games played to their end stay within
it, and within each of its factors: the turns, the decisions of a turn and of an ability."""

import dataclasses
import random

import pytest

from squidbox.games.squid_inc import length
from squidbox.games.squid_inc.actions import Use

from .positions import GAME

DATA, GEO = GAME.data, GAME.geo
ASKED_IN_FULL = {"Reggie", "Esther", "The Operator", "Walinda", "Union Leader Jillian",
                 "Miss Mummer", "Professor Parodist"}


def guard_cards_drawn(state, since):
    return sum(1 for _seats, entry, _hidden in state.events[since:] if entry.kind == "guard_card")


def eager_choice(state, seat, rng):
    """A random legal action, but one that uses an ability over ending the turn most of the
    time: long turns and long chains are what the bound must hold."""
    legal = state.legal_actions(seat)
    uses = [a for a in legal if type(GAME.moves.decode.get(a)) is Use]
    return rng.choice(uses if uses and rng.random() < 0.9 else legal)


def play_and_measure(players, options, seed):
    """Plays one game; returns its decisions, turns, the largest count of decisions (Security
    Guard cards drawn not counted) of a turn, and per Employee the most ability questions and
    the most other decisions (those of its moves) one use of its ability took. A turn or an
    ability may end without a question (a forced "end"): a new player to move, or the Activate
    question again, tells where it ended."""
    state = GAME.new_game(players, seed=seed, options=options)
    rng = random.Random(seed)
    decisions, turns, longest_turn, longest_uses = 0, 0, 0, {}
    turn = None  # [seat, decisions, where its events begin]
    use = None  # [employee, ability questions, other decisions, where its events begin]

    def close_use():
        emp, questions, others, since = use
        moved = others - guard_cards_drawn(state, since)
        before = longest_uses.get(emp, (0, 0))
        longest_uses[emp] = (max(before[0], questions), max(before[1], moved))

    while not state.is_terminal():
        seat = state.to_move()[0]
        kind = state.pending["kind"]
        if use is not None and (kind == "activate" or seat != turn[0]):
            close_use()
            use = None
        if turn is None or seat != turn[0]:
            if turn is not None:
                longest_turn = max(longest_turn, turn[1] - guard_cards_drawn(state, turn[2]))
            turn, turns = [seat, 0, len(state.events)], turns + 1
        action = eager_choice(state, seat, rng)
        move = GAME.moves.decode.get(action)
        if use is not None:
            use[1 if kind == "ability" else 2] += 1
        if type(move) is Use:
            use = [state.piece_type[state.board[move.space]], 0, 0, len(state.events)]
        state.apply(seat, action)
        decisions += 1
        turn[1] += 1
    if use is not None:
        close_use()
    longest_turn = max(longest_turn, turn[1] - guard_cards_drawn(state, turn[2]))
    return decisions, turns, longest_turn, longest_uses


@pytest.mark.parametrize("options", [{}, *GAME.option_presets])
def test_random_games_stay_within_the_bound_and_each_of_its_factors(options):
    bound = GAME.max_game_length(GAME.max_players, options)
    assert bound == GAME.max_game_length(GAME.min_players, options)
    per_turn = length.most_in_a_turn(DATA, GEO)
    longest_uses = {}
    for seed in range(40):
        players = GAME.min_players + seed % (GAME.max_players - GAME.min_players + 1)
        decisions, turns, longest_turn, uses = play_and_measure(players, options, seed)
        assert decisions <= bound
        assert turns <= length.most_turns(DATA)
        assert longest_turn <= per_turn
        for emp, (questions, moved) in uses.items():
            before = longest_uses.get(emp, (0, 0))
            longest_uses[emp] = (max(before[0], questions), max(before[1], moved))
    for emp, (questions, moved) in longest_uses.items():
        most_questions, most_moves = length.most_questions_and_moves(DATA, emp)
        name = DATA.employees[emp].name
        assert questions <= most_questions, name
        assert moved <= most_moves * length.most_move(GEO), name
    assert len(longest_uses) > len(DATA.employees) // 2  # most abilities were used
    # Each ability that asks was seen asking all it may (a bound above that would go unseen).
    assert {DATA.employees[emp].name for emp, (questions, _m) in longest_uses.items()
            if questions == length.most_questions_and_moves(DATA, emp)[0]} >= ASKED_IN_FULL | (
                {"Restructuring Agent"} if options.get("float_direction") == "choose" else set())


def test_the_bound_follows_the_data_file():
    more = DATA.reshuffle_limit + 1
    changed = dataclasses.replace(DATA, reshuffle_limit=more)
    assert length.deck_passes(changed) == length.deck_passes(DATA) + 1
    assert length.max_game_length(changed, GEO) > length.max_game_length(DATA, GEO)
