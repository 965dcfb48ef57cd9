"""The replay page in chromium (issue 20, item 2): a finished game of every game, stepped through
from two seats and the spectator; each sampled step's board and log must be exactly what the
game's own drawing makes of `game.replay`'s view and log at that step. Keyboard and slider once;
the downloaded record replays in `squidbox replay`; an unfinished table has no replay."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

import squidbox
from squidbox.record import load_record

from .helpers import create_table, players_for

GAMES = squidbox.game_ids()
# The board drawn afresh from the expected view, in a board of the same size, and compared
# (with `legal` moves drawn as the table draws pieces to click, when given).
SAME_BOARD = """async ([game, view, log, legal = [], labels = {}]) => {
  const { setLog } = await import("/static/svg.js");
  const drawing = await import(`/games/${game}/table.js`);
  const board = document.getElementById("board");
  const twin = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  twin.setAttribute("class", "board");
  board.parentElement.appendChild(twin);
  setLog(log);
  drawing.draw(twin, view, legal, labels, () => {});
  const same = board.childElementCount > 0 && twin.innerHTML === board.innerHTML;
  twin.remove();
  return same;
}"""


def finished_table(base_url: str, game_id: str) -> str:
    players = players_for(game_id)
    body = {"game": game_id, "players": players, "seed": 7, "turn_seconds": None,
            "bots": {str(seat): "random" for seat in range(players)}}
    answer = httpx.post(f"{base_url}/api/tables", json=body, timeout=30)
    assert answer.status_code == 201, answer.text
    table = answer.json()["table"]
    deadline = time.monotonic() + 60
    while httpx.get(f"{base_url}/api/tables/{table}").json()["status"] != "finished":
        assert time.monotonic() < deadline, f"{game_id}: the bots did not finish"
        time.sleep(0.1)
    return table


@pytest.fixture(scope="module")
def finished(base_url: str) -> dict[str, tuple[str, Any]]:
    """A finished table of every game, with its record."""
    tables = {}
    for game_id in GAMES:
        table = finished_table(base_url, game_id)
        record = load_record(httpx.get(f"{base_url}/api/tables/{table}/record").text)
        tables[game_id] = (table, record)
    return tables


def ready(page: Any, seat: int | None, step: int) -> None:
    mark = f"{'' if seat is None else seat}:{step}"
    page.wait_for_selector(f'#replay-app[data-ready="{mark}"]')


def check_step(page: Any, record: Any, seat: int | None, step: int) -> None:
    game = squidbox.get_game(record.game)
    expected = game.replay(record.players, record.seed, record.options, record.actions[:step])
    log = expected.log(seat)
    shown = page.locator("#log li").all_inner_texts()
    assert shown == [entry["text"] for entry in log], f"{record.game} step {step} seat {seat}"
    assert page.evaluate(SAME_BOARD, [record.game, expected.view(seat), log]), \
        f"{record.game}: the board at step {step} as seat {seat} is not game.replay's view"
    assert page.input_value("#replay-slider") == str(step)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_steps_through_as_two_seats_and_the_spectator(
        page: Any, base_url: str, finished: dict[str, tuple[str, Any]], game_id: str):
    table, record = finished[game_id]
    last = len(record.actions)
    samples = sorted({0, 1, last // 3, 2 * last // 3, last - 1, last})
    page.goto(f"{base_url}/replay/{table}?seat=0")
    ready(page, 0, 0)
    assert page.get_attribute("#replay-slider", "max") == str(last)
    for seat in (0, 1, None):
        page.select_option("#replay-viewer", "" if seat is None else str(seat))
        for step in samples:
            page.fill("#replay-slider", str(step))
            ready(page, seat, step)
            check_step(page, record, seat, step)
    # The players the log names are marked in their colours, as at the table.
    marks = page.eval_on_selector_all("#log .log-seat", "marks => marks.map("
                                      "m => m.style.getPropertyValue('--seat-colour'))")
    assert marks and all(marks), game_id
    assert page.console.errors == []


def test_buttons_keys_slider_share_link_and_the_downloaded_record(
        page: Any, base_url: str, finished: dict[str, tuple[str, Any]], tmp_path: Path):
    table, record = finished["squid_circle"]
    last = len(record.actions)
    page.goto(f"{base_url}/replay/{table}?seat=1&step=5")  # a shared address opens its step
    ready(page, 1, 5)
    check_step(page, record, 1, 5)
    page.click("#replay-forward")
    ready(page, 1, 6)
    page.click("#replay-back")
    page.click("#replay-back")
    ready(page, 1, 4)
    page.keyboard.press("End")
    ready(page, 1, last)
    assert page.is_disabled("#replay-forward") and page.is_disabled("#replay-last")
    page.keyboard.press("ArrowLeft")
    ready(page, 1, last - 1)
    page.keyboard.press("Home")
    ready(page, 1, 0)
    assert page.is_disabled("#replay-back")
    page.keyboard.press("ArrowRight")
    ready(page, 1, 1)
    check_step(page, record, 1, 1)
    page.focus("#replay-slider")
    page.keyboard.press("ArrowRight")  # the slider's own key
    ready(page, 1, 2)
    page.click("#replay-last")
    ready(page, 1, last)
    check_step(page, record, 1, last)
    share = page.input_value(".copy-field")
    assert share.endswith(f"/replay/{table}?step={last}&seat=1")
    assert page.url == share

    with page.expect_download() as download:
        page.click("#record-download")
    path = tmp_path / "record.json"
    download.value.save_as(path)
    assert load_record(path.read_text()) == record
    answers = "n\n\nb\n3\nq\n"
    run = subprocess.run([sys.executable, "-m", "squidbox", "replay", str(path), "--seat", "1"],
                         input=answers, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    game = squidbox.get_game("squid_circle")
    for step in (0, 1, 2, 1, 3):  # enter and n go forward, b back, a number jumps
        assert f"=== Step {step}/{last}" in run.stdout
    third = game.replay(record.players, record.seed, record.options, record.actions[:3])
    before = game.replay(record.players, record.seed, record.options, record.actions[:2])
    for entry in third.log(1)[len(before.log(1)):]:
        assert f"  · {entry['text']}" in run.stdout
    assert game.render(third.view(1)) in run.stdout
    assert page.console.errors == []


def test_the_results_panel_links_the_replay_and_the_record(
        page: Any, base_url: str, finished: dict[str, tuple[str, Any]]):
    table, _record = finished["grid_squid"]
    page.goto(f"{base_url}/t/{table}")
    page.click("#replay-link")
    page.wait_for_selector("#replay-app[data-ready]")
    assert page.url.startswith(f"{base_url}/replay/{table}")
    page.goto(f"{base_url}/t/{table}")
    href = page.get_attribute("#record-link", "href")
    assert json.loads(httpx.get(f"{base_url}{href}").text)["game"] == "grid_squid"


def test_an_unfinished_table_has_no_replay(page: Any, base_url: str):
    table = create_table(base_url, "grid_squid")["table"]
    page.goto(f"{base_url}/replay/{table}")
    page.wait_for_selector("#replay-refused")
    text = page.inner_text("#replay-refused")
    assert "not finished" in text and "hidden cards" in text
    assert page.locator("#board").count() == 0
    page.goto(f"{base_url}/replay/nosuchtable")
    assert "There is no table" in page.inner_text("main")


def serve(database: Path, log: Path) -> tuple[subprocess.Popen[bytes], str]:
    from .conftest import free_port, wait_until_serving

    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "squidbox", "serve", "--port", str(port),
                               "--database", f"sqlite:///{database}", "--no-rate-limits"],
                              stdout=log.open("a"), stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    wait_until_serving(url, server, log)
    return server, url


def stop(server: subprocess.Popen[bytes]) -> None:
    server.terminate()
    server.wait(timeout=10)


def test_a_table_finished_under_older_rules_says_so_everywhere(page: Any, tmp_path: Path):
    """A server whose rules are newer than a stored table's, where an action no longer
    replays: the lobby, the table page and the replay page say so; the record stays whole."""
    import sqlalchemy as sa

    from squidbox.record import rules_version

    database, log = tmp_path / "t.db", tmp_path / "server.log"
    server, url = serve(database, log)
    try:
        table = finished_table(url, "grid_squid")
        record = load_record(httpx.get(f"{url}/api/tables/{table}/record").text)
    finally:
        stop(server)
    engine = sa.create_engine(f"sqlite:///{database}")
    with engine.begin() as connection:  # as if this server's rules were newer than the table's
        connection.execute(sa.text("UPDATE table_versions SET rules_version = :v"),
                           {"v": rules_version("grid_squid") + 1})
        connection.execute(sa.text("UPDATE actions SET action = 'place Z9' WHERE \"index\" = 3"))
        connection.execute(sa.text("DELETE FROM snapshots"))
    engine.dispose()
    server, url = serve(database, log)
    try:
        page.goto(f"{url}/t/{table}")
        page.wait_for_selector('#turn[data-status="outdated"]')
        assert "Finished under older rules" in page.inner_text("#turn")
        assert "action 4 of" in page.inner_text("#turn")
        page.goto(url)
        page.wait_for_selector(f'a[href="/replay/{table}"]')
        assert "finished under older rules" in page.inner_text("#table-list")
        page.click(f'a[href="/replay/{table}"]')
        ready(page, None, 0)
        assert "Finished under older rules" in page.inner_text("#outdated")
        assert page.get_attribute("#replay-slider", "max") == "3"
        page.keyboard.press("End")
        ready(page, None, 3)
        check_step(page, record, None, 3)
        downloaded = load_record(httpx.get(f"{url}/api/tables/{table}/record").text)
        assert len(downloaded.actions) == len(record.actions)
        assert downloaded.actions[3][1] == "place Z9"
    finally:
        stop(server)


def test_the_replay_page_on_a_phone_passes_axe_and_fits(
        browser: Any, base_url: str, finished: dict[str, tuple[str, Any]]):
    from axe_playwright_python.sync_playwright import Axe

    from .test_axe import OVERFLOWING, blocking_violations

    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True)
    context.set_default_timeout(15_000)
    phone = context.new_page()
    try:
        for game_id in ("squid_inc", "directors"):
            table, record = finished[game_id]
            phone.goto(f"{base_url}/replay/{table}?seat=0&step={len(record.actions) // 2}")
            ready(phone, 0, len(record.actions) // 2)
            assert blocking_violations(Axe(), phone) == [], f"{game_id} replay page"
            shell = phone.evaluate(OVERFLOWING)
            assert shell["scroll"] <= shell["width"] and shell["wide"] == [], shell
    finally:
        context.close()


def test_the_terminal_command_is_a_folded_note_after_the_links(
        page: Any, base_url: str, finished: dict[str, tuple[str, Any]]):
    table, _record = finished["grid_squid"]
    page.goto(f"{base_url}/replay/{table}")
    page.wait_for_selector("#replay-app[data-ready]")
    command = page.get_by_text("squidbox replay FILE", exact=True)
    assert command.count() == 1 and not command.is_visible()  # folded: a player reads the replay
    assert "squidbox replay" not in page.inner_text("#replay-app")
    order = page.evaluate("""() => [...document.querySelectorAll(
        '#record-download, .copy-field, #developer-note')].map((n) => n.id || 'share')""")
    assert order == ["record-download", "share", "developer-note"]
    page.click("#developer-note summary")
    assert command.is_visible()
    assert page.console.errors == []
