"""Directors' end of game: crowns of the cards in play, minus the −1 crown tokens."""

from __future__ import annotations

from typing import Any

from squidbox.games.results import Results, plural, tied_at_top, winners_of


def results(state: Any) -> Results:
    names = state.seat_names()
    cards = state.game.data.cards
    points = [state.score(s) for s in range(state.num_players)]
    breakdown = []
    details = []
    for seat in range(state.num_players):
        crowns = sum(cards[c["card"]].crowns for c in state.areas[seat])
        breakdown.append([crowns, -state.minus[seat] if state.minus[seat] else 0,
                          len(state.areas[seat])])
        listed = ", ".join(f"{c['card']} {cards[c['card']].crowns}" for c in state.areas[seat])
        details.append(f"{names[seat]}: {listed or 'no cards'}; "
                       f"{plural(state.minus[seat], '−1 crown token')}")
    winners = winners_of(state)
    found = Results(["crowns on cards", "−1 crown tokens", "cards in play"], names, points, winners,
                    breakdown, points_name="crowns", details=details)
    top = tied_at_top(points, winners)
    if len(top) > 1:
        found.tie_break = (f"{' and '.join(names[s] for s in top)} have "
                           f"{plural(points[top[0]], 'crown')} each: they share the victory.")
    return found
