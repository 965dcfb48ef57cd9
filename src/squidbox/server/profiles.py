"""Profiles: `GET /api/profiles/{name}` (the page /u/<name> draws it). Public: a person's name,
when they joined, games played and won per game (a shared win counts as won), the rating of
each game with its history, and their recent finished games with links to their replays.
Nothing of a game still being played, no seat links, nothing of the account's sign-in.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Annotated, Any

from fastapi import APIRouter, Path, Request

from squidbox.i18n import gettext as _

from .accounts import name_key, store_of
from .errors import ApiError
from .ratings import change_entry, shown_rating
from .routing import manager_of
from .storage import FINISHED

router = APIRouter()
RECENT_GAMES = 20


@router.get("/api/profiles/{name}")
async def profile(request: Request, name: Annotated[str, Path(max_length=64)]
                  ) -> dict[str, Any]:
    db, store = manager_of(request).db, store_of(request)
    account = await db(store.by_name, name_key(name))
    if account is None:
        raise ApiError("not_found", _("nobody is called {name} here").format(name=name))
    games = await db(store.finished_games, account.id, (FINISHED,))
    ratings = await db(store.ratings_of, account.id)
    changes = await db(store.changes_of, account.id)
    per_game: dict[str, dict[str, Any]] = defaultdict(lambda: {"played": 0, "won": 0})
    for _table, _seat, game, result, _created in games:
        per_game[game]["played"] += 1
        per_game[game]["won"] += int(result is not None and result > 0)
    for game, rating in ratings.items():
        per_game[game].update(shown_rating(rating))
    history: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for change in changes:
        history[change.game].append({**change_entry(change), "table": change.table_id,
                                     "time": change.time.isoformat()})
    return {
        "name": account.name, "joined": account.created.date().isoformat(),
        "games": dict(sorted(per_game.items())),
        "rating_history": dict(history),
        "recent": [{"table": table, "game": game, "seat": seat,
                    "won": result is not None and result > 0,
                    "created": created.isoformat(), "replay_url": f"/replay/{table}"}
                   for table, seat, game, result, created in games[:RECENT_GAMES]],
    }
