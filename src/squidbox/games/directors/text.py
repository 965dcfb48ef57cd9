"""The terminal face of Directors: the table drawn as text, and actions in words, in the
reader's language (squidbox.i18n). Card, Event and Action names stay as printed; colours,
card texts, Event texts and every other word are translated here, where they are shown."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from squidbox.i18n import N_, ngettext
from squidbox.i18n import gettext as _

from .actions import Choice, Target, Word
from .state import ROTATED

if TYPE_CHECKING:
    from .game import Directors

ACTION_WORDS = {
    "explore": N_("Explore: draw 2 cards, command your Blue cards"),
    "collect": N_("Collect: gain $5, command your Gold cards"),
    "recruit": N_("Recruit: play 1 card, command your Red cards"),
    "unleash": N_("Unleash: take -5 crowns, gain $10, play 1 card, un-rotate everything"),
}
WORD_LABELS = {"pass": N_("pass (do nothing more)"), "pay": N_("pay")}
BONUS_LABELS = {"draw": N_("the card-drawing bonus"), "money": N_("the money bonus"),
                "play": N_("the card-playing bonus")}
# What a verb does to a card ({card}: the card in words, {text}: its text)
VERB_LABELS = {
    "play": N_("play {card}: {text}"),
    "command": N_("command {card}: {text}"),
    "select": N_("select {card}: {text}"),
    "keep": N_("keep {card}: {text}"),
    "spare": N_("spare {card}: {text}"),
    "discard": N_("discard {card}: {text}"),
    "return": N_("return {card}: {text}"),
    "give": N_("give {card}: {text}"),
    "take": N_("take {card}: {text}"),
}
# An Event on the board, by when it triggers (data.toml `trigger`: start, end or turn)
EVENT_LINES = {
    "start": N_("{mark} {name} (turns {turns}, start): {text}"),
    "end": N_("{mark} {name} (turns {turns}, end): {text}"),
    "turn": N_("{mark} {name} (turns {turns}, turn): {text}"),
}
COLOUR_WORDS = (N_("Blue"), N_("Gold"), N_("Red"))  # data.COLOURS, shown in words


def crowns_text(count: int) -> str:
    """ "1 crown", "2 crowns", "−1 crown" (the minus sign, never "-0")."""
    shown = str(count).replace("-", "−") if count else "0"
    return ngettext("{count} crown", "{count} crowns", abs(count)).format(count=shown)


def ref_text(name: str, rotated: bool) -> str:
    """A card in play in words: "Bishop", "Bishop (rotated)"."""
    return _("{card} (rotated)").format(card=name) if rotated else name


def _card_line(game: Directors, name: str) -> str:
    card = game.data.cards[name]
    template = (_("{name} ({colour} Director, ${cost}, {crowns})") if card.director
                else _("{name} ({colour}, ${cost}, {crowns})"))
    return template.format(name=name, colour=_(card.colour), cost=card.cost,
                           crowns=crowns_text(card.crowns))


def _counted(names: list[str]) -> str:
    return ", ".join(f"{n} ×{k}" if k > 1 else n for n, k in sorted(Counter(names).items()))


def render(game: Directors, view: dict[str, Any]) -> str:
    st = view["state"]
    names = view["seat_names"]
    lines = [_("Directors · turn {turn} of {turns}").format(turn=st["turn"], turns=st["turns"])
             + (" " + _("(extra turn)") if st["extra_turn"] else "")]
    active = _("ACTIVE")
    for event in st["events"]:
        lines.append("  " + _(EVENT_LINES[event["trigger"]]).format(
            mark=active if event["active"] else " " * len(active), name=event["name"],
            turns=", ".join(map(str, event["turns"])), text=_(event["text"])))
    lines.append(_("Deck {count} · discard: {cards}").format(
        count=st["deck_size"], cards=_counted(st["discard"]) or _("empty")))
    for p in st["players"]:
        marker = "▶" if p["seat"] == st["current_player"] else " "
        first = " " + _("(clock)") if p["seat"] == st["first_player"] else ""
        parts = [crowns_text(p["score"]), f"${p['money']}"]
        if p["minus"]:
            parts.append(ngettext("{count} −1 token", "{count} −1 tokens", p["minus"]).format(
                count=p["minus"]))
        parts.append(ngettext("{count} card in hand", "{count} cards in hand",
                              p["hand_size"]).format(count=p["hand_size"]))
        parts.append(_("last Action {action}").format(action=p["last_action"] or "-"))
        lines.append(f" {marker} {names[p['seat']]}{first}: " + " · ".join(parts))
        if p["known_in_hand"]:
            lines.append("     " + _("known in hand: {cards}").format(
                cards=_counted(p["known_in_hand"])))
        by_colour: dict[str, list[str]] = {}
        for card in p["in_play"]:
            colour = game.data.cards[card["card"]].colour
            by_colour.setdefault(colour, []).append(
                card["card"] + ("↻" if card["rotated"] else ""))
        for colour, cards_in_play in sorted(by_colour.items()):
            lines.append(f"     {_(colour):<4}: {', '.join(sorted(cards_in_play))}")
    if st["hand"] is not None:
        lines.append("\n" + _("Your hand ({name}):").format(name=names[view["seat"]]))
        lines += [f"   {_card_line(game, name)}" for name in sorted(set(st["hand"]))]
    decision = st["decision"]
    if decision is not None:
        lines.append(f"\n{names[decision['seat']]}: {_(decision['prompt'])}")
    lines.append(_("(↻ = rotated)"))
    return "\n".join(lines)


def action_label(game: Directors, view: dict[str, Any], action: str) -> str:
    move = game.moves.decode.get(action)
    if isinstance(move, Word):
        if move.word in ACTION_WORDS:
            return _(ACTION_WORDS[move.word])
        return _(WORD_LABELS[move.word])
    if isinstance(move, Target):
        return _("exchange with {name}").format(name=view["seat_names"][move.seat])
    if not isinstance(move, Choice):
        return action
    if move.verb == "resolve":
        return _("resolve the Event {name} next").format(name=move.what)
    if move.verb == "name":
        return _("name {colour}").format(colour=_(move.what))
    if move.verb == "bonus":
        return _(BONUS_LABELS[move.what])
    name = move.what.removesuffix(ROTATED)  # a card in play may be named rotated
    if move.verb not in VERB_LABELS or name not in game.data.cards:
        return action
    card = ref_text(_card_line(game, name), name != move.what)
    return _(VERB_LABELS[move.verb]).format(card=card, text=_(game.data.cards[name].text))
