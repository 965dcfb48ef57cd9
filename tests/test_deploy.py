"""The deployment files stay consistent with the code: compose.yaml's services and files, the serve
flags they use, nginx's config (`nginx -t`, where nginx is installed) and the systemd units
(`systemd-analyze verify`, where systemd is). deploy/check_locally.py runs the whole topology."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml  # PyYAML: comes with schemathesis (the test extra)

from squidbox.cli import build_parser

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "deploy"


def compose() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load((ROOT / "compose.yaml").read_text())
    return loaded


def test_compose_services_depend_on_services_and_files_that_exist() -> None:
    document = compose()
    services = document["services"]
    assert {"postgres", "redis", "migrate", "proxy"} <= set(services)
    for name, service in services.items():
        for dependency in service.get("depends_on") or {}:
            assert dependency in services, (name, dependency)
        for volume in service.get("volumes") or []:
            source = str(volume).split(":")[0]
            assert source in document.get("volumes", {}) or (ROOT / source).exists(), source
    build = services["migrate"]["build"]
    assert isinstance(build, dict) and (ROOT / build["context"] / build["dockerfile"]).exists()


def test_every_serve_command_of_the_deployment_files_parses() -> None:
    """Each `squidbox serve` line of compose.yaml, the Procfile and the systemd unit is accepted
    by the real argument parser, on PostgreSQL with a bus, and every upstream has a process."""
    services = compose()["services"]
    commands = [[str(word) for word in service["command"]]
                for service in services.values()
                if str(service.get("command", [""])[0]) == "squidbox"]
    procfile = [line.split(": ", 1)[1].split() for line in
                (DEPLOY / "Procfile").read_text().splitlines() if line.startswith("web")]
    unit = (DEPLOY / "systemd/squidbox@.service").read_text().replace("\\\n", " ")
    unit = unit.replace("%i", "8001").replace("%l", "myhost")  # as systemd fills them in
    start = next(line for line in unit.splitlines() if line.startswith("ExecStart="))
    commands += procfile + [["squidbox", *start.split()[1:]]]
    serves = [command for command in commands if command[1] == "serve"]
    assert len(serves) == 2 + 2 + 1
    for command in serves:
        args = build_parser().parse_args(command[1:])
        assert args.database.startswith(("postgresql://", '"$SQUIDBOX', "${SQUIDBOX")), command
        assert args.bus and args.node, command
    upstream = (DEPLOY / "nginx/upstream-compose.conf").read_text()
    assert [s for s in services if s.startswith("squidbox-")] == \
        [line.split()[1].split(":")[0] for line in upstream.splitlines()
         if line.strip().startswith("server ")]


@pytest.mark.skipif(shutil.which("nginx") is None, reason="nginx is not installed")
def test_nginx_accepts_the_proxy_config(tmp_path: Path) -> None:
    main = tmp_path / "nginx.conf"
    main.write_text(f"""pid {tmp_path}/nginx.pid;
error_log {tmp_path}/error.log;
events {{ }}
http {{
    include {DEPLOY}/nginx/upstream-local.conf;
    include {DEPLOY}/nginx/squidbox.conf;
}}
""")
    result = subprocess.run(["nginx", "-t", "-c", str(main)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd is not installed")
def test_systemd_accepts_the_units(tmp_path: Path) -> None:
    for unit in (DEPLOY / "systemd").glob("squidbox*"):
        if unit.suffix in (".service", ".target"):
            text = unit.read_text().replace("/opt/squidbox/bin/squidbox", shutil.which("sh") or "")
            name = "squidbox@8001.service" if unit.name == "squidbox@.service" else unit.name
            (tmp_path / name).write_text(text)
    result = subprocess.run(["systemd-analyze", "verify", *map(str, tmp_path.iterdir())],
                            capture_output=True, text=True, cwd=tmp_path)
    assert result.returncode == 0 and not result.stderr.strip(), result.stderr
