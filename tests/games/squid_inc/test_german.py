"""Squid, Inc. in German: in seeded games played with `language("de")`, every
action label, prompt, line of the terminal board, log line every seat reads and the results come
out in German, while the same games read in English stay English.

"German" is checked two ways. Against the catalog, as tests/web/test_german.py does: no text
may be an English message of the catalog (or fill one of its templates, "Yellow activates Sam
on 1A1." for "{_seat:name} activates {_label}.") whose German entry reads differently. And
against English words: once the printed card names and the seats' names (Yellow, Purple...,
part of the game's state) are taken out, no English word of the game's sentences may be left,
which also finds a text that never went through the catalog at all."""

from __future__ import annotations

import random
import re
from functools import cache
from typing import Any

from babel.messages.pofile import read_po

from squidbox import i18n
from squidbox.games.squid_inc.results import results
from squidbox.games.squid_inc.turn import end_game

from .positions import DATA, GAME, position

PO = i18n.LOCALE_DIR / "de" / "LC_MESSAGES" / "squidbox.po"
# (players, options, seed): together they offer every kind of action (Float in both option
# settings, a Bump declined, a split Dismissal...) and end once by the house rule, in a tie.
GAMES = [(2, {}, 4), (2, {"float_direction": "choose"}, 11), (3, {}, 1),
         (3, {"float_direction": "choose"}, 0), (4, {}, 3)]


# Where Squid, Inc.'s texts come from: its folder, and the results' words all games share.
SOURCES = ("src/squidbox/games/squid_inc/", "src/squidbox/games/results.py")


@cache
def english_messages() -> list[tuple[str, str, re.Pattern[str]]]:
    """Each English message of Squid, Inc.'s sources whose German entry reads differently: the
    message, its longest piece of plain text, and a pattern its filled-in form matches."""
    with PO.open("rb") as f:
        catalog = read_po(f)
    found = []
    for message in catalog:
        if not message.id or not any(where.startswith(SOURCES) for where, _ in message.locations):
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = ([message.string] if isinstance(message.string, str)
                   else list(message.string or ()))
        for index, english in enumerate(ids):
            german = strings[min(index, len(strings) - 1)] if strings else ""
            parts = re.split(r"\{[^{}]*\}", english.strip())
            if sum(c.isalpha() for c in "".join(parts)) < 4:
                continue  # "{name}: {count}" says nothing alone
            if german.strip() != english.strip():
                found.append((english, max(parts, key=len), re.compile(
                    "(?s)" + ".+".join(re.escape(p) for p in parts))))
    return found


# Kept as printed: the cards' names (the board cuts them to 9 letters), the seats' names, and
# the game's own words that German keeps ("treiben (Float)").
KEPT = sorted({e.name for e in DATA.employees} | {e.name[:9].strip() for e in DATA.employees}
              | set(DATA.player_colours) | {"Big Fish", "Float"}, key=len, reverse=True)
KEPT_NAME = re.compile("|".join(rf"\b{re.escape(name)}\b" for name in KEPT))
# English words of the game's sentences that German never uses.
ENGLISH_WORDS = re.compile(
    r"(?i)\b(the|from|takes|is|on|and|with|to|of|your|its|it|no|all|Mailroom|Workplace|Tier|"
    r"Deck|Line|Dismiss(es|ed)?|Promoted?|Demoted?|Bumps?|Floats|choose|moves?|activates?|"
    r"push|place|places|split|bring|brings|end|empty|value|left|share|tie|wins?|spent|lost|"
    r"now)\b")


def untranslated(texts: list[str]) -> list[str]:
    misses = []
    for text in dict.fromkeys(texts):
        english = next((english for english, piece, pattern in english_messages()
                        if piece in text and pattern.fullmatch(text.strip())), None)
        word = ENGLISH_WORDS.search(KEPT_NAME.sub("·", text))
        if english is not None:
            misses.append(f"{text!r} (the catalog's English {english!r})")
        elif word:
            misses.append(f"{text!r} (English word {word.group()!r})")
    return misses


def texts_of_a_game(players: int, options: dict[str, Any], seed: int) -> dict[str, list[str]]:
    """Everything a seat reads along one seeded game, in the current language."""
    state, rng = GAME.new_game(players, seed, options), random.Random(seed)
    found: dict[str, list[str]] = {"labels": [], "board": [], "prompts": [], "log": [],
                                   "results": [], "kinds": []}
    while not state.is_terminal():
        seat = state.to_move()[0]
        view = state.view(seat)
        actions = sorted(view["legal_actions"])
        found["labels"] += [GAME.action_label(view, action) for action in actions]
        found["kinds"] += [type(GAME.moves(action)).__name__ for action in actions]
        found["board"] += [line for line in GAME.render(view).splitlines() if line.strip()]
        if view["state"]["pending"]:
            found["prompts"].append(view["state"]["pending"]["prompt"])
        state.apply(seat, rng.choice(actions))
    for viewer in [None, *range(players)]:
        found["log"] += [entry["text"] for entry in state.log(viewer)]
    found["results"] += result_texts(state)
    return found


def result_texts(state: Any) -> list[str]:
    shown = results(state).to_json()
    return [*shown["columns"], shown["summary"], *shown["details"],
            *([shown["tie_break"]] if shown["tie_break"] else [])]


def test_the_check_finds_english_text() -> None:
    assert untranslated(["end your turn"])  # a message of the catalog
    assert untranslated(["Yellow activates Sam on 1A1 (2 Clout spent)."])  # a template filled
    assert untranslated(["Yellow's Sam wins"])  # English words that no catalog entry has
    assert not untranslated(["Zug beenden", "Yellow aktiviert Sam auf 1A1.", "Bella the Temp",
                             "Yellow ist der Big Fish mit 40 Clout."])


def test_every_text_of_seeded_games_reads_in_german_and_stays_english_in_english() -> None:
    kinds: set[str] = set()
    read: list[str] = []
    for players, options, seed in GAMES:
        english = texts_of_a_game(players, options, seed)
        with i18n.language("de"):
            german = texts_of_a_game(players, options, seed)
        for part in ("labels", "board", "prompts", "log", "results"):
            assert len(german[part]) == len(english[part]), part  # the same game, read twice
            misses = untranslated(german[part])
            assert not misses, f"{players}p seed {seed} {part}:\n" + "\n".join(misses[:20])
            assert untranslated(english[part]), part  # and the check sees English
        assert german["log"] != english["log"]
        kinds.update(german["kinds"])
        read += german["log"] + german["results"]
    assert any("Hausregel" in text for text in read)  # the house rule's end
    assert any("den Gleichstand entscheiden" in text for text in read)  # a tie-break
    every_kind = {"Take", "ToMailroom", "Dismiss", "CloutOnMailroom", "CloutOnSpace", "AllClout",
                  "Split", "Amount", "Hire", "To", "Bump", "Decline", "Use", "End", "Pick",
                  "PickLine", "PickMailroom", "Push"}
    assert every_kind <= kinds, every_kind - kinds


def test_a_shared_win_reads_in_german() -> None:
    state = position({"1A1": ("Headhunter", "Y", 2), "1B1": ("Headhunter", "P", 2)})
    state.stack, state.pending = [], None  # nothing more is asked: the game is over
    end_game(state)  # the real end of the game, on equal totals
    with i18n.language("de"):
        texts = [state.log(None)[-1]["text"], *result_texts(state)]
    assert texts[0] == "Gelb, Lila teilen sich den Sieg mit 4 Clout."
    assert "Immer noch Gleichstand: Sie teilen sich den Sieg." in texts[-1]
    assert not untranslated(texts), untranslated(texts)


def test_a_dismissal_stored_with_its_english_words_still_logs_them() -> None:
    """A snapshot from before the words were made when read: its Clout task carries the English
    text told so far ("told", "line"), and placing the Clout logs it as it was."""
    state, rng = GAME.new_game(2, 4), random.Random(4)
    while (state.pending or {}).get("kind") != "clout":
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(sorted(state.legal_actions(seat))))
    doc = state.to_json()
    amount = doc["state"]["pending"]["args"]["amount"]
    doc["state"]["pending"]["args"] = {"amount": amount, "told": "Once upon a time",
                                       "line": "The line is now Sam."}
    stored = GAME.from_json(doc)
    seat = stored.to_move()[0]
    stored.apply(seat, next(a for a in stored.legal_actions(seat) if a.startswith("clout M")))
    if stored.pending["kind"] == "split":  # all on the Mailroom Employee
        stored.apply(seat, "all")
    told = [e for e in stored.log(None) if e["text"].startswith("Once upon a time: ")]
    assert len(told) == 1 and told[0]["text"].endswith(". The line is now Sam."), told
    assert told[0]["amount"] == amount
