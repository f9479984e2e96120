"""House-rule variants from the command line: ``--param name=value`` and
``--ruleset-file variant.toml`` (docs/design.md).

A variant file is TOML (read with the standard library's ``tomllib``)::

    name = "short-games"      # the variant's name (default: made of the levers)
    game = "GAME"             # optional: refused if another game is simulated
    ruleset = "RULESET"       # optional: the ruleset the levers change
    [params]
    turn_cap = 200
    [params.deck]             # nested tables name levers too: "deck.CARD" = 25
    CARD = 25

``--param`` values are read as JSON (``4``, ``true``) and override the file's. Every
lever is checked by the ruleset (:meth:`saustall.core.game.Ruleset.with_params`); what is
wrong is raised as one :class:`~saustall.core.errors.InputFileError` naming the file, the
key and the value, and what is allowed.
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping, Sequence

from saustall.core.errors import InputFileError, InvalidOptionError
from saustall.core.loading import shown
from saustall.core.registry import get

MAX_VARIANT_BYTES = 64 * 1024
"""The largest variant file read."""

_TOP_KEYS = ("name", "game", "ruleset", "params")


@dataclass(frozen=True)
class VariantRequest:
    """A variant as asked for: the ruleset it changes, its levers, its name."""

    ruleset: str | None = None
    params: dict[str, Any] = field(default_factory=dict)
    name: str | None = None


def _flatten(table: Mapping[str, Any], prefix: str, path: str) -> dict[str, Any]:
    """``{"deck": {"CARD": 25}}`` as ``{"deck.CARD": 25}``; values must be numbers or
    true/false."""
    flat: dict[str, Any] = {}
    for key, value in table.items():
        name = f"{prefix}{key}"
        if isinstance(value, Mapping):
            flat.update(_flatten(value, f"{name}.", path))
        elif type(value) in (int, bool):
            flat[name] = value
        else:
            raise InputFileError(f"{shown(value)} is not a whole number or true/false",
                                 source=path, field=f"params.{name}")
    return flat


def read_file(path: Path, game: str) -> VariantRequest:
    """The variant a TOML file describes (not yet checked against a ruleset)."""
    source = str(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise InputFileError(f"cannot read it ({exc.strerror or exc})", source=source) from None
    if len(data) > MAX_VARIANT_BYTES:
        raise InputFileError(f"a variant file is larger than the limit of "
                             f"{MAX_VARIANT_BYTES:,} bytes", source=source)
    try:
        table = tomllib.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise InputFileError("not UTF-8 text", source=source) from None
    except tomllib.TOMLDecodeError as exc:
        raise InputFileError(f"not TOML: {exc}", source=source) from None
    unknown = sorted(set(table) - set(_TOP_KEYS))
    if unknown:
        raise InputFileError(f"unknown key {shown(unknown[0])}; a variant file has "
                             f"{', '.join(_TOP_KEYS)}", source=source, field=unknown[0])
    for key in ("name", "game", "ruleset"):
        if key in table and (type(table[key]) is not str or not table[key].strip()
                             or len(table[key]) > 64):
            raise InputFileError(f"must be a name of 1-64 characters, not "
                                 f"{shown(table[key])}", source=source, field=key)
    if "game" in table and table["game"] != game:
        raise InputFileError(f"is a variant of {table['game']!r}, not of {game!r}",
                             source=source, field="game")
    params = table.get("params", {})
    if not isinstance(params, Mapping):
        raise InputFileError("must be a table of levers ([params])", source=source,
                             field="params")
    return VariantRequest(table.get("ruleset"), _flatten(params, "", source),
                          table.get("name"))


def parse_params(pairs: Sequence[str]) -> dict[str, Any]:
    """``--param name=value`` pairs, values read as JSON where they parse."""
    params: dict[str, Any] = {}
    for pair in pairs:
        name, sep, raw = pair.partition("=")
        if not sep or not name.strip():
            raise InvalidOptionError(f"--param takes name=value, not {shown(pair)}")
        try:
            params[name.strip()] = json.loads(raw)
        except ValueError:
            params[name.strip()] = raw
    return params


def read_variant(game: str, ruleset: str | None, pairs: Sequence[str],
                 path: Path | None) -> VariantRequest:
    """The variant ``--param`` and ``--ruleset-file`` ask for, checked against the
    ruleset's levers; an empty request when neither is given.

    Raises :class:`~saustall.core.errors.InputFileError` (the file, or a lever of it) or
    :class:`~saustall.core.errors.InvalidOptionError` (a ``--param``), naming the lever,
    the value and what is allowed.
    """
    from_file = read_file(path, game) if path is not None else VariantRequest()
    if ruleset is not None and from_file.ruleset is not None and ruleset != from_file.ruleset:
        raise InputFileError(f"changes ruleset {from_file.ruleset!r}, but --ruleset is "
                             f"{ruleset!r}", source=str(path), field="ruleset")
    chosen = ruleset or from_file.ruleset
    given = parse_params(pairs)
    base = get(game, chosen).ruleset
    for key, value in from_file.params.items():  # the file's levers, each named by it
        if key in given:
            continue
        try:
            base.with_params({key: value})
        except InvalidOptionError as exc:
            raise InputFileError(str(exc), source=str(path), field=f"params.{key}") from None
    params = {**from_file.params, **given}
    if params:
        base.with_params(params, from_file.name)  # raises, naming a bad --param
    return VariantRequest(chosen, params, from_file.name if params else None)
