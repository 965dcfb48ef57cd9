"""Commanding (#3 step 2, #6 Directors, #8 "Command"): choose first, then command in any order.

A command names the card, not the copy: a chosen card is still commanded after it has left
(#8). `by_director` marks commands given by a Director: a Director so commanded does nothing.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from squidbox.engine.stack import Question, Step
from squidbox.i18n import N_

from .data import COLOUR_OF_ACTION

if TYPE_CHECKING:
    from .state import DirectorsState


def eligible_for_action(st: DirectorsState) -> list[str]:
    """Non-rotated cards of the Action's colour in the current player's play area."""
    colour = COLOUR_OF_ACTION.get(st.action or "")
    cards = st.game.data.cards
    return sorted([c["card"] for c in st.areas[st.current]
                   if not c["rotated"] and cards[c["card"]].colour == colour])


def command_step(st: DirectorsState) -> None:
    if not st.commanding_allowed() or st.action == "unleash":
        return
    eligible = eligible_for_action(st)
    if not eligible:
        return
    if len(eligible) <= st.game.data.actions.commands:
        command_in_order(st, seat=st.current, cards=eligible, by_director=False)
    else:
        st.ask(st.current, SELECT_FOR_ACTION, chosen=[])


def select_for_action(st: DirectorsState, seat: int, chosen: list[str]) -> list[str]:
    left = Counter(eligible_for_action(st)) - Counter(chosen)
    return [f"select {name}" for name in sorted(left)]


def selected(st: DirectorsState, seat: int, choice: str, chosen: list[str]) -> None:
    chosen = sorted([*chosen, st.game.named[choice]])
    if len(chosen) < st.game.data.actions.commands:
        st.ask(seat, SELECT_FOR_ACTION, chosen=chosen)
    else:
        st.push(command_in_order, seat=seat, cards=chosen, by_director=False)


SELECT_FOR_ACTION = Question(
    N_("Choose the cards to command (4 of them)"),
    select_for_action, selected)


def command_in_order(st: DirectorsState, seat: int, cards: list[str], by_director: bool) -> None:
    """Command chosen cards in the order the commanding player picks (no question when the
    order cannot matter)."""
    if not cards:
        return
    if len(set(cards)) == 1:
        for name in cards:
            st.push(command, seat=seat, card=name, by_director=by_director)
        return
    st.ask(seat, COMMAND_NEXT, cards=cards, by_director=by_director)


def command_next(st: DirectorsState, seat: int, cards: list[str],
                 by_director: bool) -> list[str]:
    return [f"command {name}" for name in sorted(set(cards))]


def command_chosen(st: DirectorsState, seat: int, choice: str, cards: list[str],
                   by_director: bool) -> None:
    name = st.game.named[choice]
    rest = list(cards)
    rest.remove(name)
    st.push(command, seat=seat, card=name, by_director=by_director)
    st.push(command_in_order, seat=seat, cards=rest, by_director=by_director)


COMMAND_NEXT = Question(N_("Choose the card to command next"), command_next, command_chosen)


def command(st: DirectorsState, seat: int, card: str, by_director: bool) -> None:
    """Command one card; under Zoo Opening the current player may play a card instead."""
    if not st.commanding_allowed() or st.over:
        return
    if seat == st.current and st.active("Zoo Opening") and st.ask(
            seat, ZOO_OPENING, card=card, by_director=by_director):
        return
    follow_instructions(st, seat, card, by_director)


def follow_instructions(st: DirectorsState, seat: int, card: str, by_director: bool) -> None:
    if by_director and st.card(card).director:
        st.emit("command", "{seat:name} commands {_card}: a Director commanded by a "
                "Director does nothing.", seat=seat, _card=card)
        return
    if st.recording:
        st.emit("command", "{seat:name} commands {_card}.", seat=seat, _card=card)
    st.game.effects[card](st, seat)


def zoo_opening(st: DirectorsState, seat: int, card: str, by_director: bool) -> list[str]:
    least = st.params("Zoo Opening")["min_cost"]
    playable = sorted({c for c in st.hands[seat]
                       if st.card(c).cost >= least and st.can_pay(seat, c)})
    return [f"play {c}" for c in playable] + ["pass"] if st.hands[seat] else []


def zoo_chosen(st: DirectorsState, seat: int, choice: str, card: str, by_director: bool) -> None:
    if choice == "pass":
        follow_instructions(st, seat, card, by_director)
        return
    st.emit("zoo_opening", "Zoo Opening: instead of commanding {card}, {seat:name} plays a "
            "card.", seat=seat, card=card)
    st.play(seat, st.game.named[choice])


ZOO_OPENING = Question(
    N_("Zoo Opening: play a card costing $5 or more instead of commanding?"),
    zoo_opening, zoo_chosen)


STEPS: list[Step] = [command_step, command_in_order, command]
QUESTIONS = [SELECT_FOR_ACTION, COMMAND_NEXT, ZOO_OPENING]
