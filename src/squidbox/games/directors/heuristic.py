"""A small evaluation of a Directors position, for the heuristic bot and cut-off search.

Only crowns in play minus -1 tokens decide the game; money and cards in hand are worth
something only while there are turns left to play them, and cards in play keep paying through
their commands until the clock runs out. A seat's prospects are its score plus its discounted
means (capped by the plays it still has time for), and the estimate compares them with the best
opponent's. A play the seat is being offered right now counts as taken if it helps, and an
Unleash whose first line is still to come (Falconer offers) counts as done."""

from __future__ import annotations

import math
from typing import Any

from squidbox.engine.actions import ActionTable

from .actions import Choice, Move
from .data import DirectorsData

CROWNS_PER_DOLLAR = 0.4  # a $10 card brings 4-5 crowns, a $5 card 2-3
CARD_IN_HAND = 1.0  # a card's crowns minus its price is about 1 for every tier
MEANS_DISCOUNT = 0.6  # money and cards may never be played: worth less than crowns in play
PLAYS_PER_TURN = 0.7  # Recruit plays one card, but a turn is often spent on money or cards
MONEY_PER_PLAY = 10  # money beyond the dearest card per play left buys nothing
ENGINE_PER_TURN = 0.1  # a card in play still to be commanded, per turn left
LEAD_SCALE = 3.0  # a lead of 3 crowns is a fair but not certain win
FREE_PLAYS = ("falconer", "cultist")  # decisions whose play costs nothing (below the line)


def evaluate(data: DirectorsData, moves: ActionTable[Move], view: dict[str, Any],
             seat: int) -> float:
    if view["is_terminal"]:
        return float(view["returns"][seat])
    state = view["state"]
    players = [dict(p) for p in state["players"]]
    unleash_pending = _unleash_first_line_pending(state)
    if unleash_pending:
        current = players[state["current_player"]]
        current["money"] += data.actions.unleash_money
        current["score"] -= data.actions.unleash_minus
    hand = list(state["hand"] or [])
    prospects = []
    for player in players:
        s = player["seat"]
        turns_left = _turns_left(state, s, view["num_players"], unleash_pending)
        if s == seat:
            value = _best_with_offered_play(data, moves, view, player, hand, turns_left)
        else:
            value = _prospect(data, player, None, turns_left)
        prospects.append(value)
    lead = prospects[seat] - max(p for s, p in enumerate(prospects) if s != seat)
    return 1 / (1 + math.exp(-lead / LEAD_SCALE))


def _turns_left(state: dict[str, Any], s: int, num_players: int, unleash_pending: bool) -> int:
    """The Actions seat `s` still names: later clock turns, this clock turn if its seat comes
    after the current one, the current one if not yet named, and promised extra turns."""
    left = state["turns"] - state["turn"]
    current = state["current_player"]
    first = state["first_player"]
    if (s - first) % num_players > (current - first) % num_players:
        left += 1
    if s == current:
        left += state["extra_turns_to_come"]
        if state["action"] is None or unleash_pending:
            left += 1  # an Unleash whose line is still to come can still play a card
    return int(left)


def _unleash_first_line_pending(state: dict[str, Any]) -> bool:
    decision = state["decision"]
    vacation = any(e["name"] == "Vacation" and e["active"] for e in state["events"])
    return (state["action"] == "unleash" and decision is not None
            and decision["kind"] == "falconer" and not vacation)


def _prospect(data: DirectorsData, player: dict[str, Any], hand: list[str] | None,
              turns_left: int) -> float:
    """Score plus the discounted crowns the seat's means could still become."""
    plays = turns_left * PLAYS_PER_TURN
    if hand is None:  # another seat: its hand is hidden, every card counts the same
        cards = CARD_IN_HAND * min(player["hand_size"], plays)
    else:
        values = sorted((_hand_value(data, card) for card in hand), reverse=True)
        whole = int(plays)
        cards = sum(values[:whole]) + (plays - whole) * sum(values[whole:whole + 1])
    money = CROWNS_PER_DOLLAR * min(max(player["money"] - player["debt"], 0),
                                    MONEY_PER_PLAY * plays)
    engine = ENGINE_PER_TURN * turns_left * len(player["in_play"])
    return float(player["score"] + MEANS_DISCOUNT * (cards + money) + engine)


def _hand_value(data: DirectorsData, card: str) -> float:
    info = data.cards[card]
    return max(info.crowns - CROWNS_PER_DOLLAR * info.cost, CARD_IN_HAND / 2)


def _best_with_offered_play(data: DirectorsData, moves: ActionTable[Move],
                            view: dict[str, Any], player: dict[str, Any],
                            hand: list[str], turns_left: int) -> float:
    """The seat's prospects, taking the best of the plays it is offered right now (if any)."""
    best = _prospect(data, player, hand, turns_left)
    decision = view["state"]["decision"]
    if decision is None or decision["seat"] != player["seat"]:
        return best
    details = decision["details"]
    free = decision["kind"] in FREE_PLAYS or bool(details.get("free"))
    penalty = int(details.get("penalty") or 0)
    for action in view["legal_actions"]:
        move = moves.decode[action]
        if type(move) is not Choice or move.verb != "play":
            continue
        card = move.what
        info = data.cards[card]
        after = dict(player, money=max(player["money"] - (0 if free else info.cost), 0),
                     score=player["score"] + info.crowns - penalty,
                     in_play=[*player["in_play"], {"card": card}])
        rest = list(hand)
        if details.get("source", "hand") == "hand" and card in rest:
            rest.remove(card)
        best = max(best, _prospect(data, after, rest, turns_left))
    return best
