"""Drecksau / Dirty Pig in JAX (pgx style): pure per-game functions to ``jit`` and ``vmap``.

An optional back end for accelerators (the ``jax`` extra: ``pip install 'saustall[jax]'``;
nothing else in Saustall imports it). It is the numpy batched simulator
(:class:`saustall.rl.batched.BatchedDrecksau`) ported to ``jax.numpy``, table for table
(:class:`~saustall.rl.batched_tables.BatchTables` builds the tables once; this module only
indexes them), with the same action slots and the same float32 observation as the AEC
environment (:mod:`saustall.rl.drecksau_v0`): a policy trained here plays the AEC and Gym
environments, the numpy simulator and the arena unchanged.

Every function works on one game; ``jax.vmap`` makes a batch, ``jax.jit`` compiles it,
and no Python control flow depends on a traced value::

    env = JaxDrecksau("dirty-pig", num_players=2)
    init = jax.jit(jax.vmap(env.init))
    step = jax.jit(jax.vmap(functools.partial(env.step, auto_reset=True)))
    observe = jax.jit(jax.vmap(env.observe))
    state = init(jax.random.split(jax.random.key(0), 4096))
    obs = observe(state)                          # the acting seat's, 4096 x 222 float32
    logits = jnp.where(state.legal_action_mask, 0.0, -jnp.inf)
    state = step(state, jax.random.categorical(jax.random.key(1), logits))

Rulesets: ``dirty-pig``, ``drecksau`` (``hand_size`` 3 or 4) and ``sauschoen`` at every
player count they allow, as the numpy simulator; not the Sauschön tournament. The tests
(``tests/rl/test_jax_drecksau.py``) check it lane for lane against the numpy simulator
(itself checked against the scalar engine) for ``dirty-pig`` at 2-4 players, ``drecksau``
and ``sauschoen``.

Shuffles: each game carries its own ``jax.random`` key; dealing and the reshuffle of the
discard pile into a new deck draw from it. :meth:`JaxDrecksau.init` shuffles the deck
(a sort of random keys); within ``step`` a reshuffled pile and a new deal are shuffled a
draw at a time instead (Fisher-Yates run lazily: each card drawn is a uniformly random
one of the pile, swapped to the top; ``deck_ordered`` False), the same distribution of
games for a few lookups a step, where a sort would cost every lane of a ``vmap`` every
step. The scalar engine's SplitMix64 stream is not reproduced (it needs 64-bit integers
JAX leaves off by default), so a seed deals another game here than in the engine: the
same rules, another deck order. :meth:`JaxDrecksau.from_batched` builds the state of a
numpy simulator's batch (its decks in their order), so both engines can be played from
one position; :meth:`JaxDrecksau.to_batched` goes the other way.

Finished games: ``step`` leaves a finished game as it is (its action is ignored, its
rewards are 0: pgx's convention); ``step(..., auto_reset=True)`` deals a new game from the
game's key where one ends within the step (dealt a draw at a time; ``terminated`` and
``rewards`` still tell of the game that ended), and :meth:`JaxDrecksau.auto_reset` does
the same after a step (``pgx.experimental.auto_reset`` style). An illegal action in
a running game is ignored the same way: the state is left unchanged and ``rewards`` are 0
(jitted code cannot raise; check ``legal_action_mask`` beforehand where it matters).

State (:class:`JaxDrecksauState`, one game; ``vmap`` adds a leading batch axis to every
field; ``P`` players, ``N`` pigs each, ``D`` cards in the deck, ``K`` card kinds, ``A``
action slots; seats absolute, as in the engine; the mask's slots relative to the seat to
act):

| field | shape | dtype | meaning |
| --- | --- | --- | --- |
| ``current_player`` | | int32 | seat to act (unchanged once over) |
| ``phase`` | | int32 | 0 a turn, 1 a Lucky Bird turn, 2 over |
| ``turn`` | | int32 | turns played |
| ``hands`` | P | int32 | each hand as a code: sum of ``count[c] * (H+1)**c`` over kinds ``c`` |
| ``pigs`` | P, N | int8 | pig flags: 1 dirty, 2 barn, 4 door, 8 rod, 16 pretty |
| ``deck`` | D | int8 | draw pile, bottom first; ``deck[:deck_len]`` holds it |
| ``deck_len`` | | int32 | cards in the draw pile |
| ``deck_ordered`` | | bool | the pile is in drawing order (top last); False: each draw first swaps a uniformly random card of it to the top (a reshuffled pile, a deal within ``step``) |
| ``discard`` | D + 4 | int8 | discard pile, oldest first; ``discard[:discard_len]`` holds it |
| ``discard_len`` | | int32 | cards in the discard pile |
| ``pile`` | K | int32 | the discard pile's cards per kind |
| ``key`` | 2 | uint32 | the game's random key (raw ``jax.random.PRNGKey`` data) |
| ``winner`` | | int32 | winning seat, -1 while running or after a draw at the turn cap |
| ``win_kind`` | | int32 | 0 none, 1 all pigs dirty, 2 all pigs pretty |
| ``terminated`` | | bool | the game is over (won, or stopped at the turn cap) |
| ``rewards`` | P | float32 | the last step's rewards: 1 to the winner when a game is won, else 0 |
| ``legal_action_mask`` | A | bool | legal slots of the seat to act; none once over |

Observation (:meth:`JaxDrecksau.observe`, float32, the AEC environment's vector of the
seat to act, or of ``seat``; relative seats: row 0 the observer, row ``r`` the seat ``r``
places to its left; ``Pm`` the ruleset's most players (6, 4 in ``drecksau``), ``M`` its
most pigs (5, 3 in ``sauschoen``); sizes for ``dirty-pig``: ``K`` 7, 222 entries):

| offset | size | block | meaning |
| --- | --- | --- | --- |
| 0 | ``K`` | ``hand`` | cards of each kind in my hand / 4 |
| ``K`` | ``Pm*M*6`` | ``pigs`` | per relative seat, per pig: present, dirty, barn, door, rod, pretty |
| | ``Pm`` | ``seated`` | relative seat plays this round |
| | ``Pm`` | ``hand_counts`` | cards in that seat's hand / 4 |
| | ``Pm`` | ``to_act`` | that seat is to act |
| | ``K`` | ``discard`` | discard pile per kind / that kind's count in the deck |
| | ``K`` | ``discard_top`` | top card of the discard pile (one-hot) |
| | 1 | ``deck`` | cards in the deck / deck size |
| | 1 | ``lucky`` | a Lucky Bird turn is under way |
| | 1 | ``turn`` | turns played / ``turn_cap`` (at most 1) |

The exact offsets: ``JaxDrecksau(...).space.layout.table()``; the action slots:
``.space.slots`` (191 in ``dirty-pig`` at every table size).

``make bench-rl`` (``benchmarks/rl_envs.py``, outside the package) measures the jitted
batched step with the acting seat's observation on the CPU beside the numpy simulator and
pgx's Leduc (``docs/speed.md``): on the CPU it is the slowest of the three (every lane
of a ``vmap`` pays every step for the rare branches: a refill, a new deal); it is here
for accelerators.
"""

from __future__ import annotations

from typing import Any, Mapping, NamedTuple

import numpy as np

try:
    import jax
    import jax.numpy as jnp
except ImportError as error:  # the optional back end: say how to get it
    raise ImportError("saustall.rl.jax_drecksau needs JAX, the optional `jax` extra: "
                      "pip install 'saustall[jax]'") from error

from saustall.games.drecksau.rulesets import LUCKY
from saustall.rl.batched import BatchedDrecksau, BatchState
from saustall.rl.batched_tables import (
    _B_CLEARS, _B_LIGHTNING, _B_LUCKY, _B_PLAY, _B_RAIN, _B_WIN, _F_AND, _F_COUNT, _F_DELTA,
    _F_OR, _F_PIG, _F_TARGET, _PILE_BITS, _WIDTH,
)
from saustall.rl.drecksau_space import PIG_BITS, DrecksauSpace

__all__ = ["JaxDrecksau", "JaxDrecksauState"]

_LAYOUT = ["hand", "pigs", "seated", "hand_counts", "to_act", "discard", "discard_top",
           "deck", "lucky", "turn"]
"""The observation's blocks in their order (the encoder's; checked at construction)."""


class JaxDrecksauState(NamedTuple):
    """One game (a pytree: ``vmap`` batches every field); the fields are tabled in the
    module docstring."""

    current_player: jax.Array
    phase: jax.Array
    turn: jax.Array
    hands: jax.Array
    pigs: jax.Array
    deck: jax.Array
    deck_len: jax.Array
    deck_ordered: jax.Array
    discard: jax.Array
    discard_len: jax.Array
    pile: jax.Array
    key: jax.Array
    winner: jax.Array
    win_kind: jax.Array
    terminated: jax.Array
    rewards: jax.Array
    legal_action_mask: jax.Array


def _const(array: Any, dtype: Any = jnp.int32) -> jax.Array:
    """A numpy table as a JAX constant of ``dtype``."""
    return jnp.asarray(np.asarray(array), dtype=dtype)


def _where(pick: jax.Array, new: JaxDrecksauState, old: JaxDrecksauState) -> JaxDrecksauState:
    """``new`` where ``pick`` (one game: a scalar), else ``old``, field by field."""
    return JaxDrecksauState(*(jnp.where(pick, a, b) for a, b in zip(new, old)))


class JaxDrecksau:
    """The JAX back end of one Drecksau ruleset and player count.

    ``options`` are the ruleset's own (``turn_cap``; ``hand_size`` in ``drecksau``),
    checked as the numpy simulator checks them (:class:`InvalidOptionError` for the
    tournament, a player count or an option the ruleset does not allow). The methods
    :meth:`init`, :meth:`step`, :meth:`observe`, :meth:`legal_action_mask` and
    :meth:`auto_reset` are pure functions of one game, to ``jax.jit`` and ``jax.vmap``.
    """

    def __init__(self, ruleset: str = "dirty-pig", num_players: int = 2,
                 options: Mapping[str, Any] | None = None) -> None:
        tables = BatchedDrecksau(ruleset, num_players, options)
        self.numpy_twin = tables
        """The numpy simulator of the same ruleset, whose tables this one indexes."""
        self.ruleset = ruleset
        """The ruleset's name."""
        self.num_players = num_players
        """Players per game."""
        self.turn_cap = tables.turn_cap
        """Turns after which an undecided game stops as a draw."""
        self.hand_size = tables.hand_size
        """Cards in a full hand."""
        self.pigs_each = tables.pigs_each
        """Pigs per player."""
        self.space: DrecksauSpace = tables.space
        """The action slots and the observation layout (shared with the AEC environment)."""
        self.num_actions = tables.num_actions
        """Action slots (the mask's columns)."""
        self.observation_size: int = tables.space.layout.size
        """Entries of an observation."""
        self.pretty_wins = tables.pretty_wins
        """All pigs pretty wins too (Sauschön)."""
        self.kinds = tables.kinds
        """Card kinds in the deck."""
        self.deck_size = len(tables._deck)
        """Cards in the deck."""
        self._build(tables)
        self._batch_legal = jax.jit(jax.vmap(self.legal_action_mask))

    # ----------------------------------------------------------------------------------
    # Tables (numpy, from the numpy simulator, as JAX constants)
    # ----------------------------------------------------------------------------------
    def _build(self, t: BatchedDrecksau) -> None:
        space = self.space
        if list(space.layout.at) != _LAYOUT:
            raise AssertionError(f"the observation blocks changed: {list(space.layout.at)}")
        if space.kinds != list(range(self.kinds)):
            raise AssertionError("the card kinds of the deck must be 0 .. K-1")
        P, N, S = self.num_players, self.pigs_each, self.num_actions
        self._internal = t._internal
        self._full_deck = _const(t._deck, jnp.int8)
        self._slot_column = _const(t._slot_column)
        table = t._table
        self._bits = _const(table[0])
        self._target = _const(table[_F_TARGET])
        self._pig_at = _const(table[_F_PIG])
        self._and = _const(table[_F_AND])
        self._or = _const(table[_F_OR])
        self._count = _const(table[_F_COUNT])
        self._delta = _const(table[_F_DELTA])
        self._append = _const(t._append)  # A+1 x 4 cards
        self._found_flag = int(t._found_flag)
        K = self.kinds
        pile_delta = np.zeros((t._internal + 1, K), dtype=np.int32)
        found_delta = np.zeros((t._internal + 1, K), dtype=np.int32)
        mask = (1 << _PILE_BITS) - 1
        for k in range(K):
            pile_delta[:, k] = (t._pile_delta >> (_PILE_BITS * k)) & mask
            found_delta[:, k] = (t._found_delta >> (_PILE_BITS * k)) & mask
        self._pile_delta = _const(pile_delta)
        self._found_delta = _const(found_delta)
        self._pow = _const(t._pow)
        self._card_bits = max(1, (K - 1).bit_length())
        self._rank = _const(t._rank)
        self._code_len = _const(t._code_len)
        self._hand_counts = _const(t._hand_counts)  # R x K
        self._hand_len = _const(t._hand_len)
        self._hand_sorted = _const(t._hand_sorted)  # R x 4
        self._have_bits = _const(t._have_bits)
        self._fit_bits = _const(t._fit_bits)
        self._own_bits, self._other_bits = int(t._own_bits), int(t._other_bits)
        self._rained = _const(t._rained)
        self._all_dirty = _const(t._all_dirty, jnp.bool_)
        self._pretty = _const(t._pretty, jnp.bool_)
        # The mask in two lookups: the slots the hand alone decides (untargeted plays,
        # discards, pass, done), one row per phase and hand, and the plays on pigs, each
        # slot a bit of one pig's fits (a gather of static positions).
        R = len(t._hand_len)
        by_hand = np.zeros((2 * R + 1, S), dtype=np.bool_)  # turn rows, Lucky rows, over
        for rank in range(R):
            for card, slot in zip(t._untargeted_kinds.tolist(), t._untargeted_slots.tolist()):
                by_hand[rank, slot] = by_hand[R + rank, slot] = t._have[rank, card]
            by_hand[rank, t._pass_slot] = t._hand_len[rank] == 0
            if t._done_slot is not None:
                by_hand[R + rank, t._done_slot] = True
            for cards, slot in zip(t._discard_sets, t._discard_slots):
                by_hand[rank, slot] = all(t._hand_counts[rank, k] >= cards.count(k)
                                          for k in set(cards))
        self._by_hand = _const(by_hand, jnp.bool_)
        self._hands_ranked = R
        bit_of = np.full(S, P * N * 8, dtype=np.int32)  # past the end: a 0 appended
        for k, slot, r in t._play_rows:
            for i in range(N):
                bit_of[slot + i] = (r * N + i) * 8 + k
        self._play_bit_of = _const(bit_of)
        self._has_show = t._show_slot is not None
        discard_columns = np.zeros(S, dtype=np.bool_)
        discard_columns[t._discard_slots] = True
        self._discard_columns = _const(discard_columns, jnp.bool_)
        self._show_column = _const(np.arange(S) == (t._show_slot if self._has_show else -1),
                                   jnp.bool_)
        self._rain_slot = int(t._untargeted_slots[0])
        # Observation tables: every entry a lookup of the numpy encoder's own float32
        # (the same floats bit for bit).
        layout = space.layout
        self._hand_rows = _const(t._hand_rows.T, jnp.float32)  # R x K
        self._size_entries = _const(t._size_entries, jnp.float32)  # by hand code
        totals = np.array([space.deck_total[k] for k in range(K)], dtype=np.float32)
        most = int(totals.max())
        self._discard_entries = _const(np.divide(
            np.arange(most + 1)[None, :], totals[:, None], dtype=np.float32), jnp.float32)
        self._deck_entries = _const(np.divide(np.arange(self.deck_size + 1),
                                              np.float32(self.deck_size), dtype=np.float32),
                                    jnp.float32)
        turn_entries = np.divide(np.arange(self.turn_cap + 2), np.float32(self.turn_cap),
                                 dtype=np.float32)
        self._turn_entries = _const(np.minimum(turn_entries, np.float32(1.0)), jnp.float32)
        self._pig_shifts = _const([bit.bit_length() - 1 for bit in PIG_BITS])
        self._max_players, self._max_pigs = space.max_players, space.max_pigs
        if layout.size != (K * 3 + self._max_players * (self._max_pigs * 6 + 3) + 3):
            raise AssertionError("the observation's size is not its blocks'")
        self._lucky = LUCKY

    # ----------------------------------------------------------------------------------
    # Dealing
    # ----------------------------------------------------------------------------------
    def _shuffle(self, key: jax.Array, cards: jax.Array, length: jax.Array) -> jax.Array:
        """``cards`` with its first ``length`` entries in a random order (the rest stays):
        one sort of 32-bit words, each a card in its low bits under random high bits
        (the cards past ``length`` under their position, above them all): no argsort,
        no gather. Two random keys tie about once in 10,000 shuffles of 57 cards (27
        random bits), and the lower card then comes first."""
        size, low = cards.shape[0], self._card_bits
        position = jnp.arange(size, dtype=jnp.uint32)
        card = cards.astype(jnp.uint32)
        noise = (jax.random.bits(key, (size,), jnp.uint32) >> (low + 1)) << low
        keyed = jnp.where(position < length.astype(jnp.uint32), noise,
                          jnp.uint32(1 << 31) | (position << low)) | card
        return (jnp.sort(keyed) & ((1 << low) - 1)).astype(jnp.int8)

    def _top_cards(self, deck: jax.Array, top: jax.Array, count: jax.Array) -> jax.Array:
        """The hand code of ``count`` (at most a hand) cards of ``deck`` from
        ``deck[top - 1]`` down: a few single-card lookups, not a pass over the deck."""
        code: jax.Array = jnp.zeros((), jnp.int32)
        for k in range(self.hand_size):
            card = deck[jnp.clip(top - 1 - k, 0, self.deck_size - 1)].astype(jnp.int32)
            code = code + jnp.where(k < count, self._pow[card], 0)
        return code

    def _draw_one(self, deck: jax.Array, left: jax.Array, word: jax.Array,
                  ordered: jax.Array) -> tuple[jax.Array, jax.Array]:
        """Draw the top card of ``deck[:left]``; where not ``ordered``, a uniformly random
        card of it (by the random ``word``) swapped to the top first. Returns the deck
        (the drawn card at ``left - 1``) and the card."""
        top = jnp.clip(left - 1, 0, self.deck_size - 1)
        uniform = (word >> 8).astype(jnp.float32) * jnp.float32(2.0 ** -24)  # [0, 1)
        pick = jnp.minimum((uniform * left).astype(jnp.int32), top)
        pick = jnp.where(ordered, top, pick)
        card, other = deck[pick], deck[top]
        position = jnp.arange(self.deck_size)
        deck = jnp.where(position == pick, other, deck)
        return jnp.where(position == top, card, deck), card

    def _draw(self, deck: jax.Array, left: jax.Array, count: jax.Array, words: jax.Array,
              ordered: jax.Array) -> tuple[jax.Array, jax.Array]:
        """Draw ``count`` (at most a hand) cards of ``deck[:left]`` (:meth:`_draw_one`
        each, by ``words``); returns the deck and the drawn cards' hand code."""
        code: jax.Array = jnp.zeros((), jnp.int32)
        for k in range(self.hand_size):
            drawn, card = self._draw_one(deck, left - k, words[k], ordered)
            deck = jnp.where(k < count, drawn, deck)
            code = code + jnp.where(k < count, self._pow[card.astype(jnp.int32)], 0)
        return deck, code

    def init(self, key: jax.Array) -> JaxDrecksauState:
        """A new game dealt from ``key`` (a ``jax.random.PRNGKey`` or ``jax.random.key``):
        the deck shuffled, a card at a time to each seat as at the table, seat 0 to act."""
        raw = jax.random.key_data(key) if jnp.issubdtype(key.dtype, jax.dtypes.prng_key) else key
        raw, dealing = jax.random.split(raw)
        D, P, H = self.deck_size, self.num_players, self.hand_size
        deck = self._shuffle(dealing, self._full_deck, jnp.int32(D))
        # the top card (the deck's end) to seat 0, the next to seat 1, ..., H rounds
        hands = self._dealt_hands(deck)
        state = JaxDrecksauState(
            current_player=jnp.int32(0), phase=jnp.int32(0), turn=jnp.int32(0),
            hands=hands.astype(jnp.int32),
            pigs=jnp.zeros((P, self.pigs_each), jnp.int8), deck=deck,
            deck_len=jnp.int32(D - H * P), deck_ordered=jnp.bool_(True),
            discard=jnp.zeros(D + _WIDTH, jnp.int8), discard_len=jnp.int32(0),
            pile=jnp.zeros(self.kinds, jnp.int32), key=raw, winner=jnp.int32(-1),
            win_kind=jnp.int32(0), terminated=jnp.bool_(False),
            rewards=jnp.zeros(P, jnp.float32),
            legal_action_mask=jnp.zeros(self.num_actions, jnp.bool_))
        return state._replace(legal_action_mask=self.legal_action_mask(state))

    def _dealt_hands(self, deck: jax.Array) -> jax.Array:
        """The hands dealt from a shuffled full ``deck``: the top card (the deck's end)
        to seat 0, the next to seat 1, ..., ``H`` rounds."""
        D, P, H = self.deck_size, self.num_players, self.hand_size
        order = D - 1 - np.arange(H * P).reshape(H, P)
        return self._pow[deck[order].astype(jnp.int32)].sum(axis=0).astype(jnp.int32)

    def auto_reset(self, state: JaxDrecksauState) -> JaxDrecksauState:
        """A new game (from the game's key) where the game is over, else ``state``;
        ``terminated`` and ``rewards`` are the new game's (0)."""
        fresh = self.init(jax.random.fold_in(state.key, 1))
        over = state.phase == 2
        advanced = state._replace(key=jax.random.fold_in(state.key, 2))
        return _where(over, fresh, advanced)

    # ----------------------------------------------------------------------------------
    # Legal actions
    # ----------------------------------------------------------------------------------
    def legal_action_mask(self, state: JaxDrecksauState) -> jax.Array:
        """The legal slots of the seat to act (bool, ``A``), computed from the state
        (what ``state.legal_action_mask`` holds after ``init`` and ``step``)."""
        P = self.num_players
        player = state.current_player
        rank = self._rank[state.hands[player]]
        R = self._hands_ranked
        row = jnp.where(state.phase == 0, rank, jnp.where(state.phase == 1, R + rank, 2 * R))
        by_hand = self._by_hand[row]
        have_bits = jnp.where(state.phase != 2, self._have_bits[rank], 0)
        relative = jnp.roll(state.pigs.astype(jnp.int32), -player, axis=0)  # row r: seat+r
        fits = self._fit_bits[relative]
        fits = jnp.where((jnp.arange(P) == 0)[:, None], fits & have_bits & self._own_bits,
                         fits & have_bits & self._other_bits).reshape(-1)
        bits = ((fits[:, None] >> jnp.arange(8)) & 1).astype(jnp.bool_).reshape(-1)
        plays = jnp.concatenate([bits, jnp.zeros(1, jnp.bool_)])[self._play_bit_of]
        if self._has_show:  # German: discard one only beside a usable card, else show
            in_turn = state.phase == 0
            usable = by_hand[self._rain_slot] | jnp.any(fits != 0)
            empty = self._hand_len[rank] == 0
            by_hand = jnp.where(self._discard_columns, by_hand & usable, by_hand)
            by_hand = jnp.where(self._show_column, in_turn & ~usable & ~empty, by_hand)
        return by_hand | plays

    # ----------------------------------------------------------------------------------
    # Step
    # ----------------------------------------------------------------------------------
    def step(self, state: JaxDrecksauState, action: jax.Array, *,
             auto_reset: bool = False) -> JaxDrecksauState:
        """Play ``action`` (a slot of the seat to act) and return the next state; a
        finished game, or an illegal slot, leaves the state as it is (rewards 0).

        ``auto_reset`` (a Python bool: ``functools.partial(env.step, auto_reset=True)``
        before ``vmap``): where the game is over after the action, a new game is dealt
        from the game's key at once, sharing the step's one shuffle (cheaper than
        :meth:`auto_reset` after the step); ``terminated`` and ``rewards`` still tell
        of the game that ended, every other field is the new game's (as the numpy
        simulator's ``step(..., auto_reset=True)``)."""
        P, N, H = self.num_players, self.pigs_each, self.hand_size
        s = state
        action = jnp.clip(jnp.asarray(action, jnp.int32), 0, self.num_actions - 1)
        live = (s.phase != 2) & s.legal_action_mask[action]
        a = jnp.where(live, self._slot_column[s.current_player * self.num_actions + action],
                      self._internal)
        player = s.current_player
        before = s.hands[player]
        bits = self._bits[a]
        clears = (bits & _B_CLEARS) != 0
        after = jnp.where(clears, 0, before - self._delta[a])
        # the targeted pig (untargeted actions rewrite pig 0.0 unchanged)
        pigs = s.pigs.astype(jnp.int32).reshape(-1)
        pig_at = self._pig_at[a]
        flags = pigs[pig_at]
        pigs = jnp.where(jnp.arange(P * N) == pig_at, (flags & self._and[a]) | self._or[a], pigs)
        pigs = jnp.where((bits & _B_RAIN) != 0, self._rained[pigs], pigs)
        # the discard pile: four cards written, ``count`` kept
        found = ((bits & _B_LIGHTNING) != 0) & ((flags & self._found_flag) != 0)
        count = self._count[a] + found
        added = self._append[a]
        pile = s.pile + self._pile_delta[a] + found * self._found_delta[a]
        if self.pretty_wins:  # further Lucky Birds go too, lost unused
            lucky = (bits & _B_LUCKY) != 0
            extra = jnp.where(lucky, (after // self._pow[self._lucky]) % (H + 1), 0)
            after = after - extra * self._pow[self._lucky]
            count = count + extra
            pile = pile.at[self._lucky].add(extra)
        rank = self._rank[before]
        added = jnp.where(clears, self._hand_sorted[rank], added)  # show / done: the hand
        count = jnp.where(clears, self._hand_len[rank], count)
        pile = pile + jnp.where(clears, self._hand_counts[rank], 0)
        offset = jnp.arange(self.deck_size + _WIDTH) - s.discard_len
        discard = s.discard
        for j in range(_WIDTH):  # four where's: a gather is slower on the CPU
            discard = jnp.where(offset == j, added[j].astype(jnp.int8), discard)
        discard_len = s.discard_len + count
        # a win ends the game at once: no refill
        target = self._target[a]
        row = pigs.reshape(P, N)[target]
        dirty = jnp.all(self._all_dirty[row])
        won = dirty | jnp.all(self._pretty[row]) if self.pretty_wins else dirty
        winning = ((bits & _B_WIN) != 0) & won
        ending = (a != self._internal) & ~winning
        phase = jnp.where(winning, 2, s.phase)
        turn = s.turn + winning
        rewards = jnp.where(winning & (jnp.arange(P) == target), 1.0, 0.0).astype(jnp.float32)
        if self.pretty_wins:  # a Lucky Bird (or a card in its turn) keeps the turn
            open_turn = (ending & ((bits & _B_PLAY) != 0) & (after != 0)
                         & (((bits & _B_LUCKY) != 0) | (phase == 1)))
            phase = jnp.where(open_turn, 1, phase)
            ending = ending & ~open_turn
        s = s._replace(
            phase=phase, turn=turn, pigs=pigs.reshape(P, N).astype(jnp.int8),
            discard=discard, discard_len=discard_len, pile=pile,
            winner=jnp.where(winning, target, s.winner),
            win_kind=jnp.where(winning, jnp.where(dirty, 1, 2), s.win_kind),
            terminated=(s.phase == 2) | winning, rewards=rewards)
        s = self._end_turn(s, ending, player, after, auto_reset)
        return s._replace(legal_action_mask=self.legal_action_mask(s))

    def _end_turn(self, s: JaxDrecksauState, ending: jax.Array, player: jax.Array,
                  held: jax.Array, reset: bool) -> JaxDrecksauState:
        """Pass the turn where it ends (or stop at the cap) and refill the hand of
        ``player`` (holding ``held`` now): the deck's cards, and where they run short
        the rest of the deck, then the discard pile shuffled into a new deck."""
        P, D = self.num_players, self.deck_size
        phase = jnp.where(ending, 0, s.phase)
        turn = s.turn + ending
        capped = ending & (turn >= self.turn_cap)
        phase = jnp.where(capped, 2, phase)
        drawing = ending & ~capped
        current = (s.current_player + drawing) % P
        missing = jnp.where(ending, self.hand_size - self._code_len[held], 0)
        refill = (missing > s.deck_len) & (s.discard_len > 0)
        # the deck's last cards first (fewer than a hand, all of them: no order needed),
        # then the pile becomes the deck
        held = held + self._top_cards(s.deck, s.deck_len, jnp.where(refill, s.deck_len, 0))
        missing = missing - jnp.where(refill, s.deck_len, 0)
        key, drawing_key = jax.random.split(s.key)
        H, dealt = self.hand_size, self.hand_size * P
        words = jax.random.bits(drawing_key, (H + (dealt if reset else 0),), jnp.uint32)
        deck = jnp.where(refill, s.discard[:D], s.deck)  # drawn at random from now on
        deck_len = jnp.where(refill, s.discard_len, s.deck_len)
        ordered = s.deck_ordered & ~refill
        # every other card from the top: ``missing``, fewer where the deck runs out
        count = jnp.minimum(missing, deck_len)
        deck, drawn = self._draw(deck, deck_len, count, words, ordered)
        s = s._replace(
            phase=phase, turn=turn, current_player=current,
            terminated=s.terminated | capped,
            hands=jnp.where(jnp.arange(P) == player, held + drawn, s.hands),
            deck=deck, deck_len=deck_len - count, deck_ordered=ordered,
            discard_len=jnp.where(refill, 0, s.discard_len),
            pile=jnp.where(refill, 0, s.pile), key=key)
        if not reset:
            return s
        # a new deal where the game is over: a card at a time to each seat, each a
        # random one of the deck (the deal of init, shuffled draw by draw)
        new_deck, hands = self._full_deck, jnp.zeros(P, jnp.int32)
        for i in range(dealt):
            new_deck, card = self._draw_one(new_deck, jnp.int32(D - i), words[H + i],
                                            jnp.bool_(False))
            hands = hands.at[i % P].add(self._pow[card.astype(jnp.int32)])
        fresh = s._replace(  # terminated and rewards: the ended game's
            current_player=jnp.int32(0), phase=jnp.int32(0), turn=jnp.int32(0),
            hands=hands, pigs=jnp.zeros_like(s.pigs), deck=new_deck,
            deck_len=jnp.int32(D - dealt), deck_ordered=jnp.bool_(False),
            discard_len=jnp.int32(0), pile=jnp.zeros_like(s.pile),
            winner=jnp.int32(-1), win_kind=jnp.int32(0))
        return _where(phase == 2, fresh, s)

    # ----------------------------------------------------------------------------------
    # Observe
    # ----------------------------------------------------------------------------------
    def observe(self, state: JaxDrecksauState, seat: jax.Array | int | None = None) -> jax.Array:
        """The AEC environment's observation (float32, ``F``) of the seat to act, or of
        ``seat`` (an int or a traced int): from what that seat may see only, its own
        hand and never another's."""
        P, N, Pm, M = self.num_players, self.pigs_each, self._max_players, self._max_pigs
        observer = state.current_player if seat is None else jnp.asarray(seat, jnp.int32)
        running = state.phase != 2
        own = state.hands[observer]
        hand = self._hand_rows[self._rank[own]]
        relative = jnp.roll(state.pigs.astype(jnp.int32), -observer, axis=0)  # P x N
        flag_bits = ((relative[:, :, None] >> self._pig_shifts) & 1).astype(jnp.float32)
        pigs = jnp.pad(jnp.concatenate([jnp.ones((P, N, 1), jnp.float32), flag_bits], axis=2),
                       ((0, Pm - P), (0, M - N), (0, 0)))
        seated = jnp.pad(jnp.ones(P, jnp.float32), (0, Pm - P))
        sizes = jnp.pad(self._size_entries[jnp.roll(state.hands, -observer)], (0, Pm - P))
        acting = (state.current_player - observer) % P
        to_act = jnp.pad(((jnp.arange(P) == acting) & running).astype(jnp.float32),
                         (0, Pm - P))
        discard = self._discard_entries[jnp.arange(self.kinds), state.pile]
        top = jnp.where(state.discard_len > 0,
                        state.discard[jnp.maximum(state.discard_len - 1, 0)].astype(jnp.int32),
                        -1)
        discard_top = (jnp.arange(self.kinds) == top).astype(jnp.float32)
        scalars = jnp.stack([self._deck_entries[state.deck_len],
                             (state.phase == 1).astype(jnp.float32),
                             self._turn_entries[jnp.minimum(state.turn, self.turn_cap + 1)]])
        return jnp.concatenate([hand, pigs.reshape(-1), seated, sizes, to_act, discard,
                                discard_top, scalars])

    # ----------------------------------------------------------------------------------
    # Converters (numpy simulator <-> JAX)
    # ----------------------------------------------------------------------------------
    def from_batched(self, batch: BatchState, keys: jax.Array) -> JaxDrecksauState:
        """The JAX states (batched: a leading axis of ``B``) of the numpy simulator's
        ``batch`` of the same ruleset and table, every game as it stands (decks in their
        order); ``keys`` (``B`` keys, e.g. ``jax.random.split(key, B)``) for the shuffles
        to come. The mask is computed here (:meth:`legal_action_mask`)."""
        B, K = batch.batch_size, self.kinds
        if batch.hands.shape[1] != self.num_players or batch.deck.shape[1] != self.deck_size:
            raise ValueError(f"the batch is not {self.ruleset} at {self.num_players} players")
        raw = jax.random.key_data(keys) if jnp.issubdtype(keys.dtype, jax.dtypes.prng_key) \
            else keys
        pile = ((batch.pile_counts[:, None] >> (_PILE_BITS * np.arange(K, dtype=np.int64)))
                & ((1 << _PILE_BITS) - 1))
        state = JaxDrecksauState(
            current_player=_const(batch.current_player), phase=_const(batch.phase),
            turn=_const(batch.turn), hands=_const(batch.hands),
            pigs=_const(batch.pigs, jnp.int8), deck=_const(batch.deck, jnp.int8),
            deck_len=_const(batch.deck_len), deck_ordered=jnp.ones(B, jnp.bool_),
            discard=_const(batch.discard, jnp.int8), discard_len=_const(batch.discard_len),
            pile=_const(pile), key=jnp.asarray(raw, jnp.uint32).reshape(B, 2),
            winner=_const(batch.winner), win_kind=_const(batch.win_kind),
            terminated=_const(batch.terminated, jnp.bool_),
            rewards=_const(batch.rewards, jnp.float32),
            legal_action_mask=jnp.zeros((B, self.num_actions), jnp.bool_))
        return state._replace(legal_action_mask=self._batch_legal(state))

    def to_batched(self, state: JaxDrecksauState, seed: int = 0) -> BatchState:
        """The numpy simulator's batch of these (batched) JAX states; its random streams
        are zero (the JAX keys have no SplitMix64 state) and its seeds -1. A pile not in
        drawing order (``deck_ordered`` False) is shuffled here (numpy's generator from
        ``seed``), since the numpy simulator draws from the top."""
        sim = self.numpy_twin
        B = int(state.phase.shape[0])
        pile = np.asarray(state.pile).astype(np.int64)
        packed = (pile << (_PILE_BITS * np.arange(self.kinds, dtype=np.int64))).sum(axis=1)
        batch = sim.init(np.zeros(B, dtype=np.int64))  # the layout; every field replaced
        for name, value in (("current_player", state.current_player), ("phase", state.phase),
                            ("turn", state.turn), ("hands", state.hands), ("pigs", state.pigs),
                            ("deck", state.deck), ("deck_len", state.deck_len),
                            ("discard", state.discard), ("discard_len", state.discard_len),
                            ("winner", state.winner), ("win_kind", state.win_kind),
                            ("terminated", state.terminated), ("rewards", state.rewards),
                            ("legal_action_mask", state.legal_action_mask)):
            field = getattr(batch, name)
            field[...] = np.asarray(value).astype(field.dtype)
        noise = np.random.default_rng(seed)
        for lane in np.flatnonzero(~np.asarray(state.deck_ordered)).tolist():
            left = int(batch.deck_len[lane])
            batch.deck[lane, :left] = noise.permutation(batch.deck[lane, :left])
        batch.pile_counts[...] = packed
        batch.rng[...] = 0
        batch.seed[...] = -1
        return batch
