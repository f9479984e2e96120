"""The bot protocol and the bot registry.

A bot sees exactly what its seat may see: the seat's view and the legal actions. It never
receives the game state. Every bot owns a seeded random source, so simulations replay.

Building a view costs more than a random choice, so a bot that never reads its view says so
with a class attribute ``reads_view = False``; simulations then hand it an empty view
(:func:`view_for`) instead of building one.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Collection, Mapping, Protocol, Sequence

from saustall.core.errors import UnknownGameError
from saustall.core.game import Action, View

if TYPE_CHECKING:
    from saustall.core.game import GameState


class Bot(Protocol):
    """Something that picks one of the legal actions from a view.

    A bot may also set ``reads_view = False`` (see :func:`view_for`), and
    ``thinks_instantly = True`` when it decides without searching, in microseconds: the
    server then lets it choose on its event loop instead of sending the decision to a
    worker process, whose round trip would cost more than the choice.
    """

    name: str

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """Return one element of ``legal``."""


class RandomBot:
    """Uniformly random among the legal actions: the baseline every bot must beat."""

    name = "random"
    reads_view = False  # chooses from the legal actions alone: no view is built for it
    thinks_instantly = True

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """A uniformly random legal action."""
        # choice() draws exactly as randrange(len(legal)) does, with less checking.
        return self.rng.choice(legal)


def view_for(bot: Bot, state: "GameState", player: int) -> View:
    """What to pass ``bot`` as ``player``'s view: the seat's view, or an empty one for a
    bot that declares ``reads_view = False`` (it then costs nothing to build)."""
    if getattr(bot, "reads_view", True):
        return state.view(player)
    return {}


def plays_ruleset(bot: Bot, ruleset: str) -> bool:
    """Whether ``bot`` plays ``ruleset``: every bot does, unless it says otherwise with a
    method ``plays_ruleset(ruleset)`` (a learned policy plays the ruleset it was trained
    for)."""
    check = getattr(bot, "plays_ruleset", None)
    return True if check is None else bool(check(ruleset))


BotFactory = Callable[[int], Bot]
"""Builds a bot from a seed."""

_BOTS: dict[str, dict[str, BotFactory]] = {}


@dataclass(frozen=True)
class TableScope:
    """The tables a bot level plays when it does not play every table of its game: one
    ruleset, at the listed table sizes (a learned policy plays the table it was trained
    for)."""

    ruleset: str
    players: tuple[int, ...]
    """The numbers of players it plays, ascending."""

    def admits(self, ruleset: str, players: int) -> bool:
        """Whether a table of ``ruleset`` with ``players`` seats is one it plays."""
        return ruleset == self.ruleset and players in self.players

    def words(self) -> str:
        """The tables in English: ``"RULESET with 2 players"``."""
        sizes = " or ".join(str(n) for n in self.players)
        return f"{self.ruleset} with {sizes} players"


ScopeReader = Callable[[], "TableScope | None"]
"""Reads a bot level's :class:`TableScope` when first asked (``None``: it can play no
table here, e.g. an optional dependency it needs is missing)."""

_SCOPES: dict[str, dict[str, ScopeReader]] = {}
_SCOPE_CACHE: dict[tuple[str, str], "TableScope | None"] = {}


def register_bot(game: str, level: str, factory: BotFactory,
                 scope: ScopeReader | None = None) -> None:
    """Make bot ``level`` (e.g. ``"random"``, ``"heuristic"``) available for ``game``;
    ``scope`` for a level that plays only some tables (:func:`level_scope`)."""
    _BOTS.setdefault(game, {})[level] = factory
    _SCOPE_CACHE.pop((game, level), None)
    if scope is None:
        _SCOPES.get(game, {}).pop(level, None)
    else:
        _SCOPES.setdefault(game, {})[level] = scope


def is_scoped(game: str, level: str) -> bool:
    """Whether ``game``'s bot ``level`` plays only some tables (it registered a scope)."""
    _load_bots(game)
    return level in _SCOPES.get(game, {})


def level_scope(game: str, level: str) -> TableScope | None:
    """The tables ``game``'s bot ``level`` plays, for a level registered with a scope
    (:func:`is_scoped`; read once); ``None`` for a level that plays every table, and for
    a scoped level that can play none here."""
    _load_bots(game)
    reader = _SCOPES.get(game, {}).get(level)
    if reader is None:
        return None
    key = (game, level)
    if key not in _SCOPE_CACHE:
        _SCOPE_CACHE[key] = reader()
    return _SCOPE_CACHE[key]


LEVELS: tuple[str, ...] = ("beginner", "club", "expert")
"""The levels offered to people, weakest to strongest. Each game registers a bot under each
name it offers (``register_bot(game, "club", ...)``); other names (``random``,
``heuristic``...) stay registered for simulations, the arena and old records."""

DEFAULT_LEVEL = "club"
"""The level seated when a person does not choose: a real game that a newcomer can win."""


_LOADED: set[str] = set()


def _load_bots(game: str) -> None:
    """Register ``game``'s bots once, from its support record, then ``random`` if the
    game registered no bot of that name (every game has it)."""
    if game in _LOADED:
        return
    from saustall.core.registry import support
    from saustall.core.support import load_reference

    _LOADED.add(game)
    try:
        record = support(game)
    except UnknownGameError:  # bots registered for a game without rulesets stay usable
        return
    if record.register_bots is not None:
        try:
            load_reference(record.register_bots, game)()
        except Exception:
            _LOADED.discard(game)  # asked again, it fails again with its own error
            raise
    _BOTS.setdefault(game, {}).setdefault(RandomBot.name, RandomBot)


def load_all_bots() -> None:
    """Register the bots of every registered game now (a worker process does this once,
    before it is asked to think)."""
    from saustall.core.registry import game_names

    for game in game_names():
        _load_bots(game)


@dataclass(frozen=True)
class LevelRating:
    """A bot level's measured strength on its game's scale (docs/bots.md, *Ratings*).

    ``unit`` names the scale, a text key: the game's support record words it for the
    terminal and the catalogue (``GameSupport.rating_units``), ``rating.<unit>`` in the web
    app's language files for the lobby. ``scripts/bot_ratings.py`` measures the figures.
    """

    figure: float
    """The level's rating on the scale (e.g. an Elo, net points per deal, seconds)."""
    unit: str
    """The scale's text key, e.g. ``"elo_vs_heuristic"``."""
    measured: str
    """How it was measured, in a line: the run, its size and its date."""
    low: float | None = None
    """The 95% interval's lower end (``None`` with ``high``: exact by definition, as
    the yardstick of its own scale)."""
    high: float | None = None
    ruleset: str | None = None
    """The ruleset it was measured in (``None``: it stands for every ruleset)."""
    provisional: bool = False
    """Today's figure for a level being rebuilt: to be measured again."""

    def __post_init__(self) -> None:
        for name in ("figure", "low", "high"):
            value = getattr(self, name)
            if value is not None and (isinstance(value, bool) or not isinstance(value, (int, float))
                                      or not math.isfinite(value)):
                raise ValueError(f"a rating's {name} must be a finite number, not {value!r}")
        if (self.low is None) != (self.high is None):
            raise ValueError("a rating has both ends of its interval or neither")
        if self.low is not None and self.high is not None and not (
                self.low <= self.figure <= self.high):
            raise ValueError(f"a rating's figure {self.figure} lies outside its interval "
                             f"[{self.low}, {self.high}]")
        if not self.unit or not self.measured:
            raise ValueError("a rating names its unit and how it was measured")


_RATINGS: dict[str, dict[str, list[LevelRating]]] = {}


def register_level_rating(game: str, level: str, rating: LevelRating) -> None:
    """Record ``rating`` as the measured strength of ``game``'s bot ``level`` (one per
    ruleset; a later one for the same ruleset replaces it)."""
    kept = [r for r in _RATINGS.setdefault(game, {}).get(level, [])
            if r.ruleset != rating.ruleset]
    _RATINGS[game][level] = kept + [rating]


MeasuredRatings = Mapping[tuple[str | None, str], tuple[float, float | None, float | None, str]]
"""``(ruleset, level) -> (figure, low, high, how measured)``: a game's ratings on one scale,
as ``scripts/bot_ratings.py table`` prints them."""


def register_level_ratings(game: str, unit: str, measured: MeasuredRatings,
                           provisional: Collection[str] = ()) -> None:
    """:func:`register_level_rating` for each entry of ``measured``, all on the scale
    ``unit``; the levels in ``provisional`` are marked as today's figures."""
    for (ruleset, level), (figure, low, high, how) in measured.items():
        register_level_rating(game, level, LevelRating(
            figure, unit, how, low=low, high=high, ruleset=ruleset,
            provisional=level in provisional))


def level_rating(game: str, level: str, ruleset: str | None = None) -> LevelRating | None:
    """The rating of ``game``'s ``level`` measured in ``ruleset``, else the one that
    stands for every ruleset, else ``None``; ``ruleset=None`` takes the first one
    registered (a game measured in one ruleset only)."""
    _load_bots(game)
    found = _RATINGS.get(game, {}).get(level, [])
    if ruleset is None:
        return found[0] if found else None
    return (next((r for r in found if r.ruleset == ruleset), None)
            or next((r for r in found if r.ruleset is None), None))



def bot_levels(game: str) -> list[str]:
    """The bot levels available for ``game``."""
    _load_bots(game)
    return list(_BOTS.get(game, {}))


def offered_levels(game: str) -> list[str]:
    """The named :data:`LEVELS` registered for ``game``, weakest to strongest."""
    _load_bots(game)
    registered = _BOTS.get(game, {})
    return [level for level in LEVELS if level in registered]


def default_level(game: str) -> str:
    """The bot level seated for ``game`` when nobody chooses: :data:`DEFAULT_LEVEL` when the
    game offers it, else its middle offered level, else its first registered bot."""
    offered = offered_levels(game)
    if DEFAULT_LEVEL in offered:
        return DEFAULT_LEVEL
    if offered:
        return offered[len(offered) // 2]
    known = bot_levels(game)
    if not known:
        raise UnknownGameError(f"no bots registered for {game}")
    return known[0]


def make_bot(game: str, level: str, seed: int = 0) -> Bot:
    """A new bot of ``level`` for ``game`` with its own seeded random source."""
    _load_bots(game)
    levels = _BOTS.get(game, {})
    if level not in levels:
        raise UnknownGameError(
            f"no bot {level!r} for {game}; bots: {', '.join(levels) or 'none'}")
    return levels[level](seed)


def make_seat_bots(game: str, seats: Sequence[int], levels: Sequence[str],
                   seed: int) -> dict[int, Bot]:
    """One bot per seat in ``seats``, each with a seed derived from ``seed`` and its seat.

    A single level serves every seat; otherwise there must be one level per seat.
    Raises :class:`ValueError` when the counts do not match, or for an unknown level.
    """
    from saustall.core.rng import derive_seed

    chosen = list(levels)
    if len(chosen) == 1:
        chosen = chosen * len(seats)
    if len(chosen) != len(seats):
        raise ValueError(f"{len(chosen)} bot levels given for {len(seats)} bot seat(s)")
    return {seat: make_bot(game, level, derive_seed(seed, "terminal-bot", seat))
            for seat, level in zip(seats, chosen)}
