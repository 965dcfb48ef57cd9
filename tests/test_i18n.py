"""squidbox.i18n: the reader's language (context variable, Accept-Language, LANG), gettext with
English fallback, log entries translated when read, and stored logs kept in English."""

from __future__ import annotations

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
