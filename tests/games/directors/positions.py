"""Readable Directors positions for rules scenarios.

`table(...)` builds a position: hands and play areas by card name ("Hero (rotated)" for a
rotated card in play), money, -crown tokens, the deck's top cards (listed top first); every
other card of the game lies under those in the deck (or in the discard pile, with
rest="discard"). The current player is then about to name an Action; `command(...)` instead
sets a single card's command going, as an Action or a Director would.
"""

import squidbox

GAME = squidbox.get_game("directors")
ROTATED = " (rotated)"


def table(players=3, *, turn=3, current=0, first=0, hands=None, play=None, money=None,
          minus=None, deck=(), discard=(), rest="deck", events=(), last_action=None,
          played=None, extra_turn=False, action=None, game=GAME, options=None):
    state = game.new_game(players, seed=0, options={"events": list(events), **(options or {})})
    state.clock = turn
    state.current = current
    state.first_player = first
    state.on_extra_turn = extra_turn
    state.action = action
    state.hands = [sorted((hands or {}).get(seat, [])) for seat in range(players)]
    state.known = [[] for _ in range(players)]
    state.areas = [
        [{"card": name.removesuffix(ROTATED), "rotated": name.endswith(ROTATED),
          "new": False} for name in (play or {}).get(seat, [])]
        for seat in range(players)
    ]
    state.money = [(money or {}).get(seat, 0) for seat in range(players)]
    state.minus = [(minus or {}).get(seat, 0) for seat in range(players)]
    state.last_action = [(last_action or {}).get(seat) for seat in range(players)]
    state.played = [(played or {}).get(seat, 0) for seat in range(players)]
    state.debts = [0] * players
    used = list(deck) + list(discard)
    for seat in range(players):
        used += state.hands[seat] + [c["card"] for c in state.areas[seat]]
    others = sorted(GAME.data.deck())
    for name in used:
        others.remove(name)
    top_first = list(deck)
    if rest == "deck":
        state.deck = others + top_first[::-1]
        state.discard = list(discard)
    else:
        state.deck = top_first[::-1]
        state.discard = list(discard) + others
    state.stack = []
    state.reactions = []
    state.pending = {"seat": current, "kind": "choose_action", "args": {}}
    state._legal = {}
    state.check_invariants()
    return state


def command(state, card, seat=None, by_director=False):
    """Command `card` for `seat` (the current player by default); afterwards the current
    player is asked to name an Action again."""
    seat = state.current if seat is None else seat
    state.pending = None
    state.stack = [["name_action", {}], ["command", {"seat": seat, "card": card,
                                                     "by_director": by_director}]]
    state._legal = {}
    run(state)
    return state


def step(state, name, /, **args):
    """Run one step of the turn (e.g. "event" for an Event), then ask for an Action."""
    state.pending = None
    state.stack = [["name_action", {}], [name, args]]
    state._legal = {}
    run(state)
    return state


def run(state):
    """Carry out the stack until a question is asked, as after an answer."""
    state.game.flow.run(state)
    state.flush_log()


def act(state, *actions):
    """Each action by whoever is to move; each must be legal."""
    for action in actions:
        seat = state.to_move()[0]
        assert action in state.legal_actions(seat), (action, state.legal_actions(seat))
        state.apply(seat, action)
    state.check_invariants()
    return state


def deciding(state):
    """Who is asked what now."""
    return state.to_move()[0], state.pending["kind"]


def done(state):
    return state.pending is not None and state.pending["kind"] == "choose_action"


def in_play(state, seat):
    return sorted(c["card"] + (ROTATED if c["rotated"] else "") for c in state.areas[seat])
