"""What clients may send, as pydantic models: request bodies and WebSocket messages.

Every model is strict (no type coercion), refuses unknown fields and bounds its numbers and
strings. The models are published in the OpenAPI schema (/openapi.json). What a model cannot
check alone (a game id, bot specs, options) is checked by `new_table`, which answers the
documented ApiError codes.

A new route module declares its body as a subclass of `Body` and takes it as a parameter; the
size and depth limits (guard.py) and the error shape (errors.py) then apply by themselves.
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StringConstraints,
    TypeAdapter,
    ValidationError,
)

from squidbox.bots import make_bot, parse_spec
from squidbox.engine import Game, InvalidOptions, SquidboxError
from squidbox.i18n import gettext as _
from squidbox.registry import game_ids, get_game

from .errors import ApiError, from_validation
from .limits import BOT_CAPS
from .variants import with_variant

MAX_SEED = 2**63 - 1
MAX_SECONDS = 7 * 24 * 3600
MAX_VERSION = 10**9
MAX_TOKEN_LENGTH = 200
MAX_CHAT_CHARS = 500  # characters of one chat line (chat.py)



def timer_seconds(value: float) -> float:
    """A turn or leave timer: from a moment to 7 days, said in words a person reads."""
    if not 0 < value <= MAX_SECONDS:
        raise ValueError(f"a timer is a number of seconds above 0 and at most {MAX_SECONDS} "
                         f"(7 days; 3600 is an hour, 86400 a day), not {value:g}")
    return value


# A timer's bounds are published in the schema and checked by timer_seconds (whose refusal says
# more than pydantic's "less than or equal to 604800").
Seconds = Annotated[float, Field(json_schema_extra={"exclusiveMinimum": 0, "maximum": MAX_SECONDS}),
                    AfterValidator(timer_seconds)]


def whole_number(value: Any) -> Any:
    """17.0 is the integer 17: JSON has one kind of number, and the published schema's
    "integer" takes any number without a fraction. 17.5, "17" and true stay refused."""
    return int(value) if type(value) is float and value.is_integer() else value


WholeNumber = BeforeValidator(whole_number)
BotSpec = Annotated[str, Field(min_length=1, max_length=200)]
SeatKey = Annotated[str, Field(pattern=r"^[0-9]{1,2}$")]
Version = Annotated[int, Field(ge=0, le=MAX_VERSION), WholeNumber]
ActionText = Annotated[str, Field(max_length=1000)]
Token = Annotated[str, Field(max_length=MAX_TOKEN_LENGTH)]
SeatNumber = Annotated[int, Field(ge=0, le=98), WholeNumber]
MAX_NAME_LENGTH = 24


def plain_name(name: str) -> str:
    """No control or invisible formatting characters (a right-to-left override or a zero-width
    space would let one name pass for another)."""
    if any(unicodedata.category(char) in ("Cc", "Cf", "Zl", "Zp") for char in name):
        raise ValueError("a name may not hold control or invisible formatting characters")
    return name


# A display name: 1 to 24 characters once trimmed, nothing invisible (shown as text only).
DisplayName = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1,
                                               max_length=MAX_NAME_LENGTH,
                                               pattern=r"^[^\x00-\x1f\x7f]+$"),
                        AfterValidator(plain_name)]


class Body(BaseModel):
    """Base of every body and message: strict, no unknown fields."""

    model_config = ConfigDict(strict=True, extra="forbid")


class NewTableBody(Body):
    """POST /api/tables."""

    game: Annotated[str, Field(max_length=64, json_schema_extra={"enum": game_ids()})]
    players: Annotated[int, Field(ge=1, le=99), WholeNumber] | None = None
    options: dict[Annotated[str, Field(max_length=64)], Any] = Field(default_factory=dict,
                                                                     max_length=32)
    bots: dict[SeatKey, BotSpec] = Field(default_factory=dict, max_length=99)
    seed: Annotated[int, Field(ge=0, le=MAX_SEED), WholeNumber] | None = None
    turn_seconds: Seconds | None = None
    leave_seconds: Seconds | None = None
    leave_bot: BotSpec | None = None
    variant: list[Annotated[str, Field(max_length=200)]] | None = Field(default=None,
                                                                        max_length=50)
    open_seats: list[SeatNumber] = Field(default_factory=list, max_length=99)
    rated: bool = False  # accountseats.py: people only, signed in, shipped rules
    signed_in_only: bool = False  # its open seats take signed-in people only


class ActionBody(Body):
    """POST /api/tables/{id}/actions (without a token: bad_token)."""

    token: Token | None = None
    action: ActionText
    version: Version | None = None


class ActionMessage(Body):
    """WebSocket: play an action."""

    type: Literal["action"]
    action: ActionText
    version: Version | None = None


class UndoMessage(Body):
    """WebSocket: take back this seat's last move, where the rules of undo allow it."""

    type: Literal["undo"]
    version: Version | None = None


class PingMessage(Body):
    """WebSocket: {"type": "ping"} is answered by a pong after every message queued before it."""

    type: Literal["ping"]


ClientMessage = Annotated[ActionMessage | UndoMessage | PingMessage, Field(discriminator="type")]
CLIENT_MESSAGE: TypeAdapter[ActionMessage | UndoMessage | PingMessage] = TypeAdapter(ClientMessage)


def parse_client_message(raw: str | bytes) -> ActionMessage | UndoMessage | PingMessage:
    """A WebSocket message (its size and depth already checked)."""
    try:
        return CLIENT_MESSAGE.validate_json(raw)
    except ValidationError as e:
        raise from_validation(e) from None


@dataclass(frozen=True)
class NewTable:
    """A checked new table: the game exists, the bots and options suit it."""

    game: Game
    players: int
    options: dict[str, Any]
    bots: dict[int, str]
    seed: int | None
    turn_seconds: float | None
    leave_seconds: float | None
    leave_bot: str
    open_seats: frozenset[int] = frozenset()  # human seats anyone may take with a name


def new_table(body: NewTableBody, bot_caps: dict[str, float] = BOT_CAPS) -> NewTable:
    try:
        game = get_game(body.game)
    except SquidboxError as e:
        raise ApiError("unknown_game", str(e)) from None
    players = game.min_players if body.players is None else body.players
    game, options = with_variant(game, body.options, body.variant)
    bots = {}
    for key, spec in sorted(body.bots.items(), key=lambda item: int(item[0])):
        if int(key) >= players:
            raise ApiError("bad_request", _("'bots' keys are seat numbers 0 to {last}, not "
                                            "{key}").format(last=players - 1, key=repr(key)))
        bots[int(key)] = checked_bot_spec(spec, game, _("the bot of seat {seat}").format(seat=key),
                                          bot_caps)
    leave_bot = default_bot(game) if body.leave_bot is None else body.leave_bot
    new = NewTable(game, players, options, bots, body.seed, body.turn_seconds,
                   body.leave_seconds, checked_bot_spec(leave_bot, game, "'leave_bot'", bot_caps),
                   checked_open_seats(body.open_seats, players, bots))
    try:
        json.dumps(new.options)
        game.new_game(players, 0, new.options)
    except (InvalidOptions, ValueError, TypeError) as e:
        raise ApiError("invalid_options", str(e)) from None
    return new


def checked_open_seats(seats: list[int], players: int, bots: dict[int, str]) -> frozenset[int]:
    for seat in seats:
        if seat >= players:
            raise ApiError("bad_request", _("'open_seats' are seat numbers 0 to {last}, not "
                                            "{seat}").format(last=players - 1, seat=seat))
        if seat in bots:
            raise ApiError("bad_request", _("seat {seat} is a bot's; it cannot be open as "
                                            "well").format(seat=seat))
    if len(set(seats)) != len(seats):
        raise ApiError("bad_request", _("'open_seats' names a seat twice"))
    return frozenset(seats)


WEB_BOT_KINDS = ("random", "heuristic", "strong", "ismcts")


def checked_bot_spec(spec: str, game: Game, what: str, caps: dict[str, float]) -> str:
    """A known bot spec whose settings are within the caps. A `policy:` bot reads a file on the
    server's disk, so the web offers only the bots that need none."""
    try:
        kind, settings = parse_spec(spec)
        if kind not in WEB_BOT_KINDS:
            raise ValueError(f"bot {kind!r} is not offered by the web server; choose one of "
                             f"{', '.join(WEB_BOT_KINDS)}")
        make_bot(spec, 0, game)
    except (InvalidOptions, ValueError, TypeError) as e:
        raise ApiError("invalid_options", f"{what}: {e}") from None
    for name, value in settings.items():
        cap = caps.get(name)
        if cap is not None and not 0 < value <= cap:
            raise ApiError("invalid_options", _("{what}: {name}={value} is outside the server's "
                                                "limit (above 0, at most {cap})").format(
                what=what, name=name, value=value, cap=f"{cap:g}"))
    return spec


def offered_bots(game: Game) -> list[str]:
    """The levels the lobby offers for a game, weakest first: easy, good and strong where the
    game has a heuristic (the good and strong bots need it), else easy and plain ISMCTS."""
    if game.evaluate_view is None:
        return ["random", "ismcts"]
    return ["random", "heuristic", "strong"]


def default_bot(game: Game) -> str:
    """The bot that stands in for a person: the heuristic where the game has one."""
    return "heuristic" if game.evaluate_view is not None else "random"
