"""Ratings per game (docs/accounts.md): openskill's Plackett-Luce model, one rating (mu, sigma)
per account and game. A rated table's end updates its players' ratings once (a finish hook of
the table manager, before anyone hears of the end); a seat the leave policy's bot had taken
over for good counts as last, a loss. Every account-held seat gets its result (for profiles).

What people see is the conservative estimate mu - 3 sigma, scaled: `shown = 1000 + 40 *
(mu - 3 sigma)`, so a newcomer shows 1000 and climbs as the model grows sure of them. A
rating is provisional until PROVISIONAL_GAMES rated games of that game.
"""

from __future__ import annotations

import logging
from typing import Any

from fastapi import APIRouter, Request
from openskill.models import PlackettLuce

from .accountdb import DELETED_NAME, AccountStore, Rating, RatingChangeRow
from .accounts import profile_url, store_of
from .routing import TableId, manager_of
from .tables import Table

router = APIRouter()
log = logging.getLogger("squidbox.accounts")
MODEL = PlackettLuce()
PROVISIONAL_GAMES = 5
NEW = Rating(MODEL.rating().mu, MODEL.rating().sigma, 0)


def shown(ordinal: float) -> int:
    """The number people see for a conservative estimate mu - 3 sigma."""
    return round(1000 + 40 * ordinal)


def shown_rating(rating: Rating | None) -> dict[str, Any]:
    rating = rating or NEW
    return {"rating": shown(rating.mu - 3 * rating.sigma), "games": rating.games,
            "provisional": rating.games < PROVISIONAL_GAMES}


def new_ratings(before: dict[int, Rating], places: dict[int, float]) -> dict[int, Rating]:
    """Each seat's rating after a game where seat s finished at `places[s]` (lower is better,
    equal places tie)."""
    seats = sorted(before)
    teams = [[MODEL.rating(mu=before[s].mu, sigma=before[s].sigma)] for s in seats]
    rated = MODEL.rate(teams, ranks=[places[s] for s in seats])
    return {seat: Rating(team[0].mu, team[0].sigma, before[seat].games + 1)
            for seat, team in zip(seats, rated, strict=True)}


def places_of(returns: list[float], abandoned: set[int]) -> dict[int, float]:
    """Places from the game's returns (a higher return is a better place); an abandoned seat
    comes last, behind everyone who played to the end."""
    worst = max((-value for value in returns), default=0.0) + 1
    return {seat: worst if seat in abandoned else -value for seat, value in enumerate(returns)}


async def game_over(store: AccountStore, table: Table) -> None:
    """The finish hook: results of account-held seats, and a rated table's new ratings."""
    db = table.manager.db
    holders = await db(store.holders, table.id)
    if not holders:
        return
    returns = table.state.returns()
    await db(store.set_results, table.id, {seat: returns[seat] for seat in holders})
    rated, _only = (await db(store.rules, [table.id])).get(table.id, (False, False))
    players = table.record.players
    if not rated or table.record.bots or sorted(holders) != list(range(players)) \
            or len(set(holders.values())) != players:
        return
    accounts = list(holders.values())
    stored = await db(store.ratings, accounts, table.game.id)
    before = {seat: stored.get(account, NEW) for seat, account in holders.items()}
    abandoned = set(table.replaced)
    after = new_ratings(before, places_of(returns, abandoned))
    await db(store.record_rated_game, table.id, table.game.id, holders,
             {holders[s]: r for s, r in before.items()},
             {holders[s]: r for s, r in after.items()},
             {holders[s] for s in abandoned})
    log.info("table %s: rated game of %s counted", table.id, table.game.id)


def change_entry(change: RatingChangeRow, name: str | None = None) -> dict[str, Any]:
    return {"seat": change.seat, "name": name, "before": shown(change.before),
            "after": shown(change.after),
            "change": shown(change.after) - shown(change.before), "games": change.games,
            "provisional": change.games < PROVISIONAL_GAMES, "abandoned": change.abandoned}


async def table_accounts(request: Request, table_id: str, game: str) -> dict[str, Any]:
    """Who holds each seat by account, with their rating of the game, and the table's rules
    and (once counted) its rating changes."""
    db, store = manager_of(request).db, store_of(request)
    holders = await db(store.holders, table_id)
    names = await db(store.names_of, list(set(holders.values())))
    ratings = await db(store.ratings, list(set(holders.values())), game)
    rated, signed_in_only = (await db(store.rules, [table_id])).get(table_id, (False, False))
    changes = await db(store.changes_of_table, table_id)
    seats = []
    for seat, account in sorted(holders.items()):
        name = names.get(account, DELETED_NAME)
        seats.append({"seat": seat, "name": name,
                      "profile_url": None if name == DELETED_NAME else profile_url(name),
                      **shown_rating(ratings.get(account))})
    return {"table": table_id, "rated": rated, "signed_in_only": signed_in_only,
            "seats": seats,
            "rating_changes": [change_entry(c, names.get(c.account_id, DELETED_NAME))
                               for c in changes]}


@router.get("/api/tables/{table_id}/accounts")
async def accounts_at_table(request: Request, table_id: TableId) -> dict[str, Any]:
    table = await manager_of(request).get(table_id)
    return await table_accounts(request, table.id, table.game.id)


async def lobby_entries(request: Request, entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The lobby's rows, a table with rules marked (`rated`, `signed_in_only`, like a variant
    table's `variant`); an open rated table also names its seated players' ratings (so people
    see whom they would play)."""
    db, store = manager_of(request).db, store_of(request)
    rules = await db(store.rules, [entry["table"] for entry in entries])
    for entry in entries:
        rated, signed_in_only = rules.get(entry["table"], (False, False))
        if rated or signed_in_only:
            entry["rated"], entry["signed_in_only"] = rated, signed_in_only
        if rated and entry.get("status") == "open" and entry.get("game"):
            found = await table_accounts(request, entry["table"], entry["game"])
            entry["ratings"] = [{"seat": s["seat"], "name": s["name"], "rating": s["rating"],
                                 "provisional": s["provisional"]} for s in found["seats"]]
    return entries
