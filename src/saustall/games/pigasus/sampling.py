"""Pigasus worlds sampled from a view (see :meth:`Game.sample_world`).

Every observer sees the same: the table, the Pigasus and its holders, the counts of the
face-down piles (deck, set-aside cards, each player's or team's pile, the box), the last
outcome and the statistics. A world lays the cards the view does not place at random into
those face-down piles, by their counts, except the cards the last outcome shows someone
winning: they still lie on top of that pile (nothing leaves a pile before the next hold is
judged, and a new grab clears the outcome).

A world's history holds ``events`` placeholders (``None``): the engine counts events
towards its cap, and the view gives their number, not the events.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from saustall.core.game import Action, View
from saustall.core.rng import Rng
from saustall.games.pigasus.actions import GRAB, POINT, REVEAL, TICK
from saustall.games.pigasus.cards import NUM_CARDS, card_from_code
from saustall.games.pigasus.state import STAT_KEYS, Holder, pairs_on

if TYPE_CHECKING:  # the game imports this module: the sampler builds states through it
    from saustall.games.pigasus.game import PigasusGame, PigasusState


class ViewError(ValueError):
    """A view this game cannot have produced (sampling names what does not add up)."""


def _card(code: str) -> int:
    try:
        return card_from_code(code)
    except KeyError:
        raise ViewError(f"unknown Pigasus card {code!r} in the view") from None


def sample_world(game: PigasusGame, view: View, rng: Rng) -> PigasusState:
    """A complete Pigasus state consistent with ``view``, face-down cards dealt by ``rng``.

    Raises :class:`ViewError` (a :class:`ValueError`) for a view the game cannot have made.
    """
    if view.get("game") != "pigasus" or view.get("ruleset") != game.ruleset.name:
        raise ViewError(f"not a view of pigasus/{game.ruleset.name}: "
                        f"{view.get('game')}/{view.get('ruleset')}")
    try:
        return _sample(game, view, rng)
    except (KeyError, TypeError, IndexError) as exc:
        raise ViewError(f"not a complete pigasus view: {exc!r}") from None


def _sample(game: PigasusGame, view: View, rng: Rng) -> PigasusState:
    num_players: int = view["players"]
    options = game.ruleset.resolve_options(view["options"])
    world = cast("PigasusState", game.new_state(num_players, rng.randrange(2**62), options))

    slots: list[dict[str, Any]] = view["table"]
    size = max((entry["slot"] for entry in slots), default=-1) + 1
    table, times = [-1] * size, [0] * size
    for entry in slots:
        table[entry["slot"]] = _card(entry["card"])
        times[entry["slot"]] = entry["at"]
    world.table, world.table_times = table, times

    # The last outcome's winnings lie on top of the winners' piles.
    on_top: list[list[int]] = [[] for _ in range(world.num_units)]
    for entry in view["outcome"]:
        on_top[entry["team"]] += [_card(code) for code in entry["cards"]]
    placed = set(c for c in table if c >= 0)
    for cards in on_top:
        placed.update(cards)
    pool = [card for card in range(NUM_CARDS) if card not in placed]
    rng.shuffle(pool)
    scores: list[int] = view["scores"]
    wanted = (view["deck_count"] + view["set_aside_count"] + view["box_count"]
              + sum(scores) - sum(len(cards) for cards in on_top))
    if wanted != len(pool) or any(len(on_top[u]) > scores[u] for u in range(len(scores))):
        raise ViewError(f"the view's pile counts do not add up to the {NUM_CARDS} cards")

    def take(count: int) -> list[int]:
        taken = pool[len(pool) - count:]
        del pool[len(pool) - count:]
        return taken

    world.deck = take(view["deck_count"])
    world.set_aside = take(view["set_aside_count"])
    world.box = take(view["box_count"])
    world.piles = [tuple(take(scores[u] - len(on_top[u])) + on_top[u])
                   for u in range(world.num_units)]

    world.now = view["now"]
    world.phase = view["phase"]
    world.dealer = view["dealer"]
    world.tiebreak = bool(view["tiebreak"])
    world.contenders = tuple(view["contenders"])
    world.benched = frozenset(view["benched"])
    world.changed_at = view["table_changed_at"]
    world.reveals = view["reveals"]
    world.settled = view["holds_settled"]
    held = view["pigasus"]
    world.holders = [] if held is None else [
        Holder(h["player"], h["at"], tuple(_card(c) for c in h["fingers"]), h["pointed_at"])
        for h in held["holders"]]
    world.held_since = 0 if held is None else held["since"]
    world._counts = [seat_stats[key] for seat_stats in view["stats"] for key in STAT_KEYS]
    world._last = _last_event(view["last"], world.team_of)
    world.outcome = [dict(entry) for entry in view["outcome"]]
    world._winners = tuple(view["winners"])
    world.end_reason = view["end_reason"]
    world._pairs = pairs_on(table)
    placeholders: list[Action] = [None] * view["events"]
    world.history = placeholders
    world._cache, world._cache_at = {}, -1
    return world


def _last_event(event: dict[str, Any] | None,
                team_of: tuple[int, ...]) -> tuple[Any, ...] | None:
    """The engine's record of the last event, from its view (see ``last_event``)."""
    if event is None:
        return None
    kind, at = event["kind"], event["at"]
    if kind == "tiebreak":
        return (kind, None, at, tuple(team_of[seats[0]] for seats in event["contenders"]))
    seat = event["player"]
    if kind == REVEAL:
        return (REVEAL, seat, at, (_card(event["card"]), event["slot"]))
    if kind == GRAB:
        return (GRAB, seat, at, event["joined"])
    if kind == POINT:
        return (POINT, seat, at, tuple(_card(c) for c in event["cards"]))
    if kind == TICK:
        return (TICK, seat, at, None)
    raise ViewError(f"unknown Pigasus event {kind!r} in the view")
