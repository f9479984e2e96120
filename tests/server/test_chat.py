"""Table chat (issue 28): quick phrases and free text, capped, rate-limited, spectators
only when the table allows, kept with the table for newcomers (in the database: across
restarts), never in a game record."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa

from saustall.server.chat import MAX_CHAT, QUICK_PHRASES, clean_chat_text
from saustall.server.db import CHAT_KEPT, Store, StoredSeat, chat_t
from tests.server.conftest import (
    LiveServer, Wire, bearer, create, join, play_to_end, quick_settings,
)

HOSTILE = '<img src=x onerror=alert(1)>'


async def seated_pair(server: LiveServer, http: httpx.AsyncClient,
                      **body: Any) -> tuple[dict[str, Any], Wire, Wire]:
    created = await create(http, game="drecksau", seats=2, name="Anna", **body)
    joined = await join(http, created, "Bert")
    anna = await Wire.open(server, created["table_id"], token=created["token"])
    bert = await Wire.open(server, created["table_id"], token=joined["token"])
    await anna.until("state")
    await bert.until("state")
    return created, anna, bert


async def no_chat(wire: Wire, wait: float = 0.3) -> None:
    """Nothing of type chat arrives within ``wait`` seconds."""
    try:
        while True:
            message = await wire.recv(wait)
            assert message["type"] != "chat", message
    except asyncio.TimeoutError:
        pass


def test_clean_chat_text() -> None:
    assert clean_chat_text("  hi\tthere\n ") == ("hi there", None)
    assert clean_chat_text("a\x00b\x1b[31mc\u202ed") == ("ab[31mcd", None)
    assert clean_chat_text("\u200b \x07")[1] is not None
    assert clean_chat_text("\u200b \x07")[1][0] == "chat-empty"  # type: ignore[index]
    assert clean_chat_text("x" * MAX_CHAT)[0] == "x" * MAX_CHAT
    assert clean_chat_text("x" * (MAX_CHAT + 1))[1][0] == "chat-too-long"  # type: ignore[index]
    assert clean_chat_text(5)[1][0] == "bad-message"  # type: ignore[index]
    assert clean_chat_text(HOSTILE) == (HOSTILE, None)  # shown as text by the page


async def test_quick_and_free_text_reach_everyone(server: LiveServer,
                                                  http: httpx.AsyncClient) -> None:
    created, anna, bert = await seated_pair(server, http)
    await anna.send({"type": "chat", "quick": "gg", "id": 1})
    for wire in (anna, bert):
        said = await wire.until("chat")
        assert said["quick"] == "gg" and said["text"] is None and said["seat"] == 0
        assert said["who"] == {"name": "Anna"} and said["spectator"] is None
        assert said["replay"] is False and said["at"].endswith("Z")
        assert isinstance(said["time_ms"], int)
    await bert.send({"type": "chat", "text": f"  {HOSTILE}\x00 "})
    for wire in (anna, bert):
        said = await wire.until("chat")
        assert said["text"] == HOSTILE and said["quick"] is None and said["seat"] == 1
    assert set(QUICK_PHRASES) >= {"gg", "wp", "oops", "thanks", "hello", "bye"}
    await anna.close()
    await bert.close()


@pytest.mark.parametrize("message, code", [
    ({"text": "x" * (MAX_CHAT + 1)}, "chat-too-long"),
    ({"text": " \n\t "}, "chat-empty"),
    ({"quick": "<b>"}, "bad-message"),
    ({"quick": "gg", "text": "hi"}, "bad-message"),
    ({}, "bad-message"),
    ({"text": ["hi"]}, "bad-message"),
])
async def test_refused_chat_is_named_and_goes_nowhere(server: LiveServer, http: httpx.AsyncClient,
                                                      message: dict[str, Any], code: str) -> None:
    created, anna, bert = await seated_pair(server, http)
    await anna.send({"type": "chat", "id": "c1", **message})
    error = await anna.until("error")
    assert error["code"] == code and error["id"] == "c1", error
    await no_chat(bert)
    table = server.hub.tables[created["table_id"]]
    assert not table.chat
    await anna.close()
    await bert.close()


async def test_chat_too_fast(server: LiveServer, http: httpx.AsyncClient) -> None:
    created, anna, bert = await seated_pair(server, http)
    burst = int(server.hub.settings.chat_burst)
    for n in range(burst + 3):
        await anna.send({"type": "chat", "text": f"spam {n}", "id": n})
    said = [await bert.until("chat") for _ in range(burst)]
    assert [m["text"] for m in said] == [f"spam {n}" for n in range(burst)]
    errors = [await anna.until("error") for _ in range(3)]
    assert {e["code"] for e in errors} == {"chat-too-fast"}
    assert [e["id"] for e in errors] == [burst, burst + 1, burst + 2]
    await no_chat(bert)
    assert len(server.hub.tables[created["table_id"]].chat) == burst
    # other messages are not held up by the chat budget
    await anna.send({"type": "ping", "id": "p"})
    assert (await anna.until("pong"))["id"] == "p"
    await anna.close()
    await bert.close()


async def test_spectators_read_and_write_only_if_allowed(server: LiveServer,
                                                         http: httpx.AsyncClient) -> None:
    created, anna, bert = await seated_pair(server, http)
    assert created["table"]["spectator_chat"] is False
    watcher = await Wire.open(server, created["table_id"], invite=created["invite"])
    await watcher.until("state")
    await anna.send({"type": "chat", "quick": "hello"})
    assert (await watcher.until("chat"))["quick"] == "hello"
    await anna.until("chat", quick="hello")
    await watcher.send({"type": "chat", "text": "let me speak", "id": 9})
    error = await watcher.until("error")
    assert error["code"] == "chat-not-allowed" and error["id"] == 9
    await no_chat(anna)
    for wire in (anna, bert, watcher):
        await wire.close()

    open_table = await create(http, game="drecksau", seats=2, spectator_chat=True)
    assert open_table["table"]["spectator_chat"] is True
    player = await Wire.open(server, open_table["table_id"], token=open_table["token"])
    watcher = await Wire.open(server, open_table["table_id"], invite=open_table["invite"])
    await watcher.until("state")
    await watcher.send({"type": "chat", "quick": "nice"})
    said = await player.until("chat")
    assert said["seat"] is None and said["who"] is None and said["spectator"] == 1
    await player.close()
    await watcher.close()


async def test_bad_spectator_chat_option(http: httpx.AsyncClient) -> None:
    answer = await http.post("/api/tables", json={"game": "drecksau", "spectator_chat": "yes"})
    assert answer.status_code == 400
    assert answer.json()["error"]["code"] == "bad-request"
    assert "spectator_chat" in answer.json()["error"]["message"]


async def test_history_on_reconnect_and_never_in_the_record(server: LiveServer,
                                                            http: httpx.AsyncClient) -> None:
    created = await create(http, game="drecksau", seats=2, name="Anna", bots=["random"])
    table_id = created["table_id"]
    anna = await Wire.open(server, table_id, token=created["token"])
    await anna.until("state")
    await anna.send({"type": "chat", "text": "secret-chat-words"})
    await anna.send({"type": "chat", "quick": "oops"})
    await anna.until("chat", quick="oops")
    await anna.close()
    again = await Wire.open(server, table_id, token=created["token"])
    first = await again.until("chat")
    second = await again.until("chat")
    assert (first["text"], first["replay"]) == ("secret-chat-words", True)
    assert (second["quick"], second["replay"]) == ("oops", True)
    started = await http.post(f"/api/tables/{table_id}/start", json={},
                              headers=bearer(created["token"]))
    assert started.status_code == 200, started.text
    await play_to_end(again)
    record = await http.get(f"/api/tables/{table_id}/record?game=1",
                            headers=bearer(created["token"]))
    assert record.status_code == 200, record.text
    assert "secret-chat-words" not in record.text and "oops" not in record.text
    await again.close()


async def test_chat_and_who_may_write_outlive_a_restart(tmp_path: Path) -> None:
    """Chat is kept with the table in the database: after a restart a newcomer gets the
    same messages (same ids, in order), and spectators may still write where allowed."""
    url = f"sqlite+aiosqlite:///{tmp_path / 'chat.db'}"
    live = LiveServer(url, quick_settings())
    await live.start()
    try:
        async with httpx.AsyncClient(base_url=live.base, timeout=10) as http:
            created = await create(http, game="drecksau", seats=2, name="Anna",
                                   spectator_chat=True)
        table_id = created["table_id"]
        anna = await Wire.open(live, table_id, token=created["token"])
        await anna.until("state")
        await anna.send({"type": "chat", "text": HOSTILE})
        await anna.send({"type": "chat", "quick": "gg"})
        said = [await anna.until("chat"), await anna.until("chat")]
        await anna.close()
    finally:
        await live.stop()
    again = LiveServer(url, quick_settings())
    await again.start()
    try:
        watcher = await Wire.open(again, table_id, invite=created["invite"])
        replayed = [await watcher.until("chat"), await watcher.until("chat")]
        assert [(m["text"], m["quick"], m["replay"]) for m in replayed] == [
            (HOSTILE, None, True), (None, "gg", True)]
        assert [m["chat_id"] for m in replayed] == [m["chat_id"] for m in said]
        assert [m["who"]["name"] for m in replayed] == ["Anna", "Anna"]
        await watcher.send({"type": "chat", "quick": "hello"})  # still allowed
        fresh = await watcher.until("chat", quick="hello")
        assert fresh["chat_seq"] > max(m["chat_seq"] for m in said)
        await watcher.close()
    finally:
        await again.stop()


async def test_the_store_keeps_the_newest_messages_of_each_table(tmp_path: Path) -> None:
    store = Store(f"sqlite+aiosqlite:///{tmp_path / 'kept.db'}")
    await store.open()
    try:
        for table_id in ("t1", "t2"):
            await store.insert_table({"id": table_id, "invite": "i", "game": "drecksau",
                                      "ruleset": "dirty-pig", "num_seats": 2, "options": {},
                                      "public": False, "turn_timer": None, "status": "lobby",
                                      "game_number": 1, "created_at": "2026-01-01T00:00:00Z"},
                                     [StoredSeat(0, "empty", None, None, None, False)])
        written = [store.add_chat("t1", f"m{n}", {"type": "chat", "chat_seq": n, "text": str(n)})
                   for n in range(1, CHAT_KEPT + 11)]
        written.append(store.add_chat("t2", "other", {"type": "chat", "chat_seq": 1, "text": "x"}))
        await asyncio.gather(*written)
        one = await store.load_table("t1", with_game=True)
        two = await store.load_table("t2", with_game=True)
        assert one is not None and two is not None
        assert [m["text"] for m in one.chat] == [str(n) for n in range(11, CHAT_KEPT + 11)]
        assert [m["text"] for m in two.chat] == ["x"]
        assert not one.spectator_chat
        async with store.engine.connect() as conn:
            rows = (await conn.execute(sa.select(sa.func.count()).select_from(chat_t))).scalar()
        assert rows == CHAT_KEPT + 1  # the older ones were deleted, not just left unread
    finally:
        await store.close()
