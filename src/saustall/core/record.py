"""Game records: everything needed to replay a game exactly, as JSON.

A record holds the game, ruleset, player count, options, seed and the actions in their
text notation, plus the engine version that wrote it and the name of the random stream
that dealt the game (``rng``). Records without ``rng`` were written by Saustall 0.1 and
replay with its Mersenne Twister stream (``"mt19937"``); newer records name
``"splitmix64"``. The same seed deals differently under the two streams, so a seed alone
does not reproduce a 0.1 game: its record does. Replaying applies each action with
full rule checks, so a tampered record fails loudly instead of producing a wrong game.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any

import orjson

import saustall
from saustall.core.errors import RecordError, SaustallError
from saustall.core.rng import DEFAULT_STREAM, STREAM_MT19937, STREAMS

if TYPE_CHECKING:
    from saustall.core.game import GameState

RECORD_FORMAT = "saustall-record"
RECORD_FORMAT_VERSION = 1

# Records are written and read with orjson, several times faster than the standard
# library on a record's many short strings (a large part of saving and loading a short
# game). Its indented output is byte for byte that of ``json.dumps(indent=2,
# ensure_ascii=False)``. The standard library stays the fallback for what orjson refuses:
# integers beyond 64 bits (a seed may be any integer) and non-text keys in ``meta``.
_PRETTY = json.JSONEncoder(ensure_ascii=False, indent=2)

_NUMBER_FIELDS = ("seed", "players", "format_version")
"""The record's top-level numbers: always integers."""

_FIELD_TYPES: tuple[tuple[str, type], ...] = (
    ("game", str), ("ruleset", str), ("players", int), ("seed", int),
    ("options", dict), ("actions", list), ("engine_version", str),
)
"""The fields every record has, with their JSON types (checked in this order)."""


def _stdlib_loads(text: str | bytes) -> Any:
    """``json.loads``, its errors as :class:`RecordError`."""
    try:
        return json.loads(text)
    except (ValueError, UnicodeDecodeError) as exc:
        raise RecordError(f"a game record must be JSON: {exc}") from None


def _holds_float(value: Any) -> bool:
    """Whether ``value`` (parsed JSON) holds a float anywhere."""
    kind = type(value)
    if kind is float:
        return True
    if kind is dict:
        value = value.values()
    elif kind is not list:
        return False
    for item in value:
        kind = type(item)
        if kind is float or (kind is dict or kind is list) and _holds_float(item):
            return True
    return False


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
        return data

    def to_json(self, indent: int | None = 2) -> str:
        """The record as JSON text: indented by ``indent`` spaces, or on one line (no
        spaces) with ``indent=None``."""
        data = self.to_dict()
        # orjson would write a NaN or infinity (only ``meta`` may hold floats) as null.
        if (indent is None or indent == 2) and not (self.meta and _holds_float(self.meta)):
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
        """Parse a dict, checking every field; raises :class:`RecordError`."""
        if not isinstance(data, dict):
            raise RecordError("a game record must be a JSON object")
        if data.get("format") != RECORD_FORMAT:
            raise RecordError(
                f"not a Saustall game record (format is {data.get('format')!r}, "
                f"expected {RECORD_FORMAT!r})"
            )
        version = data.get("format_version")
        if version != RECORD_FORMAT_VERSION:
            raise RecordError(f"unsupported record format version {version!r}")
        for key, kind in _FIELD_TYPES:
            try:
                value = data[key]
            except KeyError:
                raise RecordError(f"record field {key!r} is missing") from None
            if type(value) is not kind and (not isinstance(value, kind)
                                            or isinstance(value, bool)):
                raise RecordError(f"record field {key!r} has the wrong type: {value!r}")
        actions = data["actions"]
        try:
            "".join(actions)  # the quickest check that every action is a string
        except TypeError:
            raise RecordError("record field 'actions' must be a list of strings") from None
        winners = data.get("winners")
        if winners is not None and not (
            isinstance(winners, list) and all(isinstance(w, int) for w in winners)
        ):
            raise RecordError("record field 'winners' must be a list of player numbers")
        rng = data.get("rng", STREAM_MT19937)  # written before streams were named: 0.1's
        if rng not in STREAMS:
            raise RecordError(
                f"record field 'rng' names an unknown random stream {rng!r}; "
                f"known: {', '.join(STREAMS)}")
        meta = data.get("meta", {})
        if not isinstance(meta, dict):
            raise RecordError("record field 'meta' must be an object")
        return cls._of_checked_fields(
            game=data["game"],
            ruleset=data["ruleset"],
            num_players=data["players"],
            seed=data["seed"],
            options=data["options"],
            actions=tuple(data["actions"]),
            engine_version=data["engine_version"],
            meta=meta,
            winners=tuple(winners) if winners is not None else None,
            rng=rng,
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> "GameRecord":
        """Parse JSON text; raises :class:`RecordError` on anything malformed."""
        try:
            data = orjson.loads(text)
        except ValueError:  # orjson is stricter (NaN, lone surrogates): ask the standard
            data = _stdlib_loads(text)  # library, which has the last word and the message
        else:
            # orjson reads an integer beyond 64 bits as a float: a record with any float
            # (a huge seed, a number in meta) is read again, exactly.
            if type(data) is dict and (
                    _holds_float(data.get("meta")) or _holds_float(data.get("options"))
                    or _holds_float(data.get("winners"))
                    or float in {type(data.get(key)) for key in _NUMBER_FIELDS}):
                data = _stdlib_loads(text)
        return cls.from_dict(data)

    @classmethod
    def load(cls, path: str | Path) -> "GameRecord":
        """Read a record file."""
        try:
            text = Path(path).read_bytes()
        except OSError as exc:
            raise RecordError(f"cannot read record {path}: {exc.strerror}") from None
        return cls.from_json(text)

    def save(self, path: str | Path) -> None:
        """Write the record as JSON."""
        Path(path).write_text(self.to_json() + "\n", encoding="utf-8")

    # -- replay ------------------------------------------------------------------------
    def replay(self, upto: int | None = None) -> "GameState":
        """Rebuild the game by applying every action (or the first ``upto``).

        Raises :class:`RecordError` naming the first action that does not apply.
        """
        from saustall.core import registry

        try:
            game = registry.get(self.game, self.ruleset)
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
            raise RecordError(f"action {index + 1} ({actions[index]!r}) does not replay: "
                              f"{exc}") from None
        if upto is None and self.winners is not None and state.winners() != self.winners:
            raise RecordError(
                f"record says the winners are {list(self.winners)} but replay gives "
                f"{list(state.winners())}"
            )
        return state


_RECORD_FIELDS = frozenset(field.name for field in fields(GameRecord))
"""The names of a record's fields (see :meth:`GameRecord._of_checked_fields`)."""
