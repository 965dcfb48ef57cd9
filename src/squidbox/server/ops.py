"""For operators: GET /healthz (JSON) and GET /metrics (Prometheus text format)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from .routing import manager_of

router = APIRouter()


@router.get("/healthz")
async def healthz(request: Request) -> dict[str, Any]:
    """Always 200 while the server runs; quarantined tables are listed, not failures."""
    manager = manager_of(request)
    return {"status": "ok", "tables": len(manager.tables), "connections": manager.connections,
            "quarantined": [{"table": table_id, "reason": reason}
                            for table_id, reason in sorted(manager.quarantined.items())]}


@router.get("/metrics", include_in_schema=False)
async def metrics(request: Request) -> Response:
    return Response(generate_latest(request.app.state.metrics.registry),
                    media_type=CONTENT_TYPE_LATEST)
