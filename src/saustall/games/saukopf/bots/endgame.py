"""Exact Saukopf endgames: alpha-beta over the last tricks of a complete (sampled) world.

Once few cards remain, a search bot solves each sampled world to the end instead of
playing it out with the policy. Two parties play: the declarer's party (the partner is
known in a sampled world) and the rest. What a deal pays follows from the card points
the declarer's party ends with and from whether it took every trick or none (Schwarz,
Porco Negro): :func:`~saustall.games.saukopf.scoring.score_deal` reads nothing else of
the play. So the solver works on one number, the *key*

    ``3 * d + f``: ``d`` the points the declarer's party takes from here on, ``f`` 2 if
    it takes every trick of the deal, 0 if it takes none, else 1,

which one party wants high (the declarer's party in the Trog, the opponents in the
Napf, which is played to lose) and the other low, and every player's net points for the
deal are a monotone step function of it (:class:`ContractValue`). The minimax of a
monotone function of the key is that function of the minimax key, and only the steps
matter: a card's exact value comes from a few null-window searches "can the party that
wants points reach key ``t``?" at the steps (the bid, Stallgeruch's 91 and 31, Schwarz),
not from the exact point count (:meth:`EndgameSolver.card_values`).

The search: depth-first over single cards, alpha-beta with fail-soft bounds, a
transposition table at the start of each trick keyed by the four hands, the leader and
who has taken a trick so far (the points taken before do not change the key's value from
here, so one table serves every threshold and every root card), cards of one hand that
are adjacent in the trick order among the cards still in play and worth the same points
tried once (they are interchangeable), and the cards ordered so that cutoffs come early.
The card rules are the engine's own (:func:`~saustall.games.saukopf.game.card_mask`,
:func:`~saustall.games.saukopf.game.runs_away`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable, Final

from saustall.games.saukopf.cards import POINTS, TRUMP, mask_of, mask_points
from saustall.games.saukopf.game import SaukopfState, card_mask, runs_away
from saustall.games.saukopf.observe import FinishedDeal
from saustall.games.saukopf.scoring import DealOutcome, score_deal

_BIG: Final = 1 << 20
"""Beyond every key (keys stay below 3 * 121)."""

FLAG_NONE: Final = 0
"""The key's ``f`` when the declarer's party takes no trick of the deal."""
FLAG_SOME: Final = 1
"""... when it takes some but not all."""
FLAG_ALL: Final = 2
"""... when it takes every trick."""


class ContractValue:
    """One seat's net points for the deal (meat minus roughness) by the declarer party's
    final card points and the key's flag, read from the engine's own scoring and cached:
    a table per contract (the outcome without its points and tricks)."""

    def __init__(self) -> None:
        self._tables: dict[tuple[DealOutcome, int], dict[int, float]] = {}
        self._steps: dict[tuple[DealOutcome, int, int, int, int],
                          tuple[list[int], list[float]]] = {}

    def net(self, outcome: DealOutcome, seat: int, points: int, flag: int) -> float:
        """``seat``'s net points if the deal of ``outcome`` (its contract: points and
        tricks are ignored) ends with the declarer's party holding ``points`` card points
        and taking no trick (``flag`` :data:`FLAG_NONE`), some or all."""
        table = self._tables.get((outcome, seat))
        if table is None:
            if len(self._tables) > 512:  # a bot plays many deals: keep the cache small
                self._tables.clear()
            table = self._tables[(outcome, seat)] = {}
        index = points * 3 + flag
        found = table.get(index)
        if found is None:
            tricks = (0, 1, outcome.total_tricks)[flag]
            in_play = outcome.declarer_points + outcome.opponent_points
            score = score_deal(replace(outcome, declarer_points=points,
                                       opponent_points=in_play - points,
                                       declarer_tricks=tricks))
            found = table[index] = float(score.meat[seat] - score.roughness[seat])
        return found

    def steps(self, outcome: DealOutcome, seat: int, taken: int, remaining: int,
              bits: int) -> tuple[list[int], list[float]]:
        """Where ``seat``'s value changes along the keys a position can still reach: the
        keys from which it changes, ascending (the first is the least key), and the
        value from each. ``taken`` is the points the declarer's party has taken,
        ``remaining`` the points still in play, ``bits`` who has taken a trick
        (:attr:`EndgameSolver.history_bits`)."""
        cache_key = (outcome, seat, taken, remaining, bits)
        found = self._steps.get(cache_key)
        if found is not None:
            return found
        if len(self._steps) > 4096:
            self._steps.clear()
        keys: list[int] = []
        if bits & 1 == 0:
            keys.append(FLAG_NONE)
        for d in range(remaining + 1):
            keys.append(3 * d + FLAG_SOME)
        if bits & 2 == 0:
            keys.append(3 * remaining + FLAG_ALL)
        steps: list[int] = []
        levels: list[float] = []
        for k in keys:
            v = self.net(outcome, seat, taken + k // 3, k % 3)
            if not levels or v != levels[-1]:
                steps.append(k)
                levels.append(v)
        found = self._steps[cache_key] = (steps, levels)
        return found


def contract_key(outcome: DealOutcome) -> DealOutcome:
    """``outcome`` without what the play decides: the points in play all with the
    opponents, no trick to the declarer's party (the key of :class:`ContractValue`)."""
    return replace(outcome, declarer_points=0, declarer_tricks=0,
                   opponent_points=outcome.declarer_points + outcome.opponent_points)


def contract_of(world: SaukopfState) -> DealOutcome:
    """The :func:`contract_key` of the deal ``world`` is playing."""
    outcome = FinishedDeal(world).outcome()
    rest = mask_points(mask_of(world.trick)) + sum(mask_points(m) for m in world.masks)
    return contract_key(replace(outcome, opponent_points=outcome.opponent_points + rest))


class NodeLimitReached(Exception):
    """A solver tried more cards than its ``node_limit`` allows (its answers so far
    stand; the position it was working on is not solved)."""


class EndgameSolver:
    """The exact solver for one complete world in card play (see the module docstring).

    Build it on the world (it is not changed); :meth:`card_values` gives each legal card
    of the player to act its exact value for a seat, :meth:`position_value` the
    position's, :meth:`minimax_key` the minimax key itself. The transposition table lives
    as long as the solver.
    """

    def __init__(self, world: SaukopfState, node_limit: int = 1 << 62) -> None:
        assert world.phase == "playing" and world.decl is not None
        self.node_limit = node_limit
        """Cards to try at most: past it a search raises :class:`NodeLimitReached`."""
        order = world.order
        self.players = world.num_players
        self.eff: list[int] = list(order.eff_suit)
        self.power: list[int] = list(order.power)
        self.suit_masks: tuple[int, ...] = order.suit_masks
        self.order = order
        self.by_power = order.ranked
        """Each effective suit's cards, strongest first (for the equivalent cards)."""
        self.party = 0
        """Bit per seat of the declarer's party."""
        for p in (world.declarer, world.partner):
            if p >= 0:
                self.party |= 1 << p
        self.napf = bool(world.decl.info.napf)
        self.ace = world.called_ace
        self.hands: list[int] = list(world.masks)
        self.trick: list[int] = list(world.trick)
        self.in_play = mask_of(world.trick)
        """The cards in hands and on the table."""
        for mask in world.masks:
            self.in_play |= mask
        self.leader = world.leader
        self.ran_away = world.ran_away
        party_tricks = other_tricks = 0
        party_points = 0
        for p in range(self.players):
            if self.party >> p & 1:
                party_tricks += world.taken_tricks[p]
                party_points += world.taken_points[p]
            else:
                other_tricks += world.taken_tricks[p]
        self.party_points = party_points
        """Card points the declarer's party has taken so far."""
        self.history_bits = (1 if party_tricks else 0) | (2 if other_tricks else 0)
        """Bit 0: the declarer's party has taken a trick; bit 1: the others have."""
        self.table: dict[int, tuple[int, int]] = {}
        """Bounds on the key from the start of a trick, by the position (see _search)."""
        self.hints: dict[int, int] = {}
        """The best (or refuting) lead found from the start of a trick, tried first."""
        self.nodes = 0
        """Cards tried so far (a measure of the work done)."""

    # -- the search ----------------------------------------------------------------------
    def _wants_high(self, p: int) -> bool:
        """Does seat ``p`` want the key high (its party wants the declarer's party to
        take points)?"""
        return (self.party >> p & 1 == 1) != self.napf

    def _leaf(self, bits: int) -> int:
        """The key's flag for a finished deal with ``bits`` as :attr:`history_bits`."""
        if bits & 2 == 0:
            return FLAG_ALL
        if bits & 1 == 0:
            return FLAG_NONE
        return FLAG_SOME

    def _moves(self, p: int, legal: int, trick: list[int], leader: int) -> list[int]:
        """The legal cards worth trying, one of each set of equivalent cards, ordered
        likeliest-best first."""
        if legal & (legal - 1) == 0:
            return [legal.bit_length() - 1]
        in_play = self.in_play
        eff, power = self.eff, self.power
        kept: list[int] = []
        for s in range(5):
            if legal & self.suit_masks[s] == 0:
                continue
            run = False  # the previous card in play of this suit was one of mine, kept
            run_points = -1
            for c in self.by_power[s]:
                bit = 1 << c
                if legal & bit:
                    if not (run and POINTS[c] == run_points):
                        kept.append(c)
                    run, run_points = True, POINTS[c]
                elif in_play & bit:
                    run = False
        if len(kept) < 2:
            return kept
        if not trick:  # leading: strong cards first
            kept.sort(key=lambda c: -(power[c] + (200 if eff[c] == TRUMP else 0)))
            return kept
        led = eff[trick[0]]
        best_i = self.order.trick_winner(trick)
        best_power = power[trick[best_i]]
        winner = (leader + best_i) % self.players
        if (self.party >> winner & 1) == (self.party >> p & 1):  # my side wins so far
            kept.sort(key=lambda c: -POINTS[c])  # feed it points
        else:
            # cards that take the trick first (the cheapest in power), then the cheapest
            kept.sort(key=lambda c: (0, power[c]) if (eff[c] == led or eff[c] == TRUMP)
                      and power[c] > best_power else (1, POINTS[c]))
        return kept

    def _search(self, leader: int, bits: int, alpha: int, beta: int) -> int:
        """The minimax key from the current position (hands and trick in the solver's
        lists, which it restores): fail-soft, exact inside ``(alpha, beta)``."""
        hands, trick = self.hands, self.trick
        n = self.players
        key = 0
        if not trick:
            if hands[leader] == 0:
                return self._leaf(bits)
            if hands[leader] & (hands[leader] - 1) == 0:
                return self._last_trick(leader, bits)
            # the key from here lies in [0, 3 * points + 2]
            top = 3 * mask_points(self.in_play) + 2
            if top <= alpha:
                return top
            if beta <= 0:
                return 0
            for i in range(n):
                key |= hands[i] << (32 * i)
            key |= (leader | bits << 2 | (16 if self.ran_away else 0)) << (32 * n)
            found = self.table.get(key)
            if found is not None:
                low, upper = found
                if low >= beta:
                    return low
                if upper <= alpha:
                    return upper
                if low == upper:
                    return low
                alpha = max(alpha, low)
                beta = min(beta, upper)
        alpha0, beta0 = alpha, beta
        p = (leader + len(trick)) % n
        led = self.eff[trick[0]] if trick else -1
        legal = card_mask(hands[p], led, self.ace, self.ran_away, self.suit_masks)
        moves = self._moves(p, legal, trick, leader)
        if not trick and len(moves) > 1:
            hint = self.hints.get(key, -1)  # the best lead found here before
            if hint >= 0 and moves[0] != hint and hint in moves:
                moves.remove(hint)
                moves.insert(0, hint)
        high = self._wants_high(p)
        best = -_BIG if high else _BIG
        best_card = -1
        ace = self.ace
        ran = self.ran_away
        # runs_away is asked only where it can hold: a lead, a Sau called, none run away yet
        may_run = not ran and not trick and ace >= 0
        for c in moves:
            self.nodes += 1
            if self.nodes > self.node_limit:
                raise NodeLimitReached
            if may_run and runs_away(hands[p], c, ace, self.suit_masks):
                self.ran_away = True
            hands[p] ^= 1 << c
            trick.append(c)
            if len(trick) == n:
                value = self._finish_trick(leader, bits, alpha, beta)
            else:
                value = self._search(leader, bits, alpha, beta)
            trick.pop()
            hands[p] ^= 1 << c
            self.ran_away = ran
            if high:
                if value > best:
                    best, best_card = value, c
                    if best > alpha:
                        alpha = best
            elif value < best:
                best, best_card = value, c
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        if not trick:
            self.hints[key] = best_card
            low, up = self.table.get(key, (-_BIG, _BIG))
            if best <= alpha0:
                up = best
            elif best >= beta0:
                low = best
            else:
                low = up = best
            self.table[key] = (low, up)
        return best

    def _finish_trick(self, leader: int, bits: int, alpha: int, beta: int) -> int:
        """The trick in :attr:`trick` is full: the key from here (its points to the
        winner, then the next tricks)."""
        trick = self.trick
        winner = (leader + self.order.trick_winner(trick)) % self.players
        saved = trick[:]
        trick.clear()
        played = mask_of(saved)
        points = mask_points(played)
        self.in_play ^= played
        if self.party >> winner & 1:
            gain = 3 * points
            value = gain + self._search(winner, bits | 1, alpha - gain, beta - gain)
        else:
            value = self._search(winner, bits | 2, alpha, beta)
        self.in_play |= played
        trick.extend(saved)
        return value

    def _last_trick(self, leader: int, bits: int) -> int:
        """The key of the last trick, every hand holding one card (no choice left). The
        winner is found inline (not :meth:`Order.trick_winner`): the cards are in the
        hands, and a list of them per leaf would cost more than the loop."""
        hands, eff, power = self.hands, self.eff, self.power
        n = self.players
        first = hands[leader].bit_length() - 1
        led = eff[first]
        winner, best_power, points = leader, power[first], POINTS[first]
        for k in range(1, n):
            p = (leader + k) % n
            c = hands[p].bit_length() - 1
            points += POINTS[c]
            if (eff[c] == led or eff[c] == TRUMP) and power[c] > best_power:
                winner, best_power = p, power[c]
        if self.party >> winner & 1:
            return 3 * points + self._leaf(bits | 1)
        return self._leaf(bits | 2)

    # -- what the bots ask ---------------------------------------------------------------
    def minimax_key(self) -> int:
        """The exact minimax key from the world's position (full window)."""
        return self._search(self.leader, self.history_bits, -_BIG, _BIG)

    def reaches(self, threshold: int) -> bool:
        """Can the party that wants the key high force it to ``threshold`` or more?"""
        return self._search(self.leader, self.history_bits,
                            threshold - 1, threshold) >= threshold

    def card_values(self, seat: int, contract: DealOutcome,
                    values: ContractValue) -> dict[int, float]:
        """Each legal card of the player to act: ``seat``'s exact net points for the deal
        after it (both parties then playing best with every card seen)."""
        p = (self.leader + len(self.trick)) % self.players
        trick, hands = self.trick, self.hands
        led = self.eff[trick[0]] if trick else -1
        legal = card_mask(hands[p], led, self.ace, self.ran_away, self.suit_masks)
        kept = self._moves(p, legal, trick, self.leader)
        steps, levels = values.steps(contract, seat, self.party_points,
                                     mask_points(self.in_play), self.history_bits)
        found: dict[int, float] = {}
        for c in kept:
            found[c] = self._card_value(p, c, steps, levels)
        # an equivalent card (same suit, same points, nothing in play between) is worth
        # the same as the one of its run that was tried
        result: dict[int, float] = {}
        for s in range(5):
            last = 0.0
            for c in self.by_power[s]:
                if c in found:
                    last = found[c]
                if legal >> c & 1:
                    result[c] = last
        return result

    def position_value(self, seat: int, contract: DealOutcome, values: ContractValue) -> float:
        """``seat``'s exact net points for the deal from the world's position (both parties
        playing best with every card seen)."""
        steps, levels = values.steps(contract, seat, self.party_points,
                                     mask_points(self.in_play), self.history_bits)
        return levels[_last_step_reached(steps, self.reaches)]

    def _card_value(self, p: int, c: int, steps: list[int], levels: list[float]) -> float:
        """The value of the last of ``steps`` (see :meth:`ContractValue.steps`) the key
        reaches after ``p`` plays ``c``: a binary search with null-window searches."""
        if len(steps) == 1:  # the outcome is settled whatever is played
            return levels[0]
        hands, trick = self.hands, self.trick
        ran = self.ran_away
        self.ran_away = ran or not trick and runs_away(hands[p], c, self.ace, self.suit_masks)
        hands[p] ^= 1 << c
        trick.append(c)
        low = _last_step_reached(steps, self._reaches_after)
        trick.pop()
        hands[p] ^= 1 << c
        self.ran_away = ran
        return levels[low]

    def _reaches_after(self, threshold: int) -> bool:
        """:meth:`reaches` from the position with a card just added to the trick."""
        trick = self.trick
        leader = self.leader
        if len(trick) == self.players:
            value = self._finish_trick(leader, self.history_bits, threshold - 1, threshold)
        else:
            value = self._search(leader, self.history_bits, threshold - 1, threshold)
        return value >= threshold


def _last_step_reached(steps: list[int], reaches: Callable[[int], bool]) -> int:
    """The index of the last of ``steps`` (ascending keys, the first always reached) that
    ``reaches`` says the minimax key reaches: a binary search, one null-window search a
    probe."""
    low, high = 0, len(steps) - 1
    while low < high:
        mid = (low + high + 1) // 2
        if reaches(steps[mid]):
            low = mid
        else:
            high = mid - 1
    return low


__all__ = ["ContractValue", "EndgameSolver", "NodeLimitReached", "FLAG_ALL", "FLAG_NONE", "FLAG_SOME",
           "contract_key", "contract_of"]
