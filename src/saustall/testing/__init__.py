"""The conformance suite, shipped: check that a game keeps the contract of ``core/game.py``.

``check_game("nim")`` runs every check on every ruleset of a registered game and raises
:class:`ConformanceError` naming each failed check; :func:`saustall.testing.plugin.conformance_tests`
turns the same checks into one pytest test per check and ruleset. Optional capabilities
(world sampling, bots) are checked when the game offers them and reported as skipped,
with the reason, when it does not. The contract itself: docs/plugins.md, "The conformance
contract". Neither needs hypothesis; pytest is needed only by the plugin module.
"""

from saustall.testing.playouts import MAX_STEPS, ConformanceError, NotApplicable, playout
from saustall.testing.suite import (
    CHECKS, Check, ConformanceFailures, Outcome, Report, check_game, check_named, run_check,
)

__all__ = [
    "CHECKS", "Check", "ConformanceError", "ConformanceFailures", "MAX_STEPS", "NotApplicable",
    "Outcome", "Report", "check_game", "check_named", "playout", "run_check",
]
