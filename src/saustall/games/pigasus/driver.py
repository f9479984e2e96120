"""Running Pigasus in time: agents plan timed actions, the table applies them in order.

No clock is read here. Whoever drives the table says what time it is: a simulation jumps
from one planned event to the next, the terminal client passes its monotonic clock, the
server its own. An :class:`Agent` (a bot, or a helper that deals for a person) looks at
its seat's view and says what it plans to do and when; the table applies the earliest
plan, asks again, and so on. Transitions that happen by time alone (the grab window
closing, the last call) are triggered with a ``tick`` at their due time.

Everything is deterministic: plans are compared by (time, seat), ties at equal time go
to the due tick first, then to the lower seat.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Protocol

from saustall.core.errors import IllegalActionError
from saustall.core.game import View
from saustall.games.pigasus.game import TICK, PigasusAction, PigasusState


class Agent(Protocol):
    """Something that plans one timed action from a seat's view."""

    def react(self, view: View, now: int) -> PigasusAction | None:
        """The action this seat plans, stamped with a time not before ``now``, or None.

        Called again after every change, so a plan may be replaced before it is due;
        calling it twice with the same view and time gives the same plan.
        """


@dataclass(frozen=True)
class Rejection:
    """A planned action the engine refused (e.g. a grab that came too late)."""

    action: PigasusAction
    error: IllegalActionError


class RealtimeTable:
    """A game state plus the agents of some seats, advanced in time order."""

    def __init__(self, state: PigasusState, agents: Mapping[int, Agent],
                 tick_seat: int = 0) -> None:
        self.state = state
        self.agents = dict(sorted(agents.items()))
        self.tick_seat = tick_seat
        self.rejections: list[Rejection] = []
        self._refused: set[PigasusAction] = set()

    def plans(self) -> list[PigasusAction]:
        """Every agent's current plan, times raised to ``now`` where they lag behind."""
        state = self.state
        plans: list[PigasusAction] = []
        if state.is_terminal():
            return plans
        for seat, agent in self.agents.items():
            plan = agent.react(state.view(seat), state.now)
            if plan is None:
                continue
            if plan.time < state.now:
                plan = plan._replace(time=state.now)
            if plan not in self._refused:
                plans.append(plan)
        return plans

    def next_event(self) -> PigasusAction | None:
        """The next action the table would apply: a due tick or the earliest plan."""
        state = self.state
        if state.is_terminal():
            return None
        best: PigasusAction | None = None
        for plan in self.plans():
            if best is None or (plan.time, plan.player) < (best.time, best.player):
                best = plan
        due = state.next_due()
        if due is not None and (best is None or due <= best.time):
            return PigasusAction(self.tick_seat, max(due, state.now), TICK)
        return best

    def step(self, until: int | None = None) -> PigasusAction | None:
        """Apply the next action if it is due by ``until`` (None: whenever it is due).

        Returns the applied (or refused) action, None when nothing is due by then.
        Refused plans are kept in :attr:`rejections` and not offered again until
        something changes.
        """
        action = self.next_event()
        if action is None or (until is not None and action.time > until):
            return None
        try:
            self.state.apply(action)
        except IllegalActionError as exc:
            self.rejections.append(Rejection(action, exc))
            self._refused.add(action)
            agent = self.agents.get(action.player)
            rejected = getattr(agent, "rejected", None)
            if callable(rejected):
                rejected(action, exc)
            return action
        self._refused.clear()
        return action

    def run_until(self, until: int) -> list[PigasusAction]:
        """Apply everything due up to time ``until`` (inclusive), in order."""
        applied: list[PigasusAction] = []
        while True:
            action = self.step(until)
            if action is None:
                return applied
            applied.append(action)

    def submit(self, action: PigasusAction) -> None:
        """Apply an outside action (a person's) after every plan due before its time.

        Raises the engine's error when the action is illegal at its time.
        """
        self.run_until(action.time - 1)
        self.state.apply(action)
        self._refused.clear()

    def run_to_end(self, max_events: int = 100000) -> PigasusState:
        """Play on until the game ends (a simulation); raises if nobody can move."""
        for _ in range(max_events):
            if self.state.is_terminal():
                return self.state
            if self.step() is None:
                raise RuntimeError(
                    f"the table is stuck at {self.state.now} ms: no agent plans anything")
        raise RuntimeError(f"the game did not end within {max_events} driver steps")
