"""The lobby requests (join, leave, ready, bots, start, rematch) as named operations.

Each takes the hub, the table id, the request body and the :class:`Caller`, and returns
the JSON answer. The HTTP endpoints run them through :func:`run`: on a single server that
is a plain call; in a cluster (:mod:`saustall.server.cluster`) the process owning the
table runs it, wherever the request arrived.

A seat token never goes further than the process the request arrived at: :func:`run`
turns it into its SHA-256 digest, the value the database stores for the seat (and the
only thing the owner compares), and a join's new token is made there too, with only its
digest passed on. So a forwarded request tells whoever can read the database's
notification queue nothing the seats table does not already hold.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Awaitable, Callable

from saustall.server.model import hash_token, new_token

if TYPE_CHECKING:
    from saustall.server.host import LobbyHost


@dataclass(frozen=True)
class Caller:
    """Who sends a lobby request, as token digests (:func:`hash_token`) only."""

    key: str | None = None
    """The digest of the caller's seat token (``None``: no token sent)."""
    new_key: str | None = None
    """For a join: the digest of the token made for the new seat."""


Operation = Callable[["LobbyHost", str, dict[str, Any], Caller], Awaitable[dict[str, Any]]]


async def join(hub: "LobbyHost", table_id: str, body: dict[str, Any], caller: Caller) -> dict[str, Any]:
    """Take a free seat with the invite code (the token is added by :func:`run`)."""
    if caller.new_key is None:
        raise ValueError("a join needs the digest of the new seat's token")
    table, seat = await hub.join(table_id, body.get("invite"), body.get("name"),
                                 body.get("seat"), caller.new_key)
    return {"seat": seat, "invite": table.invite, "table": table.info()}


async def leave(hub: "LobbyHost", table_id: str, body: dict[str, Any], caller: Caller) -> dict[str, Any]:
    """Give up your seat."""
    return {"table": (await hub.leave(table_id, caller.key)).info()}


async def ready(hub: "LobbyHost", table_id: str, body: dict[str, Any], caller: Caller) -> dict[str, Any]:
    """Say you are ready (or not)."""
    return {"table": (await hub.set_ready(table_id, caller.key, body.get("ready", True))).info()}


async def add_bot(hub: "LobbyHost", table_id: str, body: dict[str, Any],
                  caller: Caller) -> dict[str, Any]:
    """Seat a bot of a level."""
    table, seat = await hub.add_bot(table_id, caller.key, body.get("level"), body.get("seat"))
    return {"seat": seat, "table": table.info()}


async def remove_bot(hub: "LobbyHost", table_id: str, body: dict[str, Any],
                     caller: Caller) -> dict[str, Any]:
    """Take a bot off its seat (``body["seat"]``, from the path)."""
    return {"table": (await hub.remove_bot(table_id, caller.key, int(body["seat"]))).info()}


async def start(hub: "LobbyHost", table_id: str, body: dict[str, Any], caller: Caller) -> dict[str, Any]:
    """Deal a new game."""
    return {"table": (await hub.start(table_id, caller.key)).info()}


async def rematch(hub: "LobbyHost", table_id: str, body: dict[str, Any],
                  caller: Caller) -> dict[str, Any]:
    """Set up the next game with the same seats."""
    return {"table": (await hub.rematch(table_id, caller.key)).info()}


OPERATIONS: dict[str, Operation] = {
    "join": join, "leave": leave, "ready": ready, "add_bot": add_bot,
    "remove_bot": remove_bot, "start": start, "rematch": rematch}
"""Every lobby operation by name."""


async def run(hub: "LobbyHost", name: str, table_id: str, body: dict[str, Any],
              token: str | None) -> dict[str, Any]:
    """Run the operation ``name`` where the table is decided (see the module text)."""
    fresh = new_token() if name == "join" else None
    caller = Caller(hash_token(token) if token else None,
                    hash_token(fresh) if fresh is not None else None)
    if hub.cluster is None:
        answer = await OPERATIONS[name](hub, table_id, body, caller)
    else:
        answer = await hub.cluster.run_op(name, table_id, body, caller)
    if fresh is None:
        return answer
    return {"seat": answer["seat"], "token": fresh,
            **{k: v for k, v in answer.items() if k != "seat"}}
