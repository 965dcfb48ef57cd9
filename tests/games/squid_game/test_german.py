"""Squid Game in German: seeded games of every game (and a short campaign) read by a German
player: every action label, the terminal board, the results and every log line a seat reads
come out in German, and in English exactly as before.

"In German" is checked two ways against the catalog: no English message of Squid Game's with a
German entry that reads differently is left in a German text (a reason inside "... scheidet
aus: {reason}" included), and a German text differs from the English one wherever the English
one has words (seat names and token numbers are the game's own: "Pink 096" reads alike)."""

from __future__ import annotations

import random
import re
from functools import cache

import pytest
from babel.messages.pofile import read_po

from squidbox import i18n
from squidbox.games.squid_game.results import results

from .positions import GAME

PO = i18n.LOCALE_DIR / "de" / "LC_MESSAGES" / "squidbox.po"
SEAT_NAME = re.compile("|".join(rf"\b{re.escape(name)}\b" for name in GAME.data.colours))
CHIP = re.compile(r"\b[A-Z][a-z]\d{3}\b")  # a token on the terminal board: "Wh325"
GAMES = [(players, {"game": game, "tokens": tokens}, seed)
         for game, tokens in (("red_light_green_light", 3), ("dalgona", 3), ("tug_of_war", 4),
                              ("marbles", 4), ("glass_bridge", 2), ("squid_game", 3))
         for players in (3, 6) for seed in (1, 2, 3)]
GAMES += [(4, {"game": "campaign", "recruits": "random"}, 5),
          (3, {"game": "campaign", "recruits": "choose"}, 2)]


@cache
def catalog_messages() -> tuple[list[tuple[str, str, re.Pattern[str]]], re.Pattern[str]]:
    """Squid Game's English messages whose German reads differently, each with its longest
    literal part and a pattern that finds it (filled in) inside a text; and a pattern of the
    names German keeps as printed ("Squid Game"), left out of a text before it is searched."""
    with PO.open("rb") as f:
        catalog = read_po(f)
    found, kept = [], []
    for message in catalog:
        if not message.id or not any("squid_game/" in where for where, _ in message.locations):
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        for index, english in enumerate(ids):
            german = strings[min(index, len(strings) - 1)]
            literal = re.sub(r"\{[^{}]*\}", "", english)
            if german == english and "{" not in english:
                kept.append(re.escape(english))
            if german == english or sum(c.isalpha() for c in literal) < 4:
                continue
            parts = re.split(r"\{[^{}]*\}", english)
            body = ".+?".join(re.escape(part) for part in parts)
            body = ("" if english.startswith("{") else r"(?<!\w)") + body + (
                "" if english.endswith("}") else r"(?!\w)")
            found.append((english, max(parts, key=len), re.compile(body)))
    return found, re.compile("|".join(sorted(kept, key=len, reverse=True)))


def texts_at(state, seat: int | None, mover: int | None) -> list[str]:
    """What a seat reads now: its board and (to move) its action labels; at the end, its log
    and the results."""
    view = state.view(seat)
    shown = [GAME.render(view)]
    if mover is not None:
        shown += [GAME.action_label(view, action) for action in state.legal_actions(mover)]
    else:
        shown += [entry["text"] for entry in state.log(seat)]
        found = results(state)
        shown += [*found.columns, found.tie_break, *found.details]
    return shown


def played_texts() -> list[tuple[str, str]]:
    """(English, German) of every text of the seeded games, line by line."""
    pairs = []
    for players, options, seed in GAMES:
        state = GAME.new_game(players, seed=seed, options=options)
        rng = random.Random(seed)
        while True:
            mover = None if state.is_terminal() else state.to_move()[0]
            for seat in [mover] if mover is not None else [None, *range(players)]:
                english = texts_at(state, seat, mover)
                with i18n.language("de"):
                    german = texts_at(state, seat, mover)
                for a, b in zip(english, german, strict=True):
                    pairs += zip(a.split("\n"), b.split("\n"), strict=True)
            if mover is None:
                break
            state.apply(mover, rng.choice(state.legal_actions(mover)))
    return list(dict.fromkeys(pairs))


@pytest.fixture(scope="module")
def pairs() -> list[tuple[str, str]]:
    return played_texts()


def untranslated(pairs: list[tuple[str, str]]) -> list[str]:
    messages, kept = catalog_messages()
    misses = []
    for english, german in pairs:
        bare = kept.sub("·", SEAT_NAME.sub("·", german))
        left = [message for message, needle, pattern in messages
                if needle in bare and pattern.search(bare)]
        words = re.sub(r"[\W\d_]+", "", CHIP.sub("", kept.sub("", SEAT_NAME.sub("", english))))
        if left or (german == english and words):
            misses.append(f"{german!r} (English: {left or english!r})")
    return misses


def test_every_label_board_result_and_log_line_reads_in_german(pairs):
    assert len(pairs) > 500
    misses = untranslated(pairs)
    assert not misses, f"{len(misses)} texts not in German:\n" + "\n".join(misses[:30])


def test_the_check_finds_english_left_in_a_german_text():
    assert untranslated([("White 325 is eliminated: pulled into the gap.",
                          "White 325 scheidet aus: pulled into the gap.")])
    assert untranslated([("card 3 face down behind team A", "card 3 face down behind team A")])
    assert not untranslated([("White 325 is eliminated: pulled into the gap.",
                              "White 325 scheidet aus: in die Lücke gezogen.")])
    assert not untranslated([("White 325", "White 325"), ("Dalgona.", "Dalgona.")])


def test_english_stays_english_after_a_german_reader():
    state = GAME.new_game(3, seed=1, options={"game": "marbles", "tokens": 4})
    rng = random.Random(1)
    while not state.is_terminal():
        seat = state.to_move()[0]
        with i18n.language("de"):
            [GAME.action_label(state.view(seat), a) for a in state.legal_actions(seat)]
            state.log(seat)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    english = [entry["text"] for entry in state.log(None)]
    assert any("is eliminated: " in text for text in english)
    assert all("scheidet" not in text for text in english)
