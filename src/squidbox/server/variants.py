"""Variant tables: a table played on edited data (`"variant": ["cards.Magpie.cost=0", …]` in
the POST /api/tables body, one KEY=VALUE edit each, as `--set` on the command line).

Stored without a schema change: the variant's whole data document goes into the table's stored
options, as the option "variant" of a game object made for it: {"edits": [...], "source": the
data file's name, "data": the edited document as zlib-compressed JSON in base64} (a few KB; one
string, so copying a view that holds the options stays cheap). That game is the game built from
the edited data (squidbox.variant) plus that one option, whose only allowed value is its own
document. So everything that already stores, snapshots and replays options (the table record,
snapshots, `game.replay`) keeps the variant with the table, and a stored table replays on
exactly the data it was played with even after the shipped data file changes. Loading a table
goes through `table_game`, which sees the option and rebuilds the variant's game.
"""

from __future__ import annotations

import base64
import binascii
import copy
import json
import zlib
from pathlib import Path
from typing import Any

from squidbox.engine import DataFileError, Game, Option, SquidboxError
from squidbox.i18n import gettext as _
from squidbox.registry import get_game
from squidbox.variant import Variant, make_variant, variant_game

from .errors import ApiError

OPTION = "variant"
MAX_EDITS = 50
_table_games: dict[tuple[str, str], Game] = {}


def with_variant(game: Game, options: dict[str, Any], edits: Any) -> tuple[Game, dict[str, Any]]:
    """The game and options of a new table: unchanged without edits, else the variant's."""
    if edits is None or edits == []:
        return game, options
    if not (isinstance(edits, list) and all(isinstance(e, str) for e in edits)):
        raise ApiError("bad_request", _("'variant' must be a list of KEY=VALUE strings, e.g. "
                                        '["cards.Magpie.cost=0"]'))
    if len(edits) > MAX_EDITS:
        raise ApiError("bad_request", _("'variant' may hold at most {count} edits").format(
            count=MAX_EDITS))
    if OPTION in options:
        raise ApiError("invalid_options",
                       _("give a variant as 'variant' edits, not as an option"))
    try:
        variant = make_variant(game.id, None, edits)
    except SquidboxError as e:
        raise ApiError("invalid_options", _without_path(str(e))) from None
    assert variant is not None
    return game_of(variant), {**options, OPTION: to_option(variant)}


def table_game(game_id: str, options: dict[str, Any]) -> Game:
    """The game a stored table is played with: its variant's when its options hold one."""
    doc = options.get(OPTION) if isinstance(options, dict) else None
    if doc is None:
        return get_game(game_id)
    return game_of(from_option(game_id, doc))


def to_option(variant: Variant) -> dict[str, Any]:
    text = json.dumps(variant.content, separators=(",", ":"), sort_keys=True)
    data = base64.b64encode(zlib.compress(text.encode(), 9)).decode("ascii")
    return {"edits": list(variant.edits), "source": Path(variant.source).name, "data": data}


def from_option(game_id: str, doc: Any) -> Variant:
    """The variant a stored option holds (checked by building its game)."""
    if not (isinstance(doc, dict) and set(doc) == {"edits", "source", "data"}
            and isinstance(doc["data"], str)):
        raise DataFileError("a stored variant must have edits, source and data")
    try:
        content = json.loads(zlib.decompress(base64.b64decode(doc["data"], validate=True)))
    except (binascii.Error, zlib.error, ValueError) as e:
        raise DataFileError(f"a stored variant's data is corrupt: {e}") from None
    return Variant.from_json({"game": game_id, "source": doc["source"], "edits": doc["edits"],
                              "content": content, "from_file": False})


def variant_label(options: dict[str, Any]) -> str | None:
    """'cards.Magpie.cost=0; setup.money=6' for a variant table's options, else None."""
    doc = options.get(OPTION) if isinstance(options, dict) else None
    if not isinstance(doc, dict):
        return None
    return "; ".join(doc.get("edits") or ()) or "edited data"


def variant_entry(options: dict[str, Any]) -> dict[str, str]:
    """{"variant": label} for a variant table's lobby row, {} for any other."""
    label = variant_label(options)
    return {} if label is None else {"variant": label}


def public_options(options: dict[str, Any]) -> dict[str, Any]:
    """The options to show: the variant's data document replaced by its edits."""
    label = variant_label(options)
    if label is None:
        return options
    return {**options, OPTION: options[OPTION].get("edits")}


def game_of(variant: Variant) -> Game:
    """The variant's game with the option that stores the variant (built once)."""
    key = (variant.game, variant.digest)
    if key not in _table_games:
        game = copy.copy(variant_game(variant))
        doc = to_option(variant)

        def only_this(value: Any, _players: int) -> str | None:
            return None if value == doc else "it is not this table's variant"

        game.options = (*game.options, Option(  # this copy's own options
            OPTION, doc, "the edited data this table is played with", check=only_this))
        _table_games[key] = game
    return _table_games[key]


def _without_path(message: str) -> str:
    """Errors name the server's data file path; a browser needs only the game's file name."""
    return message.replace(str(_shipped_dir()), "")


def _shipped_dir() -> str:
    import squidbox.games

    return str(squidbox.games.__path__[0]) + "/"
