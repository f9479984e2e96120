"""The Saukopf analyser behind ``saustall analyze``: every alternative of a decision
estimated with the search bot's sampling and playouts (:mod:`saustall.analysis` walks the
record and does the sums).

For one decision it samples worlds consistent with the seat's view with the level's own
sampler (:meth:`SearchBot.worlds <saustall.games.saukopf.bots.search.SearchBot.worlds>`,
weighted by what the others' bids and calls say), all at once: not the bot's own
estimate, which races a bid in batches of worlds and solves the last cards exactly. Then
in every world it applies each alternative and plays the deal to its end with the fast
playout policy (:func:`~saustall.games.saukopf.bots.rollout.play_out`): the same worlds for
every alternative, so their differences are paired. In those playouts nobody bids after
the alternative (the top bidder declares the game the quick rating likes best) and
nobody kicks, as in the search bot's own card-play evaluation.

Per world an alternative scores:

* **net points**: the seat's meat points minus its roughness points for the deal, as the
  scoring gives them (:func:`~saustall.games.saukopf.scoring.score_deal`); a deal thrown
  in scores 0;
* **won**: 1 if the seat is among the deal's winners (``DealScore.winners``: the declarer's
  party when :func:`~saustall.games.saukopf.scoring.declarer_won` holds, else the
  opponents; in a Napf game the declarer's party wins when the opponents take the bid),
  0 otherwise and for a deal thrown in.

The estimator is :func:`_outcomes`, the only place that knows the search bot, so it can
switch to the bot's own estimator later. Decisions are analysed from the view alone,
never from the true deal.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Sequence

from saustall.analysis import AnalysisError, Outcome, group_words, register_analyser
from saustall.games.saukopf.bots.rollout import play_out
from saustall.games.saukopf.bots.search import LEVEL_BUDGETS, Budget, SearchBot
from saustall.core.game import Action, View
from saustall.games.saukopf.actions import (
    bid_of, is_bid, is_card, is_declare, is_give, is_revoke,
)
from saustall.games.saukopf.cards import SCHWARZ
from saustall.games.saukopf.game import SaukopfState
from saustall.games.saukopf.sampling import SamplingError
from saustall.games.saukopf.scoring import DealScore

LEVELS: tuple[str, ...] = ("expert", "club", "beginner")
"""The search levels whose worlds the analysis can sample, the default first."""

DEFAULT_WORLDS = {"expert": 160, "club": 60, "beginner": 24}
"""Worlds per decision by default. Unlike a bot's race, which stops once its lead is clear,
the analysis plays every alternative out in every world (a bid decision has some 60), so
this sets what an analysis costs, in proportion to the worlds (docs/bots.md, *Analysing a
game*): 160 keeps a whole game's analysis to seconds in the bot workers, where the
``expert`` bot's own bids race on up to 1,280
(:attr:`Budget.rare_worlds <saustall.games.saukopf.bots.search.Budget.rare_worlds>`)."""


class SaukopfAnalyser:
    """The Saukopf analysis (see the module docstring)."""

    levels: tuple[str, ...] = LEVELS
    legend: str = (
        "net points: the player's expected meat minus roughness points for the deal, ± its "
        "standard error; win: the chance that the player's party wins the deal; cost: the "
        "net points the choice gives away against the best alternative. Alternatives with "
        "the same outcome in every sampled world share a line.")
    """What the columns mean, in Saukopf's scoring (``saustall analyze``'s opening lines)."""

    def default_worlds(self, level: str) -> int:
        """:data:`DEFAULT_WORLDS` of ``level``."""
        return DEFAULT_WORLDS[level]

    def choices(self, view: View, legal: Sequence[Action]) -> list[Action]:
        """The legal actions but the ``revoke`` ones (a physical table records a revoke
        with them; they are no play)."""
        return [a for a in legal if isinstance(a, int) and not is_revoke(a)]

    def situation(self, view: View) -> str:
        """The deal, the contract or bidding, the trick so far and the seat's hand."""
        parts = [f"deal {view['deal']} of {view['deals']}"]
        declared = view["declared"]
        bidding = view["bidding"]
        if declared is None:
            top = bidding["top_bid"]
            parts.append(f"bidding in the {bidding['stage'].capitalize()}, "
                         + (f"top bid {top} by player {bidding['top_bidder'] + 1}"
                            if top is not None else "no bid yet"))
        else:
            party = f"player {declared['declarer'] + 1}"
            if declared["partner"] is not None:
                party += f" with player {declared['partner'] + 1}"
            parts.append(f"{declared['title']} for {declared['bid']} by {party}")
            for kick, who in (("Kontra", view["kontra"]), ("Re", view["re"])):
                if who is not None:
                    parts.append(f"{kick} by player {who + 1}")
        if view["phase"] == "playing":
            parts.append(f"trick {len(view['tricks']) + 1}")
            if view["trick"]:
                parts.append("on the table " + ", ".join(
                    f"player {seat + 1} {card}" for seat, card in view["trick"]))
        parts.append("hand " + " ".join(view["hand"]))
        return "; ".join(parts)

    def outcomes(self, view: View, actions: Sequence[Action], *, level: str, worlds: int,
                 seed: int) -> list[list[Outcome]]:
        """Each action's net points and win in each of the same sampled worlds."""
        return _outcomes(view, actions, LEVEL_BUDGETS[level], worlds, seed)

    def group_text(self, actions: Sequence[Action], texts: Sequence[str]) -> str:
        """Bids as ranges ("Bid 62-82 (21 bids)", "Bid 107-120 or Schwarz (15 bids)"),
        cards and games by name ("Play Gras-Neun or Gras-Sieben (2 cards)")."""
        codes = [a for a in actions if isinstance(a, int)]
        if len(codes) == len(actions) and all(is_bid(a) for a in codes):
            return f"Bid {bid_ranges([bid_of(a) for a in codes])} ({len(codes)} bids)"
        kinds = {_kind(a) for a in codes}
        noun = kinds.pop() if len(kinds) == 1 and len(codes) == len(actions) else "alternatives"
        return group_words(texts, noun)


def _kind(action: int) -> str:
    """What an alternative is, as the noun counting several of them."""
    if is_card(action) or is_give(action):
        return "cards"
    if is_declare(action):
        return "games"
    return "alternatives"


def bid_ranges(bids: Sequence[int]) -> str:
    """Bids in words with runs joined: ``[62, 63, 64, 70, 121]`` -> "62-64, 70 or
    Schwarz"."""
    runs: list[list[int]] = []
    for bid in sorted(bids):
        if runs and bid == runs[-1][-1] + 1 and bid != SCHWARZ:
            runs[-1].append(bid)
        else:
            runs.append([bid])
    words = ["Schwarz" if run[0] == SCHWARZ else str(run[0]) if len(run) == 1
             else f"{run[0]}-{run[-1]}" for run in runs]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def _outcomes(view: View, actions: Sequence[Action], budget: Budget, count: int,
              seed: int) -> list[list[Outcome]]:
    me = view["observer"]
    try:
        worlds = SearchBot(seed, budget).worlds(view, count)
    except SamplingError:
        worlds = []
    if not worlds:
        # the inference found no deal fitting the calls: sample without it, as the bot
        # falls back to its rules of thumb rather than give up
        worlds = SearchBot(seed, replace(budget, infer=False)).worlds(view, count)
    if not worlds:
        raise AnalysisError("no world fits this view")
    table: list[list[Outcome]] = []
    for action in actions:
        row: list[Outcome] = []
        for world in worlds:
            state = world.clone()
            row.append(_score(_finish(state, action), me))
        table.append(row)
    return table


def _finish(state: SaukopfState, action: Action) -> DealScore | None:
    """Apply ``action`` and play the deal to its end; its score (None: thrown in)."""
    deal = state.deal_index
    state.apply(action)
    if state.deal_index == deal and not state.over:
        return play_out(state)
    # the action itself ended the deal (its last decision, or a pass that threw it in)
    return state._results[-1].score()


def _score(score: DealScore | None, me: int) -> Outcome:
    if score is None:
        return 0.0, 0.0
    return float(score.meat[me] - score.roughness[me]), 1.0 if me in score.winners else 0.0


register_analyser("saukopf", SaukopfAnalyser())
