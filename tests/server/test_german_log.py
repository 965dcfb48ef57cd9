"""A table rebuilt from its snapshot reads in German too (server/wording.py): its snapshot holds
the earlier log lines as English text, so the first German reader has them worded again from a
replay of the table's actions; English readers read exactly what they read before."""

from __future__ import annotations

from fastapi.testclient import TestClient

from squidbox.server import create_app
from tests.server.helpers import create_table, settled

GERMAN = {"Accept-Language": "de-DE,de;q=0.9"}


def test_a_table_restored_from_its_snapshot_has_its_log_in_german(sqlite_url: str):
    with TestClient(create_app(sqlite_url, snapshot_every=5)) as client:
        created = create_table(client, "squid_circle", 3, {s: "random" for s in range(3)},
                               seed=4)
        table = created["table"]
        before = settled(client, table)
        german_before = client.get(f"/api/tables/{table}/state", headers=GERMAN).json()["log"]
    assert before["view"]["is_terminal"] and len(before["log"]) > 20
    assert german_before[0]["text"].startswith("Der Kreis im Uhrzeigersinn: Rot 1, Blau 1")

    with TestClient(create_app(sqlite_url, snapshot_every=5)) as client:  # a new server
        english = client.get(f"/api/tables/{table}/state").json()["log"]
        german = client.get(f"/api/tables/{table}/state", headers=GERMAN).json()["log"]
        english_after = client.get(f"/api/tables/{table}/state").json()["log"]
    assert english == english_after == before["log"]
    assert german == german_before
