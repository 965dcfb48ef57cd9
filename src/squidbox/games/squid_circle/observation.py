"""SQUID's observation: every character by identity (where it is and how far clockwise from the
guard), the seat's own tricks and vote, the public piles and calls, and the round's moment.

Characters are ordered by seat slot (the observer's first), then by number; tricks and guard
actions by their type in the data file.
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING

import numpy as np

from squidbox.games.observations import CountPlane, Layout

from .flow import AFTER_MOVE, AFTER_REVEAL, CALL, OVER, START

if TYPE_CHECKING:
    from .game import SquidCircle
    from .state import SquidCircleState

PHASES = (START, CALL, AFTER_MOVE, AFTER_REVEAL, OVER)
ROUND_SCALE = 10.0  # the round r is shown as r / (r + 10)


class SquidCircleLayout(Layout):
    def __init__(self, game: SquidCircle, num_players: int) -> None:
        super().__init__()
        data = game.data
        n = self.num_players = num_players
        p = self.per_colour = data.characters_per_colour
        c = self.characters = n * p
        t = len(data.tricks)
        g = len(data.guard_actions)
        self.width = 3 + c
        self.chars = self.add(
            "characters", c * self.width,
            f"per character ({c}: seat slot 0's {p} by number, then slot 1's, …), {self.width} "
            f"values: in the circle / in front of its player / out (one-hot), then its distance "
            f"clockwise from the guard's character, one-hot over {c} (0: under the guard; all "
            "zero when not in the circle)")
        self.active = self.add("active", n, "per seat slot: 1 while still in the game")
        self.hand = self.add("hand", t, "the observer's tricks per type / the most copies of "
                             "that type in any mix")
        self.hand_sizes = self.add("hand sizes", n, "per seat slot: tricks held / all tricks")
        self.trick_discard = self.add("trick discard", t, "face-up tricks per type / the most "
                                      "copies of that type")
        self.trick_pile = self.add("trick pile", 1, "tricks in the draw pile / all tricks")
        self.guard_discard = self.add("guard discard", g, "face-up guard actions per type / the "
                                      "most copies of that type")
        self.guard_pile = self.add("guard pile", 1, "guard actions in the pile / all of them")
        self.revealed = self.add("revealed", g, "the guard action just revealed, one-hot")
        self.phase = self.add("phase", len(PHASES), "the moment, one-hot: " + ", ".join(PHASES))
        self.to_move = self.add("to move", 1, "1 when the observer is to decide")
        self.asking = self.add("asked", n, "per seat slot: 1 for the seat asked in a trick "
                               "window (or placing the guard)")
        self.voted = self.add("voted", n, "per seat slot: 1 once it has voted in this call")
        self.call_actions = sorted(game.call_actions, key=game.action_to_id)
        self.own_vote = self.add("own vote", len(self.call_actions),
                                 "the observer's hidden vote in this call, one-hot over the "
                                 "call actions in action-id order: "
                                 + ", ".join(self.call_actions))
        self.vote_values = sorted({value for value, _ in game.call_of.values()})
        v = len(self.vote_values)
        self.last_call = self.add("last call", n * v,
                                  f"per seat slot, what its vote counted at the last reveal, "
                                  f"one-hot over {self.vote_values} (zero: no vote)")
        self.passed = self.add("passed", n, "per seat slot: passed in this window")
        self.quick = self.add("quick game", 1, "1 while Schnelles Spiel runs this round")
        self.round = self.add("round", 1, f"the round r as r / (r + {ROUND_SCALE:g})")
        self.winner = self.add("winner", n, "per seat slot: 1 for the winner, once over")
        most_tricks = [max(mix.tricks[k] for mix in data.mixes.values()) for k in range(t)]
        most_guards = [max(mix.guard_actions[k] for mix in data.mixes.values())
                       for k in range(g)]
        all_tricks = max(sum(mix.tricks) for mix in data.mixes.values())
        all_guards = max(sum(mix.guard_actions) for mix in data.mixes.values())
        self.scale = np.ones(self.size, dtype=np.float32)
        for part, divisors in ((self.hand, most_tricks), (self.trick_discard, most_tricks),
                               (self.guard_discard, most_guards)):
            self.scale[part] = 1 / np.array(divisors, dtype=np.float32)
        for part, divisor in ((self.hand_sizes, all_tricks), (self.trick_pile, all_tricks),
                              (self.guard_pile, all_guards)):
            self.scale[part] = 1 / divisor
        self.vote_column = {action: k for k, action in enumerate(self.call_actions)}
        self.value_column = {value: k for k, value in enumerate(self.vote_values)}
        self.zeros = array("f", bytes(4 * self.size))
        # the float32 scales of the count parts, as Python floats (see CountPlane)
        self.hand_plane = CountPlane(range(t), self.scale[self.hand].tolist())
        self.trick_discard_plane = CountPlane(range(t), self.scale[self.trick_discard].tolist())
        self.guard_discard_plane = CountPlane(range(g), self.scale[self.guard_discard].tolist())
        self.hand_size_scale = float(self.scale[self.hand_sizes.start])
        self.trick_pile_scale = float(self.scale[self.trick_pile.start])
        self.guard_pile_scale = float(self.scale[self.guard_pile.start])
        self.phase_index = {phase: k for k, phase in enumerate(PHASES)}
        # each character's row, by the observer's seat
        self.char_row = [[((ch // p - seat) % n * p + ch % p) * self.width for ch in range(c)]
                         for seat in range(n)]


def layout(game: SquidCircle, num_players: int) -> SquidCircleLayout:
    return SquidCircleLayout(game, num_players)


def write(state: SquidCircleState, seat: int, layout: SquidCircleLayout) -> array[float]:
    out = layout.zeros[:]
    n = layout.num_players
    chars = layout.chars.start
    rows = layout.char_row[seat]
    circle = state.circle
    size = len(circle)
    guard = state.guard
    for position, character in enumerate(circle):
        row = chars + rows[character]
        out[row] = 1.0
        out[row + 3 + (position - guard) % size] = 1.0
    for character in state.in_front:
        out[chars + rows[character] + 1] = 1.0
    for character in state.boxed:
        out[chars + rows[character] + 2] = 1.0
    active, votes, passed, last_call, hands = (
        state.active, state.votes, state.passed, state.last_call, state.hands)
    width = len(layout.vote_values)
    value_column = layout.value_column
    hand_size_scale = layout.hand_size_scale
    for slot in range(n):
        other = (seat + slot) % n
        if active[other]:
            out[layout.active.start + slot] = 1.0
        if votes[other] is not None:
            out[layout.voted.start + slot] = 1.0
        value = last_call[other]
        if value is not None:
            out[layout.last_call.start + slot * width + value_column[value]] = 1.0
        if passed[other]:
            out[layout.passed.start + slot] = 1.0
        out[layout.hand_sizes.start + slot] = len(hands[other]) * hand_size_scale
    out[layout.phase.start + layout.phase_index[state.phase]] = 1.0
    if seat in state.to_move():
        out[layout.to_move.start] = 1.0
    if state.asking is not None:
        out[layout.asking.start + (state.asking - seat) % n] = 1.0
    own = votes[seat]
    if own is not None:
        out[layout.own_vote.start + layout.vote_column[own]] = 1.0
    if state.quick_game:
        out[layout.quick.start] = 1.0
    if state.revealed is not None:
        out[layout.revealed.start + state.revealed] = 1.0
    if state.winner is not None:
        out[layout.winner.start + (state.winner - seat) % n] = 1.0
    layout.hand_plane.put(out, layout.hand.start, hands[seat])
    layout.trick_discard_plane.put(out, layout.trick_discard.start, state.trick_discard)
    layout.guard_discard_plane.put(out, layout.guard_discard.start, state.guard_discard)
    out[layout.trick_pile.start] = len(state.trick_pile) * layout.trick_pile_scale
    out[layout.guard_pile.start] = len(state.guard_pile) * layout.guard_pile_scale
    out[layout.round.start] = state.round / (state.round + ROUND_SCALE)
    return out
