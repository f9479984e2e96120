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
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import saustall
from saustall.core.errors import RecordError, SaustallError
from saustall.core.rng import DEFAULT_STREAM, STREAM_MT19937, STREAMS

if TYPE_CHECKING:
    from saustall.core.game import GameState

RECORD_FORMAT = "saustall-record"
RECORD_FORMAT_VERSION = 1

# Built once: json.dumps with any non-default argument (ensure_ascii=False here) builds a
# new encoder on every call, a large part of saving a short game's record.
_COMPACT = json.JSONEncoder(ensure_ascii=False)
_PRETTY = json.JSONEncoder(ensure_ascii=False, indent=2)


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
        return cls(
            game=game.name,
            ruleset=game.ruleset.name,
            num_players=state.num_players,
            seed=state.seed,
            options=dict(state.options),
            actions=tuple(actions),
            meta=dict(meta or {}),
            winners=state.winners() if state.is_terminal() else None,
            rng=state.rng_stream,
        )

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
        """The record as JSON text."""
        if indent is None:
            return _COMPACT.encode(self.to_dict())
        if indent == 2:
            return _PRETTY.encode(self.to_dict())
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

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
        expected: dict[str, type | tuple[type, ...]] = {
            "game": str, "ruleset": str, "players": int, "seed": int,
            "options": dict, "actions": list, "engine_version": str,
        }
        for key, kind in expected.items():
            if key not in data:
                raise RecordError(f"record field {key!r} is missing")
            value = data[key]
            if not isinstance(value, kind) or isinstance(value, bool):
                raise RecordError(f"record field {key!r} has the wrong type: {value!r}")
        actions = data["actions"]
        if not (set(map(type, actions)) <= {str} or all(isinstance(a, str) for a in actions)):
            raise RecordError("record field 'actions' must be a list of strings")
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
        return cls(
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
            data = json.loads(text)
        except (ValueError, UnicodeDecodeError) as exc:
            raise RecordError(f"a game record must be JSON: {exc}") from None
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
