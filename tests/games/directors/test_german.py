"""A German Directors table: every action label, the board text, the results and every log line
a seat reads come out in German. Card, Event and Action names stay as printed
(README "Languages"), so they are taken out before looking for English words."""

import random
import re

import pytest
from babel.messages.pofile import read_po

import squidbox
from squidbox import i18n
from squidbox.engine.events import Entry
from squidbox.games.directors.cards import EFFECTS
from squidbox.games.directors.results import results

from .positions import command, table

GAME = squidbox.get_game("directors")
PO = i18n.LOCALE_DIR / "de" / "LC_MESSAGES" / "squidbox.po"
# Words of our English texts that German never uses (names are removed before the search)
ENGLISH = re.compile(
    r"\b(the|and|of|from|for|to|with|your|you|takes?|plays?|draws?|uses?|gains?|loses?|pays?|"
    r"discards?|reveals?|removes?|commands?|names?|returns?|chooses|makes|skip|crowns?|cards?|"
    r"tokens?|rotated|free|turns?|nothing|none|empty|hand|deck|pile|pass|select|keep|spare|"
    r"give|take|exchange|resolve|bonus|money|extra|over|wins?|share|victory|clock|known|last|"
    r"Blue|Red|ACTIVE|start|end|Choose|Name|Play|Discard|may|or|a|is|are|each)\b")
# Catalog entries of Directors that read the same in German by design
SAME_IN_GERMAN = {"Gold", "{_text}", "{name}: {cards}; {tokens}",
                  "{name} ({colour}, ${cost}, {crowns})", "Directors"}


def _printed_names(state):
    data = state.game.data
    names = [*data.cards, *data.events, "Explore", "Collect", "Recruit", "Unleash", "Director",
             *state.seat_names()]
    return re.compile("|".join(re.escape(n) for n in sorted(names, key=len, reverse=True)))


def _english_left(text, names):
    return ENGLISH.findall(names.sub("", text))


def _both(function, *args):
    """What `function(*args)` makes in English and in German."""
    english = function(*args)
    with i18n.language("de"):
        return english, function(*args)


def _check_labels(state, seat, names, problems):
    view = state.view(seat)
    for action in state.legal_actions(seat):
        english, german = _both(GAME.action_label, view, action)
        if german == english or _english_left(german, names):
            problems.append(f"label of {action!r}: {german!r}")
    with i18n.language("de"):  # the question asked now is on the board
        board = GAME.render(view).splitlines()
    problems += [f"board: {line!r}" for line in board if _english_left(line, names)]


def _check_logs_board_and_results(state, names, problems):
    for seat in [None, *range(state.num_players)]:
        english, german = _both(state.log, seat)
        assert len(german) == len(english)
        for line_en, line_de in zip(english, german, strict=True):
            if line_de["text"] == line_en["text"] or _english_left(line_de["text"], names):
                problems.append(f"log of seat {seat}: {line_de['text']!r}")
            assert {**line_de, "text": ""} == {**line_en, "text": ""}  # only the words change
        with i18n.language("de"):
            board = GAME.render(state.view(seat))
        problems += [f"board: {line!r}" for line in board.splitlines()
                     if _english_left(line, names)]
    if state.is_terminal():
        english, german = _both(lambda: results(state).to_json())
        texts = [*zip(english["details"], german["details"], strict=True),
                 (english["summary"], german["summary"]),
                 (english["tie_break"], german["tie_break"])]
        problems += [f"results: {de!r}" for en, de in texts
                     if de and (de == en or _english_left(de, names))]
        with i18n.language("de"):
            problems += [f"results column {c!r}" for c in [*english["columns"],
                         english["points_name"]] if i18n.gettext(c) == c]


def _answer_randomly(state, rng, names, problems, moves=10_000):
    """Random answers (labels checked at each), until the game ends or `moves` are made."""
    for _ in range(moves):
        movers = state.to_move()
        if not movers:
            return
        seat = rng.choice(movers)
        _check_labels(state, seat, names, problems)
        state.apply(seat, rng.choice(state.legal_actions(seat)))


@pytest.mark.parametrize("players, seed", [(2, 11), (3, 5), (5, 8)])
def test_a_whole_game_reads_in_german(players, seed):
    state = GAME.new_game(players, seed, {"events": 3})
    names = _printed_names(state)
    problems = []
    _answer_randomly(state, random.Random(seed), names, problems)
    assert state.is_terminal()
    _check_logs_board_and_results(state, names, problems)
    assert not problems, "\n".join(sorted(set(problems))[:30])


def test_every_card_commanded_reads_in_german():
    """Each card's questions, labels and log lines (random games miss some of them)."""
    problems = []
    rng = random.Random(3)
    cards = sorted(EFFECTS)
    for name in cards:
        state = table(hands={0: ["Hero", "Spy", "Horse"], 1: ["Bishop", "Villain", "Sphinx"],
                             2: ["Falconer", "Mimic", "Raider"]},
                      play={0: ["Agent", "Kitsune (rotated)", "Warlord"], 1: ["Alpha", "Hunter"],
                            2: ["Hero (rotated)", "Magpie"]},
                      money={0: 20, 1: 12, 2: 3}, minus={0: 2, 1: 1},
                      events=["Masquerade", "Cleaning"])
        names = _printed_names(state)
        command(state, name)
        _answer_randomly(state, rng, names, problems, moves=40)
        _check_logs_board_and_results(state, names, problems)
    assert not problems, "\n".join(sorted(set(problems))[:30])


def test_every_log_template_of_a_game_has_its_german():
    """The templates behind the log lines (a sequence's parts too) are catalog entries."""
    state = GAME.new_game(4, 2, {"events": 2})
    _answer_randomly(state, random.Random(2), _printed_names(state), [], moves=400)
    templates = set()
    for _seats, *entries in state.events:
        for entry in entries:
            if type(entry) is Entry:
                templates.add(entry.template)
                text = entry.data.get("_text")
                if text is not None and hasattr(text, "args"):
                    templates |= {template for _kind, template, _data in text.args[1]}
    german = i18n.translations("de")
    assert len(templates) > 15
    assert [t for t in templates if german.gettext(t) == t and t not in SAME_IN_GERMAN] == []


def test_directors_catalog_entries_differ_from_the_english():
    """Every text the Directors sources hand out has German that is not the English again."""
    with PO.open("rb") as f:
        catalog = read_po(f)
    same = []
    for m in catalog:
        files = [path for path, _line in m.locations]
        mine = [p for p in files if "games/directors/" in p and not p.endswith(
            ("pieces.py", "lobby.toml"))]
        first = m.id if isinstance(m.id, str) else m.id[0]
        string = m.string if isinstance(m.string, str) else m.string[0]
        if mine and m.id and string == first and first not in SAME_IN_GERMAN:
            same.append(first)
    assert same == []


def test_the_seats_are_named_in_german_and_the_state_keeps_their_names():
    """"Türkis" in the German log, board, labels and results; "Teal" in the state, its
    actions and records (games/names.py)."""
    state = GAME.new_game(3, 5, {"events": 1})
    rng = random.Random(5)
    labels = []
    while not state.is_terminal():
        seat = rng.choice(state.to_move())
        with i18n.language("de"):
            labels += [GAME.action_label(state.view(seat), a) for a in state.legal_actions(seat)]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    with i18n.language("de"):
        texts = [*labels, *(line["text"] for s in (None, 0, 1, 2) for line in state.log(s)),
                 GAME.render(state.view(0)), *results(state).to_json()["details"]]
    assert not [text for text in texts if re.search(r"\b(Purple|Teal)\b", text)]
    assert any("Türkis" in text for text in texts)
    assert state.seat_names() == ["Purple", "Teal", "Orange"]
    assert "Teal" in " ".join(line["text"] for line in state.log(0))
