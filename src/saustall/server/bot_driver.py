"""Bots' turns at turn-based tables: which bot plays a seat, and the loop that lets it act.

The loop (:meth:`BotDriver.play`) waits the natural pause, reads the position under the
table's lock, lets the bot think in a worker process (:mod:`saustall.server.bot_workers`)
without holding the lock, and commits the choice under the lock only if the position has
not changed meanwhile. Real-time tables drive their bots themselves
(:mod:`saustall.server.realtime`) but take them from :meth:`BotDriver.bot_for` too.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from typing import Awaitable, Callable, Sequence

from saustall.bots.base import Bot, RandomBot, bot_levels, make_bot, view_for
from saustall.core.game import Action, View
from saustall.server.bot_workers import BotWorkers
from saustall.server.model import BOT, PLAYING, FirstLegalBot, Seat, Table
from saustall.server.settings import HubSettings

__all__ = ["BotDriver", "CommitAction"]

log = logging.getLogger("saustall.server")

CommitAction = Callable[[Table, int, Action], Awaitable[None]]
"""Stores, applies and announces a seat's legal action (the caller holds the lock)."""


class BotDriver:
    """Creates the seats' bots and plays their turns, committing through ``commit``."""

    def __init__(self, settings: HubSettings, workers: BotWorkers,
                 commit: CommitAction) -> None:
        self.settings = settings
        self.workers = workers
        self.commit = commit

    def bot_for(self, table: Table, seat: Seat) -> Bot:
        """The seat's bot, created on first use with its own random seed."""
        if seat.bot is None:
            level = seat.bot_level or FirstLegalBot.name
            factory = self.settings.bot_factory
            custom = factory(table.game.name, level, secrets.randbits(32)) if factory else None
            if custom is not None:
                seat.bot = custom
            elif level in bot_levels(table.game.name):
                seat.bot = make_bot(table.game.name, level, secrets.randbits(32))
            elif level == RandomBot.name:
                seat.bot = RandomBot(secrets.randbits(32))
            else:
                seat.bot = FirstLegalBot()
        return seat.bot

    async def play(self, table: Table) -> None:
        """Let the bots to act play, one action at a time, each after the natural pause."""
        while True:
            state = table.state
            if table.status != PLAYING or state is None:
                return
            bots = [s for s in state.to_act() if table.seats[s].kind == BOT]
            if not bots:
                return
            await asyncio.sleep(self.settings.bot_delay)
            async with table.lock:
                state = table.state
                if table.status != PLAYING or state is None:
                    return
                bots = [s for s in state.to_act() if table.seats[s].kind == BOT]
                if not bots:
                    return
                seat_no = bots[0]
                seat = table.seats[seat_no]
                bot = self.bot_for(table, seat)
                view = view_for(bot, state, seat_no)
                legal = state.legal_actions(seat_no)
                seq, number = table.seq, table.game_number
            action = await self._think(table, seat, bot, view, legal)
            async with table.lock:
                state = table.state
                if (table.status != PLAYING or state is None or table.seq != seq
                        or table.game_number != number or table.seats[seat_no].kind != BOT):
                    continue
                await self.commit(table, seat_no, action)

    async def _think(self, table: Table, seat: Seat, bot: Bot, view: View,
                     legal: Sequence[Action]) -> Action:
        """The bot's choice, thought out in a worker process (see
        :mod:`saustall.server.bot_workers`); a bot that fails or chooses an illegal action
        plays the first legal one, and the fault is logged."""
        game = table.game
        if getattr(bot, "thinks_instantly", False):  # a worker's round trip costs more
            return self._choose_here(table, bot, view, legal)
        try:
            choice = await self.workers.choose(
                game.name, game.ruleset.name, bot, view,
                [game.encode_action(action) for action in legal])
        except Exception:
            log.exception("bot %s failed at table %s; it plays the first legal action",
                          getattr(bot, "name", type(bot).__name__), table.id)
            return legal[0]
        if seat.bot is bot:  # it carries on from where it stopped (its random source...)
            seat.bot = choice.bot
        if choice.index < 0:
            log.error("bot %s chose an illegal action at table %s", choice.bot.name, table.id)
            return legal[0]
        return legal[choice.index]

    @staticmethod
    def _choose_here(table: Table, bot: Bot, view: View, legal: Sequence[Action]) -> Action:
        """The choice of a bot that declares ``thinks_instantly`` (it picks without
        searching, in microseconds), made on the event loop; faults as in :meth:`_think`."""
        try:
            action = bot.choose(view, legal)
        except Exception:
            log.exception("bot %s failed at table %s; it plays the first legal action",
                          getattr(bot, "name", type(bot).__name__), table.id)
            return legal[0]
        if action not in legal:
            log.error("bot %s chose an illegal action at table %s", bot.name, table.id)
            return legal[0]
        return action
