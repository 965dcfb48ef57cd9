"""Directors' observation: the clock and the turn, the Events in play, the seat's own hand, and
per seat (the observer's first) its money, tokens, the cards everyone has seen in its hand and
its cards in play, card by card type; the question being asked, by kind.

Cards are counted per card type (the data file's names in alphabetical order), never by their
place in a hand or area. The question's details are not in the vector: the legal-action mask
shows what may be answered.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from squidbox.games.observations import Layout

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


def layout(game: Directors, num_players: int) -> DirectorsLayout:
    return DirectorsLayout(game, num_players)


def write(state: DirectorsState, seat: int, out: np.ndarray, layout: DirectorsLayout) -> None:
    n = layout.num_players
    k = layout.card_width
    card = layout.card_index
    hot = [layout.clock.start + state.clock,
           layout.first.start + (state.first_player - seat) % n]
    if not state.over:
        hot.append(layout.current.start + (state.current - seat) % n)
    if state.on_extra_turn:
        hot.append(layout.extra.start)
    out[layout.extra.start + 1] = state.extra_turns / (state.extra_turns + TOKEN_SCALE)
    if state.action is not None:
        hot.append(layout.action.start + layout.action_index[state.action])
    events = layout.event_parts.start
    for name in state.event_names:
        at = events + 2 * layout.event_index[name]
        hot.append(at)
        if state.active(name):
            hot.append(at + 1)
    out[layout.deck.start] = len(state.deck)
    _count(out, layout.discard.start, state.discard, card)
    _count(out, layout.hand.start, state.hands[seat], card)
    order = [(seat + slot) % n for slot in range(n)]
    money, minus, debts, played = state.money, state.minus, state.debts, state.played
    out[layout.money] = [money[s] / (money[s] + MONEY_SCALE) for s in order]
    out[layout.minus] = [minus[s] / (minus[s] + TOKEN_SCALE) for s in order]
    out[layout.debt] = [debts[s] / (debts[s] + TOKEN_SCALE) for s in order]
    out[layout.played] = [played[s] / (played[s] + TOKEN_SCALE) for s in order]
    out[layout.hand_size] = [len(state.hands[s]) for s in order]
    scores = [state.score(s) for s in order]
    out[layout.score] = [s / (abs(s) + SCORE_SCALE) for s in scores]
    planes = len(CARD_PLANES)
    for slot, s in enumerate(order):
        last = state.last_action[s]
        if last is not None:
            hot.append(layout.last_action.start + slot * len(ACTIONS) + layout.action_index[last])
        _count(out, layout.known.start + slot * k, state.known[s], card)
        area = layout.area.start + slot * planes * k
        for in_play in state.areas[s]:
            at = area + card[in_play["card"]]
            out[at] += 1.0
            if in_play["rotated"]:
                out[at + k] += 1.0
            if in_play["new"]:
                out[at + 2 * k] += 1.0
            if len(in_play) > 3:  # the Watchdog mark
                out[at + 3 * k] += 1.0
    pending = state.pending
    if pending is not None:
        asked = pending.get("seats") or [pending["seat"]]
        hot.extend(layout.asked.start + (s - seat) % n for s in asked)
        hot.append(layout.kind.start + layout.kind_index[pending["kind"]])
    out[hot] = 1.0
    out *= layout.scale


def _count(out: np.ndarray, start: int, cards: list[str], index: dict[str, int]) -> None:
    for name in cards:
        out[start + index[name]] += 1.0
