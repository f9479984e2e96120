"""Drecksau's action slots and observation encoding: one definition for every environment.

The AEC environment (:mod:`saustall.rl.drecksau_v0`, and the Gym one over it) and the
batched simulator (:mod:`saustall.rl.batched`) both take their actions as the slots of
:class:`DrecksauSpace` and build their observations with its one encoder,
:meth:`DrecksauSpace.encode`: a policy trained on one plays the others unchanged.

Seats are relative: row 0 is the observing (or acting) seat, row ``r`` the seat ``r``
places to its left. The slots and the layout are fixed per ruleset (sized for its most
players ``P`` and most pigs ``M``), so one policy plays every table size; the module
docstring of :mod:`saustall.rl.drecksau_v0` tabulates both.

The encoder works on many observations at once (numpy, one row per observation): the
batched simulator encodes the acting seat of every lane in one call; the AEC environment
encodes one row (and remembers the float32 bytes of the parts that recur).
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any, Hashable

import numpy as np
from numpy.typing import ArrayLike, NDArray

from saustall.games.drecksau.actions import DONE, PASS, SHOW, discard_action, play_action
from saustall.games.drecksau.rulesets import CARD_BY_NAME, CARD_KINDS, LUCKY
from saustall.games.drecksau.targets import (
    ANYONE, CARD_SCOPE, DIRTY, HAS_DOOR, HAS_ROD, IN_BARN, IS_PRETTY, OTHERS, OWN, UNTARGETED,
)
from saustall.rl.common import ActionTable, Layout

__all__ = ["DrecksauSpace", "MAX_HAND", "PIG_BITS", "PIG_FLAGS", "TOURNAMENT_EXTRA"]

PIG_FLAGS = ("dirty", "barn", "door", "rod", "pretty")
"""The pig flags of a view, in the order of the ``pigs`` block (after ``present``)."""
PIG_BITS = (DIRTY, IN_BARN, HAS_DOOR, HAS_ROD, IS_PRETTY)
"""The engine's bit of each of :data:`PIG_FLAGS` (:meth:`DrecksauState.view_counts`)."""
MAX_HAND = 4.0
"""Scale of hand counts (the largest hand)."""
TOURNAMENT_EXTRA = 10
"""Entries of the ``tournament`` block besides the per-seat scores."""


_PIG_SHIFTS = np.array([bit.bit_length() - 1 for bit in PIG_BITS], dtype=np.uint8)[:, None]
"""Where each of :data:`PIG_FLAGS` sits in a pig's flag bits (a column: one per flag)."""


class DrecksauSpace:
    """The action slots and the observation layout of one Drecksau ruleset and table.

    ``num_players`` fixes which slots mean something (a slot naming a seat or pig that is
    not at the table means nothing) and the engine action of each slot for each seat;
    the slots and the layout themselves depend on the ruleset only.
    """

    def __init__(self, ruleset: str | None, num_players: int) -> None:
        from saustall.core.registry import get

        rules = get("drecksau", ruleset).ruleset
        params = rules.params
        self.ruleset = rules.name
        """The ruleset's name."""
        self.num_players = num_players
        """Players at this table."""
        self.max_players: int = rules.max_players
        """``P``: the ruleset's most players (the relative seats of the layout)."""
        self.max_pigs: int = max([params["default_pigs"], *params["pigs_per_player"].values()])
        """``M``: the ruleset's most pigs per player."""
        self.pigs_each: int = params["pigs_per_player"].get(num_players, params["default_pigs"])
        """Pigs per player at this table."""
        self.kinds = [kind for kind, name in enumerate(CARD_KINDS) if name in params["deck"]]
        """The card kinds of the deck, in card-kind order (``K`` of them)."""
        self.deck_total = {CARD_BY_NAME[name]: count for name, count in params["deck"].items()}
        """Cards of each kind in the deck."""
        self.deck_size = sum(self.deck_total.values())
        """Cards in the deck."""
        self.exchange = params["turn_style"] == "exchange"
        """English turns (exchange 1-3 cards) rather than German (discard one or show)."""
        self.tournament = bool(params.get("tournament"))
        """The Sauschön tournament (its observation has a ``tournament`` block)."""
        self.hand_max = max([3, *(max(spec.choices or (3,)) for spec in rules.options
                                  if spec.name == "hand_size")])
        """The largest hand the ruleset allows (its exchanges go up to 3 cards)."""
        self.layout = self._build_layout()
        """The observation's named blocks (``layout.table()`` for the offsets)."""
        self.slot_specs = self._build_slots()
        """Per slot: ``("play", (kind, relative seat, pig))`` or ``("code", action)``."""
        self.slots = [name for name, _ in self.slot_specs]
        """The name of every slot, in order."""
        self.num_slots = len(self.slots)
        """The size of the action space."""
        self.kind_slot = {kind: i for i, kind in enumerate(self.kinds)}
        """The entry of each card kind within the per-kind blocks."""
        self._totals = np.array([self.deck_total[kind] for kind in self.kinds], np.float32)
        self._kind_rows = np.array(self.kinds)[:, None]  # the discard top's one-hot

    # -- layout and slots --------------------------------------------------------------
    def _build_layout(self) -> Layout:
        layout = Layout()
        k, p, m = len(self.kinds), self.max_players, self.max_pigs
        layout.add("hand", k, "cards of each kind in my hand / 4")
        layout.add("pigs", p * m * 6, "per relative seat, per pig: present, dirty, barn, door, "
                   "rod, pretty")
        layout.add("seated", p, "relative seat plays this round")
        layout.add("hand_counts", p, "cards in that seat's hand / 4")
        layout.add("to_act", p, "that seat is to act")
        layout.add("discard", k, "discard pile per kind / that kind's count in the deck")
        layout.add("discard_top", k, "top card of the discard pile (one-hot)")
        layout.add("deck", 1, "cards in the deck / deck size")
        layout.add("lucky", 1, "a Lucky Bird turn is under way")
        layout.add("turn", 1, "turns played / turn_cap")
        if self.tournament:
            layout.add("tournament", TOURNAMENT_EXTRA + p, "trophies left (1, 2, 3), buckets "
                       "left (1, 2, 3), score per relative seat / 12, deciding, round / round "
                       "cap, pretty wins / 3, dirty wins / 3 (each at most 1)")
        return layout

    def _build_slots(self) -> list[tuple[str, tuple[str, Any]]]:
        p, m = self.max_players, self.max_pigs
        specs: list[tuple[str, tuple[str, Any]]] = []
        for kind in self.kinds:
            name, scope = CARD_KINDS[kind], CARD_SCOPE[kind]
            if scope == UNTARGETED:
                specs.append((f"play {name}", ("play", (kind, 0, 0))))
                continue
            rels = {OWN: range(1), OTHERS: range(1, p), ANYONE: range(p)}[scope]
            for r in rels:
                for i in range(m):
                    specs.append((f"play {name} seat+{r} pig {i}", ("play", (kind, r, i))))
        sizes = range(1, self.hand_max + 1) if self.exchange else range(1, 2)
        for size in sizes:
            for combo in combinations_with_replacement(self.kinds, size):
                specs.append(("discard " + ",".join(CARD_KINDS[c] for c in combo),
                              ("code", discard_action(list(combo)))))
        if not self.exchange:
            specs.append(("show", ("code", SHOW)))
        specs.append(("pass", ("code", PASS)))
        if LUCKY in self.kinds:
            specs.append(("done", ("code", DONE)))
        return specs

    def slot_codes(self, seat: int) -> list[Hashable | None]:
        """The engine action of every slot for ``seat`` (None: no such seat or pig here)."""
        n = self.num_players
        codes: list[Hashable | None] = []
        for _, (what, spec) in self.slot_specs:
            if what == "code":
                codes.append(spec)
                continue
            kind, r, i = spec
            if CARD_SCOPE[kind] == UNTARGETED:
                codes.append(play_action(kind))
            elif r < n:  # a pig beyond the table's is never legal
                codes.append(play_action(kind, (seat + r) % n, i))
            else:
                codes.append(None)
        return codes

    def action_table(self) -> ActionTable:
        """The AEC environment's :class:`ActionTable`: every seat's engine action per slot."""
        return ActionTable(self.slots, [self.slot_codes(seat) for seat in range(self.num_players)])

    # -- the encoder ---------------------------------------------------------------------
    def blank(self, rows: int, lanes_last: bool = False) -> NDArray[np.float32]:
        """``rows`` observations of zeros: :meth:`encode` writes every entry it may set,
        so a buffer from here can be encoded into again and again. ``lanes_last``: laid
        out so that each entry's column is contiguous (the transpose of a C-contiguous
        array), which the batched simulator writes fastest."""
        if lanes_last:
            return np.zeros((self.layout.size, rows), dtype=np.float32).T
        return np.zeros((rows, self.layout.size), dtype=np.float32)

    def encode(self, out: NDArray[np.float32], hand: NDArray[Any], pigs: NDArray[Any],
               seated: NDArray[Any], hand_counts: NDArray[Any], to_act: NDArray[Any],
               discard: NDArray[Any], top: ArrayLike, deck: ArrayLike, lucky: ArrayLike,
               turn: ArrayLike, turn_cap: int) -> NDArray[np.float32]:
        """Write observations into ``out`` (``B`` rows of :meth:`blank`) and return it.

        Every argument has one row per observation, seats relative (row 0 the observer)
        and ``n`` of them (the table's players): ``hand`` ``B x K`` the observer's cards
        per kind; ``pigs`` ``B x n x N`` each pig's flag bits (:data:`PIG_BITS`);
        ``seated``, ``to_act`` ``B x n`` 0/1; ``hand_counts`` ``B x n``; ``discard``
        ``B x K`` the discard pile per kind; ``top`` ``B`` the kind on top (-1: empty);
        ``deck`` cards in the draw pile; ``lucky`` 0/1; ``turn`` turns played. Entries for
        seats and pigs beyond the table are left as they are (zeros in a blank buffer).
        The work is :meth:`encode_lanes` on the transposes (views, no copies).
        """
        self.encode_lanes(out.T, np.asarray(hand).T, np.asarray(pigs).transpose(1, 2, 0),
                          np.asarray(seated).T, np.asarray(hand_counts).T,
                          np.asarray(to_act).T, np.asarray(discard).T, top, deck, lucky,
                          turn, turn_cap)
        return out

    def hand_rows(self, hand: NDArray[Any]) -> NDArray[np.float32]:
        """The ``hand`` block :meth:`encode_lanes` writes for ``hand`` (``K x H``: counts
        per kind, one column per hand), as a table: the batched simulator looks its
        lanes' hands up in it (``encode_lanes(..., hand=None, ...)``)."""
        rows = np.empty(np.shape(hand), dtype=np.float32)
        self._write_hand(hand, rows)
        return rows

    def count_rows(self, hand_counts: NDArray[Any]) -> NDArray[np.float32]:
        """The ``hand_counts`` entries :meth:`encode_lanes` writes for these hand sizes,
        as a table (``encode_lanes(..., hand_counts=None, ...)``: the caller looks them
        up)."""
        rows = np.empty(np.shape(hand_counts), dtype=np.float32)
        self._write_hand(hand_counts, rows)
        return rows

    @staticmethod
    def _write_hand(hand: NDArray[Any], out: NDArray[np.float32]) -> None:
        """Card counts as entries: the hand block and the hand sizes alike."""
        np.multiply(hand, np.float32(1 / MAX_HAND), out=out, casting="unsafe")

    def encode_lanes(self, out: NDArray[np.float32], hand: NDArray[Any] | None,
                     pigs: NDArray[Any],
                     seated: NDArray[Any], hand_counts: NDArray[Any] | None,
                     to_act: NDArray[Any],
                     discard: NDArray[Any], top: ArrayLike, deck: ArrayLike,
                     lucky: ArrayLike, turn: ArrayLike, turn_cap: int) -> None:
        """:meth:`encode` with every array transposed, observations last: ``out``
        ``F x B``, ``hand`` ``K x B``, ``pigs`` ``n x N x B``, ``seated``, ``to_act`` and
        ``hand_counts`` ``n x B``, ``discard`` ``K x B``; ``top``, ``deck``, ``lucky`` and
        ``turn`` ``B``. Each entry is then a row of ``out``, written in one pass (the
        fastest layout for many observations). ``hand`` None: the hand block is the
        caller's, already written (from :meth:`hand_rows`); ``hand_counts`` None: the
        same for the hand sizes (from :meth:`count_rows`)."""
        at = self.layout.at
        k, m = len(self.kinds), self.max_pigs
        seats, pigs_each = pigs.shape[:2]
        n = seated.shape[0]
        if hand is not None:
            self._write_hand(hand, out[:k])
        start = at["pigs"]
        block = out[start:start + self.max_players * m * 6].reshape(-1, m, 6, out.shape[1])
        block[:seats, :pigs_each, 0] = 1.0  # present
        block[:seats, :pigs_each, 1:] = (pigs[:, :, None, :] >> _PIG_SHIFTS) & 1
        out[at["seated"]:at["seated"] + n] = seated
        if hand_counts is not None:
            self._write_hand(hand_counts, out[at["hand_counts"]:at["hand_counts"] + n])
        out[at["to_act"]:at["to_act"] + n] = to_act
        # Quotients of small integers divided in float32: the same floats as float64
        # quotients rounded to float32, as the AEC environment packs them (53 >= 2 * 24 + 2
        # bits: the double rounding is innocuous; test_float32_quotients_are_the_rounded_ones)
        np.divide(discard, self._totals[:, None], out=out[at["discard"]:at["discard"] + k],
                  dtype=np.float32, casting="unsafe")
        np.equal(np.asarray(top)[None, :], self._kind_rows,
                 out=out[at["discard_top"]:at["discard_top"] + k], casting="unsafe")
        np.divide(deck, np.float32(self.deck_size), out=out[at["deck"]], dtype=np.float32,
                  casting="unsafe")
        out[at["lucky"]] = lucky
        row = out[at["turn"]]
        np.divide(turn, np.float32(turn_cap), out=row, dtype=np.float32, casting="unsafe")
        np.minimum(row, np.float32(1.0), out=row)

    def encode_tournament(self, out: NDArray[np.float32], table: dict[str, Any],
                          seat: int) -> None:
        """Write the ``tournament`` block of ``seat``'s observation (one row of ``out``)
        from the view's ``tournament`` entry."""
        at, n, p = self.layout.at["tournament"], self.num_players, self.max_players
        row = out[0, at:at + TOURNAMENT_EXTRA + p]
        row[:] = 0.0
        for points in table["trophies"]:
            row[points - 1] = 1.0
        for points in table["buckets"]:
            row[2 + points] = 1.0
        for s, score in enumerate(table["scores"]):
            row[6 + (s - seat) % n] = min(1.0, score / 12)
        if table["deciding"]:
            row[6 + p] = 1.0
        rounds = table["rounds"]
        row[7 + p] = min(1.0, len(rounds) / 30)
        # deciding rounds can add wins beyond the three of each stack: capped at 1
        row[8 + p] = min(1.0, sum(1 for r in rounds if r["how"] == "pretty") / 3)
        row[9 + p] = min(1.0, sum(1 for r in rounds if r["how"] == "dirty") / 3)
