"""What the Saustall environments share: the turn-based AEC base, action index tables and
the helpers that turn a seat's view into numpy arrays.

Every environment sees the game through the engine's public API only: ``new_state``
through the registry, ``legal_actions``, ``apply``, ``view``, ``returns``,
``is_terminal`` and ``current_player`` / ``to_act``. Observations are built from
``state.view(seat)`` (what that seat may see), never from the state itself.

Seats in observations and actions are *relative*: row 0 is always the observing (or
acting) seat, row ``r`` the seat ``r`` places to its left (``(seat + r) % players``). A
policy trained in one seat therefore plays any seat.
"""

from __future__ import annotations

import abc
import io
import random
from typing import Any, Callable, Hashable, Mapping, Sequence

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from rich.console import Console

from saustall.core.game import Game, GameState, View
from saustall.core.registry import get

Observation = dict[str, np.ndarray]
"""``{"observation": float32 vector, "action_mask": int8 vector}``."""

ILLEGAL_REWARD = -1.0
"""What the terminate-illegal wrapper gives an agent that takes a masked-out action."""

RENDER_MODES = ("ansi", "human")
"""``render()`` returns the table as text (``ansi``) or prints it and returns None
(``human``): the terminal client's drawing of the spectator's view, either way."""
RENDER_WIDTH = 100
"""Columns of the ``ansi`` text."""

REWARD_SCALES = ("points", "normalized")
"""``reward_scale`` of every environment: ``points``, the game's own result as it is;
``normalized``, divided by the environment's ``reward_bound`` (the largest an episode's
return can be, in absolute value), so every episode's return (and each step's reward)
lies in [-1, 1]."""


def check_reward_scale(reward_scale: str) -> None:
    """ValueError naming the choices unless ``reward_scale`` is one of them."""
    if reward_scale not in REWARD_SCALES:
        raise ValueError(f"reward_scale must be one of {', '.join(REWARD_SCALES)}, "
                         f"not {reward_scale!r}")


def check_render_mode(render_mode: str | None) -> None:
    """ValueError naming the choices unless ``render_mode`` is one of them (or None)."""
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(f"render_mode must be one of {list(RENDER_MODES)} or None, "
                         f"not {render_mode!r}")


def render_view(draw: Callable[[View, Console], None], view: View,
                render_mode: str | None) -> str | None:
    """What ``render()`` gives for ``render_mode``: ``draw(view, console)`` as plain text
    (``ansi``), or printed to the terminal with its colours and None (``human``)."""
    if render_mode is None:
        return None
    if render_mode == "human":
        draw(view, Console())
        return None
    out = io.StringIO()
    draw(view, Console(file=out, width=RENDER_WIDTH, color_system=None, force_terminal=False,
                       highlight=False, emoji=False))
    return out.getvalue()


def agent_name(seat: int) -> str:
    """The PettingZoo agent name of a seat: ``player_0``, ``player_1``..."""
    return f"player_{seat}"


class ActionTable:
    """A fixed action space (``Discrete(size)``) and its mapping to engine actions.

    ``slots`` describes each index once (the documented mapping); ``codes[seat][i]`` is
    the engine action index ``i`` means for ``seat`` (None where it means nothing at this
    table, e.g. a seat that is not there), and ``index[seat]`` the reverse look-up.
    """

    def __init__(self, slots: Sequence[str], codes: Sequence[Sequence[Hashable | None]]) -> None:
        self.slots = tuple(slots)
        self.size = len(self.slots)
        self.codes = [list(row) for row in codes]
        self.index: list[dict[Hashable, int]] = [
            {code: i for i, code in enumerate(row) if code is not None} for row in self.codes]
        self._masks: list[dict[tuple[Hashable, ...], np.ndarray]] = [{} for _ in self.codes]

    MASKS_KEPT = 50_000
    """Masks remembered per seat (a legal list recurs often; memory stays bounded)."""

    def mask(self, seat: int, legal: Sequence[Hashable]) -> np.ndarray:
        """The int8 mask of ``seat``'s legal engine actions: read-only, and shared by
        every call with the same legal list (copy it to change it)."""
        key = tuple(legal)
        known = self._masks[seat]
        found = known.get(key)
        if found is None:
            # filled as bytes: item by item far cheaper than numpy's fancy indexing
            entries = bytearray(self.size)
            index = self.index[seat]
            for code in legal:
                entries[index[code]] = 1
            found = np.frombuffer(bytes(entries), dtype=np.int8)
            if len(known) >= self.MASKS_KEPT:
                known.clear()
            known[key] = found
        return found

    def code(self, seat: int, action: int) -> Hashable:
        """The engine action of index ``action`` for ``seat``; ValueError if it has none."""
        if not 0 <= action < self.size:
            raise ValueError(f"action {action} is outside the action space 0-{self.size - 1}")
        code = self.codes[seat][action]
        if code is None:
            raise ValueError(f"action {action} ({self.slots[action]}) means nothing at this "
                             "table (no such seat or pig)")
        return code


class Layout:
    """The observation vector's layout: named blocks of fixed sizes, in order.

    ``layout.add("hand", 7, "cards of each kind in hand / 4")`` reserves a block;
    ``layout.at["hand"]`` is its first index. :meth:`table` writes the docstring table.
    """

    def __init__(self) -> None:
        self.at: dict[str, int] = {}
        self.blocks: list[tuple[str, int, int, str]] = []
        self.size = 0

    def add(self, name: str, size: int, meaning: str) -> None:
        """Reserve ``size`` entries named ``name``."""
        self.at[name] = self.size
        self.blocks.append((name, self.size, size, meaning))
        self.size += size

    def table(self) -> str:
        """The layout as a markdown table (offset, size, name, meaning)."""
        rows = ["| offset | size | block | meaning |", "| --- | --- | --- | --- |"]
        rows += [f"| {start} | {size} | ``{name}`` | {meaning} |"
                 for name, start, size, meaning in self.blocks]
        return "\n".join(rows)


def observation_space(obs_size: int, num_actions: int, low: float = 0.0) -> spaces.Dict:
    """The Dict space of every agent: a float32 vector in [low, 1] and an int8 mask."""
    return spaces.Dict({
        "observation": spaces.Box(low=low, high=1.0, shape=(obs_size,), dtype=np.float32),
        "action_mask": spaces.Box(low=0, high=1, shape=(num_actions,), dtype=np.int8),
    })


def new_seed(rng: random.Random) -> int:
    """A game seed drawn from the environment's own random source."""
    return rng.getrandbits(62)


def standard_wrappers(env: AECEnv) -> AECEnv:
    """PettingZoo's classic wrappers: an illegal (masked-out) action ends the game with
    :data:`ILLEGAL_REWARD` for its taker; actions outside the space are refused; the
    call order (reset before step...) is enforced. ``env()`` uses
    :func:`classic_wrapper`, the same in one layer; this stack is kept to compare with."""
    env = wrappers.TerminateIllegalWrapper(env, illegal_reward=ILLEGAL_REWARD)
    env = wrappers.AssertOutOfBoundsWrapper(env)
    return wrappers.OrderEnforcingWrapper(env)


def classic_wrapper(env: AECEnv) -> AECEnv:
    """:func:`standard_wrappers` in one pass (:class:`~saustall.rl.wrapper.ClassicWrapper`):
    the same errors, warnings and illegal-move penalty, a fraction of the cost."""
    from saustall.rl.wrapper import ClassicWrapper

    return ClassicWrapper(env, illegal_reward=ILLEGAL_REWARD)


def ansi_view(view: View, keys: Sequence[str]) -> str:
    """A few lines of text from a (spectator) view: ``key: value`` for each of ``keys``."""
    return "\n".join(f"{key}: {view.get(key)}" for key in keys if key in view)


class TurnBasedEnv(AECEnv, metaclass=abc.ABCMeta):  # type: ignore[misc]  # pettingzoo ships no type hints
    """An AEC environment over a turn-based Saustall game (one seat acts at a time).

    Subclasses set :attr:`game_name` and build :attr:`actions` (the action table) and
    :meth:`encode` (view to observation vector); everything else is here.
    """

    game_name = ""
    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "is_parallelizable": False,
                                "render_fps": 1}
    render_keys: tuple[str, ...] = ("phase", "to_act", "winners")
    """The view's fields :meth:`draw` lists unless a game draws its own table."""

    def __init__(self, ruleset: str | None = None, num_players: int | None = None,
                 render_mode: str | None = None, reward_scale: str = "points",
                 **options: Any) -> None:
        super().__init__()
        self.game: Game = get(self.game_name, ruleset)
        self.num_players = num_players if num_players is not None else self.game.default_players
        self.game.ruleset.check_players(self.num_players)
        self.options = self.game.ruleset.resolve_options(options)
        check_render_mode(render_mode)
        check_reward_scale(reward_scale)
        self.render_mode = render_mode
        self.reward_scale = reward_scale
        self.possible_agents = [agent_name(p) for p in range(self.num_players)]
        self._seats = {agent: p for p, agent in enumerate(self.possible_agents)}
        self.actions = self.build_actions()
        self.obs_size = self.observation_size()
        self._space = observation_space(self.obs_size, self.actions.size, self.obs_low)
        self._action_space = spaces.Discrete(self.actions.size)
        self._rng = random.Random()
        self.state: GameState | None = None
        self._obs: dict[str, Observation] = {}
        self._masks: dict[str, np.ndarray] = {}
        self._rewards_zero = True  # every entry of self.rewards is 0
        self._returns: list[float] = [0.0] * self.num_players

    obs_low = 0.0
    """The least value an observation entry takes (Saukopf's ledger goes below 0)."""

    def reward_bound(self) -> float:
        """The largest absolute return an episode can have at ``reward_scale="points"``
        (default 1: the game's result is a share of the win); ``normalized`` divides every
        reward by it."""
        return 1.0

    @property
    def reward_factor(self) -> float:
        """What each reward is multiplied by: 1, or ``1 / reward_bound()`` (normalized)."""
        return 1.0 if self.reward_scale == "points" else 1.0 / self.reward_bound()

    # -- to be provided by each game ---------------------------------------------------
    @abc.abstractmethod
    def build_actions(self) -> ActionTable:
        """The fixed action space of this ruleset and player count."""

    @abc.abstractmethod
    def observation_size(self) -> int:
        """Length of the observation vector."""

    @abc.abstractmethod
    def encode(self, view: View, seat: int) -> np.ndarray:
        """The observation vector of ``seat`` from its view (and nothing else)."""

    def observation_vector(self, state: GameState, seat: int) -> np.ndarray:
        """``seat``'s observation vector: :meth:`encode` of ``state.view(seat)``. A game
        may read a leaner form of the same view (never anything the view leaves out)."""
        return self.encode(state.view(seat), seat)

    def step_rewards(self, state: GameState) -> list[float] | None:
        """Rewards of this step, per seat (None: all zero). Default: the game's own
        result, :meth:`GameState.returns`, paid when the game ends."""
        if state.is_terminal():
            return state.returns()
        return None

    rewards_every_step = False
    """Whether :meth:`step_rewards` may pay before the end (False: it is asked only
    once the game is over, as the default pays nothing before)."""

    # -- the AEC API -------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """Every agent's observation space (the same for all)."""
        return self._space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """Every agent's action space: ``Discrete(n)`` fixed by ruleset and table size."""
        return self._action_space

    def reset(self, seed: int | None = None, options: Mapping[str, Any] | None = None) -> None:
        """Deal a new game; ``seed`` seeds this environment's source of game seeds."""
        if seed is not None:
            self._rng = random.Random(seed)
        self.state = self.game.new_state(self.num_players, new_seed(self._rng), self.options)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._skip_agent_selection = None
        self._obs = {}
        self._masks = {}
        self._rewards_zero = True
        self.agent_selection = self.possible_agents[self.state.current_player]

    def observe(self, agent: str) -> Observation:
        """``agent``'s observation and action mask (zeros unless it is to act).

        Built when first asked for, once per step and agent (``last()`` asks again and
        gets the same arrays). The arrays are the caller's: writable (torch takes them
        without a copy or a warning), and changing them changes nothing in the game (the
        legality of a move is judged from :meth:`action_mask`).
        """
        found = self._obs.get(agent)
        if found is None:
            state = self.state
            if state is None:
                state = self._require_state()  # raises
            vector = self.observation_vector(state, self._seats[agent])
            if not vector.flags.writeable:  # an encoder's array over bytes: the caller's copy
                vector = vector.copy()
            mask = self._masks.get(agent)
            if mask is None:
                mask = self.action_mask(agent)
            found = self._obs[agent] = {"observation": vector, "action_mask": mask.copy()}
        return found

    def action_mask(self, agent: str) -> np.ndarray:
        """``agent``'s action mask alone (read-only and shared: the action table's
        remembered mask; :meth:`observe` hands out a copy; no observation built for it)."""
        found = self._masks.get(agent)
        if found is None:
            state = self._require_state()
            seat = self._seats[agent]
            legal = state.legal_actions(seat) if seat in state.to_act() else []
            found = self._masks[agent] = self.actions.mask(seat, legal)
        return found

    def step(self, action: int | None) -> None:
        """Apply the selected agent's action (index into the action space)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.state
        if state is None:
            state = self._require_state()  # raises
        seat = self._seats[agent]
        assert action is not None, "a live agent must act"
        action = int(action)
        row = self.actions.codes[seat]
        code = row[action] if 0 <= action < len(row) else None
        if code is None:
            code = self.actions.code(seat, action)  # raises, naming what is wrong
        state.apply(code, seat)
        if self._obs:
            self._obs = {}
        if self._masks:
            self._masks = {}
        self._cumulative_rewards[agent] = 0.0
        terminal = state.is_terminal()
        rewards = self.step_rewards(state) if terminal or self.rewards_every_step else None
        if rewards is None:
            # all zero: nothing to write or add when they already are
            if not self._rewards_zero:
                for a in self.agents:
                    self.rewards[a] = 0.0
                self._rewards_zero = True
        else:
            factor = self.reward_factor
            for a in self.agents:
                self.rewards[a] = float(rewards[self._seats[a]]) * factor
            self._rewards_zero = False
        if terminal:
            capped = state.stopped_at_cap()
            for a in self.agents:
                self.terminations[a] = not capped
                self.truncations[a] = capped
            self.agent_selection = agent  # dead agents step out in seat order from here
        else:
            # current_player, without the property: the one seat to act
            self.agent_selection = self.possible_agents[state.to_act()[0]]
        if not self._rewards_zero:
            self._accumulate_rewards()

    def render(self) -> str | None:
        """The table as a spectator sees it (no hand), drawn as the terminal client draws
        it (:meth:`draw`): text for ``render_mode="ansi"``, printed for ``"human"``
        (returns None), nothing without a render mode."""
        if self.render_mode is None:
            return None
        return render_view(self.draw, self._require_state().view(None), self.render_mode)

    def draw(self, view: View, console: Console) -> None:
        """Draw a (spectator) view: each game's terminal drawing; by default its
        :attr:`render_keys` as ``key: value`` lines."""
        console.print(ansi_view(view, self.render_keys), markup=False)

    def close(self) -> None:
        """Nothing to release."""

    def _require_state(self) -> GameState:
        if self.state is None:
            raise RuntimeError("call reset() before using the environment")
        return self.state


def make_env(raw: Callable[..., AECEnv]) -> Callable[..., AECEnv]:
    """``env(...)`` of a module: ``raw_env(...)`` in :func:`classic_wrapper`."""
    def env(**kwargs: Any) -> AECEnv:
        return classic_wrapper(raw(**kwargs))
    env.__doc__ = "The wrapped AEC environment (see the module docstring); arguments as raw_env."
    return env
