"""A small evaluation of a SQUID position, for the heuristic bot and cut-off search.

If the guard took characters in a uniformly random order, the winner would be the owner of the
last character taken, so a seat's chance is its share of the characters in the circle. Tricks
in hand count as a character each, so the bot spends one only when that saves more, which in
practice means against losing its last character. On top of that the evaluation looks at the
round under way: where the guard may land (from the votes already known, the others' guessed),
how likely the character under it is to be POWed (from the guard actions not yet seen), and what
a Schnelles Spiel or a revealed POW means. Each outcome "this character is out" is weighted by
its chance, and the seat's share is averaged over them.

Everything is read from the seat's own view: the circle, the public discards, hand sizes, the
seat's own hand and its own submitted vote.
"""

from __future__ import annotations

from typing import Any

from squidbox.engine.actions import ActionTable

from .actions import Move, vote_value
from .data import SquidCircleData

TRICK_VALUE = 1.0  # one character: kept for the last character, a trick wins more than spent early
SHARE_POWER = 1.5  # >1: a lead snowballs, so the guard is better aimed at the leader
RESCUE_CHANCE = 0.8  # a threatened player holding Zweite Chance uses it against a revealed POW


def evaluate(data: SquidCircleData, moves: ActionTable[Move], view: dict[str, Any],
             seat: int) -> float:
    if view["is_terminal"]:
        return float(view["returns"][seat])
    state = view["state"]
    if not state["players"][seat]["active"]:
        return 0.0
    circle = [entry["seat"] for entry in state["circle"]]
    counts = [p["characters"] for p in state["players"]]
    tricks = [p["tricks"] for p in state["players"]]
    p_pow = _pow_chance(data, view)
    losses = _losses(data, moves, view, seat, circle, p_pow)
    calm = 1.0 - sum(losses.values())
    value = calm * _share(counts, tricks, seat)
    for loser, chance in losses.items():
        after = list(counts)
        after[loser] -= 1
        value += chance * _share(after, tricks, seat)
    return min(1.0, max(0.0, value))


def _share(counts: list[int], tricks: list[int], seat: int) -> float:
    """The seat's estimated chance of being the last colour in the circle."""
    if counts[seat] == 0:
        return 0.0
    strengths = [(c + TRICK_VALUE * t) ** SHARE_POWER if c > 0 else 0.0
                 for c, t in zip(counts, tricks, strict=True)]
    return strengths[seat] / sum(strengths)


def _pow_chance(data: SquidCircleData, view: dict[str, Any]) -> float:
    """The chance that the next guard action drawn is POW: the unseen cards are the mix less the
    discards, or the whole mix again when the pile is empty and will be reshuffled."""
    mix = data.mixes[view["options"]["mix"]].guard_actions
    pow_index = data.guard_index("pow")
    total = sum(mix)
    state = view["state"]
    if state["guard_pile"] == 0:
        return mix[pow_index] / total
    seen: int = state["guard_discard"].count(data.guard_actions[pow_index].name)
    left: int = state["guard_pile"]
    return (mix[pow_index] - seen) / left


def _losses(data: SquidCircleData, moves: ActionTable[Move], view: dict[str, Any], seat: int,
            circle: list[int], p_pow: float) -> dict[int, float]:
    """Per seat, the chance that it loses a character in the round under way."""
    state = view["state"]
    phase = state["phase"]
    size = len(circle)
    losses = dict.fromkeys(range(len(state["players"])), 0.0)
    if phase == "start":
        return losses
    guard = state["guard"]
    if phase == "call":
        for offset, chance in _call_totals(data, moves, view, seat).items():
            where = (guard + offset) % size
            losses[circle[where]] += chance * p_pow
        return losses
    if state["quick_game"] and state["revealed"] not in (None, _pow_name(data)):
        guard += 1  # the spared character is passed over at once
    revealed = state["revealed"]
    if revealed == _pow_name(data):
        owner = circle[guard % size]
        rescue = RESCUE_CHANCE * _may_rescue(data, view, seat, owner) * (1.0 - p_pow)
        losses[owner] += 1.0 - rescue
        if state["quick_game"]:
            _quick_chain(losses, circle, guard + 1, rescue, p_pow)
        return losses
    if state["quick_game"]:
        _quick_chain(losses, circle, guard, 1.0, p_pow)
    elif revealed is None:
        losses[circle[guard % size]] += p_pow
    return losses


def _quick_chain(losses: dict[int, float], circle: list[int], start: int, weight: float,
                 p_pow: float) -> None:
    """Schnelles Spiel: from `start` on, each character is POWed with p_pow or passed over,
    until a POW (cut after one lap, when the rest is negligible)."""
    survive = weight
    for step in range(len(circle)):
        losses[circle[(start + step) % len(circle)]] += survive * p_pow
        survive *= 1.0 - p_pow


def _may_rescue(data: SquidCircleData, view: dict[str, Any], seat: int, owner: int) -> float:
    """How likely the owner of the character under a revealed POW can still play Zweite Chance:
    known for the seat itself, guessed from the unseen tricks for another player."""
    state = view["state"]
    player = state["players"][owner]
    if player["passed"]:
        return 0.0
    name = data.tricks[data.trick_index("second_chance")].name
    if owner == seat:
        return 1.0 if name in state["hand"] else 0.0
    mix = data.mixes[view["options"]["mix"]].tricks
    unseen = sum(mix) - len(state["hand"]) - len(state["trick_discard"])
    if unseen <= 0:
        return 0.0
    copies: int = (mix[data.trick_index("second_chance")] - state["hand"].count(name)
                   - state["trick_discard"].count(name))
    held: int = player["tricks"]
    return 1.0 - (1.0 - copies / unseen) ** held


def _call_totals(data: SquidCircleData, moves: ActionTable[Move], view: dict[str, Any],
                 seat: int) -> dict[int, float]:
    """The distribution of the call's total: the seat's own vote if submitted (else 0 or 1),
    every other active player 0 or 1 with equal chance."""
    state = view["state"]
    own = state["my_vote"]
    if own is None:
        totals = {0: 0.5, 1: 0.5}
    else:
        totals = {vote_value(data, moves(own)): 1.0}
    for player in state["players"]:
        if player["seat"] == seat or not player["active"]:
            continue
        spread: dict[int, float] = {}
        for total, chance in totals.items():
            for vote in (0, 1):
                spread[total + vote] = spread.get(total + vote, 0.0) + chance / 2
        totals = spread
    return totals


def _pow_name(data: SquidCircleData) -> str:
    return data.guard_actions[data.guard_index("pow")].name
