"""The conformance suite as pytest tests: one test per check and ruleset of a game.

In a game package's tests (the game registered, e.g. installed with its entry point)::

    from saustall.testing.plugin import conformance_tests

    test_nim_conformance = conformance_tests("nim")

pytest then collects ``test_nim_conformance[nim-seed-determinism]`` and so on, for every
check of :data:`saustall.testing.CHECKS` and every ruleset of the game; a check of a
capability the game does not offer is reported as skipped with the reason.

A function to import rather than a ``pytest11`` entry point: an entry point would load
into every pytest run of every project in the environment (Saustall's own suite
included) and would still need to be told which game to test; an import names the game
where the tests are, runs nothing until asked and needs no configuration.
"""

from __future__ import annotations

from typing import Callable, Sequence

import pytest

from saustall.core.registry import get, rulesets
from saustall.testing.suite import CHECKS, check_named, run_check


def conformance_tests(game: str, ruleset_names: Sequence[str] | None = None, *,
                      examples: int = 3, seed: int = 0,
                      checks: Sequence[str] | None = None) -> Callable[[str, str], None]:
    """A parametrized pytest test function running the conformance suite on ``game``.

    Assign it to a name starting with ``test`` in a test module. It covers
    ``ruleset_names`` (default: every registered ruleset of ``game``) and ``checks`` (default:
    all), each check with ``examples`` seeded examples per table size drawn from ``seed``,
    exactly as :func:`saustall.testing.check_game` runs them.
    """
    names = list(ruleset_names) if ruleset_names is not None else [
        r.name for r in rulesets(game)]
    chosen = [check_named(name) for name in checks] if checks is not None else list(CHECKS)
    cases = [pytest.param(ruleset, check.name, id=f"{ruleset}-{check.name}")
             for ruleset in names for check in chosen]

    @pytest.mark.parametrize(("ruleset", "check"), cases)
    def test_conformance(ruleset: str, check: str) -> None:
        """One conformance check on one ruleset (skipped, with why, if not offered)."""
        engine = get(game, ruleset)
        found = check_named(check)
        reason = found.offered(engine)
        if reason is not None:
            pytest.skip(reason)
        if run_check(found, engine, examples=examples, seed=seed) == 0:
            pytest.skip("no example of this check applies to the ruleset")

    test_conformance.__doc__ = f"The conformance suite on {game}: one check on one ruleset."
    return test_conformance
