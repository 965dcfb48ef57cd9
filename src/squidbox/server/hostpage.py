"""The host page `/host/{table_id}?token=<host token>` (web/static/host.js does the rest through
the /api/tables/{id}/host routes of seating.py). Only added when the web client is installed."""

from __future__ import annotations

import html

from fastapi import APIRouter
from fastapi.responses import HTMLResponse

from squidbox.i18n import gettext as _

router = APIRouter()


@router.get("/host/{table_id}", response_class=HTMLResponse, include_in_schema=False)
async def host_page(table_id: str) -> HTMLResponse:
    from squidbox.web.pages import _h, page

    safe_id = html.escape(table_id[:64], quote=True)
    body = f"""<div id="host-app" class="host-app" data-table="{safe_id}">
<h1>{_h("Host of table {table}").replace("{table}", safe_id)}</h1>
<p class="muted">{_h("This page is yours alone: its link lets whoever has it change the seats. "
"Send each friend only their own seat's link.")}</p>
<p id="host-status" aria-live="polite">{_h("Loading…")}</p>
<p id="host-error" class="error" role="alert" hidden></p>
<section class="panel" aria-labelledby="host-seats-title"><h2 id="host-seats-title">{_h("Seats")}
</h2><ul id="host-seats" class="host-seats"></ul></section>
<section class="panel" aria-labelledby="host-table-title"><h2 id="host-table-title">
{_h("Table")}</h2><div id="host-table-actions" class="actions"></div></section>
<section class="panel" aria-labelledby="invite-title"><h2 id="invite-title">{_h("Invite by name")}
</h2><form id="invite-form" class="account-form"><label>{_h("Name of their account")} <input
id="invite-name" required maxlength="24" autocomplete="off"></label>
<button type="submit">{_h("Invite")}</button></form>
<p id="invite-message" role="status" aria-live="polite"></p></section>
</div>
<script type="module" src="/static/invite.js"></script>"""
    return HTMLResponse(page(_("Host of table {table}").format(table=table_id[:64]), body,
                             "host.js", "host"))
