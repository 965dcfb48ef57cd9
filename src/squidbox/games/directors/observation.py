"""Directors' observation: the clock and the turn, the Events in play, the seat's own hand, and
per seat (the observer's first) its money, tokens, the cards everyone has seen in its hand and
its cards in play, card by card type; the question being asked, by kind.

Cards are counted per card type (the data file's names in alphabetical order), never by their
place in a hand or area. The question's details are not in the vector: the legal-action mask
shows what may be answered.
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING

import numpy as np

from squidbox.games.observations import CountPlane, Layout

from .turn import ACTIONS

if TYPE_CHECKING:
    from .game import Directors
    from .state import DirectorsState

MONEY_SCALE = 10.0  # money m is shown as m / (m + 10)
TOKEN_SCALE = 5.0  # -1 crown tokens, debts, extra turns and plays t as t / (t + 5)
SCORE_SCALE = 10.0  # a score s (may be negative) as s / (|s| + 10)
CARD_PLANES = ("in play", "rotated", "played this turn", "watched")


class DirectorsLayout(Layout):
    def __init__(self, game: Directors, num_players: int) -> None:
        super().__init__()
        data = game.data
        n = self.num_players = num_players
        self.cards = sorted(data.cards)
        k = len(self.cards)
        self.card_index = {name: i for i, name in enumerate(self.cards)}
        self.events = sorted(data.events)
        self.event_index = {name: i for i, name in enumerate(self.events)}
        self.kinds = sorted(game.flow.questions)
        self.kind_index = {kind: i for i, kind in enumerate(self.kinds)}
        self.action_index = {action: i for i, action in enumerate(ACTIONS)}
        copies = np.array([data.cards[name].copies for name in self.cards], dtype=np.float32)
        deck = float(copies.sum())
        self.clock = self.add("clock", data.turns + 1, f"the clock turn 0–{data.turns}, one-hot")
        self.current = self.add("current", n, "per seat slot: 1 for the seat whose turn it is")
        self.first = self.add("first player", n, "per seat slot: 1 for the seat holding the clock")
        self.extra = self.add("extra turn", 2, f"1 on an extra turn; extra turns still to come t "
                              f"as t / (t + {TOKEN_SCALE:g})")
        self.action = self.add("action", len(ACTIONS),
                               "the Action named this turn, one-hot: " + ", ".join(ACTIONS))
        self.event_parts = self.add("events", 2 * len(self.events),
                                    f"per Event ({len(self.events)}, alphabetical): in this "
                                    "game; active on this clock turn")
        self.deck = self.add("deck", 1, f"cards in the deck / {deck:g}")
        self.discard = self.add("discard", k, f"per card type ({k}, alphabetical): face-up "
                                "discards / its copies")
        self.hand = self.add("hand", k, "per card type: the observer's cards / its copies")
        self.money = self.add("money", n, f"per seat slot: money m as m / (m + {MONEY_SCALE:g})")
        self.minus = self.add("minus", n, f"per seat slot: -1 crown tokens t as "
                              f"t / (t + {TOKEN_SCALE:g})")
        self.debt = self.add("debt", n, f"per seat slot: debt t as t / (t + {TOKEN_SCALE:g})")
        self.played = self.add("played", n, f"per seat slot: cards played this turn t as "
                               f"t / (t + {TOKEN_SCALE:g})")
        self.hand_size = self.add("hand size", n, f"per seat slot: cards in hand / {deck:g}")
        self.score = self.add("score", n, f"per seat slot: crowns s as s / (|s| + "
                              f"{SCORE_SCALE:g})", low=-1.0)
        self.last_action = self.add("last action", n * len(ACTIONS),
                                    "per seat slot: the Action of its last turn, one-hot")
        self.known = self.add("known in hand", n * k, "per seat slot × card type: cards "
                              "everyone has seen in its hand / copies")
        self.area = self.add("in play", n * len(CARD_PLANES) * k,
                             "per seat slot × (" + ", ".join(CARD_PLANES) + ") × card type: "
                             "its cards in play / copies (rotated: of those, turned; played "
                             "this turn: new; watched: commanded by Watchdog now)")
        self.asked = self.add("asked", n, "per seat slot: 1 for each seat asked the question now")
        self.kind = self.add("question", len(self.kinds),
                             "the kind of question asked now, one-hot: " + ", ".join(self.kinds))
        self.card_width = k
        self.scale = np.ones(self.size, dtype=np.float32)
        self.scale[self.deck] = 1 / deck
        self.scale[self.hand_size] = 1 / deck
        per_copy = np.tile(1 / copies, 1 + 1 + n + n * len(CARD_PLANES))
        per_card = [self.discard, self.hand]
        self.scale[per_card[0].start:per_card[1].stop] = per_copy[:2 * k]
        self.scale[self.known.start:self.area.stop] = per_copy[2 * k:]
        self.zeros = array("f", bytes(4 * self.size))
        # the float32 scales as Python floats (see CountPlane)
        self.per_copy = self.scale[self.hand].tolist()
        self.card_plane = CountPlane(self.card_index, self.per_copy)
        self.deck_scale = float(self.scale[self.deck.start])
        self.crowns = {name: data.cards[name].crowns for name in self.cards}


def layout(game: Directors, num_players: int) -> DirectorsLayout:
    return DirectorsLayout(game, num_players)


def write(state: DirectorsState, seat: int, layout: DirectorsLayout) -> array[float]:
    out = layout.zeros[:]
    n = layout.num_players
    k = layout.card_width
    card = layout.card_index
    per_copy = layout.per_copy
    out[layout.clock.start + state.clock] = 1.0
    out[layout.first.start + (state.first_player - seat) % n] = 1.0
    if not state.over:
        out[layout.current.start + (state.current - seat) % n] = 1.0
    if state.on_extra_turn:
        out[layout.extra.start] = 1.0
    out[layout.extra.start + 1] = state.extra_turns / (state.extra_turns + TOKEN_SCALE)
    if state.action is not None:
        out[layout.action.start + layout.action_index[state.action]] = 1.0
    events = layout.event_parts.start
    for name in state.event_names:
        at = events + 2 * layout.event_index[name]
        out[at] = 1.0
        if state.active(name):
            out[at + 1] = 1.0
    out[layout.deck.start] = len(state.deck) * layout.deck_scale
    card_plane = layout.card_plane
    card_plane.put(out, layout.discard.start, state.discard)
    hands = state.hands
    card_plane.put(out, layout.hand.start, hands[seat])
    money, minus, debts, played = state.money, state.minus, state.debts, state.played
    crowns = layout.crowns
    planes = len(CARD_PLANES)
    actions = len(ACTIONS)
    money_at, minus_at, debt_at = layout.money.start, layout.minus.start, layout.debt.start
    played_at, hand_size_at = layout.played.start, layout.hand_size.start
    last_at, known_at, area_at = layout.last_action.start, layout.known.start, layout.area.start
    score_at, deck_scale, action_index = layout.score.start, layout.deck_scale, layout.action_index
    last_actions, known, areas = state.last_action, state.known, state.areas
    for slot in range(n):
        other = (seat + slot) % n
        out[money_at + slot] = money[other] / (money[other] + MONEY_SCALE)
        out[minus_at + slot] = minus[other] / (minus[other] + TOKEN_SCALE)
        out[debt_at + slot] = debts[other] / (debts[other] + TOKEN_SCALE)
        out[played_at + slot] = played[other] / (played[other] + TOKEN_SCALE)
        out[hand_size_at + slot] = len(hands[other]) * deck_scale
        last = last_actions[other]
        if last is not None:
            out[last_at + slot * actions + action_index[last]] = 1.0
        card_plane.put(out, known_at + slot * k, known[other])
        area = area_at + slot * planes * k
        in_area = areas[other]
        # its cards in play: raw counts per plane, then each cell counted times its scale
        scales = {}
        for in_play in in_area:
            column = card[in_play["card"]]
            at = area + column
            per = scales[at] = per_copy[column]
            out[at] += 1.0
            if in_play["rotated"]:
                out[at + k] += 1.0
                scales[at + k] = per
            if in_play["new"]:
                out[at + 2 * k] += 1.0
                scales[at + 2 * k] = per
            if len(in_play) > 3:  # the Watchdog mark
                out[at + 3 * k] += 1.0
                scales[at + 3 * k] = per
        for at, per in scales.items():
            out[at] *= per
        # its score(): crowns of its cards in play, less its -1 crown tokens
        score = sum([crowns[in_play["card"]] for in_play in in_area]) - minus[other]
        out[score_at + slot] = score / (abs(score) + SCORE_SCALE)
    pending = state.pending
    if pending is not None:
        for asked in pending.get("seats") or [pending["seat"]]:
            out[layout.asked.start + (asked - seat) % n] = 1.0
        out[layout.kind.start + layout.kind_index[pending["kind"]]] = 1.0
    return out
