"""The text the terminal shows: the table drawn for a seat, and each action explained."""

import random
import re

from .positions import BLUE, GAME, RED, call, position

SIX = "R1 B1 G1 R2 B2 G2"


def test_render_shows_the_circle_the_guard_and_only_your_own_hand():
    state = position(SIX, players=3, guard="B1", hands={RED: ["Zeige 2"], BLUE: ["Zweite Chance"]})
    text = GAME.render(state.view(RED))
    assert "*Blue 1" in text and "Your tricks (Red): Zeige 2" in text
    assert "Zweite Chance" not in text
    assert "Zeige 2" not in GAME.render(state.view(None))


def test_each_action_is_explained_in_english_with_the_german_card_name():
    state = position(SIX, players=3, guard="R1", guard_pile=["Leeres Magazin"],
                     hands={RED: ["Zeige −1", "Zum nächsten Charakter", "Zweite Chance"]})
    labels = {a: GAME.action_label(state.view(RED), a) for a in state.legal_actions(RED)}
    assert labels["play Zeige −1"] == (
        "Zeige −1 (Show −1: your vote counts −1), shown after the call")
    assert labels["vote 1"].startswith("show 1")
    call(state, 0, 0, 0)
    label = GAME.action_label(state.view(RED), "play Zum nächsten Charakter")
    assert label.endswith("the guard goes to Blue 1") and "To the next character" in label
    state.apply(RED, "pass")
    label = GAME.action_label(state.view(RED), "play Zweite Chance")
    assert "Second chance" in label and "Red 1" in label
    assert GAME.action_label(state.view(RED), "pass").startswith("pass")


def test_every_reachable_view_renders_and_every_legal_action_has_a_label():
    chooser = random.Random(5)
    for players in range(2, 7):
        state = GAME.new_game(players, seed=players)
        while not state.is_terminal():
            seat = chooser.choice(state.to_move())
            view = state.view(seat)
            assert GAME.render(view)
            for action in state.legal_actions(seat):
                assert GAME.action_label(view, action)
            state.apply(seat, chooser.choice(state.legal_actions(seat)))
        assert "the game is over" in GAME.render(state.view(None))


def test_the_guard_placement_is_shown_and_each_choice_names_its_neighbours():
    state = GAME.new_game(3, seed=1, options={"layout": "grouped", "guard_start": 1})
    view = state.view(1)
    text = GAME.render(view)
    assert "Blue is placing the guard on one of their own characters." in text
    assert not re.search(r"\*\w", text)  # no character is marked as under the guard
    assert GAME.action_label(view, "start on 3") == (
        "put the guard on Blue 3 (between Blue 2 and Green 1)")
