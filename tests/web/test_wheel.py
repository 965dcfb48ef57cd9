"""A game is one folder and ships with `pip install`: the built wheel, installed into a fresh
venv, serves every page with each game's how-to-play text, rulings, drawing and piece texts.

To stay quick the fresh venv gets the wheel with --no-deps and borrows its dependencies from
the test run's own environment through a .pth path line (only the path: that environment's own
.pth files, such as an editable install of squidbox, are not processed), and the server runs
in a temporary folder, so nothing can come from the source checkout."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import venv
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

import squidbox

from .conftest import free_port, wait_until_serving

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def installed_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("wheel")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    source = folder / "source"  # a clean copy: no stale build/ folder can leak into the wheel
    shutil.copytree(ROOT / "src", source / "src",
                    ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    for name in ["pyproject.toml", "README.md"]:
        shutil.copy(ROOT / name, source / name)
    subprocess.run([sys.executable, "-m", "pip", "wheel", str(source), "--no-deps",
                    "--no-build-isolation", "--quiet", "-w", str(folder / "dist")],
                   check=True, cwd=folder)
    wheel = next((folder / "dist").glob("squidbox-*.whl"))
    venv.create(folder / "venv", with_pip=False)
    python = folder / "venv" / "bin" / "python"
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install",
                    "--no-deps", "--quiet", str(wheel)], check=True, cwd=folder, env=env)
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()"
                           "['purelib'])"], check=True, capture_output=True, text=True,
                          cwd=folder, env=env).stdout.strip()
    (Path(site) / "borrowed_dependencies.pth").write_text(
        sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")
    port = free_port()
    log = (folder / "server.log").open("w")
    server = subprocess.Popen([str(python), "-m", "squidbox", "serve", "--port", str(port),
                               "--database", f"sqlite:///{folder / 't.db'}"],
                              cwd=folder, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until_serving(url, server, folder / "server.log")
        where = subprocess.run([str(python), "-c", "import squidbox; print(squidbox.__file__)"],
                               check=True, capture_output=True, text=True, cwd=folder,
                               env=env).stdout
        assert where.startswith(site), f"squidbox came from {where}, not the wheel"
        yield url
    finally:
        server.terminate()
        server.wait(timeout=10)
        log.close()


def test_the_installed_wheel_serves_every_page_of_every_game(installed_server: str) -> None:
    base = installed_server
    for path in ["/", "/static/table.js", "/static/pieces.js", "/static/howto.js"]:
        assert httpx.get(base + path, timeout=10).status_code == 200, path
    listed = {game["id"]: game for game in httpx.get(f"{base}/api/games", timeout=10).json()}
    for game_id in squidbox.game_ids():
        assert listed[game_id]["lobby"] is not None, f"{game_id}: lobby.toml is not in the wheel"
        folder = Path(squidbox.__file__).parent / "games" / game_id
        rules = httpx.get(f"{base}/rules/{game_id}", timeout=10)
        assert rules.status_code == 200
        how_to = (folder / "how_to_play.md").read_text(encoding="utf-8").splitlines()[0]
        assert how_to.lstrip("# ") in rules.text
        rulings = next(line for line in (folder / "rulings.md").read_text(
            encoding="utf-8").splitlines() if line.startswith("#"))
        assert rulings.lstrip("# ").split("`")[0] in rules.text
        assert "no rulings document" not in rules.text
        drawing = httpx.get(f"{base}/games/{game_id}/table.js", timeout=10)
        assert drawing.text == (folder / "table.js").read_text(encoding="utf-8")
        pieces = httpx.get(f"{base}/api/games/{game_id}/pieces", timeout=10).json()
        assert len(pieces["pieces"]) >= 5
        created = httpx.post(f"{base}/api/tables", json={"game": game_id, "players": 3,
                             "bots": {"1": "random", "2": "random"}}, timeout=30).json()
        table = httpx.get(base + created["seats"][0]["url"], timeout=10)
        assert table.status_code == 200 and 'id="table-app"' in table.text


def test_the_installed_wheel_serves_the_german_pages(installed_server: str) -> None:
    """The compiled catalogs and the German how-to-play page are in the wheel."""
    german = {"Accept-Language": "de-DE,de;q=0.9"}
    lobby = httpx.get(f"{installed_server}/", headers=german, timeout=10)
    assert '<html lang="de">' in lobby.text and "Tisch eröffnen" in lobby.text
    rules = httpx.get(f"{installed_server}/rules/squid_circle", headers=german, timeout=10)
    assert "So spielt man SQUID" in rules.text and "Ablauf einer Runde" in rules.text
    catalog = httpx.get(f"{installed_server}/i18n/de.json", timeout=10).json()
    assert catalog["Create table"] == "Tisch eröffnen"
    games = httpx.get(f"{installed_server}/api/games", headers=german, timeout=10).json()
    squid = next(game for game in games if game["id"] == "squid_circle")
    assert squid["lobby"]["options"]["characters"]["label"] == "Charaktere je Farbe"
