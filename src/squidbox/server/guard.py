"""The guard in front of every route (an ASGI middleware): security headers on every answer,
Origin checks on WebSockets and state-changing requests, request bodies bounded in size and
JSON depth before anything parses them, and any unexpected failure answered as a JSON
server_error (logged in one line, the connection kept usable).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

from starlette.routing import Match, Mount

from squidbox.i18n import gettext as _

from .errors import ApiError
from .limits import Limits

log = logging.getLogger("squidbox.server")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

SECURITY_HEADERS = [
    (b"content-security-policy",
     b"default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
     b"connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
     b"frame-ancestors 'none'"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
]
CHANGING = {"POST", "PUT", "PATCH", "DELETE"}
METHODS = ("GET", "HEAD", *CHANGING)


def encodable(word: str) -> str:
    """A pattern of `word` with any of its letters percent-encoded (`tok%65n` is a query
    parameter named token to every URL parser)."""
    return "".join(f"(?:{re.escape(char)}|%{ord(char):02x})" for char in word)


TOKEN_IN_TEXT = re.compile(f"({encodable('token')}=)[^&\\s\"']+", re.IGNORECASE)


def check_json(raw: bytes | str, limits: Limits) -> None:
    """Refuse a body or message over the size limit, nested deeper than the depth limit (which
    would exhaust the parser's recursion), or not UTF-8, before it is parsed."""
    if len(raw) > limits.max_body_bytes:
        raise ApiError("too_large", _("{size} bytes; the limit is {limit} bytes").format(
            size=len(raw), limit=limits.max_body_bytes))
    text = raw.decode() if isinstance(raw, bytes) and _utf8(raw) else raw
    if isinstance(text, bytes):
        raise ApiError("bad_request", _("malformed JSON: not UTF-8 text"))
    if text.count("[") + text.count("{") > limits.max_json_depth and \
            json_depth(text) > limits.max_json_depth:
        raise ApiError("bad_request", _("JSON nested deeper than {depth} levels").format(
            depth=limits.max_json_depth))


def _utf8(raw: bytes) -> bool:
    try:
        raw.decode()
    except UnicodeDecodeError:
        return False
    return True


def json_depth(text: str) -> int:
    """The deepest nesting of arrays and objects in `text` (strings skipped)."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def redact(text: str) -> str:
    """Text with every token=... value replaced, for logs."""
    return TOKEN_IN_TEXT.sub(r"\1<redacted>", text)


class RedactTokens(logging.Filter):
    """A log filter: no seat token ever reaches a log (access logs carry query strings)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.args:
            record.args = tuple(redact(a) if isinstance(a, str) else a
                                for a in (record.args if isinstance(record.args, tuple)
                                          else (record.args,)))
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        return True


def install_log_redaction() -> None:
    for name in ("squidbox", "squidbox.server", "uvicorn", "uvicorn.access", "uvicorn.error"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactTokens) for f in logger.filters):
            logger.addFilter(RedactTokens())


# Names of this machine a browser may reach the server by without an --allowed-origin (the
# address the server is bound to counts too: the connection's own, scope["server"]).
LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "::1"})
WEB_SCHEME = {"ws": "http", "wss": "https"}


def host_name(host: str) -> str | None:
    """'Example.org:8000' -> 'example.org', '[::1]:8000' -> '::1'; None when malformed."""
    try:
        return urlsplit("//" + host).hostname
    except ValueError:
        return None


def allowed_hosts(allowed_origins: frozenset[str]) -> frozenset[str]:
    """The host names a request may name in its Host header: this machine's and those of the
    allowed origins."""
    return LOCAL_HOSTS | {name for origin in allowed_origins
                          if (name := urlsplit(origin).hostname) is not None}


def same_origin(scope: Scope, origin: str, allowed: frozenset[str],
                hosts: frozenset[str] | None = None) -> bool:
    """True when `origin` is an allowed origin, or the server itself: the request's own
    scheme and Host, where that Host names the server (the address it is bound to, this
    machine, or an allowed origin's host). Any other Host is refused even with a matching
    Origin: a page whose name was re-pointed at this server (DNS rebinding) has its own."""
    if origin in allowed:
        return True
    headers = dict(scope.get("headers") or [])
    host = headers.get(b"host", b"").decode("latin-1")
    server = scope.get("server") or ("",)
    names = (allowed_hosts(allowed) if hosts is None else hosts) | {str(server[0]).lower()}
    scheme = WEB_SCHEME.get(scope.get("scheme", "http"), scope.get("scheme", "http"))
    return bool(host) and host_name(host) in names and origin == f"{scheme}://{host}"


def route_methods(scope: Scope) -> set[str]:
    """Every method the app's routes take on this path (none for an unknown path or a
    mounted folder, which answers for itself)."""
    routes = getattr(getattr(scope.get("app"), "router", None), "routes", ())
    return {method for method in METHODS for route in routes
            if not isinstance(route, Mount)
            and route.matches({**scope, "method": method})[0] == Match.FULL}


def allow_header(methods: set[str]) -> bytes:
    return ", ".join(sorted(methods)).encode()


class Guard:
    def __init__(self, app: App, limits: Limits, allowed_origins: frozenset[str],
                 refused: Callable[[str], None]) -> None:
        self.app = app
        self.limits = limits
        self.allowed_origins = allowed_origins
        self.hosts = allowed_hosts(allowed_origins)
        self.refused = refused

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            await self.websocket(scope, receive, send)
        elif scope["type"] == "http":
            await self.http(scope, receive, send)
        else:
            await self.app(scope, receive, send)

    def origin_refused(self, scope: Scope) -> ApiError | None:
        origin = dict(scope.get("headers") or []).get(b"origin")
        if origin is None:
            return None  # not a browser (or a same-origin GET): nothing to check
        text = origin.decode("latin-1")
        if same_origin(scope, text, self.allowed_origins, self.hosts):
            return None
        return ApiError("bad_origin", _("requests from origin {origin} are refused; start the "
                                        "server with --allowed-origin to allow it").format(
                                            origin=repr(text)))

    async def websocket(self, scope: Scope, receive: Receive, send: Send) -> None:
        refusal = self.origin_refused(scope)
        if refusal is not None:
            self.refused(refusal.code)
            await receive()  # websocket.connect
            await send({"type": "websocket.close", "code": 4403})
            return
        await self.app(scope, receive, send)

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        started = False

        async def send_with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                headers = list(message.get("headers", []))
                if message["status"] == 405 and (taken := route_methods(scope)):
                    headers = [(name, value) for name, value in headers  # OPTIONS too
                               if name.lower() != b"allow"]  # one route's, not the path's
                    headers.append((b"allow", allow_header(taken)))
                message["headers"] = [*headers, *SECURITY_HEADERS]
            await send(message)

        try:
            if scope["method"] in CHANGING:
                refusal = self.origin_refused(scope)
                if refusal is not None:
                    raise refusal
                receive = await self.bounded_body(scope, receive)
            await self.app(scope, receive, send_with_headers)
        except ApiError as e:
            self.refused(e.code)
            if not started:
                await e.response()(scope, receive, send_with_headers)
        except Exception as e:  # answer JSON, keep the connection usable, log one line
            log.error("unexpected %s on %s %s: %s", type(e).__name__, scope["method"],
                      scope["path"], redact(str(e)))
            self.refused("server_error")
            if not started:
                error = ApiError("server_error", _("the server failed; this was logged"))
                await error.response()(scope, receive, send_with_headers)

    async def bounded_body(self, scope: Scope, receive: Receive) -> Receive:
        """Read the whole body (refusing it past the size limit), check it, replay it."""
        headers = dict(scope.get("headers") or [])
        length = headers.get(b"content-length", b"")
        if length.isdigit() and int(length) > self.limits.max_body_bytes:
            raise ApiError("too_large", _("body of {size} bytes; the limit is {limit} "
                                          "bytes").format(size=int(length),
                                                          limit=self.limits.max_body_bytes))
        body = b""
        while True:
            message = await receive()
            if message["type"] != "http.request":
                break
            body += message.get("body", b"")
            if len(body) > self.limits.max_body_bytes:
                raise ApiError("too_large", _("body over the limit of {limit} bytes").format(
                    limit=self.limits.max_body_bytes))
            if not message.get("more_body"):
                break
        if body:
            check_json(body, self.limits)
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if replayed:
                return await receive()
            replayed = True
            return {"type": "http.request", "body": body, "more_body": False}

        return replay

