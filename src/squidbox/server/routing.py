"""What every route module uses: the table manager, the limits, and per-client rate limits.

How to add a route module (e.g. `preferences.py`):

    from fastapi import APIRouter, Depends, Request
    from .errors import ApiError
    from .messages import Body, Token
    from .routing import TableId, manager_of, rate_limited

    router = APIRouter()

    class Preferences(Body):            # strict, unknown fields refused, published in OpenAPI
        token: Token
        auto_pass: bool

    @router.post("/api/tables/{table_id}/preferences",
                 dependencies=[Depends(rate_limited("action"))])
    async def set_preferences(request: Request, table_id: TableId, body: Preferences) -> dict:
        table = await manager_of(request).get(table_id)
        ...                              # raise ApiError(code, message) to refuse

and one line in `create_app`: `app.include_router(preferences.router)`. The guard (guard.py)
bounds the body's size and depth and checks its Origin before pydantic reads it, and errors.py
answers every refusal in the one error shape.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Annotated

from fastapi import Path, Request, WebSocket

from squidbox.i18n import gettext as _

from .errors import ApiError
from .limits import Limits, RateLimiter
from .manager import TableManager
from .tables import Table

TableId = Annotated[str, Path(max_length=64)]
# Set in the ASGI scope of a request or socket another process relayed to this one (cluster.py):
# that process counted the connection against its own caps.
FORWARDED = "squidbox.forwarded"


def forwarded(connection: Request | WebSocket) -> bool:
    return bool(connection.scope.get(FORWARDED))


def seat_link(table_id: str, seat: int, token: str) -> str:
    """The secret link that opens `seat` of a table."""
    return f"/t/{table_id}?seat={seat}&token={token}"


def seat_of(table: Table, token: str | None, what: str) -> int:
    """The seat `token` opens; bad_token when it opens none (`what` needs a seat)."""
    seat = table.seat_for(token)
    if seat is None:
        raise ApiError("bad_token", _("{what} needs the 'token' of a seat").format(what=what))
    return seat


def manager_of(connection: Request | WebSocket) -> TableManager:
    manager: TableManager = connection.app.state.manager
    return manager


def limits_of(connection: Request | WebSocket) -> Limits:
    limits: Limits = connection.app.state.limits
    return limits


def client_address(connection: Request | WebSocket) -> str:
    return connection.client.host if connection.client else "unknown"


def check_rate(connection: Request | WebSocket, kind: str) -> None:
    """Refuse with 429 (rate_limited, Retry-After) when this client is over its `kind` rate."""
    limiter: RateLimiter = connection.app.state.rate_limiter
    rate = getattr(limits_of(connection), f"{kind}_rate")
    wait = limiter.take(kind, client_address(connection), rate)
    if wait:
        raise ApiError("rate_limited", _("too many {kind} requests from your address; try again "
                                         "in {seconds} s").format(kind=kind,
                                                                  seconds=f"{wait:.1f}"),
                       retry_after=wait)


def rate_limited(kind: str) -> Callable[[Request], Awaitable[None]]:
    """A route dependency: the `kind` rate limit (create, action, connect) of the client."""
    async def dependency(request: Request) -> None:
        check_rate(request, kind)
    return dependency
