"""The conformance suite as a list of checks, and :func:`check_game`, which runs it.

A :class:`Check` pairs one property (a function of :mod:`saustall.testing.checks` or
:mod:`saustall.testing.optional`) with how to draw its examples from a seeded random
source, which table sizes it covers, and, for an optional capability, how to tell whether
the game offers it. :data:`CHECKS` is the whole suite, in the order it runs.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from saustall.core.game import Game, Ruleset
from saustall.core.registry import get, rulesets
from saustall.testing import checks, optional
from saustall.testing.playouts import ConformanceError, NotApplicable
from saustall.testing.values import random_picker

SEEDS = 2**31
"""Deal and choice seeds are drawn from ``range(SEEDS)``."""

DRAWS_PER_EXAMPLE = 20
"""How often :func:`check_game` redraws an example that is :class:`NotApplicable`."""


def every_size(ruleset: Ruleset) -> list[int]:
    """Every player count the ruleset allows."""
    return list(range(ruleset.min_players, ruleset.max_players + 1))


def smallest_and_largest(ruleset: Ruleset) -> list[int]:
    """The smallest and the largest table."""
    return sorted({ruleset.min_players, ruleset.max_players})


def smallest(ruleset: Ruleset) -> list[int]:
    """The smallest table only."""
    return [ruleset.min_players]


def seeds(rng: random.Random, game: Game) -> dict[str, Any]:
    """A deal seed and a choice seed."""
    return {"seed": rng.randrange(SEEDS), "choice_seed": rng.randrange(SEEDS)}


def large_seeds(rng: random.Random, game: Game) -> dict[str, Any]:
    """Seeds of ten digits, which a view that shows the seed could not hide by chance."""
    return {"seed": rng.randrange(10**9, SEEDS), "choice_seed": rng.randrange(SEEDS)}


def seeds_and_cut(rng: random.Random, game: Game) -> dict[str, Any]:
    """Seeds and where to cut the record (a share of its actions)."""
    return {**seeds(rng, game), "cut": rng.random()}


def seed_and_values(rng: random.Random, game: Game) -> dict[str, Any]:
    """A deal seed, a number of random actions before the values (half the time fewer
    than 8, so that a short game is caught before its end), and a picker of values."""
    steps = rng.randrange(8) if rng.random() < 0.5 else rng.randrange(61)
    return {"seed": rng.randrange(SEEDS), "steps": steps,
            "pick": random_picker(random.Random(rng.randrange(SEEDS)))}


def one_seed(rng: random.Random, game: Game) -> dict[str, Any]:
    """A seed."""
    return {"seed": rng.randrange(SEEDS)}


def edge_options(rng: random.Random, game: Game) -> dict[str, Any]:
    """A seed and every option at an extreme or its default."""
    return {"seed": rng.randrange(SEEDS), "options": checks.draw_edge_options(game, rng)}


def nothing(rng: random.Random, game: Game) -> dict[str, Any]:
    """No parameters: the check is the same every time."""
    return {}


def always(game: Game) -> str | None:
    """Required checks apply to every game."""
    return None


def has_edge_options(game: Game) -> str | None:
    """``None`` if the ruleset has an option with extremes, else why the check is moot."""
    if checks.edge_option_choices(game):
        return None
    return f"{game.name}/{game.ruleset.name} has no option with a range or choices"


@dataclass(frozen=True)
class Check:
    """One conformance property and how the suite runs it."""

    name: str
    """Kebab-case, stable: what a failure and a test id call it."""
    run: Callable[..., None]
    """``run(game, players, **example)``: raises :class:`ConformanceError` on a failure."""
    draw: Callable[[random.Random, Game], dict[str, Any]] = seeds
    """One example's parameters, from a seeded random source."""
    sizes: Callable[[Ruleset], list[int]] = every_size
    """The player counts covered."""
    offered: Callable[[Game], str | None] = always
    """``None`` when the check applies to the game, else the reason it is skipped."""
    capability: str = ""
    """For an optional check, the capability it checks (empty: required)."""
    repeats: bool = True
    """False for a check whose examples are all alike: it runs once per table size."""

    @property
    def summary(self) -> str:
        """The first line of the check's documentation."""
        return (self.run.__doc__ or self.name).strip().splitlines()[0]


CHECKS: tuple[Check, ...] = (
    Check("seed-determinism", checks.seed_determinism),
    Check("record-round-trip", checks.record_round_trip, seeds_and_cut),
    Check("views-leak-nothing", checks.views_leak_nothing, large_seeds),
    Check("card-conservation", checks.card_conservation),
    Check("public-phase", checks.public_phase_is_the_views_phase),
    Check("notation-and-refusals", checks.actions_encode_and_illegal_ones_change_nothing),
    Check("is-legal-agrees", checks.is_legal_agrees_with_the_legal_list),
    Check("arbitrary-values", checks.arbitrary_values_are_refused, seed_and_values),
    Check("terminal-iff-no-legal-actions", checks.terminal_iff_no_legal_actions, one_seed),
    Check("option-edges", checks.terminal_iff_no_legal_actions, edge_options,
          smallest_and_largest, has_edge_options),
    Check("sampled-worlds-match-the-view", optional.sampled_worlds_match_the_view,
          offered=optional.offers_world_sampling, capability="world sampling"),
    Check("sampled-worlds-differ", optional.worlds_differ_where_the_seat_cannot_see, nothing,
          offered=optional.offers_world_sampling, capability="world sampling", repeats=False),
    Check("bots", optional.bots_play_legal_and_seeded, one_seed, smallest,
          offered=optional.offers_bots, capability="bots"),
    Check("rl-env", optional.rl_env_passes_the_pettingzoo_api_test, nothing,
          smallest_and_largest, offered=optional.offers_rl_env, capability="RL environment",
          repeats=False),
)
"""Every check, in the order :func:`check_game` runs them."""

CHECKS_BY_NAME = {check.name: check for check in CHECKS}


def check_named(name: str) -> Check:
    """The check called ``name``; :class:`ValueError` naming the known ones otherwise."""
    try:
        return CHECKS_BY_NAME[name]
    except KeyError:
        raise ValueError(f"no conformance check {name!r}; checks: {', '.join(CHECKS_BY_NAME)}"
                         ) from None


@dataclass(frozen=True)
class Outcome:
    """What one check did for one ruleset."""

    check: str
    ruleset: str
    passed: bool
    skipped: str = ""
    """Why the check did not run (empty when it ran)."""
    error: ConformanceError | None = None
    examples: int = 0
    """How many examples ran (over every table size)."""


@dataclass
class Report:
    """Every check's outcome for every ruleset :func:`check_game` covered."""

    game: str
    outcomes: list[Outcome] = field(default_factory=list)

    @property
    def failures(self) -> list[Outcome]:
        """The checks that failed."""
        return [o for o in self.outcomes if o.error is not None]

    @property
    def skipped(self) -> list[Outcome]:
        """The checks that did not apply, with their reasons."""
        return [o for o in self.outcomes if o.skipped]

    def text(self) -> str:
        """One line per check and ruleset: ``passed``, ``skipped: why`` or ``FAILED: what``."""
        lines = []
        for o in self.outcomes:
            status = ("passed" if o.passed else f"skipped: {o.skipped}" if o.skipped
                      else f"FAILED: {o.error}")
            lines.append(f"{o.ruleset} {o.check}: {status}")
        return "\n".join(lines)


class ConformanceFailures(ConformanceError):
    """Several checks failed: ``report`` holds every outcome, ``str()`` lists each failure."""

    def __init__(self, report: Report) -> None:
        failures = report.failures
        first = failures[0].error
        super().__init__(
            f"{len(failures)} conformance check(s) failed:\n" + "\n".join(
                f"  {o.error}" for o in failures),
            check=first.check if first else "", case=first.case if first else "")
        self.report = report

    def __str__(self) -> str:
        return self.message


def bound_rulesets(game_or_name: Game | str, ruleset: str | None) -> list[Game]:
    """The games to check: a :class:`Game` as it is bound, or every ruleset of a game name
    (just ``ruleset`` when given)."""
    if isinstance(game_or_name, Game):
        if ruleset is not None and ruleset != game_or_name.ruleset.name:
            return [get(game_or_name.name, ruleset)]
        return [game_or_name]
    if ruleset is not None:
        return [get(game_or_name, ruleset)]
    return [get(game_or_name, r.name) for r in rulesets(game_or_name)]


def run_check(check: Check, game: Game, *, examples: int, seed: int,
              sizes: Sequence[int] | None = None) -> int:
    """Run ``check`` on ``game`` at every table size it covers, ``examples`` examples each
    (one for a check that does not repeat), drawn from ``seed``. Returns how many ran.

    Raises :class:`ConformanceError` naming the check, the case and the example.
    """
    ran = 0
    for players in (sizes if sizes is not None else check.sizes(game.ruleset)):
        case = f"{game.name}/{game.ruleset.name} {players}p"
        rng = random.Random(f"{seed}:{check.name}:{game.ruleset.name}:{players}")
        for _ in range(examples if check.repeats else 1):
            for _draw in range(DRAWS_PER_EXAMPLE):
                example = check.draw(rng, game)
                try:
                    check.run(game, players, **example)
                except NotApplicable:
                    continue
                except ConformanceError as exc:
                    raise ConformanceError(exc.message, check=check.name, case=case,
                                           example=shown_example(example)) from exc
                except Exception as exc:  # a crash is a failure of the check, named so
                    raise ConformanceError(f"{type(exc).__name__}: {exc}", check=check.name,
                                           case=case, example=shown_example(example)) from exc
                ran += 1
                break
    return ran


def shown_example(example: dict[str, Any]) -> dict[str, Any]:
    """The example's parameters that repeat it (a picker is rebuilt from the seed)."""
    return {name: value for name, value in example.items() if not callable(value)}


def check_game(game_or_name: Game | str, ruleset: str | None = None, *, examples: int = 3,
               seed: int = 0, checks: Sequence[str] | None = None) -> Report:
    """Run the conformance suite on a game; return the report or raise on a failure.

    ``game_or_name`` is a registered game's name (every ruleset is checked, or only
    ``ruleset``) or a bound :class:`Game` (its own ruleset). The game must be registered
    (:func:`saustall.core.register`, or the ``saustall.games`` entry point): records replay
    through the registry. Each check runs ``examples`` seeded examples per table size,
    drawn from ``seed``: the same arguments run the same games. ``checks`` picks checks by
    name (default: all of :data:`CHECKS`).

    Optional capabilities are checked when the game offers them; otherwise their checks
    are reported as skipped with the reason (:attr:`Report.skipped`). Raises
    :class:`ConformanceFailures` (a :class:`ConformanceError`) listing every failed check,
    each with its ruleset, table size and the example that repeats it.
    """
    chosen = [check_named(name) for name in checks] if checks is not None else list(CHECKS)
    games = bound_rulesets(game_or_name, ruleset)
    report = Report(games[0].name)
    for game in games:
        for check in chosen:
            reason = check.offered(game)
            if reason is not None:
                report.outcomes.append(Outcome(check.name, game.ruleset.name, False, reason))
                continue
            try:
                ran = run_check(check, game, examples=examples, seed=seed)
            except ConformanceError as exc:
                report.outcomes.append(Outcome(check.name, game.ruleset.name, False, error=exc))
                continue
            if ran == 0:  # e.g. no drawn options make a table of any covered size
                report.outcomes.append(Outcome(check.name, game.ruleset.name, False,
                                               "no example of it applies to this ruleset"))
                continue
            report.outcomes.append(Outcome(check.name, game.ruleset.name, True, examples=ran))
    if report.failures:
        raise ConformanceFailures(report)
    return report
