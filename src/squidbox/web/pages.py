"""The web client's pages: the lobby `/`, a table `/t/{table_id}`, "My tables" `/mine`, a
game's how-to-play page `/rules/{id}` (with its rulings), the static assets under `/static`,
and what each game's folder holds, served through the registry: its table drawing
`/games/{id}/table.js` and its pieces' texts `/api/games/{id}/pieces`.

How the server uses it: in the app factory, after the `/api` and `/ws` routes are added, call
`from squidbox.web import mount_web` and then `mount_web(app)` on the FastAPI app. It adds the
HTML pages and the game-folder routes as GET routes and mounts `squidbox/web/static` at
`/static` (StaticFiles, named "static"). The pages talk to the server only through the
contract in docs/web-api.md, so the server needs nothing else from this package; the one thing
they read from the server itself is whether a table exists (`app.state.manager.get`), so that
`/t/<unknown>` answers a 404 page that opens no WebSocket.
"""

from __future__ import annotations

import hashlib
import html
import json
from functools import cache
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles

import squidbox
from squidbox import i18n
from squidbox.engine import UnknownGame
from squidbox.games.lobby import lobby_words
from squidbox.i18n import gettext as _
from squidbox.registry import game_file, game_part
from squidbox.server.errors import ApiError

from .language import LanguageMiddleware
from .markdown import markdown_to_html

STATIC_DIR = Path(__file__).resolve().parent / "static"
EXAMPLE_SEED = 1
MY_TABLES_SCRIPT = "mytables.js"  # on every page with a script: the header's count, notifications
ACCOUNT_SCRIPT = "account.js"  # on every page with a script: the header's account, seats by account
# by game id and language: the data file is read at start only
_pieces_json: dict[tuple[str, str, bool], dict[str, Any]] = {}


def mount_web(app: FastAPI) -> None:
    """Add the HTML pages and the static assets to `app`."""
    app.add_api_route("/", lobby_page, methods=["GET"], response_class=HTMLResponse,
                      include_in_schema=False)
    app.add_api_route("/t/{table_id}", table_page, methods=["GET"],
                      response_class=HTMLResponse, include_in_schema=False)
    app.add_api_route("/replay/{table_id}", replay_page, methods=["GET"],
                      response_class=HTMLResponse, include_in_schema=False)
    app.add_api_route("/mine", my_tables_page, methods=["GET"], response_class=HTMLResponse,
                      include_in_schema=False)
    app.add_api_route("/account", account_page, methods=["GET"], response_class=HTMLResponse,
                      include_in_schema=False)
    app.add_api_route("/u/{name}", profile_page, methods=["GET"], response_class=HTMLResponse,
                      include_in_schema=False)
    app.add_api_route("/rules/{game_id}", rules_page, methods=["GET"],
                      response_class=HTMLResponse, include_in_schema=False)
    app.add_api_route("/games/{game_id}/table.js", game_drawing, methods=["GET"],
                      include_in_schema=False)
    app.add_api_route("/api/games/{game_id}/pieces", game_pieces, methods=["GET"])
    app.add_api_route("/i18n/{language}.json", catalog_file, methods=["GET"],
                      include_in_schema=False)
    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")
    app.add_middleware(LanguageMiddleware)


def page(title: str, body: str, script: str | None = None, main_class: str = "") -> str:
    """A whole HTML document around `body` (already safe HTML)."""
    module = f'<script type="module" src="/static/{script}"></script>' if script else ""
    language = i18n.current()
    if script and script != MY_TABLES_SCRIPT:  # a page without script (a 404) stays without
        module += f'\n<script type="module" src="/static/{MY_TABLES_SCRIPT}"></script>'
    if script:
        module += f'\n<script type="module" src="/static/{ACCOUNT_SCRIPT}"></script>'
    return f"""<!doctype html>
<html lang="{language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(title)} · squidbox</title>
<link rel="stylesheet" href="/static/app.css">
<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
{_catalog_link(language)}
<script type="module" src="/static/i18n.js"></script>
{module}
</head>
<body>
<header class="site-header"><a class="brand" href="/">squidbox</a>
<a id="mine-link" class="mine-link" href="/mine">{_h("My tables")}</a>
<a id="account-link" class="account-link" href="/account">{_h("Sign in")}</a>
<nav aria-label="{_h("How to play")}">{_rules_links()}</nav>
{_language_switch(language)}</header>
<main id="main" class="{main_class}">
{body}
</main>
</body>
</html>
"""


def _h(text: str) -> str:
    """`text` in the reader's language, escaped for HTML (text or attribute)."""
    return html.escape(_(text), quote=True)


def _catalog_link(language: str) -> str:
    """Where i18n.js finds the page language's catalog (none for English, the message ids):
    a URL that names the catalog's version, so that browsers keep it for good."""
    if language == i18n.DEFAULT:
        return ""
    url = f"/i18n/{language}.json?v={_catalog_json(language)[1]}"
    return (f'<link rel="preload" id="i18n-catalog" href="{url}" as="fetch" '
            'crossorigin="anonymous">')


@cache
def _catalog_json(language: str) -> tuple[bytes, str]:
    body = json.dumps(i18n.catalog(language), ensure_ascii=False,
                      separators=(",", ":")).encode("utf-8")
    return body, hashlib.sha256(body).hexdigest()[:12]


async def catalog_file(language: str) -> Response:
    """`/i18n/<lang>.json`: the browser's catalog of a language (squidbox.i18n.catalog)."""
    if language not in i18n.LANGUAGES or language == i18n.DEFAULT:
        return JSONResponse({"error": f"no catalog for {language!r}", "code": "not_found"},
                            status_code=404)
    body, _version = _catalog_json(language)
    return Response(body, media_type="application/json",
                    headers={"Cache-Control": "public, max-age=31536000, immutable"})


def _language_switch(language: str) -> str:
    """The header's language switch (i18n.js remembers the choice in the `lang` cookie)."""
    options = "".join(
        f'<option value="{code}" lang="{code}"{" selected" if code == language else ""}>'
        f"{html.escape(name)}</option>" for code, name in i18n.LANGUAGES.items())
    return (f'<label class="language-switch">{_h("Language")} '
            f'<select id="language-select">{options}</select></label>')


def _rules_links() -> str:
    return _h("How to play:") + " " + " ".join(
        f'<a href="/rules/{html.escape(game.id)}">{_h(game.name)}</a>'
        for game in squidbox.list_games()
    )


async def lobby_page() -> HTMLResponse:
    body = f"""<h1>{_h("Play a game")}</h1>
<section class="panel" aria-labelledby="create-title">
<h2 id="create-title">{_h("New table")}</h2>
<form id="create-form" class="create-form">
<label>{_h("Game")} <select id="game-select" name="game" required
aria-describedby="game-about"></select></label>
<p id="game-about" class="game-about"></p>
<label>{_h("Players")} <select id="players-select" name="players" required></select></label>
<fieldset id="seats-fieldset"><legend>{_h("Seats")}</legend><div id="seat-rows"></div>
<small id="bot-help" class="muted"></small></fieldset>
<details id="options-details"><summary>{_h("Options")}</summary><div id="option-rows"></div>
</details>
<fieldset id="account-rules"><legend>{_h("Accounts")}</legend>
<label><input id="rated-check" type="checkbox" aria-describedby="rated-help">
{_h("Rated")}</label> <label><input id="signed-in-check" type="checkbox">
{_h("Signed-in people only")}</label>
<small id="rated-help" class="muted">{_h("A rated table is for signed-in people only: you take "
"the first seat, every other seat is open, no bots and no data edits.")}</small></fieldset>
<button type="submit" id="create-button">{_h("Create table")}</button>
<details id="variant-details"><summary>{_h("For designers")}</summary>
<label>{_h("Seed")} <input id="seed-input" name="seed" type="number" inputmode="numeric"
aria-describedby="seed-help"></label>
<small id="seed-help" class="muted">{_h("A number that fixes every shuffle: the same seed and "
"settings deal the same game again. Leave it empty for a new game.")}</small>
<label>{_h("Data edits, one KEY=VALUE a line, as")} <code>squidbox --set</code>
<textarea id="variant-input" name="variant" rows="3" placeholder="cards.Magpie.cost=0"></textarea>
</label>
<label><input id="proposed-check" type="checkbox" aria-describedby="proposed-help">
{_h("Show proposed values")}</label>
<small id="proposed-help" class="muted">{_h("Marks the values the data file proposes where the "
"rulebook is silent, on this table's pieces (its links open it so; a variant table always "
"shows them).")}</small></details>
</form>
<div id="create-result" aria-live="polite"></div>
<p id="lobby-error" class="error" role="alert" hidden></p>
</section>
<section class="panel" aria-labelledby="tables-title">
<h2 id="tables-title">{_h("Tables")}</h2>
<div id="table-list">{_h("Loading…")}</div>
</section>"""
    return HTMLResponse(page(_("Lobby"), body, "lobby.js", "lobby"))


async def account_page() -> HTMLResponse:
    """Sign up, sign in (a passkey, or the password fallback) and the signed-in account's
    settings (accountpage.js does the work through /api/account)."""
    body = f"""<h1 id="account-heading">{_h("Your account")}</h1>
<p class="muted">{_h("Nobody needs an account to play: a seat's link is enough. With an "
"account your tables follow you to every device, you can play rated games and you have a "
"profile.")}</p>
<p id="account-message" role="status" aria-live="polite"></p>
<div id="signed-out" hidden>
<section class="panel" aria-labelledby="signup-title"><h2 id="signup-title">{_h("Sign up")}</h2>
<form id="signup-form" class="account-form"><label>{_h("Name")} <input id="signup-name"
name="name" required minlength="2" maxlength="24" autocomplete="username webauthn"></label>
<small class="muted">{_h("2 to 24 letters, digits, spaces, '.', '_' or '-'. Everyone sees it.")}
</small><button type="submit" id="signup-button">{_h("Create account with a passkey")}</button>
</form></section>
<section class="panel" aria-labelledby="signin-title"><h2 id="signin-title">{_h("Sign in")}</h2>
<button type="button" id="passkey-signin">{_h("Sign in with a passkey")}</button>
<details id="password-details"><summary>{_h("Sign in with a password")}</summary>
<form id="password-signin" class="account-form"><label>{_h("Name")} <input id="signin-name"
name="name" required autocomplete="username"></label><label>{_h("Password")} <input
id="signin-password" name="password" type="password" required autocomplete="current-password">
</label><button type="submit">{_h("Sign in")}</button></form></details></section></div>
<div id="signed-in" hidden>
<section class="panel" aria-labelledby="me-title"><h2 id="me-title"></h2>
<p><a id="profile-link" href="/">{_h("Your profile")}</a> · <span id="passkey-count"></span></p>
<p class="account-actions"><button type="button" id="add-passkey">{_h("Add a passkey")}</button>
<button type="button" id="sign-out">{_h("Sign out")}</button>
<button type="button" id="sign-out-everywhere">{_h("Sign out everywhere")}</button></p>
<details><summary>{_h("Password (a fallback)")}</summary>
<form id="password-form" class="account-form"><label>{_h("New password")} <input
id="new-password" type="password" minlength="12" maxlength="128" autocomplete="new-password"
required></label><small class="muted">{_h("At least 12 characters, not a well-known one, "
"without your name.")}</small><button type="submit">{_h("Set password")}</button></form>
</details>
<details><summary>{_h("Your data")}</summary>
<p><a id="export-link" href="/api/account/export" download>{_h("Export as JSON")}</a></p>
<p><button type="button" id="delete-account" class="danger">{_h("Delete my account")}</button>
</p><small class="muted">{_h("Your games stay, under “a deleted player”.")}</small></details>
</section></div>"""
    return HTMLResponse(page(_("Your account"), body, "accountpage.js", "account"))


async def profile_page(name: str) -> HTMLResponse:
    """A person's public profile: profile.js draws /api/profiles/{name}."""
    body = f"""<h1 id="profile-name">{html.escape(name)}</h1>
<p id="profile-joined" class="muted"></p>
<div id="profile" data-name="{html.escape(name, quote=True)}">{_h("Loading…")}</div>"""
    return HTMLResponse(page(name, body, "profile.js", "profile"))


async def my_tables_page() -> HTMLResponse:
    """Every table this browser holds a seat at. The tokens are in the browser, so mytables.js
    (on every page with a script: it also keeps the header's count and sends the notifications)
    draws the list and writes the page's words, through t()."""
    body = """<h1 id="mine-heading">My tables</h1>
<p id="mine-about" class="muted"></p>
<div class="mine-tools"><button type="button" id="notify-button" hidden></button>
<span id="notify-state" role="status"></span>
<span id="mine-connection" class="connection" aria-live="polite"></span></div>
<section class="panel" id="mine-panel"><div id="my-tables"></div></section>"""  # mytables.js
    return HTMLResponse(page(_("My tables"), body, MY_TABLES_SCRIPT, "mine"))


async def table_page(request: Request, table_id: str) -> HTMLResponse:
    if not await _table_exists(request, table_id):
        return HTMLResponse(page(_("No such table"), _unknown_table(table_id)),
                            status_code=404)
    safe_id = html.escape(table_id, quote=True)
    body = f"""<nav id="seat-switcher" class="seat-switcher" aria-label="{_h("Your seats")}" hidden>
</nav>
<div id="table-app" class="table-app" data-table="{safe_id}">
<div class="table-top">
<h1 id="table-title">{_h("Table {table}").replace("{table}", safe_id)}</h1>
<p id="connection" class="connection" aria-live="polite">{_h("Connecting…")}</p>
</div>
<div class="status-bar" id="status-bar">
<p id="offline-banner" class="offline-banner" role="status" hidden></p>
<p id="turn" class="turn" aria-live="polite"></p>
<div id="actions" class="actions" role="group" aria-label="{_h("Your choices")}"></div>
<button type="button" id="explain-button" class="secondary explain">{_h("Explain pieces")}</button>
<p id="clocks" class="clocks" role="timer" aria-label="{_h("Turn timer")}" hidden></p></div>
<p id="error" class="error" role="alert" hidden></p>
<section id="results" class="panel results" aria-labelledby="results-title" hidden></section>
<div class="table-grid">
<section class="board-panel" aria-label="{_h("Board")}">
<svg id="board" class="board" role="group" aria-label="{_h("Game board")}"
 xmlns="http://www.w3.org/2000/svg"></svg>
</section>
<aside class="side-panel">
<section class="players" aria-labelledby="seats-title"><h2 id="seats-title">{_h("Players")}</h2>
<ul id="seats" class="seats"></ul></section>
<p id="last-move" class="last-move"></p>
<section class="log-panel" aria-labelledby="log-title"><h2 id="log-title">{_h("Log")}</h2>
<ol id="log" class="log" aria-live="polite" aria-relevant="additions" tabindex="0"
 aria-labelledby="log-title"></ol></section>
<div class="table-settings"><label class="pace">{_h("Others' moves")} <select id="pace-select">
<option value="0">{_h("at once")}</option><option value="600">{_h("one by one, quick")}</option>
<option value="1200" selected>{_h("one by one")}</option><option value="2500">{_h("slowly")}
</option></select></label>
<label class="pace"><input type="checkbox" id="sound-toggle"> {_h("Sound on my turn")}</label>
</div>
<p class="legend muted">{_h("Hover, focus or long-press a piece to read it.")}
<span id="proposed-legend" hidden>{_h("* marks a value we chose where the rulebook is silent.")}
</span></p>
<p class="links"><a id="rules-link" href="/">{_h("How to play")}</a> ·
<a href="/">{_h("Lobby")}</a></p>
</aside>
</div>
</div>
<script type="module" src="/static/table_extras.js"></script>"""  # chat, free seats
    return HTMLResponse(page(_("Table {table}").format(table=table_id), body, "table.js",
                             "table"))


async def replay_page(request: Request, table_id: str) -> HTMLResponse:
    """A finished table step by step (replay.js builds the controls, from
    GET /api/tables/{id}/replay; a table still played is refused there, and the page says so)."""
    if not await _table_exists(request, table_id):
        return HTMLResponse(page(_("No such table"), _unknown_table(table_id)),
                            status_code=404)
    safe_id = html.escape(table_id, quote=True)
    title = _("Replay of table {table}").format(table=table_id)
    body = f"""<div id="replay-app" class="table-app replay-app" data-table="{safe_id}">
<h1 id="replay-title">{html.escape(title)}</h1>
<p id="replay-status" class="muted" aria-live="polite">{_h("Loading…")}</p>
</div>"""
    return HTMLResponse(page(title, body, "replay.js", "replay"))


async def _table_exists(request: Request, table_id: str) -> bool:
    """False only when the server knows there is no such table (anything else, such as a
    table that is unavailable for now, opens the page, which then says what is wrong)."""
    manager = getattr(request.app.state, "manager", None)
    if manager is None:
        return True
    try:
        await manager.get(table_id)
    except ApiError as error:
        return error.code != "unknown_table"
    return True


def _unknown_table(table_id: str) -> str:
    safe_id = html.escape(table_id)
    why = _h("This server has no table with that name: the link is mistyped, or the table "
             "was never created here.")
    what = _h("What to do: check the link, or find or create a table in the lobby.")
    return (f'<section class="panel problem" role="alert"><h1>'
            f'{_h("There is no table {table}").replace("{table}", safe_id)}</h1>'
            f'<p>{why}</p><p>{what}</p>'
            f'<ul><li><a href="/">{_h("Go to the lobby")}</a></li></ul></section>')


async def rules_page(game_id: str) -> HTMLResponse:
    try:
        game = squidbox.get_game(game_id)
    except UnknownGame as error:
        body = f"<h1>{_h('No such game')}</h1><p class=\"error\">{html.escape(str(error))}</p>"
        return HTMLResponse(page(_("Unknown game"), body), status_code=404)
    description = game.describe()
    body = (f"<section class=\"how-to-play\" id=\"how-to-play\">{_how_to_play(game)}</section>"
            f"<p class=\"players\">{_player_count(description)}</p>"
            f"{_example_table(game)}"
            # the options by the names the command line and data edits use, for designers
            f"<details class=\"panel designers\" id=\"options\"><summary>"
            f"{_h('For designers: the options by their command-line names')}</summary>"
            f"{_options_table(description, game)}</details>"
            f"{_rulings_disclosure(game.id)}")
    return HTMLResponse(page(_("How to play {game}").format(game=_(description["name"])), body,
                             "howto.js", "rules"))


async def game_drawing(game_id: str) -> Response:
    """The game folder's `table.js` (the browser drawing), or the generic tree view."""
    found = game_file(game_id, "table.js")
    source = found.read_text(encoding="utf-8") if found is not None else (
        STATIC_DIR / "games" / "generic.js").read_text(encoding="utf-8")
    return Response(source, media_type="text/javascript")


async def game_pieces(game_id: str, proposed: bool = False) -> JSONResponse:
    """What every piece of the game says, from its data file (see squidbox/games/pieces.py);
    `?proposed=1` marks the PROPOSED values (designers' tables), else no value is marked."""
    try:
        game = squidbox.get_game(game_id)
    except UnknownGame as error:
        return JSONResponse({"error": str(error), "code": "unknown_game"}, status_code=404)
    key = (game.id, i18n.current(), proposed)
    if key not in _pieces_json:
        part = game_part(game.id, "pieces")
        _pieces_json[key] = ({"game": game.id, "colours": {}, "notes": [], "pieces": {}}
                             if part is None else part.pieces(game).to_json(proposed))
    return JSONResponse(_pieces_json[key])


def _how_to_play(game: Any) -> str:
    """The game's how-to-play text in the reader's language (`how_to_play.<lang>.md`), else
    the English one with a note saying so."""
    language = i18n.current()
    found = game_file(game.id, f"how_to_play.{language}.md")
    note = ""
    if found is None:
        found = game_file(game.id, "how_to_play.md")
        if language != i18n.DEFAULT and found is not None:
            note = (f'<p class="note" lang="{language}">'
                    f'{_h("This page is not translated yet; here it is in English.")}</p>')
    if found is None:
        return (f"<h1>{_h(game.name)}</h1>"
                f"<p>{_h('This game has no how-to-play page yet.')}</p>")
    lang = "" if found.name.endswith(f".{language}.md") or language == i18n.DEFAULT else (
        ' lang="en"')
    return f"{note}<div{lang}>{markdown_to_html(found.read_text(encoding='utf-8'))}</div>"


def _example_table(game: Any) -> str:
    """A starting table of the game, drawn by the game's own table drawing (howto.js), so the
    pieces look as they do in play; seat 1's view, so only what a player sees."""
    state = game.new_game(game.min_players, EXAMPLE_SEED, {})
    part = game_part(game.id, "pieces")
    if part is not None and hasattr(part, "example"):
        state = part.example(state)
    view = state.view(0)
    data = html.escape(json.dumps(view, separators=(",", ":")), quote=True)
    intro = _("A new {players}-player game as the first seat sees it. Hover, focus or long-press "
              "a piece to read it.")
    return (f"<section class=\"panel example\" aria-labelledby=\"example-title\">"
            f"<h2 id=\"example-title\">{_h('The table')}</h2>"
            f"<p>{html.escape(intro.format(players=game.min_players))}</p>"
            f"<svg id=\"example-board\" class=\"board\" role=\"group\" "
            f"aria-label=\"{_h('Example board')}\" xmlns=\"http://www.w3.org/2000/svg\" "
            f"data-game=\"{html.escape(game.id)}\" data-view=\"{data}\"></svg></section>")


def _player_count(description: dict[str, Any]) -> str:
    low, high = description["min_players"], description["max_players"]
    count = (_("{count} players").format(count=low) if low == high
             else _("{low}–{high} players").format(low=low, high=high))
    return (f"{html.escape(count)} · {_h('game id')} "
            f"<code>{html.escape(description['id'])}</code>")


def _options_table(description: dict[str, Any], game: Any) -> str:
    """Every option with its lobby help line (in the reader's language) where the game has one."""
    options = description["options"]
    words = (lobby_words(game) or {}).get("options", {})
    if not options:
        return f"<p>{_h('This game has no options.')}</p>"
    rows = "".join(
        "<tr>"
        f"<td><code>{html.escape(str(o['name']))}</code></td>"
        f"<td><code>{html.escape(_json_text(o['default']))}</code></td>"
        f"<td>{html.escape(_choices_text(o['choices']))}</td>"
        f"<td>{html.escape(words.get(o['name'], {}).get('help') or str(o['help']))}</td>"
        "</tr>"
        for o in options
    )
    return (f'<div class="table-wrap" tabindex="0" role="region" aria-label="{_h("Options")}">'
            f'<table><thead><tr><th>{_h("Option")}</th><th>{_h("Default")}</th>'
            f'<th>{_h("Choices")}</th><th>{_h("What it does")}</th></tr></thead>'
            f"<tbody>{rows}</tbody></table></div>")


def _json_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    return str(value)


def _choices_text(choices: list[Any] | None) -> str:
    return _("any (see help)") if choices is None else ", ".join(_json_text(c) for c in choices)


def _rulings_disclosure(game_id: str) -> str:
    """The rulings, for owners of the printed game and designers (file paths, issue numbers,
    PROPOSED readings), closed by default below the newcomer's text; `/rules/<id>#rulings` (or a
    fragment inside them) opens it (howto.js)."""
    summary = _h("For owners of the printed game and designers: our rulings")
    note = ("" if i18n.current() == i18n.DEFAULT else
            f'<p class="note">{_h("Our rulings are written in English only.")}</p>')
    return ("<details class=\"panel rulings\" id=\"rulings\">"
            f"<summary>{summary}</summary>{note}"
            f"<div class=\"rulings-text\" lang=\"en\">{_rulings(game_id)}</div></details>")


def _rulings(game_id: str) -> str:
    found = game_file(game_id, "rulings.md")
    if found is None:
        return (f"<h2>{_h('Our rulings')}</h2>"
                f"<p>{_h('This game has no rulings document.')}</p>")
    return markdown_to_html(found.read_text(encoding="utf-8"))
