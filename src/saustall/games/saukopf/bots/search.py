"""The Saukopf search bot: Perfect Information Monte Carlo over worlds sampled from the view.

For every decision the bot samples complete worlds consistent with its view
(:class:`~saustall.games.saukopf.sampling.WorldSampler`), weighted by how likely the other
players' bids and calls were with the hands they got there (inference from play, see
:func:`~saustall.games.saukopf.bots.inference.plausibility`; a hidden declarer is dealt a declarer's trumps, a Knorpel's declarer
the aces and tens, see :func:`~saustall.games.saukopf.bots.inference.declarer_trumps`), and plays each world to the end of the
deal with the fast playout policy (:mod:`saustall.games.saukopf.bots.rollout`). An action's
value is the mean of the bot's own net points for the deal (meat minus roughness) over
the worlds, with the card points its party took as a small tie-break (in card play:
the mean over the playout's card points spread by :attr:`Budget.spread`, so what counts
is how near it ends to the bid, Stallgeruch or Schwarz). Then:

* **card play, the hand-over, Kreuzung joining**: every legal action is tried in every
  world and the best mean wins; with :attr:`Budget.endgame` cards or fewer in hand, a
  card's value in a world is the exact outcome of the rest of the deal, both parties
  playing best (:mod:`saustall.games.saukopf.bots.endgame`), not a playout's; a card
  other than the ``heuristic`` bot's is played only when it is clearly better over the
  same worlds (:attr:`Budget.card_default`, :func:`clear_or_default`);
* **bidding, declaring, Kontra and Re** are decided by a paired race
  (:mod:`saustall.games.saukopf.bots.decide`): every choice is played out in the same worlds,
  valued as my net points less the others' mean (the loser of a deal scores nothing,
  so on my own points a doubling would only gain), worlds are sampled on in batches
  while the lead is unclear, and a risky choice (a Kontra or Re, a game am Spieß, a bid)
  is taken only when its paired difference over the safe one (passing, the best plain
  game) is clear of its standard error (:data:`KONTRA_RULE`, :data:`RE_RULE`,
  :data:`SPIESS_RULE`, :data:`BID_RULE`);
* **bidding**: every game the hand could declare (the best few by a quick rating) is
  played out as if the bot won the bidding with the least bid allowing that game (so a
  Knorpel or a Mast at 91, a Vegane Mast at Schwarz), against passing, which is played
  out too: while a bid stands, the top bidder's game follows (me as its partner or
  opponent); before anyone bid in the Trog, each player still to speak bids 61 with the
  chance given by its sampled hand (:func:`~saustall.games.saukopf.bots.inference.trog_pass_chance`, one draw per world and
  seat) and declares what the playout policy likes, and if all pass the bot plays its
  best Napf game (:class:`PassModel`), so a hand made for the Napf waits for it (less
  what that model was measured to overvalue, :data:`PASS_OPTIMISM`); in the
  Napf with no bid standing, passing throws the cards in (0);
* **declaring**: every allowed game (the best few by rating, and the plain form of each
  game am Spieß among them) is played out at the bid; am Spieß only when clearly better.

Levels differ by their thinking budget (:class:`Budget`): the number of worlds per card,
of games considered when bidding, the batches, worlds and playouts a rare decision may
spend (which bound its time), from how many cards in hand on the endgame is solved
exactly and with how many worlds and solver nodes, and by how many card points a
playout's count is spread when valued. Decisions depend only on the view, the legal
actions and the bot's seed, so a bot replays exactly.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Callable, Sequence

from saustall.bots.base import register_bot
from saustall.games.saukopf.bots.heuristic import HeuristicBot
from saustall.games.saukopf.bots.endgame import (
    FLAG_ALL, FLAG_NONE, FLAG_SOME, ContractValue, EndgameSolver, NodeLimitReached,
    contract_key, contract_of,
)
from saustall.games.saukopf.bots.budgets import (
    BID_RULE, KONTRA_RULE, LEVEL_BUDGETS, RE_RULE, SENSIBLE_BID_RULE, SPIESS_RULE, Budget,
)
from saustall.games.saukopf.bots.decide import Outcome, Race, Rule, race
from saustall.games.saukopf.bots.eval import rate_mask, trump_count
from saustall.games.saukopf.bots.inference import (
    declarer_trumps, plausibility, trog_pass_chance,
)
from saustall.games.saukopf.bots.rivals import REBID_RANGE, BidPlan, solo_rating
from saustall.games.saukopf.bots.rollout import play_out
from saustall.core.game import Action, View
from saustall.core.registry import game_for_view
from saustall.core.rng import Rng
from saustall.games.saukopf.actions import (
    KONTRA, LOWEST_BID, PASS, RE, bid_action, bid_of, card_of, declaration_of, declare_action,
    is_bid, is_declare, is_revoke,
)
from saustall.games.saukopf.bidding import NAPF, declarations
from saustall.games.saukopf.cards import (
    CARD_BY_TEXT, KNORPEL, SAUEREI, SCHWARZ, mask_of, order_for,
)
from saustall.games.saukopf.game import SaukopfState
from saustall.games.saukopf.observe import FinishedDeal
from saustall.games.saukopf.sampling import SamplingError, WorldSampler
from saustall.games.saukopf.scoring import DealScore, score_deal
from saustall.stats import estimate

_SAUEREI_ORDER = order_for(SAUEREI)

SPREAD_WEIGHTS: tuple[tuple[int, float], ...] = (
    (-2, 0.1), (-1, 0.2), (0, 0.4), (1, 0.2), (2, 0.1))
"""How :meth:`SearchBot.value` spreads a playout's card points: (steps of half the
spread, weight)."""
RARE_DECISION_FACTOR = 3
"""Joining a Kreuzung and the hand-over sample this many times :attr:`Budget.worlds`, and
a bidding, declaring, Kontra or Re decision draws this many times
:attr:`Budget.candidates` deals per world for the inference (:class:`_WorldPool`);
:meth:`SearchBot.worlds` draws twice the candidates outside card play (joining, the
hand-over) and once in it."""
RACED_PHASES = frozenset({"bidding", "declaring", "kontra", "re"})
"""The phases decided by a paired race (:meth:`SearchBot._decide_rare`)."""
MIN_WORLDS = 6
"""Fewest worlds the exact endgame must solve before its values are used."""
KNORPEL_DEFENCE_POINTS = 10
"""Card points a Knorpel's playouts give its declarer beyond what the bots' own defence
lets it take: over 25 Knorpels declared by four ``expert`` bots (deals 3000-3119), played
out by the policy from the first card its declarer took 98 points on average, against
87 in the bots' own play (am Spieß 102 against 89, plain 94 against 84), and the
declarers estimated they would win 85% where they won 45%. So the declarer's own races
count a Knorpel as if the defenders had taken these points more (the 91 it needs is
near the top of what a hand takes, so a few points decide it)."""
NAPF_REACH_FLOOR = 0.05
"""Below this chance that everybody passes the Trog, the Napf games are not tried."""
PASS_OPTIMISM = 0.6
"""Net points by which :class:`PassModel` overvalues passing the Trog before anyone bid,
taken off each of its outcomes (not off passing the Napf, which throws the cards in and
is worth exactly nothing). Its playouts are a rough model of what the others make of my
pass: a rival bids by a draw on its hand's strength and declares what the quick rating
likes, nobody out-bids it, and nobody plays a Napf game but me. In reality the strongest
of them takes the game, declares what its own race finds best, and after four passes
someone plays a Mast or a Vegane Mast. Four ``club`` bots, deals 40000-41499, the 714 times the
first to speak passed, each deal played on by the bots from the pass and from a bid of 61:
passing was estimated at -0.06 and made -0.64 (net points less the others' mean); on the
127 of 3,000 deals (20000-22999) where the pass came with a Schafkopf player's sound
Sauerei (four trumps with two Ober, or five with two Ober or Unter), +0.64 estimated and
-0.52 made, where bidding made -0.07: so those passes gave away +0.46 [+0.02, +0.89] a
time. With this correction 39 of those 841 sound hands pass, not 127, and bidding would
not have made more on them (-0.27 [-1.07, +0.52]). A model of the others closer to these
facts (their bids fitted to the bots' own, a rival out-bidding with a solo, the others'
Napf games) left most of the gap (+0.50 estimated, -0.75 made): measure it again when
the bots' bidding changes (docs/bots.md, *Judged decision by decision*)."""


def _mean(values: Sequence[float]) -> float:
    return math.fsum(values) / len(values) if values else 0.0


def clear_or_default(actions: Sequence[int], table: Sequence[Sequence[float]],
                     default: int, k: float) -> int:
    """The action to play given each action's values in the same worlds (``table``, one
    list per action): ``default`` unless another action's paired difference to it over
    the worlds is positive and more than ``k`` standard errors; of those, the one with
    the largest mean difference (the lowest code on a tie)."""
    base = table[actions.index(default)]
    chosen, gain = default, 0.0
    for action, values in zip(actions, table):
        if action == default:
            continue
        diff = estimate([v - b for v, b in zip(values, base)])
        if diff.mean > 1e-9 and diff.mean > k * diff.se and (
                diff.mean > gain + 1e-9 or (abs(diff.mean - gain) <= 1e-9 and action < chosen)):
            chosen, gain = action, diff.mean
    return chosen


class SearchBot:
    """PIMC search over sampled worlds (see the module docstring)."""

    reads_view = True

    def __init__(self, seed: int = 0, budget: Budget = LEVEL_BUDGETS["club"],
                 name: str = "search") -> None:
        self.rng = Rng(seed)
        self.budget = budget
        self.name = name
        self.contract_values = ContractValue()
        """Net points by contract and card points, cached across decisions."""

    # -- worlds ------------------------------------------------------------------------
    def worlds(self, view: View, count: int) -> list[SaukopfState]:
        """``count`` worlds consistent with ``view`` (weighted by inference)."""
        game = game_for_view(view)  # the house-rule variant, if the table plays one
        sampler = WorldSampler(game, view)
        weight = plausibility(view) if self.budget.infer else None
        rare = 1 if view["phase"] == "playing" else 2
        return sampler.sample_many(self.rng, count, weight,
                                   count * self.budget.candidates * rare,
                                   declarer_trumps(view) if self.budget.infer else None)

    def value(self, world: SaukopfState, score: DealScore | None, me: int,
              spread: int = 0) -> float:
        """My net points for the finished deal. With ``spread`` 0, plus a small tie-break
        for card points; otherwise the mean of my net points had the declarer's party
        ended with the points it took give or take up to ``spread`` (weights
        :data:`SPREAD_WEIGHTS`), so a playout counts by how near it ends to the
        thresholds that pay (a playout is only an estimate of the play)."""
        if score is None:
            return 0.0
        finished = world._results[-1]
        assert isinstance(finished, FinishedDeal)
        outcome = finished.outcome()
        if spread:
            contract = contract_key(outcome)
            tricks = outcome.declarer_tricks
            flag = FLAG_NONE if tricks == 0 else FLAG_ALL \
                if tricks == outcome.total_tricks else FLAG_SOME
            top = contract.opponent_points
            total = 0.0
            for step, weight in SPREAD_WEIGHTS:
                points = min(top, max(0, outcome.declarer_points + step * spread // 2))
                total += weight * self.contract_values.net(contract, me, points, flag)
            return total
        mine = outcome.declarer_points if me == outcome.declarer or me == outcome.partner \
            else outcome.opponent_points
        sign = -1.0 if outcome.napf else 1.0
        return float(score.meat[me] - score.roughness[me]) + sign * 0.004 * (mine - 60)

    def evaluate(self, worlds: list[SaukopfState], me: int, actions: Sequence[int],
                 spread: int = 0) -> list[float]:
        """Each of my ``actions``' mean :meth:`value` over the worlds (see
        :meth:`world_values`)."""
        return [_mean(values) for values in self.world_values(worlds, me, actions, spread)]

    def world_values(self, worlds: list[SaukopfState], me: int, actions: Sequence[int],
                     spread: int = 0) -> list[list[float]]:
        """Each of my ``actions``' :meth:`value` in each world: applied there (a card,
        joining a Kreuzung or the hand-over: nobody else acts first), then the deal
        played out. One list per action, the worlds in the same order."""
        table = []
        for action in actions:
            values = []
            for world in worlds:
                state = world.clone()
                if not _force(state, me, (action,)):
                    values.append(-5.0)  # cannot happen in a consistent world; never prefer it
                    continue
                values.append(self.value(state, play_out(state), me, spread))
            table.append(values)
        return table

    def solve_cards(self, worlds: list[SaukopfState], me: int,
                    acts: list[int]) -> list[list[float]] | None:
        """Each card action's exact net points for me in each world solved
        (:class:`~saustall.games.saukopf.bots.endgame.EndgameSolver`: both parties then play
        best, every card seen), one list per action. Worlds are solved in turn while the
        :attr:`Budget.endgame_nodes` last (a bound on the decision's time); None if that
        solves fewer than :data:`MIN_WORLDS`."""
        table: list[list[float]] = [[] for _ in acts]
        left = self.budget.endgame_nodes
        solved = 0
        for world in worlds:
            solver = EndgameSolver(world, left)
            try:
                found = solver.card_values(me, contract_of(world), self.contract_values)
            except NodeLimitReached:
                break
            left -= solver.nodes
            solved += 1
            for i, a in enumerate(acts):
                table[i].append(found[card_of(a)])
        if solved < min(MIN_WORLDS, len(worlds)):
            return None
        return table

    # -- decisions ---------------------------------------------------------------------
    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """The action to take: bidding, declaring, Kontra and Re by a paired race
        (:meth:`_decide_rare`); card play, joining a Kreuzung and the hand-over by the
        best mean value over sampled worlds (:meth:`evaluate`, or in the last cards the
        exact endgame's, :meth:`solve_cards`)."""
        acts = [a for a in legal if isinstance(a, int) and not is_revoke(a)]
        if not acts:
            return legal[0]
        if len(acts) == 1:
            return acts[0]
        me = view["observer"]
        phase = view["phase"]
        if phase in RACED_PHASES:
            try:
                return self._decide_rare(view, me, phase, acts)
            except SamplingError:
                return HeuristicBot(0).choose(view, acts)
        solve = phase == "playing" and len(view["hand"]) <= self.budget.endgame
        if solve and self.budget.endgame_worlds:
            count = self.budget.endgame_worlds
        elif phase == "playing":
            count = self.budget.card_worlds or self.budget.worlds
        else:
            # joining a Kreuzung and the hand-over are rare and decide much: more worlds
            count = self.budget.worlds * RARE_DECISION_FACTOR
        try:
            worlds = self.worlds(view, count)
        except SamplingError:
            return HeuristicBot(0).choose(view, acts)
        table = self.solve_cards(worlds, me, acts) if solve else None
        if table is None:
            spread = self.budget.spread if phase == "playing" else 0
            table = self.world_values(worlds, me, acts, spread)
        if phase == "playing" and self.budget.card_default is not None:
            default = HeuristicBot(0).choose(view, acts)
            if default in acts:
                return clear_or_default(acts, table, default, self.budget.card_default)
        values = [_mean(v) for v in table]
        best = max(values)
        # ties (common in the last tricks): the lowest code, so a replay is exact
        return min(a for a, v in zip(acts, values) if v >= best - 1e-9)

    def declaring_options(self, view: View, acts: list[int]) -> list[int]:
        """The games a declaring race weighs: the best few by the quick rating
        (:meth:`_shortlist`), and the plain form of each game am Spieß among them."""
        options = self._shortlist(view, [a for a in acts if is_declare(a)])
        # each game am Spieß is weighed against its own plain form too
        plain = [declare_action(replace(declaration_of(a), spiess=False)) for a in options]
        return options + [a for a in dict.fromkeys(plain) if a not in options and a in acts]

    def _shortlist(self, view: View, options: list[int]) -> list[int]:
        """The best declare actions by the quick rating, without a clean Sauerei on fewer
        than four trumps (the partner is unknown: it needs trumps of its own)."""
        hand = mask_of(CARD_BY_TEXT[t] for t in view["hand"])
        players = view["players"]
        sound = _without_thin_sauerei(hand, options)
        rated = sorted(sound, key=lambda a: (-rate_mask(hand, declaration_of(a), players), a))
        # the Napf offers few games, and the quick rating knows them least: try them all
        napf = view["bidding"]["stage"] == NAPF
        return rated[:max(self.budget.bid_games, 8) if napf else self.budget.bid_games]

    # -- rare decisions: paired races over sampled worlds (bots.decide) --------------
    def _decide_rare(self, view: View, me: int, phase: str, acts: list[int]) -> int:
        """Bidding, declaring, Kontra and Re: each choice is played out in the same
        worlds, sampled on while the leading difference is unclear (:func:`race`)."""
        pool = _WorldPool(self, view)
        if phase == "bidding":
            return self._bid(view, me, acts, pool)
        if phase == "declaring":
            games = [a for a in acts if is_declare(a)]
            options = self.declaring_options(view, acts)
            sensible = self._sensible_game(view, games) if self.budget.sensible_default else None
            if sensible is not None:
                # another game only when clearly better than the one a player expects
                if sensible not in options:
                    options.append(sensible)
                safe = [a == sensible for a in options]
            else:
                # a game am Spieß only when clearly better than the best plain one
                safe = [not declaration_of(a).spiess for a in options]
                if not any(safe):
                    safe = [True] * len(options)
            chosen = self._race(pool, me, [[a] for a in options], safe, SPIESS_RULE).chosen
            return options[chosen]
        kick = KONTRA if phase == "kontra" else RE
        if kick not in acts or PASS not in acts:
            return min(acts)
        return [PASS, kick][self.kick_race(view, kick, pool).chosen]

    def kick_race(self, view: View, kick: int, pool: _WorldPool | None = None) -> Race:
        """The race of passing (choice 0) against ``kick`` (``KONTRA`` or ``RE``, choice 1)
        for the seat of ``view``, by :data:`KONTRA_RULE` or :data:`RE_RULE` on the level's
        :attr:`Budget.kick_worlds`: its estimates (say, ``race.win(0)``, the chance my party
        wins the game as it stands) and the choice a kick decision takes
        (``scripts/saukopf_calibration.py`` sets these against what happened)."""
        rule = KONTRA_RULE if kick == KONTRA else RE_RULE
        plan: Sequence[int] | AnsweredKontra = [kick]
        if kick == KONTRA and self.budget.kontra_answer is not None:
            plan = AnsweredKontra(self.budget.kontra_answer)
        return self._race(pool or _WorldPool(self, view), view["observer"], [[PASS], plan],
                          [True, False], rule, self.budget.kick_worlds)

    def _race(self, pool: _WorldPool, me: int,
              plans: Sequence[Sequence[int] | PassModel | BidPlan | AnsweredKontra],
              safe: Sequence[bool], rule: Rule,
              worlds: tuple[int, int, int] | None = None) -> Race:
        """The :func:`race` of the plans within this level's budget (a plan is my
        actions, applied with the others passing while bidding, then played out; or a
        :class:`PassModel`, or a :class:`~saustall.games.saukopf.bots.rivals.BidPlan` bid out
        against the rivals): each plan's estimates and the index chosen. ``worlds``: the
        first batch, the step and the most worlds (None: the budget's rare ones)."""
        budget = self.budget

        def outcome(option: int, world: int) -> Outcome:
            plan = plans[option]
            if isinstance(plan, AnsweredKontra):
                return plan.outcome(self, pool.worlds[world].clone(), me)
            if isinstance(plan, PassModel):
                return plan.outcome(self, pool.worlds[world], pool.draws[world], me)
            if isinstance(plan, BidPlan):
                state = pool.worlds[world].clone()
                won = plan.bid_out(state, me, pool.draws[world], pool.ratings(world))
                return self._outcome(state, me, [plan.game] if won and state.is_legal(
                    plan.game) else [])
            return self._outcome(pool.worlds[world].clone(), me, plan)
        first, step, most = worlds or (budget.rare_first, budget.rare_step, budget.rare_worlds)
        return race(safe, outcome, pool.grow, rule, first, step, most, budget.playouts)

    def _outcome(self, state: SaukopfState, me: int, plan: Sequence[int],
                 answer: tuple[float, float] | None = None) -> Outcome:
        """My net points less the others' mean, and whether my party won, my ``plan``
        applied to ``state`` (in place) and the deal played out; a thrown-in deal is
        worth 0. Relative, since the loser of a deal scores nothing: on my own points
        alone a doubling would only ever gain (its cost is the opponents' doubled meat).
        ``answer`` (after my Kontra): the chance of a Re when the declaring party wins and
        when it loses; the deal is scored with the Re too, and the two values mixed by
        that chance (:class:`AnsweredKontra`)."""
        if not _force(state, me, plan):
            return -5.0, False  # cannot happen in a consistent world; never prefer it
        score = play_out(state)
        if score is None:
            return 0.0, False
        score = _own_knorpel_discounted(state, score, me)
        value = self._relative(state, score, me)
        if answer is not None:
            finished = state._results[-1]
            assert isinstance(finished, FinishedDeal)
            outcome = finished.outcome()
            if outcome.re is None:
                chance = answer[0] if score.declarer_won else answer[1]
                with_re = score_deal(replace(outcome, re=outcome.declarer))
                value += chance * (self._relative(state, with_re, me) - value)
        return value, me in score.winners

    def _relative(self, state: SaukopfState, score: DealScore, me: int) -> float:
        """My :meth:`value` of the finished deal less the others' mean net points."""
        others = [score.meat[p] - score.roughness[p] for p in range(len(score.meat)) if p != me]
        return self.value(state, score, me) - math.fsum(others) / len(others)

    def _bid(self, view: View, me: int, acts: list[int], pool: _WorldPool) -> int:
        """Bid the least bid for the best game the hand allows when it is clearly worth
        more than passing (:data:`BID_RULE`); passing is played out: a standing bid's
        game follows, or (before anyone bid in the Trog) the others' likely bids or the
        Napf (:class:`PassModel`)."""
        bids = sorted(bid_of(a) for a in acts if is_bid(a))
        if not bids:
            return PASS
        stage = view["bidding"]["stage"]
        players = view["players"]
        hand = [CARD_BY_TEXT[t] for t in view["hand"]]
        aside = [CARD_BY_TEXT[t] for t in view["aside"]]
        # each game the hand allows, at the least legal bid that allows it
        least: dict[int, int] = {}
        for bid in (bids[0], next((b for b in bids if b >= 91), 0), SCHWARZ):
            if bid not in bids:
                continue
            for decl in declarations(hand, bid, stage, players, aside):
                least.setdefault(declare_action(decl), bid)
        if not least:
            return PASS
        options = self._shortlist(view, list(least))
        sensible = self._sensible_bid(view, hand, acts, least) if self.budget.sensible_default else None
        if sensible is not None and sensible not in options:
            options.append(sensible)
        plans: list[Sequence[int] | PassModel | BidPlan]
        if self.budget.rivals and stage != NAPF:
            # each game let go when out-bid, and the best-rated solo (a Doppel needs
            # exactly 61) also kept by bidding again up to REBID_RANGE above: one more
            # plan, not one per game, so the race keeps its worlds
            bid_plans = [BidPlan(a, least[a], least[a]) for a in options]
            bid_plans += [BidPlan(a, least[a], least[a] + REBID_RANGE) for a in
                          [a for a in options if declaration_of(a).solo][:1]]
            plans = list(bid_plans)
            options = [p.game for p in bid_plans]
        else:
            plans = [[bid_action(least[a]), a] for a in options]
        standing = view["bidding"]["top_bid"] is not None
        if stage == NAPF and not standing:
            # passing throws the cards in if the others pass too
            passes: list[Sequence[int] | PassModel | BidPlan] = [
                PassModel(None, throw_in=True)]
        elif standing:
            # the standing bid's game follows, with me as its partner or opponent
            passes = [[PASS]]
        else:
            passes = [PassModel(self._napf_plan(view, me, hand, aside, pool))]
        if sensible is None:
            safe = [False] * len(plans) + [True] * len(passes)
        else:  # passing, like any other game, must be clearly better than the sensible bid
            safe = [a == sensible for a in options] + [False] * len(passes)
        rule = BID_RULE if sensible is None else SENSIBLE_BID_RULE
        chosen = self._race(pool, me, plans + passes, safe, rule).chosen
        return bid_action(least[options[chosen]]) if chosen < len(options) else PASS

    @staticmethod
    def _sensible_game(view: View, games: list[int]) -> int | None:
        """The game a Schafkopf player declares with my hand: the ``heuristic`` bot's
        best-rated plain declaration (am Spieß is a gamble to be raced, not a default).
        If its rating finds none sound, the bidding is won all the same and some game
        must be played: its best-rated plain game but a clean Sauerei on fewer than four
        trumps (as :meth:`_shortlist`). None if every game offered is am Spieß."""
        plain = [a for a in games if not declaration_of(a).spiess]
        if not plain:
            return None
        hand = [CARD_BY_TEXT[t] for t in view["hand"]]
        rating, game = HeuristicBot(0).best_declaration(hand, plain, view["players"])
        if rating > 0:
            return game
        return HeuristicBot(0).best_declaration(
            hand, _without_thin_sauerei(mask_of(hand), plain), view["players"])[1]

    @staticmethod
    def _sensible_bid(view: View, hand: list[int], acts: list[int],
                      least: dict[int, int]) -> int | None:
        """The game the bid a Schafkopf player expects is for (the ``heuristic`` bot's:
        the cheapest bid for a game its rating finds sound), if it bids and that bid is
        the least for the game; None if it passes, or bids for a game am Spieß: that is
        a gamble to be raced against passing, not a default (as in
        :meth:`_sensible_game`; ``club`` bid a Sauerei am Spieß on two trumps)."""
        found = HeuristicBot(0).bid_for(view, hand, acts)
        if found is None or found[1] is None or least.get(found[1]) != found[0] \
                or declaration_of(found[1]).spiess:
            return None
        return found[1]

    def _napf_plan(self, view: View, me: int, hand: list[int], aside: list[int],
                   pool: _WorldPool) -> list[int] | None:
        """The Napf game (bid and declaration) I would play after passing the Trog
        before anyone bid, if the others pass too: the best mean over the first worlds,
        each weighted by the chance that all the others pass (:func:`napf_reach`); None
        when none is worth more than a thrown-in deal or the others are all but sure to
        bid (the mean chance is below :data:`NAPF_REACH_FLOOR`). So a hand made for a
        Napf game (a Mast, a Vegane Mast, an Unreine Sauerei) waits for it when it is
        worth more than its Trog game."""
        least: dict[int, int] = {}
        for bid in (61, 91, SCHWARZ):
            for decl in declarations(hand, bid, NAPF, view["players"], aside):
                least.setdefault(declare_action(decl), bid)
        if not least:
            return None
        worlds = pool.worlds[:pool.grow(self.budget.rare_first)]
        chances = [napf_reach(w, me) for w in worlds]
        if math.fsum(chances) / len(worlds) < NAPF_REACH_FLOOR:
            return None
        napf_view = dict(view, bidding=dict(view["bidding"], stage=NAPF))
        options = self._shortlist(napf_view, list(least))
        plans = [[PASS, bid_action(least[a]), a] for a in options]
        total = math.fsum(chances)
        values = [math.fsum(c * self._outcome(w.clone(), me, plan)[0]
                            for w, c in zip(worlds, chances) if c > 0.0) / total
                  for plan in plans]
        best = max(range(len(options)), key=values.__getitem__)
        return plans[best][1:] if values[best] > 0.0 else None


class _WorldPool:
    """Worlds consistent with a view, sampled on demand (weighted by inference), each
    with one uniform draw per seat for the others' bidding (:class:`PassModel`)."""

    def __init__(self, bot: SearchBot, view: View) -> None:
        self.bot = bot
        self.sampler = WorldSampler(game_for_view(view), view)
        infer = bot.budget.infer
        self.weight = plausibility(view) if infer else None
        self.lean = declarer_trumps(view) if infer else None
        self.players = view["players"]
        self.worlds: list[SaukopfState] = []
        self.draws: list[list[float]] = []
        self._ratings: dict[int, list[float]] = {}

    def ratings(self, world: int) -> list[float]:
        """Each seat's best solo rating in world number ``world``
        (:func:`~saustall.games.saukopf.bots.rivals.solo_rating`, computed once)."""
        found = self._ratings.get(world)
        if found is None:
            found = self._ratings[world] = [solo_rating(mask, self.players)
                                            for mask in self.worlds[world].masks]
        return found

    def grow(self, count: int) -> int:
        """At least ``count`` worlds (fewer only if the sampler finds none); how many."""
        missing = count - len(self.worlds)
        if missing > 0:
            rng = self.bot.rng
            found = self.sampler.sample_many(
                rng, missing, self.weight,
                missing * self.bot.budget.candidates * RARE_DECISION_FACTOR, self.lean)
            self.worlds.extend(found)
            self.draws.extend([rng.random() for _ in range(self.players)] for _ in found)
        return len(self.worlds)


@dataclass(frozen=True)
class PassModel:
    """Passing the Trog before anyone bid, played out: each player still to speak bids
    61 when its world's draw is at least its :func:`~saustall.games.saukopf.bots.inference.trog_pass_chance` (the first to do
    so wins the bidding and declares what the playout policy likes best); if all pass,
    the Napf follows and I play ``napf_plan`` (None: everybody passes the Napf too). Each
    outcome less :data:`PASS_OPTIMISM`, what this model was measured to overvalue."""

    napf_plan: Sequence[int] | None
    throw_in: bool = False
    """Passing in the Napf with no bid standing: the cards are thrown in (0)."""

    def outcome(self, bot: SearchBot, world: SaukopfState, draws: list[float],
                me: int) -> Outcome:
        """My net points and whether my party won in ``world``."""
        if self.throw_in:
            return 0.0, False
        state = world.clone()
        state.apply(PASS)
        rival_bid = bid_action(LOWEST_BID)
        while state.phase == "bidding" and state.stage != NAPF:
            seat = state.cur
            if draws[seat] >= trog_pass_chance(state.masks[seat]) and state.is_legal(rival_bid):
                state.apply(rival_bid)
                break
            state.apply(PASS)
        reached_napf = state.phase == "bidding" and state.stage == NAPF
        value, won = bot._outcome(state, me, self.napf_plan if reached_napf and self.napf_plan
                                  else [])
        return value - PASS_OPTIMISM, won


@dataclass(frozen=True)
class AnsweredKontra:
    """My Kontra, played out, with the declaring party's Re as likely as the bots give it:
    the playout policy never answers a Kontra, so a Kontra's playouts leave out what it
    costs when the declarer holds the game (a Re doubles it again). In each world the
    deal is scored without the Re and with it, mixed by the chance of a Re given the
    playout's result (:attr:`~saustall.games.saukopf.bots.budgets.Budget.kontra_answer`)."""

    answer: tuple[float, float]
    """The chance of a Re when the declaring party wins, and when it loses."""

    def outcome(self, bot: SearchBot, state: SaukopfState, me: int) -> Outcome:
        """My net points (less the others' mean) and whether my party won in ``state``."""
        return bot._outcome(state, me, [KONTRA], self.answer)


def _own_knorpel_discounted(state: SaukopfState, score: DealScore, me: int) -> DealScore:
    """``score`` of the finished deal ``state`` or, when it was my own Knorpel, the score
    had the defenders taken :data:`KNORPEL_DEFENCE_POINTS` more: the playouts defend a
    Knorpel worse than the bots do, and the bidding and declaring of it rest on them."""
    finished = state._results[-1]
    assert isinstance(finished, FinishedDeal)
    outcome = finished.outcome()
    if outcome.kind != KNORPEL or outcome.declarer != me:
        return score
    moved = min(KNORPEL_DEFENCE_POINTS, outcome.declarer_points)
    return score_deal(replace(outcome, declarer_points=outcome.declarer_points - moved,
                              opponent_points=outcome.opponent_points + moved))


def _without_thin_sauerei(hand: int, games: list[int]) -> list[int]:
    """``games`` without a clean Sauerei when ``hand`` holds fewer than four of its
    trumps (the partner is unknown: it needs trumps of its own); all of them if that
    leaves none."""
    if trump_count(hand, _SAUEREI_ORDER) >= 4:
        return games
    return [a for a in games if declaration_of(a).kind != SAUEREI] or games


def napf_reach(world: SaukopfState, me: int) -> float:
    """The chance (:func:`~saustall.games.saukopf.bots.inference.trog_pass_chance`) that the players after me all pass the Trog
    in ``world`` once I pass, with no bid standing."""
    state = world.clone()
    chance = 1.0
    state.apply(PASS)
    while state.phase == "bidding" and state.stage != NAPF:
        chance *= trog_pass_chance(state.masks[state.cur])
        state.apply(PASS)
    # a world where the Napf is all but out of reach is not worth its playouts
    return chance if state.phase == "bidding" and chance >= 0.01 else 0.0


def _force(state: SaukopfState, me: int, plan: Sequence[int]) -> bool:
    """Apply my ``plan``; while bidding, the others pass. False if a step is illegal."""
    for action in plan:
        while state.phase == "bidding" and state.cur != me:
            state.apply(PASS)
        if state.cur != me or not state.is_legal(action):
            return False
        state.apply(action)
        while state.phase == "bidding" and state.cur != me:
            state.apply(PASS)
    return True


def _factory(level: str) -> Callable[[int], SearchBot]:
    def make(seed: int) -> SearchBot:
        return SearchBot(seed, LEVEL_BUDGETS[level], level)
    return make


SEARCH_LEVELS = ("club", "expert")
"""The levels played by this search bot; ``beginner`` is the rule-based
:mod:`saustall.games.saukopf.bots.beginner` (its budget here still sizes the analysis's worlds
and the ``beginner-1ply`` bot of ``scripts/saukopf_bars.py``)."""

for _level in SEARCH_LEVELS:
    register_bot("saukopf", _level, _factory(_level))

__all__ = ["Budget", "LEVEL_BUDGETS", "SEARCH_LEVELS", "SearchBot"]
