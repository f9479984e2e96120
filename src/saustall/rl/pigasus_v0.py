"""Pigasus as a PettingZoo parallel environment on a fixed tick.

Pigasus is played in real time: every engine action carries its seat and a time in ms
(:mod:`saustall.games.pigasus.actions`). Here time advances in fixed ticks of
``tick_ms`` milliseconds (default :data:`TICK_MS` = 100 ms). At each tick every agent
picks one action; the actions are applied at the tick's time ``t``, one seat after the
other, starting from a seat that moves one place each tick (so no seat always goes
first). The engine judges each action at that time; one it refuses (masked out, or made
illegal by an earlier seat's action of the same tick, such as a reveal after someone
grabbed) changes nothing: it counts as a no-op, and the agent's info says
``{"refused": True, "rule": ...}`` with the rule the engine named. (There is no
standard PettingZoo wrapper that ends a parallel game on an illegal action; the AEC form
``env()`` has the terminate-illegal wrapper.)
Then the clock moves to ``t + tick_ms``, and every change due by then (the grab window
closing, a holder out of time to point, the last call) happens at its own due time,
through the engine's ``tick`` action.

``parallel_env(ruleset="pigasus", num_players=4, render_mode=None, tick_ms=100,
max_ticks=20000, reward_scale="points", **options)`` is the parallel environment; ``env(...)`` the same game as a
wrapped AEC environment (``parallel_to_aec`` plus the standard wrappers) and
``raw_env(...)`` the AEC one without wrappers. Rulesets: ``pigasus`` (2-10 players) and
``pigasus-teams`` (4-10); ``options`` are the ruleset's (``window_ms``, ``event_cap``...).
A game that reaches ``max_ticks`` ticks without ending is truncated.

Action space ``Discrete(76)``:

| index | meaning |
| --- | --- |
| 0 | no-op: do nothing this tick (always legal) |
| 1 | reveal the top card (the dealer, or the dealer's team) |
| 2 | grab the Pigasus |
| 3 | point at no pair: give up (a holder that has not finished pointing) |
| 4 + ``c`` | point at card ``c`` (0-71, see :mod:`saustall.games.pigasus.cards`) on the table |

The action mask marks what the engine accepts at the tick's time: its legal actions of
the seat (listed at the engine's last event), less a grab once the grab window of a hold
has closed.

Rewards: the game's own result (:meth:`GameState.returns`), paid at the end:

| ``reward_scale`` | a win | a shared win (``k`` winners) | a loss |
| --- | --- | --- | --- |
| ``"points"`` (default) | 1 | 1 / ``k`` | 0 |
| ``"normalized"`` | the same: already in [0, 1] | | |

``render_mode="ansi"`` makes ``render()`` return the table as the terminal client's replay
draws it (``saustall replay``), from the spectator's view: the tick's time, the cards
collected, the cards face up with their keys, who holds the Pigasus; ``"human"`` prints it
and returns None.

Observation: a float32 vector in [0, 1] from ``state.view(seat)`` and the tick's time
(known to all). ``P`` = 10 (the most players); seats are relative (row 0 is me); a
seat's score is its unit's (its team's in team play):

| block | size | meaning |
| --- | --- | --- |
| ``table`` | 72 | cards face up on the table |
| ``pairs`` | 72 | face-up cards whose partner is face up too |
| ``fingers`` | 72 | cards I point at |
| ``phase`` | 3 | play, held, over |
| ``dealer`` | ``P`` | relative seat of the dealer |
| ``my_team_deals`` | 1 | my unit deals (I may reveal while nobody holds) |
| ``holders`` | ``P`` | holds the Pigasus |
| ``done`` | ``P`` | holder has finished pointing |
| ``pointing`` | ``P`` | fingers placed / 2 |
| ``window_open`` | 1 | a hold is on and its grab window is still open |
| ``time_to_point`` | 1 | my ms left to point / ``point_limit_ms`` (0: not pointing) |
| ``quiet`` | 1 | ms since the table last changed / 10,000, at most 1 |
| ``deck`` | 1 | cards in the deck / 56 |
| ``set_aside`` | 1 | set-aside cards / 16 |
| ``box`` | 1 | cards in the box / 72 |
| ``score`` | ``P`` | cards collected by that seat's unit / 72 |
| ``teammate`` | ``P`` | seat is in my unit |
| ``seated`` | ``P`` | seat is at the table |
| ``contender`` | ``P`` | seat's unit may grab (tie-break contenders) |
| ``benched`` | ``P`` | seat's unit is benched |
| ``tiebreak`` | 1 | the tie-break is on |
| ``clock`` | 1 | the tick's time / 600,000 ms, at most 1 |
"""

from __future__ import annotations

import random
from typing import Any, Mapping

import numpy as np
from rich.console import Console
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils.conversions import parallel_to_aec

from saustall.core.errors import IllegalActionError
from saustall.core.game import View
from saustall.core.registry import get
from saustall.games.pigasus.actions import (
    GRAB, POINT, REVEAL, TICK, PigasusAction,
)
from saustall.games.pigasus.cards import CODES, NUM_CARDS, partner
from saustall.games.pigasus.game import PigasusState
from saustall.rl.common import (
    RENDER_MODES, Layout, Observation, agent_name, check_render_mode, check_reward_scale,
    new_seed, observation_space, render_view, standard_wrappers,
)

TICK_MS = 100
"""The default tick: 100 ms of game time per step."""
MAX_TICKS = 20_000
"""The default step limit (about 33 minutes of game time)."""
NOOP, REVEAL_INDEX, GRAB_INDEX, GIVE_UP_INDEX, POINT_BASE = 0, 1, 2, 3, 4
NUM_ACTIONS = POINT_BASE + NUM_CARDS
MAX_SEATS = 10
CARD_INDEX = {code: c for c, code in enumerate(CODES)}
PARTNERS = tuple(partner(c) for c in range(NUM_CARDS))
PHASES = ("play", "held", "over")


def action_index(action: PigasusAction) -> int:
    """The index of an engine action (a two-card point: its first card)."""
    if action.kind == REVEAL:
        return REVEAL_INDEX
    if action.kind == GRAB:
        return GRAB_INDEX
    if action.kind == POINT:
        return POINT_BASE + action.cards[0] if action.cards else GIVE_UP_INDEX
    return NOOP


def engine_action(index: int, seat: int, time: int) -> PigasusAction | None:
    """The engine action of ``index`` for ``seat`` at ``time`` (None for the no-op)."""
    if index == NOOP:
        return None
    if index == REVEAL_INDEX:
        return PigasusAction(seat, time, REVEAL)
    if index == GRAB_INDEX:
        return PigasusAction(seat, time, GRAB)
    if index == GIVE_UP_INDEX:
        return PigasusAction(seat, time, POINT, ())
    return PigasusAction(seat, time, POINT, (index - POINT_BASE,))


def _layout() -> Layout:
    p = MAX_SEATS
    layout = Layout()
    for name, size, meaning in (
            ("table", NUM_CARDS, "cards face up"), ("pairs", NUM_CARDS, "face-up cards whose "
             "partner is face up"), ("fingers", NUM_CARDS, "cards I point at"),
            ("phase", 3, "play, held, over"), ("dealer", p, "relative seat of the dealer"),
            ("my_team_deals", 1, "my unit deals"), ("holders", p, "holds the Pigasus"),
            ("done", p, "holder finished pointing"), ("pointing", p, "fingers placed / 2"),
            ("window_open", 1, "the grab window of a hold is open"),
            ("time_to_point", 1, "my ms left to point / point_limit_ms"),
            ("quiet", 1, "ms since the table changed / 10000"), ("deck", 1, "deck / 56"),
            ("set_aside", 1, "set-aside / 16"), ("box", 1, "box / 72"),
            ("score", p, "cards of the seat's unit / 72"), ("teammate", p, "in my unit"),
            ("seated", p, "seat is at the table"), ("contender", p, "seat's unit may grab"),
            ("benched", p, "seat's unit is benched"), ("tiebreak", 1, "tie-break on"),
            ("clock", 1, "tick time / 600000 ms")):
        layout.add(name, size, meaning)
    return layout


LAYOUT = _layout()
"""The observation layout (the same for every ruleset and table size)."""


class parallel_env(ParallelEnv):  # type: ignore[misc]  # pettingzoo ships no type hints
    """Pigasus on a fixed tick (see the module docstring)."""

    metadata = {"render_modes": list(RENDER_MODES), "name": "pigasus_v0",
                "is_parallelizable": True, "render_fps": 10}

    def __init__(self, ruleset: str | None = "pigasus", num_players: int | None = 4,
                 render_mode: str | None = None, tick_ms: int = TICK_MS,
                 max_ticks: int = MAX_TICKS, reward_scale: str = "points",
                 **options: Any) -> None:
        self.game = get("pigasus", ruleset)
        self.num_players = num_players if num_players is not None else self.game.default_players
        self.game.ruleset.check_players(self.num_players)
        self.options = self.game.ruleset.resolve_options(options)
        if type(tick_ms) is not int or tick_ms < 1:
            raise ValueError(f"tick_ms must be a whole number of ms >= 1, not {tick_ms!r}")
        if type(max_ticks) is not int or max_ticks < 1:
            raise ValueError(f"max_ticks must be an int >= 1, not {max_ticks!r}")
        check_render_mode(render_mode)
        check_reward_scale(reward_scale)  # both scales alike: the result is in [0, 1]
        self.render_mode = render_mode
        self.reward_scale = reward_scale
        self.tick_ms = tick_ms
        self.max_ticks = max_ticks
        self.possible_agents = [agent_name(p) for p in range(self.num_players)]
        self.agents: list[str] = []
        self.layout = LAYOUT
        self._space = observation_space(LAYOUT.size, NUM_ACTIONS)
        self._action_space = spaces.Discrete(NUM_ACTIONS)
        self._rng = random.Random()
        self.state: PigasusState | None = None
        self.time = 0
        self.ticks = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """Every agent's observation space."""
        return self._space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """Every agent's action space, ``Discrete(76)``."""
        return self._action_space

    # -- the parallel API --------------------------------------------------------------
    def reset(self, seed: int | None = None, options: Mapping[str, Any] | None = None,
              ) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        """Deal a new game at time 0; ``seed`` seeds the environment's game seeds."""
        if seed is not None:
            self._rng = random.Random(seed)
        state = self.game.new_state(self.num_players, new_seed(self._rng), self.options)
        assert isinstance(state, PigasusState)
        self.state = state
        self.time = 0
        self.ticks = 0
        self.agents = self.possible_agents[:]
        return self._observations(), {agent: {} for agent in self.agents}

    def step(self, actions: Mapping[str, int]) -> tuple[
            dict[str, Observation], dict[str, float], dict[str, bool], dict[str, bool],
            dict[str, dict[str, Any]]]:
        """Apply every agent's action at this tick's time, then let one tick pass."""
        state = self._require_state()
        n = self.num_players
        infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        for agent, index in actions.items():
            if not 0 <= int(index) < NUM_ACTIONS:
                raise ValueError(f"action {index} of {agent} is outside 0-{NUM_ACTIONS - 1}")
        first = self.ticks % n
        for k in range(n):
            seat = (first + k) % n
            agent = agent_name(seat)
            index = int(actions.get(agent, NOOP))
            action = engine_action(index, seat, self.time)
            if action is None:
                continue
            if state.is_terminal():
                infos[agent]["refused"] = True
                continue
            try:
                state.apply(action, seat)
            except IllegalActionError as exc:  # the engine's judgement; state unchanged
                infos[agent].update(refused=True, rule=exc.rule)
        self.ticks += 1
        self.time += self.tick_ms
        self._advance(self.time)
        done = state.is_terminal()
        truncated = not done and self.ticks >= self.max_ticks
        returns = state.returns() if done else [0.0] * n
        agents = self.agents
        observations = self._observations()
        rewards = {agent: float(returns[p]) for p, agent in enumerate(agents)}
        terminations = {agent: done for agent in agents}
        truncations = {agent: truncated for agent in agents}
        if done or truncated:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def _advance(self, until: int) -> None:
        """Make every change due by ``until`` happen at its due time (engine ticks)."""
        state = self._require_state()
        while not state.is_terminal():
            due = state.next_due()
            if due is None or due > until:
                return
            state.apply(PigasusAction(0, max(due, state.now), TICK))

    # -- observations ------------------------------------------------------------------
    def mask(self, seat: int, view: View) -> np.ndarray:
        """The int8 mask of what ``seat`` may do at this tick's time."""
        state = self._require_state()
        mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
        mask[NOOP] = 1
        if state.is_terminal():
            return mask
        pigasus = view["pigasus"]
        window_open = pigasus is None or self.time < pigasus["window_closes"]
        for action in state.legal_actions(seat):
            assert isinstance(action, PigasusAction)
            if action.kind == TICK or (action.kind == GRAB and not window_open):
                continue
            mask[action_index(action)] = 1
        return mask

    def observe(self, seat: int) -> Observation:
        """One seat's observation and mask at the current tick."""
        view = self._require_state().view(seat)
        return {"observation": self.encode(view, seat), "action_mask": self.mask(seat, view)}

    def _observations(self) -> dict[str, Observation]:
        return {agent: self.observe(p) for p, agent in enumerate(self.agents)}

    def encode(self, view: View, seat: int) -> np.ndarray:
        """The observation vector of ``seat`` from its view and the tick's time."""
        at = LAYOUT.at
        n = self.num_players
        t = self.time
        obs = np.zeros(LAYOUT.size, dtype=np.float32)
        ones: list[int] = []

        def rel(s: int) -> int:
            return (s - seat) % n

        table = {CARD_INDEX[entry["card"]] for entry in view["table"]}
        ones += [at["table"] + c for c in table]
        ones += [at["pairs"] + c for c in table if PARTNERS[c] in table]
        ones.append(at["phase"] + PHASES.index(view["phase"]))
        team_of = view["team_of"]
        unit = team_of[seat]
        ones.append(at["dealer"] + rel(view["dealer"]))
        if team_of[view["dealer"]] == unit:
            ones.append(at["my_team_deals"])
        pigasus = view["pigasus"]
        if pigasus is not None:
            if t < pigasus["window_closes"]:
                ones.append(at["window_open"])
            for holder in pigasus["holders"]:
                r = rel(holder["player"])
                ones.append(at["holders"] + r)
                if holder["pointed"] is not None:
                    ones.append(at["done"] + r)
                obs[at["pointing"] + r] = len(holder["fingers"]) / 2
                if holder["player"] == seat:
                    ones += [at["fingers"] + CARD_INDEX[code] for code in holder["fingers"]]
                    if holder["pointed"] is None:
                        left = holder["must_point_by"] - t
                        limit = view["timing"]["point_limit_ms"]
                        obs[at["time_to_point"]] = max(0.0, min(1.0, left / limit))
        obs[at["quiet"]] = min(1.0, max(0, t - view["table_changed_at"]) / 10_000)
        obs[at["deck"]] = view["deck_count"] / 56
        obs[at["set_aside"]] = view["set_aside_count"] / 16
        obs[at["box"]] = view["box_count"] / NUM_CARDS
        scores = view["scores"]
        contenders, benched = set(view["contenders"]), set(view["benched"])
        for s in range(n):
            r, u = rel(s), team_of[s]
            obs[at["score"] + r] = scores[u] / NUM_CARDS
            ones.append(at["seated"] + r)
            if u == unit:
                ones.append(at["teammate"] + r)
            if u in contenders:
                ones.append(at["contender"] + r)
            if u in benched:
                ones.append(at["benched"] + r)
        if view["tiebreak"]:
            ones.append(at["tiebreak"])
        obs[at["clock"]] = min(1.0, t / 600_000)
        obs[ones] = 1.0
        return obs

    def render(self) -> str | None:
        """The table as a spectator sees it (:meth:`draw`): text for
        ``render_mode="ansi"``, printed for ``"human"`` (returns None)."""
        if self.render_mode is None:
            return None
        return render_view(self.draw, self._require_state().view(None), self.render_mode)

    def draw(self, view: View, console: Console) -> None:
        """The replay's drawing of the table
        (:func:`saustall.games.pigasus.terminal.draw_position`) under the tick's time, and
        who holds the Pigasus or won."""
        from saustall.games.pigasus.terminal import draw_position

        console.print(f"Time {self.time / 1000:.1f} s, tick {self.ticks}, dealer Player "
                      f"{view['dealer'] + 1}", markup=False)
        draw_position(view, console)
        pigasus = view["pigasus"]
        if pigasus is not None and pigasus["holders"]:
            console.print("The Pigasus is held by " + ", ".join(
                f"Player {holder['player'] + 1}" for holder in pigasus["holders"]),
                markup=False)
        if view["winners"]:
            console.print("Won by " + " and ".join(f"Player {p + 1}" for p in view["winners"]),
                          markup=False)

    def close(self) -> None:
        """Nothing to release."""

    def _require_state(self) -> PigasusState:
        if self.state is None:
            raise RuntimeError("call reset() before using the environment")
        return self.state


def raw_env(**kwargs: Any) -> AECEnv:
    """The game as an AEC environment without wrappers (``parallel_to_aec``)."""
    return parallel_to_aec(parallel_env(**kwargs))


def env(**kwargs: Any) -> AECEnv:
    """The game as a wrapped AEC environment (the standard wrappers)."""
    return standard_wrappers(raw_env(**kwargs))
