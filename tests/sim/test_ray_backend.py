"""The Ray backend on a real local Ray head node: the same records as the local backend.

Starts `ray start --head` (from this venv) on free loopback ports with one CPU, runs
`squidbox simulate --backend ray --address …` in a subprocess, and stops Ray with
`ray stop --force` at the end.
"""

import os
import secrets
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from squidbox.sim import read_records

from .conftest import without_timing

RAY = Path(sys.executable).parent / "ray"
GAME = ["grid_squid", "--players", "3", "--bots", "heuristic,random,ismcts:iterations=10",
        "--games", "12", "--seed", "9", "--no-progress"]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


TOKEN = secrets.token_hex(32)


def ray_env() -> dict[str, str]:
    """Ray's environment: no usage stats, and token authentication with a token of this run's
    (newer Ray releases turn authentication on; the head and its clients share the token)."""
    env = {key: value for key, value in os.environ.items() if key != "RAY_ADDRESS"}
    env.update(RAY_USAGE_STATS_ENABLED="0", RAY_AUTH_MODE="token", RAY_AUTH_TOKEN=TOKEN)
    return env


@pytest.fixture(scope="module")
def ray_address(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = free_port()
    command = [str(RAY), "start", "--head", f"--port={port}", "--num-cpus=1",
               "--node-ip-address=127.0.0.1", "--include-dashboard=false",
               "--disable-usage-stats"]
    started = subprocess.run(command, capture_output=True, text=True, timeout=60,
                             env=ray_env(), cwd=tmp_path_factory.mktemp("ray"))
    try:
        assert started.returncode == 0, started.stdout + started.stderr
        yield f"127.0.0.1:{port}"
    finally:
        subprocess.run([str(RAY), "stop", "--force"], capture_output=True, timeout=60,
                       env=ray_env())


def test_ray_backend_writes_the_same_records_as_the_local_one(ray_address, squidbox, tmp_path):
    on_ray = tmp_path / "ray.jsonl"
    result = subprocess.run(
        [sys.executable, "-m", "squidbox", "simulate", *GAME, "--backend", "ray",
         "--address", ray_address, "--out", str(on_ray)],
        capture_output=True, text=True, timeout=120, env=ray_env())
    assert result.returncode == 0, result.stderr
    assert f"on Ray at {ray_address} (1 CPU)" in result.stdout
    local = tmp_path / "local.jsonl"
    assert squidbox("simulate", *GAME, "--workers", "2", "--out", str(local)).code == 0
    assert without_timing(read_records(on_ray)) == without_timing(read_records(local))
    assert len(read_records(on_ray)) == 12

