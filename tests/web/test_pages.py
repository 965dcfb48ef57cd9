"""The pages and assets of the web client: the HTML that `mount_web` serves (called directly
and through the real server), and the static files."""

from __future__ import annotations

import asyncio
from pathlib import Path

import httpx
import pytest
from fastapi import FastAPI

import squidbox
from squidbox.web import mount_web, pages

STATIC = Path(pages.__file__).resolve().parent / "static"
GAME_MODULES = {path.stem for path in (STATIC / "games").glob("*.js")}


def body_of(coroutine: object) -> tuple[int, str]:
    response = asyncio.run(coroutine)  # type: ignore[arg-type]
    return response.status_code, bytes(response.body).decode()


def test_mount_web_adds_the_three_pages_and_the_assets() -> None:
    app = FastAPI()
    mount_web(app)
    paths = {getattr(route, "path", None) for route in app.routes}
    assert {"/", "/t/{table_id}", "/rules/{game_id}", "/static"} <= paths


def test_the_lobby_page_has_the_form_and_loads_its_module() -> None:
    status, text = body_of(pages.lobby_page())
    assert status == 200
    assert '<form id="create-form"' in text
    assert '<script type="module" src="/static/lobby.js">' in text
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in text


def test_the_table_page_escapes_the_table_id() -> None:
    status, text = body_of(pages.table_page('<b onclick="x">'))
    assert status == 200
    assert "<b onclick" not in text
    assert 'data-table="&lt;b onclick=&quot;x&quot;&gt;"' in text


def test_missing_rulings_say_where_to_read_them(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(pages, "RULINGS_DIR", tmp_path)
    status, text = body_of(pages.rules_page("grid_squid"))
    assert status == 200
    assert "docs/rulings/grid_squid.md in the squidbox source repository" in text


def test_every_asset_is_served_locally_by_the_server(base_url: str) -> None:
    for name in ["app.css", "lobby.js", "table.js", "svg.js", "favicon.svg", "games/generic.js",
                 *(f"games/{game_id}.js" for game_id in squidbox.game_ids())]:
        response = httpx.get(f"{base_url}/static/{name}", timeout=10)
        assert response.status_code == 200, name
        text = response.text.replace("http://www.w3.org/2000/svg", "")
        assert "http://" not in text and "https://" not in text, f"{name} loads nothing remote"


def test_every_registered_game_has_a_drawing_module() -> None:
    assert set(squidbox.game_ids()) <= GAME_MODULES
    for game_id in squidbox.game_ids():
        source = (STATIC / "games" / f"{game_id}.js").read_text(encoding="utf-8")
        assert "export function draw(svg, view, legal, labels, act)" in source
        assert "clickable(" in source
