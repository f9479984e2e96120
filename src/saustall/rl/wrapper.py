"""PettingZoo's three classic wrappers in one: :class:`ClassicWrapper`.

``OrderEnforcingWrapper(AssertOutOfBoundsWrapper(TerminateIllegalWrapper(env, r)))``
is what every PettingZoo ``classic`` environment ships in; each layer forwards every
attribute through ``__getattr__`` and every call through the layers below, which costs
more per step than our whole game. :class:`ClassicWrapper` does the same checks in one
pass, with the same errors, warnings and penalty:

- order: ``step``, ``observe``, ``render``, ``state`` and ``agent_iter`` before
  ``reset`` raise ``AssertionError`` (PettingZoo's messages); ``agents``, ``rewards``,
  ``terminations``, ``truncations``, ``infos``, ``agent_selection`` and ``num_agents``
  raise ``AttributeError``; a ``step`` once every agent is gone only warns; a loop over
  ``agent_iter`` that does not step asserts;
- bounds: an action outside the action space (``None`` unless the agent is done)
  asserts ``"action is not in action space"`` before anything changes;
- illegal moves: an action the agent's ``action_mask`` forbids warns, ends the game for
  everyone (terminated and truncated, as PettingZoo's wrapper does) and gives its taker
  ``illegal_reward``; the environment below never sees the action.

The policy lives here, never in the rules: the bare environment hands every action to
the engine, which refuses an illegal one.
"""

from __future__ import annotations

from typing import Any, Iterator

from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.env_logger import EnvLogger
from pettingzoo.utils.wrappers import OrderEnforcingWrapper
from pettingzoo.utils.wrappers.order_enforcing import (
    AECOrderEnforcingIterable,
    AECOrderEnforcingIterator,
)

def _before_reset(name: str) -> AttributeError:
    return AttributeError(f"{name} cannot be accessed before reset")


class ClassicWrapper(OrderEnforcingWrapper):  # type: ignore[misc]  # pettingzoo: no hints
    """Order enforcing, out-of-bounds assertion and terminate-illegal in one wrapper.

    Behaves as PettingZoo's ``OrderEnforcingWrapper(AssertOutOfBoundsWrapper(
    TerminateIllegalWrapper(env, illegal_reward)))`` (see the module docstring); the
    action mask comes from ``env.action_mask(agent)`` when the environment has one (no
    observation built just to check a move), else from ``observe(agent)["action_mask"]``
    or ``infos[agent]["action_mask"]``.
    """

    def __init__(self, env: AECEnv, illegal_reward: float) -> None:
        super().__init__(env)
        self._illegal_value = illegal_reward
        self._raw = env.unwrapped
        self._mask_of = getattr(env, "action_mask", None)
        self._terminated = False  # terminated by an illegal move
        # per agent: its action space, and a Discrete space's bounds as ints (or None)
        self._bounds: dict[str, tuple[Any, tuple[int, int] | None]] = {}

    # -- what OrderEnforcingWrapper reaches through __getattr__, as plain properties ----
    @property
    def agents(self) -> list[str]:
        """The live agents (after reset)."""
        if not self._has_reset:
            raise _before_reset("agents")
        return self.env.agents  # type: ignore[no-any-return]

    @property
    def agent_selection(self) -> str:
        """The agent to step (after reset)."""
        if not self._has_reset:
            raise _before_reset("agent_selection")
        return self.env.agent_selection  # type: ignore[no-any-return]

    @property
    def rewards(self) -> dict[str, float]:
        """Rewards of the last step (after reset)."""
        if not self._has_reset:
            raise _before_reset("rewards")
        return self.env.rewards  # type: ignore[no-any-return]

    @property
    def terminations(self) -> dict[str, bool]:
        """Which agents have terminated (after reset)."""
        if not self._has_reset:
            raise _before_reset("terminations")
        return self.env.terminations  # type: ignore[no-any-return]

    @property
    def truncations(self) -> dict[str, bool]:
        """Which agents have been truncated (after reset)."""
        if not self._has_reset:
            raise _before_reset("truncations")
        return self.env.truncations  # type: ignore[no-any-return]

    @property
    def infos(self) -> dict[str, dict[str, Any]]:
        """Each agent's info dict (after reset)."""
        if not self._has_reset:
            raise _before_reset("infos")
        return self.env.infos  # type: ignore[no-any-return]

    @property
    def num_agents(self) -> int:
        """How many agents are live (after reset)."""
        if not self._has_reset:
            raise _before_reset("num_agents")
        return len(self.env.agents)

    @property
    def _cumulative_rewards(self) -> dict[str, float]:
        return self.env._cumulative_rewards  # type: ignore[no-any-return]

    # -- the AEC API ---------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Reset the environment below (and this wrapper's illegal-move flag)."""
        self._has_reset = True
        self._has_updated = True
        self._terminated = False
        self.env.reset(seed=seed, options=options)

    def observe(self, agent: str) -> Any:
        """``agent``'s observation (after reset)."""
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        return self.env.observe(agent)

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Observation, cumulative reward, terminated, truncated, info of the agent to
        step (PettingZoo's ``AECEnv.last``, read straight from the environment below)."""
        if not self._has_reset:
            raise _before_reset("agent_selection")
        env = self.env
        agent = env.agent_selection
        assert agent is not None
        return (env.observe(agent) if observe else None, env._cumulative_rewards[agent],
                env.terminations[agent], env.truncations[agent], env.infos[agent])

    def agent_iter(self, max_iter: int = 2**63) -> AECOrderEnforcingIterable:
        """Yield the agent to step until none is left (asserts a step between yields)."""
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return _Iterable(self, max_iter)

    def step(self, action: Any) -> None:
        """Check order, bounds and legality, then step the environment below."""
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        env = self.env
        if not env.agents:
            self._has_updated = True
            EnvLogger.warn_step_after_terminated_truncated()
            return
        self._has_updated = True
        agent = env.agent_selection
        done = env.terminations[agent] or env.truncations[agent]
        if not (action is None and done):
            # _contains' test of a plain int against a Discrete space's bounds, inline
            known = self._bounds.get(agent)
            ints = known[1] if known is not None else None
            if not (ints is not None and type(action) is int and ints[0] <= action < ints[1]) \
                    and not self._contains(agent, action):
                raise AssertionError("action is not in action space")
        if done:
            if self._terminated:
                self._raw._was_dead_step(action)
            else:
                env.step(action)
        elif not (self._mask_of(agent) if self._mask_of is not None
                  else self._mask(agent))[action]:
            self._terminate(agent)
        else:
            env.step(action)

    def __str__(self) -> str:
        return str(self.env)

    # -- helpers -------------------------------------------------------------------------
    def _contains(self, agent: str, action: Any) -> bool:
        known = self._bounds.get(agent)
        if known is None:
            space = self.env.action_space(agent)
            ints = (int(space.start), int(space.start) + int(space.n)) if isinstance(
                space, spaces.Discrete) else None
            known = self._bounds[agent] = (space, ints)
        space, ints = known
        if ints is not None and type(action) is int:
            # gymnasium's Discrete.contains for a plain int, without its numpy round trip
            return ints[0] <= action < ints[1]
        return bool(space.contains(action))

    def _mask(self, agent: str) -> Any:
        if self._mask_of is not None:
            return self._mask_of(agent)
        obs = self.env.observe(agent)
        if isinstance(obs, dict):
            assert "action_mask" in obs, (
                f"`action_mask` not found in dictionary observation: {obs}. Action mask "
                "must either be in `observation['action_mask']` or `info['action_mask']` "
                "to use TerminateIllegalWrapper.")
            return obs["action_mask"]
        info = self.env.infos.get(agent, {})
        assert "action_mask" in info, (
            f"`action_mask` not found in info for non-dictionary observation: {info}. "
            "Action mask must either be in observation['action_mask'] or "
            "info['action_mask'] to use TerminateIllegalWrapper.")
        return info["action_mask"]

    def _terminate(self, agent: str) -> None:
        """PettingZoo's illegal-move verdict: everyone done, the taker penalised."""
        EnvLogger.warn_on_illegal_move()
        raw = self._raw
        raw._cumulative_rewards[agent] = 0
        raw.terminations = dict.fromkeys(self.env.agents, True)
        raw.truncations = dict.fromkeys(self.env.agents, True)
        raw.rewards = dict.fromkeys(raw.truncations, 0)
        raw.rewards[agent] = float(self._illegal_value)
        raw._accumulate_rewards()
        raw._deads_step_first()
        self._terminated = True


class _Iterable(AECOrderEnforcingIterable):  # type: ignore[misc]
    def __iter__(self) -> Iterator[str]:
        return _Iterator(self.env, self.max_iter)


class _Iterator(AECOrderEnforcingIterator):  # type: ignore[misc]
    """PettingZoo's order-enforcing agent iterator, reading the environment below."""

    def __init__(self, wrapper: ClassicWrapper, max_iter: int) -> None:
        super().__init__(wrapper, max_iter)
        self._below = wrapper.env

    def __next__(self) -> str:
        below = self._below
        if not below.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        wrapper = self.env
        assert wrapper._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        wrapper._has_updated = False
        return below.agent_selection  # type: ignore[no-any-return]
