"""What the lobby says about a game: a one-line description, and for every option a plain
label, a help line and a label for each choice. The words live in the game's folder as
`lobby.toml` (data, not code); the web server hands them out with `/api/games`, in the
reader's language (English message ids, translated through squidbox.i18n).

A game's `lobby.toml` must cover every option the game declares and every choice of each
option (a choice is keyed by its value written as text: `true`, `2`, `left`), and name no
option or choice the game does not have, so that a new option without words is refused.
"""

from __future__ import annotations

import json
import tomllib
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from squidbox.engine import Game
from squidbox.engine.options import Option
from squidbox.i18n import gettext as _
from squidbox.registry import game_file

LOBBY_FILE = "lobby.toml"


class OptionWords(BaseModel):
    model_config = ConfigDict(extra="forbid")
    label: str
    help: str
    choices: dict[str, str] = {}
    # A free option (no fixed choices) is typed as text, as a comma-separated list, or picked
    # from the seats; `words` are the plain words it also accepts ("random"), with their labels.
    control: Literal["text", "list", "seat"] = "text"
    words: dict[str, str] = {}


class LobbyWords(BaseModel):
    model_config = ConfigDict(extra="forbid")
    description: str
    options: dict[str, OptionWords] = {}


class LobbyWordsError(ValueError):
    """A game's lobby.toml is missing words or names something the game does not have."""


def value_key(value: Any) -> str:
    """How a choice value is written as a key in lobby.toml."""
    return value if isinstance(value, str) else json.dumps(value)


def lobby_words(game: Game) -> dict[str, Any] | None:
    """The lobby's words for `game`, checked against its options; None when its folder has no
    lobby.toml (games registered at run time). Raises LobbyWordsError when the file is wrong."""
    found = game_file(game.id, LOBBY_FILE)
    if found is None:
        return None
    try:
        words = LobbyWords.model_validate(tomllib.loads(found.read_text(encoding="utf-8")))
    except (tomllib.TOMLDecodeError, ValidationError) as e:
        raise LobbyWordsError(f"{game.id}/{LOBBY_FILE}: {e}") from None
    declared = {option.name: option for option in game.options}
    problems = [f"option {name!r} has no words" for name in declared if name not in words.options]
    problems += [f"option {name!r} is not an option of the game" for name in words.options
                 if name not in declared]
    for name, option in declared.items():
        if name in words.options:
            problems += _choice_problems(option, words.options[name])
    if problems:
        raise LobbyWordsError(f"{game.id}/{LOBBY_FILE}: " + "; ".join(problems))
    return {
        "description": _(words.description),
        "options": {name: _option_words(declared[name], text)
                    for name, text in words.options.items()},
    }


def _choice_problems(option: Option, text: OptionWords) -> list[str]:
    if not text.label.strip() or not text.help.strip():
        return [f"option {option.name!r} needs a label and a help line"]
    if option.choices is None:
        if text.choices:
            return [f"option {option.name!r} is typed, not chosen: it takes no choice labels"]
        return []
    keys = [value_key(choice) for choice in option.choices]
    problems = [f"choice {key} of option {option.name!r} has no label"
                for key in keys if not text.choices.get(key, "").strip()]
    problems += [f"option {option.name!r} has no choice {key}" for key in text.choices
                 if key not in keys]
    return problems


def _option_words(option: Option, text: OptionWords) -> dict[str, Any]:
    """One option's words for the lobby, the choice labels in the order of the choices."""
    answer: dict[str, Any] = {"label": _(text.label), "help": _(text.help)}
    if option.choices is None:
        answer["control"] = text.control
        answer["words"] = [{"value": value, "label": _(label)}
                           for value, label in text.words.items()]
    else:
        answer["choice_labels"] = [_(text.choices[value_key(c)]) for c in option.choices]
    return answer
