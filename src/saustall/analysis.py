"""Analysis of a recorded game: what each decision of a seat was worth, and what it cost.

:func:`analyze` replays a :class:`~saustall.core.record.GameRecord` and, at every decision
of the chosen seat(s) with more than one alternative, asks the game's analyser for the
expert's estimate of every alternative: the seat's expected net points for the deal and
the chance that its party wins it, each with its standard error. The chosen action's
**cost** is the best alternative's expected value minus the chosen one's (0 when the
chosen one was best); it is a **clear mistake** only when that difference exceeds
:data:`MISTAKE_Z` paired standard errors and :data:`MISTAKE_MIN` net points.

Hidden information: an analyser sees what a bot sees, the seat's view at that decision
and its legal actions, never the replayed state (the record holds the seed, so the true
deal is knowable; the estimates must not use it).

Paired estimates: an analyser plays every alternative out on the same sampled worlds
(common random numbers), so the difference of two alternatives has a much smaller error
than either estimate. The result is a function of the record, the seats, the level, the
number of worlds and the seed.

Equal alternatives: alternatives whose outcomes are the same in every sampled world (the
bids 62 to 82 that all end as the least bid allowing the game, two cards of equal value)
are one :class:`Group`, shown as one line with their shared estimate ("Bid 62-82 (21
bids)", the analyser words it); every alternative stays listed on its own too.

Games add an analyser with :func:`register_analyser`; this module knows no game. A game's
analyser registers itself with the game's bots (its support record's ``register_bots``).

JSON shape (:meth:`Analysis.to_dict`, what ``saustall analyze --json`` prints)::

    {"game": str, "ruleset": str, "level": str, "worlds": int, "seed": int,
     "seats": [int, ...],                     # seats analysed, from 0 as in records
     "summary": [{"seat": int, "decisions": int, "total_cost": float,
                  "mistakes": int}, ...],
     "decisions": [{"index": int,             # position of the action in record.actions
                    "seat": int, "phase": str, "situation": str,
                    "chosen": str,            # the action taken, in the game's notation
                    "best": str, "cost": float, "cost_se": float, "mistake": bool,
                    "worlds": int,            # worlds the estimates were played on
                    "alternatives": [         # best expected net points first
                        {"action": str, "text": str, "chosen": bool,
                         "net": float, "net_se": float,
                         "win": float, "win_se": float, "cost": float}, ...],
                    "groups": [               # equal alternatives, in the same order
                        {"text": str, "actions": [str, ...], "chosen": bool,
                         "net": float, "net_se": float,
                         "win": float, "win_se": float, "cost": float}, ...]}, ...]}
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable, Collection, Protocol, Sequence

from saustall.core.errors import SaustallError, UnknownGameError
from saustall.core.game import Action, View
from saustall.core.record import GameRecord
from saustall.stats import Estimate, estimate

MISTAKE_Z = 2.0
"""How many paired standard errors a cost must exceed to be a clear mistake. The best
alternative is the best of several noisy means, so a smaller bar flags noise."""
MISTAKE_MIN = 0.1
"""Net points a cost must reach to be a clear mistake, whatever its error: a difference
of a tie-break is no mistake even when every world agrees on it."""

Outcome = tuple[float, float]
"""One playout of one alternative: the seat's net points, and 1.0 if its party won (else
0.0)."""


class AnalysisError(SaustallError, ValueError):
    """The analysis cannot be made as asked (a seat, level or world count out of range)."""


class Analyser(Protocol):
    """A game's expert estimator, seeing what a bot sees: one seat's view and its legal
    actions."""

    levels: tuple[str, ...]
    """The levels it knows, the default first."""
    legend: str
    """What the columns of its tables mean in this game, for the opening lines of
    ``saustall analyze`` (what "net points", "win" and "cost" are)."""

    def choices(self, view: View, legal: Sequence[Action]) -> list[Action]:
        """The alternatives worth weighing among ``legal`` (e.g. without table-only
        actions); a decision with fewer than two is not analysed."""

    def default_worlds(self, level: str) -> int:
        """The worlds sampled per decision at ``level`` unless told otherwise."""

    def situation(self, view: View) -> str:
        """The decision's situation in words, players numbered from 1."""

    def outcomes(self, view: View, actions: Sequence[Action], *, level: str, worlds: int,
                 seed: int) -> list[list[Outcome]]:
        """For each action, its outcome in each of the same sampled worlds (one list per
        action, all of one length, world ``w`` the same world in every list)."""

    def group_text(self, actions: Sequence[Action], texts: Sequence[str]) -> str:
        """Two or more equal alternatives (their actions and words, in the table's order)
        named in one line, e.g. "Bid 62-82 (21 bids)"; :func:`group_words` is the plain
        wording."""


def group_words(texts: Sequence[str], noun: str = "alternatives") -> str:
    """Equal alternatives in one line: "Play Gras-Neun or Gras-Sieben (2 cards)" when they
    share their first word, else "Pass or Bid 61 (2 alternatives)"; ``noun`` counts them."""
    first = {text.split(" ", 1)[0] for text in texts}
    if len(first) == 1 and all(" " in text for text in texts):
        verb = first.pop()
        names = [text.split(" ", 1)[1] for text in texts]
        return f"{verb} {_either(names)} ({len(texts)} {noun})"
    return f"{_either(list(texts))} ({len(texts)} {noun})"


def _either(names: list[str]) -> str:
    """"A", "A or B", "A, B or C"."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


_ANALYSERS: dict[str, Analyser] = {}


def register_analyser(game: str, analyser: Analyser) -> None:
    """Make ``analyser`` the analysis of ``game``."""
    _ANALYSERS[game] = analyser


def analyser_for(game: str) -> Analyser:
    """The analyser of ``game``; :class:`~saustall.core.errors.UnknownGameError` ("no
    analysis for game X") for a game that has none."""
    from saustall.bots.base import load_all_bots

    load_all_bots()  # a game's bots register its analyser with them

    try:
        return _ANALYSERS[game]
    except KeyError:
        known = ", ".join(sorted(_ANALYSERS)) or "none"
        raise UnknownGameError(f"no analysis for game {game!r}; games with one: {known}"
                               ) from None


@dataclass(frozen=True)
class Alternative:
    """One legal alternative of a decision."""

    action: str
    """The action in the game's notation (as in records)."""
    text: str
    """The action in words (``describe_action``)."""
    net: Estimate
    """The seat's expected net points for the deal."""
    win: Estimate
    """The chance that the seat's party wins the deal (the analyser defines winning)."""
    chosen: bool
    cost: float
    """The best alternative's expected net points minus this one's (0 for the best)."""


@dataclass(frozen=True)
class Group:
    """Alternatives with the same outcome in every sampled world, as one line."""

    text: str
    """The group in words (the analyser's ``group_text``; one alternative: its text)."""
    actions: tuple[str, ...]
    """Its alternatives in the game's notation, in the decision's order."""
    net: Estimate
    win: Estimate
    chosen: bool
    """The chosen action is one of them."""
    cost: float
    """As :attr:`Alternative.cost`, shared by every member."""


@dataclass(frozen=True)
class Decision:
    """One analysed decision of a seat."""

    index: int
    """The position of the chosen action in the record's action list (from 0)."""
    seat: int
    phase: str
    situation: str
    alternatives: tuple[Alternative, ...]
    """Every alternative, best expected net points first."""
    chosen: str
    best: str
    cost: float
    """What the chosen action cost against the best, in expected net points (>= 0)."""
    cost_se: float
    """The paired standard error of that difference (same worlds for both)."""
    mistake: bool
    """The cost is clear against its error (:data:`MISTAKE_Z`, :data:`MISTAKE_MIN`)."""
    worlds: int
    groups: tuple[Group, ...] = ()
    """The alternatives with equal outcomes grouped, in the order of their first member
    among :attr:`alternatives`; every alternative is in exactly one group."""


@dataclass(frozen=True)
class SeatSummary:
    """A seat's decisions in total."""

    seat: int
    decisions: int
    total_cost: float
    mistakes: int


@dataclass(frozen=True)
class Analysis:
    """The analysis of a record (see the module docstring for its JSON form)."""

    game: str
    ruleset: str
    level: str
    worlds: int
    seed: int
    seats: tuple[int, ...]
    decisions: tuple[Decision, ...]
    legend: str = ""
    """The game's analyser's :attr:`Analyser.legend` (not part of the JSON form)."""

    def summary(self) -> list[SeatSummary]:
        """Per analysed seat: decisions, total cost and clear mistakes."""
        return [SeatSummary(seat, len(mine), math.fsum(d.cost for d in mine),
                            sum(d.mistake for d in mine))
                for seat in self.seats
                for mine in [[d for d in self.decisions if d.seat == seat]]]

    def to_dict(self) -> dict[str, Any]:
        """The analysis as JSON-ready data (shape in the module docstring)."""
        return {
            "game": self.game, "ruleset": self.ruleset, "level": self.level,
            "worlds": self.worlds, "seed": self.seed, "seats": list(self.seats),
            "summary": [{"seat": s.seat, "decisions": s.decisions,
                         "total_cost": s.total_cost, "mistakes": s.mistakes}
                        for s in self.summary()],
            "decisions": [{
                "index": d.index, "seat": d.seat, "phase": d.phase,
                "situation": d.situation, "chosen": d.chosen, "best": d.best,
                "cost": d.cost, "cost_se": d.cost_se, "mistake": d.mistake,
                "worlds": d.worlds,
                "alternatives": [{"action": a.action, "text": a.text, "chosen": a.chosen,
                                  "net": a.net.mean, "net_se": a.net.se,
                                  "win": a.win.mean, "win_se": a.win.se, "cost": a.cost}
                                 for a in d.alternatives],
                "groups": [{"text": g.text, "actions": list(g.actions), "chosen": g.chosen,
                            "net": g.net.mean, "net_se": g.net.se,
                            "win": g.win.mean, "win_se": g.win.se, "cost": g.cost}
                           for g in d.groups]}
                for d in self.decisions],
        }


Progress = Callable[[int, int], None]
"""Told ``(done, total)`` decisions as the analysis goes."""


def analyze(record: GameRecord, seat: int | None = None, *, level: str | None = None,
            worlds: int | None = None, seed: int = 0,
            progress: Progress | None = None,
            indices: Collection[int] | None = None) -> Analysis:
    """Analyse every decision of ``seat`` (``None``: of every seat) in ``record``.

    ``level`` is one of the analyser's levels (default: its first); ``worlds`` the worlds
    sampled per decision (default: the level's own; more is slower and more precise, at
    least 2 for an error). Forced moves (a single alternative) are skipped. Each decision
    is estimated from its own seed, derived from ``seed`` and its index, so it does not
    depend on which other decisions were analysed: ``indices`` (positions in
    ``record.actions``, as :func:`decision_indices` lists them) analyses only those, and
    the analyses of parts put together are the analysis of the whole (the server spreads
    one over its workers this way, decision by decision).

    Raises :class:`~saustall.core.errors.RecordError` for a record that does not replay,
    :class:`~saustall.core.errors.UnknownGameError` for a game without analysis and
    :class:`AnalysisError` for a seat, level or world count out of range.
    """
    from saustall.core.rng import derive_seed

    analyser = analyser_for(record.game)
    level = level or analyser.levels[0]
    if level not in analyser.levels:
        raise AnalysisError(f"no analysis level {level!r} for {record.game}; levels: "
                            f"{', '.join(analyser.levels)}")
    if worlds is not None and (type(worlds) is not int or worlds < 2):
        raise AnalysisError(f"worlds must be a whole number of at least 2, not {worlds!r}")
    players = record.num_players
    if seat is not None and (type(seat) is not int or not 0 <= seat < players):
        raise AnalysisError(f"no seat {seat!r} in this {players}-player game: seats are "
                            f"0-{players - 1}")
    seats = tuple(range(players)) if seat is None else (seat,)
    worlds = worlds or analyser.default_worlds(level)
    record.replay()  # names the first action that does not apply, before any work
    found = _decisions(record, analyser, seats)
    if indices is not None:
        wanted = set(indices)
        found = [decision for decision in found if decision.index in wanted]
    decisions = []
    for done, decision in enumerate(found):
        if progress is not None:
            progress(done, len(found))
        outcomes = analyser.outcomes(decision.view, decision.choices, level=level,
                                     worlds=worlds,
                                     seed=derive_seed(seed, "analysis", decision.index))
        decisions.append(_decision(decision, analyser.situation(decision.view), outcomes,
                                   analyser))
    if progress is not None:
        progress(len(found), len(found))
    return Analysis(record.game, record.ruleset, level, worlds, seed, seats, tuple(decisions),
                    legend=analyser.legend)


def decision_indices(record: GameRecord, seat: int | None = None) -> list[int]:
    """The positions in ``record.actions`` of the decisions :func:`analyze` would analyse
    for ``seat`` (``None``: every seat): those with more than one alternative.

    Raises as :func:`analyze` does for a record, game or seat it refuses.
    """
    analyser = analyser_for(record.game)
    players = record.num_players
    if seat is not None and (type(seat) is not int or not 0 <= seat < players):
        raise AnalysisError(f"no seat {seat!r} in this {players}-player game: seats are "
                            f"0-{players - 1}")
    record.replay()
    seats = tuple(range(players)) if seat is None else (seat,)
    return [found.index for found in _decisions(record, analyser, seats)]


@dataclass(frozen=True)
class _Found:
    """A decision to analyse, as the seat saw it."""

    index: int
    seat: int
    view: View
    choices: list[Action]
    chosen: Action
    describe: list[tuple[str, str]]
    """Each alternative's notation and words."""


def _decisions(record: GameRecord, analyser: Analyser, seats: tuple[int, ...]
               ) -> list[_Found]:
    """The decisions to analyse. Only views leave this function: the replayed state,
    which holds every hidden card, stays here."""
    from saustall.core import registry

    game = registry.get(record.game, record.ruleset)
    state = game.new_state(record.num_players, record.seed, record.options,
                           rng_stream=record.rng)
    found: list[_Found] = []
    for index, text in enumerate(record.actions):
        action = game.decode_action(text)
        seat = state.actor(action)
        if seat in seats:
            view = state.view(seat)
            choices = analyser.choices(view, state.legal_actions(seat))
            if len(choices) > 1 and action in choices:
                found.append(_Found(index, seat, view, choices, action,
                                    [(game.encode_action(a), state.describe_action(a))
                                     for a in choices]))
        state.apply(action)
    return found


def _decision(found: _Found, situation: str, outcomes: list[list[Outcome]],
              analyser: Analyser) -> Decision:
    """Means, errors, costs and groups from the paired outcomes of each alternative."""
    choices, describe = found.choices, found.describe
    nets = [[net for net, _ in per] for per in outcomes]
    wins = [[won for _, won in per] for per in outcomes]
    means = [_estimate(values) for values in nets]
    pick = choices.index(found.chosen)
    top = max(m.mean for m in means)
    # the chosen one counts as best when no alternative beats it (a tie): cost exactly 0
    best = pick if means[pick].mean >= top - 1e-9 else \
        next(i for i, m in enumerate(means) if m.mean == top)
    cost = top - means[pick].mean if best != pick else 0.0
    cost_se = _estimate([b - c for b, c in zip(nets[best], nets[pick])]).se
    mistake = cost >= MISTAKE_MIN and cost > MISTAKE_Z * cost_se
    alternatives = [Alternative(describe[i][0], describe[i][1], means[i], _estimate(wins[i]),
                                i == pick, 0.0 if i == best else max(0.0, top - means[i].mean))
                    for i in range(len(choices))]
    order = sorted(range(len(choices)), key=lambda i: (i != best, -means[i].mean, i))
    return Decision(found.index, found.seat, str(found.view.get("phase", "")), situation,
                    tuple(alternatives[i] for i in order),
                    describe[pick][0], describe[best][0], cost, cost_se, mistake,
                    len(outcomes[0]) if outcomes else 0,
                    _groups(found, outcomes, alternatives, order, analyser))


def _groups(found: _Found, outcomes: list[list[Outcome]], alternatives: list[Alternative],
            order: list[int], analyser: Analyser) -> tuple[Group, ...]:
    """The alternatives whose outcomes agree in every world, each group in the order of
    its first member (``order``: the alternatives' display order)."""
    members: dict[tuple[Outcome, ...], list[int]] = {}
    for i in order:
        members.setdefault(tuple(outcomes[i]), []).append(i)
    groups = []
    for same in members.values():
        # named in the decision's own order (bids rising, cards as in the hand)
        same = sorted(same)
        head = alternatives[same[0]]
        text = head.text if len(same) == 1 else analyser.group_text(
            [found.choices[i] for i in same], [alternatives[i].text for i in same])
        groups.append(Group(text, tuple(alternatives[i].action for i in same), head.net,
                            head.win, any(alternatives[i].chosen for i in same),
                            min(alternatives[i].cost for i in same)))
    return tuple(groups)


def _estimate(values: Sequence[float]) -> Estimate:
    """The mean and its standard error; 0 below two values (the JSON holds no infinity)."""
    return estimate(values, few=0.0)
