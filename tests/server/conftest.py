"""Fixtures: a server app on a fresh SQLite file, and a real PostgreSQL started for the session."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from squidbox.server import create_app


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'squidbox.db'}"


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(sqlite_url, web_client=False)) as test_client:
        yield test_client


class PostgresServer:
    """A throw-away PostgreSQL cluster in a temporary directory, on a free port."""

    def __init__(self, bin_dir: Path) -> None:
        self.bin_dir = bin_dir
        self.port = free_port()
        self.directory = Path(tempfile.mkdtemp(prefix="squidbox-pg-"))
        self.data = self.directory / "data"
        self.as_root = os.geteuid() == 0

    def run(self, *command: str, check: bool = True) -> None:
        prefix = ["runuser", "-u", "postgres", "--"] if self.as_root else []
        subprocess.run([*prefix, *command], check=check, capture_output=True, timeout=120)

    def start(self) -> None:
        if self.as_root:
            shutil.chown(self.directory, "postgres", "postgres")
        self.run(str(self.bin_dir / "initdb"), "-D", str(self.data), "-U", "postgres",
                 "-A", "trust", "--no-sync")
        self.resume()

    def resume(self) -> None:
        """Start the server (again), on the same port and data."""
        options = f"-p {self.port} -k {self.directory} -c listen_addresses=127.0.0.1 -c fsync=off"
        self.run(str(self.bin_dir / "pg_ctl"), "-D", str(self.data), "-l",
                 str(self.directory / "log"), "-o", options, "-w", "start")

    def halt(self) -> None:
        """Stop the server as a crash would (every connection cut), keeping its data."""
        self.run(str(self.bin_dir / "pg_ctl"), "-D", str(self.data), "-m", "immediate",
                 "-w", "stop", check=False)

    def stop(self) -> None:
        try:
            self.halt()
        finally:
            shutil.rmtree(self.directory, ignore_errors=True)

    def new_database(self) -> str:
        """A fresh, empty database; its URL."""
        import psycopg

        name = f"t_{uuid.uuid4().hex[:12]}"
        with psycopg.connect(f"host=127.0.0.1 port={self.port} user=postgres dbname=postgres",
                             autocommit=True) as connection:
            connection.execute(f'CREATE DATABASE "{name}"')
        return f"postgresql://postgres@127.0.0.1:{self.port}/{name}"


def postgres_bin_dir() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    yield from _postgres()


@pytest.fixture
def own_postgres() -> Iterator[PostgresServer]:
    """A PostgreSQL of the test's own, to stop and restart."""
    yield from _postgres()


def _postgres() -> Iterator[PostgresServer]:
    bin_dir = postgres_bin_dir()
    if bin_dir is None:
        reason = ("PostgreSQL is not installed (no initdb); install the Debian package "
                  "postgresql (bash scripts/system-packages)")
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)
    server = PostgresServer(bin_dir)
    try:
        server.start()
        yield server
    finally:
        server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, sqlite_url: str) -> str:
    """Each persistence test runs against SQLite and against a real PostgreSQL."""
    if request.param == "sqlite":
        return sqlite_url
    return request.getfixturevalue("postgres").new_database()


class RedisServer:
    """A throw-away redis-server in a temporary directory, on a free port (no persistence)."""

    def __init__(self, binary: str) -> None:
        self.binary = binary
        self.port = free_port()
        self.directory = Path(tempfile.mkdtemp(prefix="squidbox-redis-"))
        self.process = self._start()
        self.url = f"redis://127.0.0.1:{self.port}/0"

    def _start(self) -> subprocess.Popen[bytes]:
        return subprocess.Popen(
            [self.binary, "--port", str(self.port), "--bind", "127.0.0.1",
             "--dir", str(self.directory), "--save", "", "--appendonly", "no"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def kill(self) -> None:
        """kill -9: every connection cut; nothing is kept (no persistence)."""
        self.process.kill()
        self.process.wait(timeout=10)

    def resume(self) -> None:
        """Start it again on the same port."""
        self.process = self._start()
        self.wait()

    def wait(self) -> None:
        import time

        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1) as sock:
                    sock.sendall(b"PING\r\n")
                    if sock.recv(16).startswith(b"+PONG"):
                        return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def stop(self) -> None:
        self.kill()
        shutil.rmtree(self.directory, ignore_errors=True)


@pytest.fixture(scope="session")
def redis_server() -> Iterator[RedisServer]:
    yield from _redis()


@pytest.fixture
def own_redis() -> Iterator[RedisServer]:
    """A Redis of the test's own, to kill and bring back."""
    yield from _redis()


def _redis() -> Iterator[RedisServer]:
    binary = shutil.which("redis-server")
    if binary is None:
        reason = ("Redis is not installed (no redis-server); install the Debian package "
                  "redis-server (bash scripts/system-packages)")
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)
    server = RedisServer(binary)
    try:
        server.wait()
        yield server
    finally:
        server.stop()
