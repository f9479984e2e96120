"""What a game offers the rest of Saustall, declared in one place: its support record.

A game is one package. Next to its rules it declares a :class:`GameSupport` (by custom in
``<package>/support.py`` as ``SUPPORT``) and names it in the ``saustall.games`` entry-point
group of its distribution::

    [project.entry-points."saustall.games"]
    nim = "nim_game.support:SUPPORT"

:mod:`saustall.core.registry` finds every record through that group, built-in games
included, and the command line, the arena, simulation, the server and the page read the
record instead of naming games. Everything but the rulesets and the game factory is
optional: a game that offers no terminal client is played with the generic text client,
one without a web renderer with the page's generic board, and every game gets the
``random`` bot.

Everything heavier than the rulesets is named by a *reference*, ``"module:attribute"``
(or ``"module"`` where a module is meant), and imported only when first needed
(:func:`load_reference`), so that listing the games stays quick.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Mapping

from saustall.core.errors import SaustallError

if TYPE_CHECKING:  # types only: core.game reaches the registry through records
    from saustall.core.game import Game, Ruleset

Reference = str
"""``"package.module:attribute"`` (an object) or ``"package.module"`` (a module)."""


class PluginError(SaustallError):
    """A game package that cannot be used: its entry point or a reference in its record
    does not load, or its record is not sound. The message names the game and what broke."""


@dataclass(frozen=True)
class SimulationSupport:
    """What a game adds to the statistics of ``saustall simulate`` and the arena.

    Every field is optional; a game without one is summarised by winners, returns and
    lengths alone.
    """

    return_meaning: str = ""
    """What the game's ``returns()`` are, for the legend of "mean return"."""
    arena_score: tuple[str, str] | None = None
    """The arena's per-seat score: (its name, what it means). Default: the returns."""
    facts: Reference | None = None
    """``f(state) -> facts``: what a finished game reports beyond winners and returns
    (plain data, cheap to pickle; called on the worker). Not called when a simulation
    is run without facts (``--no-facts``)."""
    watch: Reference | None = None
    """``f(state) -> None``: called on each new game before its first action when facts
    are wanted, so that the state counts events only play shows (cards drawn, say) for
    :attr:`facts` to read; a game whose facts are all in the finished state needs none."""
    tally: Reference | None = None
    """``T(players)``: gathers facts in game order, ``add(bots, facts)``, ``summary()``;
    its summary is reported under :attr:`summary_key`."""
    summary_key: str = ""
    """The key of the game's own figures in the simulation's JSON summary."""
    render: Reference | None = None
    """``f(summary, console)``: prints the game's own figures in ``saustall simulate``."""
    arena_render: Reference | None = None
    """``f(summary, console)``: prints them in ``saustall arena``; default :attr:`render`."""
    report_section: Reference | None = None
    """``f(summary) -> (heading, rows)``: the game's section of the arena's HTML report,
    rows of (what, share) text cells (the report escapes them)."""
    seat_results: Reference | None = None
    """``f(players, options, winners, returns) -> results``: each seat's arena result in
    one game (default: the returns)."""
    realtime_game: Reference | None = None
    """For a real-time game: ``f(job, index) -> GameOutcome``, one arena game played on
    simulated time (:mod:`saustall.arena.simulate`)."""
    study_games: Reference | None = None
    """For a real-time game: ``f(StudyJob, on_progress) -> StudyGames`` plays one bot's
    games of a ``saustall study`` (:mod:`saustall.arena.study`) on the game's own driver:
    each game's values (paired by seed across bots and the variant) and the summary of the
    game's own figures."""
    wins_note: str = ""
    """What a win is in this game, when it is more than the word says (the legend)."""
    return_bounds: tuple[float | None, float | None] = (None, None)
    """The range of one seat's ``returns()`` (None: unbounded on that side); the
    intervals of mean returns are clipped to it."""
    score_bounds: tuple[float | None, float | None] | None = None
    """The range of one seat's arena result (default: :attr:`return_bounds`)."""
    length_figure: str = ""
    """The field of the game's facts that is its length in the game's own unit (e.g.
    ``turns``), when that is what a designer counts in; its summary figure of the same
    name. ``saustall study`` then measures the length per game in that unit (paired by
    seed) and shows it once, instead of the length in actions beside the same figure."""
    first_player_withheld: str = ""
    """Why the first-player advantage means nothing in this game (e.g. every seat leads
    once per session), which the simulator then says instead of printing it; empty:
    measured."""


@dataclass(frozen=True)
class RatingUnit:
    """How one scale of bot-level ratings is worded and rounded (a game's
    :attr:`GameSupport.rating_units`; docs/bots.md, *Ratings*)."""

    text: str
    """The rating in English words, ``{figure}`` standing for the number and
    ``{interval}`` for its 95% interval (appended when the text has no place for it)."""
    decimals: int
    """Digits after the point to show (the measurement's precision, no more)."""
    signed: bool = False
    """Show a ``+`` on positive figures (a difference to a yardstick)."""
    exact: str = ""
    """The words for the scale's yardstick, whose rating is exact by definition (no
    interval); empty: worded as any other rating."""


@dataclass(frozen=True)
class GameSupport:
    """Everything the game-neutral parts of Saustall need to know about one game.

    Only :attr:`name`, :attr:`rulesets` and :attr:`factory` are required.
    """

    name: str
    """The game's name as the registry, records and the wire use it (``"nim"``)."""
    rulesets: tuple[Ruleset, ...]
    """Every ruleset of the game; the first is the default unless :attr:`default_ruleset`."""
    factory: Reference | Callable[[Ruleset], Game]
    """Builds the :class:`~saustall.core.game.Game` of one ruleset (a class or function)."""
    default_ruleset: str = ""
    """The ruleset used when none is named (default: the first)."""
    register_bots: Reference | None = None
    """``f() -> None`` registering the game's bots and levels
    (:func:`saustall.bots.base.register_bot`); ``random`` is registered in any case."""
    level_descriptions: Mapping[str, str] = field(default_factory=dict)
    """Where a level means something game-specific, that meaning in a line (English; the
    terminal's help, ``saustall play <game> --help`` and the catalogue show it)."""
    rating_units: Mapping[str, RatingUnit] = field(default_factory=dict)
    """The scales the game's bot levels are rated on, by unit key (the ``unit`` of a
    :class:`~saustall.bots.base.LevelRating`, e.g. ``"net_vs_club"``): how the terminal
    and the catalogue word and round them. The web app words the same keys as
    ``rating.<unit>`` in its language files."""
    other_level_order: tuple[str, ...] = ()
    """The bots besides the named levels, weakest to strongest (lobby and listings)."""
    terminal_client: Reference | None = None
    """A module with ``run_cli(game, args)``: ``saustall play`` (default: the generic
    text client)."""
    simulator: Reference | None = None
    """A module with ``run_cli(game, args)``: ``saustall simulate`` (default: the
    game-neutral simulator, for turn-based games)."""
    commands: Reference | None = None
    """``f(app)``: adds the game's own commands to the ``saustall`` command (a Typer app)."""
    replay_drawing: Reference | None = None
    """``f(view, console)``: draws the final position in ``saustall replay``, from the
    public view."""
    actor_in_text: bool = False
    """True when the game's action descriptions name the actor themselves (real time)."""
    simulation: SimulationSupport = field(default_factory=SimulationSupport)
    """What the game adds to simulation and arena statistics."""
    realtime_adapter: Reference | None = None
    """A real-time game's server adapter factory ``f(hub) -> RealtimeAdapter``
    (default: the generic adapter)."""
    web_renderer: str = ""
    """The page's renderer module for the game (``web/static/js/games/<name>.js``);
    empty: the page's generic board."""
    rl_env: Reference | None = None
    """The game's PettingZoo environment factory, if it has one."""
    texts: Reference | Mapping[str, Mapping[str, str]] | None = None
    """The game's words on the page, ``{language: {key: text}}`` (``"en"``, ``"de"``,
    ``"fr"``; English is the fallback), or a reference to them: its name and tagline
    (``game.<name>``, ``game.<name>.tag``), its rulesets
    (``ruleset.<name>.<ruleset>.title`` and ``.summary``), its bot levels (``bot.<level>``,
    ``level.<name>.<level>.desc``), its options (``option.<option>``), its rating scales
    (``rating.<unit>``), its refused moves (``rule.<rule>``) and its renderer's own words.
    The catalogue sends them with the game; the page's own strings come first
    (docs/plugins.md, *Words on the page*)."""

    def default(self) -> str:
        """The name of the default ruleset."""
        return self.default_ruleset or self.rulesets[0].name

    def page_texts(self) -> dict[str, dict[str, str]]:
        """:attr:`texts`, loaded: ``{language: {key: text}}`` (empty when it has none).

        Raises :class:`PluginError` when they do not load or are not text by key by
        language."""
        if self.texts is None:
            return {}
        texts = (load_reference(self.texts, self.name) if isinstance(self.texts, str)
                 else self.texts)
        if not isinstance(texts, Mapping) or not all(
                isinstance(code, str) and isinstance(table, Mapping)
                and all(isinstance(k, str) and isinstance(v, str) for k, v in table.items())
                for code, table in texts.items()):
            raise PluginError(f"game {self.name!r}: its texts are not "
                              "{language: {key: text}}")
        return {code: dict(table) for code, table in texts.items()}

    def check(self) -> None:
        """Raise :class:`PluginError` when the record is not sound (no rulesets, a ruleset
        of another game, a default ruleset it does not have)."""
        if not self.name or not self.rulesets:
            raise PluginError(f"game {self.name!r}: its support record has no rulesets")
        for ruleset in self.rulesets:
            if ruleset.game != self.name:
                raise PluginError(f"game {self.name!r}: ruleset {ruleset.name!r} belongs "
                                  f"to game {ruleset.game!r}")
        if self.default() not in {r.name for r in self.rulesets}:
            raise PluginError(f"game {self.name!r}: default ruleset {self.default()!r} "
                              "is not one of its rulesets")


def load_reference(reference: Reference, owner: str = "") -> Any:
    """The object (``"module:attribute"``) or module (``"module"``) that ``reference`` names.

    Raises :class:`PluginError` naming ``owner`` (the game) and the reference when it does
    not load, with the original error chained.
    """
    module_name, _, attribute = reference.partition(":")
    who = f"game {owner!r}: " if owner else ""
    try:
        module = importlib.import_module(module_name)
    except Exception as exc:  # any failure of a plugin's import is the plugin's
        raise PluginError(f"{who}cannot import {module_name!r} ({type(exc).__name__}: "
                          f"{exc})") from exc
    if not attribute:
        return module
    try:
        return getattr(module, attribute)
    except AttributeError:
        raise PluginError(f"{who}{module_name!r} has no {attribute!r}") from None
