"""The fuzz campaign, part 1: schemathesis against the published OpenAPI schema of a live
server (positive and negative cases for every operation): no 5xx, and no traceback or unexpected
error in the server's log."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error

from squidbox.server import create_app
from squidbox.server.limits import Limits, Rate
from tests.server.live import LiveServer, live_server

SCHEMA = schemathesis.openapi.from_dict(create_app("sqlite://", web_client=False).openapi())
GENEROUS = Limits(create_rate=Rate(10_000, 1000.0), action_rate=Rate(10_000, 1000.0))


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    database = Path(tmp_path_factory.mktemp("fuzz")) / "fuzz.db"
    with live_server(f"sqlite:///{database}", GENEROUS) as live:
        yield live
    assert live.problems() == []


@SCHEMA.parametrize()
@settings(max_examples=40, deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
def test_no_operation_answers_a_server_error(case: schemathesis.Case, server: LiveServer):
    response = case.call(base_url=server.url, timeout=10)
    case.validate_response(response, checks=[not_a_server_error])
    assert response.headers["content-type"][0].startswith("application/json")
    if response.status_code >= 400:
        body = response.json()
        assert set(body) == {"error", "code"} and body["error"], body
    assert server.problems() == []
