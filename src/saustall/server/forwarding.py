"""Forwarding in a cluster: a mirror's actions and lobby requests go to the process that
owns the table (see :mod:`saustall.server.cluster`), and its answer comes back.

A request travels as JSON on ``NOTIFY saustall_p_<owner>``, the answer on
``saustall_p_<sender>``, matched by a request id. Both carry what a client sent (an
action's text, a lobby request's body) and what the owner answers for it (an error can
quote the text, a join answers with the table's seats), so either can be larger than a
notification may be. Each fits by construction: it is written as JSON in ASCII (one byte
a character in any server encoding, lone surrogates escaped too) and goes inline when
that is at most :data:`~saustall.server.lease.NOTIFY_LIMIT` bytes; a larger one is
stored as a row of ``saustall_spilled`` and the notification only names the row, which
the receiver reads and deletes. So the owner judges exactly what the client sent, and
the client gets what one server process would answer (``unknown-action``, ``bad-request``,
...), whatever its size; nothing is dropped. Rows whose receiver never came (it died) are
deleted by the takeover sweep once no one can be waiting for them.

A forwarded request never holds a seat token, only the token's digest as the database
stores it (see :mod:`saustall.server.operations`).
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from typing import TYPE_CHECKING, Any, Callable

from saustall.server.lease import NOTIFY_LIMIT, SPILLED, Fenced, log_failed_write
from saustall.server.model import Client, ServerError
from saustall.server.operations import OPERATIONS, Caller

if TYPE_CHECKING:
    from saustall.server.cluster import Cluster

log = logging.getLogger("saustall.server.cluster")

__all__ = ["Forwarder", "inline_payload"]


def inline_payload(message: dict[str, Any]) -> tuple[str, bool]:
    """``message`` as JSON text, and whether that fits in a notification payload (if not,
    the text is what is spilled: made once either way)."""
    text = json.dumps(message)  # ASCII: its length is its size in bytes, in any encoding
    return text, len(text) <= NOTIFY_LIMIT


def _server_error(msg_id: Any, message: str) -> str:
    """An action's ``server-error`` for its sender, as wire text."""
    return json.dumps({"type": "error", "code": "server-error", "rule": None, "id": msg_id,
                       "message": message})


class Forwarder:
    """This process's requests to table owners, and its answers to other processes."""

    def __init__(self, cluster: "Cluster", clock: Callable[[], float] = time.monotonic) -> None:
        self.cluster = cluster
        self.clock = clock  # (what drop_stale times itself by)
        self.hub = cluster.hub
        self._calls: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self._next_drop = 0.0  # (monotonic) when drop_stale deletes again

    # -- sending, inline or spilled ----------------------------------------------------
    async def _post(self, target: str, message: dict[str, Any]) -> None:
        """Notify process ``target`` of ``message``: inline, or as a row it reads."""
        payload, fits = inline_payload(message)
        if not fits:
            async with self.cluster.pool.acquire() as conn:
                row = await conn.fetchval(
                    f"INSERT INTO {SPILLED} (body) VALUES ($1) RETURNING id", payload)
            payload = json.dumps({"spilled": int(row)})
        self.cluster.notifier.send(f"saustall_p_{target}", payload)

    def on_message(self, payload: str) -> None:
        """A notification on this process's channel: a request or an answer."""
        message = json.loads(payload)
        if "spilled" in message:
            self.cluster._spawn(self._unspill(int(message["spilled"])))
        else:
            self._receive(message)

    async def _unspill(self, row: int) -> None:
        """Read (and delete) a spilled message, then take it as if it came inline."""
        try:
            async with self.cluster.pool.acquire() as conn:
                body = await conn.fetchval(
                    f"DELETE FROM {SPILLED} WHERE id = $1 RETURNING body", row)
        except Exception:  # its sender hears nothing and says so to its client
            log.exception("could not read forwarded message %d", row)
            return
        if body is None:  # (deleted as stale: nobody waits for it any more)
            log.warning("forwarded message %d is gone", row)
            return
        self._receive(json.loads(body))

    def _receive(self, message: dict[str, Any]) -> None:
        if "re" in message:
            future = self._calls.get(message["re"])
            if future is not None and not future.done():
                future.set_result(message)
            return
        self.cluster._spawn(self._serve(message))

    async def drop_stale(self) -> None:
        """Delete spilled messages older than any sender waits (their receiver died).

        At most once in that time: the takeover sweep calls this every third of a lease,
        but a row goes stale only after a minute or more, so a DELETE each sweep would
        mostly find nothing. A stale row stays at most twice that time."""
        keep = max(60.0, 10 * self.cluster.lease_seconds)
        now = self.clock()
        if now < self._next_drop:
            return
        async with self.cluster.pool.acquire() as conn:
            await conn.execute(f"DELETE FROM {SPILLED} WHERE created_at < "
                               "now() - make_interval(secs => $1)", keep)
        self._next_drop = now + keep  # (after a failure, the next sweep tries again)

    # -- asking the owner ----------------------------------------------------------------
    async def _route(self, table_id: str) -> str | None:
        """The process that owns the table, or None once it is ours (taken if free)."""
        cluster = self.cluster
        hint = cluster.hints.get(table_id)
        if hint is not None:
            return hint
        for _ in range(3):
            holder = await cluster.leases.holder(table_id)
            if holder is not None and holder != cluster.me:
                cluster.hints[table_id] = holder
                return holder
            fence = await cluster.leases.acquire(table_id)
            if fence is not None:
                await cluster._take(table_id, fence)
                return None
        raise ServerError(503, "table-unavailable", "the table is changing hands; try again")

    async def _call(self, target: str, request: dict[str, Any]) -> dict[str, Any] | None:
        """Ask the process ``target``; its answer, or None if it does not answer in time."""
        rid = secrets.token_hex(8)
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._calls[rid] = future
        try:
            await self._post(target, {**request, "rid": rid, "from": self.cluster.me})
            return await asyncio.wait_for(future, max(1.0, self.cluster.lease_seconds))
        except asyncio.TimeoutError:
            return None
        except Exception:  # (the database is away: the request never left)
            log.warning("could not forward a request to process %s", target, exc_info=True)
            return None
        finally:
            self._calls.pop(rid, None)

    async def forward_act(self, table_id: str, seat: int, text: str,
                          msg_id: Any, key: str | None) -> list[str] | None:
        """Have the owner judge a seat's action; the messages for the sender, or None when
        no other process owns the table (the caller judges it itself). ``key`` is the
        digest of the sender's seat token: the owner plays the action only while the seat
        still has it."""
        cluster = self.cluster
        for _ in range(3):
            target = await self._route(table_id)
            if target is None:
                return None
            reply = await self._call(target, {"op": "act", "t": table_id, "seat": seat,
                                              "text": text, "id": msg_id, "key": key})
            if reply is None:  # it may have stored it before dying: never judge it twice
                cluster.hints.pop(table_id, None)
                cluster._mark(table_id, full=True)
                return [_server_error(msg_id, (
                    "the server process holding this table did not answer; look at the "
                    "table again and resend if your move is not there"))]
            if reply.get("moved"):
                cluster.hints.pop(table_id, None)
                continue
            messages: list[str] = reply["messages"]
            return messages
        return [_server_error(msg_id, "the table is changing hands; try again")]

    async def _judge_here(self, table_id: str, seat: int, text: str, msg_id: Any,
                          key: str | None) -> list[str]:
        table = self.hub.tables.get(table_id)
        stand_in = Client(seat, key)
        if table is None or not table.owned:
            return [_server_error(msg_id, "the table moved; try again")]
        await self.hub.judge(table, seat, text, msg_id, stand_in)
        found: list[str] = []
        while not stand_in.queue.empty():
            item = stand_in.queue.get_nowait()
            if isinstance(item, str):
                found.append(item)
        return found

    async def run_op(self, name: str, table_id: str, body: dict[str, Any],
                     caller: Caller) -> dict[str, Any]:
        """Run a lobby request where the table is owned; its answer."""
        for _ in range(3):
            table = self.hub.tables.get(table_id)
            if table is not None and table.owned:
                return await OPERATIONS[name](self.hub, table_id, body, caller)
            target = await self._route(table_id)
            if target is None:
                continue
            reply = await self._call(target, {"op": name, "t": table_id, "body": body,
                                              "key": caller.key, "new_key": caller.new_key})
            if reply is None:
                self.cluster.hints.pop(table_id, None)
                raise ServerError(503, "table-unavailable",
                                  "the server process holding this table did not answer; "
                                  "try again in a moment")
            if reply.get("moved"):
                self.cluster.hints.pop(table_id, None)
                continue
            if "error" in reply:
                error = reply["error"]
                raise ServerError(error["status"], error["code"], error["message"],
                                  error.get("rule"))
            answer: dict[str, Any] = reply["ok"]
            return answer
        raise ServerError(503, "table-unavailable", "the table is changing hands; try again")

    # -- answering as the owner ----------------------------------------------------------
    async def _serve(self, request: dict[str, Any]) -> None:
        """Answer a request another process forwarded to us as the table's owner."""
        table_id = request["t"]
        answer: dict[str, Any]
        table = self.hub.tables.get(table_id)
        if table is None or not table.owned:
            answer = {"moved": True}
        elif request["op"] == "act":
            answer = {"messages": await self._judge_here(table_id, int(request["seat"]),
                                                         str(request["text"]), request["id"],
                                                         request.get("key"))}
        else:
            try:
                caller = Caller(request.get("key"), request.get("new_key"))
                answer = {"ok": await OPERATIONS[request["op"]](
                    self.hub, table_id, request["body"], caller)}
            except ServerError as exc:
                answer = {"error": {"status": exc.status, **exc.payload()}}
            except Fenced as exc:  # we lost the table meanwhile: the caller asks again
                log_failed_write(log, exc, "a forwarded %s request was not stored",
                                 request["op"])
                answer = {"moved": True}
            except Exception:
                log.exception("a forwarded %s request failed", request["op"])
                answer = {"error": {"status": 500, "code": "server-error", "rule": None,
                                    "message": "the server failed on this request"}}
        try:
            await self._post(request["from"], {**answer, "re": request["rid"]})
        except Exception:  # its sender hears nothing and says so to its client
            log.exception("could not answer a forwarded %s request", request["op"])
