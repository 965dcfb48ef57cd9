"""#5 Playing cards: "you may play 1 card", with the limits some cards put on it, and the
below-the-line texts that let a card be played at other times (Falconer, Cultist).

`offer_play` asks whether to play and which card. Optional limits: `costs` (allowed costs),
`source` ("hand", or "discard" with `among` naming the cards), `free`, `penalty` (-crowns for
playing, Familiar) and `after` (a step run afterwards with `played` = the card or None).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from squidbox.engine.stack import Question, Reaction, Step
from squidbox.i18n import N_

if TYPE_CHECKING:
    from .state import DirectorsState


def playable(st: DirectorsState, seat: int, costs: list[int] | None = None,
             source: str = "hand", among: list[str] | None = None,
             free: bool = False) -> list[str]:
    if source == "hand":
        cards = st.hands[seat]
    else:
        cards = [c for c in (among or []) if c in st.discard]
    card, money = st.game.data.cards, st.money[seat]
    return sorted({c for c in cards
                   if (costs is None or card[c].cost in costs)
                   and (free or money >= card[c].cost)})  # can_pay, written out


def offer_play(st: DirectorsState, seat: int, **limits: Any) -> None:
    if not st.ask(seat, CHOOSE_PLAY, **limits) and limits.get("after"):
        st.push(st.game.flow.steps[limits["after"]], played=None, **limits.get("after_args", {}))


def choose_play(st: DirectorsState, seat: int, costs: list[int] | None = None,
                source: str = "hand", among: list[str] | None = None, free: bool = False,
                **_: Any) -> list[str]:
    # Whether a seat is asked depends only on what everyone sees (a hand's size), so the
    # question itself tells nobody what the hand holds.
    cards = playable(st, seat, costs, source, among, free)
    if source == "hand":
        return [f"play {c}" for c in cards] + ["pass"] if st.hands[seat] else []
    return [f"play {c}" for c in cards] + ["pass"] if cards else []


def play_chosen(st: DirectorsState, seat: int, choice: str, source: str = "hand",
                free: bool = False, penalty: int = 0, after: str | None = None,
                after_args: dict[str, Any] | None = None, **_: Any) -> None:
    played = None if choice == "pass" else st.game.named[choice]
    if played is not None:
        st.play(seat, played, source=source, free=free)
        if penalty:
            st.take_minus(seat, penalty)
    if after:
        st.push(st.game.flow.steps[after], played=played, **(after_args or {}))


CHOOSE_PLAY = Question(
    N_("Play a card that fits, if you hold one, or pass"),
    choose_play, play_chosen)


# ---- Falconer: when any player uses Unleash, you may play it from your hand for $0 ----------
def falconer_may_be_hidden(st: DirectorsState, seat: int) -> bool:
    """Everyone holding cards is asked while a Falconer may be in some hand: every Falconer in
    a play area or the discard pile (public) closes the window."""
    if not st.hands[seat]:
        return False
    seen = st.discard.count("Falconer")
    for area in st.areas:
        for card in area:
            if card["card"] == "Falconer":
                seen += 1
    return seen < st.card("Falconer").copies


def falconer_fits(st: DirectorsState, seat: int) -> list[str]:
    return ["play Falconer"] if "Falconer" in st.hands[seat] else []


def falconer_chosen(st: DirectorsState, seat: int, choice: str) -> None:
    if choice != "pass":
        st.play(seat, "Falconer", free=True)
        st.ask_later(seat, FALCONER)  # a second Falconer may follow


FALCONER = Reaction(N_("Unleash! Anyone may now play Falconer from their hand for $0"), "falconer",
                    falconer_may_be_hidden, falconer_fits, falconer_chosen)


# ---- Cultist: when you discard it from your hand, you may play it for free -------------------
def offer_cultist(st: DirectorsState, seat: int) -> None:
    st.ask(seat, CULTIST)


def cultist(st: DirectorsState, seat: int) -> list[str]:
    return ["play Cultist", "pass"] if "Cultist" in st.discard else []


def cultist_chosen(st: DirectorsState, seat: int, choice: str) -> None:
    if choice != "pass":
        st.play(seat, "Cultist", source="discard", free=True)


CULTIST = Question(N_("You discarded Cultist: you may play it for free"), cultist, cultist_chosen)


def play_several(st: DirectorsState, seat: int, left: int, costs: list[int] | None = None) -> None:
    """You may play up to `left` cards, one at a time; a pass ends it."""
    if left > 0:
        st.push(offer_play, seat=seat, costs=costs, after="play_several_after",
                after_args={"seat": seat, "left": left - 1, "costs": costs})


def play_several_after(st: DirectorsState, played: str | None, seat: int, left: int,
                       costs: list[int] | None) -> None:
    if played is not None:
        st.push(play_several, seat=seat, left=left, costs=costs)


STEPS: list[Step] = [offer_play, offer_cultist, play_several, play_several_after]
QUESTIONS = [CHOOSE_PLAY, FALCONER, CULTIST]
