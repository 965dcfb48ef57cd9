"""Reading what clients send: JSON bodies and WebSocket messages, checked field by field.

Every refusal is an ApiError carrying the documented error code (docs/web-api.md), a message
meant for a person and the HTTP status to answer with.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from squidbox.bots import make_bot
from squidbox.engine import Game, InvalidOptions, SquidboxError
from squidbox.registry import get_game

MAX_MESSAGE_BYTES = 64 * 1024
MAX_SEED = 2**63 - 1
MAX_SECONDS = 7 * 24 * 3600

STATUS = {
    "bad_request": 400,
    "unknown_game": 400,
    "invalid_options": 400,
    "bad_token": 403,
    "unknown_table": 404,
    "illegal_action": 409,
    "stale": 409,
    "too_large": 413,
    "server_error": 500,
}


class ApiError(Exception):
    """A refused request: `code` is one of the documented machine codes."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    @property
    def status(self) -> int:
        return STATUS[self.code]

    def body(self) -> dict[str, str]:
        return {"error": self.message, "code": self.code}


@dataclass(frozen=True)
class NewTable:
    """A checked POST /api/tables body."""

    game: Game
    players: int
    options: dict[str, Any]
    bots: dict[int, str]
    seed: int | None
    turn_seconds: float | None
    leave_seconds: float | None
    leave_bot: str


@dataclass(frozen=True)
class ActionRequest:
    action: str
    version: int | None
    token: str | None = None


def parse_json(raw: bytes | str) -> Any:
    """Decode a body or a message, refusing one over 64 KiB or one that is not JSON."""
    if len(raw) > MAX_MESSAGE_BYTES:
        raise ApiError("too_large", f"message of {len(raw)} bytes; the limit is "
                                    f"{MAX_MESSAGE_BYTES} bytes (64 KiB)")
    try:
        return json.loads(raw)
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise ApiError("bad_request", f"malformed JSON: {e}") from None


def require_object(value: Any, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ApiError("bad_request", f"{what} must be a JSON object, not {type_name(value)}")
    return value


def type_name(value: Any) -> str:
    names = {dict: "an object", list: "an array", str: "a string", bool: "a boolean",
             int: "a number", float: "a number", type(None): "null"}
    return names.get(type(value), type(value).__name__)


def check_fields(body: dict[str, Any], allowed: set[str], what: str) -> None:
    unknown = sorted(set(body) - allowed)
    if unknown:
        raise ApiError("bad_request", f"{what} has unknown field(s) {', '.join(unknown)}; "
                                      f"fields: {', '.join(sorted(allowed))}")


def optional_int(body: dict[str, Any], name: str) -> int | None:
    value = body.get(name)
    if value is not None and type(value) is not int:
        raise ApiError("bad_request", f"{name!r} must be an integer or null, "
                                      f"not {type_name(value)}")
    return value


def optional_seconds(body: dict[str, Any], name: str) -> float | None:
    value = body.get(name)
    if value is None:
        return None
    if type(value) not in (int, float) or not 0 < value <= MAX_SECONDS:
        raise ApiError("bad_request", f"{name!r} must be null or a number of seconds above 0 "
                                      f"and at most {MAX_SECONDS}, not {value!r}")
    return float(value)


def checked_bot_spec(spec: Any, game: Game, what: str) -> str:
    if not isinstance(spec, str):
        raise ApiError("bad_request", f"{what} must be a bot spec string, not {type_name(spec)}")
    try:
        make_bot(spec, 0, game)
    except InvalidOptions as e:
        raise ApiError("invalid_options", f"{what}: {e}") from None
    return spec


def default_bot(game: Game) -> str:
    """The bot that stands in for a person: the heuristic where the game has one."""
    return "heuristic" if game.evaluate_view is not None else "random"


def parse_new_table(raw: bytes) -> NewTable:
    body = require_object(parse_json(raw), "the body")
    from .variants import with_variant

    check_fields(body, {"game", "players", "options", "bots", "seed", "turn_seconds",
                        "leave_seconds", "leave_bot", "variant"}, "the body")
    game = parse_game(body.get("game"))
    players = optional_int(body, "players")
    players = game.min_players if players is None else players
    options = require_object(body.get("options") or {}, "'options'")
    game, options = with_variant(game, options, body.get("variant"))
    bots = parse_bots(body.get("bots") or {}, game, players)
    seed = optional_int(body, "seed")
    if seed is not None and not 0 <= seed <= MAX_SEED:
        raise ApiError("bad_request", f"'seed' must be from 0 to {MAX_SEED}, not {seed}")
    leave_bot = body.get("leave_bot")
    leave_bot = default_bot(game) if leave_bot is None else leave_bot
    new = NewTable(game, players, options, bots, seed, optional_seconds(body, "turn_seconds"),
                   optional_seconds(body, "leave_seconds"),
                   checked_bot_spec(leave_bot, game, "'leave_bot'"))
    check_game_setup(new)
    return new


def parse_game(game_id: Any) -> Game:
    if not isinstance(game_id, str):
        raise ApiError("bad_request", f"'game' must be a game id string, not {type_name(game_id)}")
    try:
        return get_game(game_id)
    except SquidboxError as e:
        raise ApiError("unknown_game", str(e)) from None


def parse_bots(bots: Any, game: Game, players: int) -> dict[int, str]:
    bots = require_object(bots, "'bots'")
    seats: dict[int, str] = {}
    for key, spec in bots.items():
        if not (key.isdigit() and int(key) < players):
            raise ApiError("bad_request", f"'bots' keys are seat numbers 0 to {players - 1}, "
                                          f"not {key!r}")
        seats[int(key)] = checked_bot_spec(spec, game, f"the bot of seat {key}")
    return dict(sorted(seats.items()))


def check_game_setup(new: NewTable) -> None:
    """Player count and options, checked by the game itself."""
    try:
        new.game.new_game(new.players, 0, new.options)
    except InvalidOptions as e:
        raise ApiError("invalid_options", str(e)) from None


def parse_action(body: Any, *, with_token: bool) -> ActionRequest:
    """An action: {"action", "version"?} plus "token" on REST, "type": "action" on WebSocket."""
    body = require_object(body, "the message")
    allowed = {"action", "version", "token"} if with_token else {"type", "action", "version"}
    check_fields(body, allowed, "an action")
    action = body.get("action")
    if not isinstance(action, str):
        raise ApiError("bad_request", f"'action' must be a string, not {type_name(action)}")
    version = optional_int(body, "version")
    token = body.get("token")
    if token is not None and not isinstance(token, str):
        raise ApiError("bad_token", f"'token' must be a string, not {type_name(token)}")
    return ActionRequest(action, version, token)


def parse_client_message(raw: bytes | str) -> tuple[str, ActionRequest | None]:
    """A WebSocket message: ("action", request) or ("ping", None)."""
    body = require_object(parse_json(raw), "a message")
    kind = body.get("type")
    if kind == "ping":
        check_fields(body, {"type"}, "a ping")
        return "ping", None
    if kind == "action":
        return "action", parse_action(body, with_token=False)
    raise ApiError("bad_request", f"a message's 'type' must be 'action' or 'ping', not {kind!r}")
