"""The protocol every Saustall game implements.

A :class:`Game` is one game bound to one :class:`Ruleset` (an edition or variant, its
parameters held as data). It builds :class:`GameState` objects from a player count, a seed
and options. A state answers who may act, which actions are legal, applies an action
(or raises :class:`~saustall.core.errors.IllegalActionError` naming the rule and leaves
the state unchanged), builds per-player and spectator views, and tells who won.

Actions are small hashable values of the game's own type (ints for turn-based card games,
small tuples for real-time ones). Each game encodes them to a short text notation for
records and the wire, the way UCI notation serves python-chess.

Everything random comes from the seed through :class:`~saustall.core.rng.Rng` inside the
state; same seed and same actions give the same game.
"""

from __future__ import annotations

import abc
import dataclasses
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Hashable, Mapping, Sequence

from saustall.core.errors import (
    CapabilityError, GameOverError, InvalidOptionError, MalformedActionError, NotYourTurnError,
)
from saustall.core.loading import shown
from saustall.core.record import FIRST_REVISION
from saustall.core.rng import DEFAULT_STREAM, STREAMS, Rng

if TYPE_CHECKING:
    from saustall.core.record import GameRecord

Action = Hashable
"""An action value. Each game documents its own action type."""

View = dict[str, Any]
"""A JSON-ready mapping holding only what one observer may see."""

SPECTATOR = None
"""Pass as the observer to :meth:`GameState.view` for the public view."""


def _kind(value: object) -> str:
    """The type and value of ``value`` for an error message, e.g. ``float 3.0``."""
    text = repr(value)
    if len(text) > 60:
        text = text[:57] + "..."
    return f"{type(value).__name__} {text}"


def check_seat(player: object, num_players: int) -> int:
    """Return ``player`` if it is a seat of a table of ``num_players``.

    A seat is an exact ``int`` from 0 to ``num_players - 1``. ``bool`` is refused although
    Python counts it as an int (``True`` would otherwise act as seat 1 and reach records as
    ``true``), and so are floats, strings and other look-alikes. Raises
    :class:`~saustall.core.errors.MalformedActionError` naming what was wrong.
    """
    if type(player) is not int:
        raise MalformedActionError(
            f"a seat must be an int 0-{num_players - 1}, got {_kind(player)}")
    if not 0 <= player < num_players:
        raise MalformedActionError(
            f"no seat {player} at this table: seats are 0-{num_players - 1}")
    return player


def check_action_code(action: object, codes: range, game: str) -> int:
    """Return ``action`` if it is an exact ``int`` within ``codes``.

    The shared first check of games whose actions are int codes. ``bool``, floats,
    complex numbers, ``Decimal`` and the like are refused even when equal to a legal code:
    they would pass ``action in legal`` and then break the engine or its record. Raises
    :class:`~saustall.core.errors.MalformedActionError` naming what was wrong.
    """
    if type(action) is not int:
        raise MalformedActionError(
            f"a {game} action must be an int action code, got {_kind(action)}")
    if action not in codes:
        raise MalformedActionError(
            f"{action} is not a {game} action code (codes are {codes.start}-{codes.stop - 1})")
    return action


_UNKNOWN_SHOWN = 3
"""The most unknown option names one message quotes."""


def _choices_text(choices: tuple[Any, ...]) -> str:
    """``one of 3, 4``, or ``a whole number from 1 to 100`` for a long run of ints."""
    ints = [c for c in choices if type(c) is int]
    if len(ints) == len(choices) >= 5 and ints == list(range(ints[0], ints[-1] + 1)):
        return f"a whole number from {ints[0]} to {ints[-1]}"
    return "one of " + ", ".join(repr(c) for c in choices)


@dataclass(frozen=True)
class OptionSpec:
    """One option a ruleset accepts when a game is created (e.g. hand size)."""

    name: str
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    """The smallest allowed value of an int option (None: no lower bound)."""
    maximum: int | None = None
    """The largest allowed value of an int option (None: no upper bound)."""
    online: bool = True
    """``False`` for an option that fixes or reveals hidden cards (e.g. a preset deal):
    fine for tests and the score keeper, which call the engine directly, but a game
    server must refuse it (see :meth:`Ruleset.check_online`)."""

    @property
    def bounds(self) -> tuple[int | None, int | None] | None:
        """``(minimum, maximum)`` of a whole-number option, ``None`` where it has neither."""
        if self.minimum is None and self.maximum is None:
            return None
        return (self.minimum, self.maximum)

    def check(self, value: Any) -> Any:
        """Return ``value`` if allowed, else raise :class:`InvalidOptionError`.

        The type must match exactly: ``True`` is not the choice ``1`` and ``1.0`` is not
        the int ``1`` (either would reach the game record as given).
        """
        if self.choices is not None:
            if not any(type(value) is type(c) and value == c for c in self.choices):
                raise InvalidOptionError(
                    f"option {self.name!r} must be {_choices_text(self.choices)}, "
                    f"not {shown(value)}")
            return value
        if type(value) is not type(self.default):
            raise InvalidOptionError(
                f"option {self.name!r} must be of type {type(self.default).__name__}, "
                f"not {shown(value)}"
            )
        if (self.minimum is not None and value < self.minimum) or (
                self.maximum is not None and value > self.maximum):
            low = "" if self.minimum is None else str(self.minimum)
            high = "" if self.maximum is None else str(self.maximum)
            raise InvalidOptionError(
                f"option {self.name!r} must be between {low or 'any'} and {high or 'any'}, "
                f"not {shown(value)}")
        return value

    def edge_values(self) -> tuple[Any, ...]:
        """The extreme allowed values: first and last choice, False and True, or minimum
        and maximum (tests play games with options there)."""
        if self.choices is None and type(self.default) is bool:
            return (False, True)
        if self.choices is not None:
            return tuple(dict.fromkeys((self.choices[0], self.choices[-1])))
        return tuple(v for v in (self.minimum, self.maximum) if v is not None)


@dataclass(frozen=True)
class ParamSpec:
    """One balance lever of a ruleset: a parameter a house-rule variant may set
    (``--param name=value``, a ``--ruleset-file``; docs/design.md).

    Every lever is a whole number or a yes/no, checked here, in one place, for its type
    and range. Where it goes is its :attr:`target`: a ruleset parameter (a path into
    :attr:`Ruleset.params`, e.g. ``("deck", "CARD")``), or the default of an option
    (``("option", "turn_cap")``), so that an option's value still wins when given.
    """

    name: str
    """As designers write it: ``turn_cap``, ``deck.CARD``, ``points.ITEM``."""
    default: int | bool
    """Its value in the published ruleset."""
    help: str
    minimum: int | None = None
    maximum: int | None = None
    target: tuple[str, ...] = ()
    """``("param", key, ...)`` or ``("option", name)``; empty: ``("param", name)``."""

    def allowed(self) -> str:
        """What values it takes, in words."""
        if type(self.default) is bool:
            return "true or false"
        low = "any" if self.minimum is None else str(self.minimum)
        high = "any" if self.maximum is None else str(self.maximum)
        return f"a whole number from {low} to {high}"

    def check(self, value: Any) -> int | bool:
        """Return ``value`` if the lever takes it, else raise :class:`InvalidOptionError`
        naming the lever, the value and what is allowed."""
        if type(value) is not type(self.default) or (
                type(value) is int and ((self.minimum is not None and value < self.minimum)
                                        or (self.maximum is not None
                                            and value > self.maximum))):
            raise InvalidOptionError(
                f"parameter {self.name!r} must be {self.allowed()}, not {shown(value)}")
        return value


@dataclass(frozen=True)
class Ruleset:
    """An edition or variant of a game, with its parameters as plain data."""

    game: str
    name: str
    title: str
    summary: str
    min_players: int
    max_players: int
    params: Mapping[str, Any] = field(default_factory=dict)
    options: tuple[OptionSpec, ...] = ()
    realtime: bool = False
    revision: int = FIRST_REVISION
    """The revision of the rules as this Saustall plays them: bumped whenever a rule change
    makes the same seed and actions give another game (or refuse an action). Records and
    stored server tables carry the revision they were made under, and one made under
    another revision is refused (:class:`~saustall.core.errors.RulesetRevisionError`)."""
    levers: tuple[ParamSpec, ...] = ()
    """The balance levers a house-rule variant may set (:meth:`with_params`)."""
    variant: tuple[tuple[str, Any], ...] = ()
    """The levers this ruleset was made with, by name (empty: the published ruleset)."""
    variant_name: str = ""
    """The variant's name (empty: the published ruleset)."""

    @property
    def display_name(self) -> str:
        """The variant's name, or the ruleset's."""
        return self.variant_name or self.name

    def variant_params(self) -> dict[str, Any]:
        """The levers this variant sets, by name (empty for a published ruleset)."""
        return dict(self.variant)

    def with_params(self, values: Mapping[str, Any], name: str | None = None) -> "Ruleset":
        """This ruleset with some of its :attr:`levers` set: a named house-rule variant.

        ``name`` defaults to one made of the ruleset and the values
        (``RULESET+turn_cap=200``). Raises :class:`InvalidOptionError` naming an
        unknown lever (and the known ones) or a value a lever does not take.
        """
        known = {spec.name: spec for spec in self.levers}
        unknown = sorted(set(values) - set(known))
        if unknown:
            named = ", ".join(shown(n) for n in unknown[:_UNKNOWN_SHOWN])
            raise InvalidOptionError(
                f"{self.game}/{self.name} has no parameter {named}; parameters: "
                f"{', '.join(known) or 'none'}")
        chosen = {**dict(self.variant), **{key: known[key].check(values[key])
                                           for key in values}}
        if not chosen:
            return self
        params = _deep_copy(self.params)
        options = list(self.options)
        for key, value in chosen.items():
            target = known[key].target or ("param", key)
            if target[0] == "option":
                options = [_with_default(spec, value) if spec.name == target[1] else spec
                           for spec in options]
                continue
            place = params
            for step in target[1:-1]:
                place = place[step]
            place[target[-1]] = value
        derived = self.name + "".join(f"+{key}={_value_text(value)}"
                                      for key, value in sorted(chosen.items()))
        return dataclasses.replace(self, params=params, options=tuple(options),
                                   variant=tuple(sorted(chosen.items())),
                                   variant_name=name or derived)

    def resolve_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Fill defaults and check every option; unknown names are an error."""
        given = dict(options or {})
        known = {spec.name: spec for spec in self.options}
        unknown = sorted(set(given) - set(known))
        if unknown:
            # each name cut short, and only the first few: the names may come from a file
            named = ", ".join(shown(name) for name in unknown[:_UNKNOWN_SHOWN])
            if len(unknown) > _UNKNOWN_SHOWN:
                named += f" and {len(unknown) - _UNKNOWN_SHOWN:,} more"
            raise InvalidOptionError(
                f"{self.game}/{self.name} has no option {named}; "
                f"known options: {', '.join(known) or 'none'}"
            )
        return {name: spec.check(given.get(name, spec.default)) for name, spec in known.items()}

    def online_options(self) -> tuple[OptionSpec, ...]:
        """The options a game server may offer: none fixes or reveals hidden cards."""
        return tuple(spec for spec in self.options if spec.online)

    def check_online(self, options: Mapping[str, Any]) -> None:
        """Raise :class:`InvalidOptionError` if ``options`` names an offline-only option.

        Such an option (e.g. a preset deal of the hands) would let whoever sets it
        know or choose cards the other players may not see, so it is refused even when
        its value is the default.
        """
        offline = [spec.name for spec in self.options if not spec.online and spec.name in options]
        if offline:
            raise InvalidOptionError(
                f"option {', '.join(map(repr, offline))} of {self.game}/{self.name} fixes or "
                "reveals hidden cards and is not available at an online table")

    def public_options(self, resolved: Mapping[str, Any]) -> dict[str, Any]:
        """``resolved`` without the offline-only options: what may be shown to players."""
        online = {spec.name for spec in self.online_options()}
        return {name: value for name, value in resolved.items() if name in online}

    def check_players(self, num_players: int) -> None:
        """Raise :class:`InvalidOptionError` unless the player count is allowed."""
        if type(num_players) is not int or not (
            self.min_players <= num_players <= self.max_players
        ):
            raise InvalidOptionError(
                f"{self.game}/{self.name} is for {self.min_players}-{self.max_players} players, "
                f"not {shown(num_players)}"
            )


def _deep_copy(params: Mapping[str, Any]) -> dict[str, Any]:
    """``params`` with every nested mapping copied (a variant edits its own)."""
    return {key: _deep_copy(value) if isinstance(value, Mapping) else value
            for key, value in params.items()}


def _with_default(spec: OptionSpec, value: Any) -> OptionSpec:
    """``spec`` with ``value`` as its default (added to its choices if it has them)."""
    choices = spec.choices
    if choices is not None and value not in choices:
        choices = tuple(sorted((*choices, value)))
    return dataclasses.replace(spec, default=value, choices=choices)


def _value_text(value: Any) -> str:
    return ("true" if value else "false") if type(value) is bool else str(value)


class GameState(abc.ABC):
    """A game in progress. Mutable for speed: :meth:`clone` before exploring."""

    game: "Game"
    num_players: int
    seed: int
    options: dict[str, Any]
    history: list[Action]
    rng_stream: str
    """The name of the random stream that deals this game (see :mod:`saustall.core.rng`)."""

    # -- who acts, what is legal -------------------------------------------------------
    @abc.abstractmethod
    def to_act(self) -> tuple[int, ...]:
        """The players who may act now (one in turn-based play, none once over)."""

    @property
    def current_player(self) -> int:
        """The one player to act in turn-based play, or -1 when nobody is to act."""
        acting = self.to_act()
        return acting[0] if acting else -1

    @abc.abstractmethod
    def legal_actions(self, player: int | None = None) -> list[Action]:
        """The legal actions of ``player`` (default: the current player), no duplicates."""

    def is_legal(self, action: Action, player: int | None = None) -> bool:
        """True if ``action`` is legal for ``player`` (default: the player to act) now.

        Always the same answer as ``action in self.legal_actions(player)``, for any
        action of the game's form (the conformance suite checks it). Games override it to
        answer without listing every legal action: replays and servers check one action
        at a time.
        """
        return action in self.legal_actions(player)

    @abc.abstractmethod
    def _apply_checked(self, action: Action) -> None:
        """Apply an action already known to be legal."""

    @abc.abstractmethod
    def explain_illegal(self, action: Action, player: int) -> Exception:
        """The typed error telling why ``action`` is not legal for ``player`` now."""

    def actor(self, action: Action) -> int:
        """The player who takes ``action``; turn-based games: the current player."""
        return self.current_player

    def check_form(self, action: object, player: object = None) -> None:
        """Raise :class:`~saustall.core.errors.MalformedActionError` unless ``action`` has
        the game's action form and ``player`` (when given) is a seat of this table.

        Called first by :meth:`apply`, before anything else is looked at or changed.
        """
        if player is not None:
            check_seat(player, self.num_players)
        self.game.check_action(action)

    def apply(self, action: Action, player: int | None = None) -> None:
        """Apply ``action``; with ``player`` given, check that it is theirs to take.

        Raises a :class:`~saustall.core.errors.MalformedActionError` for anything that is
        not an action of this game or not a seat, an
        :class:`~saustall.core.errors.IllegalActionError` subclass naming the broken rule
        when the action is not legal now; either way the state is left unchanged.
        """
        self.check_form(action, player)
        if self.is_terminal():
            raise GameOverError()
        actor = self.actor(action)
        if player is not None and player != actor:
            raise NotYourTurnError(f"player {player} may not act now; it is player {actor}'s move")
        if actor not in self.to_act():
            raise NotYourTurnError(f"player {actor} may not act now")
        if not self.is_legal(action, actor):
            raise self.explain_illegal(action, actor)
        self._apply_checked(action)

    # -- the end -----------------------------------------------------------------------
    @abc.abstractmethod
    def is_terminal(self) -> bool:
        """True once the game has ended (won, drawn, or stopped at the turn cap)."""

    @abc.abstractmethod
    def winners(self) -> tuple[int, ...]:
        """The winning players; empty while running or after a draw."""

    def stopped_at_cap(self) -> bool:
        """True if the game ended only because it reached its documented turn cap."""
        return False

    def returns(self) -> list[float]:
        """Per-player result: 1 shared among the winners, 0 for others."""
        won = self.winners()
        return [1.0 / len(won) if p in won else 0.0 for p in range(self.num_players)]

    # -- what people see ---------------------------------------------------------------
    @abc.abstractmethod
    def view(self, player: int | None) -> View:
        """What ``player`` may see (``None``: a spectator), built from a whitelist."""

    def public_phase(self) -> str | None:
        """The spectator view's ``phase`` (``None`` if the game has none or it is not
        text). Games override it with a direct read of the same value: the server asks
        for it with every action, and building a whole view for it cost more than the
        rest of the action's event."""
        phase = self.view(None).get("phase")
        return phase if isinstance(phase, str) else None

    @abc.abstractmethod
    def determinize(self, observer: int | None, rng: Rng) -> "GameState":
        """A copy with everything hidden from ``observer`` re-dealt at random.

        The copy looks the same to ``observer`` (equal views). Bots use it to sample
        possible worlds; the conformance suite uses it to prove views leak nothing.
        """

    @abc.abstractmethod
    def inventory(self) -> Counter[str]:
        """Every card in the game wherever it lies, counted by kind (conservation)."""

    @abc.abstractmethod
    def clone(self) -> "GameState":
        """An independent copy, random state included."""

    def describe_action(self, action: Action) -> str:
        """A short human sentence for ``action`` in this state."""
        return self.game.encode_action(action)

    def public_action(self, action: Action) -> tuple[str | None, str]:
        """How ``action`` (about to be taken here) looks to everyone at the table.

        Returns the notation and a sentence. Games with secret actions (a card handed over
        face down) override this to return ``None`` and words that name no secret; the
        server builds its public events from it.
        """
        return self.game.encode_action(action), self.describe_action(action)

    # -- records -----------------------------------------------------------------------
    def record(self) -> "GameRecord":
        """The game so far as a record that replays to this exact state."""
        from saustall.core.record import GameRecord

        return GameRecord.from_state(self)


class Game(abc.ABC):
    """A game bound to one ruleset: metadata, state factory and action notation."""

    name: str
    """Registry name, as records and the wire use it (lower case, no spaces)."""
    title: str
    """Display name."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset

    @abc.abstractmethod
    def _new_state(self, num_players: int, seed: int, options: dict[str, Any],
                   rng_stream: str) -> GameState:
        """Build the initial state from checked inputs."""

    def new_state(
        self, num_players: int, seed: int = 0, options: Mapping[str, Any] | None = None,
        *, rng_stream: str = DEFAULT_STREAM,
    ) -> GameState:
        """Deal a new game for ``num_players`` from ``seed`` with ruleset options.

        ``rng_stream`` names the random stream; only replays of old records (made with
        ``"mt19937"``) need anything but the default.
        """
        self.ruleset.check_players(num_players)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise InvalidOptionError(f"seed must be an integer, not {shown(seed)}")
        if rng_stream not in STREAMS:
            raise InvalidOptionError(
                f"unknown random stream {shown(rng_stream)}; known: {', '.join(STREAMS)}")
        return self._new_state(num_players, seed, self.ruleset.resolve_options(options),
                               rng_stream)

    @abc.abstractmethod
    def check_action(self, action: object) -> Action:
        """Return ``action`` if it has this game's action form (an action of some state).

        Raises :class:`~saustall.core.errors.MalformedActionError` naming what is wrong
        (wrong type, a bool, a code outside the game's range). Games with int codes build
        on :func:`check_action_code`.
        """

    @abc.abstractmethod
    def encode_action(self, action: Action) -> str:
        """The action's text notation, stable across versions; checks the form first."""

    @abc.abstractmethod
    def decode_action(self, text: str) -> Action:
        """Parse notation; raises :class:`~saustall.core.errors.MalformedActionError`."""

    def sample_world(self, view: View, rng: Rng) -> GameState:
        """A complete state consistent with ``view``, built from the view alone.

        ``view`` is one seat's view as ``state.view(seat)`` returns it (a JSON round trip
        of it will do). Every card that seat cannot see is dealt at random, by ``rng``,
        among the places it could be, honouring what the view shows (card counts, shown
        hands, voids...); the world's own random source is drawn from ``rng`` too. So
        ``world.view(seat) == view``, the seat has the same legal actions in the world,
        the world holds the same cards, and the same view and ``rng`` give the same world.
        Search bots sample worlds this way. A world has no replayable history: its
        :meth:`GameState.record` is not a record of the real game.

        Raises :class:`ValueError` for a view this game cannot have produced, and
        :class:`~saustall.core.errors.CapabilityError` for a game that does not offer
        world sampling (this base: an optional capability, offered by the games whose
        bots search; a plug-in need not).
        """
        raise CapabilityError(f"{self.name} does not sample worlds from a view")

    def full_inventory(self, num_players: int, options: Mapping[str, Any]) -> Counter[str]:
        """The cards a game of this size holds in all (for conservation checks)."""
        return self.new_state(num_players, 0, options).inventory()

    @property
    def default_players(self) -> int:
        """A sensible player count for quick starts."""
        return max(self.ruleset.min_players, min(4, self.ruleset.max_players))

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}/{self.ruleset.name}>"


def replay(game: Game, num_players: int, seed: int, options: Mapping[str, Any] | None,
           actions: Sequence[Action]) -> GameState:
    """Build a state and apply ``actions`` in order, each checked."""
    state = game.new_state(num_players, seed, options)
    for action in actions:
        state.apply(action)
    return state
