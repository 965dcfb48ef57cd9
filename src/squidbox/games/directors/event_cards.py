"""#4 and #11 the Events: one effect function per Event that triggers at the start or end of a
turn. Events in force during the whole turn are read where they apply: Cleaning and Masquerade
in state.py, Job Fair and Vacation in turn.py, Zoo Opening in commanding.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from squidbox.engine.stack import Question, Step
from squidbox.i18n import N_

from . import cards, playing
from .data import COLOURS

if TYPE_CHECKING:
    from .state import DirectorsState

Effect = Callable[["DirectorsState", int], None]
EVENT_EFFECTS: dict[str, Effect] = {}
# Events in force during the whole turn, read where they apply.
WHOLE_TURN_EVENTS = ("Cleaning", "Job Fair", "Masquerade", "Vacation", "Zoo Opening")


def event_card(name: str) -> Callable[[Effect], Effect]:
    def register(fn: Effect) -> Effect:
        EVENT_EFFECTS[name] = fn
        return fn
    return register


def event(st: DirectorsState, name: str) -> None:
    st.emit("event", "{event} takes effect.", event=name)
    EVENT_EFFECTS[name](st, st.current)


# ---- start of the turn ---------------------------------------------------------------------------
@event_card("Commerce")
def commerce(st: DirectorsState, me: int) -> None:
    st.ask(me, COMMERCE_DISCARD)


def commerce_discard(st: DirectorsState, seat: int) -> list[str]:
    if not st.hands[seat] or not st.areas[seat]:
        return []
    cheapest = min(st.card(c).cost for c in st.hands[seat])
    dearer = [c for c in st.areas[seat] if st.card(c["card"]).cost >= cheapest]
    return [f"discard {r}" for r in st.refs_in_play(seat, dearer)] + ["pass"]


def commerce_discarded(st: DirectorsState, seat: int, choice: str) -> None:
    if choice == "pass":
        return
    st.mark_reveal()  # the choice shows that a card in hand costs no more
    card_ref = st.game.named[choice]
    limit = st.card(st.find_in_play(seat, card_ref)["card"]).cost
    st.push(playing.offer_play, seat=seat, costs=cards.costs_up_to(st, limit), free=True,
            after="commerce_played", after_args={"seat": seat})
    st.discard_from_play(seat, card_ref)


COMMERCE_DISCARD = Question(
    N_("Commerce: you may discard a card from play to play a card costing as much or less "
    "for free"),
    commerce_discard, commerce_discarded)


def commerce_played(st: DirectorsState, played: str | None, seat: int) -> None:
    """Commerce's FAQ, "You can command the new card you played on the same turn", overrides
    "Cards that are played are always rotated": the card stays un-rotated, so the Action named
    after the start-of-turn Events commands it when its colour matches (option
    commerce_new_card; "rotated" is the general rule)."""
    if played is None or st.options["commerce_new_card"] != "commandable":
        return
    for card in st.areas[seat]:
        if card["card"] == played and card["new"] and card["rotated"]:
            card["rotated"] = False
            st.emit("unrotate", "{_card} may be commanded this turn (Commerce).", seat=seat,
                    _card=played)
            return


@event_card("Dance")
def dance(st: DirectorsState, me: int) -> None:
    st.ask(me, DANCE_CHOICE)


def dance_choice(st: DirectorsState, seat: int) -> list[str]:
    return ["bonus money", "bonus draw"]


def dance_chosen(st: DirectorsState, seat: int, choice: str) -> None:
    p = st.params("Dance")
    if choice == "bonus money":
        st.gain(seat, p["money"])
    else:
        for other in st.turn_order(seat):
            st.draw(other, p["draw"])


DANCE_CHOICE = Question(
    N_("Dance: gain $3, or all players draw 2 cards"),
    dance_choice, dance_chosen)


@event_card("Party")
def party(st: DirectorsState, me: int) -> None:
    st.gain(me, st.params("Party")["money"])


@event_card("Protest")
def protest(st: DirectorsState, me: int) -> None:
    for card in st.areas[me]:
        if st.card(card["card"]).cost == 0:
            card["rotated"] = True


# ---- end of the turn ---------------------------------------------------------------------------
@event_card("Crowdfunding")
def crowdfunding(st: DirectorsState, me: int) -> None:
    st.ask(me, CROWDFUNDING_PAY)


def crowdfunding_pay(st: DirectorsState, seat: int) -> list[str]:
    affordable = st.money[seat] >= st.params("Crowdfunding")["price"]
    return ["pay", "pass"] if affordable and st.minus[seat] else []


def crowdfunding_paid(st: DirectorsState, seat: int, choice: str) -> None:
    if choice == "pay":
        cards.pay(st, seat, st.params("Crowdfunding")["price"])
        st.remove_minus(seat, st.minus[seat])


CROWDFUNDING_PAY = Question(
    N_("Crowdfunding: you may pay $5 to remove all your -crown tokens"),
    crowdfunding_pay, crowdfunding_paid)


@event_card("Eruption")
def eruption(st: DirectorsState, me: int) -> None:
    for colour in COLOURS:
        st.push(eruption_colour, seat=me, colour=colour)


def eruption_colour(st: DirectorsState, seat: int, colour: str) -> None:
    options = eruption_discard(st, seat, colour)
    if len(options) == 1:
        st.discard_from_play(seat, st.game.named[options[0]])
    elif options:
        st.ask(seat, ERUPTION_DISCARD, colour=colour)


def eruption_discard(st: DirectorsState, seat: int, colour: str) -> list[str]:
    coloured = [c for c in st.areas[seat] if st.card(c["card"]).colour == colour]
    return [f"discard {r}" for r in st.refs_in_play(seat, coloured)]


def eruption_discarded(st: DirectorsState, seat: int, choice: str, colour: str) -> None:
    st.discard_from_play(seat, st.game.named[choice])


ERUPTION_DISCARD = Question(
    N_("Eruption: discard a card of this colour from play"),
    eruption_discard, eruption_discarded)


@event_card("Expedition")
def expedition(st: DirectorsState, me: int) -> None:
    if st.action == "explore":
        st.push(playing.play_several, seat=me, left=st.params("Expedition")["plays"], costs=[0])


@event_card("Meteor Shower")
def meteor_shower(st: DirectorsState, me: int) -> None:
    if st.on_extra_turn:
        return  # ruling: an extra turn does not make another one
    st.extra_turns += 1
    st.emit("extra_turn", "{seat:name} will take an extra turn.", seat=me)


@event_card("Performance")
def performance(st: DirectorsState, me: int) -> None:
    if st.played[me] in (0, 2):
        st.take_minus(me, st.params("Performance")["minus"])


@event_card("Snowfall")
def snowfall(st: DirectorsState, me: int) -> None:
    for card in st.areas[me]:
        if card["new"]:
            card["rotated"] = True


@event_card("Tournament")
def tournament(st: DirectorsState, me: int) -> None:
    mine = len(st.hands[me])
    if all(mine > len(st.hands[s]) for s in st.others(me)):
        st.gain(me, st.params("Tournament")["money"])


STEPS: list[Step] = [event, commerce_played, eruption_colour]
QUESTIONS = [COMMERCE_DISCARD, DANCE_CHOICE, CROWDFUNDING_PAY, ERUPTION_DISCARD]
