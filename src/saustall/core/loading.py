"""The one bounded loader for files that come from people: game records, score ledgers.

A file handed over by a person may be anything: huge, nested a million levels deep, not
JSON, or JSON of the wrong shape. Everything read from such a file goes through here:

* :func:`read_bounded` reads at most ``max_bytes`` (plus one, to tell a file that is too
  large), so a 100 MB file costs nothing before it is refused;
* :func:`parse_json` refuses nesting deeper than ``max_depth`` *before* parsing, by a
  linear scan of the text that skips strings (orjson stops at 1024 levels, but the standard
  library, the fallback for what orjson cannot read exactly, would recurse until Python's
  stack gives out), then parses with orjson and, where asked, the standard library;
* the ``require_*`` checks then validate a parsed document field by field: type, range,
  length and known keys, each naming the JSON path of the value at fault.

Every refusal is an :class:`~saustall.core.errors.InputFileError` naming the file, the line
and column where known, and the field; nothing else escapes, so a caller catches one type.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Collection
from pathlib import Path
from typing import Any

import orjson

from saustall.core.errors import InputFileError

DEFAULT_MAX_BYTES = 8 * 1024 * 1024
"""The largest file read (8 MiB): the longest records measured, sessions of a thousand deals,
take under 1 MiB."""
DEFAULT_MAX_DEPTH = 64
"""The deepest nesting of arrays and objects accepted; the files written here use 4."""
MAX_SHOWN = 60
"""The longest excerpt of a refused value quoted in a message."""

# A JSON string (its escapes included, possessive so that an unclosed one costs linear
# time) with the colon that makes it a key, or one bracket. Brackets inside strings are
# skipped with the strings.
_TOKENS_BYTES = re.compile(rb'"(?:[^"\\]++|\\.)*+"(\s*+:)?|[\[\]{}]', re.DOTALL)
_TOKENS_TEXT = re.compile(r'"(?:[^"\\]++|\\.)*+"(\s*+:)?|[\[\]{}]', re.DOTALL)
_OPENING = frozenset(("[", "{", ord("["), ord("{")))
_CLOSING = frozenset(("]", "}", ord("]"), ord("}")))


def shown(value: Any) -> str:
    """``repr(value)``, cut to :data:`MAX_SHOWN` characters: enough to recognise a bad
    value in a message without copying a megabyte of it (``repr`` escapes control
    characters)."""
    if isinstance(value, (list, dict)):
        text = _brief_container(value)
    elif type(value) is int and value.bit_length() > 160:
        # Long digits say little, and past 4,300 digits repr fails (sys.int_info).
        digits = len(str(abs(value))) if value.bit_length() < 14_000 else "over 4,200"
        text = f"an integer of {digits} digits"
    else:
        text = repr(value)
    return text if len(text) <= MAX_SHOWN else text[:MAX_SHOWN - 3] + "..."


def _brief_container(value: list[Any] | dict[Any, Any]) -> str:
    """A container's kind and size, not its contents (whose ``repr`` could be large)."""
    kind = "a list" if isinstance(value, list) else "an object"
    return f"{kind} of {len(value)} item{'' if len(value) == 1 else 's'}"


def field_path(parent: str, key: str | int) -> str:
    """The JSON path of ``key`` inside ``parent``: ``deals[3]``, ``options.turn_cap``."""
    if isinstance(key, int):
        return f"{parent}[{key}]"
    return f"{parent}.{key}" if parent else key


# --------------------------------------------------------------------------------------
# Reading and parsing
# --------------------------------------------------------------------------------------

def read_bounded(path: str | Path, *, what: str, max_bytes: int = DEFAULT_MAX_BYTES) -> bytes:
    """The bytes of the file at ``path``, at most ``max_bytes`` of them.

    Raises :class:`InputFileError` (naming the file) when it cannot be read or is larger.
    """
    try:
        with open(path, "rb") as handle:
            data = handle.read(max_bytes + 1)
    except OSError as exc:
        raise InputFileError(f"cannot read {what}: {exc.strerror or exc}",
                             source=str(path)) from None
    if len(data) > max_bytes:
        raise InputFileError(f"{what} is larger than the limit of {max_bytes:,} bytes",
                             source=str(path))
    return data


def _place(text: str | bytes, offset: int) -> tuple[int, int]:
    """The 1-based line and column of ``offset`` in ``text``."""
    newline: Any = b"\n" if isinstance(text, bytes) else "\n"
    line = text.count(newline, 0, offset) + 1
    return line, offset - text.rfind(newline, 0, offset)


def check_depth(text: str | bytes, *, what: str, max_depth: int = DEFAULT_MAX_DEPTH) -> None:
    """Refuse JSON text nested deeper than ``max_depth``, naming the line and column of
    the first bracket too deep and the top-level field it is in; linear in the text,
    nothing recursive.

    The text need not be valid JSON (the parser judges that afterwards).
    """
    opening: Any = (b"[", b"{") if isinstance(text, bytes) else ("[", "{")
    if text.count(opening[0]) + text.count(opening[1]) <= max_depth:
        return  # too few brackets to nest that deep: the usual case, at C speed
    tokens = _TOKENS_BYTES if isinstance(text, bytes) else _TOKENS_TEXT
    depth = 0
    field: str | None = None  # the last key seen at the top level
    for match in tokens.finditer(text):  # type: ignore[arg-type]  # the matching pattern
        first = match[0][0]
        if first in _OPENING:
            depth += 1
            if depth > max_depth:
                line, column = _place(text, match.start())
                raise InputFileError(f"is nested deeper than the limit of {max_depth} levels"
                                     if field else f"{what} is nested deeper than the limit "
                                     f"of {max_depth} levels", field=field, line=line,
                                     column=column)
        elif first in _CLOSING:
            depth -= 1
        elif depth == 1 and match[1] is not None:
            field = _key_text(match[0][:match.start(1) - match.start()])


def _key_text(token: str | bytes) -> str:
    """The text of a JSON string token (a key) as well as it decodes, cut to
    :data:`MAX_SHOWN` characters."""
    try:
        key = json.loads(token)
    except ValueError:
        key = repr(token)
    return key[:MAX_SHOWN] if isinstance(key, str) else repr(key)


def _stdlib_loads(text: str | bytes, what: str) -> Any:
    """``json.loads``, its errors as :class:`InputFileError` with their place."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputFileError(f"{what} must be JSON: {exc.msg}", line=exc.lineno,
                             column=exc.colno) from None
    except UnicodeDecodeError as exc:
        raise InputFileError(f"{what} must be JSON in UTF-8: {exc.reason} at byte "
                             f"{exc.start}") from None
    except ValueError as exc:  # an integer past Python's digit limit (sys.int_info)
        raise InputFileError(f"{what} must be JSON of sensible size: "
                             f"{str(exc).partition(';')[0]}") from None


def parse_json(text: str | bytes, *, what: str, max_depth: int = DEFAULT_MAX_DEPTH,
               exact: Callable[[Any], bool] | None = None) -> Any:
    """Parse JSON text from a person, nested at most ``max_depth`` deep.

    orjson reads it; what orjson refuses (NaN, infinities, integers past 64 bits, lone
    surrogates) the standard library reads, and has the last word on what is malformed.
    orjson reads an integer past 64 bits as a float: when ``exact`` says of orjson's result
    that it may hold such a number, the standard library reads the text again, exactly.
    Raises :class:`InputFileError` with the line and column where the parser gives them.
    """
    check_depth(text, what=what, max_depth=max_depth)
    try:
        data = orjson.loads(text)
    except orjson.JSONDecodeError:
        return _stdlib_loads(text, what)
    if exact is not None and exact(data):
        return _stdlib_loads(text, what)
    return data


def holds_float(value: Any) -> bool:
    """Whether ``value`` (parsed JSON, depth-checked) holds a float anywhere."""
    kind = type(value)
    if kind is float:
        return True
    if kind is dict:
        value = value.values()
    elif kind is not list:
        return False
    for item in value:
        kind = type(item)
        if kind is float or (kind is dict or kind is list) and holds_float(item):
            return True
    return False


def load_json_file(path: str | Path, *, what: str, max_bytes: int = DEFAULT_MAX_BYTES,
                   max_depth: int = DEFAULT_MAX_DEPTH) -> Any:
    """Read and parse the JSON file at ``path`` within both limits, numbers exact.

    Raises :class:`InputFileError` naming the file.
    """
    data = read_bounded(path, what=what, max_bytes=max_bytes)
    try:
        return parse_json(data, what=what, max_depth=max_depth, exact=holds_float)
    except InputFileError as exc:
        raise exc.from_file(str(path)) from None


# --------------------------------------------------------------------------------------
# Checking a parsed document, field by field
# --------------------------------------------------------------------------------------

def require_object(value: Any, field: str, *, required: Collection[str] = (),
                   optional: Collection[str] | None = None) -> dict[str, Any]:
    """``value`` as an object holding every ``required`` key; with ``optional`` given,
    no key outside ``required`` and ``optional``. ``field`` is its JSON path ("" for
    the whole document)."""
    if type(value) is not dict:
        raise _wrong(value, field, "an object")
    keys = value.keys()
    if not keys >= frozenset(required):  # set operations first: the usual case costs little
        missing = next(key for key in required if key not in value)
        raise InputFileError("is missing", field=field_path(field, missing))
    if optional is not None and not keys <= {*required, *optional}:
        unknown = next(key for key in value if key not in required and key not in optional)
        known = ", ".join(sorted([*required, *optional]))
        raise InputFileError(f"is not known here (known: {known})",
                             field=field_path(field, str(unknown)))
    return value


def require_list(value: Any, field: str, *, max_items: int) -> list[Any]:
    """``value`` as a list of at most ``max_items`` items."""
    if type(value) is not list:
        raise _wrong(value, field, "a list")
    if len(value) > max_items:
        raise InputFileError(f"holds {len(value):,} items; at most {max_items:,} are allowed",
                             field=field)
    return value


def require_int(value: Any, field: str, low: int, high: int,
                range_says: str | None = None) -> int:
    """``value`` as an integer from ``low`` to ``high`` (a bool is not one);
    ``range_says`` puts the range in words for the message (default: "from low to high")."""
    says = range_says or f"from {low} to {high}"
    if type(value) is not int:
        raise _wrong(value, field, f"an integer {says}")
    if not low <= value <= high:
        raise InputFileError(f"must be {says}, not {shown(value)}", field=field)
    return value


def require_optional_int(value: Any, field: str, low: int, high: int) -> int | None:
    """``value`` as ``None`` (JSON null) or an integer from ``low`` to ``high``."""
    return None if value is None else require_int(value, field, low, high)


def require_bool(value: Any, field: str) -> bool:
    """``value`` as ``true`` or ``false``."""
    if type(value) is not bool:
        raise _wrong(value, field, "true or false")
    return value


def require_text(value: Any, field: str, *, max_length: int,
                 pattern: re.Pattern[str] | None = None, pattern_says: str = "") -> str:
    """``value`` as a string of 1 to ``max_length`` printable characters (no control or
    formatting characters); with ``pattern``, one it matches in full (``pattern_says``
    describes it in the message)."""
    if type(value) is not str:
        raise _wrong(value, field, "a string")
    if not value.isprintable():
        raise InputFileError(f"must not hold control characters: {shown(value)}", field=field)
    if not 0 < len(value) <= max_length:
        raise InputFileError(f"must be 1 to {max_length} characters long, not "
                             f"{len(value):,}", field=field)
    if pattern is not None and not pattern.fullmatch(value):
        raise InputFileError(f"must be {pattern_says}, not {shown(value)}", field=field)
    return value


def require_texts(value: Any, field: str, *, max_length: int) -> list[str]:
    """``value`` as a list of strings of at most ``max_length`` characters each (empty
    ones allowed); quick on long lists, the usual case. The file's size bounds how many."""
    if type(value) is not list:
        raise _wrong(value, field, "a list")
    try:
        "".join(value)  # the quickest check that every item is a string
    except TypeError:
        index = next(i for i, item in enumerate(value) if type(item) is not str)
        raise _wrong(value[index], field_path(field, index), "a string") from None
    if value and max(map(len, value)) > max_length:
        index = next(i for i, item in enumerate(value) if len(item) > max_length)
        raise InputFileError(f"is {len(value[index]):,} characters long; at most "
                             f"{max_length} are allowed", field=field_path(field, index))
    return value


def _wrong(value: Any, field: str, expected: str) -> InputFileError:
    """The error for a value of the wrong JSON type."""
    return InputFileError(f"has the wrong type: must be {expected}, not {shown(value)}",
                          field=field or "(the document)")
