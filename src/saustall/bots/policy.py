"""Learned policies as bots: small networks over an RL environment's observation, in numpy.

A shipped policy is one ``.npz`` file inside a game's package: the weights of a
multilayer perceptron (ReLU between layers, float16 on disk, float32 to compute) and a
``meta`` entry (JSON) naming the game, ruleset, environment and sizes it was trained for.
Its input is exactly the observation vector of the game's AEC environment and its output
one logit per action slot of that environment (``saustall.rl``); the bot plays the legal
slot with the highest logit.

A :class:`PolicyBot` receives, as every bot, a seat's view and the legal actions, never
the state: the game hands it an *observer*, a function that turns (view, legal actions)
into the observation vector and the action slot of each legal action, the same encoding
the environment uses. A game registers its policies as bots named ``policy:NAME``
(:func:`register_policies`), one per file ``NAME.npz`` in its policies folder, so that
``saustall arena GAME --bots policy:NAME,heuristic`` and every other place a bot level is
named can seat them. Only numpy is needed to run one (the ``rl`` extra for the
environments' encoders); no training library.

Each ``policy:NAME`` level is registered with its *table scope* (:func:`policy_scope`:
the ruleset and table size in the file's ``meta``), so the lobby offers it at those
tables only, and only where the ``rl`` extra is installed
(``saustall.server.catalogue``). Its moves are thought in the server's worker pool as
any bot's: a policy may delegate decisions to a searching bot, which is not instant.
"""

from __future__ import annotations

import json
import random
from functools import lru_cache
from importlib import import_module
from importlib.util import find_spec
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from typing import Any, Callable, Sequence

from saustall.bots.base import Bot, TableScope, register_bot
from saustall.core.errors import SaustallError
from saustall.core.game import Action, View

PREFIX = "policy:"
"""Bot levels of learned policies start with this: ``policy:NAME``."""

MAX_POLICY_BYTES = 4 * 1024 * 1024
"""The largest policy file the package ships (tested): numpy inference stays light."""

RUNTIME_MODULES = ("numpy", "pettingzoo", "gymnasium")
"""What a policy needs to play (the ``rl`` extra): numpy for the network, the
environments for the observation encoder."""


class PolicyError(SaustallError, ValueError):
    """A policy file that cannot be read, or a policy asked to play what it was not
    trained for; the message says which."""


Observer = Callable[[View, Sequence[Action]], tuple[Any, list[int]]]
"""``(view, legal) -> (observation vector, action slot of each legal action)``."""


@lru_cache(maxsize=None)
def _environment(env_module: str, ruleset: str, players: int) -> Any:
    """The bare AEC environment of ``env_module`` for a table (one per ruleset and size)."""
    try:
        raw_env = import_module(env_module).raw_env
    except ImportError as error:
        raise PolicyError("a learned policy reads the RL environment's observation: "
                          "pip install 'saustall[rl]'") from error
    return raw_env(ruleset=ruleset, num_players=players)


@dataclass(frozen=True)
class EnvObserver:
    """The :data:`Observer` of the AEC environment in ``env_module`` (its ``raw_env``): the
    environment's own encoder and action slots, imported only when a policy first plays
    (the ``rl`` extra). A plain value, so a bot holding it travels to a worker process."""

    env_module: str

    def __call__(self, view: View, legal: Sequence[Action]) -> tuple[Any, list[int]]:
        """The observation vector of the view's seat and the slot of each legal action."""
        env = _environment(self.env_module, view["ruleset"], view["players"])
        seat = view["observer"]
        index = env.actions.index[seat]
        return env.encode(view, seat), [index[action] for action in legal]


@dataclass(frozen=True)
class PolicyNet:
    """A multilayer perceptron: ``logits = W_k relu(... relu(W_0 x + b_0) ...) + b_k``."""

    weights: tuple[Any, ...]
    """One float32 matrix per layer, shape (inputs, outputs)."""
    biases: tuple[Any, ...]
    """One float32 vector per layer."""
    meta: dict[str, Any]
    """What it was trained for and how (``game``, ``ruleset``, ``obs_size``,
    ``action_size``, ``trained``...)."""

    @classmethod
    def load(cls, path: Path | str) -> "PolicyNet":
        """Read a policy file; :class:`PolicyError` if it is not one."""
        import numpy as np

        try:
            with np.load(path, allow_pickle=False) as data:
                meta = json.loads(str(data["meta"]))
                layers = int(meta["layers"])
                weights = tuple(np.asarray(data[f"w{i}"], dtype=np.float32)
                                for i in range(layers))
                biases = tuple(np.asarray(data[f"b{i}"], dtype=np.float32)
                               for i in range(layers))
        except (OSError, KeyError, ValueError, TypeError) as error:
            raise PolicyError(f"{path} is not a policy file: {error}") from error
        for i, (w, b) in enumerate(zip(weights, biases)):
            if w.ndim != 2 or b.shape != (w.shape[1],) or (
                    i and w.shape[0] != weights[i - 1].shape[1]):
                raise PolicyError(f"{path}: layer {i} has mismatched shapes "
                                  f"{w.shape} and {b.shape}")
        if weights[0].shape[0] != meta["obs_size"] or weights[-1].shape[1] != meta["action_size"]:
            raise PolicyError(f"{path}: the layers do not match obs_size {meta['obs_size']} "
                              f"and action_size {meta['action_size']}")
        return cls(weights, biases, meta)

    def save(self, path: Path | str) -> None:
        """Write the policy file (weights as float16)."""
        import numpy as np

        arrays = {f"w{i}": w.astype(np.float16) for i, w in enumerate(self.weights)}
        arrays.update({f"b{i}": b.astype(np.float16) for i, b in enumerate(self.biases)})
        meta = {**self.meta, "layers": len(self.weights)}
        np.savez_compressed(path, meta=np.array(json.dumps(meta, sort_keys=True)), **arrays)

    def logits(self, observation: Any) -> Any:
        """The logit of every action slot (numpy), for one observation or a batch."""
        import numpy as np

        x = np.asarray(observation, dtype=np.float32)
        last = len(self.weights) - 1
        for i, (w, b) in enumerate(zip(self.weights, self.biases)):
            x = x @ w + b
            if i < last:
                x = np.maximum(x, 0.0)
        return x

    def act(self, observation: Any, mask: Any) -> int:
        """The legal slot (``mask`` nonzero) with the highest logit (the first on ties)."""
        import numpy as np

        logits = self.logits(observation)
        return int(np.argmax(np.where(np.asarray(mask) > 0, logits, -np.inf)))


_LOADED: dict[str, PolicyNet] = {}


def load_shipped(path: Path | str) -> PolicyNet:
    """:meth:`PolicyNet.load`, once per file and process (bots share the weights)."""
    key = str(path)
    found = _LOADED.get(key)
    if found is None:
        found = _LOADED[key] = PolicyNet.load(path)
    return found


class PolicyBot:
    """Plays the legal action its policy's logits rank first (see the module docstring).

    Logits that tie within ``1e-6`` (equivalent moves, such as one card on either of two
    clean pigs) are broken by the bot's seeded random source, so games replay.
    """

    def __init__(self, seed: int, name: str, path: Path | str, observer: Observer,
                 fallback: Callable[[View, Sequence[Action]], bool] | None = None,
                 delegate: Bot | None = None) -> None:
        """``observer`` encodes the view as the environment does; where ``fallback``
        says so (a part of the game the policy was not trained for), ``delegate``
        chooses instead."""
        self.rng = random.Random(seed)
        self.name = name
        self.path = path
        self.observer = observer
        self.fallback = fallback
        self.delegate = delegate

    def plays_ruleset(self, ruleset: str) -> bool:
        """Whether the policy was trained for ``ruleset`` (a policy file that names none
        plays any)."""
        trained = self.net.meta.get("ruleset")
        return trained is None or trained == ruleset

    @property
    def net(self) -> PolicyNet:
        """The policy's network (loaded on first use)."""
        return load_shipped(self.path)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """The legal action with the highest logit (seeded tie-break)."""
        if self.delegate is not None and self.fallback is not None and self.fallback(view, legal):
            return self.delegate.choose(view, legal)
        if len(legal) == 1:
            return legal[0]
        net = self.net
        for key in ("game", "ruleset"):
            if key in net.meta and view.get(key) != net.meta[key]:
                raise PolicyError(f"{self.name} was trained for {key} {net.meta[key]!r}, "
                                  f"not {view.get(key)!r}")
        observation, slots = self.observer(view, legal)
        logits = net.logits(observation)
        values = [float(logits[slot]) for slot in slots]
        best = max(values)
        ties = [i for i, value in enumerate(values) if value >= best - 1e-6]
        return legal[ties[0] if len(ties) == 1 else ties[self.rng.randrange(len(ties))]]


def shipped_policies(package: str) -> dict[str, Any]:
    """The policy files in ``package``'s ``policies`` folder, by name (file stem)."""
    try:
        folder = files(package).joinpath("policies")
    except ModuleNotFoundError:
        return {}
    if not folder.is_dir():
        return {}
    return {Path(entry.name).stem: entry for entry in sorted(folder.iterdir(), key=lambda e: e.name)
            if entry.name.endswith(".npz")}


def policy_scope(path: Path | str) -> TableScope | None:
    """The table a policy file was trained for (its ``meta``: ``ruleset`` and
    ``players``), or ``None`` where it cannot play: the ``rl`` extra is not installed
    (:data:`RUNTIME_MODULES`), the file does not load, or its meta names no table."""
    if any(find_spec(module) is None for module in RUNTIME_MODULES):
        return None
    try:
        meta = load_shipped(path).meta
    except PolicyError:
        return None
    ruleset, players = meta.get("ruleset"), meta.get("players")
    if not isinstance(ruleset, str) or not isinstance(players, int):
        return None
    return TableScope(ruleset, (players,))


def register_policies(game: str, package: str,
                      make: Callable[[int, str, Any], Bot]) -> list[str]:
    """Register each policy file of ``package``'s ``policies`` folder as the bot
    ``policy:NAME`` of ``game``, built by ``make(seed, level, path)`` and scoped to the
    table it was trained for (:func:`policy_scope`); returns the levels."""
    levels = []
    for name, path in shipped_policies(package).items():
        level = PREFIX + name

        def factory(seed: int, level: str = level, path: Any = path) -> Bot:
            return make(seed, level, path)

        def scope(path: Any = path) -> TableScope | None:
            return policy_scope(path)

        register_bot(game, level, factory, scope=scope)
        levels.append(level)
    return levels


__all__ = ["MAX_POLICY_BYTES", "PREFIX", "RUNTIME_MODULES", "Observer", "PolicyBot",
           "PolicyError", "PolicyNet", "load_shipped", "policy_scope", "register_policies",
           "shipped_policies"]
