"""The terminal face of Directors: the table drawn as text, and actions in words."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from squidbox.games.results import plural

from .state import ROTATED

if TYPE_CHECKING:
    from .game import Directors

ACTION_WORDS = {
    "explore": "Explore: draw 2 cards, command your Blue cards",
    "collect": "Collect: gain $5, command your Gold cards",
    "recruit": "Recruit: play 1 card, command your Red cards",
    "unleash": "Unleash: take -5 crowns, gain $10, play 1 card, un-rotate everything",
}


def _card_line(game: Directors, name: str) -> str:
    card = game.data.cards[name]
    kind = " Director" if card.director else ""
    return f"{name} ({card.colour}{kind}, ${card.cost}, {plural(card.crowns, 'crown')})"


def _counted(names: list[str]) -> str:
    return ", ".join(f"{n} ×{k}" if k > 1 else n for n, k in sorted(Counter(names).items()))


def render(game: Directors, view: dict[str, Any]) -> str:
    st = view["state"]
    names = view["seat_names"]
    extra = " (extra turn)" if st["extra_turn"] else ""
    lines = [f"Directors · turn {st['turn']} of {st['turns']}{extra}"]
    for event in st["events"]:
        mark = "ACTIVE" if event["active"] else "      "
        turns = ", ".join(map(str, event["turns"]))
        lines.append(f"  {mark} {event['name']} (turns {turns}, {event['trigger']}): "
                     f"{event['text']}")
    lines.append(f"Deck {st['deck_size']} · discard: {_counted(st['discard']) or 'empty'}")
    for p in st["players"]:
        marker = "▶" if p["seat"] == st["current_player"] else " "
        first = " (clock)" if p["seat"] == st["first_player"] else ""
        minus = f"{plural(p['minus'], '−1 token')} · " if p["minus"] else ""
        lines.append(f" {marker} {names[p['seat']]}{first}: {plural(p['score'], 'crown')} · "
                     f"${p['money']} · {minus}{plural(p['hand_size'], 'card')} in hand · "
                     f"last Action {p['last_action'] or '-'}")
        if p["known_in_hand"]:
            lines.append(f"     known in hand: {_counted(p['known_in_hand'])}")
        by_colour: dict[str, list[str]] = {}
        for card in p["in_play"]:
            colour = game.data.cards[card["card"]].colour
            by_colour.setdefault(colour, []).append(
                card["card"] + ("↻" if card["rotated"] else ""))
        for colour, cards_in_play in sorted(by_colour.items()):
            lines.append(f"     {colour:<4}: {', '.join(sorted(cards_in_play))}")
    if st["hand"] is not None:
        lines.append(f"\nYour hand ({names[view['seat']]}):")
        lines += [f"   {_card_line(game, name)}" for name in sorted(set(st["hand"]))]
    decision = st["decision"]
    if decision is not None:
        lines.append(f"\n{names[decision['seat']]}: {decision['prompt']}")
    lines.append("(↻ = rotated)")
    return "\n".join(lines)


def action_label(game: Directors, view: dict[str, Any], action: str) -> str:
    if action in ACTION_WORDS:
        return ACTION_WORDS[action]
    verb, _, rest = action.partition(" ")
    name = rest.removesuffix(ROTATED)
    if name in game.data.cards:
        card = game.data.cards[name]
        where = " (rotated)" if rest.endswith(ROTATED) else ""
        return f"{verb} {_card_line(game, name)}{where}: {card.text}"
    if verb == "target":
        return f"exchange with {view['seat_names'][int(rest) - 1]}"
    if verb == "resolve":
        return f"resolve the Event {rest} next"
    return {"pass": "pass (do nothing more)", "pay": "pay",
            "bonus draw": "the card-drawing bonus", "bonus money": "the money bonus",
            "bonus play": "the card-playing bonus"}.get(action, action)
