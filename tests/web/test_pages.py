"""The pages and assets of the web client: the HTML that `mount_web` serves (called directly
and through the real server), and the static files."""

from __future__ import annotations

import asyncio
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi import FastAPI, Request

import squidbox
from squidbox.web import mount_web, pages

STATIC = Path(pages.__file__).resolve().parent / "static"
GAMES = Path(squidbox.__file__).resolve().parent / "games"


def run(coroutine: object) -> Any:
    """Run a page coroutine in a thread of its own: the browser tests' Playwright keeps an
    event loop running in this one."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()  # type: ignore[arg-type]


def body_of(coroutine: object) -> tuple[int, str]:
    response = run(coroutine)
    return response.status_code, bytes(response.body).decode()


def test_mount_web_adds_the_three_pages_and_the_assets() -> None:
    app = FastAPI()
    mount_web(app)
    paths = {getattr(route, "path", None) for route in app.routes}
    assert {"/", "/t/{table_id}", "/rules/{game_id}", "/static", "/games/{game_id}/table.js",
            "/api/games/{game_id}/pieces"} <= paths


def test_the_lobby_page_has_the_form_and_loads_its_module() -> None:
    status, text = body_of(pages.lobby_page())
    assert status == 200
    assert '<form id="create-form"' in text
    assert '<script type="module" src="/static/lobby.js">' in text
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in text


def test_the_table_page_escapes_the_table_id() -> None:
    without_tables = Request({"type": "http", "app": FastAPI()})  # every table id "exists"
    status, text = body_of(pages.table_page(without_tables, '<b onclick="x">'))
    assert status == 200
    assert "<b onclick" not in text
    assert 'data-table="&lt;b onclick=&quot;x&quot;&gt;"' in text


def test_a_game_without_a_folder_gets_the_generic_drawing_and_no_pieces() -> None:
    response = run(pages.game_drawing("no_such_game"))
    assert b"walk(" in bytes(response.body)
    status, text = body_of(pages.game_pieces("no_such_game"))
    assert status == 404 and "unknown game" in text


def test_every_asset_is_served_locally_by_the_server(base_url: str) -> None:
    for name in ["static/app.css", "static/lobby.js", "static/table.js", "static/svg.js",
                 "static/pieces.js", "static/results.js", "static/howto.js",
                 "static/seats.js", "static/connection.js", "static/favicon.svg",
                 "static/games/generic.js",
                 *(f"games/{game_id}/table.js" for game_id in squidbox.game_ids())]:
        response = httpx.get(f"{base_url}/{name}", timeout=10)
        assert response.status_code == 200, name
        text = response.text.replace("http://www.w3.org/2000/svg", "")
        assert "http://" not in text and "https://" not in text, f"{name} loads nothing remote"


@pytest.mark.parametrize("game_id", squidbox.game_ids())
def test_every_game_folder_has_its_drawing_how_to_play_rulings_and_pieces(game_id: str) -> None:
    folder = GAMES / game_id
    for name in ["table.js", "how_to_play.md", "rulings.md", "pieces.py", "results.py",
                 "look.toml"]:
        assert (folder / name).is_file(), f"{game_id}/{name}"
    source = (folder / "table.js").read_text(encoding="utf-8")
    assert "export function draw(svg, view, legal, labels, act)" in source
    assert "clickable(" in source and "piece(" in source
    colour_tables = re.findall(r"^const [A-Z_]+ = [{\[][^;]*#[0-9a-fA-F]{6}", source, re.M)
    assert colour_tables == [], "a game's colours belong in its look.toml"
