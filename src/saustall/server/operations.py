"""The lobby requests (join, leave, ready, bots, start, rematch) as named operations.

Each takes the hub, the table id, the request body and the caller's seat token, and
returns the JSON answer. The HTTP endpoints run them through :func:`run`: on a single
server that is a plain call; in a cluster (:mod:`saustall.server.cluster`) the process
owning the table runs it, wherever the request arrived.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Awaitable, Callable

if TYPE_CHECKING:
    from saustall.server.tables import Hub

Operation = Callable[["Hub", str, dict[str, Any], "str | None"], Awaitable[dict[str, Any]]]


async def join(hub: "Hub", table_id: str, body: dict[str, Any], token: str | None) -> dict[str, Any]:
    """Take a free seat with the invite code."""
    table, seat, new = await hub.join(table_id, body.get("invite"), body.get("name"),
                                      body.get("seat"))
    return {"seat": seat, "token": new, "invite": table.invite, "table": table.info()}


async def leave(hub: "Hub", table_id: str, body: dict[str, Any], token: str | None) -> dict[str, Any]:
    """Give up your seat."""
    return {"table": (await hub.leave(table_id, token)).info()}


async def ready(hub: "Hub", table_id: str, body: dict[str, Any], token: str | None) -> dict[str, Any]:
    """Say you are ready (or not)."""
    return {"table": (await hub.set_ready(table_id, token, body.get("ready", True))).info()}


async def add_bot(hub: "Hub", table_id: str, body: dict[str, Any],
                  token: str | None) -> dict[str, Any]:
    """Seat a bot of a level."""
    table, seat = await hub.add_bot(table_id, token, body.get("level"), body.get("seat"))
    return {"seat": seat, "table": table.info()}


async def remove_bot(hub: "Hub", table_id: str, body: dict[str, Any],
                     token: str | None) -> dict[str, Any]:
    """Take a bot off its seat (``body["seat"]``, from the path)."""
    return {"table": (await hub.remove_bot(table_id, token, int(body["seat"]))).info()}


async def start(hub: "Hub", table_id: str, body: dict[str, Any], token: str | None) -> dict[str, Any]:
    """Deal a new game."""
    return {"table": (await hub.start(table_id, token)).info()}


async def rematch(hub: "Hub", table_id: str, body: dict[str, Any],
                  token: str | None) -> dict[str, Any]:
    """Set up the next game with the same seats."""
    return {"table": (await hub.rematch(table_id, token)).info()}


OPERATIONS: dict[str, Operation] = {
    "join": join, "leave": leave, "ready": ready, "add_bot": add_bot,
    "remove_bot": remove_bot, "start": start, "rematch": rematch}
"""Every lobby operation by name."""


async def run(hub: "Hub", name: str, table_id: str, body: dict[str, Any],
              token: str | None) -> dict[str, Any]:
    """Run the operation ``name`` where the table is decided (see the module text)."""
    if hub.cluster is None:
        return await OPERATIONS[name](hub, table_id, body, token)
    return await hub.cluster.run_op(name, table_id, body, token)
