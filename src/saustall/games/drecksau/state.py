"""Drecksau / Dirty Pig: the rules engine of a round, for every edition, in OpenSpiel's
fixed order.

1. metadata (actions and their notation): :mod:`saustall.games.drecksau.actions`
2. state (pigs, hands, piles)
3. legal actions
4. apply
5. observe (views, determinization, inventory)
6. returns

Rules references and the decisions taken on ambiguous points are in
``docs/rules/drecksau.md``; each decision has a test named after it.

Actions are ints, listed with their notation in :mod:`saustall.games.drecksau.actions`.

The state lives apart from :class:`~saustall.games.drecksau.game.DrecksauGame` so that the
tournament (:mod:`saustall.games.drecksau.tournament`) and the world sampler
(:mod:`saustall.games.drecksau.sampling`), which build rounds with arguments the Game does
not take (who plays, who starts), import it without importing the Game that imports them.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Final

from saustall.core.errors import IllegalActionError, MalformedActionError
from saustall.core.game import Action, Game, GameState, View, check_action_code, check_seat
from saustall.core.rng import DEFAULT_STREAM, Rng, new_rng
from saustall.games.drecksau.actions import (
    DONE, PASS, PIG_VIEW_BITS, PLAY_CODES, SHOW, TARGETED, check_action, describe,
    discarded_cards, encode_action, exchange_options, exchange_set, is_discard, is_play,
    pig_flags, play_action, play_pig, play_target, played_card, single_discards,
)
from saustall.games.drecksau.rulesets import (
    BARN, CARD_BY_NAME, CARD_KINDS, DOOR, ESCAPE, FARMER, LIGHTNING, LUCKY, MUD, PRETTY, RAIN,
    ROD,
)
from saustall.games.drecksau.targets import (
    ANYONE, CARD_SCOPE, FOUND_CARD, FOUND_FLAG, MAY_COMPLETE, OTHERS, OWN, PIG_CLEARS, PIG_SETS,
    PLAY_DISCARDS, RAIN_WASH, ROW_MASKS, UNTARGETED, WASHING_CARD, row_masks,
)
from saustall.games.drecksau.targets import (  # the pig flags, part of this module's API
    DIRTY as DIRTY, HAS_DOOR as HAS_DOOR, HAS_ROD as HAS_ROD, IN_BARN as IN_BARN,
    IS_PRETTY as IS_PRETTY,
)

# --------------------------------------------------------------------------------------
# 1. Metadata: action codes and notation
# --------------------------------------------------------------------------------------

PHASE_TURN: Final = "turn"
PHASE_LUCKY: Final = "lucky-bird"
PHASE_OVER: Final = "over"

SeatCounts = tuple[list[int], list[list[int]], list[int], list[int], list[int], list[int],
                   int, int, str, int, int]
"""What :meth:`DrecksauState.view_counts` returns."""

_SEATS: Final = tuple((seat,) for seat in range(8))
"""``(seat,)`` for every seat, built once: ``to_act`` is asked before every action."""


_COMPILED: Final = not __file__.endswith(".py")
"""Whether this module runs compiled (mypyc; see setup.py)."""

# The event counters of a watched game (:attr:`DrecksauState.counts`, read by
# :mod:`saustall.games.drecksau.facts`): one block per seat, then the table's own.
NUM_KINDS: Final = len(CARD_KINDS)
PLAYED: Final = 0
"""Offset in a seat's block: cards played, by kind."""
DRAWN: Final = NUM_KINDS
"""Offset: cards drawn to refill the hand after a turn, by kind (not the first deal)."""
DISCARDED: Final = 2 * NUM_KINDS
"""Offset: cards that left the hand unplayed (exchanged, discarded, shown, left over
after a Lucky Bird turn, further Lucky Birds lost), by kind."""
EXCHANGES: Final = 3 * NUM_KINDS
"""Offset: exchange (English) or discard (German) actions."""
SHOWS: Final = EXCHANGES + 1
"""Offset: hands shown as unusable (German edition)."""
PASSES: Final = EXCHANGES + 2
"""Offset: passes with an empty hand."""
DONES: Final = EXCHANGES + 3
"""Offset: Lucky Bird turns ended with 'done'."""
SEAT_BLOCK: Final = EXCHANGES + 4
"""Counters per seat."""
RESHUFFLES: Final = 0
"""Offset in the table's block (after the seats'): discard piles shuffled into a deck."""
ENDED_BY: Final = 1
"""Offset in the table's block: rounds won, by the kind of the card that won them."""
ENDED_BY_OTHER: Final = ENDED_BY + NUM_KINDS
"""Offset in the table's block: rounds won on another player's play."""
ROUNDS: Final = ENDED_BY_OTHER + 1
"""Offset in the table's block: rounds finished (a tournament counts them)."""
TURNS: Final = ROUNDS + 1
"""Offset in the table's block: turns of the finished rounds (a tournament)."""
TABLE_ROUNDS: Final = ROUNDS + 2
"""Offset in the table's block: rounds of the table (every player's turn once, the last
one begun) in the finished rounds (a tournament)."""
TABLE_BLOCK: Final = ROUNDS + 3
"""Counters of the table."""


def new_counts(num_players: int) -> list[int]:
    """Zeroed event counters for a table of ``num_players`` (see :data:`SEAT_BLOCK`)."""
    return [0] * (num_players * SEAT_BLOCK + TABLE_BLOCK)

_DECKS: Final[dict[int, tuple[Any, tuple[int, ...]]]] = {}
"""Unshuffled decks by the id of their ruleset's ``deck`` counts, each kept with that
mapping (so the id stays its own): :func:`_fresh_deck`."""


def _fresh_deck(counts: Any) -> list[int]:
    """The unshuffled deck of a ruleset's ``deck`` counts (card name to count), worked
    out once per ruleset and copied for each deal: a short game's replay spent a tenth
    of its time building it card by card."""
    found = _DECKS.get(id(counts))
    if found is None or found[0] is not counts:
        cards = tuple(CARD_BY_NAME[name] for name, count in counts.items() for _ in range(count))
        found = _DECKS[id(counts)] = (counts, cards)
    return list(found[1])

# --------------------------------------------------------------------------------------
# 2. State
# --------------------------------------------------------------------------------------

class DrecksauState(GameState):
    """One round of Drecksau. Seats in ``participants`` play; others sit out."""

    __slots__ = ("game", "num_players", "seed", "options", "history", "pigs", "hands",
                 "deck", "discard", "set_aside_pigs", "player", "phase", "turn",
                 "_winner", "win_kind", "participants", "rng", "_legal", "hand_size",
                 "turn_style", "pretty_wins", "turn_cap", "last_shown", "last_event", "_next_seat",
                 "rng_stream", "counts")

    def __init__(self, game: Game, num_players: int, seed: int,
                 options: dict[str, Any], participants: tuple[int, ...] | None = None,
                 first_player: int | None = None, rng_stream: str = DEFAULT_STREAM,
                 *, twin_of: "DrecksauState | None" = None) -> None:
        """A new round; with ``twin_of``, a copy of that state instead (see :meth:`clone`)."""
        self.rng_stream = rng_stream
        self.game = game
        self.num_players = num_players
        self.seed = seed
        self.options = options
        if twin_of is not None:
            self._copy(twin_of)
            return
        params = game.ruleset.params
        self.history: list[Action] = []
        self.participants = participants if participants is not None else tuple(range(num_players))
        order = self.participants
        self._next_seat = {p: order[(i + 1) % len(order)] for i, p in enumerate(order)}
        self.hand_size: int = options.get("hand_size", params.get("hand_size", 3))
        self.turn_style: str = params["turn_style"]
        self.pretty_wins: bool = params["pretty_wins"]
        self.turn_cap: int = options["turn_cap"]
        self.rng = new_rng(seed, rng_stream)
        pigs_each: int = params.get("pigs_each", 0) or params["pigs_per_player"].get(
            len(self.participants), params["default_pigs"])
        self.pigs: list[list[int]] = [
            [0] * pigs_each if p in self.participants else [] for p in range(num_players)]
        self.set_aside_pigs: int = params["pig_cards"] - pigs_each * len(self.participants)
        self.deck: list[int] = _fresh_deck(params["deck"])
        self.rng.shuffle(self.deck)
        self.discard: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(num_players)]
        for _ in range(self.hand_size):  # deal one card at a time, as at the table
            for p in self.participants:
                self.hands[p].append(self.deck.pop())
        for hand in self.hands:
            hand.sort()
        self.player: int = first_player if first_player is not None else self.participants[0]
        self.phase = PHASE_TURN
        self.turn = 0
        self._winner = -1
        self.win_kind: str | None = None
        self._legal: list[int] | None = None
        self.last_shown: list[int] = []
        self.last_event: tuple[int, int] | None = None
        self.counts: list[int] | None = None
        """Event counters, kept only in a watched game (:meth:`watch`); None otherwise."""

    def watch(self, counts: list[int] | None = None) -> None:
        """Count this game's events from now on, into ``counts`` (a tournament passes
        its own, shared by its rounds) or fresh zeroed counters (:func:`new_counts`).

        Only a simulation that reports facts watches: clones and sampled worlds do not
        count (their futures are not the game's)."""
        self.counts = counts if counts is not None else new_counts(self.num_players)

    def clone(self) -> "DrecksauState":
        if _COMPILED:  # mypyc's classes are made only through __init__
            return DrecksauState(self.game, self.num_players, self.seed, self.options,
                                 rng_stream=self.rng_stream, twin_of=self)
        twin = DrecksauState.__new__(DrecksauState)  # pure Python: skip __init__'s call
        twin.game, twin.num_players, twin.seed = self.game, self.num_players, self.seed
        twin.options, twin.rng_stream = self.options, self.rng_stream
        twin._copy(self)
        return twin

    def _copy(self, source: "DrecksauState") -> None:
        # Spelled out, not a loop over __slots__: clone is a search bot's inner loop.
        # Containers that change are copied; tuples, dicts never mutated after set-up
        # (_next_seat, options) and the cached legal list (replaced, never edited) are shared.
        self.history = source.history[:]
        self.pigs = [row[:] for row in source.pigs]
        self.hands = [hand[:] for hand in source.hands]
        self.deck = source.deck[:]
        self.discard = source.discard[:]
        self.set_aside_pigs = source.set_aside_pigs
        self.player = source.player
        self.phase = source.phase
        self.turn = source.turn
        self._winner = source._winner
        self.win_kind = source.win_kind
        self.participants = source.participants
        self.rng = source.rng.clone()
        self._legal = source._legal
        self.hand_size = source.hand_size
        self.turn_style = source.turn_style
        self.pretty_wins = source.pretty_wins
        self.turn_cap = source.turn_cap
        self.last_shown = source.last_shown[:]
        self.last_event = source.last_event
        self._next_seat = source._next_seat
        self.counts = None  # a clone's future is not the watched game's

    # ----------------------------------------------------------------------------------
    # 3. Legal actions
    # ----------------------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        return () if self.phase == PHASE_OVER else _SEATS[self.player]

    # Seats typed ``object``: anything may arrive, and compiled code would refuse a
    # non-int at the call (a TypeError) before check_seat could name what is wrong.
    def legal_actions(self, player: object = None) -> list[Action]:
        if player is not None and (type(player) is not int or player != self.player) and (
                check_seat(player, self.num_players) != self.player):
            return []
        if self.phase == PHASE_OVER:
            return []
        legal = self._legal
        if legal is None:
            legal = self._legal = self._generate_legal()
        return list(legal)

    def apply(self, action: Action, player: object = None) -> None:
        """Apply ``action`` (fast path for legal actions; errors as in :class:`GameState`)."""
        # Only an exact int may take the fast path: 3.0 or True equal a legal code too.
        legal = self._legal
        if type(action) is int and (player is None or (
                type(player) is int and player == self.player)) and (
                action in legal if legal is not None
                else self.phase != PHASE_OVER and self._legal_now(action)):
            self._apply_checked(action)
        else:
            seat: Any = player  # unchecked: the base class names what is wrong with it
            super().apply(action, seat)

    def _generate_legal(self) -> list[int]:
        if self.phase == PHASE_OVER:
            return []
        p = self.player
        hand = self.hands[p]
        plays = self._card_plays(p, hand)
        if self.phase == PHASE_LUCKY:
            plays.append(DONE)
            return plays
        if not hand:
            return [PASS]
        if self.turn_style == "exchange":
            key = tuple(hand)
            return plays + exchange_options(key)
        if not plays:  # German edition: nothing usable, so show the hand and redraw
            return [SHOW]
        key = tuple(hand)
        return plays + single_discards(key)

    def _card_plays(self, p: int, hand: list[int]) -> list[int]:
        plays: list[int] = []
        pigs = self.pigs
        own: bytes | None = None
        previous = -1
        for card in hand:  # hand is sorted, so equal cards are adjacent
            if card == previous:
                continue
            previous = card
            scope = CARD_SCOPE[card]
            if scope == OWN:
                if own is None:
                    row = pigs[p]
                    own = ROW_MASKS.get(bytes(row)) or row_masks(row)
                plays += PLAY_CODES[card][p][own[card]]
            elif scope == UNTARGETED:
                plays.append(play_action(card))
            else:
                codes = PLAY_CODES[card]
                for t in self.participants:
                    if t != p or scope == ANYONE:
                        row = pigs[t]
                        plays += codes[t][(ROW_MASKS.get(bytes(row)) or row_masks(row))[card]]
        return plays

    def is_legal(self, action: Action, player: object = None) -> bool:
        if player is None:
            player = self.player
        elif type(player) is not int or not 0 <= player < self.num_players:
            check_seat(player, self.num_players)  # raises, naming what is wrong
        if player != self.player or self.phase == PHASE_OVER:
            return False
        return self._legal_now(action)

    def _legal_now(self, action: Action) -> bool:
        """``action in self.legal_actions()`` for a running game, mostly without the list."""
        legal = self._legal
        if legal is not None:
            return action in legal
        if type(action) is int:
            p = self.player
            hand = self.hands[p]
            if is_play(action) and hand:  # a play: the card in hand, a pig it fits
                card = played_card(action)
                if card not in hand:  # also every code without a card kind
                    return False
                scope = CARD_SCOPE[card]
                if scope == UNTARGETED:
                    return action == play_action(card)
                target = play_target(action)
                if scope == OWN:
                    if target != p:
                        return False
                elif target not in self.participants or (scope == OTHERS and target == p):
                    return False
                row = self.pigs[target]
                masks = ROW_MASKS.get(bytes(row)) or row_masks(row)
                return bool(masks[card] >> play_pig(action) & 1)
            if (is_discard(action) and self.turn_style == "exchange"
                    and self.phase == PHASE_TURN):
                if not hand:
                    return False
                key = tuple(hand)
                return action in exchange_set(key)
        legal = self._legal = self._generate_legal()
        return action in legal

    def explain_illegal(self, action: Action, player: int) -> Exception:
        """Name the rule an illegal action breaks (only called on the error path)."""
        try:
            action = check_action(action)
        except MalformedActionError as exc:
            return exc
        hand = self.hands[player]
        if action == SHOW:
            if self.turn_style != "discard-one":
                return IllegalActionError("this edition has no show-and-redraw; exchange instead",
                                          "show-only-in-german-edition")
            return IllegalActionError("you may only show your hand when no card in it can be used",
                                      "show-only-when-stuck")
        if action == PASS:
            return IllegalActionError("you may only pass with an empty hand and nothing to draw",
                                      "pass-only-when-empty")
        if action == DONE:
            return IllegalActionError("'done' ends a Lucky Bird turn, and none is under way",
                                      "done-only-after-lucky-bird")
        if is_discard(action):
            cards = discarded_cards(action)
            if self.phase == PHASE_LUCKY:
                return IllegalActionError("during a Lucky Bird turn you play cards or say 'done'",
                                          "lucky-bird-plays-only")
            if any(cards.count(c) > hand.count(c) for c in cards):
                return IllegalActionError("you can only discard cards you hold", "card-in-hand")
            if self.turn_style == "discard-one":
                if not self._card_plays(player, hand):
                    return IllegalActionError("no card in your hand is usable: you must show it",
                                              "show-when-stuck")
                return IllegalActionError("in this edition you discard exactly one card",
                                          "discard-one-card")
            return IllegalActionError("you may exchange 1 to all of your cards", "exchange-size")
        card, target, pig = played_card(action), play_target(action), play_pig(action)
        name = CARD_KINDS[card]
        if card not in hand:
            return IllegalActionError(f"you hold no {name} card", "card-in-hand")
        if card in (PRETTY, ESCAPE, LUCKY) and not self.pretty_wins:
            return IllegalActionError(f"{name} belongs to the Sauschön expansion", "expansion-card")
        if card not in TARGETED:
            return IllegalActionError(f"{name} takes no target", "no-target")
        if target not in self.participants or pig >= len(self.pigs[target]):
            return IllegalActionError(f"there is no pig {target}.{pig}", "target-exists")
        f = self.pigs[target][pig]
        own = target == player
        if card in (MUD, BARN, DOOR, ROD) and not own:
            return IllegalActionError(f"{name} goes on one of your own pigs", f"{name}-own-pig")
        if card in (FARMER, LIGHTNING) and own:
            return IllegalActionError(f"{name} is played on another player's pig",
                                      f"{name}-other-player")
        checks: dict[int, list[tuple[bool, str, str]]] = {
            MUD: [(bool(f & IS_PRETTY), "a pretty pig cannot be muddied", "pretty-pig-protected"),
                  (bool(f & DIRTY), "that pig is already dirty", "mud-needs-clean-pig")],
            BARN: [(bool(f & IN_BARN), "that pig already has a barn", "one-barn-per-pig")],
            DOOR: [(not f & IN_BARN, "a barn door needs a barn", "barn-door-needs-barn"),
                   (bool(f & HAS_DOOR), "that barn already has a door", "one-door-per-barn"),
                   (bool(f & IS_PRETTY), "no barn door on a barn with a pretty pig",
                    "no-door-for-pretty-pig"),
                   (not f & DIRTY, "a barn door needs a dirty pig in the barn",
                    "barn-door-needs-dirty-pig")],
            ROD: [(not f & IN_BARN, "a lightning rod needs a barn", "rod-needs-barn"),
                  (bool(f & HAS_ROD), "that barn already has a rod", "one-rod-per-barn")],
            FARMER: [(bool(f & IS_PRETTY), "only Escape removes a pretty pig",
                      "pretty-pig-protected"),
                     (not f & DIRTY, "the farmer only cleans dirty pigs", "farmer-needs-dirty-pig"),
                     (bool(f & HAS_DOOR), "a barn door keeps the farmer out", "barn-door-blocks-farmer")],
            LIGHTNING: [(not f & IN_BARN, "lightning needs a barn to strike", "lightning-needs-barn"),
                        (bool(f & HAS_ROD), "a lightning rod protects that barn",
                         "rod-blocks-lightning")],
            PRETTY: [(bool(f & IS_PRETTY), "that pig is already pretty", "one-pretty-per-pig"),
                     (bool(f & HAS_DOOR), "no pretty pig in a nailed-shut barn",
                      "no-pretty-in-shut-barn")],
            ESCAPE: [(not f & IS_PRETTY, "escape needs a pretty pig", "escape-needs-pretty-pig")],
        }
        for broken, message, rule in checks.get(card, []):
            if broken:
                return IllegalActionError(message, rule)
        return IllegalActionError(f"{encode_action(action)} is not allowed now", "not-legal-now")

    # ----------------------------------------------------------------------------------
    # 4. Apply
    # ----------------------------------------------------------------------------------
    def _apply_checked(self, action: Action) -> None:
        assert type(action) is int
        p = self.player
        hand = self.hands[p]
        self.history.append(action)
        self._legal = None
        self.last_event = (p, action)
        if self.last_shown:
            self.last_shown = []
        counts = self.counts
        if is_play(action):
            card = played_card(action)
            if counts is not None:
                counts[p * SEAT_BLOCK + PLAYED + card] += 1
            hand.remove(card)
            target = play_target(action)
            self._play_card(p, card, target, play_pig(action))
            if card == MUD:  # the commonest card: a quick look first
                for f in self.pigs[target]:  # mud only completes pigs all dirty
                    if f & (DIRTY | IS_PRETTY) != DIRTY:
                        break
                else:
                    self._check_win(target)
                    if counts is not None:
                        self._count_win(p, card, target, counts)
                    return
            elif MAY_COMPLETE[card]:  # the target's pigs (another player's: they win at once)
                if self._check_win(target):
                    if counts is not None:
                        self._count_win(p, card, target, counts)
                    return
            if card == LUCKY:
                while LUCKY in hand:  # further Lucky Birds are lost unused
                    hand.remove(LUCKY)
                    self.discard.append(LUCKY)
                    if counts is not None:
                        counts[p * SEAT_BLOCK + DISCARDED + LUCKY] += 1
                if hand:
                    self.phase = PHASE_LUCKY
                    return
            elif self.phase == PHASE_LUCKY and hand:
                return
        elif is_discard(action):
            cards = discarded_cards(action)
            for card in cards:
                hand.remove(card)
            self.discard += cards
            if counts is not None:
                self._count_thrown(p, EXCHANGES, cards, counts)
        elif action == SHOW:
            if counts is not None:
                self._count_thrown(p, SHOWS, hand, counts)
            self.last_shown = list(hand)
            self.discard.extend(hand)
            hand.clear()
        elif action == DONE:
            if counts is not None:
                self._count_thrown(p, DONES, hand, counts)
            self.discard.extend(hand)
            hand.clear()
        elif counts is not None:  # a pass changes nothing before the end of the turn
            counts[p * SEAT_BLOCK + PASSES] += 1
        # The end of the turn, spelled out here rather than in a method as it follows
        # every action: refill the hand, then pass the turn on.
        missing = self.hand_size - len(hand)
        if missing > 0:
            deck = self.deck
            for _ in range(missing):
                if not deck:
                    if not self.discard:
                        break  # every card is on a pig or in a hand: play on short-handed
                    deck, self.deck, self.discard = self.discard, self.discard, []
                    self.rng.shuffle(deck)
                    if counts is not None:
                        counts[self.num_players * SEAT_BLOCK + RESHUFFLES] += 1
                card = deck.pop()
                if counts is not None:
                    counts[p * SEAT_BLOCK + DRAWN + card] += 1
                slot = len(hand)  # bisect.insort, inline: a call costs more than a short hand
                while slot and hand[slot - 1] > card:
                    slot -= 1
                hand.insert(slot, card)
        self.phase = PHASE_TURN
        turn = self.turn = self.turn + 1
        if turn >= self.turn_cap:
            self.phase = PHASE_OVER  # a draw: nobody won within the cap
            return
        self.player = self._next_seat[p]

    def _count_thrown(self, p: int, what: int, cards: list[int] | tuple[int, ...],
                      counts: list[int]) -> None:
        """Count ``p``'s action ``what`` (an exchange, show or done) in a watched game and
        the ``cards`` it throws away unplayed."""
        base = p * SEAT_BLOCK
        counts[base + what] += 1
        for card in cards:
            counts[base + DISCARDED + card] += 1

    def _count_win(self, p: int, card: int, target: int, counts: list[int]) -> None:
        """Count the card that won a watched round, and whether another player played it."""
        table = self.num_players * SEAT_BLOCK
        counts[table + ENDED_BY + card] += 1
        if target != p:
            counts[table + ENDED_BY_OTHER] += 1

    def _play_card(self, p: int, card: int, target: int, pig: int) -> None:
        """Apply a play's effect (:mod:`saustall.games.drecksau.targets`' effect table)."""
        self.discard += PLAY_DISCARDS[card]
        if card == WASHING_CARD:
            mask, washed, loses = RAIN_WASH
            for t in self.participants:
                pigs = self.pigs[t]
                for i, f in enumerate(pigs):
                    if f & mask == washed:
                        pigs[i] = f & ~loses
        elif card in TARGETED:
            row = self.pigs[target]
            f = row[pig]
            if f & FOUND_FLAG[card]:
                self.discard.append(FOUND_CARD[card])
            row[pig] = (f & ~PIG_CLEARS[card]) | PIG_SETS[card]

    def _check_win(self, player: int) -> bool:
        """End the game if ``player``'s pigs are now all dirty (or, Sauschön, all pretty)."""
        pigs = self.pigs[player]
        kind = "dirty"
        for f in pigs:  # loops, not all(): they mostly stop at the first pig
            if f & (DIRTY | IS_PRETTY) != DIRTY:
                if not self.pretty_wins:
                    return False
                for g in pigs:
                    if not g & IS_PRETTY:
                        return False
                kind = "pretty"
                break
        self.win_kind = kind
        self._winner, self.phase = player, PHASE_OVER
        self.turn += 1
        return True

    # ----------------------------------------------------------------------------------
    # 5. Observe
    # ----------------------------------------------------------------------------------
    def view(self, player: int | None) -> View:
        """Whitelisted view; the observer's own hand is the only hand shown."""
        discard_counts = Counter(CARD_KINDS[c] for c in self.discard)
        view: View = {
            "game": "drecksau",
            "ruleset": self.game.ruleset.name,
            "players": self.num_players,
            "participants": list(self.participants),
            "observer": player,
            "to_act": list(self.to_act()),
            "phase": self.phase,
            "turn": self.turn,
            "turn_cap": self.turn_cap,
            "hand_size": self.hand_size,
            "pigs": [[pig_flags(f) for f in row] for row in self.pigs],
            "hand_counts": [len(hand) for hand in self.hands],
            "deck_count": len(self.deck),
            "discard_count": len(self.discard),
            "discard_top": CARD_KINDS[self.discard[-1]] if self.discard else None,
            "discard_pile": dict(sorted(discard_counts.items())),
            "last": self._last_event_view(),
            "winners": list(self.winners()),
            "win_kind": self.win_kind,
        }
        if player is not None and 0 <= player < self.num_players:
            view["hand"] = [CARD_KINDS[c] for c in self.hands[player]]
        ruleset = self.game.ruleset
        if ruleset.variant:  # a house-rule variant: bots that simulate must play it
            view["variant"] = {"name": ruleset.variant_name,
                               "params": ruleset.variant_params()}
        return view

    def public_phase(self) -> str | None:
        """The view's ``phase``, without building the view."""
        return self.phase

    def view_counts(self, player: int) -> SeatCounts:
        """Part of :meth:`view` for ``player`` as plain ints, for encoders that run every
        step (the RL observations): the same whitelist, nothing the view does not show.

        ``(hand, pigs, participants, to_act, hand_counts, discard_counts, discard_top,
        deck_count, phase, turn, turn_cap)``: ``hand`` the card kinds of ``player``'s own
        hand (the view's ``hand``), ``pigs`` each seat's pigs as their public flag bits
        (:data:`PIG_VIEW_BITS`, the view's ``pigs``), ``discard_counts`` the cards of each
        kind in the discard pile (the view's ``discard_pile``), ``discard_top`` the kind
        on top or -1; the rest as in the view.
        """
        check_seat(player, self.num_players)
        discard_counts = [0] * len(CARD_KINDS)
        for c in self.discard:
            discard_counts[c] += 1
        return (list(self.hands[player]),
                [[f & PIG_VIEW_BITS for f in row] for row in self.pigs],
                list(self.participants), list(self.to_act()),
                [len(hand) for hand in self.hands], discard_counts,
                self.discard[-1] if self.discard else -1, len(self.deck), self.phase,
                self.turn, self.turn_cap)

    def _last_event_view(self) -> dict[str, Any] | None:
        if self.last_event is None:
            return None
        player, action = self.last_event
        event: dict[str, Any] = {"player": player, "action": encode_action(action),
                                 "text": describe(action)}
        if action == SHOW:
            event["shown"] = [CARD_KINDS[c] for c in self.last_shown]
        return event

    def determinize(self, observer: int | None, rng: Rng) -> "DrecksauState":
        twin = self.clone()
        hands = twin.hands
        hidden = [p for p in self.participants if p != observer]
        pool = twin.deck  # the clone's own copy: deck and hidden hands shuffled together
        for p in hidden:
            pool += hands[p]
        rng.shuffle(pool)
        for p in hidden:
            rest = len(pool) - len(hands[p])
            hands[p] = sorted(pool[rest:])
            del pool[rest:]
        twin.rng = rng.spawn()
        twin._legal = None
        return twin

    def inventory(self) -> Counter[str]:
        counts: Counter[str] = Counter()
        for pile in (self.deck, self.discard, *self.hands):
            counts.update(CARD_KINDS[c] for c in pile)
        counts["pig"] += self.set_aside_pigs
        for row in self.pigs:
            for f in row:
                counts["pig"] += 1
                for bit, name in ((IN_BARN, "barn"), (HAS_DOOR, "door"), (HAS_ROD, "rod"),
                                  (IS_PRETTY, "pretty")):
                    if f & bit:
                        counts[name] += 1
        return +counts

    # ----------------------------------------------------------------------------------
    # 6. Returns
    # ----------------------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.phase == PHASE_OVER

    def winners(self) -> tuple[int, ...]:
        return (self._winner,) if self._winner >= 0 else ()

    def stopped_at_cap(self) -> bool:
        return self.phase == PHASE_OVER and self._winner < 0

    def describe_action(self, action: Action) -> str:
        return describe(action, self.num_players)

