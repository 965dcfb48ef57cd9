"""What the server reads back from its database, as pydantic models: the one validation every
stored row passes through on load (docs/web-api.md, "Quarantine").

A row may have been edited by hand, written by another program or damaged on disk, and the
database's own types do not stop much (SQLite stores any value in any column; a JSON column may
hold anything JSON, nested thousands deep). So storage reads each row as raw values, JSON and
times as text that no driver has parsed yet, and validates it here against what the server
itself writes: the same bounds as the requests it came from (messages.py), JSON nested at most
as deep as a request body may be, statuses the server knows, names as a person may type them,
bot specs the web offers, SHA-256 token hashes.

What a row that fails costs is decided by its reader: a table's own rows (`tables`, `seatings`,
`actions`, `undos`) make it unplayable, so the table is quarantined (storage.BadRow); a record of
its own (a chat line, the turn deadlines, a snapshot, the rules versions) is dropped with a log
line and the table goes on without it. Either way start-up, the lobby and every other table are
untouched.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Annotated, Any, Literal, TypeVar, get_args

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    ValidationError,
    model_validator,
)

from squidbox.bots import parse_spec
from squidbox.engine import FORMAT as ENGINE_FORMAT
from squidbox.engine import InvalidOptions
from squidbox.registry import game_ids

from .guard import json_depth
from .limits import BOT_CAPS
from .messages import MAX_CHAT_CHARS, MAX_SEED, WEB_BOT_KINDS, DisplayName, plain_name
from .variants import MAX_EDITS, OPTION

MAX_JSON_DEPTH = 32  # as deep as a request body may be nested (Limits.max_json_depth)
MAX_INDEX = 10**9  # actions, chat lines, undos and links of one table
Status = Literal["open", "playing", "finished", "ended", "expired", "outdated"]
STATUSES: tuple[str, ...] = get_args(Status)
Row = TypeVar("Row", bound="StoredRow")


class BadRecord(ValueError):
    """A stored row that fails its validation; the message says which field and why."""


def stored_json(value: Any) -> Any:
    """A JSON column's text, parsed once its nesting is known to be within MAX_JSON_DEPTH (a
    deeper value would exhaust the parser's recursion)."""
    if isinstance(value, bytes):
        value = value.decode()
    if not isinstance(value, str):
        raise ValueError("a JSON column must be read as text")
    if value.count("[") + value.count("{") > MAX_JSON_DEPTH and \
            json_depth(value) > MAX_JSON_DEPTH:
        raise ValueError(f"JSON nested deeper than {MAX_JSON_DEPTH} levels")
    return json.loads(value)


def stored_moment(value: Any) -> datetime:
    """A time as the database gives it: ISO 8601 text (any offset; none means UTC)."""
    moment = value if isinstance(value, datetime) else datetime.fromisoformat(str(value))
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def digits(value: Any) -> Any:
    """An integer stored as text (a seed read as text, so that no driver rounds it)."""
    if isinstance(value, str) and value.isascii() and value.isdigit():
        return int(value)
    return value


def known_game(game_id: str) -> str:
    if game_id not in game_ids():
        raise ValueError(f"unknown game {game_id!r}")
    return game_id


def web_bot_spec(spec: str) -> str:
    """A bot the web server offers, within its caps (as messages.checked_bot_spec)."""
    try:
        kind, settings = parse_spec(spec)
    except InvalidOptions as e:
        raise ValueError(str(e)) from None
    if kind not in WEB_BOT_KINDS:
        raise ValueError(f"bot {kind!r} is not offered by the web server")
    for name, value in settings.items():
        cap = BOT_CAPS.get(name)
        if cap is not None and not 0 < value <= cap:
            raise ValueError(f"bot setting {name}={value} is beyond the server's cap {cap:g}")
    return spec


Json = BeforeValidator(stored_json)
Moment = Annotated[datetime, BeforeValidator(stored_moment)]
Index = Annotated[int, Field(ge=0, le=MAX_INDEX)]
SeatNumber = Annotated[int, Field(ge=0, le=98)]
SeatKey = Annotated[str, Field(pattern=r"^[0-9]{1,2}$")]
BotSpec = Annotated[str, Field(min_length=1, max_length=200), AfterValidator(web_bot_spec)]
TokenHash = Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]
Seconds = Annotated[float, Field(gt=0, allow_inf_nan=False)]
ActionText = Annotated[str, Field(max_length=200)]


class StoredRow(BaseModel):
    """Strict: no conversion the server would not make itself (a text seat is not a seat)."""

    model_config = ConfigDict(strict=True, frozen=True)


class StoredVariant(StoredRow):
    """The option that holds a variant table's edited data (variants.py)."""

    model_config = ConfigDict(extra="forbid")
    edits: Annotated[list[Annotated[str, Field(max_length=200)]], Field(max_length=MAX_EDITS)]
    source: Annotated[str, Field(max_length=200)]
    data: str


def stored_options(options: dict[str, Any]) -> dict[str, Any]:
    """A table's options; the variant option, when there is one, shaped as variants.py writes
    it (the lobby shows its edits)."""
    if OPTION in options:
        StoredVariant.model_validate(options[OPTION])
    return options


class StoredTable(StoredRow):
    """A `tables` row."""

    id: Annotated[str, Field(pattern=r"^[A-Za-z0-9_-]{1,32}$")]
    game: Annotated[str, AfterValidator(known_game)]
    players: Annotated[int, Field(ge=1, le=99)]
    options: Annotated[dict[Annotated[str, Field(max_length=64)], Any], Json,
                       AfterValidator(stored_options)]
    seed: Annotated[int, Field(ge=0, le=MAX_SEED), BeforeValidator(digits)]
    bots: Annotated[dict[SeatKey, BotSpec], Json]
    token_hashes: Annotated[list[TokenHash | None], Json]
    turn_seconds: Seconds | None
    leave_seconds: Seconds | None
    leave_bot: BotSpec
    status: Status
    created: Moment
    engine_format: Annotated[int, Field(ge=1, le=ENGINE_FORMAT)]
    seed_chosen: bool
    creator: Annotated[str, Field(pattern=r"^[0-9a-f]{1,32}$")] | None

    @model_validator(mode="after")
    def seats_match(self) -> StoredTable:
        if len(self.token_hashes) != self.players or \
                any(int(seat) >= self.players for seat in self.bots):
            raise ValueError("seat tokens or bot seats do not match the player count")
        return self


class StoredSeat(StoredRow):
    """One seat of a seating: the display name it was taken by, its link's number, and how
    many links were issued for it."""

    name: DisplayName | None = None
    link: Index | None = None
    issued: Index = 0


class StoredSeating(StoredRow):
    """A `seatings` row."""

    host_hash: TokenHash
    seats: Annotated[list[StoredSeat], Json]


class StoredAction(StoredRow):
    """An `actions` row (that the indexes follow each other is checked by storage)."""

    index: Index
    seat: SeatNumber
    action: ActionText


class StoredUndo(StoredRow):
    """An `undos` row."""

    seat: SeatNumber
    action: ActionText
    version: Index
    events: Index
    time: Moment


class StoredSnapshot(StoredRow):
    """A `snapshots` row."""

    index: Index
    document: Annotated[dict[str, Any], Json]


class StoredChat(StoredRow):
    """A `chat_messages` row."""

    index: Index
    seat: SeatNumber | None
    name: Annotated[str, Field(min_length=1, max_length=64), AfterValidator(plain_name)]
    text: Annotated[str, Field(min_length=1, max_length=MAX_CHAT_CHARS)]
    time: Moment


class StoredDeadlines(StoredRow):
    """A `turn_deadlines` row: seat (as text) -> when its clock runs out (epoch seconds)."""

    version: Index
    deadlines: Annotated[dict[SeatKey, Annotated[float, Field(allow_inf_nan=False)]], Json]


class StoredVersions(StoredRow):
    """A `table_versions` row."""

    rules_version: Annotated[int, Field(ge=1)]
    data_version: Annotated[str, Field(max_length=64)] | None


def validated(model: type[Row], row: Mapping[Any, Any]) -> Row:
    """The row as `model`, or BadRecord saying in one line what is wrong with it."""
    try:
        return model.model_validate(dict(row))
    except ValidationError as e:
        raise BadRecord(reason(e)) from None
    except (ValueError, TypeError, RecursionError) as e:  # from a validator's own parsing
        raise BadRecord(f"{type(e).__name__}: {e}") from None


def reason(error: ValidationError) -> str:
    """The first problem of a failed validation, in one short line."""
    first = error.errors(include_url=False)[0]
    where = ".".join(str(part) for part in first["loc"]) or "row"
    value = repr(first.get("input"))
    shown = value if len(value) <= 60 else value[:57] + "..."
    more = f" (and {error.error_count() - 1} more)" if error.error_count() > 1 else ""
    message = first["msg"].removeprefix("Value error, ")
    return f"{where}: {message} ({shown}){more}".replace("\n", " ")
