"""Readable Squid Game positions for rules scenarios.

`single(game, teams)` starts one of the six games on its own with exactly these tokens per
seat (seat 0 White, 1 Pink, 2 Red, 3 Yellow, 4 Green, 5 Blue); a test then sets where the
tokens stand in `state.g` and plays on through the real rules.
"""

import squidbox

GAME = squidbox.get_game("squid_game")
WHITE, PINK, RED, YELLOW, GREEN, BLUE = range(6)


def single(game, teams, seed=0):
    state = GAME.new_game(len(teams), seed=seed, options={"game": game, "tokens": 1})
    for seat, team in enumerate(teams):
        state.team[seat] = sorted(team)
        state.reserve[seat] = sorted(set(GAME.tokens.of_seat(seat)) - set(team))
    state.g = {}
    state.events = []
    state.current.setup(state)
    state._legal = {}
    state.check_invariants()
    return state


def texts(state):
    return [event["text"] for event in state.log(None)]


def play_all(state, actions):
    """Apply {seat: action} in seat order (face-down plays)."""
    for seat, action in sorted(actions.items()):
        state.apply(seat, action)
