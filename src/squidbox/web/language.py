"""Each request's language (squidbox.i18n): `?lang=`, else the `lang` cookie the page's
language switch writes, else the browser's Accept-Language; English when none of them names a
language we have. A plain ASGI middleware, so that WebSocket connections get it too: a table
connection's messages (log lines, action labels) are made in its language."""

from __future__ import annotations

from http.cookies import CookieError, SimpleCookie
from urllib.parse import parse_qs

from starlette.types import ASGIApp, Receive, Scope, Send

from squidbox import i18n


class LanguageMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        with i18n.language(language_of(scope)):
            await self.app(scope, receive, send)


def language_of(scope: Scope) -> str:
    headers = {name.decode("latin-1"): value.decode("latin-1")
               for name, value in scope.get("headers", [])}
    query = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("lang", [None])[0]
    cookie = None
    if "cookie" in headers:
        try:
            morsel = SimpleCookie(headers["cookie"]).get(i18n.COOKIE)
        except CookieError:  # a malformed Cookie header is the browser's, not a reason to fail
            morsel = None
        cookie = morsel.value if morsel is not None else None
    return i18n.for_request(cookie, headers.get("accept-language"), query)
