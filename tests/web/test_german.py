"""The interface in German: a browser with a German locale gets the lobby, a SQUID table (with
its log) and SQUID's how-to-play page in German, with no English text of the catalog left on
them; an English browser gets them unchanged; the header's language switch changes and keeps
the language.

"No English left" is checked against the catalog: every text on the page (text nodes, titles,
labels, placeholders, SVG text) that is an English message of the catalog, or fills one of its
templates ("Red passes." for "{seat:name} passes."), must have a German entry that reads the
same (names such as "POW"); anything else is an untranslated string. The seats' names are
left out of that check: they are part of the games' state. SQUID's and Grid Squid's colours
("Red 1", "Red" in the state) are checked apart: a German page names them in German ("Rot 1",
"Rot") everywhere: the table, its log, My tables, the host page and the replay.

The API's error sentences are German too (the page shows them after its own words): a seat
taken by someone else a moment before, on the table link's "Free seats" panel."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest
from babel.messages.pofile import read_po

import squidbox
from squidbox import i18n

from .conftest import AT_ONCE
from .helpers import (
    create_in_lobby,
    create_table,
    play_first_actions,
    seat_url,
    version,
    wait_for_state,
    wait_for_version_after,
)
from .test_replay_browser import finished_table

PO = i18n.LOCALE_DIR / "de" / "LC_MESSAGES" / "squidbox.po"

# Every visible text of the page, and the texts of titles, labels and placeholders; English on
# purpose (marked lang="en": our rulings), code and the chat's own words are left out.
VISIBLE_TEXTS = """() => {
  const skip = "script, style, code, [hidden], [lang='en'], .chat-log, #variant-input";
  const texts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const text = node.textContent.trim();
    if (text && !node.parentElement.closest(skip)) texts.push(text);
  }
  for (const element of document.querySelectorAll("[title], [aria-label], [placeholder]")) {
    if (element.closest(skip)) continue;
    for (const name of ["title", "aria-label", "placeholder"]) {
      const value = element.getAttribute(name);
      if (value && value.trim()) texts.push(value.trim());
    }
  }
  return [...new Set(texts)];
}"""


def _english_messages() -> list[tuple[str, re.Pattern[str], bool]]:
    """Each English message: its text, a pattern its filled-in form matches, and whether its
    German entry reads differently (so that the English text on a German page is a miss)."""
    with PO.open("rb") as f:
        catalog = read_po(f)
    found = []
    for message in catalog:
        if not message.id:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = ([message.string] if isinstance(message.string, str)
                   else list(message.string or ()))
        for index, english in enumerate(ids):
            german = strings[min(index, len(strings) - 1)] if strings else ""
            literal = re.sub(r"\{[^{}]*\}", "", english)
            if sum(c.isalpha() for c in literal) < 4:  # "{name}: {count}" says nothing alone
                continue
            parts = re.split(r"\{[^{}]*\}", english.strip())
            pattern = re.compile("(?s)" + ".+".join(re.escape(p) for p in parts))
            found.append((english.strip(), pattern, german.strip() != english.strip()))
    return found


ENGLISH = _english_messages()
# Seat names are the games' own ("Red", "Teal"), part of their state: left out of a text.
SEAT_NAMES = sorted({name for game in squidbox.list_games()
                     for name in game.seat_names(game.max_players)}, key=len, reverse=True)
SEAT_NAME = re.compile("|".join(rf"\b{re.escape(name)}\b" for name in SEAT_NAMES))
# A drawing wraps a long name over lines: a line that is one word of a name kept as printed
# ("Game" of "Squid Game") is that name, not an English word.
KEPT_WORDS = {word for english, _pattern, differs in ENGLISH if not differs
              for word in english.split()}


# SQUID's colours in English (Grid Squid's are among them), where a German page must say Rot,
# Blau, ... ("Orange" is both).
SQUID = squidbox.get_game("squid_circle")
ENGLISH_COLOURS = re.compile(r"\b(" + "|".join(
    english for english, german in zip(SQUID.data.colours, SQUID.data.german_colours,
                                       strict=True) if english != german) + r")\b")


GRID_SYMBOLS = squidbox.get_game("grid_squid").data.symbols


def english_colours(texts: list[str]) -> list[str]:
    return [text for text in texts if ENGLISH_COLOURS.search(text)]


def untranslated(texts: list[str]) -> list[str]:
    misses = []
    for shown in texts:
        text = SEAT_NAME.sub("·", shown).strip()
        if not text.strip("·") or text in KEPT_WORDS:
            continue
        for english, pattern, differs in ENGLISH:
            if differs and pattern.fullmatch(text):
                misses.append(f"{shown!r} (English: {english!r})")
                break
    return misses


def german_context(browser: Any, **extra: Any) -> Any:
    context = browser.new_context(locale="de-DE", viewport={"width": 1280, "height": 900},
                                  **extra)
    context.add_init_script(AT_ONCE)
    context.set_default_timeout(15_000)
    return context


def test_the_catalog_check_finds_english_text() -> None:
    assert untranslated(["Create table"]) and untranslated(["Red passes."])
    assert untranslated(["Waiting for Red, Blue"])
    assert not untranslated(["Tisch eröffnen", "Red passt.", "POW", "Warten auf Red, Blue"])


def test_the_lobby_and_squids_rules_page_in_german(browser: Any, base_url: str) -> None:
    context = german_context(browser)
    page = context.new_page()
    try:
        page.goto(f"{base_url}/")
        assert page.get_attribute("html", "lang") == "de"
        page.wait_for_selector("#game-select option[value=squid_circle]", state="attached")
        page.select_option("#game-select", "squid_circle")
        page.wait_for_function("document.getElementById('game-about').textContent"
                               ".includes('Wächter')")
        page.click("#options-details summary")
        page.click("#variant-details summary")
        page.wait_for_selector("#table-list h3, #table-list:has-text('Noch keine Tische')")
        assert page.inner_text("#create-button") == "Tisch eröffnen"
        assert "Charaktere je Farbe" in page.inner_text("#option-rows")
        texts = page.evaluate(VISIBLE_TEXTS)
        assert not untranslated(texts), untranslated(texts)

        page.goto(f"{base_url}/rules/squid_circle")
        page.wait_for_selector("#example-board > *", state="attached")
        assert page.inner_text("h1") == "So spielt man SQUID"
        assert page.get_attribute("html", "lang") == "de"
        texts = page.evaluate(VISIBLE_TEXTS)
        assert "Ablauf einer Runde" in texts
        assert not untranslated(texts), untranslated(texts)
    finally:
        context.close()


def test_a_squid_table_and_its_log_in_german(browser: Any, base_url: str) -> None:
    created = create_table(base_url, "squid_circle", 3, seed=5)
    context = german_context(browser)
    page = context.new_page()
    try:
        page.goto(seat_url(base_url, created))
        wait_for_state(page)
        guard: list[str] = []  # the guard's letter whenever it stands in the circle
        play_first_actions(page, 6,  # play on until the log tells of a few rounds
                           check=lambda p: guard.extend(
                               p.locator("#board .guard text").all_text_contents()))
        assert guard and set(guard) == {"W"}, guard  # Wächter, not G(uard)
        log = page.locator("#log li").all_inner_texts()
        assert len(log) >= 4 and any("Wächter" in line for line in log), log
        assert any("Rot 1" in line for line in log), log  # the circle, clockwise
        assert page.inner_text("#log-title") == "Spielverlauf"
        assert page.inner_text("#seats-title") == "Spieler"  # not "Spielerzahl"
        # The characters still in the circle: ids stay English, tooltips are German. (Which
        # ones are left depends on the random bots, whose seeds follow the order in which the
        # seats' simultaneous votes arrive, so Red 1 may have been knocked out by now.)
        german = dict(zip(SQUID.data.colours, SQUID.data.german_colours, strict=True))
        ids = page.eval_on_selector_all("#board [data-character]",
                                        "tokens => tokens.map(t => t.dataset.character)")
        assert ids and all(one.rsplit(" ", 1)[0] in german for one in ids), ids
        texts = page.evaluate(VISIBLE_TEXTS)
        assert not untranslated(texts), untranslated(texts)
        assert not english_colours(texts), english_colours(texts)
        tooltips = [f"{german[one.rsplit(' ', 1)[0]]} {one.rsplit(' ', 1)[1]}" for one in ids]
        assert any(text.startswith(tip) for text in texts for tip in tooltips), tooltips
        page.click("#explain-button")
        assert page.inner_text("#explain-button").startswith("Erklären: an")

        page.goto(f"{base_url}/mine")  # this browser holds seat 0 of that table
        page.wait_for_selector(f"#my-tables li.mine-item[data-table='{created['table']}']")
        page.wait_for_selector(".mine-players:has-text('Rot')")  # once the names have come
        texts = page.evaluate(VISIBLE_TEXTS)
        assert page.inner_text("#mine-heading") == "Meine Tische"
        assert not untranslated(texts), untranslated(texts)
        assert not english_colours(texts), english_colours(texts)
    finally:
        context.close()


def test_lang_de_in_the_address_gives_the_german_table_in_an_english_browser(
        browser: Any, base_url: str) -> None:
    """?lang=de on the lobby: the create result, the seat link it gives and the table played
    there are German (actions, prompt, log, last move, colours, title) as after the switch."""
    context = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 900})
    context.add_init_script(AT_ONCE)
    context.set_default_timeout(15_000)
    page = context.new_page()
    try:
        page.goto(f"{base_url}/?lang=de")
        create_in_lobby(page, "squid_circle", ["heuristic", "heuristic"], seed=5)
        result = page.inner_text("#create-result")
        assert "Spielen als Rot (Platz 1)" in result and "Red" not in result, result
        page.click("a.seat-link[data-seat='0']")
        wait_for_state(page)

        def actions_in_german(page: Any) -> None:
            assert not untranslated(page.locator("#actions").all_inner_texts())

        play_first_actions(page, 4, actions_in_german)
        log = page.locator("#log li").all_inner_texts()
        assert any("Wächter" in line for line in log), log
        assert page.inner_text("#last-move").startswith("Zuletzt: ")
        assert "Tisch" in page.title(), page.title()
        texts = page.evaluate(VISIBLE_TEXTS) + [page.title()]
        assert not untranslated(texts), untranslated(texts)
        assert not english_colours(texts), english_colours(texts)
    finally:
        context.close()


def test_the_replay_page_in_german(browser: Any, base_url: str) -> None:
    table = finished_table(base_url, "squid_circle")
    context = german_context(browser)
    page = context.new_page()
    try:
        page.goto(f"{base_url}/replay/{table}?seat=0&step=12")
        page.wait_for_selector('#replay-app[data-ready="0:12"]')
        assert page.get_attribute("html", "lang") == "de"
        assert page.inner_text("#replay-viewer option[value='0']").startswith("Rot")
        texts = page.evaluate(VISIBLE_TEXTS)
        assert not untranslated(texts), untranslated(texts)
        assert not english_colours(texts), english_colours(texts)
        page.click("#replay-last")
        page.wait_for_selector("#replay-app[data-ready^='0:']:not([data-ready='0:12'])")
        texts = page.evaluate(VISIBLE_TEXTS)
        assert not untranslated(texts), untranslated(texts)
        assert not english_colours(texts), english_colours(texts)
    finally:
        context.close()


def test_an_api_error_sentence_in_german_on_the_page(browser: Any, base_url: str) -> None:
    """Someone takes the last free seat just before this visitor clicks it: the page says why,
    in the server's German sentence (its machine code is the same in every language). The
    host page of that table, before, names its seats in German."""
    body = {"game": "squid_circle", "players": 2, "seed": 3, "open_seats": [1]}
    created = httpx.post(f"{base_url}/api/tables", json=body, timeout=30).json()
    table = created["table"]
    context = german_context(browser)
    page = context.new_page()
    try:
        page.goto(base_url + created["host_url"])  # the host page names the seats in German
        page.wait_for_selector(".host-seat[data-seat='1']:has-text('Blau')")
        texts = page.evaluate(VISIBLE_TEXTS)
        assert not untranslated(texts) and not english_colours(texts), texts
        # The page keeps hearing that the seat is free (as if its next look had not come yet).
        still_open = httpx.get(f"{base_url}/api/tables/{table}", timeout=10).text
        page.route(f"**/api/tables/{table}", lambda route: route.fulfill(
            status=200, content_type="application/json", body=still_open))
        page.goto(f"{base_url}/t/{table}")
        page.fill("#join-name", "Bea")
        taken = httpx.post(f"{base_url}/api/tables/{table}/seats", json={"seat": 1, "name": "Al"})
        assert taken.status_code == 201, taken.text
        page.click("#free-seats button.take-seat[data-seat='1']")
        error = page.wait_for_selector("#free-seats .error:not([hidden])")
        assert error.inner_text() == (f"Platz 2 wurde nicht genommen: Tisch {table} hat keinen "
                                      "offenen Platz"), error.inner_text()
    finally:
        context.close()
    again = {"seat": 1, "name": "Cy"}
    german = httpx.post(f"{base_url}/api/tables/{table}/seats", json=again,
                        headers={"Accept-Language": "de-DE,de;q=0.9"})
    english = httpx.post(f"{base_url}/api/tables/{table}/seats", json=again)
    assert german.json() == {"error": f"Tisch {table} hat keinen offenen Platz",
                             "code": "illegal_action"}
    assert english.json() == {"error": f"table {table} has no open seat",
                              "code": "illegal_action"}


def test_a_grid_squid_table_in_german(browser: Any, base_url: str) -> None:
    created = create_table(base_url, "grid_squid", 3, seed=4)
    context = german_context(browser)
    page = context.new_page()
    try:
        page.goto(seat_url(base_url, created))
        wait_for_state(page)
        for _ in range(3):
            page.wait_for_selector("#turn[data-status=yours]", state="attached", timeout=30_000)
            before = version(page)
            page.locator("#board .clickable[data-action], #actions button.action").first.click()
            wait_for_version_after(page, before)
        log = page.locator("#log li").all_inner_texts()
        assert any("setzt einen Würfel" in line for line in log), log
        assert any(line.startswith("Rot setzt") for line in log), log  # its cube colours too
        texts = page.evaluate(VISIBLE_TEXTS)
        assert not untranslated(texts), untranslated(texts)
        assert not english_colours(texts), english_colours(texts)
        symbols = re.compile(r"\b(" + "|".join(GRID_SYMBOLS) + r")\b")  # Drop: Tropfen, ...
        english_symbols = [text for text in texts + log if symbols.search(text)]
        assert not english_symbols, english_symbols
    finally:
        context.close()


def test_an_english_browser_gets_english_and_the_switch_changes_and_keeps_it(
        browser: Any, base_url: str) -> None:
    context = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 900})
    context.set_default_timeout(15_000)
    page = context.new_page()
    try:
        page.goto(f"{base_url}/")
        assert page.get_attribute("html", "lang") == "en"
        assert page.locator("#i18n-catalog").count() == 0
        page.wait_for_selector("#game-select option", state="attached")
        assert page.inner_text("#create-button") == "Create table"
        with page.expect_navigation():
            page.select_option("#language-select", "de")
        assert page.get_attribute("html", "lang") == "de"
        page.wait_for_selector("#game-select option", state="attached")
        assert page.inner_text("#create-button") == "Tisch eröffnen"
        page.goto(f"{base_url}/rules/squid_circle")  # the choice is kept
        assert page.inner_text("h1") == "So spielt man SQUID"
        with page.expect_navigation():
            page.select_option("#language-select", "en")
        assert page.inner_text("h1") == "How to play SQUID"
    finally:
        context.close()


@pytest.mark.parametrize("width,height", [(1280, 900), (390, 844)])
def test_german_pages_fit_the_screen(browser: Any, base_url: str, screenshots: Any,
                                     width: int, height: int) -> None:
    """German words are longer: nothing on the German lobby and table may stick out sideways
    (screenshots are kept in the screenshots folder)."""
    created = create_table(base_url, "squid_circle", 3, seed=6)
    context = browser.new_context(locale="de-DE", viewport={"width": width, "height": height},
                                  is_mobile=width < 500, has_touch=width < 500)
    context.add_init_script(AT_ONCE)
    context.set_default_timeout(15_000)
    page = context.new_page()
    try:
        for name, url in [("lobby", f"{base_url}/"), ("table", seat_url(base_url, created)),
                          ("rules", f"{base_url}/rules/squid_circle")]:
            page.goto(url)
            page.wait_for_load_state("networkidle")
            if name == "table":
                wait_for_state(page)
            page.screenshot(path=str(screenshots / f"german-{name}-{width}.png"), full_page=True)
            overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
            assert overflow <= 0, f"{name} at {width}px is {overflow}px too wide"
    finally:
        context.close()


@pytest.mark.parametrize("game_id", ["grid_squid", "squid_game", "squid_inc", "directors"])
def test_every_how_to_play_page_in_german(browser: Any, base_url: str, game_id: str) -> None:
    context = german_context(browser)
    page = context.new_page()
    try:
        page.goto(f"{base_url}/rules/{game_id}")
        page.wait_for_selector("#example-board > *", state="attached")
        assert page.inner_text("h1").startswith("So spielt man")
        assert page.locator(".how-to-play .note").count() == 0  # not the English fallback
        texts = page.evaluate(VISIBLE_TEXTS)
        assert not untranslated(texts), untranslated(texts)
    finally:
        context.close()
