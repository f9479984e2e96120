"""Decisions on clear estimates: paired comparisons over sampled worlds, sampled on while
the leading difference is unclear.

The search bot's rare decisions (bidding, declaring, Kontra, Re) compare a few choices by
playing each out in the same sampled worlds. Two choices' values in one world share the
world's luck (the cards, the playout), so the difference per world varies far less than
either value (common random numbers): a difference is judged by its own standard error,
not by the two means'. :func:`race` samples worlds in batches, drops a choice as soon as
it is clearly behind, and stops when one is left or the budget is spent. A *risky* choice
(a doubling, a game am Spieß, a bid) is taken only when it is clearly better than the best
*safe* one (passing, the plain form): its mean difference is above a margin and above
``k`` standard errors (:class:`Rule`); otherwise the safe choice stands.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from saustall.stats import Estimate, estimate

Outcome = tuple[float, bool]
"""One choice played out in one world: my net points and whether my party won."""


def paired_difference(a: Sequence[float], b: Sequence[float]) -> Estimate:
    """The mean of ``a[i] - b[i]`` over the worlds both were played in, with its standard
    error: the estimate of how much better ``a`` is than ``b``."""
    n = min(len(a), len(b))
    return estimate([a[i] - b[i] for i in range(n)])


@dataclass(frozen=True)
class Rule:
    """When a risky choice counts as clearly better than the safe one."""

    k: float
    """Standard errors the mean difference must exceed."""
    margin: float = 0.0
    """Net points the mean difference must exceed too (what the risk costs beyond the
    estimate: roughness points, a partner's trust)."""
    min_win: float = 0.0
    """Least estimated chance of winning with the risky choice."""
    min_worlds: int = 0
    """Fewest worlds the difference must rest on: a few worlds' outcomes come in lumps,
    so their standard error can look far smaller than it is."""

    def clearly_better(self, diff: Estimate, win: float = 1.0) -> bool:
        """Whether a mean difference ``diff`` (risky less safe) is a clear advantage."""
        return (diff.n >= self.min_worlds and diff.mean > self.margin
                and diff.mean > self.k * diff.se and win >= self.min_win)

    def clearly_not(self, diff: Estimate) -> bool:
        """Whether ``diff`` is clearly below the margin: more worlds would not change the
        verdict."""
        return diff.mean + self.k * diff.se < self.margin


@dataclass
class Race:
    """The outcome of :func:`race`: per choice its values and wins world by world (a
    choice dropped early has fewer), and the index chosen."""

    values: list[list[float]]
    wins: list[list[bool]]
    chosen: int
    worlds: int
    """Worlds sampled in all."""

    def mean(self, option: int) -> Estimate:
        """The estimated net points of ``option``."""
        return estimate(self.values[option])

    def win(self, option: int) -> Estimate:
        """The estimated chance ``option``'s party wins."""
        return estimate([1.0 if w else 0.0 for w in self.wins[option]])

    def diff(self, a: int, b: int) -> Estimate:
        """How much better ``a`` is than ``b`` (paired over their common worlds)."""
        return paired_difference(self.values[a], self.values[b])


def race(safe: Sequence[bool], outcome: Callable[[int, int], Outcome],
         grow: Callable[[int], int], rule: Rule, first: int, step: int,
         max_worlds: int, max_playouts: int) -> Race:
    """Choose among ``len(safe)`` choices (``safe[i]``: choice ``i`` is a safe one; at
    least one is) by playing them out in the same worlds.

    ``outcome(choice, world)`` plays a choice in world number ``world``; ``grow(n)`` makes
    at least ``n`` worlds available and returns how many there are. Worlds come in
    batches (``first``, then ``step`` more) up to ``max_worlds`` worlds or
    ``max_playouts`` playouts. After each batch but the first a choice is dropped when it is clearly
    behind another (by ``rule.k`` standard errors of the paired difference; a safe
    choice only to a safe one or to a risky one clearly better than the best safe one,
    and a risky one also when it clearly cannot clear ``rule.margin`` over the best safe
    one). The choice: the best risky one (by mean) that is clearly better than the best
    safe one, else the best safe one.
    """
    count = len(safe)
    values: list[list[float]] = [[] for _ in range(count)]
    wins: list[list[bool]] = [[] for _ in range(count)]
    active = list(range(count))
    done = 0
    playouts = 0
    target = first
    while True:
        available = grow(min(target, max_worlds))
        batch = range(done, available)
        for option in active:
            for world in batch:
                value, won = outcome(option, world)
                values[option].append(value)
                wins[option].append(won)
        playouts += len(active) * len(batch)
        done = available
        result = Race(values, wins, -1, done)
        # a first batch is too few worlds to drop a choice on: its outcomes come in a few
        # lumps, so a standard error from them can look far smaller than it is
        if done > first:
            active = _survivors(result, active, safe, rule)
        next_target = min(done + step, max_worlds)
        if (len(active) == 1 or next_target <= done or not batch
                or playouts + len(active) * (next_target - done) > max_playouts):
            break
        target = next_target
    result.chosen = _verdict(result, active, safe, rule)
    return result


def _best(race_: Race, options: Sequence[int]) -> int:
    """The option with the highest mean (the lowest index on a tie: replays are exact)."""
    return max(options, key=lambda o: (race_.mean(o).mean, -o))


def _accepted(race_: Race, active: Sequence[int], safe: Sequence[bool], rule: Rule,
              best_safe: int) -> list[int]:
    """The risky options clearly better than ``best_safe``."""
    return [o for o in active if not safe[o]
            and rule.clearly_better(race_.diff(o, best_safe), race_.win(o).mean)]


def _survivors(race_: Race, active: list[int], safe: Sequence[bool], rule: Rule) -> list[int]:
    """The options still worth sampling (see :func:`race`)."""
    safes = [o for o in active if safe[o]]
    if not safes:  # risky choices only, racing each other
        leader = _best(race_, active)
        return [o for o in active
                if o == leader or not _clearly_ahead(race_.diff(leader, o), rule.k)]
    best_safe = _best(race_, safes)
    accepted = _accepted(race_, active, safe, rule, best_safe)
    leaders = [best_safe] + accepted
    kept = []
    for option in active:
        if option in leaders:
            kept.append(option)
            continue
        if any(_same(race_, option, k) for k in kept):
            continue  # it played out exactly as an option kept: no need to sample it on
        if not safe[option] and rule.clearly_not(race_.diff(option, best_safe)):
            continue
        rivals = leaders if not safe[option] or not accepted else accepted
        if any(_clearly_ahead(race_.diff(r, option), rule.k) for r in rivals):
            continue
        kept.append(option)
    if accepted:  # the safe choice is beaten: only the risky ones race on
        kept = [o for o in kept if not safe[o]]
    return kept


def _same(race_: Race, a: int, b: int) -> bool:
    diff = race_.diff(a, b)
    return diff.n >= 2 and diff.mean == 0.0 and diff.se == 0.0


def _clearly_ahead(diff: Estimate, k: float) -> bool:
    return diff.mean > 0.0 and diff.mean > k * diff.se


def _verdict(race_: Race, active: Sequence[int], safe: Sequence[bool], rule: Rule) -> int:
    safes = [o for o in active if safe[o]]
    if not safes:  # the safe choices were dropped for a clearly better risky one
        return _best(race_, active)
    best_safe = _best(race_, safes)
    accepted = _accepted(race_, active, safe, rule, best_safe)
    return _best(race_, accepted) if accepted else best_safe


__all__ = ["Estimate", "Outcome", "Race", "Rule", "estimate", "paired_difference", "race"]
