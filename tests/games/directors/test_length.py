"""max_game_length is a bound from the rules (length.py) where Sphinx takes one payment a
command: games played to their end stay within it and within each of its factors (the turns,
the commands and the decisions of a turn); with several payments there is none."""

import dataclasses
import random

import pytest

import squidbox
from squidbox.engine import Game
from squidbox.games.directors import cards, event_cards, length

GAME = squidbox.get_game("directors")
DATA = GAME.data
ONE = {"sphinx_payments": "one"}


def commands_logged(state, since):
    """Cards commanded (a Director commanded by a Director included), read from the log."""
    count = 0
    for _seats, entry, _hidden in state.events[since:]:
        if entry.kind == "command":
            count += 1
        elif entry.kind == "sequence":
            count += entry.data["types"].count("command")
    return count


def eager_choice(legal, rng):
    """A random legal action, but one that plays, pays or commands over passing most of the
    time: long turns are what the bound must hold."""
    acting = [a for a in legal if a != "pass"]
    return rng.choice(acting if acting and rng.random() < 0.9 else legal)


def play_and_measure(players, options, seed):
    """Plays one game; returns its decisions, turns, and the most decisions and commands of a
    turn. A turn begins where no Action is named (its start-of-turn Events come before)."""
    state = GAME.new_game(players, seed=seed, options=options)
    rng = random.Random(seed)
    decisions, turns, longest, most_commanded = 0, 1, 0, 0
    in_turn, since = 0, len(state.events)
    while not state.is_terminal():
        named = state.action is not None or state.pending["kind"] == "choose_action"
        seat = state.to_move()[0]
        state.apply(seat, eager_choice(state.legal_actions(seat), rng))
        decisions += 1
        in_turn += 1
        if named and state.action is None and not state.is_terminal():  # the next turn began
            longest = max(longest, in_turn)
            most_commanded = max(most_commanded, commands_logged(state, since))
            in_turn, since, turns = 0, len(state.events), turns + 1
    longest = max(longest, in_turn)
    most_commanded = max(most_commanded, commands_logged(state, since))
    return decisions, turns, longest, most_commanded


@pytest.mark.parametrize("players", [DATA.min_players, DATA.max_players])
def test_random_games_stay_within_the_bound_and_each_of_its_factors(players):
    bound = GAME.max_game_length(players, ONE)
    per_turn, commands = length.most_in_a_turn(DATA, players), length.most_commands(DATA, players)
    seen_turn = seen_commands = 0
    for seed in range(30):
        options = {**ONE, "events": seed % (DATA.max_events + 1)}
        decisions, turns, longest, commanded = play_and_measure(players, options, seed)
        assert decisions <= bound
        assert DATA.turns * players <= turns <= length.most_turns(DATA, players)
        assert longest <= per_turn and commanded <= commands
        seen_turn, seen_commands = max(seen_turn, longest), max(seen_commands, commanded)
    assert seen_commands > DATA.actions.commands  # Directors commanded more than the Action
    assert seen_turn > 2 * DATA.actions.commands  # turns that ask a lot were played


def test_several_sphinx_payments_have_no_bound_and_the_adapter_keeps_its_horizon():
    default = Game.max_game_length(GAME, 2, {})
    assert GAME.max_game_length(2, {"sphinx_payments": "several"}) == default
    assert GAME.max_game_length(2, {}) == default  # "several" is the default
    assert GAME.max_game_length(2, ONE) < GAME.max_game_length(DATA.max_players, ONE)


def test_every_card_and_event_says_what_commanding_it_asks():
    assert set(DATA.cards) <= set(length.SHAPES) and set(DATA.events) <= set(length.SHAPES)
    assert set(cards.EFFECTS) <= set(length.SHAPES)
    assert set(event_cards.EVENT_EFFECTS) | set(event_cards.WHOLE_TURN_EVENTS) <= set(
        length.SHAPES)
    unknown = dataclasses.replace(DATA, cards={**DATA.cards, "Stranger": DATA.cards["Agent"]})
    with pytest.raises(KeyError, match="Stranger"):
        length.most_in_a_turn(unknown, 2)
