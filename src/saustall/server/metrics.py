"""Prometheus metrics of one server process, served at ``/metrics``.

``saustall_tables{role}`` (tables in memory: ``owned`` here, ``mirrored`` from another
process), ``saustall_sockets`` (open WebSockets), ``saustall_actions_total`` (actions this
process stored as a table's owner; ``rate()`` of it is actions/s),
``saustall_ack_seconds`` (from an action message's arrival to its answer, ack or error,
forwarded ones included) and, in a cluster, ``saustall_process_info{process}`` (the
process's id, as its log lines name it). Each application has its own registry, so
several servers in one Python process (the tests) do not collide.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client import CONTENT_TYPE_LATEST

if TYPE_CHECKING:
    from saustall.server.host import TableHost

__all__ = ["CONTENT_TYPE_LATEST", "Metrics"]

ACK_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)


class Metrics:
    """The metrics of one hub."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.actions = Counter("saustall_actions", "Actions stored by this process as the "
                               "owner of their table", registry=self.registry)
        self.ack = Histogram("saustall_ack_seconds", "Seconds from an action's arrival to "
                             "its ack or error", buckets=ACK_BUCKETS, registry=self.registry)
        self.tables = Gauge("saustall_tables", "Tables in memory", ["role"],
                            registry=self.registry)
        self.sockets = Gauge("saustall_sockets", "Open WebSockets", registry=self.registry)
        self.process = Gauge("saustall_process_info", "This process's id in a cluster (as "
                             "its logs and notifications name it)", ["process"],
                             registry=self.registry)

    def watch(self, hub: "TableHost") -> None:
        """Read the gauges from ``hub`` at each scrape."""
        self.tables.labels("owned").set_function(
            lambda: sum(1 for t in hub.tables.values() if t.owned))
        self.tables.labels("mirrored").set_function(
            lambda: sum(1 for t in hub.tables.values() if not t.owned))
        self.sockets.set_function(lambda: sum(hub.sources.sockets.values()))

    def exposition(self) -> bytes:
        """The text format Prometheus scrapes."""
        data: bytes = generate_latest(self.registry)
        return data
