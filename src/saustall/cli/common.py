"""Pieces every terminal command shares."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any, NoReturn, Sequence

import typer
from rich.console import Console
from rich.markup import escape
from rich.text import Text

from saustall.core.errors import InputFileError
from saustall.core.game import GameState
from saustall.core.record import GameRecord

HELP_FLAGS = frozenset({"-h", "--help"})
HELP_SETTINGS: dict[str, Any] = {"help_option_names": ["-h", "--help"]}
"""Typer context settings giving every command both -h and --help."""


# --------------------------------------------------------------------------------------
# Text from files (and other people) on the terminal
# --------------------------------------------------------------------------------------

# Terminal escape sequences, removed whole so that no parameters are left behind: CSI
# (``ESC [ ... final``: colours, clear screen, cursor moves), OSC (``ESC ] ... BEL/ST``:
# hyperlinks, window titles), DCS/SOS/PM/APC strings, the two-byte ones, and the C1
# forms of CSI and OSC.
_ESCAPE_SEQUENCES = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]?"
    r"|\x1b\][^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"
    r"|\x1b[PX^_][^\x1b\x9c]*(?:\x1b\\|\x9c)?"
    r"|\x1b[ -/]*[0-~]?"
    r"|\x9b[0-?]*[ -/]*[@-~]?"
    r"|\x9d[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?")
# What is left to drop: C0 controls but tab and newline, DEL, C1, and the bidirectional
# overrides and isolates, which can make a line read differently from what it holds.
_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
_LINE_BREAKS = re.compile("[\t\n\u2028\u2029]")

ERRORS = Console(stderr=True, highlight=False)
"""Where errors go: standard error."""


_WHOLE_NUMBER = re.compile(r"[0-9]{1,9}")


def whole_number(text: str) -> int | None:
    """``text`` as a whole number when it is 1 to 9 ASCII digits, else ``None``.

    Typed numbers go through here, not ``str.isdigit`` and ``int``: ``isdigit`` also takes
    digits such as ``²`` that ``int`` refuses, and ``int`` refuses runs past 4,300 digits,
    either a ``ValueError`` where the prompt should say the input is no number.
    """
    return int(text) if _WHOLE_NUMBER.fullmatch(text) else None


def printable(text: str, *, newlines: bool = True) -> str:
    """``text`` without terminal escape sequences or control characters, for printing
    text that came from a file or another person; with ``newlines`` false, line breaks
    and tabs become spaces too (one line)."""
    text = _CONTROLS.sub("", _ESCAPE_SEQUENCES.sub("", text))
    return text if newlines else _LINE_BREAKS.sub(" ", text)


def markup_safe(text: object) -> str:
    """``text`` fit to go into Rich markup: :func:`printable`, its brackets escaped."""
    return escape(printable(str(text)))


def print_error(message: str, console: Console | None = None) -> None:
    """``error: <message>`` as one line (never wrapped, no markup read in it) on
    ``console``, standard error by default."""
    line = Text.assemble(("error:", "bold red"), " ", printable(message, newlines=False))
    (console or ERRORS).print(line, soft_wrap=True, highlight=False)


def fail_file(source: object, error: Exception) -> NoReturn:
    """Refuse a file: ``error: <file>: <what>`` in one line on standard error, exit 2."""
    if isinstance(error, InputFileError) and error.source is not None:
        print_error(str(error))
    else:
        print_error(f"{source}: {error}")
    raise typer.Exit(2)


def parse_options(pairs: Sequence[str] | None) -> dict[str, Any]:
    """Ruleset options given as ``name=value``; values read as JSON where they parse.

    Raises :class:`typer.BadParameter` naming the pair that is not ``name=value``.
    """
    options: dict[str, Any] = {}
    for pair in pairs or ():
        name, sep, raw = pair.partition("=")
        if not sep or not name:
            raise typer.BadParameter(f"an option is name=value, not {pair!r}",
                                     param_hint="--option")
        try:
            options[name] = json.loads(raw)
        except ValueError:
            options[name] = raw
    return options


RECORD_DIR = Path("records")
"""Where terminal games save their records unless told otherwise."""
RECORD_DIR_HELP = "where the game record is saved (a new JSON file per game)"
NO_RECORD_HELP = "do not save a game record"


def save_record(state: GameState, directory: Path, stem: str,
                meta: dict[str, Any]) -> Path:
    """Save ``state``'s record as ``directory/stem-<time>.json`` (never overwriting one)."""
    directory.mkdir(parents=True, exist_ok=True)
    base = f"{stem}-{time.strftime('%Y%m%d-%H%M%S')}"
    path = directory / f"{base}.json"
    counter = 1
    while path.exists():
        counter += 1
        path = directory / f"{base}-{counter}.json"
    GameRecord.from_state(state, meta=meta).save(path)
    return path


# --------------------------------------------------------------------------------------
# Progress of long runs
# --------------------------------------------------------------------------------------

class ProgressLine:
    """Progress of a long run on standard error, whatever the output: a Rich bar on a
    terminal, else a plain line at every tenth of the way (so a run whose output goes to
    a file or a pipe, or prints JSON, still says how far it got). Use as a context
    manager; call it with (done, total)."""

    def __init__(self, label: str, console: Console | None = None) -> None:
        self.label = label
        self.console = console or Console(stderr=True, highlight=False)
        self._bar: Any = None
        self._task: Any = None
        self._shown = -1

    def __enter__(self) -> "ProgressLine":
        if self.console.is_terminal:
            from rich.progress import (
                BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn,
            )

            self._bar = Progress(TextColumn(f"[bold]{escape(self.label)}"), BarColumn(),
                                 MofNCompleteColumn(), TimeRemainingColumn(),
                                 console=self.console, transient=True)
            self._bar.__enter__()
            self._task = self._bar.add_task(self.label, total=None)
        return self

    def __call__(self, done: int, total: int) -> None:
        if self._bar is not None:
            self._bar.update(self._task, completed=done, total=total)
            return
        tenth = 10 * done // max(total, 1)
        if tenth > self._shown:
            self._shown = tenth
            self.console.print(f"{self.label}: {done:,}/{total:,}", highlight=False,
                               soft_wrap=True)

    def __exit__(self, *exc: object) -> None:
        if self._bar is not None:
            self._bar.__exit__(None, None, None)
