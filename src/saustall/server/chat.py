"""Table chat: quick phrases and free text, checked and worded for everyone at a table.

Chat travels with the table, never with the game: the last messages are kept in memory
(:data:`~saustall.server.model.CHAT_BACKLOG`) and sent again to whoever connects, and
stored with the table (``saustall_chat``, the newest
:data:`~saustall.server.db.CHAT_KEPT`), so they survive a restart and every process of a
cluster has them; never in a game record. Each message has a ``chat_id`` unique
everywhere, so a process that loaded a table and also hears of a message keeps it once.
Quick phrases go out as ids, so each page words them in its reader's language; free text
is cleaned here and shown as text.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import unicodedata
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from saustall.server.cluster import Cluster
    from saustall.server.db import Store
    from saustall.server.model import Client, Table

log = logging.getLogger("saustall.server.chat")

MAX_CHAT = 200
"""The longest free chat text, in characters (after cleaning)."""
QUICK_PHRASES = ("hello", "gg", "wp", "oops", "thanks", "sorry", "nice", "bye")
"""The quick chat phrases, as ids: each page words them in its reader's language."""
# Invisible characters that reorder or hide text: a chat line shows what was typed.
_HIDDEN = {0x200B, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A, 0x202B, 0x202C, 0x202D,
           0x202E, 0x2060, 0x2066, 0x2067, 0x2068, 0x2069, 0xFEFF}


class ChatRefused(Exception):
    """A chat message that is not passed on: ``code`` names why, the text says it."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def clean_chat_text(text: Any) -> tuple[str | None, tuple[str, str] | None]:
    """Free chat text as shown: control and direction-changing characters dropped,
    white space collapsed to single spaces; or ``(code, message)`` of the refusal
    (``bad-message``, ``chat-empty``, ``chat-too-long``)."""
    if not isinstance(text, str):
        return None, ("bad-message", "a chat message's 'text' must be text")
    if len(text) > 4 * MAX_CHAT:  # (the frame cap bounds it too; no work on junk)
        return None, ("chat-too-long", f"chat messages are limited to {MAX_CHAT} "
                      "characters; this one was not sent")
    kept = "".join(" " if ch.isspace() else ch for ch in text
                   if ch.isspace() or (unicodedata.category(ch) not in ("Cc", "Cs", "Co", "Cn")
                                       and ord(ch) not in _HIDDEN))
    cleaned = " ".join(kept.split())
    if not cleaned:
        return None, ("chat-empty", "a chat message needs some text")
    if len(cleaned) > MAX_CHAT:
        return None, ("chat-too-long", f"chat messages are limited to {MAX_CHAT} "
                      f"characters (this one has {len(cleaned)}); it was not sent")
    return cleaned, None


def chat_message(table: Table, client: Client, data: dict[str, Any], at: str) -> dict[str, Any]:
    """The ``chat`` event for one message a client sent (``data``: its ``quick`` phrase id
    or its free ``text``), numbered in the table's chat; raises :class:`ChatRefused` for a
    message that may not be passed on (a spectator where the table does not let them
    write, neither or both of ``quick`` and ``text``, an unknown phrase, bad text)."""
    if client.seat is None and not table.spectator_chat:
        raise ChatRefused("chat-not-allowed", "spectators may read this table's chat but "
                          "not write in it (the table was created without spectator_chat)")
    quick, text = data.get("quick"), data.get("text")
    if (quick is None) == (text is None):
        raise ChatRefused("bad-message", "a chat message needs either 'quick' (a phrase "
                          f"id: {', '.join(QUICK_PHRASES)}) or 'text'")
    if quick is not None and quick not in QUICK_PHRASES:
        raise ChatRefused("bad-message", f"unknown quick phrase {str(quick)[:20]!r}; "
                          f"phrases: {', '.join(QUICK_PHRASES)}")
    if text is not None:
        text, refused = clean_chat_text(text)
        if refused is not None:
            raise ChatRefused(*refused)
    table.chat_seq += 1
    seat = client.seat
    return {"type": "chat", "chat_seq": table.chat_seq, "chat_id": secrets.token_hex(8),
            "seat": seat,
            "who": table.seats[seat].label() if seat is not None else None,
            "spectator": client.spectator_number if seat is None else None,
            "quick": quick, "text": text, "at": at, "time_ms": table.now_ms(),
            "replay": False}


def stored_form(message: dict[str, Any]) -> dict[str, Any]:
    """A chat event as it is stored and passed between processes (without ``replay``)."""
    return {key: value for key, value in message.items() if key != "replay"}


def chat_stored(table_id: str, written: asyncio.Future[None]) -> None:
    """Log a chat message that could not be stored (it went out all the same; only a
    restart or another process's clients miss it)."""
    if not written.cancelled() and written.exception() is not None:
        log.warning("a chat message of table %s was not stored: %s", table_id,
                    written.exception())


def store_and_spread(table: Table, message: dict[str, Any], store: Store,
                     cluster: Cluster | None) -> None:
    """After a message said here went out to this process's clients: keep it in the
    database (queued, not awaited) and, in a cluster, pass it to the other processes."""
    kept = stored_form(message)
    store.add_chat(table.id, message["chat_id"], kept).add_done_callback(
        lambda written: chat_stored(table.id, written))
    if cluster is not None:
        cluster.chat_said(table, kept)


def keep_heard(table: Table, message: dict[str, Any]) -> bool:
    """Keep a chat message that came from elsewhere (another process, the database) in
    the table's recent chat; False if the table has it already (by ``chat_id``)."""
    chat_id = message.get("chat_id")
    if chat_id is not None and any(said.get("chat_id") == chat_id for said in table.chat):
        return False
    table.chat.append({**message, "replay": False})
    seq = message.get("chat_seq")
    if isinstance(seq, int):  # numbers go on from the highest heard
        table.chat_seq = max(table.chat_seq, seq)
    return True


__all__ = ["MAX_CHAT", "QUICK_PHRASES", "ChatRefused", "chat_message", "clean_chat_text",
           "chat_stored", "keep_heard", "store_and_spread", "stored_form"]
