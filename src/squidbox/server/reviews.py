"""Game reviews of finished tables: each seat may ask for a review of its own decisions.

    POST /api/tables/{id}/review  {"token": "<seat token>"}   the seat's review (made once)

Only a finished game is reviewed (the review of a game still played would tell a seat what the
search makes of every position), and only for the seat whose token asks: a review tells how the
seat played, which is that seat's to see. The first request makes it in the bot pool
(botpool.py): every position the seat decided in is resampled for that seat before a worker
sees it, and the worker estimates each with `review.StrongEstimator` (`Limits.review_iterations`
iterations per decision) within `Limits.review_seconds`, in the pool's fair order behind the
moves of tables with people. The review is then stored with the table (`reviews`, migration
0011) and every later request answers it from there; a table's reviews go with the table.
The answer adds the moves in words, in the reader's language.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from pydantic import ConfigDict, Field
from sqlalchemy import JSON, DateTime, ForeignKey, Integer, String, delete, select
from sqlalchemy.orm import Mapped, Session, mapped_column

from squidbox.engine import Game, State
from squidbox.i18n import gettext as _
from squidbox.review import (
    MAX_ITERATIONS,
    Position,
    Review,
    StrongEstimator,
    move_labels,
    positions,
    review_positions,
)

from .bot_moves import bot_seed
from .botpool import PoolFull, Share, WorkerLost
from .errors import ApiError
from .manager import TableManager
from .messages import Body, Token
from .replays import replay_of
from .routing import TableId, manager_of, rate_limited, seat_of
from .rows import (
    MAX_INDEX,
    ActionText,
    BadRecord,
    Index,
    Json,
    SeatNumber,
    StoredRow,
    validated,
)
from .storage import Base, Storage, now, raw
from .tables import Table

router = APIRouter()
log = logging.getLogger("squidbox.server")
_making: dict[tuple[str, int], asyncio.Task[Review]] = {}  # reviews being made, shared


class ReviewRow(Base):
    __tablename__ = "reviews"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    document: Mapped[dict[str, Any]] = mapped_column(JSON)  # Review.to_json()
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))


Chance = Annotated[float, Field(ge=0, le=1, allow_inf_nan=False)]


class StoredDecision(StoredRow):
    """One decision of a stored review (the verdict and drop are derived again on load)."""

    model_config = ConfigDict(extra="ignore")
    step: Index
    action: ActionText
    chance: Chance
    best: ActionText
    best_chance: Chance
    choices: Annotated[int, Field(ge=2, le=MAX_INDEX)]


class StoredReviewDocument(StoredRow):
    model_config = ConfigDict(extra="ignore")
    game: Annotated[str, Field(max_length=64)]
    seat: SeatNumber
    iterations: Annotated[int, Field(ge=1, le=MAX_ITERATIONS)]
    seed: Annotated[int, Field(ge=0, lt=2**63)]
    decisions: Annotated[list[StoredDecision], Field(max_length=MAX_INDEX)]


class StoredReview(StoredRow):
    """A `reviews` row."""

    seat: SeatNumber
    document: Annotated[StoredReviewDocument, Json]


class ReviewBody(Body):
    """POST /api/tables/{id}/review."""

    token: Token | None = None


@router.post("/api/tables/{table_id}/review", dependencies=[Depends(rate_limited("action"))])
async def seat_review(request: Request, table_id: TableId, body: ReviewBody) -> dict[str, Any]:
    manager = manager_of(request)
    table = await manager.get(table_id)
    seat = seat_of(table, body.token, _("a review"))
    async with table.lock:
        finished = table.state.is_terminal()
    if not finished:
        raise ApiError("illegal_action", _("Table {table} is not finished: a review is made "
                                           "once the game is over.").format(table=table_id))
    key = (table_id, seat)
    task = _making.get(key)
    if task is None:
        task = _making[key] = asyncio.create_task(stored_or_made(manager, table, seat))
        task.add_done_callback(lambda _done: _making.pop(key, None))
    review = await asyncio.shield(task)
    replay = await replay_of(manager, table_id)
    labels = await asyncio.to_thread(move_labels, replay, review)
    state = replay.state_at(replay.steps)
    doc = review.to_json()
    for decision, (label, best_label) in zip(doc["decisions"], labels, strict=True):
        decision["label"], decision["best_label"] = label, best_label
    doc.update(table=table_id, steps=replay.steps, result=state.returns()[seat])
    return doc


async def stored_or_made(manager: TableManager, table: Table, seat: int) -> Review:
    stored = await manager.db(load_review, manager.storage, table.id, seat)
    if stored is not None:
        return stored
    review = await make_review(manager, table, seat)
    await manager.db(save_review, manager.storage, table.id, review)
    return review


async def make_review(manager: TableManager, table: Table, seat: int) -> Review:
    """The seat's review, thought in the bot pool on the positions as the seat saw them."""
    replay = await replay_of(manager, table.id)
    found = await asyncio.to_thread(lambda: list(positions(replay.game, replay.record, seat)))
    limits = manager.limits
    seed = bot_seed(manager.secret, table.id, seat, 0, "review")
    if not found:
        return Review(table.game.id, seat, limits.review_iterations, seed, ())
    share = Share(creator=table.record.creator or table.id, people=False, search=True)
    try:
        doc = await manager.bots.run(
            limits.review_seconds, review_in_worker, table.game, limits.review_iterations,
            [(p.step, p.action) for p in found], seed, [p.state for p in found], seat,
            share=share)
    except TimeoutError:
        raise ApiError("unavailable", _("The review ran past its budget of {seconds:g} s; try "
                                        "again later.").format(
                                            seconds=limits.review_seconds)) from None
    except (PoolFull, WorkerLost) as e:
        log.warning("table %s: a review for seat %d failed: %s", table.id, seat, e)
        raise ApiError("unavailable", _("The server is too busy to make a review now; try "
                                        "again later."), retry_after=10) from None
    return Review.from_json(doc)


def review_in_worker(game: Game, iterations: int, moves: list[tuple[int, str]], seed: int,
                     states: list[State], seat: int) -> dict[str, Any]:
    """Runs in a bot worker, on the positions as the seat saw them (botpool.run resampled
    each for the seat): the review as JSON."""
    found = [Position(step, state, action)
             for (step, action), state in zip(moves, states, strict=True)]
    estimator = StrongEstimator(game, seed, iterations)
    return review_positions(game.id, seat, found, estimator, iterations, seed).to_json()


# ---- storage ----------------------------------------------------------------------------------
def save_review(storage: Storage, table_id: str, review: Review) -> None:
    """Store a seat's review (blocking: the database thread), in place of a malformed one."""
    with Session(storage.engine) as session, session.begin():
        session.execute(delete(ReviewRow).where(ReviewRow.table_id == table_id,
                                                ReviewRow.seat == review.seat))
        session.add(ReviewRow(table_id=table_id, seat=review.seat, document=review.to_json(),
                              created=now()))


def load_review(storage: Storage, table_id: str, seat: int) -> Review | None:
    """The seat's stored review; None when there is none, or when its row is malformed (logged:
    it is made again)."""
    with Session(storage.engine) as session:
        row = session.execute(select(*raw(ReviewRow, StoredReview))
                              .where(ReviewRow.table_id == table_id,
                                     ReviewRow.seat == seat)).first()
    if row is None:
        return None
    try:
        stored = validated(StoredReview, row._mapping)
    except BadRecord as e:
        storage.dropped(table_id, f"review of seat {seat}", e)
        return None
    return Review.from_json(stored.document.model_dump())
