"""Squid, Inc.'s observation: the Workplace space by space, the Unemployed Line and every
Mailroom slot by slot (the actions name spaces and slots), the piles per Employee, and the turn.

Everything but the deck's order is face up in Squid, Inc. The scores are not in the vector: they
follow from the Workplace (Employees, controllers and Clout by space), and working them out
would add about half again to the observation's cost. Pieces are shown by their Employee
type (the data file's order; Security Guards are one type), owners by seat slot (the observer
first), Mailrooms from the observer's round the table.
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING

import numpy as np

from squidbox.games.observations import CountPlane, Layout

from .state import ACTIVATE, BRING, CHOOSE, KEEP, OVER, START

if TYPE_CHECKING:
    from .game import SquidInc
    from .state import SquidIncState

PHASES = (START, CHOOSE, KEEP, BRING, ACTIVATE, OVER)
CLOUT_SCALE = 5.0  # Clout c on a piece is shown as c / (c + 5)


class SquidIncLayout(Layout):
    def __init__(self, game: SquidInc, num_players: int) -> None:
        super().__init__()
        data = game.data
        n = self.num_players = num_players
        t = self.types = len(data.employees)
        spaces = len(game.geo.names)
        self.piece_type = game.piece_type
        copies = np.bincount(game.piece_type, minlength=t).astype(np.float32)
        cards = len(data.card_types())
        self.space_width = t + n + 3
        self.board = self.add(
            "workplace", spaces * self.space_width,
            f"per space ({spaces}, in the board's order {game.geo.names[0]}…"
            f"{game.geo.names[-1]}), {self.space_width} values: its piece's Employee type "
            f"one-hot ({t}), its controller's seat slot one-hot ({n}), Clout c as "
            f"c / (c + {CLOUT_SCALE:g}), ability used this turn, entered this turn")
        self.line_slots = len(data.line_modifiers)
        self.line = self.add("line", self.line_slots * t,
                             f"per Unemployed Line space ({self.line_slots}, the +1 space first): "
                             "the Employee type there, one-hot")
        self.capacity = data.mailroom_capacity
        self.room_width = t + 1
        self.mailrooms = self.add(
            "mailrooms", n * self.capacity * self.room_width,
            f"per seat slot × Mailroom slot ({self.capacity}): the Employee type waiting there "
            f"one-hot ({t}), then its Clout c as c / (c + {CLOUT_SCALE:g})")
        self.dismissed = self.add("dismissed", t, "per Employee type: Dismissed cards / copies")
        self.deck = self.add("deck", 1, f"cards in the deck / {cards}")
        self.guards = self.add("guard tiles", 1, f"Security Guard tiles left / {data.guard_tiles}")
        self.current = self.add("current", n, "per seat slot: 1 for the seat whose turn it is")
        self.first = self.add("first player", n, "per seat slot: 1 for the first player")
        self.phase = self.add("phase", len(PHASES), "the step of the turn, one-hot: "
                              + ", ".join(PHASES))
        self.chosen = self.add("chosen", t + self.line_slots,
                               "the Employee chosen this turn (type one-hot) and its Line "
                               f"modifier one-hot over {list(data.line_modifiers)}")
        self.flags = self.add("endgame", 2, "1 once the board has been full; 1 while a last "
                              "reshuffle is owed")
        self.reshuffles = self.add("reshuffles", 1,
                                   f"reshuffles of the Dismissed pile / {data.reshuffle_limit}")
        self.kinds = sorted(game.flow.questions)
        self.kind_index = {kind: i for i, kind in enumerate(self.kinds)}
        self.kind = self.add("question", len(self.kinds),
                             "the kind of question asked now, one-hot: " + ", ".join(self.kinds))
        self.modifier_index = {m: i for i, m in enumerate(data.line_modifiers)}
        self.scale = np.ones(self.size, dtype=np.float32)
        self.scale[self.dismissed] = 1 / copies
        self.scale[self.deck] = 1 / cards
        self.scale[self.guards] = 1 / data.guard_tiles
        self.scale[self.reshuffles] = 1 / data.reshuffle_limit
        self.zeros = array("f", bytes(4 * self.size))
        # the float32 scales as Python floats (see CountPlane)
        self.dismissed_plane = CountPlane(self.piece_type, self.scale[self.dismissed].tolist())
        self.deck_scale, self.guard_scale, self.reshuffle_scale = (
            float(self.scale[part.start]) for part in (self.deck, self.guards, self.reshuffles))
        self.phase_index = {phase: k for k, phase in enumerate(PHASES)}
        # per observer seat: each controller's column within a space
        self.owner_offsets = [[t + (owner - seat) % n for owner in range(n)] for seat in range(n)]


def layout(game: SquidInc, num_players: int) -> SquidIncLayout:
    return SquidIncLayout(game, num_players)


def write(state: SquidIncState, seat: int, layout: SquidIncLayout) -> array[float]:
    out = layout.zeros[:]
    n = layout.num_players
    t = layout.types
    kind = layout.piece_type
    width = layout.space_width
    start = at = layout.board.start
    column = layout.owner_offsets[seat]
    clout_column = t + n
    for piece, controller, clout in zip(state.board, state.owner, state.clout, strict=True):
        if piece >= 0:
            out[at + kind[piece]] = 1.0
            if controller >= 0:
                out[at + column[controller]] = 1.0
            if clout:
                out[at + clout_column] = clout / (clout + CLOUT_SCALE)
        at += width
    board = state.board
    for offset, pieces in ((t + n + 1, state.used), (t + n + 2, state.entered)):
        for piece in pieces:  # a piece is on one space at most
            if piece >= 0 and piece in board:
                out[start + board.index(piece) * width + offset] = 1.0
    at = layout.line.start
    for card in state.line:
        out[at + kind[card]] = 1.0
        at += t
    room = layout.mailrooms.start
    for slot in range(n):
        at = room + slot * layout.capacity * layout.room_width
        for card, tokens in state.mailrooms[(seat + slot) % n]:
            out[at + kind[card]] = 1.0
            out[at + t] = tokens / (tokens + CLOUT_SCALE)
            at += layout.room_width
    layout.dismissed_plane.put(out, layout.dismissed.start, state.dismissed)
    out[layout.deck.start] = len(state.deck) * layout.deck_scale
    out[layout.guards.start] = len(state.guard_supply) * layout.guard_scale
    out[layout.reshuffles.start] = state.reshuffles * layout.reshuffle_scale
    if state.phase != OVER:
        out[layout.current.start + (state.current - seat) % n] = 1.0
    out[layout.first.start + (state.first_player - seat) % n] = 1.0
    out[layout.phase.start + layout.phase_index[state.phase]] = 1.0
    if state.chosen is not None:
        card, modifier = state.chosen
        out[layout.chosen.start + kind[card]] = 1.0
        out[layout.chosen.start + t + layout.modifier_index[modifier]] = 1.0
    if state.endgame:
        out[layout.flags.start] = 1.0
    if state.reshuffle_owed:
        out[layout.flags.start + 1] = 1.0
    if state.pending is not None:
        out[layout.kind.start + layout.kind_index[state.pending["kind"]]] = 1.0
    return out
