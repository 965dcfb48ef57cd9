"""squidbox.i18n: the reader's language (context variable, Accept-Language, LANG), gettext with
English fallback, log entries translated when read, and stored logs kept in English."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

import squidbox
from squidbox import i18n
from squidbox.engine.events import Entry, events_to_json
from squidbox.i18n import gettext as _


def test_english_is_the_default_and_the_fallback() -> None:
    assert i18n.current() == "en"
    assert _("Create table") == "Create table"
    with i18n.language("de"):
        assert _("Create table") == "Tisch eröffnen"
        assert _("a text no catalog has") == "a text no catalog has"
    with i18n.language("fr"):  # a language we do not have: English
        assert i18n.current() == "en"
        assert _("Create table") == "Create table"
    assert i18n.current() == "en"


def test_the_language_of_a_request_and_of_a_terminal() -> None:
    assert i18n.from_accept_language("de-DE,de;q=0.9,en;q=0.8") == "de"
    assert i18n.from_accept_language("fr-FR,en;q=0.5,de;q=0.9") == "de"
    assert i18n.from_accept_language("fr-FR, en;q=0.1") == "en"
    assert i18n.from_accept_language("de;q=0, en") == "en"
    assert i18n.from_accept_language("de;q=abc") == "en"
    assert i18n.from_accept_language(None) == "en"
    assert i18n.for_request("en", "de-DE") == "en"  # the page's switch wins over the browser
    assert i18n.for_request(None, "de-DE") == "de"
    assert i18n.for_request("de", "de-DE", query="en") == "en"
    # A ?lang= page's language holds for the rest of the visit, over the switch's choice.
    assert i18n.for_request("en", "en-US", link="de") == "de"
    assert i18n.for_request("en", "en-US", query="en", link="de") == "en"
    assert i18n.for_request("en", "en-US", link="xx") == "en"
    assert i18n.from_environment({"LANG": "de_DE.UTF-8"}) == "de"
    assert i18n.from_environment({"LANGUAGE": "fr:de", "LANG": "en_US.UTF-8"}) == "de"
    assert i18n.from_environment({"LC_ALL": "C", "LANG": "de_DE.UTF-8"}) == "en"
    assert i18n.from_environment({}) == "en"


def test_a_log_entry_is_read_in_the_readers_language_and_stored_in_english() -> None:
    names = ["Ann", "Bo"]
    entry = Entry("pass", "{seat:name} passes.", {"seat": 1})
    template = "{seat:name} puts the guard on {character}."
    placed = Entry("guard_start", template, {"seat": 0, "character": "Red 1"})
    with i18n.language("de"):
        german = placed.shown(names)["text"]
    assert german != "Ann puts the guard on Red 1." and "Ann" in german and "Red 1" in german
    assert placed.shown(names)["text"] == "Ann puts the guard on Red 1."  # English still
    assert _translated(template), "the SQUID template has a German entry"
    with i18n.language("de"):
        stored = events_to_json([(None, placed, None), (None, entry, None)], names)
    assert stored[0][1]["text"] == "Ann puts the guard on Red 1."


def test_a_squid_game_log_reads_in_german() -> None:
    game = squidbox.get_game("squid_circle")
    state = game.new_game(3, 7, {})
    english = [line["text"] for line in state.log(None)]
    with i18n.language("de"):
        german = [line["text"] for line in state.log(None)]
    assert len(german) == len(english) and german != english
    assert [line["text"] for line in state.log(None)] == english


def _translated(message: str) -> bool:
    return i18n.translations("de").gettext(message) != message


def test_the_terminal_plays_in_german_with_lang_de(capsys: pytest.CaptureFixture[str]) -> None:
    from squidbox.cli import main

    try:
        assert main(["play", "squid_circle", "--players", "2", "--bots", "2", "--seed", "3",
                     "--lang", "de"]) == 0
    finally:
        i18n.set_language(None)
    german = capsys.readouterr().out
    assert "Nur Bots:" in german and "Spielende" in german and "Ergebnisse:" in german
    assert "Der Kreis im Uhrzeigersinn:" in german and "SQUID · Runde" in german
    assert "The circle, clockwise" not in german and "Game over" not in german
    assert main(["play", "squid_circle", "--players", "2", "--bots", "2", "--seed", "3",
                 "--lang", "en"]) == 0
    i18n.set_language(None)
    english = capsys.readouterr().out
    assert "Bots only:" in english and "The circle, clockwise:" in english
    assert len(english.splitlines()) == len(german.splitlines())
    assert main(["play", "squid_circle", "--lang", "fr"]) == 2  # argparse refuses it
    assert "Rot 1" in german and "Red 1" not in german and "Red 1" in english  # SQUID's colours


def test_the_terminal_replay_in_german_with_lang_de(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    from squidbox.cli import main
    from squidbox.record import record_of

    game = squidbox.get_game("squid_circle")
    state = game.new_game(2, 5, {})
    for _turn in range(6):
        seat = state.to_move()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    path = tmp_path / "record.json"
    path.write_text(record_of(state).dumps(), encoding="utf-8")
    monkeypatch.setattr("sys.stdin", io.StringIO("n\nq\n"))
    try:
        code = main(["replay", str(path), "--seat", "0", "--lang", "de"])
    finally:
        i18n.set_language(None)
    german = capsys.readouterr().out
    assert code == 0
    assert "Gesehen als Rot (Platz 0)." in german and "=== Schritt 0/6: das Austeilen ===" in german
    assert "Der Kreis im Uhrzeigersinn: Rot 1" in german and "Red" not in german
