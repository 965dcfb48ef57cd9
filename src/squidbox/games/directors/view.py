"""What a person at a seat sees (#9: money, -crown tokens, hand sizes, cards in play and their
rotation, and the discard pile are public; hands and the deck's order are not)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from squidbox.engine.jsoncopy import copy_json

if TYPE_CHECKING:
    from .state import DirectorsState


def view(st: DirectorsState, viewer: int | None) -> dict[str, Any]:
    data = st.game.data
    pending = st.pending
    hand = None if viewer is None else st.visible("hands", viewer, viewer)
    return {
        "turn": st.clock,
        "turns": data.turns,
        "first_player": st.first_player,
        "current_player": None if st.over else st.current,
        "extra_turn": st.on_extra_turn,
        "extra_turns_to_come": st.extra_turns,
        "action": st.action,
        "events": [
            {"name": name, "turns": list(data.events[name].turns),
             "trigger": data.events[name].trigger, "active": st.active(name),
             "text": data.events[name].text}
            for name in st.event_names
        ],
        "deck_size": len(st.deck),
        "discard": sorted(st.discard),
        "players": [
            {
                "seat": seat,
                "money": st.money[seat],
                "minus": st.minus[seat],
                "hand_size": len(st.hands[seat]),
                "known_in_hand": list(st.known[seat]),
                "in_play": [{"card": card["card"], "rotated": card["rotated"], "new": card["new"]}
                            for card in st.areas[seat]],
                "played_this_turn": st.played[seat],
                "last_action": st.last_action[seat],
                "debt": st.debts[seat],
                "score": st.score(seat),
            }
            for seat in range(st.num_players)
        ],
        "hand": None if hand is None else sorted(hand),
        "decision": None if pending is None else {
            "seat": pending["seat"],
            "kind": pending["kind"],
            "prompt": st.game.flow.prompt(st, pending),
            "details": copy_json(pending["args"]),
        },
    }
