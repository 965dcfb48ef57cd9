"""Readable Grid Squid positions for rules scenarios.

An ownership picture has one token per tile, row by row: "." for an empty tile, a colour's
first letter for one cube ("Y"), or letter and count for more ("Y2"). A symbol picture uses
symbols' first letters (D Drop, H Hammers, T Three Circles, B Bricks, W Wheel, A Arrow).
"""

import squidbox
from squidbox.games.grid_squid.board import EMPTY

GAME = squidbox.get_game("grid_squid")
SYMBOLS = GAME.data.symbols


def symbol_index(name_or_letter):
    for index, name in enumerate(SYMBOLS):
        if name_or_letter in (name, name[0]):
            return index
    raise ValueError(name_or_letter)


def position(owners, *, colours, symbols=None, hands=None, current=0, start=None, options=None):
    """A state with this board; `hands` maps seat to the symbol names it holds (every other seat
    has played all its cards this round; by default the seat to move holds one card of the
    first symbol in play); the deck holds the remaining cards."""
    options = {"colours": colours, **(options or {})}
    state = GAME.new_game(len(colours), seed=0, options=options)
    if symbols is not None:
        layout = [symbol_index(letter) for letter in symbols.split()]
        state.tile_symbols = layout
        state.symbols_in_play = sorted(set(layout))
    letters = [c[0] for c in colours]
    state.owner, state.cubes = [], []
    for token in owners.split():
        state.owner.append(EMPTY if token == "." else letters.index(token[0]))
        state.cubes.append(0 if token == "." else int(token[1:] or 1))
    n = len(colours)
    state.supply = [GAME.data.cubes_per_player - sum(
        c for o, c in zip(state.owner, state.cubes, strict=True) if o == seat) for seat in range(n)]
    hands = hands or {current: [SYMBOLS[state.symbols_in_play[0]]]}
    state.hands = [[0] * len(SYMBOLS) for _ in range(n)]
    for seat, held in hands.items():
        for name in held:
            state.hands[seat][symbol_index(name)] += 1
    state.played = [state.hand_size - len(hands.get(seat, [])) for seat in range(n)]
    state.discard = [0] * len(SYMBOLS)
    state.deck = []
    for symbol in state.symbols_in_play:
        held = sum(hand[symbol] for hand in state.hands)
        state.deck += [symbol] * (GAME.data.cards_per_symbol - held)
    state.current = current
    state.start_player = (current + 1) % n if start is None else start
    state._derive()
    state.check_invariants()
    return state

