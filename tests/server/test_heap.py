"""A serving process settles its heap: no long full garbage collections under load."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from saustall.server import app as server_app
from saustall.server.heap import SERVING_THRESHOLDS
from saustall.server.settings import HubSettings

PROBE = """
import gc, json
from saustall.server.heap import settle_for_serving
before = gc.get_freeze_count()
settle_for_serving()
print(json.dumps({"before": before, "frozen": gc.get_freeze_count(),
                  "thresholds": gc.get_threshold()}))
"""


def test_settling_freezes_start_up_objects_and_makes_full_collections_rare() -> None:
    # in a process of its own: freezing this test process would keep its garbage
    out = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                         check=True, timeout=60).stdout
    found = json.loads(out)
    assert found["before"] == 0
    assert found["frozen"] > 1000  # the modules, classes and functions loaded so far
    assert tuple(found["thresholds"]) == SERVING_THRESHOLDS
    young, middle, full = SERVING_THRESHOLDS
    assert (young, middle) == (700, 10)  # CPython's own: cheap, frequent young passes
    assert full >= 100  # a full pass waits for at least 100 middle passes (default 10)


def test_only_a_serving_process_settles_its_heap(monkeypatch: pytest.MonkeyPatch) -> None:
    """``saustall serve`` settles its heap and offers no compression unless asked; the
    default settings (tests start many servers in one process) do not settle."""
    assert HubSettings().settle_heap is False
    seen: list[tuple[HubSettings, dict[str, Any]]] = []

    def fake_create_app(database: str, *, settings: HubSettings, **_: Any) -> str:
        seen.append((settings, {}))
        return "app"

    class FakeServer:  # records uvicorn's configuration instead of serving
        started = True

        def __init__(self, config: Any) -> None:
            seen[-1][1]["ws_per_message_deflate"] = config.ws_per_message_deflate

        def run(self) -> None:
            pass
    monkeypatch.setattr(server_app, "create_app", fake_create_app)
    monkeypatch.setattr(server_app.uvicorn, "Server", FakeServer)
    server_app.run(database="sqlite+aiosqlite:///unused.db")
    server_app.run(database="sqlite+aiosqlite:///unused.db", ws_compression=True)
    (plain, plain_options), (compressed, compressed_options) = seen
    assert plain.settle_heap and compressed.settle_heap
    assert plain_options["ws_per_message_deflate"] is False
    assert compressed_options["ws_per_message_deflate"] is True
