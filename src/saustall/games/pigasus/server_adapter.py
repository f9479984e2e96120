"""Pigasus on the server: the server's clock stamps every action.

A client sends a Pigasus action without seat or time (``grab``, ``reveal``,
``point PC,CP``, ``point none``, ``tick``); it may also send an entry of its ``legal``
list as is (``p2@15300 grab``), in which case the seat and time it names are ignored.
The server writes the seat of the sender and its own arrival time into the action
(``p{seat}@{server ms} ...``), so the engine judges grabs, its simultaneity window and
the pointing limit on server times only. Time-driven transitions (the window closing,
a holder out of time, the last call) are made with a ``tick`` at their due time.

Bots are :class:`saustall.games.pigasus.bots.reaction.PigasusBot`: asked what they plan and when
(``react``), and applied when the server's clock reaches that time.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from saustall.core.errors import MalformedActionError
from saustall.core.game import Action, GameState
from saustall.games.pigasus.game import PigasusAction, PigasusState, decode_action, tick

if TYPE_CHECKING:
    from saustall.server.host import TableHost

_CLAIMED = re.compile(r"^\s*p\d{1,2}@\d{1,12}\s+")
TICK_SEAT = 0
"""The seat named in the server's own ticks (a tick changes nothing but the time)."""


class PigasusAdapter:
    """Stamps Pigasus actions with the server's clock and runs its bots' plans."""

    def __init__(self, bot_delay_ms: int) -> None:
        self.bot_delay_ms = bot_delay_ms

    def stamp(self, state: GameState, seat: int, text: str, time_ms: int) -> Action:
        """``p{seat}@{time} {what}`` from the sender's seat and the server's time."""
        if not isinstance(text, str):
            raise MalformedActionError(f"an action must be text, not {text!r}")
        what = _CLAIMED.sub("", text).strip()
        assert isinstance(state, PigasusState)
        when = max(time_ms, state.now)
        return decode_action(f"p{seat}@{when} {what}")

    def due(self, state: GameState, time_ms: int) -> tuple[Action | None, int | None]:
        """A tick at the next due time once the server's clock has reached it."""
        assert isinstance(state, PigasusState)
        if state.is_terminal():
            return None, None
        due = state.next_due()
        if due is None:
            return None, None
        if due <= time_ms:
            return tick(TICK_SEAT, max(due, state.now)), None
        return None, due

    def plan(self, state: GameState, seat: int, bot: Any, time_ms: int,
             changed_ms: int) -> tuple[Action, int] | None:
        """The bot's planned action and its time (never before the last event)."""
        assert isinstance(state, PigasusState)
        react = getattr(bot, "react", None)
        if react is None:  # a bot without a clock: choose from the legal list now
            legal = state.legal_actions(seat)
            actions = [a for a in legal if isinstance(a, PigasusAction) and a.kind != "tick"]
            if not actions:
                return None
            choice = bot.choose(state.view(seat), actions)
            return choice, changed_ms + self.bot_delay_ms
        planned = react(state.view(seat), max(time_ms, state.now))
        if planned is None:
            return None
        assert isinstance(planned, PigasusAction)
        when = max(planned.time, state.now)
        return planned._replace(time=when), when

    def rejected(self, bot: Any, action: Action, error: Exception) -> None:
        """Pass the engine's refusal on to the bot."""
        feedback = getattr(bot, "rejected", None)
        if callable(feedback):
            feedback(action, error)


def adapter(hub: "TableHost") -> PigasusAdapter:
    """Pigasus's adapter for a server (its support record's ``realtime_adapter``)."""
    return PigasusAdapter(int(hub.settings.bot_delay * 1000))
