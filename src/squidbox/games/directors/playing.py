"""#5 Playing cards: "you may play 1 card", with the limits some cards put on it, and the
below-the-line texts that let a card be played at other times (Falconer, Cultist).

`offer_play` asks whether to play and which card. Optional limits: `costs` (allowed costs),
`source` ("hand", or "discard" with `among` naming the cards), `free`, `penalty` (-crowns for
playing, Familiar) and `after` (a step run afterwards with `played` = the card or None).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .flow import options_for, resolves, step

if TYPE_CHECKING:
    from .state import DirectorsState


def playable(st: DirectorsState, seat: int, costs: list[int] | None = None,
             source: str = "hand", among: list[str] | None = None,
             free: bool = False) -> list[str]:
    if source == "hand":
        cards = st.hands[seat]
    else:
        cards = [c for c in (among or []) if c in st.discard]
    return sorted({c for c in cards
                   if (costs is None or st.card(c).cost in costs)
                   and (free or st.can_pay(seat, c))})


@step
def offer_play(st: DirectorsState, seat: int, **limits: Any) -> None:
    if not st.ask(seat, "choose_play", **limits) and limits.get("after"):
        st.later(limits["after"], played=None, **limits.get("after_args", {}))


@options_for("Play a card that fits, if you hold one, or pass")
def choose_play(st: DirectorsState, seat: int, costs: list[int] | None = None,
                source: str = "hand", among: list[str] | None = None, free: bool = False,
                **_: Any) -> list[str]:
    # Whether a seat is asked depends only on what everyone sees (a hand's size), so the
    # question itself tells nobody what the hand holds.
    cards = playable(st, seat, costs, source, among, free)
    if source == "hand":
        return [f"play {c}" for c in cards] + ["pass"] if st.hands[seat] else []
    return [f"play {c}" for c in cards] + ["pass"] if cards else []


@resolves("choose_play")
def play_chosen(st: DirectorsState, seat: int, choice: str, source: str = "hand",
                free: bool = False, penalty: int = 0, after: str | None = None,
                after_args: dict[str, Any] | None = None, **_: Any) -> None:
    played = None if choice == "pass" else choice.removeprefix("play ")
    if after:
        st.later(after, played=played, **(after_args or {}))
    if played is not None:
        st.play(seat, played, source=source, free=free)
        if penalty:
            st.take_minus(seat, penalty)


# ---- Falconer: when any player uses Unleash, you may play it from your hand for $0 ----------
@step
def offer_falconer(st: DirectorsState, seat: int) -> None:
    st.ask(seat, "falconer")


@options_for("Unleash! Anyone may now play Falconer from their hand for $0")
def falconer(st: DirectorsState, seat: int) -> list[str]:
    # Everyone holding cards is asked, so that being asked does not show who holds a Falconer.
    if not st.hands[seat] or not falconer_may_be_hidden(st):
        return []
    return ["play Falconer", "pass"] if "Falconer" in st.hands[seat] else ["pass"]


def falconer_may_be_hidden(st: DirectorsState) -> bool:
    """False when every Falconer is in a play area or the discard pile (public)."""
    seen = st.discard.count("Falconer") + sum(
        1 for area in st.areas for c in area if c["card"] == "Falconer")
    return seen < st.card("Falconer").copies


@resolves("falconer")
def falconer_chosen(st: DirectorsState, seat: int, choice: str) -> None:
    if choice != "pass":
        st.later("offer_falconer", seat=seat)  # a second Falconer may follow
        st.play(seat, "Falconer", free=True)


# ---- Cultist: when you discard it from your hand, you may play it for free -------------------
@step
def offer_cultist(st: DirectorsState, seat: int) -> None:
    st.ask(seat, "cultist")


@options_for("You discarded Cultist: you may play it for free")
def cultist(st: DirectorsState, seat: int) -> list[str]:
    return ["play Cultist", "pass"] if "Cultist" in st.discard else []


@resolves("cultist")
def cultist_chosen(st: DirectorsState, seat: int, choice: str) -> None:
    if choice != "pass":
        st.play(seat, "Cultist", source="discard", free=True)


@step
def play_several(st: DirectorsState, seat: int, left: int, costs: list[int] | None = None) -> None:
    """You may play up to `left` cards, one at a time; a pass ends it."""
    if left > 0:
        st.later("offer_play", seat=seat, costs=costs, after="play_several_after",
                 after_args={"seat": seat, "left": left - 1, "costs": costs})


@step
def play_several_after(st: DirectorsState, played: str | None, seat: int, left: int,
                       costs: list[int] | None) -> None:
    if played is not None:
        st.later("play_several", seat=seat, left=left, costs=costs)
