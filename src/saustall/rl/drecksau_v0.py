"""Drecksau / Dirty Pig as a PettingZoo AEC environment (``classic`` style).

``env(ruleset="dirty-pig", num_players=2, render_mode=None, reward_scale="points",
**options)`` is the wrapped
environment (terminate-illegal, out-of-bounds and order-enforcing checks, in one
:class:`~saustall.rl.wrapper.ClassicWrapper`);
``raw_env(...)`` the bare one. Every ruleset of the game is reachable: ``dirty-pig``
(2-6 players), ``drecksau`` (2-4), ``sauschoen`` (2-6) and ``sauschoen-tournament``
(2-6); ``options`` are the ruleset's options (``turn_cap``, ``hand_size``...). Agents are
``player_0`` ... ``player_{n-1}``; seat 0 moves first.

Rewards are the game's own result (:meth:`GameState.returns`), paid at the end; a game
stopped at ``turn_cap`` ends as a draw (0 each) and is reported as *truncated*, not
terminated:

| ``reward_scale`` | a win | a loss or a draw | an episode's return |
| --- | --- | --- | --- |
| ``"points"`` (default) | 1 | 0 | 0 or 1 (a tournament: 1 to its winner) |
| ``"normalized"`` | 1 | 0 | the same: already in [0, 1] |

``render_mode="ansi"`` makes ``render()`` return the table as the terminal client draws
it (``saustall play drecksau``), from the spectator's view (no hand): each player's
pigs and hand size, who is to play, the deck and the discard pile, the tournament's
stacks; ``"human"`` prints it (with colours) and returns None.

Seats are relative (see :mod:`saustall.rl.common`): row 0 is the observing or acting seat.
``P`` is the ruleset's most players (6, or 4 for ``drecksau``), ``M`` its most pigs per
player (5, or 3 with Sauschön), ``K`` the card kinds in its deck (7, or 10 with Sauschön:
mud, rain, barn, farmer, door, lightning, rod, pretty, escape, lucky-bird), all fixed per
ruleset so that one policy plays any table size.

Action space ``Discrete(n)``, fixed per ruleset, in this order:

| block | entries | meaning |
| --- | --- | --- |
| one block per card kind of the deck, in card-kind order: | | |
| own-pig cards (mud, barn, door, rod) | ``M`` | the card on own pig ``i`` (block offset ``i``) |
| other-player cards (farmer, lightning) | ``(P-1)*M`` | on pig ``i`` of relative seat ``r`` (1..P-1): ``(r-1)*M + i`` |
| any-pig cards (pretty, escape) | ``P*M`` | on pig ``i`` of relative seat ``r`` (0..P-1): ``r*M + i`` |
| untargeted cards (rain, lucky-bird) | 1 | play the card |
| discards | one per multiset | ``exchange`` rulesets: every multiset of 1-3 card kinds; ``drecksau``: one card of each kind |
| ``show`` | 1 (``drecksau`` only) | show a hand with nothing usable and redraw |
| ``pass`` | 1 | empty hand, nothing to draw |
| ``done`` | 1 (Sauschön only) | end a Lucky Bird turn |

Discards come by size, then by the sorted kinds; ``raw_env().actions.slots`` names every
index. ``dirty-pig`` has 191 actions, ``drecksau`` 60, ``sauschoen`` and
``sauschoen-tournament`` 367.

Observation: a float32 vector in [0, 1], built from ``state.view(seat)`` only:

| offset | size | block | meaning |
| --- | --- | --- | --- |
| 0 | ``K`` | ``hand`` | cards of each kind in my hand / 4 |
| ``K`` | ``P*M*6`` | ``pigs`` | per relative seat, per pig: present, dirty, barn, door, rod, pretty |
| | ``P`` | ``seated`` | relative seat plays this round |
| | ``P`` | ``hand_counts`` | cards in that seat's hand / 4 |
| | ``P`` | ``to_act`` | that seat is to act |
| | ``K`` | ``discard`` | discard pile, per kind / that kind's count in the deck |
| | ``K`` | ``discard_top`` | the discard pile's top card (one-hot) |
| | 1 | ``deck`` | cards in the deck / deck size |
| | 1 | ``lucky`` | a Lucky Bird turn is under way |
| | 1 | ``turn`` | turns played / ``turn_cap`` |
| | 10 + ``P`` | ``tournament`` | ``sauschoen-tournament`` only: trophies left (1, 2, 3 points), buckets left (1, 2, 3), score per relative seat / 12, deciding round, round / round cap, rounds won with pretty pigs / 3, with dirty / 3 (each at most 1) |

The exact offsets of a ruleset: ``raw_env(ruleset=...).layout.table()``.
"""

from __future__ import annotations

import struct
from operator import itemgetter, truediv
from typing import Any

import numpy as np
from rich.console import Console

from saustall.core.game import GameState, View
from saustall.games.drecksau.game import DrecksauState, SeatCounts
from saustall.games.drecksau.rulesets import CARD_BY_NAME, CARD_KINDS
from saustall.rl.common import ActionTable, TurnBasedEnv, make_env
from saustall.rl.drecksau_space import MAX_HAND, PIG_BITS, PIG_FLAGS, DrecksauSpace

__all__ = ["MAX_HAND", "PIG_BITS", "PIG_FLAGS", "env", "raw_env"]


class raw_env(TurnBasedEnv):
    """Drecksau without wrappers (see the module docstring)."""

    game_name = "drecksau"
    metadata = {**TurnBasedEnv.metadata, "name": "drecksau_v0"}

    def __init__(self, ruleset: str | None = "dirty-pig", num_players: int | None = 2,
                 render_mode: str | None = None, reward_scale: str = "points",
                 **options: Any) -> None:
        self._prepare(ruleset, num_players)
        super().__init__(ruleset, num_players, render_mode, reward_scale, **options)
        self._prepare_seats()

    def draw(self, view: View, console: Console) -> None:
        """The terminal client's table (:func:`saustall.games.drecksau.terminal.draw_table`)."""
        from saustall.games.drecksau.terminal import draw_table  # the CLI's: only to render

        draw_table(view, console)

    def _prepare(self, ruleset: str | None, num_players: int | None) -> None:
        from saustall.core.registry import get

        game = get("drecksau", ruleset)
        space = self.space = DrecksauSpace(
            ruleset, num_players if num_players is not None else game.default_players)
        """The slots and the encoder, shared with the batched simulator."""
        self.max_players, self.max_pigs = space.max_players, space.max_pigs
        self.kinds = space.kinds
        self.deck_total = space.deck_total
        self.deck_total_by_name = {CARD_KINDS[kind]: count
                                   for kind, count in self.deck_total.items()}
        self.deck_size = space.deck_size
        self.exchange = space.exchange
        self.tournament = space.tournament
        self.layout = space.layout
        self.kind_slot = space.kind_slot
        self.name_slot = {CARD_KINDS[kind]: i for i, kind in enumerate(self.kinds)}

    # -- actions -----------------------------------------------------------------------
    def build_actions(self) -> ActionTable:
        return self.space.action_table()

    # -- observations ------------------------------------------------------------------
    def observation_size(self) -> int:
        return self.layout.size

    def _prepare_seats(self) -> None:
        """Per observing seat, the seats in relative order; the byte chunks
        :meth:`encode_counts` joins."""
        n, m = self.num_players, self.max_pigs
        self._rel = [[(s - seat) % n for s in range(n)] for seat in range(n)]
        # encode_counts: the seats of a table in relative order, per observing seat, and
        # the zeros of the pig rows of seats beyond the table
        self._order = [[(seat + r) % n for r in range(n)] for seat in range(n)]
        self._pig_padding = bytes(4 * 6 * m * (self.max_players - n))
        self._chunks: dict[tuple[int, ...], bytes] = {}
        # the discard block: each kind's count / its count in the deck, packed at once
        k = len(self.kinds)
        self._pick_discards = itemgetter(*self.kinds)  # every deck has 7 kinds or more
        self._deck_totals = [self.deck_total[kind] for kind in self.kinds]
        self._pack_discards = struct.Struct(f"{k}f").pack
        # the discard top: one-hot per kind, zeros for an empty pile (-1)
        self._tops = {kind: self._chunk((3, kind)) for kind in [-1, *self.kinds]}
        self._pack_tail = struct.Struct("3f").pack

    def observation_vector(self, state: GameState, seat: int) -> np.ndarray:
        """A round's observation from :meth:`DrecksauState.view_counts` (the seat's view,
        as ints: :meth:`encode_counts`), a tournament's from its view (:meth:`encode`)."""
        if isinstance(state, DrecksauState):
            return self.encode_counts(state.view_counts(seat), seat)
        return self.encode(state.view(seat), seat)

    CHUNKS_KEPT = 200_000
    """Byte chunks of :meth:`encode_counts` remembered (memory stays bounded)."""

    def encode_counts(self, counts: SeatCounts, seat: int) -> np.ndarray:
        """:meth:`encode` from the ints of :meth:`DrecksauState.view_counts` (the same
        observation, without the view's dicts and names), writable.

        The vector is joined from float32 byte chunks: the hand, each pig row and the
        seated / hand_counts / to_act blocks are looked up by the ints they are made of
        (built once by :meth:`_chunk` with the shared encoder,
        :meth:`DrecksauSpace.encode`), the rest packed by ``struct`` (the encoder's
        float32 rounding of the same quotients): a few calls a step instead of an item
        write per entry.
        """
        (hand, pigs, participants, to_act, hand_counts, discard_counts, top, deck_count,
         phase, turn, turn_cap) = counts
        chunks = self._chunks
        if len(chunks) >= self.CHUNKS_KEPT:
            chunks.clear()
            self._tops = {kind: self._chunk((3, kind)) for kind in [-1, *self.kinds]}
        # keys: a tag (0 hand, 1 pig row, 2 seated/hand_counts/to_act), then the ints;
        # -1 separates lists of varying length. The discard pile takes too many forms to
        # look up: packed (the same float32 rounding as the encoder's).
        parts = [chunks.get((0, *hand)) or self._chunk((0, *hand))]
        for s in self._order[seat]:
            key = (1, *pigs[s])
            parts.append(chunks.get(key) or self._chunk(key))
        parts.append(self._pig_padding)
        key = (2, seat, *participants, -1, *to_act, -1, *hand_counts)
        parts.append(chunks.get(key) or self._chunk(key))
        parts.append(self._pack_discards(*map(truediv, self._pick_discards(discard_counts),
                                              self._deck_totals)))
        parts.append(self._tops[top])
        parts.append(self._pack_tail(deck_count / self.deck_size,
                                     1.0 if phase == "lucky-bird" else 0.0,
                                     min(1.0, turn / turn_cap)))
        # joined into a bytearray: the array is writable, the caller's (no copy to make)
        return np.frombuffer(bytearray().join(parts), dtype=np.float32)

    def _chunk(self, key: tuple[int, ...]) -> bytes:
        """The float32 bytes of one chunk of :meth:`encode_counts` (see its keys; tag 3:
        the discard top), cut from a row the shared encoder wrote, and remembered."""
        tag, *ints = key
        n, k, p, m = self.num_players, len(self.kinds), self.max_players, self.max_pigs
        at = self.layout.at
        hand = np.zeros((1, k), np.int64)
        pigs = np.zeros((1, n, m), np.int64)
        seated, to_act, sizes = (np.zeros((1, n), np.int64) for _ in range(3))
        top = np.array([-1])
        if tag == 0:  # hand: the card kinds held
            for kind in ints:
                hand[0, self.kind_slot[kind]] += 1
        elif tag == 1:  # one seat's pigs (flag bits): relative seat 0's row
            pigs = np.zeros((1, 1, len(ints)), np.int64)
            pigs[0, 0] = ints
        elif tag == 2:  # seated, hand_counts, to_act of the observing seat
            seat, *rest = ints
            split = rest.index(-1)
            participants, rest = rest[:split], rest[split + 1:]
            split = rest.index(-1)
            acting, hand_counts = rest[:split], rest[split + 1:]
            rel = self._rel[seat]
            for s in participants:
                seated[0, rel[s]] = 1
            for s, count in enumerate(hand_counts):
                sizes[0, rel[s]] = count
            for s in acting:
                to_act[0, rel[s]] = 1
        else:  # the discard top
            top[0] = ints[0]
        row = self.space.encode(self.space.blank(1), hand, pigs, seated, sizes, to_act,
                                np.zeros((1, k)), top, [0], [0], [0], 1)[0]
        start, size = {0: (0, k), 1: (at["pigs"], 6 * m), 2: (at["seated"], 3 * p),
                       3: (at["discard_top"], k)}[tag]
        found = bytes(row[start:start + size].tobytes())
        if tag != 3:
            self._chunks[key] = found
        return found

    def encode(self, view: View, seat: int) -> np.ndarray:
        """``seat``'s observation from its view, by the shared encoder (a writable copy)."""
        n, k, space = self.num_players, len(self.kinds), self.space
        rel = self._rel[seat]
        hand = np.zeros((1, k), np.int64)
        for name in view.get("hand") or ():
            hand[0, self.name_slot[name]] += 1
        rows = view["pigs"]
        pigs = np.zeros((1, n, max([len(row) for row in rows] + [1])), np.int64)
        for s, row in enumerate(rows):
            for i, flags in enumerate(row):
                pigs[0, rel[s], i] = sum(bit for name, bit in zip(PIG_FLAGS, PIG_BITS)
                                         if flags[name])
        seated, to_act, sizes = (np.zeros((1, n), np.int64) for _ in range(3))
        for s in view["participants"]:
            seated[0, rel[s]] = 1
        for s in view["to_act"]:
            to_act[0, rel[s]] = 1
        for s, count in enumerate(view["hand_counts"]):
            sizes[0, rel[s]] = count
        discard = np.zeros((1, k))
        for name, count in view["discard_pile"].items():
            discard[0, self.name_slot[name]] = count
        top = view["discard_top"]
        obs = space.encode(space.blank(1), hand, pigs, seated, sizes, to_act, discard,
                           [CARD_BY_NAME[top] if top is not None else -1],
                           [view["deck_count"]], [view["phase"] == "lucky-bird"],
                           [view["turn"]], view["turn_cap"])
        if self.tournament:
            space.encode_tournament(obs, view["tournament"], seat)
        # a float32 copy of the row: writable, the caller's (as encode_counts' arrays)
        return np.array(obs[0], dtype=np.float32)


env = make_env(raw_env)
