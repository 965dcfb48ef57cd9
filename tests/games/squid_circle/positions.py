"""Readable SQUID positions for rules scenarios.

A circle picture lists the characters clockwise by colour letter and number ("R1 B1 G1 R2"):
R Red, B Blue, G Green, Y Yellow, P Purple, O Orange (seats 0 to 5). The guard stands on the
character named by `guard`. Hands and the tops of both draw piles are given by card name; every
other card lies below them in the draw piles. Characters not in the circle are in the box.
"""

import squidbox
from squidbox.games.squid_circle.flow import start_round

GAME = squidbox.get_game("squid_circle")
DATA = GAME.data
LETTERS = [colour[0] for colour in DATA.colours]
RED, BLUE, GREEN, YELLOW, PURPLE, ORANGE = range(6)


def character(token):
    return LETTERS.index(token[0]) * DATA.characters_per_colour + int(token[1:]) - 1


def trick(name):
    return next(i for i, t in enumerate(DATA.tricks) if t.name == name)


def guard_action(name):
    return next(i for i, t in enumerate(DATA.guard_actions) if t.name == name)


def position(circle, *, players, guard, hands=None, guard_pile=(), trick_pile=(),
             options=None):
    """A state at the start of a round's call, with this circle, hands and piles."""
    state = GAME.new_game(players, seed=0, options=options)
    mix = DATA.mixes[state.options["mix"]]
    state.circle = [character(token) for token in circle.split()]
    state.guard = state.circle.index(character(guard))
    everyone = range(players * DATA.characters_per_colour)
    state.in_front = []
    state.boxed = [c for c in everyone if c not in state.circle]
    colours = {state.owner(c) for c in state.circle}
    state.active = [seat in colours for seat in range(players)]
    hands = hands or {}
    state.hands = [sorted(trick(name) for name in hands.get(seat, [])) for seat in range(players)]
    top = [trick(name) for name in trick_pile]
    held = [t for hand in state.hands for t in hand] + top
    rest = [t for t, copies in enumerate(mix.tricks) for _ in range(copies - held.count(t))]
    state.trick_pile = rest + top[::-1]
    state.trick_discard = []
    top = [guard_action(name) for name in guard_pile]
    rest = [a for a, copies in enumerate(mix.guard_actions)
            for _ in range(copies - top.count(a))]
    state.guard_pile = rest + top[::-1]
    state.guard_discard = []
    state.round, state.quick_game = 0, False
    state.last_call = [None] * players
    state.revealed, state.winner = None, None
    state.stack, state.pending = [], None
    state.push(start_round)  # round 1's call, asked of everyone still in
    GAME.flow.run(state)
    state.events = []  # the log starts at this position
    state._legal = {}
    state.check_invariants()
    return state


def under_guard(state):
    """The character under the guard, as a circle token ("B2")."""
    c = state.circle[state.guard]
    return f"{LETTERS[state.owner(c)]}{c % DATA.characters_per_colour + 1}"


def tokens(state):
    return " ".join(
        f"{LETTERS[state.owner(c)]}{c % DATA.characters_per_colour + 1}" for c in state.circle)


def call(state, *votes):
    """Everyone still in submits a vote, in seat order (votes are given for active seats)."""
    seats = [s for s in range(state.num_players) if state.active[s]]
    assert len(votes) == len(seats)
    for seat, vote in zip(seats, votes, strict=True):
        state.apply(seat, vote if isinstance(vote, str) else f"vote {vote}")


def pass_window(state):
    """Everyone asked passes until the window in progress closes."""
    while state.asking is not None:
        state.apply(state.asking, "pass")
        if state.asking is None or not any(state.passed):
            return
