"""Game records: everything needed to replay a game exactly, as JSON.

A record holds the game, ruleset, player count, options, seed and the actions in their
text notation, plus the engine version that wrote it and the name of the random stream
that dealt the game (``rng``). Records without ``rng`` were written by Saustall 0.1 and
replay with its Mersenne Twister stream (``"mt19937"``); newer records name
``"splitmix64"``. The same seed deals differently under the two streams, so a seed alone
does not reproduce a 0.1 game: its record does. Replaying applies each action with
full rule checks, so a tampered record fails loudly instead of producing a wrong game.

A record also names the ``revision`` of its ruleset's rules it was played under
(:attr:`saustall.core.game.Ruleset.revision`); records without one (0.1 and later, before
revisions were recorded) were played under the first. A record of another revision than
the ruleset's current one is refused by :meth:`GameRecord.replay`
(:class:`~saustall.core.errors.RulesetRevisionError`): the same actions could make
another game under changed rules.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any

import orjson

import saustall
from saustall.core.errors import InputFileError, RecordError, RulesetRevisionError, SaustallError
from saustall.core.loading import (
    DEFAULT_MAX_BYTES, field_path, holds_float, parse_json, read_bounded, require_int,
    require_list, require_object, require_text, require_texts, shown,
)
from saustall.core.rng import DEFAULT_STREAM, STREAM_MT19937, STREAMS

if TYPE_CHECKING:
    from saustall.core.game import GameState, Ruleset

RECORD_FORMAT = "saustall-record"
RECORD_FORMAT_VERSION = 1
FIRST_REVISION = 1
"""Every ruleset's first revision (:attr:`saustall.core.game.Ruleset.revision`'s
default); records written before revisions were recorded (0.1 and later) carry none and
are read as made under it."""

# Records are written and read with orjson, several times faster than the standard
# library on a record's many short strings (a large part of saving and loading a short
# game). Its indented output is byte for byte that of ``json.dumps(indent=2,
# ensure_ascii=False)``. The standard library stays the fallback for what orjson refuses:
# integers beyond 64 bits (a seed may be any integer) and non-text keys in ``meta``.
_PRETTY = json.JSONEncoder(ensure_ascii=False, indent=2)

_NUMBER_FIELDS = ("seed", "players", "format_version", "revision")
"""The record's top-level numbers: always integers."""

_REQUIRED = ("format", "format_version", "engine_version", "game", "ruleset", "players",
             "seed", "options", "actions")
"""The fields every record has."""
_OPTIONAL = ("rng", "meta", "winners", "revision", "variant")
"""The fields a record may have (``rng`` is missing from 0.1's records, ``revision`` from
those written before revisions were recorded)."""
MAX_REVISION = 1_000_000
"""A bound far above any ruleset's revision (which then says it is another)."""

MAX_RECORD_BYTES = DEFAULT_MAX_BYTES
"""The largest record file read."""
MAX_PLAYERS = 1000
"""A bound far above every ruleset's (which then names its own range)."""
MAX_SEED_BITS = 1024
"""Seeds may be any integer up to this many bits (a seed of text is hashed the same)."""
MAX_NAME_LENGTH = 64
"""The longest game, ruleset or engine version name."""
MAX_ACTION_LENGTH = 64
"""The longest action text read: every game's longest notation is under 52 characters
(measured by tests/core/test_records.py); the bound keeps the messages that quote an
action that does not replay short."""
_VERSION = re.compile(r"[0-9A-Za-z][0-9A-Za-z.+!_-]*")
"""A version as Python packaging writes one (``0.1.0``, ``1.2.dev3+local``)."""


def _needs_exact_reading(data: Any) -> bool:
    """Whether orjson's reading of a record may hold an integer past 64 bits, which it
    reads as a float: any float in ``meta``, ``options``, ``winners`` or a number field."""
    return type(data) is dict and (
        holds_float(data.get("meta")) or holds_float(data.get("options"))
        or holds_float(data.get("winners"))
        or float in {type(data.get(key)) for key in _NUMBER_FIELDS})


@dataclass(frozen=True)
class GameRecord:
    """A replayable game: inputs plus the action list, in notation."""

    game: str
    ruleset: str
    num_players: int
    seed: int
    options: dict[str, Any]
    actions: tuple[str, ...]
    engine_version: str = saustall.__version__
    meta: dict[str, Any] = field(default_factory=dict)
    winners: tuple[int, ...] | None = None
    rng: str = DEFAULT_STREAM
    """The random stream that dealt the game (``"mt19937"`` for 0.1 records)."""
    revision: int = FIRST_REVISION
    """The revision of the ruleset's rules the game was played under."""
    variant: dict[str, Any] | None = None
    """A house-rule variant of the ruleset: ``{"name": ..., "params": {lever: value}}``
    (see :meth:`saustall.core.game.Ruleset.with_params`); None for the ruleset itself.
    The record replays as that variant."""

    @classmethod
    def from_state(cls, state: "GameState", meta: dict[str, Any] | None = None) -> "GameRecord":
        """The record of ``state``'s game so far."""
        game = state.game
        encode = game.encode_action
        # Notation is pure and a game repeats its actions: encode each distinct one once.
        notation: dict[Any, str] = {}
        actions = []
        for action in state.history:
            text = notation.get(action)
            if text is None:
                text = notation[action] = encode(action)
            actions.append(text)
        return cls._of_checked_fields(
            game=game.name,
            ruleset=game.ruleset.name,
            num_players=state.num_players,
            seed=state.seed,
            options=dict(state.options),
            actions=tuple(actions),
            engine_version=saustall.__version__,
            meta=dict(meta or {}),
            winners=state.winners() if state.is_terminal() else None,
            rng=state.rng_stream,
            revision=game.ruleset.revision,
            variant=({"name": game.ruleset.variant_name,
                      "params": game.ruleset.variant_params()}
                     if game.ruleset.variant else None),
        )

    @classmethod
    def _of_checked_fields(cls, **fields: Any) -> "GameRecord":
        """A record of every field, already checked, without the dataclass ``__init__``:
        a frozen dataclass sets each field through ``object.__setattr__``, which costs
        more than all the rest of reading a short game's record."""
        assert fields.keys() == _RECORD_FIELDS, "every field, no other"
        record = object.__new__(cls)
        record.__dict__.update(fields)
        return record

    # -- JSON --------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        data: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "format_version": RECORD_FORMAT_VERSION,
            "engine_version": self.engine_version,
            "game": self.game,
            "ruleset": self.ruleset,
            "revision": self.revision,
            "players": self.num_players,
            "seed": self.seed,
            "rng": self.rng,
            "options": self.options,
            "actions": list(self.actions),
        }
        if self.meta:
            data["meta"] = self.meta
        if self.winners is not None:
            data["winners"] = list(self.winners)
        if self.variant is not None:
            data["variant"] = self.variant
        return data

    def to_json(self, indent: int | None = 2) -> str:
        """The record as JSON text: indented by ``indent`` spaces, or on one line (no
        spaces) with ``indent=None``."""
        data = self.to_dict()
        # orjson would write a NaN or infinity (only ``meta`` may hold floats) as null.
        if (indent is None or indent == 2) and not (self.meta and holds_float(self.meta)):
            try:
                # typed: a build checks this module without orjson installed (mypyc, setup.py)
                text: str = orjson.dumps(data, option=orjson.OPT_INDENT_2 if indent else 0).decode()
                return text
            except TypeError:  # a seed beyond 64 bits, a non-text meta key: see _PRETTY
                pass
        if indent is None:
            return json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        if indent == 2:
            return _PRETTY.encode(data)
        return json.dumps(data, indent=indent, ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: Any) -> "GameRecord":
        """Parse a dict, checking every field's type and range before anything uses it;
        raises :class:`~saustall.core.errors.InputFileError` naming the field."""
        if type(data) is not dict:
            raise InputFileError("a game record must be a JSON object")
        if data.get("format") != RECORD_FORMAT:
            raise InputFileError(
                f"not a Saustall game record (format is {shown(data.get('format'))}, "
                f"expected {RECORD_FORMAT!r})"
            )
        version = data.get("format_version")
        if type(version) is not int or version != RECORD_FORMAT_VERSION:
            raise InputFileError(f"unsupported record format version {shown(version)}")
        require_object(data, "", required=_REQUIRED, optional=_OPTIONAL)
        engine_version = require_text(data["engine_version"], "engine_version",
                                      max_length=MAX_NAME_LENGTH, pattern=_VERSION,
                                      pattern_says="a version such as '0.1.0'")
        game = require_text(data["game"], "game", max_length=MAX_NAME_LENGTH)
        ruleset = require_text(data["ruleset"], "ruleset", max_length=MAX_NAME_LENGTH)
        players = require_int(data["players"], "players", 1, MAX_PLAYERS)
        seed = require_int(data["seed"], "seed", -2**MAX_SEED_BITS, 2**MAX_SEED_BITS,
                           f"from -2**{MAX_SEED_BITS} to 2**{MAX_SEED_BITS}")
        options = require_object(data["options"], "options")
        actions = require_texts(data["actions"], "actions", max_length=MAX_ACTION_LENGTH)
        winners = data.get("winners")
        if winners is not None:
            require_list(winners, "winners", max_items=players)
            for index, winner in enumerate(winners):
                require_int(winner, field_path("winners", index), 0, players - 1)
        rng = data.get("rng", STREAM_MT19937)  # written before streams were named: 0.1's
        if rng not in STREAMS:
            raise InputFileError(f"names an unknown random stream {shown(rng)}; known: "
                                 f"{', '.join(STREAMS)}", field="rng")
        meta = require_object(data.get("meta", {}), "meta")
        revision = (require_int(data["revision"], "revision", 1, MAX_REVISION)
                    if "revision" in data else FIRST_REVISION)  # none: before revisions
        variant = _read_variant(data["variant"]) if "variant" in data else None
        return cls._of_checked_fields(
            game=game,
            ruleset=ruleset,
            num_players=players,
            seed=seed,
            options=options,
            actions=tuple(actions),
            engine_version=engine_version,
            meta=meta,
            winners=tuple(winners) if winners is not None else None,
            rng=rng,
            revision=revision,
            variant=variant,
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> "GameRecord":
        """Parse JSON text; raises :class:`~saustall.core.errors.InputFileError` (a
        :class:`RecordError`) on anything too large, too deep, malformed or out of range."""
        if len(text) > MAX_RECORD_BYTES:
            raise InputFileError(f"a game record is larger than the limit of "
                                 f"{MAX_RECORD_BYTES:,} bytes")
        data = parse_json(text, what="a game record", exact=_needs_exact_reading)
        return cls.from_dict(data)

    @classmethod
    def load(cls, path: str | Path) -> "GameRecord":
        """Read a record file (at most :data:`MAX_RECORD_BYTES`); raises
        :class:`~saustall.core.errors.InputFileError` naming the file."""
        text = read_bounded(path, what="record", max_bytes=MAX_RECORD_BYTES)
        try:
            return cls.from_json(text)
        except InputFileError as exc:
            raise exc.from_file(str(path)) from None

    def save(self, path: str | Path) -> None:
        """Write the record as JSON."""
        Path(path).write_text(self.to_json() + "\n", encoding="utf-8")

    # -- replay ------------------------------------------------------------------------
    def replay(self, upto: int | None = None) -> "GameState":
        """Rebuild the game by applying every action (or the first ``upto``).

        Raises :class:`RecordError` naming the first action that does not apply, and its
        :class:`~saustall.core.errors.RulesetRevisionError` for a record made under another
        revision of the ruleset's rules.
        """
        from saustall.core import registry

        try:
            if self.variant is None:
                game = registry.get(self.game, self.ruleset)
            else:
                game = registry.get_variant(self.game, self.ruleset, self.variant["params"],
                                            self.variant["name"])
        except SaustallError as exc:
            raise RecordError(f"record cannot be set up: {exc}") from None
        self.check_revision(game.ruleset)
        try:
            state = game.new_state(self.num_players, self.seed, self.options,
                                   rng_stream=self.rng)
        except SaustallError as exc:
            raise RecordError(f"record cannot be set up: {exc}") from None
        actions = self.actions if upto is None else self.actions[:upto]
        decode, apply = game.decode_action, state.apply
        # Notation is pure and a game repeats its actions: read each distinct text once.
        distinct = set(actions)
        try:
            decoded = {text: decode(text) for text in distinct}
        except SaustallError:  # unreadable: go one by one to name the first failing action
            decoded = {}
        index = 0
        try:
            if len(decoded) == len(distinct):
                for index, action in enumerate(map(decoded.__getitem__, actions)):
                    apply(action)
            else:
                for index, text in enumerate(actions):
                    apply(decode(text))
        except SaustallError as exc:
            raise RecordError(f"action {index + 1} ({shown(actions[index])}) does not replay: "
                              f"{exc}") from None
        if upto is None and self.winners is not None and state.winners() != self.winners:
            raise RecordError(
                f"record says the winners are {list(self.winners)} but replay gives "
                f"{list(state.winners())}"
            )
        return state

    def check_revision(self, ruleset: "Ruleset") -> None:
        """Raise :class:`~saustall.core.errors.RulesetRevisionError` unless this record was
        made under ``ruleset``'s current revision."""
        if self.revision != ruleset.revision:
            raise RulesetRevisionError("this record", ruleset.game, ruleset.name,
                                       self.revision, ruleset.revision)


def _read_variant(data: Any) -> dict[str, Any]:
    """A record's ``variant``: a name and the levers, whole numbers or true/false (the
    ruleset checks them when the record is replayed)."""
    require_object(data, "variant", required=("name", "params"), optional=())
    name = require_text(data["name"], "variant.name", max_length=4 * MAX_NAME_LENGTH)
    params = require_object(data["params"], "variant.params")
    for key, value in params.items():
        if type(value) not in (int, bool) or (type(value) is int
                                              and not -2**31 <= value < 2**31):
            raise InputFileError(f"must be a whole number or true/false, not {shown(value)}",
                                 field=field_path("variant.params", key))
    return {"name": name, "params": dict(params)}


_RECORD_FIELDS = frozenset(field.name for field in fields(GameRecord))
"""The names of a record's fields (see :meth:`GameRecord._of_checked_fields`)."""
