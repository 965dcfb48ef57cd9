"""Accounts in chromium with its virtual authenticator (CDP WebAuthn): sign up with a passkey
in one browser, sign in with the same passkey in a second and see the same My tables; two
people play a rated game and both see their ratings change on the results panel and on the
profiles. Screenshots at 1280x800 and 390x844."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
from axe_playwright_python.sync_playwright import Axe

from tests.web.conftest import AT_ONCE, Console
from tests.web.test_axe import blocking_violations

GAME = "grid_squid"
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def browser_with_passkeys(browser: Any, viewport: dict[str, int]) -> tuple[Any, Any, str]:
    """A new context (another device) with a virtual platform authenticator: its page, its
    CDP session and the authenticator's id."""
    context = browser.new_context(viewport=viewport)
    context.add_init_script(AT_ONCE)
    context.set_default_timeout(20_000)
    page = context.new_page()
    page.console = Console(page)
    cdp = context.new_cdp_session(page)
    cdp.send("WebAuthn.enable")
    authenticator = cdp.send("WebAuthn.addVirtualAuthenticator", {"options": {
        "protocol": "ctap2", "transport": "internal", "hasResidentKey": True,
        "hasUserVerification": True, "isUserVerified": True}})["authenticatorId"]
    return page, cdp, authenticator


def sign_up(page: Any, base: str, name: str) -> None:
    page.goto(f"{base}/account")
    page.fill("#signup-name", name)
    page.click("#signup-button")
    page.wait_for_selector("#signed-in:not([hidden])")
    page.wait_for_function("name => document.getElementById('account-link').textContent === name",
                           arg=name)


def account_seats(page: Any) -> list[dict[str, Any]]:
    return list(page.evaluate("fetch('/api/account/seats').then(r => r.json())")["seats"])


def play_to_the_end(base: str, table: str, tokens: dict[int, str]) -> None:
    for _move in range(500):
        state = httpx.get(f"{base}/api/tables/{table}/state", params={"token": tokens[0]}).json()
        if state["table"]["status"] != "playing":
            return
        seat = state["view"]["to_move"][0]
        view = httpx.get(f"{base}/api/tables/{table}/state", params={"token": tokens[seat]}).json()
        httpx.post(f"{base}/api/tables/{table}/actions", json={
            "token": tokens[seat], "action": view["view"]["legal_actions"][0],
            "version": view["version"]}).raise_for_status()
    raise AssertionError("the game did not end")


def test_passkeys_across_devices_and_a_rated_game(browser: Any, base_url: str,
                                                  screenshots: Path) -> None:
    base = base_url.replace("127.0.0.1", "localhost")  # an RP ID is a name, never an address
    laptop, laptop_cdp, laptop_key = browser_with_passkeys(browser, DESKTOP)
    sign_up(laptop, base, "Ana")
    laptop.screenshot(path=str(screenshots / "account-1280.png"))
    # the same passkey on another device (a phone holding a synced copy of it)
    [credential] = laptop_cdp.send("WebAuthn.getCredentials",
                                   {"authenticatorId": laptop_key})["credentials"]
    phone, phone_cdp, phone_key = browser_with_passkeys(browser, PHONE)
    phone_cdp.send("WebAuthn.addCredential", {"authenticatorId": phone_key,
                                              "credential": credential})
    # Ana makes a rated table in the lobby; Bo signs up and takes its open seat
    laptop.goto(f"{base}/")
    laptop.wait_for_selector(f"#game-select option[value={GAME}]", state="attached")
    laptop.select_option("#game-select", GAME)
    laptop.select_option("#players-select", "2")
    laptop.check("#rated-check")
    laptop.click("#create-button")
    laptop.wait_for_selector("#create-result a.seat-link[data-seat='0']")
    table = laptop.inner_text("#create-result h3").split()[1]
    laptop.wait_for_selector(f"#table-list li:has-text('{table}'):has-text('Ana (1000')")
    laptop.locator("#table-list").screenshot(path=str(screenshots / "lobby-rated-1280.png"))
    bo, _bo_cdp, _bo_key = browser_with_passkeys(browser, DESKTOP)
    sign_up(bo, base, "Bo")
    # Ana invites Bo by name from her host page; Bo finds the table in his My tables
    laptop.click("#host-link")
    laptop.fill("#invite-name", "bo")
    laptop.click("#invite-form button")
    laptop.wait_for_selector("#invite-message:has-text('Bo')")
    bo.goto(f"{base}/mine")
    bo.wait_for_selector(f"#invites a[href='/t/{table}']")
    bo.goto(f"{base}/")
    bo.click(f"button.take-seat[data-table='{table}'][data-seat='1']")
    bo.wait_for_url(f"**/t/{table}?seat=1*")
    # Ana signs in on her phone with the same passkey: her table is in My tables there
    phone.goto(f"{base}/account")
    phone.wait_for_selector("#signed-out:not([hidden])")
    phone.screenshot(path=str(screenshots / "sign-in-390.png"), full_page=True)
    axe = Axe()
    assert blocking_violations(axe, phone) == []
    phone.click("#passkey-signin")
    phone.wait_for_selector("#signed-in:not([hidden])")
    phone.goto(f"{base}/mine")
    phone.wait_for_selector(f"#my-tables a[href*='/t/{table}']")
    phone.screenshot(path=str(screenshots / "my-tables-390.png"))
    tokens = {0: account_seats(phone)[0]["token"], 1: account_seats(bo)[0]["token"]}
    play_to_the_end(base, table, tokens)
    for page, seat in ((laptop, 0), (bo, 1)):
        page.goto(f"{base}/t/{table}?seat={seat}&token={tokens[seat]}")
        page.wait_for_selector(".results-ratings li[data-seat='1']")
        lines = page.locator(".results-ratings li").all_inner_texts()
        assert len(lines) == 2 and all("1000 →" in line for line in lines), lines
    laptop.screenshot(path=str(screenshots / "results-ratings-1280.png"))
    for page, name, shot in ((phone, "Ana", "profile-390.png"), (bo, "Bo", "profile-1280.png")):
        page.goto(f"{base}/u/{name}")
        page.wait_for_selector("svg.rating-chart circle")
        assert page.locator(".profile-games td").nth(1).inner_text() == "1"
        page.screenshot(path=str(screenshots / shot), full_page=True)
    assert blocking_violations(axe, phone) == []  # the profile, chart included
    for page in (laptop, phone, bo):
        assert page.console.errors == [], page.console.errors
        page.context.close()
