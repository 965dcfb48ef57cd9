"""Squid, Inc.'s observation: the Workplace space by space, the Unemployed Line and every
Mailroom slot by slot (the actions name spaces and slots), the piles per Employee, and the turn.

Everything but the deck's order is face up in Squid, Inc. The scores are not in the vector: they
follow from the Workplace (Employees, controllers and Clout by space), and working them out
would add about half again to the observation's cost. Pieces are shown by their Employee
type (the data file's order; Security Guards are one type), owners by seat slot (the observer
first), Mailrooms from the observer's round the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from squidbox.games.observations import Layout

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


def layout(game: SquidInc, num_players: int) -> SquidIncLayout:
    return SquidIncLayout(game, num_players)


def write(state: SquidIncState, seat: int, out: np.ndarray, layout: SquidIncLayout) -> None:
    n = layout.num_players
    t = layout.types
    kind = layout.piece_type
    hot = []  # cells set to 1
    cells, values = [], []  # and cells set to a value, in one assignment each
    width = layout.space_width
    at = layout.board.start
    owner, clout = state.owner, state.clout
    used, entered = state.used, state.entered
    for space, piece in enumerate(state.board):
        if piece >= 0:
            hot.append(at + kind[piece])
            if owner[space] >= 0:
                hot.append(at + t + (owner[space] - seat) % n)
            if clout[space]:
                cells.append(at + t + n)
                values.append(clout[space] / (clout[space] + CLOUT_SCALE))
            if piece in used:
                hot.append(at + t + n + 1)
            if piece in entered:
                hot.append(at + t + n + 2)
        at += width
    at = layout.line.start
    hot.extend(at + slot * t + kind[card] for slot, card in enumerate(state.line))
    room = layout.mailrooms.start
    for slot in range(n):
        at = room + slot * layout.capacity * layout.room_width
        for card, tokens in state.mailrooms[(seat + slot) % n]:
            hot.append(at + kind[card])
            cells.append(at + t)
            values.append(tokens / (tokens + CLOUT_SCALE))
            at += layout.room_width
    dismissed = [0] * t
    for card in state.dismissed:
        dismissed[kind[card]] += 1
    out[layout.dismissed] = dismissed
    cells += (layout.deck.start, layout.guards.start, layout.reshuffles.start)
    values += (len(state.deck), len(state.guard_supply), state.reshuffles)
    if state.phase != OVER:
        hot.append(layout.current.start + (state.current - seat) % n)
    hot.append(layout.first.start + (state.first_player - seat) % n)
    hot.append(layout.phase.start + PHASES.index(state.phase))
    if state.chosen is not None:
        card, modifier = state.chosen
        hot.append(layout.chosen.start + kind[card])
        hot.append(layout.chosen.start + t + layout.modifier_index[modifier])
    if state.endgame:
        hot.append(layout.flags.start)
    if state.reshuffle_owed:
        hot.append(layout.flags.start + 1)
    if state.pending is not None:
        hot.append(layout.kind.start + layout.kind_index[state.pending["kind"]])
    out[hot] = 1.0
    out[cells] = values
    out *= layout.scale
