"""The tables the batched Drecksau simulator steps by, built once per simulator.

:class:`BatchTables` turns one ruleset and player count into numpy lookup tables: every
engine action as a row of properties (what it sets and clears on a pig, what it puts on the
discard pile, whether it may win), the AEC environment's action slots against the engine's
codes, every hand as sorted card kinds with the codes it may play, and every pig flag's
after-effects (rain, all dirty, pretty). :class:`~saustall.rl.batched.BatchedDrecksau`
builds them in its constructor and its step only indexes them.
"""

from __future__ import annotations

from itertools import combinations_with_replacement

import numpy as np

from saustall.games.drecksau.actions import (
    DONE, PASS, SHOW, discard_action, is_discard, is_play, play_action, play_pig,
    play_target, played_card,
)
from saustall.games.drecksau.rulesets import LUCKY
from saustall.games.drecksau.targets import (
    ANYONE, CARD_SCOPE, DIRTY, FOUND_CARD, FOUND_FLAG, IS_PRETTY, MAY_COMPLETE, OTHERS, OWN,
    PIG_CLEARS, PIG_SETS, PLAY_DISCARDS, RAIN_WASH, UNTARGETED, WASHING_CARD, row_masks,
)
from saustall.rl.drecksau_space import DrecksauSpace
from saustall.rl.lanes import runs_of

I8, I32, I64, U8, U16, U32, U64 = (np.int8, np.int32, np.int64, np.uint8, np.uint16,
                                     np.uint32, np.uint64)
_FLAGS = 32
"""Pig flag values 0..31."""
_WIDTH = 4  # a uint32: the step writes the four as one word
"""The most cards one action puts on the discard pile (a German hand of four shown)."""
_PILE_BITS = 6
"""Bits of each card kind's count in ``pile_counts``."""

# Action kinds (per column, plus one no-op column for finished lanes).
_PLAY, _DISCARD, _SHOW, _PASS, _DONE, _NOOP = range(6)
# Bits of an action's properties, and the rows of the action table (_build_actions).
_B_PLAY, _B_CLEARS, _B_RAIN, _B_LIGHTNING, _B_LUCKY, _B_WIN = 1, 2, 4, 8, 16, 32
_F_BITS, _F_TARGET, _F_PIG, _F_AND, _F_OR, _F_COUNT, _F_DELTA = range(7)


class BatchTables:
    """The lookup tables of one ruleset and player count (see the module docstring); the
    simulator sets the fields below before it builds them."""

    num_players: int
    pigs_each: int
    kinds: int
    hand_size: int
    exchange: bool
    space: DrecksauSpace
    num_actions: int

    def build_tables(self) -> None:
        """Build every table from the fields above."""
        self._build_actions()
        self._build_slots()
        self._build_hand_tables()
        self._build_pig_tables()

    def _build_actions(self) -> None:
        P, N, K = self.num_players, self.pigs_each, self.kinds
        targeted = [c for c in range(K) if CARD_SCOPE[c] != UNTARGETED]
        self._targeted = targeted
        codes: list[int] = []
        for card in range(K):
            if CARD_SCOPE[card] == UNTARGETED:
                codes.append(play_action(card))
            else:
                codes += [play_action(card, t, i) for t in range(P) for i in range(N)]
        codes += [SHOW, PASS, DONE]
        sizes = range(1, self.hand_size + 1) if self.exchange else range(1, 2)
        discards = sorted({discard_action(combo) for size in sizes
                           for combo in combinations_with_replacement(range(K), size)})
        self._discard_start = len(codes)
        self._discard_sets = [sorted(combo) for size in sizes
                              for combo in combinations_with_replacement(range(K), size)]
        self._discard_sets.sort(key=discard_action)
        codes += discards
        # Internal columns: the engine's codes in increasing order (absolute seats); the
        # step works on these, the slots (relative seats) map onto them per acting seat.
        self._codes = np.array(codes, dtype=I32)
        self._internal = len(codes)
        self._column = {code: i for i, code in enumerate(codes)}
        self._show, self._pass, self._done = (self._column[c] for c in (SHOW, PASS, DONE))
        self._untargeted_cols = np.array([self._column[play_action(c)] for c in range(K)
                                          if CARD_SCOPE[c] == UNTARGETED], dtype=np.intp)
        self._untargeted_kinds = np.array([c for c in range(K) if CARD_SCOPE[c] == UNTARGETED],
                                          dtype=np.intp)
        # Play columns in (targeted kind, seat, pig) order, as _legal builds them.
        self._kind_columns = [self._column[play_action(c, 0, 0)] for c in targeted]
        A = self._internal + 1  # the last row describes the no-op of a finished lane
        self._kind = np.full(A, _NOOP, dtype=I8)
        self._card = np.zeros(A, dtype=I8)
        self._target = np.zeros(A, dtype=np.intp)
        self._pig_offset = np.zeros(A, dtype=np.intp)
        self._and = np.full(A, 0xFF, dtype=U8)
        self._or = np.zeros(A, dtype=U8)
        self._append = np.zeros((A, _WIDTH), dtype=I8)
        self._append_n = np.zeros(A, dtype=I32)
        self._discard_count = np.zeros((A, K), dtype=I32)
        # The engine's effect table (targets.py), as an AND and an OR on the pig's flags, the
        # cards a play puts on the discard pile and how many of them surely go there (the
        # card found on the pig, FOUND_CARD, and Lucky Bird's further Lucky Birds in the
        # hand are counted at the step).
        pig_ops = {card: (~PIG_CLEARS[card] & 0xFF, PIG_SETS[card]) for card in range(K)}
        goes = {card: list(PLAY_DISCARDS[card])
                + ([FOUND_CARD[card]] if FOUND_FLAG[card] else []) for card in range(K)}
        goes[LUCKY] = [LUCKY] * _WIDTH
        counts = {card: len(PLAY_DISCARDS[card]) for card in range(K)}
        found = {FOUND_FLAG[card] for card in range(K)} - {0}
        if len(found) > 1:
            raise AssertionError("the step counts one kind of card found on a pig")
        self._found_flag = U8(found.pop() if found else 0)
        for col, code in enumerate(codes):
            if is_play(code):
                card, t, i = played_card(code), play_target(code), play_pig(code)
                self._kind[col], self._card[col] = _PLAY, card
                self._discard_count[col, card] = 1
                if CARD_SCOPE[card] != UNTARGETED:
                    self._target[col], self._pig_offset[col] = t, t * N + i
                    self._and[col], self._or[col] = pig_ops[card]
                cards = goes.get(card, [])
                self._append[col, :len(cards)] = cards
                self._append_n[col] = counts.get(card, 0)
            elif is_discard(code):
                cards = self._discard_sets[col - self._discard_start]
                self._kind[col] = _DISCARD
                self._append[col, :len(cards)] = cards
                self._append_n[col] = len(cards)
                for card in cards:
                    self._discard_count[col, card] += 1
            else:
                self._kind[col] = {SHOW: _SHOW, PASS: _PASS, DONE: _DONE}[code]
        kind, cards_played = self._kind, self._card
        self._delta = self._discard_count.astype(I64) @ (self.hand_size + 1) ** np.arange(
            K, dtype=I64)  # the hand code a play or discard takes away
        self._is_play = kind == _PLAY
        self._clears_hand = (kind == _SHOW) | (kind == _DONE)
        self._is_rain = self._is_play & (cards_played == WASHING_CARD)
        self._is_lightning = self._is_play & (np.take(np.array(FOUND_FLAG), cards_played) != 0)
        self._is_lucky = self._is_play & (cards_played == LUCKY)
        self._checks_win = self._is_play & np.take(np.array(MAY_COMPLETE), cards_played)
        bits = (self._is_play * _B_PLAY + self._clears_hand * _B_CLEARS + self._is_rain * _B_RAIN
                + self._is_lightning * _B_LIGHTNING + self._is_lucky * _B_LUCKY
                + self._checks_win * _B_WIN)
        self._action_bits = bits.astype(U8)
        # One row per field, one column per action: np.take(..., axis=1) gathers every
        # field of every lane's action at once, each field a contiguous row.
        # each action's cards as one 4-byte word (the step stores them with one write)
        self._append_words = self._append.view(U32).reshape(-1)
        self._table = np.stack([bits, self._target, self._pig_offset, self._and, self._or,
                                self._append_n, self._delta]).astype(I64)
        # the pile counts (6 bits a kind) an action adds: its sure cards; the card it
        # finds on a pig (counted where found)
        self._pile_delta = np.zeros(A, dtype=I64)
        self._found_delta = np.zeros(A, dtype=I64)
        for col in range(A):
            for card in self._append[col, :self._append_n[col]].tolist():
                self._pile_delta[col] += 1 << _PILE_BITS * card
            if self._is_lightning[col]:
                found_card = int(self._append[col, self._append_n[col]])
                self._found_delta[col] = 1 << _PILE_BITS * found_card

    def _build_slots(self) -> None:
        """The slots' tables: each seat's internal column and engine code per slot, and
        where _legal writes each part of the mask."""
        P, N, S, M = self.num_players, self.pigs_each, self.num_actions, self.space.max_pigs
        self._slot_column = np.full(P * S, self._internal, dtype=np.intp)  # no-op: never legal
        self._slot_code = np.full(P * S, -1, dtype=I32)
        self._slot_of: list[dict[int, int]] = [{} for _ in range(P)]
        written: set[int] = set()
        seat_codes = [self.space.slot_codes(seat) for seat in range(P)]
        self._play_rows: list[tuple[int, int, int]] = []  # (targeted bit, slot, relative seat)
        for slot, (_, (what, spec)) in enumerate(self.space.slot_specs):
            for seat in range(P):
                code = seat_codes[seat][slot]
                if code is None or (what == "play" and spec[2] >= N):
                    continue  # no such seat or pig at this table
                code = int(code)  # type: ignore[call-overload]  # Drecksau's are ints
                self._slot_column[seat * S + slot] = self._column[code]
                self._slot_code[seat * S + slot] = code
                self._slot_of[seat][code] = slot
            if what == "play":
                kind, r, i = spec
                if CARD_SCOPE[kind] == UNTARGETED or r >= P or i >= N:
                    continue
                if i == 0:
                    self._play_rows.append((self._targeted.index(kind), slot, r))
                written.add(slot)
        if M < N:
            raise AssertionError("the slots must have room for every pig")
        by_code = {spec: slot for slot, (_, (what, spec)) in enumerate(self.space.slot_specs)
                   if what == "code"}
        plays = {spec[0]: slot for slot, (_, (what, spec)) in enumerate(self.space.slot_specs)
                 if what == "play"}
        self._untargeted_slots = np.array([plays[c] for c in self._untargeted_kinds.tolist()],
                                          dtype=np.intp)
        self._show_slot, self._pass_slot, self._done_slot = (by_code.get(c)
                                                              for c in (SHOW, PASS, DONE))
        self._discard_slots = [by_code[discard_action(cards)] for cards in self._discard_sets]
        written |= set(self._untargeted_slots.tolist()) | set(self._discard_slots)
        written |= {slot for slot in (self._show_slot, self._pass_slot, self._done_slot)
                    if slot is not None}
        # Slots for seats or pigs beyond this table: never legal, zeroed by _legal.
        unused = sorted(set(range(S)) - written)
        self._unused_ranges = [(start, stop) for start, stop in runs_of(unused)]

    def _build_hand_tables(self) -> None:
        K, H = self.kinds, self.hand_size
        base = H + 1
        self._pow = base ** np.arange(K, dtype=I64)
        hands = [combo for size in range(H + 1)
                 for combo in combinations_with_replacement(range(K), size)]
        R = len(hands)
        self._rank = np.full(base ** K, -1, dtype=np.int16 if R < 2 ** 15 else I32)
        self._code_len = np.zeros(base ** K, dtype=I32)  # cards in the hand of each code
        self._hand_counts = np.zeros((R, K), dtype=I8)
        self._hand_len = np.zeros(R, dtype=I32)
        self._hand_sorted = np.zeros((R, _WIDTH), dtype=I8)
        self._have = np.zeros((R, K), dtype=np.bool_)
        self._have_bits = np.zeros(R, dtype=U8)  # bit k: holds targeted kind k
        for rank, hand in enumerate(hands):
            code = sum(int(self._pow[c]) for c in hand)
            self._rank[code] = rank
            self._code_len[code] = len(hand)
            for c in hand:
                self._hand_counts[rank, c] += 1
                self._have[rank, c] = True
            self._hand_len[rank] = len(hand)
            self._hand_sorted[rank, :len(hand)] = hand
            self._have_bits[rank] = sum(1 << k for k, c in enumerate(self._targeted)
                                        if c in hand)
        self._hand_sorted_words = self._hand_sorted.view(U32).reshape(-1)
        # Per discard column, the rows of _legal's ``needs`` (kind k, at least t cards:
        # row k * T + t - 1) that must all be set.
        self._most_needed = H if self.exchange else 1
        self._discard_plan = []
        for j, cards in enumerate(self._discard_sets):
            rows = tuple(kind * self._most_needed + cards.count(kind) - 1
                         for kind in sorted(set(cards)))
            self._discard_plan.append((self._discard_slots[j], rows))
        self._discard_groups = _grouped(sorted(self._discard_plan))
        self._hand_pile = (self._hand_counts.astype(I64)
                           << (_PILE_BITS * np.arange(K, dtype=I64))).sum(axis=1)
        if len(self._targeted) > 8:
            raise AssertionError("targeted card kinds must fit one byte")

    def _build_pig_tables(self) -> None:
        # bit k of _fit_bits[f]: targeted kind k fits a pig with flags f (the engine's
        # row_masks, asked one pig at a time).
        self._fit_bits = np.zeros(_FLAGS, dtype=U8)
        for f in range(_FLAGS):
            masks = row_masks([f])
            self._fit_bits[f] = sum(1 << k for k, c in enumerate(self._targeted) if masks[c] & 1)
        # the same for two pigs at once: a uint16 of two flag bytes (any byte order: the
        # table is built from the bytes themselves) to their two fit bytes
        pairs = np.zeros((1 << 16, 2), dtype=U8)
        both = np.arange(1 << 16, dtype=U16).view(U8).reshape(-1, 2)
        usable = (both < _FLAGS).all(axis=1)
        pairs[usable] = self._fit_bits[both[usable]]
        self._fit_pairs = pairs.view(U16).reshape(-1)
        self._own_bits = U8(sum(1 << k for k, c in enumerate(self._targeted)
                                if CARD_SCOPE[c] in (OWN, ANYONE)))
        self._other_bits = U8(sum(1 << k for k, c in enumerate(self._targeted)
                                  if CARD_SCOPE[c] in (OTHERS, ANYONE)))
        flags = np.arange(_FLAGS, dtype=U8)
        mask, washed_flags, loses = RAIN_WASH
        washed = (flags & mask) == washed_flags
        self._rained = np.where(washed, flags & U8(~loses & 0xFF), flags).astype(U8)
        self._all_dirty = (flags & (DIRTY | IS_PRETTY)) == DIRTY
        self._pretty = (flags & IS_PRETTY) != 0
        self._flag_bits = ((flags[:, None] >> np.arange(5, dtype=U8)) & 1).astype(np.float32)


def _grouped(plan: list[tuple[int, tuple[int, ...]]]
             ) -> list[tuple[int, int, tuple[int, ...], slice]]:
    """The discard plan (column, rows) as runs the mask writes with one call each:
    ``(first column, stop, common rows, rows slice)``: consecutive columns whose rows
    share all but the last, the last rising by a constant step."""
    runs: list[tuple[int, int, tuple[int, ...], int, int, int]] = []
    for column, rows in plan:
        if runs:
            first, stop, prefix, start, last, step = runs[-1]
            rise = rows[-1] - last
            if (column == stop and rows[:-1] == prefix and rise > 0
                    and (stop - first == 1 or rise == step)):
                runs[-1] = (first, column + 1, prefix, start, rows[-1], rise)
                continue
        runs.append((column, column + 1, rows[:-1], rows[-1], rows[-1], 1))
    return [(first, stop, prefix, slice(start, last + 1, step))
            for first, stop, prefix, start, last, step in runs]
