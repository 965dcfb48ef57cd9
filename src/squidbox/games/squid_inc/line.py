"""The Unemployed Line and the deck (rulebook "Choose an Employee" and "Security Guards"): the
line is topped up from the deck, and a Security Guard card drawn brings a Guard tile in."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import workplace as wp

if TYPE_CHECKING:
    from .state import SquidIncState


def refill(st: SquidIncState) -> None:
    """Draw one card into the line's end, until it is full; a Security Guard card brings a
    Guard tile into play (placed by the player who drew it), goes to the Dismissed pile,
    and is replaced once the Guard is placed."""
    line, deck, full = st.line, st.deck, len(st.game.data.line_modifiers)
    while len(line) < full and deck:
        card = deck.pop()
        st.mark_reveal()  # the deck's top card is turned face up
        if st.is_guard(card):
            st.dismissed.append(card)
            st.emit("guard_card", "A Security Guard card is drawn.")
            st.push(wp.guard, piece=-1)
            st.push(refill)
            return
        line.append(card)  # told in the next "keep" event, to keep the log short


def take_from_line(st: SquidIncState, action: str) -> int:
    """Take the card on the slot `action` names; the rest slide toward +1 and the line is
    refilled."""
    card = st.line.pop(st.slot_named(action))
    st.push(refill)
    return card


STEPS = (refill,)
