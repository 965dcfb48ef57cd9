"""Directors' pieces as players read them: every player card (colour, cost, crowns, Director,
text), every Event (active turns, when it triggers, text) and the four Actions."""

from __future__ import annotations

from typing import Any

from squidbox.games.pieces import Piece, Pieces, comment_statuses, look, table_comments

from .data import DATA_FILE

TRIGGERS = {"start": "at the start of the turn", "end": "at the end of the turn",
            "turn": "during the whole turn"}


def pieces(game: Any) -> Pieces:
    data = game.data
    notes = table_comments(DATA_FILE)
    statuses = comment_statuses(DATA_FILE)
    drawing = look(__package__)
    seats = {f"seat {n}": colour for n, colour in enumerate(drawing["seats"]["colours"], start=1)}
    found = Pieces.of(game, {**drawing["colours"], **seats})
    for name, card in sorted(data.cards.items()):
        # The data file: colours, costs and crowns are PROPOSED unless the card's header
        # comment names them as CONFIRMED, e.g. "[cards.Agent]   # colour (C)".
        confirmed = notes.get(f"cards.{name}", "")
        piece = found.add(Piece(f"card:{name}", "Card", name, text=card.text,
                                colour=drawing["light"].get(card.colour),
                                extra={"card_colour": card.colour}))
        piece.value("colour", card.colour, "colour" not in confirmed)
        piece.value("cost", f"${card.cost}", "cost" not in confirmed)
        piece.value("crowns", card.crowns, "crowns" not in confirmed)
        if card.director:
            piece.value("type", "Director (commands other cards)",
                        "Director" not in confirmed and "director" not in confirmed)
    for name, event in sorted(data.events.items()):
        proposed = statuses.get(f"events.{name}.turns", "proposed") != "confirmed"
        piece = found.add(Piece(f"event:{name}", "Event", name, text=event.text))
        piece.value("active on turns", ", ".join(map(str, event.turns)), proposed)
        piece.value("when", TRIGGERS.get(event.trigger, event.trigger), proposed)
    numbers = data.actions
    actions = {
        "explore": ("Explore", f"Draw {numbers.explore_draw} cards, then command up to "
                    f"{numbers.commands} non-rotated Blue cards; rotate Blue, un-rotate the rest.",
                    "Blue"),
        "collect": ("Collect", f"Gain ${numbers.collect_money}, then command up to "
                    f"{numbers.commands} non-rotated Gold cards; rotate Gold, un-rotate the rest.",
                    "Gold"),
        "recruit": ("Recruit", f"Play {numbers.recruit_plays} card, then command up to "
                    f"{numbers.commands} non-rotated Red cards; rotate Red, un-rotate the rest.",
                    "Red"),
        "unleash": ("Unleash", f"Take {numbers.unleash_minus} −1 crown tokens (−"
                    f"{numbers.unleash_minus} crowns at the end), gain "
                    f"${numbers.unleash_money} and play {numbers.unleash_plays} card; command "
                    "nothing, un-rotate every card.", "Unleash"),
    }
    for key, (name, text, colour) in actions.items():
        found.add(Piece(f"action:{key}", "Action", name, text=text,
                        colour=drawing["colours"][colour]))
    found.add(Piece("minus", "−1 crown token", "−1 crown",
                    text="Each one takes 1 crown off your score at the end."))
    return found
