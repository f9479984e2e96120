"""Single-agent Gymnasium environments: one seat is the agent, bots play the others.

Registered on ``import saustall.rl``:

| id | class | bots by default |
| --- | --- | --- |
| ``saustall/Drecksau-v0`` | :class:`DrecksauEnv` | ``heuristic`` |
| ``saustall/Saukopf-v0`` | :class:`SaukopfEnv` | ``heuristic`` |
| ``saustall/Pigasus-v0`` | :class:`PigasusEnv` | ``casual`` |

``gymnasium.make("saustall/Drecksau-v0", ruleset="dirty-pig", num_players=2,
level="random")`` after ``import saustall.rl`` (or in one line:
``gymnasium.make("saustall.rl:saustall/Drecksau-v0")``, which imports the module first).
``level`` is any bot level registered for the game (:func:`saustall.bots.base.make_bot`).
The agent sits in seat 0; in the turn-based games ``seat=s`` puts it in seat ``s`` and
``seat=None`` draws its seat at each reset (``info["seat"]``), so that an evaluation
plays every seat (the observation is relative to the agent's seat, so one policy plays
any). Pigasus's agent is always seat 0.

Observations, actions and rewards are those of the PettingZoo environments
(:mod:`saustall.rl.drecksau_v0`, :mod:`saustall.rl.saukopf_v0`,
:mod:`saustall.rl.pigasus_v0`) for seat 0, with their options (``reward_scale``,
Saukopf's ``reward``, the ruleset's options): the reward scales are tables in those
modules' docstrings. A step's reward is what seat 0 earned from its action until it is
to act again (bots' moves included). A masked-out action in the turn-based games ends
the episode with reward -1 and ``info["illegal"] = True`` (the policy of PettingZoo's
terminate-illegal wrapper; the engine is never asked to accept it). In Pigasus one step
is one tick; an action the engine refuses there is a no-op with ``info["refused"] =
True``, as in the parallel environment.

For the libraries: :meth:`~TurnBasedSingleAgentEnv.action_masks` is the legal actions
of seat 0 as booleans (sb3-contrib's ``MaskablePPO`` calls it: no wrapper needed); the
observations are fresh writable arrays each step; ``render_mode="ansi"`` returns the
table as the terminal client draws it, ``"human"`` prints it.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np

from saustall.bots.base import Bot, make_bot, view_for
from saustall.core.errors import IllegalActionError
from saustall.games.pigasus.actions import PigasusAction
import saustall.rl.drecksau_v0 as drecksau_v0
import saustall.rl.pigasus_v0 as pigasus_v0
import saustall.rl.saukopf_v0 as saukopf_v0
from saustall.rl.common import (
    ILLEGAL_REWARD, RENDER_MODES, Observation, TurnBasedEnv, agent_name,
)

AGENT = agent_name(0)
"""The learning agent's name: seat 0."""


def fresh(obs: Observation) -> Observation:
    """A copy of an observation: Gymnasium callers keep what they are given."""
    return {key: value.copy() for key, value in obs.items()}


class TurnBasedSingleAgentEnv(gymnasium.Env[Observation, Any]):
    """One seat of a turn-based Saustall AEC environment (seat 0 unless told) against
    registered bots."""

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 1}

    def __init__(self, aec: TurnBasedEnv, level: str, seat: int | None = 0) -> None:
        self.aec = aec
        self.level = level
        make_bot(aec.game_name, level, 0)  # an unknown level fails here, naming the known
        if seat is not None and (type(seat) is not int or not 0 <= seat < aec.num_players):
            raise ValueError(f"seat must be a seat of the table (0-{aec.num_players - 1}) or "
                             f"None (drawn at each reset), not {seat!r}")
        self.fixed_seat = seat
        self.seat = seat or 0
        """The agent's seat in the current episode."""
        self.agent = agent_name(self.seat)
        self.render_mode = aec.render_mode
        self.observation_space = aec.observation_space(self.agent)
        self.action_space = aec.action_space(self.agent)
        self.bots: dict[int, Bot] = {}

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None,
              ) -> tuple[Observation, dict[str, Any]]:
        """A new game; bots (and a drawn seat) get seeds from the environment's random
        source. ``info["seat"]`` is the agent's seat."""
        super().reset(seed=seed)
        self.aec.reset(seed=int(self.np_random.integers(2**62)))
        players = self.aec.num_players
        if self.fixed_seat is None:
            self.seat = int(self.np_random.integers(players))
            self.agent = agent_name(self.seat)
        self.bots = {seat: make_bot(self.aec.game_name, self.level,
                                    int(self.np_random.integers(2**62)))
                     for seat in range(players) if seat != self.seat}
        self._play_bots()  # nothing is won before the agent first acts
        # the AEC environment builds new arrays each step and never reads them again
        return dict(self.aec.observe(self.agent)), {"seat": self.seat}

    def action_masks(self) -> np.ndarray:
        """The agent's legal actions now, as booleans (all False once the episode is
        over): what sb3-contrib's ``MaskablePPO`` asks for."""
        return self.aec.action_mask(self.agent).astype(bool)

    def step(self, action: Any) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """The agent takes ``action``; the bots play until it is the agent's turn again."""
        aec, agent = self.aec, self.agent
        if aec.terminations.get(agent, True) or aec.truncations.get(agent, False):
            raise RuntimeError("the episode is over: call reset()")
        action = int(action)
        if not aec.action_mask(agent)[action]:
            obs = fresh(aec.observe(agent))
            for other in aec.agents:
                aec.terminations[other] = True
            return obs, ILLEGAL_REWARD, True, False, {"illegal": True}
        aec.step(action)
        reward = aec.rewards[agent] + self._play_bots()
        return (dict(aec.observe(agent)), float(reward), bool(aec.terminations[agent]),
                bool(aec.truncations[agent]), {})

    def _play_bots(self) -> float:
        """Let the bots move until the agent is to act or the game is over; the agent's reward.

        A seat with one legal action plays it without asking its bot: no view is built
        for a move nobody chooses (a quarter of Saukopf's moves: passes in the Huftritt
        windows, a last card). The bots here return that action themselves, unread."""
        aec = self.aec
        state = aec._require_state()
        index = aec.actions.index
        bots, me, agent = self.bots, self.seat, self.agent
        gained = 0.0
        while not state.is_terminal():
            seat = state.to_act()[0]
            if seat == me:
                break
            legal = state.legal_actions(seat)
            if len(legal) == 1:
                code = legal[0]
            else:
                bot = bots[seat]
                code = bot.choose(view_for(bot, state, seat), legal)
            aec.step(index[seat][code])
            gained += aec.rewards[agent]
        return gained

    def render(self) -> str | None:
        """The table as the terminal client draws it, from the spectator's view: text
        (``render_mode="ansi"``), or printed (``"human"``, returns None)."""
        return self.aec.render()


class DrecksauEnv(TurnBasedSingleAgentEnv):
    """Drecksau for ``seat`` (0; None: drawn at each reset) against bots (the other
    arguments as :class:`drecksau_v0.raw_env`)."""

    def __init__(self, ruleset: str = "dirty-pig", num_players: int = 2,
                 level: str = "heuristic", render_mode: str | None = None,
                 seat: int | None = 0, **options: Any) -> None:
        super().__init__(drecksau_v0.raw_env(ruleset=ruleset, num_players=num_players,
                                             render_mode=render_mode, **options), level, seat)


class SaukopfEnv(TurnBasedSingleAgentEnv):
    """Saukopf for ``seat`` (0; None: drawn at each reset) against bots (the other
    arguments as :class:`saukopf_v0.raw_env`)."""

    def __init__(self, ruleset: str = "saukopf", num_players: int | None = None,
                 level: str = "heuristic", render_mode: str | None = None,
                 reward: str = "net", seat: int | None = 0, **options: Any) -> None:
        super().__init__(saukopf_v0.raw_env(ruleset=ruleset, num_players=num_players,
                                            render_mode=render_mode, reward=reward,
                                            **options), level, seat)


class PigasusEnv(gymnasium.Env[Observation, Any]):
    """Pigasus for seat 0 against real-time bots, one step per tick
    (arguments as :class:`pigasus_v0.parallel_env`)."""

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 10}

    def __init__(self, ruleset: str = "pigasus", num_players: int = 4,
                 level: str = "casual", render_mode: str | None = None,
                 **options: Any) -> None:
        self.par = pigasus_v0.parallel_env(ruleset=ruleset, num_players=num_players,
                                           render_mode=render_mode, **options)
        self.level = level
        make_bot("pigasus", level, 0)
        self.render_mode = render_mode
        self.observation_space = self.par.observation_space(AGENT)
        self.action_space = self.par.action_space(AGENT)
        self.bots: dict[int, Any] = {}
        self._obs: Observation | None = None

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None,
              ) -> tuple[Observation, dict[str, Any]]:
        """A new game at time 0."""
        super().reset(seed=seed)
        observations, _ = self.par.reset(seed=int(self.np_random.integers(2**62)))
        self.bots = {seat: make_bot("pigasus", self.level, int(self.np_random.integers(2**62)))
                     for seat in range(1, self.par.num_players)}
        self._obs = observations[AGENT]
        return dict(self._obs), {}  # new arrays every tick: the caller's

    def action_masks(self) -> np.ndarray:
        """Seat 0's actions the engine accepts at this tick, as booleans (the no-op always):
        what sb3-contrib's ``MaskablePPO`` asks for."""
        if self._obs is None:
            raise RuntimeError("call reset() before action_masks()")
        return self._obs["action_mask"].astype(bool)

    def step(self, action: Any) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """One tick: seat 0's action and each bot's plan if it is due by now."""
        par = self.par
        if not par.agents:
            raise RuntimeError("the episode is over: call reset()")
        state = par._require_state()
        actions = {AGENT: int(action)}
        plans: dict[int, PigasusAction] = {}
        for seat, bot in self.bots.items():
            plan = bot.react(state.view(seat), par.time)
            if plan is not None and plan.time <= par.time:  # due by this tick: act now
                plans[seat] = plan
            actions[agent_name(seat)] = pigasus_v0.action_index(plan) if seat in plans else 0
        observations, rewards, terms, truncs, infos = par.step(actions)
        for seat, plan in plans.items():
            refused = infos.get(agent_name(seat), {})
            rejected = getattr(self.bots[seat], "rejected", None)
            if refused.get("refused") and callable(rejected):  # the bot gives up that try
                rejected(plan, IllegalActionError("refused at the tick", refused["rule"]))
        self._obs = observations[AGENT]
        return (dict(self._obs), float(rewards[AGENT]), bool(terms[AGENT]), bool(truncs[AGENT]),
                infos[AGENT])

    def render(self) -> str | None:
        """The table as the replay draws it, from the spectator's view: text
        (``render_mode="ansi"``), or printed (``"human"``, returns None)."""
        return self.par.render()


GYM_ENVS = {"saustall/Drecksau-v0": "saustall.rl.gym_envs:DrecksauEnv",
            "saustall/Saukopf-v0": "saustall.rl.gym_envs:SaukopfEnv",
            "saustall/Pigasus-v0": "saustall.rl.gym_envs:PigasusEnv"}
"""The registered ids and their entry points."""


def register_envs() -> None:
    """Register the environments with Gymnasium (once; importing twice is harmless)."""
    for env_id, entry_point in GYM_ENVS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point=entry_point)


