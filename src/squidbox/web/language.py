"""Each request's language (squidbox.i18n): `?lang=`, else the `lang_link` cookie a `?lang=`
page writes for the rest of the visit (static/i18n.js), else the `lang` cookie the page's
language switch writes, else the browser's Accept-Language; English when none of them names a
language we have. A plain ASGI middleware, so that WebSocket connections get it too: a table
connection's messages (log lines, action labels) are made in its language. HTTP answers say
`Vary: Accept-Language, Cookie`, so that no cache hands one reader's language to another."""

from __future__ import annotations

from http.cookies import CookieError, SimpleCookie
from urllib.parse import parse_qs

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from squidbox import i18n

SAME_IN_ANY_LANGUAGE = ("/static/", "/i18n/", "/games/")  # files, and catalogs named by path


class LanguageMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        if scope["type"] == "http" and not scope.get("path", "").startswith(SAME_IN_ANY_LANGUAGE):
            send = _varying(send)
        with i18n.language(language_of(scope)):
            await self.app(scope, receive, send)


def _varying(send: Send) -> Send:
    async def send_varying(message: Message) -> None:
        if message["type"] == "http.response.start":
            headers = [(name, value) for name, value in message.get("headers", [])
                       if name.lower() != b"vary"]
            vary = [value.decode("latin-1") for name, value in message.get("headers", [])
                    if name.lower() == b"vary"]
            words = ", ".join([*vary, "Accept-Language", "Cookie"])
            message = {**message, "headers": [*headers, (b"vary", words.encode("latin-1"))]}
        await send(message)

    return send_varying


def language_of(scope: Scope) -> str:
    headers = {name.decode("latin-1"): value.decode("latin-1")
               for name, value in scope.get("headers", [])}
    query = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("lang", [None])[0]
    cookies: SimpleCookie = SimpleCookie()
    if "cookie" in headers:
        try:
            cookies.load(headers["cookie"])
        except CookieError:  # a malformed Cookie header is the browser's, not a reason to fail
            cookies = SimpleCookie()

    def cookie(name: str) -> str | None:
        morsel = cookies.get(name)
        return morsel.value if morsel is not None else None

    return i18n.for_request(cookie(i18n.COOKIE), headers.get("accept-language"), query,
                            link=cookie(i18n.LINK_COOKIE))
