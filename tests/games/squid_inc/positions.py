"""Readable Squid, Inc. positions for rules scenarios.

A board is a dict from space name ("1A1": Tier 1, column A, row 1; row 1 is nearest the Tier
above) to "Guard" or (employee name, colour initial, Clout). Mailrooms map a colour initial to
[(employee name, Clout)]; the line lists employee names from the +1 space on. Every card not
placed is in the deck (in data order, top card last) unless `deck` names the deck top-last.
"""

import squidbox
from squidbox.games.squid_inc.state import ACTIVATE

GAME = squidbox.get_game("squid_inc")
DATA = GAME.data
COLOURS = ["Yellow", "Purple", "Blue", "Green"]


def position(board=None, *, players=2, mailrooms=None, line=None, deck=None, dismissed=None,
             current="Y", phase=ACTIVATE, options=None):
    state = GAME.new_game(players, seed=0, options=options)
    initials = [c[0] for c in COLOURS[:players]]
    free = list(range(len(DATA.card_types())))
    guards = list(range(len(free), len(free) + DATA.guard_tiles))

    def card(name):
        for c in free:
            if GAME.piece_type[c] == employee_index(name):
                free.remove(c)
                return c
        raise ValueError(f"no {name} card left")

    size = GAME.geo.size
    state.board, state.owner, state.clout = [-1] * size, [-1] * size, [0] * size
    total = 0
    for space, piece in (board or {}).items():
        s = GAME.space_index[space]
        if piece == "Guard":
            state.board[s] = guards.pop(0)
        else:
            name, who, clout = piece
            state.board[s], state.owner[s], state.clout[s] = card(name), initials.index(who), clout
            total += clout
    state.guard_supply = guards
    state.mailrooms = [[] for _ in range(players)]
    for who, held in (mailrooms or {}).items():
        for name, clout in held:
            state.mailrooms[initials.index(who)].append([card(name), clout])
            total += clout
    state.line = [card(name) for name in (line or [])]
    state.dismissed = [card(name) for name in (dismissed or [])]
    state.deck = [card(name) for name in deck] if deck is not None else []
    if deck is not None:
        state.dismissed += free
    else:
        state.deck = sorted(free, key=lambda c: (not state.is_guard(c), c))  # guards at bottom
    state.current = initials.index(current)
    state.chosen = None
    state.used, state.entered = [], []
    state.endgame = -1 not in state.board
    state.reshuffle_owed = False
    state.reshuffles = 0
    state.clout_gained, state.clout_spent = total, 0
    state._legal = {}
    # the current player is asked the turn's step `phase`; the turn goes on after the answer
    state.stack = []
    state.pending = {"seat": state.current, "kind": phase, "args": {}}
    state.check_invariants()
    return state


def employee_index(name):
    return next(i for i, e in enumerate(DATA.employees) if e.name == name)


def at(state, space):
    """(employee name, colour initial or None, Clout) on a space, or None."""
    s = GAME.space_index[space]
    if state.board[s] < 0:
        return None
    owner = state.owner[s]
    return (state.piece_name(state.board[s]), None if owner < 0 else COLOURS[owner][0],
            state.clout[s])


def where(state, name):
    """The spaces holding Employees of that name."""
    return [GAME.geo.names[s] for s, p in enumerate(state.board)
            if p >= 0 and state.piece_name(p) == name]


def play(state, *actions):
    for action in actions:
        seat = state.to_move()[0]
        assert action in state.legal_actions(seat), (action, state.legal_actions(seat))
        state.apply(seat, action)
        state.check_invariants()
    return state
