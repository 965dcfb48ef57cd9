"""Directors' end of game: crowns of the cards in play, minus the −1 crown tokens."""

from __future__ import annotations

from typing import Any

from squidbox.games.names import shown
from squidbox.games.results import Results, tied_at_top, winners_of
from squidbox.i18n import N_, ngettext
from squidbox.i18n import gettext as _

from .text import crowns_text


def results(state: Any) -> Results:
    names = [shown(state.game, name) for name in state.seat_names()]  # in the reader's language
    cards = state.game.data.cards
    points = [state.score(s) for s in range(state.num_players)]
    breakdown = []
    details = []
    for seat in range(state.num_players):
        crowns = sum(cards[c["card"]].crowns for c in state.areas[seat])
        breakdown.append([crowns, -state.minus[seat] if state.minus[seat] else 0,
                          len(state.areas[seat])])
        listed = ", ".join(f"{c['card']} {cards[c['card']].crowns}" for c in state.areas[seat])
        details.append(_("{name}: {cards}; {tokens}").format(
            name=names[seat], cards=listed or _("no cards"),
            tokens=ngettext("{count} −1 crown token", "{count} −1 crown tokens",
                            state.minus[seat]).format(count=state.minus[seat])))
    winners = winners_of(state)
    found = Results([N_("crowns on cards"), N_("−1 crown tokens"), N_("cards in play")], names,
                    points, winners, breakdown, points_name="crowns", details=details)
    top = tied_at_top(points, winners)
    if len(top) > 1:
        found.tie_break = _("{names} have {crowns} each: they share the victory.").format(
            names=(" " + _("and") + " ").join(names[s] for s in top),
            crowns=crowns_text(points[top[0]]))
    return found
