"""The toy game as a separate distribution: installed by ``make test``, found by entry point.

These tests need the package installed (``pip install -e tests/fixtures/saustall-nim``,
which the Makefile's install step does); without it they are skipped, saying so.
"""

from __future__ import annotations

import subprocess
import sys
from importlib.metadata import entry_points

import pytest

from tests.testing.toy import FIXTURE, installed

pytestmark = pytest.mark.skipif(
    not installed(), reason="saustall-nim is not installed (make test installs it)")


def test_the_toy_game_declares_its_support_record_in_the_games_entry_point_group() -> None:
    found = {ep.name: ep.value for ep in entry_points(group="saustall.games")}
    assert found.get("nim") == "saustall_nim.support:SUPPORT"


def test_the_toy_games_own_tests_pass_as_its_author_runs_them() -> None:
    """``python -m pytest`` in the package: its rules and, through
    ``saustall.testing.plugin``, one conformance test per check and ruleset."""
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider",
                           "-p", "no:xdist", "-p", "no:randomly"],
                          cwd=FIXTURE, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "4 skipped" in done.stdout and "does not offer world sampling" in done.stdout
