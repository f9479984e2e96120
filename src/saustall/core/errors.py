"""Typed errors shared by every game.

Every error a user can provoke is a subclass of :class:`SaustallError`; those caused by
bad input are also :class:`ValueError` so callers that only know the standard library
still catch them.
"""

from __future__ import annotations


class SaustallError(Exception):
    """Base class of every error raised by Saustall."""


class UnknownGameError(SaustallError, KeyError):
    """A game or ruleset name that is not registered."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else ""


class InvalidOptionError(SaustallError, ValueError):
    """A player count or ruleset option that the ruleset does not allow."""


class MalformedActionError(SaustallError, ValueError):
    """An action that cannot be parsed or is not of the game's action form."""


class IllegalActionError(SaustallError, ValueError):
    """A well-formed action that the rules forbid in the current state.

    ``rule`` names the rule that the action breaks, e.g. ``"turn-order"``;
    the message explains it in words. The state is left unchanged.
    """

    def __init__(self, message: str, rule: str) -> None:
        super().__init__(message)
        self.rule = rule

    def __str__(self) -> str:
        return f"{self.args[0]} [rule: {self.rule}]"


class NotYourTurnError(IllegalActionError):
    """An action by a player who may not act now."""

    def __init__(self, message: str) -> None:
        super().__init__(message, rule="turn-order")


class GameOverError(IllegalActionError):
    """An action sent after the game has ended."""

    def __init__(self, message: str = "the game is over") -> None:
        super().__init__(message, rule="game-over")


class CodecLimitError(SaustallError):
    """A game's definition outgrows its action codes (e.g. more card kinds than a code can
    name): raised when the game's module is imported, so no game plays with codes that
    would decode to something else."""


class CapabilityError(SaustallError):
    """A request for an optional capability the game does not offer (say, sampling worlds
    from a view for a search bot): the game is complete without it, and a caller asks
    :func:`saustall.testing.optional.offers_world_sampling` or catches this."""


class RecordError(SaustallError, ValueError):
    """A game record that is corrupt, of another program, or does not replay."""


class RulesetRevisionError(RecordError):
    """A record or a stored table made under another revision of its ruleset's rules than
    the one this Saustall plays: replaying it could give another game, so it is refused.

    ``what`` says what was refused (``"this record"``, ``"table abc"``); ``game`` and
    ``ruleset`` name the ruleset, ``recorded`` the revision it was made under and
    ``current`` the revision played now.
    """

    def __init__(self, what: str, game: str, ruleset: str, recorded: int,
                 current: int) -> None:
        newer = ("a newer Saustall: upgrade to replay it" if recorded > current else
                 "an older Saustall: replay it with that version")
        super().__init__(f"{what} was made under {game}/{ruleset} revision {recorded}, but "
                         f"this Saustall plays revision {current} of its rules; it comes "
                         f"from {newer}")
        self.what = what
        self.game = game
        self.ruleset = ruleset
        self.recorded = recorded
        self.current = current


class InputFileError(RecordError):
    """A file from a person (a game record, a score ledger) that cannot be used: too large,
    nested too deep, not JSON, or a field of the wrong type, range or name.

    ``source`` names the file (``None`` for text that came without one), ``line`` and
    ``column`` the place where the parser gives one (1-based), ``field`` the JSON path of
    the value at fault (``options.turn_cap``, ``deals[3].outcome``); ``problem`` says what
    is wrong. ``str()`` joins those that are known: ``game.json: line 3 column 9: ...``.
    """

    def __init__(self, problem: str, *, source: str | None = None, field: str | None = None,
                 line: int | None = None, column: int | None = None) -> None:
        super().__init__(problem)
        self.problem = problem
        self.source = source
        self.field = field
        self.line = line
        self.column = column

    def __str__(self) -> str:
        parts = [] if self.source is None else [self.source]
        if self.line is not None:
            parts.append(f"line {self.line}" if self.column is None
                         else f"line {self.line} column {self.column}")
        parts.append(self.problem if self.field is None
                     else f"field {self.field!r} {self.problem}")
        return ": ".join(parts)

    def from_file(self, source: str) -> "InputFileError":
        """This error, naming ``source`` as the file it came from."""
        return InputFileError(self.problem, source=source, field=self.field, line=self.line,
                              column=self.column)
