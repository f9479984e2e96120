"""How a cluster process brings its mirror of a table up to date, without a database."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest

from saustall.server.cluster import Cluster


class StoredTables:
    """Stands in for the store: the table as stored is ``stored``."""

    def __init__(self, stored: object) -> None:
        self.stored = stored

    async def load_table(self, table_id: str, with_game: bool = False) -> object:
        return self.stored


async def test_a_reload_catches_up_with_the_stored_actions_before_it_adopts_the_table(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A mirror reloads when a token names a seat it has not heard of (taken a moment ago
    elsewhere). The stored table holds only its current game: had the mirror's game ended
    and the next begun meanwhile, adopting it at once would skip the old game's last
    actions. So the reload first replays the actions stored after the mirror's, as a
    notified refresh does."""
    stored = object()
    hub = SimpleNamespace(store=StoredTables(stored))
    cluster = Cluster(hub=hub, lease_seconds=1.0)  # type: ignore[arg-type]
    table: Any = SimpleNamespace(id="t1", owned=False, lock=asyncio.Lock())
    steps: list[str] = []

    async def catch_up(caught: Any) -> bool:
        assert caught is table and table.lock.locked()
        steps.append("catch up")
        return True  # every stored action followed on: only the seats are missing

    def adopt(adopted: Any, from_store: object, owned: bool) -> None:
        assert adopted is table and from_store is stored and not owned
        assert table.lock.locked()
        steps.append("adopt")

    monkeypatch.setattr(cluster, "_catch_up", catch_up)
    monkeypatch.setattr(cluster, "_adopt", adopt)
    await cluster.reload(table)
    assert steps == ["catch up", "adopt"]  # the seats still come from the stored table

    steps.clear()
    table.owned = True  # an owner's table is the stored one already
    await cluster.reload(table)
    assert steps == []
