"""The interface in German: a browser with a German locale gets the lobby, a SQUID table (with
its log) and SQUID's how-to-play page in German, with no English text of the catalog left on
them; an English browser gets them unchanged; the header's language switch changes and keeps
the language.

"No English left" is checked against the catalog: every text on the page (text nodes, titles,
labels, placeholders, SVG text) that is an English message of the catalog, or fills one of its
templates ("Red passes." for "{seat:name} passes."), must have a German entry that reads the
same (names such as "POW"); anything else is an untranslated string. SQUID's colours are the
one exception: they are the seats' names, part of the game's state (its characters are "Red 1",
"Blue 2"), and PROPOSED English words in its data file (the rulebook's pictures are lost)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from babel.messages.pofile import read_po

import squidbox
from squidbox import i18n

from .conftest import AT_ONCE
from .helpers import create_table, seat_url, version, wait_for_state, wait_for_version_after

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
SEAT_NAMES = set(squidbox.get_game("squid_circle").data.colours)


def untranslated(texts: list[str]) -> list[str]:
    misses = []
    for text in texts:
        if text in SEAT_NAMES:
            continue
        for english, pattern, differs in ENGLISH:
            if differs and pattern.fullmatch(text):
                misses.append(f"{text!r} (English: {english!r})")
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
        for _ in range(6):  # play on until the log tells of a few rounds
            page.wait_for_selector("#turn[data-status=yours], #turn[data-status=over]",
                                   state="attached", timeout=30_000)
            if page.get_attribute("#turn", "data-status") == "over":
                break
            before = version(page)
            page.locator("#actions button.action").first.click()
            wait_for_version_after(page, before)
        log = page.locator("#log li").all_inner_texts()
        assert len(log) >= 4 and any("Wächter" in line for line in log), log
        assert page.inner_text("#log-title") == "Spielverlauf"
        texts = page.evaluate(VISIBLE_TEXTS)
        assert not untranslated(texts), untranslated(texts)
        page.click("#explain-button")
        assert page.inner_text("#explain-button").startswith("Erklären: an")
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
