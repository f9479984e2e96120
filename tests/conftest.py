"""Settings for the whole suite.

Hypothesis runs derandomized here: ``make test`` draws the same examples on every run, so
a result never depends on luck and a red run can be repeated. ``make fuzz`` explores new
examples instead (the ``explore`` profile, with many more of them) to find what the fixed
ones miss; a failure there names the seed to add as an ``@example``.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile("steady", derandomize=True, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("explore", derandomize=False, deadline=None, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "steady"))

# How many examples each conformance property draws per game, ruleset and player count.
EXAMPLES = int(os.environ.get("SAUSTALL_EXAMPLES", "4"))
