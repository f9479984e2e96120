"""Drecksau worlds sampled from one seat's view (see :meth:`Game.sample_world`).

Everything on the table is public: the pigs with their barns, doors, rods and pretty-pig
cards, the discard pile (face up, so counted by kind, its top card shown), every hand's
size, the deck's size and the last action (a shown hand included). The only hidden cards
are the other players' hands and the deck, so a world deals the cards the seat cannot
account for (the edition's deck less the pile, the pigs' cards and its own hand) at random
among those hands and the deck. Nothing else about the world is hidden, so it is read off
the view as it stands; the world's random source (and a tournament's later deals) come
from the sampling ``rng``.

Kept out of the compiled engine (:mod:`saustall.games.drecksau.state`), as it runs a few
times per bot decision, not per move. A world's round and tournament are built from the
state classes directly (with who plays and who starts, which the Game does not take).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from saustall.core.game import View
from saustall.core.rng import Rng
from saustall.games.drecksau.actions import decode_action
from saustall.games.drecksau.rulesets import BARN, CARD_BY_NAME, CARD_KINDS, DOOR, PRETTY, ROD
from saustall.games.drecksau.state import (
    DIRTY, HAS_DOOR, HAS_ROD, IN_BARN, IS_PRETTY, PHASE_OVER, DrecksauState,
)
from saustall.games.drecksau.tournament import TournamentState

if TYPE_CHECKING:  # the game imports this module; the worlds are built from the state's
    from saustall.games.drecksau.game import DrecksauGame

_FLAG_NAMES = (("dirty", DIRTY), ("barn", IN_BARN), ("door", HAS_DOOR), ("rod", HAS_ROD),
               ("pretty", IS_PRETTY))
_PIG_CARDS = ((IN_BARN, BARN), (HAS_DOOR, DOOR), (HAS_ROD, ROD), (IS_PRETTY, PRETTY))
"""A pig flag and the card that lies on the pig while the flag is set."""


class ViewError(ValueError):
    """A view this game cannot have produced (sampling names what does not add up)."""


def _flags(pig: dict[str, bool]) -> int:
    flags = 0
    for name, bit in _FLAG_NAMES:
        if pig[name]:
            flags |= bit
    return flags


def _cards(names: list[str], what: str) -> list[int]:
    try:
        return [CARD_BY_NAME[name] for name in names]
    except KeyError as exc:
        raise ViewError(f"unknown card {exc.args[0]!r} in the view's {what}") from None


def sample_round(game: DrecksauGame, view: View, rng: Rng, seed: int) -> DrecksauState:
    """The current round of a Drecksau ``view`` (a tournament's too), hidden cards dealt
    by ``rng``; ``seed`` is the world's (its value shows nowhere)."""
    if view.get("game") != "drecksau" or view.get("ruleset") != game.ruleset.name:
        raise ViewError(f"not a view of drecksau/{game.ruleset.name}: "
                        f"{view.get('game')}/{view.get('ruleset')}")
    params = game.ruleset.params
    num_players: int = view["players"]
    participants = tuple(int(p) for p in view["participants"])
    observer: int | None = view["observer"]
    options: dict[str, Any] = {spec.name: view[spec.name] for spec in game.ruleset.options}
    to_act = view["to_act"]
    first = to_act[0] if to_act else participants[0]
    world = DrecksauState(game, num_players, seed, options, participants=participants,
                          first_player=first)
    world.pigs = [[_flags(pig) for pig in row] for row in view["pigs"]]
    pigs_each = len(world.pigs[participants[0]])
    world.set_aside_pigs = params["pig_cards"] - pigs_each * len(participants)
    world.phase = view["phase"]
    world.turn = view["turn"]
    world.turn_cap = view["turn_cap"]
    world.hand_size = view["hand_size"]
    world.win_kind = view["win_kind"]
    world._winner = view["winners"][0] if view["winners"] else -1
    world._legal = None
    world.history = []
    last = view["last"]
    world.last_event = None if last is None else (int(last["player"]),
                                                  int(decode_action(last["action"])))
    world.last_shown = _cards(list(last.get("shown", [])) if last else [], "shown hand")

    # The discard pile: its counts, with the shown top card on top.
    pile = Counter({CARD_BY_NAME[name]: count for name, count in view["discard_pile"].items()})
    discard = sorted(pile.elements())
    top = view["discard_top"]
    if top is not None:
        discard.remove(CARD_BY_NAME[top])
        discard.append(CARD_BY_NAME[top])
    world.discard = discard

    # What the seat cannot account for is in the deck or the other hands.
    unseen = Counter({CARD_BY_NAME[name]: count for name, count in params["deck"].items()})
    unseen.subtract(pile)
    for row in world.pigs:
        for flags in row:
            for bit, card in _PIG_CARDS:
                if flags & bit:
                    unseen[card] -= 1
    counts: list[int] = list(view["hand_counts"])
    hands: list[list[int]] = [[] for _ in range(num_players)]
    seen_hand = observer is not None and 0 <= observer < num_players
    if seen_hand:
        assert observer is not None
        hands[observer] = sorted(_cards(view.get("hand", []), "hand"))
        unseen.subtract(hands[observer])
    if any(count < 0 for count in unseen.values()):
        short = ", ".join(CARD_KINDS[c] for c, n in sorted(unseen.items()) if n < 0)
        raise ViewError(f"the view shows more {short} cards than the deck holds")
    pool = sorted(unseen.elements())
    hidden = [p for p in range(num_players) if not (seen_hand and p == observer)]
    if len(pool) != view["deck_count"] + sum(counts[p] for p in hidden):
        raise ViewError(f"{len(pool)} unseen cards do not fill a deck of {view['deck_count']} "
                        f"and the hidden hands ({sum(counts[p] for p in hidden)} cards)")
    rng.shuffle(pool)
    for p in hidden:
        rest = len(pool) - counts[p]
        hands[p] = sorted(pool[rest:])
        del pool[rest:]
    world.hands = hands
    world.deck = pool
    world.rng = rng.spawn()
    if world.phase == PHASE_OVER and world._winner < 0 and world.turn < world.turn_cap:
        raise ViewError("a finished round without a winner must have reached the turn cap")
    return world


def sample_world(game: DrecksauGame, view: View, rng: Rng) -> DrecksauState | TournamentState:
    """A complete Drecksau state (a tournament's, for its ruleset) consistent with ``view``.

    See :meth:`saustall.core.game.Game.sample_world`. Raises :class:`ViewError` (a
    :class:`ValueError`) naming what does not add up in a view the game cannot have made.
    """
    try:
        seed = rng.randrange(2**62)  # later tournament rounds are dealt from it: unknown
        if not game.ruleset.params.get("tournament"):
            return sample_round(game, view, rng, seed)
        return _sample_tournament(game, view, rng, seed)
    except (KeyError, TypeError, IndexError) as exc:
        raise ViewError(f"not a complete drecksau view: {exc!r}") from None


def _sample_tournament(game: DrecksauGame, view: View, rng: Rng, seed: int) -> TournamentState:
    table: dict[str, Any] = view["tournament"]
    over = view["phase"] == PHASE_OVER
    round_view = dict(view)
    del round_view["tournament"]
    if over:  # the tournament's verdict replaced the last round's in the view
        finished = table["rounds"][-1]
        round_view["winners"] = [] if finished["winner"] is None else [finished["winner"]]
    world = TournamentState(game, view["players"], seed, dict(
        (spec.name, view[spec.name]) for spec in game.ruleset.options))
    world.round = sample_round(game, round_view, rng, seed)
    world.trophies = list(table["trophies"])
    world.buckets = list(table["buckets"])
    world.awards = [[dict(item) for item in items] for items in table["awards"]]
    world.rounds = [dict(entry) for entry in table["rounds"]]
    world.round_index = table["round"] - (0 if over else 1)
    world.deciding = bool(table["deciding"])
    world._over = over
    world._winners = tuple(view["winners"]) if over else ()
    return world
