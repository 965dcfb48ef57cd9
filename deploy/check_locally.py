"""Run compose.yaml's topology by hand on loopback and play a table through the proxy.

Starts a throw-away PostgreSQL and redis-server (as tests/server/conftest.py does), runs
`squidbox db upgrade`, starts two `squidbox serve --bus redis://...` processes and nginx with
deploy/nginx/squidbox.conf (its upstream pointed at the two processes' ports, its listen port a
free loopback one). Then, only through nginx: creates a table (a person against a random bot),
plays it over a WebSocket, kills the table's owning process with SIGKILL half-way, reconnects
through nginx as the web client does, and plays to the end; checks that every acknowledged
action is stored once, in order. Everything it started is stopped at the end.

    PYTHONPATH=src .venv/bin/python deploy/check_locally.py [--game grid_squid]

Needs nginx (apt-get install nginx), postgresql and redis-server.
"""

from __future__ import annotations

import argparse
import json
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import warnings
from pathlib import Path
from typing import Any

import httpx
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # for tests.server.conftest
warnings.filterwarnings("ignore", message="Using .httpx. with")  # conftest imports TestClient
from tests.server.conftest import (  # noqa: E402
    PostgresServer,
    RedisServer,
    free_port,
    postgres_bin_dir,
)


def nginx_binary() -> str | None:
    """nginx, also where /usr/sbin is not on the PATH (a user's shell)."""
    return shutil.which("nginx") or next(
        (path for path in ("/usr/sbin/nginx", "/sbin/nginx") if Path(path).is_file()), None)


def nginx_config(directory: Path, listen: int, ports: list[int]) -> Path:
    """A main nginx.conf that includes deploy/nginx/squidbox.conf as shipped, except its listen
    port, and an upstream of the given loopback ports (as upstream-local.conf)."""
    server = (HERE / "nginx/squidbox.conf").read_text()
    server = server.replace("    listen 80;\n", f"    listen 127.0.0.1:{listen};\n")
    server = server.replace("    listen [::]:80;\n", "")
    upstream = (HERE / "nginx/upstream-local.conf").read_text()
    for shipped, port in zip((8001, 8002), ports, strict=True):
        upstream = upstream.replace(f"127.0.0.1:{shipped} ", f"127.0.0.1:{port} ")
    (directory / "squidbox.conf").write_text(server)
    (directory / "upstream.conf").write_text(upstream)
    main = directory / "nginx.conf"
    main.write_text(f"""daemon off;
pid {directory}/nginx.pid;
error_log {directory}/error.log warn;
events {{ worker_connections 1024; }}
http {{
    log_format upstream '$remote_addr [$time_local] "$request" $status upstream=$upstream_addr';
    access_log {directory}/access.log upstream;
    client_body_temp_path {directory}/body;
    proxy_temp_path {directory}/proxy;
    include {directory}/upstream.conf;
    include {directory}/squidbox.conf;
}}
""")
    return main


def wait_up(url: str, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"{process.args!r} exited:\n{log.read_text()}")
        try:
            if httpx.get(url, timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            time.sleep(0.1)
    raise SystemExit(f"{url} did not answer within 60 s")


def receive_state(ws: ClientConnection) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = json.loads(ws.recv(timeout=30))
        if message["type"] == "state":
            return message


def play(proxy: str, table: str, token: str, moves: int | None,
         acknowledged: list[tuple[int, str]]) -> dict[str, Any]:
    """Play the person's first listed action each turn over a WebSocket through the proxy, for
    `moves` moves (None: to the end); an action is acknowledged by the state message that
    carries it."""
    with connect(f"ws://{proxy}/ws/tables/{table}?token={token}", open_timeout=20) as ws:
        message = receive_state(ws)
        while not message["view"]["is_terminal"] and (moves is None or moves > 0):
            if not message["view"]["legal_actions"]:
                message = receive_state(ws)
                continue
            action, version = message["view"]["legal_actions"][0], message["version"]
            ws.send(json.dumps({"type": "action", "version": version, "action": action}))
            while (message := receive_state(ws))["version"] <= version:
                pass
            acknowledged.append((version, action))
            moves = None if moves is None else moves - 1
        return message


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="grid_squid")
    args = parser.parse_args()
    bin_dir, redis_binary, nginx = (postgres_bin_dir(), shutil.which("redis-server"),
                                    nginx_binary())
    if bin_dir is None or redis_binary is None or nginx is None:
        raise SystemExit("needs PostgreSQL, redis-server and nginx installed")
    work = Path(tempfile.mkdtemp(prefix="squidbox-deploy-"))
    postgres, redis = PostgresServer(bin_dir), RedisServer(redis_binary)
    started: list[subprocess.Popen[bytes]] = []
    try:
        postgres.start()
        redis.wait()
        database = postgres.new_database()
        run = [sys.executable, "-m", "squidbox"]
        subprocess.run([*run, "db", "upgrade", "--database", database], check=True)
        ports = [free_port(), free_port()]
        for n, port in enumerate(ports):
            log = work / f"squidbox-{n + 1}.log"
            with log.open("wb") as output:
                started.append(subprocess.Popen(
                    [*run, "serve", "--host", "127.0.0.1", "--port", str(port), "--node",
                     f"squidbox-{n + 1}", "--database", database, "--bus", redis.url],
                    stdout=output, stderr=subprocess.STDOUT))
            wait_up(f"http://127.0.0.1:{port}/healthz", started[-1], log)
        listen = free_port()
        config = nginx_config(work, listen, ports)
        subprocess.run([nginx, "-t", "-c", str(config)], check=True, capture_output=True)
        started.append(subprocess.Popen([nginx, "-c", str(config)]))
        proxy = f"127.0.0.1:{listen}"
        wait_up(f"http://{proxy}/healthz", started[-1], work / "error.log")
        print(f"PostgreSQL on {postgres.port}, Redis on {redis.port}, serve processes on "
              f"{ports}, nginx on {listen}", flush=True)

        body = {"game": args.game, "players": 2, "bots": {"1": "random"}}
        created = httpx.post(f"http://{proxy}/api/tables", json=body, timeout=30).json()
        table, token = created["table"], created["seats"][0]["token"]
        acknowledged: list[tuple[int, str]] = []
        play(proxy, table, token, 5, acknowledged)
        owner = owner_of(database, table)
        victim = started[int(owner.rsplit("-", 1)[1]) - 1]
        victim.send_signal(signal.SIGKILL)
        victim.wait()
        print(f"table {table}: {len(acknowledged)} moves through nginx, then its owner {owner} "
              "was killed (SIGKILL)", flush=True)
        began = time.monotonic()
        while True:  # reconnect through nginx, as the web client does, until the table answers
            try:
                play(proxy, table, token, 1, acknowledged)
                break
            except (ConnectionClosed, OSError, TimeoutError) as e:
                if time.monotonic() - began > 60:
                    raise SystemExit(f"the table did not resume within 60 s: {e!r}") from None
                time.sleep(0.5)
        resumed, waited = owner_of(database, table), time.monotonic() - began
        final = play(proxy, table, token, None, acknowledged)
        stored = stored_actions(database, table)
        mine = [(index, action) for index, seat, action in stored if seat == 0]
        assert [a for _, a in mine] == [a for _, a in acknowledged], (mine, acknowledged)
        assert [index for index, _, _ in stored] == list(range(len(stored)))
        print(f"resumed on {resumed}, a move played {waited:.1f} s after the kill; "
              f"played to the end: {final['view']['returns']}; {len(stored)} stored actions, "
              f"every one of the {len(acknowledged)} acknowledged moves of the person stored "
              "once, in order; healthz through nginx: "
              f"{httpx.get(f'http://{proxy}/healthz').status_code}")
    finally:
        for process in started:
            if process.poll() is None:
                process.terminate()
                process.wait(10)
        redis.stop()
        postgres.stop()
        shutil.rmtree(work, ignore_errors=True)
    return 0


def owner_of(database: str, table: str) -> str:
    rows = query(database, "SELECT owner FROM table_leases WHERE table_id = %(t)s", table)
    return str(rows[0][0])


def stored_actions(database: str, table: str) -> list[tuple[int, int, str]]:
    rows = query(database, 'SELECT "index", seat, action FROM actions WHERE table_id = %(t)s '
                           'ORDER BY "index"', table)
    return [(int(index), int(seat), str(action)) for index, seat, action in rows]


def query(database: str, sql: str, table: str) -> list[tuple[Any, ...]]:
    from squidbox.server.storage import Storage

    storage = Storage(database)
    try:
        with storage.engine.connect() as connection:
            return [tuple(row) for row in connection.exec_driver_sql(sql, {"t": table})]
    finally:
        storage.dispose()


if __name__ == "__main__":
    raise SystemExit(main())
