"""Records of finished games for download and replay: replayed from the database, checked
against the caller's right to see them (a seat token of the table, or its invite).

A game's record holds every hidden card (its seed deals them), so it is given out only
once that game is over: :func:`finished_game` refuses a running game (``conflict``) and
one not played yet (``not-found``) before anything is read.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from saustall.core import registry
from saustall.core.errors import RulesetRevisionError
from saustall.core.game import Game
from saustall.core.record import GameRecord
from saustall.server.model import LOBBY, PLAYING, ServerError, Table

if TYPE_CHECKING:
    from saustall.server.host import TableHost


@dataclass(frozen=True)
class FinishedGame:
    """A finished game the caller may see: where it is, and who is asking."""

    table_id: str
    number: int
    """The game's number at its table (from 1)."""
    game: Game
    num_seats: int
    options: dict[str, Any]
    seat: int | None
    """The caller's seat at the table (by its token), ``None`` for an invite."""
    labels: tuple[dict[str, Any], ...]
    """The seats' names as data a page words (:func:`~saustall.server.model.name_label`),
    as the seats are now."""


async def finished_game(hub: "TableHost", table_id: str, token: str | None,
                        invite: str | None, game_number: int | None) -> FinishedGame:
    """Check that game ``game_number`` (``None``: the latest) at the table is over and
    that the caller may see it (seat token or invite); nothing of the game is read.

    A table no longer held in memory (finished or abandoned) is read from the
    database, so its records stay available.
    """
    table = hub.tables.get(table_id)
    if table is not None:
        latest, status = table.game_number, table.status
    else:  # a stand-in built from the stored row, enough to check the caller's right
        stored = await hub.store.load_table(table_id)
        if stored is None:
            raise ServerError(404, "not-found", f"there is no table {table_id!r}")
        table = Table(stored.id, stored.invite, registry.get(stored.game, stored.ruleset),
                      stored.num_seats, stored.options, stored.public, None,
                      stored.created_at)
        for row in stored.seats:
            seat_now = table.seats[row.seat]
            seat_now.token_hash, seat_now.kind = row.token_hash, row.kind
            seat_now.name, seat_now.bot_level = row.name, row.bot_level
        latest, status = stored.game_number, stored.status
    seat: int | None = None
    if token:
        seat = hub.seat_of(table, token)
    else:
        hub.check_invite(table, invite)
    number = latest if game_number is None else game_number
    if number == latest and status in (LOBBY, PLAYING):
        if status == PLAYING:
            raise ServerError(409, "conflict",
                              "the record is available once the game is over")
        raise ServerError(404, "not-found", f"game {number} has not been played yet")
    if not 1 <= number <= latest:
        raise ServerError(404, "not-found", f"there is no game {number} at this table")
    return FinishedGame(table_id, number, table.game, table.num_seats, table.options, seat,
                        tuple(s.label() for s in table.seats))


async def finished_game_record(hub: "TableHost", table_id: str, token: str | None,
                               invite: str | None, game_number: int | None) -> GameRecord:
    """The record of a finished game at the table (seat token or invite needed)."""
    return await load_record(hub, await finished_game(hub, table_id, token, invite,
                                                      game_number))


async def load_record(hub: "TableHost", finished: FinishedGame) -> GameRecord:
    """The record of ``finished`` (checked by :func:`finished_game`), from the database."""
    table_id, number, game = finished.table_id, finished.number, finished.game
    found = await hub.store.load_game(table_id, number)
    if found is None:
        raise ServerError(404, "not-found", f"there is no game {number} at this table")
    if found.revision != game.ruleset.revision:  # the same actions could make another game
        raise ServerError(409, "conflict", str(RulesetRevisionError(
            f"game {number}", game.name, game.ruleset.name, found.revision,
            game.ruleset.revision)))
    state = game.new_state(finished.num_seats, found.seed, finished.options,
                           rng_stream=found.rng)
    for step in found.actions:
        state.apply(game.decode_action(step.action))
    if not state.is_terminal():
        raise ServerError(409, "conflict", f"game {number} was left before it ended")
    return GameRecord.from_state(state, meta={
        "table_id": table_id, "game_number": number, "seat_names": found.seat_names})
