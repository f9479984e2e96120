"""The required checks: properties every game, ruleset and table size must have.

Each check is a function of a bound :class:`~saustall.core.game.Game`, a player count and
the parameters of one example (seeds, a cut point...). It returns nothing and raises
:class:`~saustall.testing.playouts.ConformanceError` naming what broke. The same example
always runs the same games, so a failure names the parameters that repeat it.
"""

from __future__ import annotations

import json
import random
from typing import Any, Mapping

from saustall.core.errors import InvalidOptionError, SaustallError
from saustall.core.game import Action, Game, GameState
from saustall.core.record import GameRecord
from saustall.core.rng import Rng
from saustall.testing.playouts import (
    FORBIDDEN_VIEW_KEYS, MAX_STEPS, ConformanceError, NotApplicable, advanced, all_views,
    playout, random_step, require, walk_keys,
)
from saustall.testing.values import Picker, plain


def seed_determinism(game: Game, players: int, seed: int, choice_seed: int) -> None:
    """Same seed and same choices: the same game, record, views and winners."""
    first = playout(game, players, seed, choice_seed)
    second = playout(game, players, seed, choice_seed)
    require(first.record().to_json() == second.record().to_json(),
            "two games from the same seed and choices have different records")
    require(all_views(first) == all_views(second),
            "two games from the same seed and choices end with different views")
    require(first.winners() == second.winners(),
            "two games from the same seed and choices have different winners")


def record_round_trip(game: Game, players: int, seed: int, choice_seed: int,
                      cut: float) -> None:
    """A record saved at the end, or after the first ``cut`` share of the actions,
    replays through JSON to the same state (views and winners)."""
    final = playout(game, players, seed, choice_seed)
    record = final.record()
    loaded = GameRecord.from_json(record.to_json())
    require(loaded == record, "a record read back from its JSON differs from the record")
    replayed = loaded.replay()
    require(all_views(replayed) == all_views(final),
            "a replayed record shows other views than the game it recorded")
    require(replayed.winners() == final.winners(),
            "a replayed record has other winners than the game it recorded")
    upto = int(len(record.actions) * cut)
    partial = loaded.replay(upto=upto)
    again = GameRecord.from_json(partial.record().to_json()).replay()
    require(all_views(again) == all_views(partial),
            f"the record of the first {upto} actions does not replay to the same views")


def views_leak_nothing(game: Game, players: int, seed: int, choice_seed: int) -> None:
    """Along a playout (every third state): every view is JSON-ready, holds no key that
    names hidden state and not the seed, and a re-deal of everything hidden from its
    observer (``determinize``) leaves it unchanged and keeps the cards."""
    redeal = Rng(seed ^ 0x5A5A)
    counter = {"n": 0}

    def check(state: GameState) -> None:
        counter["n"] += 1
        if counter["n"] % 3:  # every third state keeps the suite quick
            return
        for observer in [*range(state.num_players), None]:
            view = state.view(observer)
            try:
                text = json.dumps(view)
            except (TypeError, ValueError) as exc:
                raise ConformanceError(f"the view of {observer} is not JSON: {exc}") from None
            leaked = walk_keys(view) & FORBIDDEN_VIEW_KEYS
            require(not leaked, f"the view of {observer} holds {sorted(leaked)}")
            require(str(state.seed) not in text, f"the seed shows in the view of {observer}")
            other_world = state.determinize(observer, redeal)
            require(other_world.view(observer) == view,
                    f"observer {observer} sees hidden data: a re-deal changed their view")
            require(other_world.inventory() == state.inventory(),
                    "determinize changed the cards in the game")

    playout(game, players, seed, choice_seed, on_state=check)


def card_conservation(game: Game, players: int, seed: int, choice_seed: int) -> None:
    """Every card is somewhere, exactly once, after every action (``inventory``)."""
    start = game.new_state(players, seed).inventory()
    require(sum(start.values()) > 0, "the inventory of a new game is empty")

    def check(state: GameState) -> None:
        require(state.inventory() == start,
                f"after {len(state.history)} actions the cards differ from the deal's")

    playout(game, players, seed, choice_seed, on_state=check)


def public_phase_is_the_views_phase(game: Game, players: int, seed: int,
                                    choice_seed: int) -> None:
    """After every action ``public_phase()`` is the spectator view's ``phase`` (``None``
    where that is not text): the server labels each action's event with it."""
    def check(state: GameState) -> None:
        phase = state.view(None).get("phase")
        require(state.public_phase() == (phase if isinstance(phase, str) else None),
                f"public_phase() is {state.public_phase()!r}, the view's phase {phase!r}")

    playout(game, players, seed, choice_seed, on_state=check)


def actions_encode_and_illegal_ones_change_nothing(game: Game, players: int, seed: int,
                                                   choice_seed: int) -> None:
    """Legal actions survive their notation; a player to act has a legal action and no
    repeats; an action seen earlier but illegal now raises a typed ``ValueError`` with a
    message and changes nothing; any action after the end is refused."""
    rng = random.Random(choice_seed)
    seen: list[Action] = []  # every action listed so far, in order, once each
    known: set[Action] = set()

    def check(state: GameState) -> None:
        if state.is_terminal():
            try:
                state.apply(seen[0] if seen else 0)
            except SaustallError:
                return
            raise ConformanceError("an action was accepted after the end of the game")
        legal_now: set[Action] = set()
        for player in state.to_act():
            legal = state.legal_actions(player)
            require(legal, f"player {player} is to act and has no legal action")
            require(len(set(legal)) == len(legal), f"player {player}'s legal actions repeat")
            for action in legal:
                if action not in known:
                    text = game.encode_action(action)
                    back = game.decode_action(text)
                    require(back == action,
                            f"{action!r} encodes as {text!r}, which decodes as {back!r}")
                    known.add(action)
                    seen.append(action)
            legal_now.update(legal)
        candidates = [seen[rng.randrange(len(seen))] for _ in range(8)]
        illegal = [a for a in candidates if a not in legal_now]
        if illegal:
            refused_intact(state, illegal[0], None)

    playout(game, players, seed, choice_seed, on_state=check)


def refused_intact(state: GameState, action: Any, seat: Any) -> None:
    """Apply ``action`` (by ``seat``), which must be refused with a typed, worded
    ``ValueError`` that leaves views and record exactly as they were."""
    before = (all_views(state), state.record().to_json())
    try:
        state.apply(action, seat)
    except ValueError as exc:
        require(isinstance(exc, SaustallError), f"refusing {action!r} raised untyped {exc!r}")
        require(str(exc), f"refusing {action!r} raised an error without a message")
        require((all_views(state), state.record().to_json()) == before,
                f"refusing {action!r} changed the state")
        return
    raise ConformanceError(f"the illegal action {action!r} (seat {seat!r}) was accepted")


def is_legal_agrees_with_the_legal_list(game: Game, players: int, seed: int,
                                        choice_seed: int) -> None:
    """``is_legal`` says exactly what ``legal_actions`` lists, for every seat, acting or
    not, and for actions seen anywhere in the game."""
    rng = random.Random(choice_seed)
    seen: list[Action] = []
    known: set[Action] = set()

    def check(state: GameState) -> None:
        for player in range(state.num_players):
            legal = state.legal_actions(player)
            for action in legal:
                if action not in known:
                    known.add(action)
                    seen.append(action)
            listed = set(legal)
            candidates = legal + [seen[rng.randrange(len(seen))] for _ in range(12)] if seen \
                else legal
            for action in candidates:
                require(state.is_legal(action, player) == (action in listed),
                        f"is_legal({action!r}, {player}) disagrees with legal_actions")
        acting = state.to_act()
        if len(acting) == 1:
            for action in seen[-12:]:
                require(state.is_legal(action) == (action in state.legal_actions()),
                        f"is_legal({action!r}) disagrees with legal_actions()")

    playout(game, players, seed, choice_seed, on_state=check)


def snapshot(state: GameState) -> Any:
    """Everything that must not change when an action is refused."""
    return (all_views(state), [(type(a), a) for a in state.history],
            state.record().to_json(), state.inventory(), state.is_terminal())


def arbitrary_values_are_refused(game: Game, players: int, seed: int, steps: int,
                                 pick: Picker, attempts: int = 12) -> None:
    """After ``steps`` random actions, ``attempts`` values from ``pick`` (anything: legal
    actions, their look-alikes such as ``3.0``, ``True`` or ``Decimal(3)``, huge ints,
    text, containers, ``None``; as actions and as seats) go to ``apply``. Only an exact
    legal action of the right seat is applied; anything else raises a typed ``ValueError``
    and changes nothing (views, history, record, cards, the end)."""
    state = advanced(game, players, seed, steps)
    realtime = game.ruleset.realtime
    for _ in range(attempts):
        listed = {p: state.legal_actions(p) for p in range(players)}
        action, seat = pick([a for acts in listed.values() for a in acts], players)
        choosers = [seat] if seat is not None else list(range(players))
        fits = plain(action) and (seat is None or type(seat) is int)
        expected = fits and any(
            type(p) is int and 0 <= p < players
            and any(type(a) is type(action) and a == action for a in listed[p])
            for p in choosers)
        before = snapshot(state)
        try:
            state.apply(action, seat)
        except ValueError as exc:
            require(isinstance(exc, SaustallError), f"untyped error {exc!r}")
            require(str(exc), f"refusing {action!r} raised an error without a message")
            require(not expected, f"legal action {action!r} of seat {seat!r} refused: {exc}")
            require(snapshot(state) == before, f"refusing {action!r} changed the state")
            continue
        # Accepted: it must have been a real action, and the record must still work.
        require(fits, f"{action!r} (seat {seat!r}) was accepted")
        require(expected or realtime, f"unlisted {action!r} (seat {seat!r}) was accepted")
        replayed = GameRecord.from_json(state.record().to_json()).replay()
        require(all_views(replayed) == all_views(state),
                "after an accepted action the record no longer replays to the same views")


def check_consistent(state: GameState, rng: random.Random) -> None:
    """``is_terminal()`` iff nobody may act iff no legal actions; a sample of the listed
    actions apply (on clones)."""
    listed = {p: state.legal_actions(p) for p in range(state.num_players)}
    acting = state.to_act()
    terminal = state.is_terminal()
    require(terminal == (not acting), f"is_terminal() is {terminal} but to_act() is {acting}")
    require(terminal == (not any(listed.values())),
            f"is_terminal() is {terminal} but the legal actions are {listed}")
    require({p for p, acts in listed.items() if acts} == set(acting),
            f"the players with legal actions are not to_act() {acting}")
    if terminal:
        return
    choices = [(p, a) for p in acting for a in listed[p]]
    for player, action in rng.sample(choices, min(2, len(choices))):
        twin = state.clone()
        twin.apply(action, player)
        require(twin.history[-1] == action, f"{action!r} applied is not last in the history")


def terminal_iff_no_legal_actions(game: Game, players: int, seed: int,
                                  options: Mapping[str, Any] | None = None) -> None:
    """Every state of a random playout (with ``options``): over exactly when nobody may
    act and nobody has a legal action; listed actions apply. ``options`` no table of this
    size allows raise :class:`NotApplicable`."""
    try:
        state = game.new_state(players, seed, options)
    except InvalidOptionError as exc:  # e.g. five teams need ten players
        raise NotApplicable(str(exc)) from None
    rng = random.Random(seed)
    for _ in range(MAX_STEPS):
        check_consistent(state, rng)
        if state.is_terminal():
            return
        random_step(state, rng)
    raise ConformanceError(f"a playout did not end within {MAX_STEPS:,} actions")


def edge_option_choices(game: Game) -> dict[str, tuple[Any, ...]]:
    """Per option with extremes: its extremes and its default (options at the edges meet)."""
    return {spec.name: (*spec.edge_values(), spec.default)
            for spec in game.ruleset.options if spec.edge_values()}


def draw_edge_options(game: Game, rng: random.Random) -> dict[str, Any]:
    """Every option at its lowest or highest extreme or its default, independently."""
    return {name: rng.choice(values) for name, values in edge_option_choices(game).items()}

