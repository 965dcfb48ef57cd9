"""Helpers for the simulation tests: run the `squidbox` command in-process."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest

from squidbox import cli


@dataclass
class Run:
    code: int
    out: str
    err: str


@pytest.fixture
def squidbox(capsys: pytest.CaptureFixture[str]) -> Callable[..., Run]:
    """squidbox("simulate", "grid_squid", …) -> Run(exit code, stdout, stderr)."""

    def run(*args: str) -> Run:
        code = cli.main(list(args))
        captured = capsys.readouterr()
        return Run(code, captured.out, captured.err)

    return run


def without_timing(records: list[dict]) -> list[dict]:
    return [{key: value for key, value in record.items() if key != "seconds"}
            for record in records]
