"""For operators: GET /healthz (JSON) and GET /metrics (Prometheus text format)."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from .routing import manager_of

router = APIRouter()


PROBE_SECONDS = 2.0  # a dependency that has not answered in this long counts as down


@router.get("/healthz")
async def healthz(request: Request) -> JSONResponse:
    """Each dependency's state. 200 while the database answers: "ok", or "degraded" when the
    bus is down (this process still plays its own tables); 503 when the database does not
    (nothing can be stored). Quarantined tables are listed, not failures."""
    manager = manager_of(request)
    dependencies = {"database": await _probe(manager.db(manager.storage.ping))}
    if manager.cluster is not None:
        link = manager.cluster.bus.link
        dependencies["bus"] = {"ok": link.connected, **({} if link.connected
                                                         else {"error": link.error})}
    healthy = all(state["ok"] for state in dependencies.values())
    body = {"status": "ok" if healthy else "degraded", "dependencies": dependencies,
            "tables": len(manager.tables), "connections": manager.connections,
            "quarantined": [{"table": table_id, "reason": reason}
                            for table_id, reason in sorted(manager.quarantined.items())]}
    return JSONResponse(body, status_code=200 if dependencies["database"]["ok"] else 503)


async def _probe(check: Any) -> dict[str, Any]:
    try:
        await asyncio.wait_for(check, PROBE_SECONDS)
    except TimeoutError:
        return {"ok": False, "error": f"no answer in {PROBE_SECONDS:g} s"}
    except Exception as e:
        reason = str(getattr(e, "orig", None) or e).strip().splitlines()
        return {"ok": False, "error": reason[0] if reason else type(e).__name__}
    return {"ok": True}


@router.get("/metrics", include_in_schema=False)
async def metrics(request: Request) -> Response:
    return Response(generate_latest(request.app.state.metrics.registry),
                    media_type=CONTENT_TYPE_LATEST)
