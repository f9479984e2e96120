"""Shared by the tests of files from people: real records to start from, running the CLI
on a file, and what a refusal must look like (one ``error:`` line, exit 2, nothing raw)."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import Result
from typer.testing import CliRunner

from saustall.cli.main import app
from saustall.core import GameRecord

CORPUS = Path(__file__).parent.parent / "core" / "records_v0_1"
REAL_RECORDS = {game: CORPUS / name for game, name in (
    ("drecksau", "dirty-pig-4p-s1.record.json"),
    ("saukopf", "saukopf-4p-s1-dealer2-deals8.record.json"),
    ("pigasus", "pigasus-teams-4p-s1.record.json"),
)}
"""One real record per game (Saustall 0.1's, which replay exactly: test_records_v0_1)."""

RAW_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
"""Characters that must never reach the terminal from a file (tab and newline may)."""


def real_record(game: str = "drecksau") -> GameRecord:
    """A real record of ``game``."""
    return GameRecord.load(REAL_RECORDS[game])


def run(*args: str) -> Result:
    """``saustall ARGS`` in-process, with standard error apart from standard output."""
    return CliRunner().invoke(app, list(args))


def assert_refused(result: Result, path: Path, *fragments: str) -> str:
    """The command refused ``path`` as the project promises: exit 2, exactly one line
    ``error: <path>: <what>`` on standard error, nothing on standard output, no
    traceback, no raw control character; ``<what>`` holds every fragment. Returns it."""
    assert result.exit_code == 2, (result.exit_code, result.output, result.exception)
    assert isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    assert not RAW_CONTROLS.search(result.output), repr(result.output)
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, lines
    prefix = f"error: {path}: "
    assert lines[0].startswith(prefix), lines[0]
    what = lines[0].removeprefix(prefix)
    for fragment in fragments:
        assert fragment in what, (fragment, what)
    return what
