"""Readable Squid Game positions for rules scenarios.

`single(game, teams)` starts one of the six games on its own with exactly these tokens per
seat (seat 0 White, 1 Pink, 2 Red, 3 Yellow, 4 Green, 5 Blue); a test then sets where the
tokens stand in `state.g` and plays on through the real rules.
"""

import random

import squidbox
from squidbox.games.squid_game import glass_bridge, red_light_green_light, squid_game, tug_of_war

GAME = squidbox.get_game("squid_game")
WHITE, PINK, RED, YELLOW, GREEN, BLUE = range(6)


def single(game, teams, seed=0):
    state = GAME.new_game(len(teams), seed=seed, options={"game": game, "tokens": 1})
    for seat, team in enumerate(teams):
        state.team[seat] = sorted(team)
        state.reserve[seat] = sorted(set(GAME.tokens.of_seat(seat)) - set(team))
    state.g = {}
    state.events = []
    state.clear_stack()
    state.pending = None
    state.current.setup(state)
    GAME.flow.run(state)
    state._legal = {}
    state.check_invariants()
    return state


# The question of each game in which everyone plays a card face down, and the step after it.
CARD_STEPS = {
    "red_light_green_light": (red_light_green_light.PLAY_CARD, red_light_green_light.rlgl_reveal),
    "tug_of_war": (tug_of_war.PLAY_CARDS, tug_of_war.tug_pull),
    "glass_bridge": (glass_bridge.PLAY_CARD, glass_bridge.glass_bridge_reveal),
    "squid_game": (squid_game.PLAY_CARD, squid_game.squid_game_reveal),
}


def play_cards(state):
    """Make the current game ask everyone for a face-down card now (set `state.g` first: who is
    asked depends on it), as at the start of its card step."""
    question, then = CARD_STEPS[state.games[state.stage]]
    asked_now(state)
    state.push(then)
    state.ask_all(range(state.num_players), question)


def asked_now(state):
    """Forget what the game was asking and had still to do (a test sets up its own position)."""
    state.clear_stack()
    state.pending = None
    state._legal = {}


def step(state):
    """The current game's step, as its view names it."""
    return state.view(None)["state"]["game"]["step"]


def texts(state):
    return [event["text"] for event in state.log(None)]


def play_all(state, actions):
    """Apply {seat: action} in seat order (face-down plays)."""
    for seat, action in sorted(actions.items()):
        state.apply(seat, action)


def reached(options, players, wanted, seeds=range(60)):
    """The first state of a seeded random game (one of `seeds`) for which wanted(state) holds."""
    for seed in seeds:
        state, chooser = GAME.new_game(players, seed=seed, options=options), random.Random(seed)
        while not (state.is_terminal() or wanted(state)):
            seat = chooser.choice(state.to_move())
            state.apply(seat, chooser.choice(state.legal_actions(seat)))
        if not state.is_terminal():
            return state
    raise AssertionError(f"no random game with options {options} reached the wanted state")
