"""Prometheus metrics (prometheus-client), one registry per app: GET /metrics."""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram


class Metrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.tables = Gauge("squidbox_tables", "tables in memory (playing or watched)",
                            registry=self.registry)
        self.connections = Gauge("squidbox_connections", "open WebSockets",
                                 registry=self.registry)
        self.quarantined = Gauge("squidbox_quarantined_tables",
                                 "stored tables that could not be loaded", registry=self.registry)
        self.actions = Counter("squidbox_actions", "actions played (rate(): actions per second)",
                               ["by"], registry=self.registry)
        self.latency = Histogram("squidbox_action_seconds",
                                 "time to check, apply, store and send an action",
                                 buckets=(0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5),
                                 registry=self.registry)
        self.refusals = Counter("squidbox_refusals", "refused requests and messages, by code",
                                ["reason"], registry=self.registry)

        self.host_actions = Counter("squidbox_seat_changes",
                                    "seat changes: host actions and open seats taken",
                                    ["action"], registry=self.registry)
        self.chat = Counter("squidbox_chat_messages", "chat lines posted", registry=self.registry)
        self.bot_fallbacks = Counter("squidbox_bot_fallbacks",
                                     "bot moves played by the random bot instead, by reason: "
                                     "budget (too slow), full (pool queue full), lost (worker "
                                     "died)", ["reason"], registry=self.registry)

    def refused(self, reason: str) -> None:
        self.refusals.labels(reason).inc()
