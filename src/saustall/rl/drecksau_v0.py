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
from array import array
from itertools import combinations_with_replacement, product
from operator import itemgetter, truediv
from typing import Any, Hashable

import numpy as np
from rich.console import Console

from saustall.core.game import GameState, View
from saustall.games.drecksau.actions import DONE, PASS, SHOW, discard_action, play_action
from saustall.games.drecksau.game import (
    DIRTY, HAS_DOOR, HAS_ROD, IN_BARN, IS_PRETTY, DrecksauState, SeatCounts,
)
from saustall.games.drecksau.rulesets import CARD_BY_NAME, CARD_KINDS, LUCKY
from saustall.games.drecksau.targets import ANYONE, CARD_SCOPE, OTHERS, OWN, UNTARGETED
from saustall.rl.common import ActionTable, Layout, TurnBasedEnv, make_env

PIG_FLAGS = ("dirty", "barn", "door", "rod", "pretty")
"""The pig flags of a view, in the order of the ``pigs`` block (after ``present``)."""
PIG_BITS = (DIRTY, IN_BARN, HAS_DOOR, HAS_ROD, IS_PRETTY)
"""The engine's bit of each of :data:`PIG_FLAGS` (:meth:`DrecksauState.view_counts`)."""
MAX_HAND = 4.0
"""Scale of hand counts (the largest hand)."""


class raw_env(TurnBasedEnv):
    """Drecksau without wrappers (see the module docstring)."""

    game_name = "drecksau"
    metadata = {**TurnBasedEnv.metadata, "name": "drecksau_v0"}

    def __init__(self, ruleset: str | None = "dirty-pig", num_players: int | None = 2,
                 render_mode: str | None = None, reward_scale: str = "points",
                 **options: Any) -> None:
        self._prepare(ruleset)
        super().__init__(ruleset, num_players, render_mode, reward_scale, **options)
        self._prepare_seats()

    def draw(self, view: View, console: Console) -> None:
        """The terminal client's table (:func:`saustall.games.drecksau.terminal.draw_table`)."""
        from saustall.games.drecksau.terminal import draw_table  # the CLI's: only to render

        draw_table(view, console)

    def _prepare(self, ruleset: str | None) -> None:
        from saustall.core.registry import get

        rules = get("drecksau", ruleset).ruleset
        params = rules.params
        self.max_players = rules.max_players
        self.max_pigs = max([params["default_pigs"], *params["pigs_per_player"].values()])
        self.kinds = [kind for kind, name in enumerate(CARD_KINDS) if name in params["deck"]]
        self.deck_total = {CARD_BY_NAME[name]: count for name, count in params["deck"].items()}
        self.deck_total_by_name = {CARD_KINDS[kind]: count
                                   for kind, count in self.deck_total.items()}
        self.deck_size = sum(self.deck_total.values())
        self.exchange = params["turn_style"] == "exchange"
        self.tournament = bool(params.get("tournament"))
        layout = self.layout = Layout()
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
            layout.add("tournament", 10 + p, "trophies left (1, 2, 3), buckets left (1, 2, 3), "
                       "score per relative seat / 12, deciding, round / round cap, "
                       "pretty wins / 3, dirty wins / 3 (each at most 1)")
        # pig_ones[slot][flags]: the entries a pig sets, for each pig slot (relative seat
        # times M plus pig) and each tuple of its view flags (in PIG_FLAGS order)
        start = layout.at["pigs"]
        self.pig_ones = [
            {flags: (start + slot * 6,) + tuple(start + slot * 6 + 1 + k
                                                for k, on in enumerate(flags) if on)
             for flags in product((False, True), repeat=len(PIG_FLAGS))}
            for slot in range(p * m)]
        self.kind_slot = {kind: i for i, kind in enumerate(self.kinds)}
        self.name_slot = {CARD_KINDS[kind]: i for i, kind in enumerate(self.kinds)}

    # -- actions -----------------------------------------------------------------------
    def build_actions(self) -> ActionTable:
        n, p, m = self.num_players, self.max_players, self.max_pigs
        # the largest hand of the ruleset (3, or the largest hand_size option)
        hand_max = max([3, *(max(spec.choices or (3,)) for spec in self.game.ruleset.options
                             if spec.name == "hand_size")])
        slots: list[str] = []
        specs: list[tuple[str, Any]] = []  # ("play", (card, rel, pig)) / ("code", code)
        for kind in self.kinds:
            name, scope = CARD_KINDS[kind], CARD_SCOPE[kind]
            if scope == UNTARGETED:
                slots.append(f"play {name}")
                specs.append(("play", (kind, 0, 0)))
                continue
            rels = {OWN: range(1), OTHERS: range(1, p), ANYONE: range(p)}[scope]
            for r in rels:
                for i in range(m):
                    slots.append(f"play {name} seat+{r} pig {i}")
                    specs.append(("play", (kind, r, i)))
        sizes = range(1, hand_max + 1) if self.exchange else range(1, 2)
        for size in sizes:
            for combo in combinations_with_replacement(self.kinds, size):
                slots.append("discard " + ",".join(CARD_KINDS[c] for c in combo))
                specs.append(("code", discard_action(list(combo))))
        if not self.exchange:
            slots.append("show")
            specs.append(("code", SHOW))
        slots.append("pass")
        specs.append(("code", PASS))
        if LUCKY in self.kinds:
            slots.append("done")
            specs.append(("code", DONE))
        codes: list[list[Hashable | None]] = []
        for seat in range(n):
            row: list[Hashable | None] = []
            for what, spec in specs:
                if what == "code":
                    row.append(spec)
                    continue
                kind, r, i = spec
                if CARD_SCOPE[kind] == UNTARGETED:
                    row.append(play_action(kind))
                elif r < n:
                    row.append(play_action(kind, (seat + r) % n, i))
                else:
                    row.append(None)
            codes.append(row)
        return ActionTable(slots, codes)

    # -- observations ------------------------------------------------------------------
    def observation_size(self) -> int:
        return self.layout.size

    def _prepare_seats(self) -> None:
        """Per observing seat, the entries each other seat's data lands on (seats are
        relative): looked up in :meth:`encode` instead of computed every step; and the
        byte chunks :meth:`encode_counts` joins."""
        at, n, m = self.layout.at, self.num_players, self.max_pigs
        rel = [[(s - seat) % n for s in range(n)] for seat in range(n)]
        self._rel = rel
        self._pig_rows: dict[tuple[Any, ...], list[int]] = {}
        self._seated_at = [[at["seated"] + r for r in row] for row in rel]
        self._to_act_at = [[at["to_act"] + r for r in row] for row in rel]
        self._counts_at = [[at["hand_counts"] + r for r in row] for row in rel]
        self._discard_at = {name: at["discard"] + slot for name, slot in self.name_slot.items()}
        self._top_at = {name: at["discard_top"] + slot for name, slot in self.name_slot.items()}
        self._blank = array("f", bytes(4 * self.layout.size))
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
        self._tops = {-1: bytes(4 * k)}
        for kind, slot in self.kind_slot.items():
            one_hot = array("f", bytes(4 * k))
            one_hot[slot] = 1.0
            self._tops[kind] = one_hot.tobytes()
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
        (built once by :meth:`_chunk`, with the arithmetic of :meth:`encode`), the rest
        packed by ``struct``: a few calls a step instead of an item write per entry.
        """
        (hand, pigs, participants, to_act, hand_counts, discard_counts, top, deck_count,
         phase, turn, turn_cap) = counts
        chunks = self._chunks
        if len(chunks) >= self.CHUNKS_KEPT:
            chunks.clear()
        # keys: a tag (0 hand, 1 pig row, 2 seated/hand_counts/to_act), then the ints;
        # -1 separates lists of varying length. The discard pile takes too many forms to
        # look up: packed (the same float32 rounding as an array's item write).
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
        """The float32 bytes of one chunk of :meth:`encode_counts` (see its keys), built
        as :meth:`encode` fills those entries, and remembered."""
        tag, *ints = key
        p, m = self.max_players, self.max_pigs
        if tag == 0:  # hand: the card kinds held
            values = array("f", bytes(4 * len(self.kinds)))
            for kind in ints:
                values[self.kind_slot[kind]] += 1 / MAX_HAND  # sums of quarters: exact
        elif tag == 1:  # one seat's pigs (flag bits), the row padded to M pigs
            values = array("f", bytes(4 * 6 * m))
            for i, bits in enumerate(ints):
                values[6 * i] = 1.0
                for k, bit in enumerate(PIG_BITS):
                    if bits & bit:
                        values[6 * i + 1 + k] = 1.0
        else:  # seated, hand_counts, to_act of the observing seat (tag 2)
            seat, *rest = ints
            split = rest.index(-1)
            participants, rest = rest[:split], rest[split + 1:]
            split = rest.index(-1)
            to_act, hand_counts = rest[:split], rest[split + 1:]
            rel = self._rel[seat]
            values = array("f", bytes(4 * 3 * p))
            for s in participants:
                values[rel[s]] = 1.0
            for s, count in enumerate(hand_counts):
                values[p + rel[s]] = count / MAX_HAND
            for s in to_act:
                values[2 * p + rel[s]] = 1.0
        found = self._chunks[key] = values.tobytes()
        return found

    PIG_ROWS_KEPT = 100_000
    """Pig rows whose entries are remembered (memory stays bounded)."""

    def _pig_row_entries(self, key: tuple[Any, ...]) -> list[int]:
        """The entries set by a row of pigs: ``key`` is the relative seat, then each
        pig's flags in PIG_FLAGS order."""
        r, *pigs = key
        start = r * self.max_pigs
        return [i for pig, flags in enumerate(pigs) for i in self.pig_ones[start + pig][flags]]

    def encode(self, view: View, seat: int) -> np.ndarray:
        at = self.layout.at
        name_slot = self.name_slot
        ones: list[int] = []  # entries set to 1
        where: list[int] = []  # other entries, and their values
        values: list[float] = []
        hand = view.get("hand")
        if hand:
            held: dict[str, int] = {}
            for name in hand:
                held[name] = held.get(name, 0) + 1
            for name, count in held.items():
                where.append(name_slot[name])
                values.append(count / MAX_HAND)
        rows = self._pig_rows
        for r, row in zip(self._rel[seat], view["pigs"]):
            # a row's flags (view order: PIG_FLAGS) recur: its entries are looked up
            key = (r, *map(tuple, map(dict.values, row)))
            found = rows.get(key)
            if found is None:
                if len(rows) >= self.PIG_ROWS_KEPT:
                    rows.clear()
                found = rows[key] = self._pig_row_entries(key)
            ones += found
        seated = self._seated_at[seat]
        ones += [seated[s] for s in view["participants"]]
        to_act = self._to_act_at[seat]
        ones += [to_act[s] for s in view["to_act"]]
        where += self._counts_at[seat]
        values += [count / MAX_HAND for count in view["hand_counts"]]
        discard_at, total = self._discard_at, self.deck_total_by_name
        for name, count in view["discard_pile"].items():
            where.append(discard_at[name])
            values.append(count / total[name])
        top = view["discard_top"]
        if top is not None:
            ones.append(self._top_at[top])
        where.append(at["deck"])
        values.append(view["deck_count"] / self.deck_size)
        if view["phase"] == "lucky-bird":
            ones.append(at["lucky"])
        where.append(at["turn"])
        values.append(min(1.0, view["turn"] / view["turn_cap"]))
        # filled in a plain array: item by item far cheaper than numpy's fancy indexing
        obs = array("f", self._blank)
        if self.tournament:
            self._encode_tournament(obs, view["tournament"], seat, ones)
        for i in ones:
            obs[i] = 1.0
        for i, value in zip(where, values):
            obs[i] = value
        return np.frombuffer(obs, dtype=np.float32)  # over the array's own buffer: writable

    def _encode_tournament(self, obs: "array[float] | np.ndarray", table: dict[str, Any], seat: int,
                           ones: list[int]) -> None:
        at = self.layout.at["tournament"]
        n, p = self.num_players, self.max_players
        ones += [at + points - 1 for points in table["trophies"]]
        ones += [at + 2 + points for points in table["buckets"]]
        for s, score in enumerate(table["scores"]):
            obs[at + 6 + (s - seat) % n] = min(1.0, score / 12)
        if table["deciding"]:
            ones.append(at + 6 + p)
        rounds = table["rounds"]
        obs[at + 7 + p] = min(1.0, len(rounds) / 30)
        # deciding rounds can add wins beyond the three of each stack: capped at 1
        obs[at + 8 + p] = min(1.0, sum(1 for r in rounds if r["how"] == "pretty") / 3)
        obs[at + 9 + p] = min(1.0, sum(1 for r in rounds if r["how"] == "dirty") / 3)


env = make_env(raw_env)
