"""Issue 13 in chromium: taking open seats from the lobby and from the table link, the host page
giving a seat a new link while its old holder's page is open, and the chat showing `<script>`
as text."""

from __future__ import annotations

from typing import Any

import httpx

from .helpers import wait_for_state

GAME = "grid_squid"


def create(base_url: str, players: int = 2, **extra: Any) -> dict[str, Any]:
    body = {"game": GAME, "players": players, "seed": 5, **extra}
    answer = httpx.post(f"{base_url}/api/tables", json=body, timeout=30)
    assert answer.status_code == 201, answer.text
    return answer.json()


def info(base_url: str, table: str) -> dict[str, Any]:
    return httpx.get(f"{base_url}/api/tables/{table}", timeout=10).json()


def test_visitors_take_open_seats_from_the_lobby_and_the_table_link(
        page: Any, browser: Any, base_url: str) -> None:
    created = create(base_url, players=3, open_seats=[1, 2])
    table = created["table"]
    page.goto(f"{base_url}/")
    button = page.wait_for_selector(
        f"#open-tables button.take-seat[data-table='{table}'][data-seat='1']")
    button.click()  # no name yet: told so next to the button, nothing taken
    page.wait_for_selector(f"#open-tables li:has(a[href='/t/{table}']) .take-error")
    assert info(base_url, table)["open_seats"] == [1, 2]
    page.fill("#player-name", "<i>Ann</i>")
    button.click()
    page.wait_for_url(f"**/t/{table}?seat=1*")
    wait_for_state(page)
    page.wait_for_selector("#free-seats:has-text('Waiting for players')")  # no buttons: seated
    assert page.locator("#free-seats button").count() == 0
    assert info(base_url, table)["seats"][1]["player"] == "<i>Ann</i>"
    # The table waits for a player, not for a seat to move.
    free = info(base_url, table)["seats"][2]["name"]
    page.wait_for_selector(f"#turn:has-text('Waiting for players to take the free seats: {free}')")
    assert "to move" not in page.inner_text("#seats") and "free seat" in page.inner_text("#seats")

    other = browser.new_context()
    other.set_default_timeout(15_000)
    try:
        visitor = other.new_page()
        visitor.goto(f"{base_url}/t/{table}")  # the table link, as sent by a friend
        visitor.fill("#join-name", "Bob")
        visitor.click("#free-seats button.take-seat[data-seat='2']")
        visitor.wait_for_url(f"**/t/{table}?seat=2*")
        wait_for_state(visitor)
    finally:
        other.close()
    after = info(base_url, table)
    assert after["status"] == "playing" and after["open_seats"] == []
    assert after["seats"][2]["player"] == "Bob"
    page.wait_for_selector("#free-seats", state="detached", timeout=10_000)  # the game is on
    page.goto(f"{base_url}/")
    entry = page.wait_for_selector(f"#playing-tables li:has(a[href='/t/{table}'])")
    assert entry.query_selector("button.take-seat") is None
    assert page.console.errors == []


def test_the_host_page_gives_a_seat_a_new_link_while_its_old_holder_plays(
        page: Any, browser: Any, base_url: str) -> None:
    created = create(base_url)
    table = created["table"]
    old_url = base_url + created["seats"][0]["url"]
    page.goto(old_url)
    wait_for_state(page)
    assert info(base_url, table)["seats"][0]["connected"]

    host_context = browser.new_context()
    host_context.set_default_timeout(15_000)
    try:
        host = host_context.new_page()
        host.on("dialog", lambda dialog: dialog.accept())
        host.goto(base_url + created["host_url"])
        seat = host.wait_for_selector(".host-seat[data-seat='0'] .copy-field")
        assert seat.input_value() == old_url
        assert host.locator(".copy-field[data-secret]").count() == 0  # the host link is not listed
        host.click(".host-seat[data-seat='0'] button:has-text('Give a new link')")
        host.wait_for_function(
            "old => document.querySelector(\".host-seat[data-seat='0'] .copy-field\").value"
            " !== old", arg=old_url)
        new_url = host.input_value(".host-seat[data-seat='0'] .copy-field")
        # The old holder's open page has lost the seat, at once, and says why.
        page.wait_for_function("() => /new link/.test(document.body.innerText)",
                               timeout=5_000)
        assert not info(base_url, table)["seats"][0]["connected"]
        assert httpx.get(f"{base_url}/api/tables/{table}/state",
                         params={"token": old_url.split("token=")[1]}).status_code == 403
        # The new link opens the seat.
        fresh = host_context.new_page()
        fresh.goto(new_url)
        wait_for_state(fresh)
        host.wait_for_timeout(200)
        assert info(base_url, table)["seats"][0]["connected"]
    finally:
        host_context.close()


def test_chat_in_the_browser_shows_script_as_text(page: Any, browser: Any,
                                                  base_url: str) -> None:
    created = create(base_url)
    table = created["table"]
    page.goto(base_url + created["seats"][0]["url"])
    wait_for_state(page)
    other_context = browser.new_context()
    other_context.set_default_timeout(15_000)
    try:
        spectator = other_context.new_page()
        spectator.goto(f"{base_url}/t/{table}")
        spectator.wait_for_selector("#chat-form button:not([disabled])")
        page.wait_for_selector("#chat-form button:not([disabled])")
        assert page.locator("#chat-name").count() == 0  # a seat chats under its own name
        said = '<script>window.hacked = 1</script><img src=x onerror="window.hacked=2">'
        page.fill("#chat-text", said)
        page.click("#chat-form button")
        line = spectator.wait_for_selector("#chat-log li.chat-line")
        assert said in line.inner_text()
        assert spectator.evaluate("window.hacked") is None
        assert spectator.locator("#chat-log script, #chat-log img").count() == 0
        spectator.fill("#chat-name", "Zoë")
        spectator.fill("#chat-text", "x" * 600)  # the field keeps the first 500 characters
        assert len(spectator.input_value("#chat-text")) == 500
        spectator.fill("#chat-text", "nice move")
        spectator.click("#chat-form button")
        page.wait_for_selector("#chat-log li.chat-line:has-text('Zoë (watching): nice move')")
        # A 10 kB message that skips the field is refused clearly, and nobody sees it.
        spectator.evaluate("""() => new Promise((resolve) => {
            const ws = new WebSocket(`ws://${location.host}/ws/chat/${
                document.getElementById('table-app').dataset.table}`);
            ws.onmessage = (event) => {
                const message = JSON.parse(event.data);
                if (message.type === 'chat' && message.history) {
                    ws.send(JSON.stringify({type: 'chat', text: 'y'.repeat(10000)}));
                } else if (message.type === 'error') {
                    window.refusal = message; ws.close(); resolve();
                }
            };
        })""")
        assert spectator.evaluate("window.refusal.code") == "bad_request"
        assert "500 characters" in spectator.evaluate("window.refusal.error")
        page.reload()
        wait_for_state(page)
        page.wait_for_selector("#chat-log li.chat-line:has-text('Zoë (watching): nice move')")
        assert page.locator("#chat-log li.chat-line").count() == 2  # stored, nothing else
    finally:
        other_context.close()
    assert page.console.errors == []
