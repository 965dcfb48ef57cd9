"""Game records: one game as a JSON document that deals and replays it again, anywhere.

A record holds what makes the game (game, players, seed, engine_format, options, data: the
edited data document of a variant, or null for the shipped data), the versions it was played
under (`rules_version` from the game folder's `rules_version.toml`, `data_version` a hash of the
data document) and the actions that stand (an undone action never appears). `returns` is the
result when the game was finished, so that a replay can tell a different outcome.

`load_record` reads and validates one (pydantic); `replay_record` replays it, or raises
RecordError saying exactly why not: not a record, a newer record format, an unknown game, data
that does not load, or the action that no longer replays, with the versions when they differ.
"""

from __future__ import annotations

import hashlib
import json
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .engine.data import read_toml
from .engine.errors import DataFileError, IllegalAction, InvalidOptions, SquidboxError, UnknownGame
from .engine.game import Game
from .engine.rng import FORMAT as ENGINE_FORMAT
from .engine.state import HIDDEN_ACTION, Action, State
from .registry import game_file, get_game
from .variant import Variant, shipped_data_file, variant_game

RECORD_FORMAT = 1
CHECKPOINT_EVERY = 32  # a replay keeps a clone of every 32nd state, to jump to any step fast


class RecordError(SquidboxError):
    """A game record that cannot be read or replayed (the message says why)."""


class RecordData(BaseModel):
    """The data a variant was played on: the data file's name, the edits, the whole document."""

    model_config = ConfigDict(extra="forbid", strict=True)
    source: str
    edits: list[str]
    content: dict[str, Any]


class GameRecord(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    format: int
    game: str
    players: int = Field(ge=1, le=99)
    seed: int = Field(ge=0, lt=2**63)
    engine_format: int = Field(ge=1)
    options: dict[str, Any]
    data: RecordData | None
    rules_version: int = Field(ge=1)
    data_version: str | None
    actions: list[tuple[int, str]]
    returns: list[float] | None = None

    def to_json(self) -> dict[str, Any]:
        return self.model_dump(mode="json")

    def dumps(self) -> str:
        """The record as the JSON text a download holds (one action a line, for diffs)."""
        doc = self.to_json()
        actions = doc.pop("actions")
        head = json.dumps(doc, indent=1, ensure_ascii=False)[:-2]
        lines = ",\n  ".join(json.dumps(a, ensure_ascii=False) for a in actions)
        return f'{head},\n "actions": [\n  {lines}\n ]\n}}\n' if actions else \
            f'{head},\n "actions": []\n}}\n'


# ---- versions --------------------------------------------------------------------------------
@cache
def rules_version(game_id: str) -> int:
    """The rules version of a game's code: `rules_version` in its folder's rules_version.toml
    (1 for a game without that file, such as a test's toy game)."""
    found = game_file(game_id, "rules_version.toml")
    if found is None:
        return 1
    version = tomllib.loads(found.read_text(encoding="utf-8")).get("rules_version")
    if type(version) is not int or version < 1:
        raise DataFileError(f"{game_id}/rules_version.toml: rules_version must be a whole "
                            f"number from 1, not {version!r}")
    return version


def data_version(game_id: str, content: dict[str, Any] | None = None) -> str | None:
    """A hash of the data a game is played on: `content` (a variant's edited document), or the
    shipped data file's. None for a game without a data file."""
    if content is None:
        return _shipped_data_version(game_id)
    return _digest(content)


@cache
def _shipped_data_version(game_id: str) -> str | None:
    try:
        path = shipped_data_file(game_id)
    except DataFileError:
        return None
    return _digest(read_toml(path))


def _digest(content: dict[str, Any]) -> str:
    text = json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "sha256:" + hashlib.sha256(text.encode()).hexdigest()[:16]


# ---- making and reading records -------------------------------------------------------------
def make_record(
    game_id: str,
    players: int,
    seed: int,
    options: dict[str, Any],
    actions: Sequence[tuple[int, Action]],
    data: RecordData | None = None,
    engine_format: int = ENGINE_FORMAT,
    returns: Sequence[float] | None = None,
    versions: tuple[int, str | None] | None = None,
) -> GameRecord:
    """A record; `versions` (rules, data) are the ones the game was played under, by default
    this squidbox's."""
    if any(action == HIDDEN_ACTION for _, action in actions):
        raise RecordError("a record needs every action: this history hides some (a resampled "
                          "state)")
    rules, data_hash = versions or (rules_version(game_id),
                                    data_version(game_id, data.content if data else None))
    return GameRecord(
        format=RECORD_FORMAT, game=game_id, players=players, seed=seed,
        engine_format=engine_format, options=dict(options), data=data, rules_version=rules,
        data_version=data_hash, actions=[(seat, action) for seat, action in actions],
        returns=None if returns is None else list(returns))


def record_of(state: State, data: RecordData | None = None) -> GameRecord:
    """The record of a game played so far (its result too when it is over)."""
    return make_record(state.game.id, state.num_players, state.seed, state.options,
                       state.history, data, state.rng.format,
                       state.returns() if state.is_terminal() else None)


def load_record(source: str | bytes | dict[str, Any]) -> GameRecord:
    """A record from its JSON text (or the parsed document), checked field by field."""
    doc: Any = source
    if isinstance(source, str | bytes):
        try:
            doc = json.loads(source)
        except ValueError as e:
            raise RecordError(f"not a game record: the file is not JSON ({e})") from None
    if not isinstance(doc, dict) or "format" not in doc or "actions" not in doc:
        raise RecordError("not a squidbox game record: a record is a JSON object with format, "
                          "game, seed, options, data, rules_version, data_version and actions")
    found = doc["format"]
    if type(found) is not int or found < 1:
        raise RecordError(f"not a squidbox game record: its format {found!r} is not a number")
    if found > RECORD_FORMAT:
        raise RecordError(f"this record has format {found}, newer than this squidbox reads "
                          f"(format {RECORD_FORMAT}): update squidbox to replay it")
    try:  # as JSON, so that pydantic's strict mode takes arrays for the (seat, action) pairs
        return GameRecord.model_validate_json(json.dumps(doc))
    except ValidationError as e:
        problems = "; ".join(f"{'.'.join(map(str, error['loc'])) or 'record'}: {error['msg']}"
                             for error in e.errors()[:3])
        raise RecordError(f"the game record is malformed: {problems}") from None


# ---- replaying ------------------------------------------------------------------------------
@dataclass
class Replay:
    """A game replayed step by step: step 0 is the deal, step k the state after k actions."""

    game: Game
    record: GameRecord
    notes: list[str] = field(default_factory=list)  # how versions differ, when they do
    checkpoints: list[State] = field(default_factory=list)
    failure: str | None = None  # why the actions stop replaying (then `steps` stops there)
    replayed: int = 0  # the actions that replay

    @property
    def steps(self) -> int:
        """The last step that can be shown."""
        return self.replayed

    def state_at(self, step: int) -> State:
        """The state after `step` actions (a fresh copy the caller may keep)."""
        if type(step) is not int or not 0 <= step <= self.steps:
            raise RecordError(f"this replay has steps 0 to {self.steps}, not {step!r}")
        state = self.checkpoints[step // CHECKPOINT_EVERY].clone()
        for seat, action in self.record.actions[len(state.history):step]:
            state.apply(seat, action)
        return state

    def move(self, step: int) -> tuple[int, Action] | None:
        """The action that led to `step` (None for step 0)."""
        return None if step == 0 else self.record.actions[step - 1]

    def move_as_seen(self, step: int, viewer: int | None) -> tuple[int, Action | None] | None:
        """The move that led to `step` as `viewer` (None: a spectator) saw it then: the action
        is None when it was a face-down choice of another seat."""
        move = self.move(step)
        if move is None:
            return None
        seat, action = move
        seen = seat == viewer or self.checkpoints[0]._action_is_public(seat, action)
        return seat, action if seen else None


def record_game(record: GameRecord) -> Game:
    """The game a record is played with: the registered game, or its variant's."""
    try:
        game = get_game(record.game)
    except UnknownGame as e:
        raise RecordError(f"this record is of a game this squidbox does not have: {e}") from None
    if record.data is None:
        return game
    digest = data_version(record.game, record.data.content)
    if record.data_version is not None and digest != record.data_version:
        raise RecordError(f"the record's data does not match its data_version "
                          f"({record.data_version}, the data hashes to {digest}): it was "
                          "edited after it was written")
    try:
        return variant_game(Variant(record.game, record.data.source, tuple(record.data.edits),
                                    record.data.content))
    except DataFileError as e:
        raise RecordError(f"the record's edited data does not load here: {e}") from None


def replay_record(record: GameRecord, game: Game | None = None, partial: bool = False) -> Replay:
    """Replay a record. Raises RecordError when it cannot be: with `partial`, a record whose
    actions stop replaying gives the replay up to there, with the reason in `failure`."""
    game = game or record_game(record)
    replay = Replay(game, record, _version_notes(record))
    try:
        state = game.new_game(record.players, record.seed, record.options,
                              record.engine_format)
    except InvalidOptions as e:
        raise RecordError(f"this record's game cannot be dealt here: {e}"
                          f"{_versions_said(replay.notes)}") from None
    replay.checkpoints.append(state.clone())
    for index, (seat, action) in enumerate(record.actions):
        try:
            state.apply(seat, action)
        except IllegalAction as e:
            replay.failure = (f"action {index + 1} of {len(record.actions)} (seat {seat}: "
                              f"{action!r}) does not replay: {e}{_versions_said(replay.notes)}")
            break
        if (index + 1) % CHECKPOINT_EVERY == 0:
            replay.checkpoints.append(state.clone())
    replay.replayed = len(state.history)
    if replay.failure is None and record.returns is not None:
        if not state.is_terminal():
            replay.failure = ("its actions replay, but the game does not end where it ended"
                              f"{_versions_said(replay.notes)}")
        elif [round(r, 9) for r in state.returns()] != [round(r, 9) for r in record.returns]:
            replay.failure = (f"its actions replay, but to another result ({state.returns()} "
                              f"instead of {record.returns}){_versions_said(replay.notes)}")
    if replay.failure is not None and not partial:
        raise RecordError(f"this record does not replay: {replay.failure}")
    return replay


def _version_notes(record: GameRecord) -> list[str]:
    notes = []
    here = rules_version(record.game)
    if record.rules_version != here:
        notes.append(f"recorded under rules version {record.rules_version} of {record.game}; "
                     f"this squidbox has rules version {here}")
    if record.data is None:
        shipped = data_version(record.game)
        if record.data_version != shipped:
            notes.append(f"recorded with data version {record.data_version}; this squidbox's "
                         f"data is {shipped}")
    return notes


def _versions_said(notes: list[str]) -> str:
    return f" ({'; '.join(notes)})" if notes else ""
